/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * OAuth 1.0a request signing, HMAC-SHA1 (RFC 5849 section 3), with Web Crypto (`globalThis.crypto.subtle`),
 * so it runs unchanged in browsers, Node 20+, Deno and Bun. Import it only when you use it: bundles that
 * do not are not charged for it.
 */
import { base64 } from './core.js';
import { encode } from './serialize.js';
import type { RequestSigner, SignableRequest } from './types.js';

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  /** The access token (absent while requesting temporary credentials). */
  token?: string;
  tokenSecret?: string;
  /** Optional `realm` of the Authorization header (not signed). */
  realm?: string;
  /** Extra protocol parameters to sign and send (`oauth_callback`, `oauth_verifier`, `oauth_version`). */
  extra?: Record<string, string>;
  /** Overrides for tests and replay: the nonce and timestamp (seconds) of each request. */
  nonce?: () => string;
  timestamp?: () => number;
}

/** RFC 5849 3.6: RFC 3986 percent-encoding of UTF-8 (everything except `A-Z a-z 0-9 - . _ ~`). */
export const percentEncode = encode;

/**
 * RFC 5849 3.4.1: the signature base string from the method, the request URL (its query parameters are
 * included) and the other parameters (protocol parameters and form body parameters), all decoded.
 */
export function signatureBaseString(
  method: string,
  url: string,
  params: readonly (readonly [string, string])[],
): string {
  const u = new URL(url);
  // 3.4.1.2: scheme and host lower case, default port left out (URL does both), no query or fragment.
  const base = `${u.protocol}//${u.host}${u.pathname}`;
  // 3.4.1.3: query parameters decoded form-style, then every parameter encoded, sorted by name then value.
  const all = [...u.searchParams, ...params].map(([k, v]) => [percentEncode(k), percentEncode(v)] as const);
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  all.sort((a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]));
  const normalized = all.map(([k, v]) => `${k}=${v}`).join('&');
  return `${method.toUpperCase()}&${percentEncode(base)}&${percentEncode(normalized)}`;
}

/** HMAC-SHA1 of `text` with `key`, base64. */
export async function hmacSha1(key: string, text: string): Promise<string> {
  const enc = new TextEncoder();
  const subtle = globalThis.crypto.subtle;
  // HMAC pads the key with zero bytes, so an empty key (which Web Crypto refuses) equals one zero byte.
  const raw = key ? enc.encode(key) : new Uint8Array(1);
  const k = await subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  return base64(new Uint8Array(await subtle.sign('HMAC', k, enc.encode(text))));
}

/** A random nonce: 32 hex digits. */
export function nonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Authorization: OAuth ...` header value for one request (RFC 5849 3.5.1). Form body parameters are
 * signed when the request has an `application/x-www-form-urlencoded` body (pass it as `body`).
 */
export async function oauth1Header(credentials: OAuth1Credentials, request: SignableRequest): Promise<string> {
  const protocol: [string, string][] = [
    ['oauth_consumer_key', credentials.consumerKey],
    ['oauth_nonce', credentials.nonce ? credentials.nonce() : nonce()],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(credentials.timestamp ? credentials.timestamp() : Math.floor(Date.now() / 1000))],
  ];
  if (credentials.token !== undefined) protocol.push(['oauth_token', credentials.token]);
  for (const [k, v] of Object.entries(credentials.extra ?? {})) protocol.push([k, v]);
  const base = signatureBaseString(request.method, request.url, [...protocol, ...(request.body ?? [])]);
  const key = `${percentEncode(credentials.consumerSecret)}&${percentEncode(credentials.tokenSecret ?? '')}`;
  protocol.push(['oauth_signature', await hmacSha1(key, base)]);
  const realm = credentials.realm === undefined ? [] : [`realm="${credentials.realm.replace(/["\\]/g, '\\$&')}"`];
  return 'OAuth ' + [...realm, ...protocol.map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)].join(', ');
}

/** A signer for `createClient({ auth: { oauth1: oauth1({...}) } })`. */
export function oauth1(credentials: OAuth1Credentials): RequestSigner {
  return (request) => oauth1Header(credentials, request);
}
