/** URI handling for `$id` / `$ref` resolution (RFC 3986 via WHATWG URL, with opaque bases like `urn:`). */

/** The base URI of a document that declares no `$id` of its own. */
export const DEFAULT_BASE = 'https://socialgen.invalid/schema.json';

/** Splits `uri#fragment` (the fragment is returned raw, without `#`). */
export function splitFragment(uri: string): { base: string; fragment: string } {
  const i = uri.indexOf('#');
  return i < 0 ? { base: uri, fragment: '' } : { base: uri.slice(0, i), fragment: uri.slice(i + 1) };
}

/** Percent-decodes a fragment; keeps it as written when it is not valid percent-encoding. */
export function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function normalize(uri: string): string {
  return uri.endsWith('#') ? uri.slice(0, -1) : uri;
}

/** Resolves `ref` against `base`. Fragment-only references work against any base, opaque ones included. */
export function resolveUri(ref: string, base: string): string {
  if (ref.startsWith('#')) return normalize(splitFragment(base).base + ref);
  try {
    return normalize(new URL(ref, base).href);
  } catch {
    throw new Error(`cannot resolve URI reference ${JSON.stringify(ref)} against ${JSON.stringify(base)}`);
  }
}
