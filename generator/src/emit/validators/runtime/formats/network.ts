/** Formats: ipv4, ipv6 (RFC 4291 §2.2), hostname (RFC 1123; `xn--` labels decoded per RFC 3492 and checked against the IDNA2008 rules that need no Unicode tables: RFC 5891 §4.2.3, RFC 5892 exceptions and contextual rules, joining types approximated by script), email (RFC 5321 Mailbox). */

const _reIpv4 = new RegExp(
  '^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$',
  'u',
);

export function _fIpv4(s: string): boolean {
  return _reIpv4.test(s);
}

const _reHex16 = new RegExp('^[0-9a-fA-F]{1,4}$', 'u');

export function _fIpv6(s: string): boolean {
  if (s.length < 2 || s.length > 45) return false;
  let text = s;
  if (s.indexOf('.') !== -1) {
    const colon = s.lastIndexOf(':');
    if (colon === -1 || !_fIpv4(s.slice(colon + 1))) return false;
    text = s.slice(0, colon + 1) + '0:0';
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves[0] === '' ? [] : halves[0]!.split(':');
  if (halves.length === 2 && halves[1] !== '') groups.push(...halves[1]!.split(':'));
  for (const g of groups) if (!_reHex16.test(g)) return false;
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8;
}

const _reLdh = new RegExp('^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$', 'u');

/** RFC 3492 decoding of the part after "xn--"; undefined when invalid. */
function _puny(input: string): string | undefined {
  const out: number[] = [];
  const dash = input.lastIndexOf('-');
  for (let j = 0; j < (dash > 0 ? dash : 0); j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return undefined;
    out.push(c);
  }
  let n = 128,
    i = 0,
    bias = 72;
  for (let pos = dash > 0 ? dash + 1 : 0; pos < input.length;) {
    const old = i;
    for (let w = 1, k = 36; ; k += 36) {
      if (pos >= input.length) return undefined;
      const c = input.charCodeAt(pos++);
      const digit = c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : 36;
      if (digit >= 36) return undefined;
      i += digit * w;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      w *= 36 - t;
      if (i > 0x10ffff * 36) return undefined;
    }
    const len = out.length + 1;
    let delta = old === 0 ? Math.floor((i - old) / 700) : (i - old) >> 1;
    delta += Math.floor(delta / len);
    let k = 0;
    for (; delta > 455; k += 36) delta = Math.floor(delta / 35);
    bias = Math.floor(k + (36 * delta) / (delta + 38));
    n += Math.floor(i / len);
    i %= len;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    out.splice(i++, 0, n);
  }
  return String.fromCodePoint(...out);
}

const _reUChar = new RegExp(
  '^[\\p{Ll}\\p{Lo}\\p{Lm}\\p{Mn}\\p{Mc}\\p{Nd}\\-\\u00DF\\u03C2\\u06FD\\u06FE\\u0F0B\\u3007\\u00B7\\u0375\\u05F3\\u05F4\\u30FB\\u200C\\u200D]+$',
  'u',
);

const _reUBad = new RegExp(
  '^\\p{M}|[\\u0640\\u07FA\\u302E\\u302F\\u3031-\\u3035\\u303B]|[\\u0660-\\u0669][^]*[\\u06F0-\\u06F9]|[\\u06F0-\\u06F9][^]*[\\u0660-\\u0669]',
  'u',
);

const _reVirama = new RegExp(
  '[\\u094D\\u09CD\\u0A4D\\u0ACD\\u0B4D\\u0BCD\\u0C4D\\u0CCD\\u0D3B\\u0D3C\\u0D4D\\u0DCA\\u0E3A\\u0EBA\\u0F84\\u1039\\u103A\\u1714\\u1715\\u1734\\u17D2\\u1A60\\u1B44\\u1BAA\\u1BAB\\u1BF2\\u1BF3\\u2D7F\\uA806\\uA82C\\uA8C4\\uA953\\uA9C0\\uAAF6\\uABED\\u{10A3F}\\u{11046}\\u{11070}\\u{1107F}\\u{110B9}\\u{11133}\\u{11134}\\u{111C0}\\u{11235}\\u{112EA}\\u{1134D}\\u{11442}\\u{114C2}\\u{115BF}\\u{1163F}\\u{116B6}\\u{1172B}\\u{11839}\\u{1193D}\\u{1193E}\\u{119E0}\\u{11A34}\\u{11A47}\\u{11A99}\\u{11C3F}\\u{11D44}\\u{11D45}\\u{11D97}]$',
  'u',
);

const _reJoinL = new RegExp(
  '[\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Nko}\\p{Script=Mongolian}\\p{Script=Adlam}\\p{Script=Mandaic}](?:\\p{Mn})*$',
  'u',
);

const _reJoinR = new RegExp(
  '^(?:\\p{Mn})*[\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Nko}\\p{Script=Mongolian}\\p{Script=Adlam}\\p{Script=Mandaic}]',
  'u',
);

const _reGreek = new RegExp('^\\p{Script=Greek}', 'u');

const _reHebrew = new RegExp('\\p{Script=Hebrew}$', 'u');

const _reKana = new RegExp('[\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Han}]', 'u');

/** IDNA2008 checks on a decoded label (RFC 5891 §4.2.3, RFC 5892 §2.6 exceptions, Appendix A rules). */
function _uLabel(u: string): boolean {
  if (!_reUChar.test(u) || _reUBad.test(u) || u.normalize('NFC') !== u || u.normalize('NFKC').toLowerCase() !== u)
    return false;
  if (u.length >= 4 && u.charCodeAt(2) === 45 && u.charCodeAt(3) === 45) return false;
  for (let i = 0; i < u.length; i++) {
    const c = u.charCodeAt(i);
    const before = u.slice(0, i),
      after = u.slice(i + 1);
    if (c === 0xb7 && !(u.charCodeAt(i - 1) === 0x6c && u.charCodeAt(i + 1) === 0x6c)) return false;
    if (c === 0x375 && !_reGreek.test(after)) return false;
    if ((c === 0x5f3 || c === 0x5f4) && !_reHebrew.test(before)) return false;
    if (c === 0x30fb && !_reKana.test(before + after)) return false;
    if (c === 0x200d && !_reVirama.test(before)) return false;
    if (c === 0x200c && !_reVirama.test(before) && !(_reJoinL.test(before) && _reJoinR.test(after))) return false;
  }
  return true;
}

export function _fHostname(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  for (const label of s.split('.')) {
    if (!_reLdh.test(label)) return false;
    if (
      label.length > 4 &&
      label.charCodeAt(2) === 45 &&
      label.charCodeAt(3) === 45 &&
      label.slice(0, 2).toLowerCase() === 'xn'
    ) {
      const u = _puny(label.slice(4));
      if (u === undefined || u.length === 0 || !_uLabel(u)) return false;
    }
  }
  return true;
}

const _reLocal = new RegExp(
  '^(?:[A-Za-z0-9!#$%&\'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&\'*+/=?^_`{|}~-]+)*|"(?:[\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\x20-\\x7E])*")$',
  'u',
);

export function _fEmail(s: string): boolean {
  const at = s.lastIndexOf('@');
  if (at <= 0 || at === s.length - 1 || s.length > 320) return false;
  if (!_reLocal.test(s.slice(0, at))) return false;
  const domain = s.slice(at + 1);
  if (domain.charCodeAt(0) === 91 && domain.charCodeAt(domain.length - 1) === 93) {
    const literal = domain.slice(1, -1);
    return literal.slice(0, 5).toLowerCase() === 'ipv6:' ? _fIpv6(literal.slice(5)) : _fIpv4(literal);
  }
  return _fHostname(domain);
}
