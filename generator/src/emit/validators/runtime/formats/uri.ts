/** Formats: uri and uri-reference (RFC 3986 §3, §4.1 component grammar). */
import { _fIpv6 } from './network.ts';

const _reUriParts = new RegExp('^(?:([^:/?#]+):)?(?:\\/\\/([^/?#]*))?([^?#]*)(?:\\?([^#]*))?(?:#(.*))?$', 'u');

const _reScheme = new RegExp('^[A-Za-z][A-Za-z0-9+.-]*$', 'u');

const _reUserinfo = new RegExp("^(?:[A-Za-z0-9._~!$&'()*+,;=:-]|%[0-9A-Fa-f]{2})*$", 'u');

const _reRegName = new RegExp("^(?:[A-Za-z0-9._~!$&'()*+,;=-]|%[0-9A-Fa-f]{2})*$", 'u');

const _rePath = new RegExp("^(?:[A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})*$", 'u');

const _reQuery = new RegExp("^(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*$", 'u');

const _reIpFuture = new RegExp("^[vV][0-9A-Fa-f]+\\.[A-Za-z0-9._~!$&'()*+,;=:-]+$", 'u');

const _reUriFast = new RegExp(
  "^[A-Za-z][A-Za-z0-9+.-]*:\\/\\/[A-Za-z0-9._~!$&'()*+,;=-]*(?::[0-9]*)?(?:\\/[A-Za-z0-9._~!$&'()*+,;=:@-]*)*(?:\\?[A-Za-z0-9._~!$&'()*+,;=:@/?-]*)?(?:#[A-Za-z0-9._~!$&'()*+,;=:@/?-]*)?$",
  'u',
);

/** RFC 3986 URI-reference; `absolute` requires a scheme. */
function _uriRef(s: string, absolute: boolean): boolean {
  // The common shape (scheme://host[:port]/path?query#fragment, nothing percent-encoded: its classes have
  // no `%`) in one test; everything it accepts the full grammar below accepts too.
  if (_reUriFast.test(s)) return true;
  const m = _reUriParts.exec(s);
  if (m === null) return false;
  const scheme = m[1],
    authority = m[2],
    path = m[3]!,
    query = m[4],
    fragment = m[5];
  if (scheme === undefined ? absolute : !_reScheme.test(scheme)) return false;
  if (!_rePath.test(path)) return false;
  if (query !== undefined && !_reQuery.test(query)) return false;
  if (fragment !== undefined && !_reQuery.test(fragment)) return false;
  if (authority !== undefined) {
    if (path !== '' && path.charCodeAt(0) !== 47) return false;
    const at = authority.indexOf('@');
    if (at !== -1 && !_reUserinfo.test(authority.slice(0, at))) return false;
    let host = authority.slice(at + 1);
    let port = '';
    if (host.charCodeAt(0) === 91) {
      const close = host.indexOf(']');
      if (close === -1) return false;
      const literal = host.slice(1, close);
      if (!_fIpv6(literal) && !_reIpFuture.test(literal)) return false;
      const rest = host.slice(close + 1);
      if (rest !== '' && rest.charCodeAt(0) !== 58) return false;
      port = rest.slice(1);
      host = '';
    } else {
      const colon = host.lastIndexOf(':');
      if (colon !== -1) {
        port = host.slice(colon + 1);
        host = host.slice(0, colon);
      }
    }
    if (!_reRegName.test(host)) return false;
    for (let i = 0; i < port.length; i++) {
      const c = port.charCodeAt(i);
      if (c < 48 || c > 57) return false;
    }
  } else if (path.startsWith('//')) return false;
  if (scheme === undefined) {
    const slash = path.indexOf('/');
    if (path.slice(0, slash === -1 ? path.length : slash).indexOf(':') !== -1) return false;
  }
  return true;
}

export function _fUri(s: string): boolean {
  return _uriRef(s, true);
}

export function _fUriReference(s: string): boolean {
  return _uriRef(s, false);
}
