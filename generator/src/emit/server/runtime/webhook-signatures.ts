/**
 * Webhook signature schemes: signing (the client's `sendWebhook`) and verifying (the server's receiver) with
 * the same definitions. HMAC through Web Crypto (`crypto.subtle`: Node 20, Deno, Bun, workers, browsers),
 * no dependency. Verifying passes the received signature to `crypto.subtle.verify`, which compares in
 * constant time, over the raw body bytes exactly as received.
 */

/** A scheme of your own: an HMAC of the body (and, where the template says, a timestamp and an id) in one header. */
export interface CustomSignatureScheme {
  /** The header carrying the signature, e.g. `X-Signature`. */
  header: string;
  /** The HMAC's hash (default `SHA-256`). */
  algorithm?: 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';
  /** How the signature is written (default `hex`). */
  encoding?: 'hex' | 'base64';
  /** Text before the signature in the header, e.g. `sha256=` (default none). */
  prefix?: string;
  /**
   * What is signed: a template of `{body}` (the raw bytes), `{timestamp}` and `{id}` (default `{body}`), e.g.
   * `{timestamp}.{body}`.
   */
  signed?: string;
  /** The header carrying the timestamp (Unix seconds) `{timestamp}` stands for; checked against the tolerance. */
  timestampHeader?: string;
  /** The header carrying the delivery id `{id}` stands for. */
  idHeader?: string;
}

/** A built-in scheme by name (`standard-webhooks` is the default), or a custom one. */
export type SignatureScheme = 'standard-webhooks' | 'github' | 'stripe' | 'slack' | CustomSignatureScheme;

/** What a request carries to verify: its headers and raw body. */
export interface SignedParts {
  headers: Headers;
  body: Uint8Array;
}

/** Why a signature was refused (the detail of the 401 problem). */
export type SignatureFailure = string;

interface Scheme {
  hash: 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';
  /** The secret's bytes (Standard Webhooks' `whsec_` secrets are base64). */
  key(secret: string): Uint8Array;
  /** Headers to send for these signatures over a body signed at `timestamp` with `id`. */
  headers(signatures: Uint8Array[], timestamp: number, id: string): Record<string, string>;
  /** The timestamp, id and signatures a request carries, or why it carries none. */
  read(headers: Headers): { timestamp?: string | undefined; id: string; signatures: Uint8Array[] } | SignatureFailure;
  /** The bytes signed. */
  signed(body: Uint8Array, timestamp: string | undefined, id: string): Uint8Array;
  /** The scheme has a timestamp: the tolerance applies. */
  timed: boolean;
}

const encoder = new TextEncoder();

function concat(...parts: (string | Uint8Array)[]): Uint8Array {
  const bytes = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Undefined for text that is not hex of whole bytes. */
function fromHex(text: string): Uint8Array | undefined {
  if (text.length % 2 || !/^[0-9a-fA-F]*$/.test(text)) return undefined;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Undefined for text that is not base64 (the standard alphabet, padding optional). */
function fromBase64(text: string): Uint8Array | undefined {
  // atob alone is forgiving (it skips whitespace): a secret or signature with other characters is not base64.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

const utf8Key = (secret: string) => encoder.encode(secret);

/**
 * A Standard Webhooks secret's key: the base64 after the `whsec_` prefix, or the whole secret when it has
 * none (as the standardwebhooks library reads both). Not base64: refused, never used as text (that would
 * sign with a key the sender does not have).
 */
function standardKey(secret: string): Uint8Array {
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice(6) : secret);
  if (key === undefined || key.length === 0) {
    const kind = secret.startsWith('whsec_') ? 'a whsec_ secret whose rest' : 'a secret without the whsec_ prefix that';
    throw new TypeError('Standard Webhooks: ' + kind + ' is not base64; a secret is whsec_<base64 of the key>');
  }
  return key;
}

/** Standard Webhooks (standardwebhooks.com): `webhook-signature: v1,<base64> v1,<base64>` over `id.timestamp.body`. */
const standardWebhooks: Scheme = {
  hash: 'SHA-256',
  key: standardKey,
  headers: (signatures, timestamp, id) => ({
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.map((s) => 'v1,' + toBase64(s)).join(' '),
  }),
  read(headers) {
    const id = headers.get('webhook-id');
    const timestamp = headers.get('webhook-timestamp');
    const signature = headers.get('webhook-signature');
    if (id === null || timestamp === null || signature === null)
      return 'the webhook-id, webhook-timestamp and webhook-signature headers are required';
    const signatures = signature
      .split(' ')
      .filter((s) => s.startsWith('v1,'))
      .map((s) => fromBase64(s.slice(3)))
      .filter((s): s is Uint8Array => s !== undefined);
    return { timestamp, id, signatures };
  },
  signed: (body, timestamp, id) => concat(id, '.', timestamp ?? '', '.', body),
  timed: true,
};

/** GitHub: `X-Hub-Signature-256: sha256=<hex>` over the body. */
const github: Scheme = {
  hash: 'SHA-256',
  key: utf8Key,
  headers: (signatures) => ({ 'x-hub-signature-256': 'sha256=' + toHex(signatures[0]!) }),
  read(headers) {
    const signature = headers.get('x-hub-signature-256');
    if (signature === null) return 'the X-Hub-Signature-256 header is required';
    const bytes = signature.startsWith('sha256=') ? fromHex(signature.slice(7)) : undefined;
    return { id: headers.get('x-github-delivery') ?? '', signatures: bytes ? [bytes] : [] };
  },
  signed: (body) => body,
  timed: false,
};

/** Stripe: `Stripe-Signature: t=<timestamp>,v1=<hex>,v1=<hex>` over `timestamp.body`. */
const stripe: Scheme = {
  hash: 'SHA-256',
  key: utf8Key,
  headers: (signatures, timestamp) => ({
    'stripe-signature': ['t=' + timestamp, ...signatures.map((s) => 'v1=' + toHex(s))].join(','),
  }),
  read(headers) {
    const signature = headers.get('stripe-signature');
    if (signature === null) return 'the Stripe-Signature header is required';
    let timestamp: string | undefined;
    const signatures: Uint8Array[] = [];
    for (const item of signature.split(',')) {
      const eq = item.indexOf('=');
      const [key, value] = [item.slice(0, eq).trim(), item.slice(eq + 1).trim()];
      if (key === 't') timestamp = value;
      const bytes = key === 'v1' ? fromHex(value) : undefined;
      if (bytes) signatures.push(bytes);
    }
    if (timestamp === undefined) return 'the Stripe-Signature header has no timestamp (t=)';
    return { timestamp, id: '', signatures };
  },
  signed: (body, timestamp) => concat(timestamp ?? '', '.', body),
  timed: true,
};

/** Slack: `X-Slack-Signature: v0=<hex>` over `v0:timestamp:body`, the timestamp in `X-Slack-Request-Timestamp`. */
const slack: Scheme = {
  hash: 'SHA-256',
  key: utf8Key,
  headers: (signatures, timestamp) => ({
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': 'v0=' + toHex(signatures[0]!),
  }),
  read(headers) {
    const signature = headers.get('x-slack-signature');
    const timestamp = headers.get('x-slack-request-timestamp');
    if (signature === null || timestamp === null)
      return 'the X-Slack-Signature and X-Slack-Request-Timestamp headers are required';
    const bytes = signature.startsWith('v0=') ? fromHex(signature.slice(3)) : undefined;
    return { timestamp, id: '', signatures: bytes ? [bytes] : [] };
  },
  signed: (body, timestamp) => concat('v0:', timestamp ?? '', ':', body),
  timed: true,
};

function custom(scheme: CustomSignatureScheme): Scheme {
  const prefix = scheme.prefix ?? '';
  const base64 = scheme.encoding === 'base64';
  const template = scheme.signed ?? '{body}';
  return {
    hash: scheme.algorithm ?? 'SHA-256',
    key: utf8Key,
    headers(signatures, timestamp, id) {
      const out: Record<string, string> = {
        [scheme.header.toLowerCase()]: prefix + (base64 ? toBase64(signatures[0]!) : toHex(signatures[0]!)),
      };
      if (scheme.timestampHeader) out[scheme.timestampHeader.toLowerCase()] = String(timestamp);
      if (scheme.idHeader) out[scheme.idHeader.toLowerCase()] = id;
      return out;
    },
    read(headers) {
      const signature = headers.get(scheme.header);
      if (signature === null) return 'the ' + scheme.header + ' header is required';
      const timestamp = scheme.timestampHeader ? headers.get(scheme.timestampHeader) : undefined;
      if (timestamp === null) return 'the ' + scheme.timestampHeader + ' header is required';
      const id = scheme.idHeader ? headers.get(scheme.idHeader) : '';
      if (id === null) return 'the ' + scheme.idHeader + ' header is required';
      const text = signature.startsWith(prefix) ? signature.slice(prefix.length) : undefined;
      const bytes = text === undefined ? undefined : base64 ? fromBase64(text) : fromHex(text);
      return { timestamp, id, signatures: bytes ? [bytes] : [] };
    },
    signed(body, timestamp, id) {
      const parts = template.split(/(\{body\}|\{timestamp\}|\{id\})/);
      return concat(
        ...parts.map((p) => (p === '{body}' ? body : p === '{timestamp}' ? (timestamp ?? '') : p === '{id}' ? id : p)),
      );
    },
    timed: scheme.timestampHeader !== undefined,
  };
}

function schemeOf(scheme: SignatureScheme | undefined): Scheme {
  if (scheme === undefined || scheme === 'standard-webhooks') return standardWebhooks;
  if (scheme === 'github') return github;
  if (scheme === 'stripe') return stripe;
  if (scheme === 'slack') return slack;
  if (typeof scheme === 'object' && typeof scheme.header === 'string') return custom(scheme);
  throw new TypeError('unknown signature scheme: ' + JSON.stringify(scheme));
}

/**
 * Throws a TypeError when `scheme` is unknown, no secret is given, or a secret is unusable under it (a
 * Standard Webhooks secret that is not base64): `createWebhookReceiver` and `sendWebhook` check up front.
 */
export function checkSecrets(scheme: SignatureScheme | undefined, secret: string | readonly string[]): void {
  const s = schemeOf(scheme);
  const secrets: readonly unknown[] = typeof secret === 'string' ? [secret] : Array.isArray(secret) ? secret : [];
  if (!secrets.length) throw new TypeError('a secret (a string, or an array of strings) is required');
  for (const one of secrets) {
    if (typeof one !== 'string' || one === '') throw new TypeError('every secret must be a non-empty string');
    s.key(one);
  }
}

function hmacKey(scheme: Scheme, secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    scheme.key(secret) as BufferSource,
    { name: 'HMAC', hash: scheme.hash },
    false,
    [usage],
  );
}

/** The headers that sign `body` under `scheme` with each secret (a scheme with one signature header takes the first). */
export async function signatureHeaders(
  scheme: SignatureScheme | undefined,
  secret: string | readonly string[],
  body: Uint8Array,
  timestamp: number,
  id: string,
): Promise<Record<string, string>> {
  const s = schemeOf(scheme);
  const data = s.signed(body, String(timestamp), id);
  const signatures: Uint8Array[] = [];
  for (const one of typeof secret === 'string' ? [secret] : secret) {
    const key = await hmacKey(s, one, 'sign');
    signatures.push(new Uint8Array(await crypto.subtle.sign('HMAC', key, data as BufferSource)));
  }
  if (!signatures.length) throw new TypeError('a secret is required to sign');
  return s.headers(signatures, timestamp, id);
}

/**
 * Undefined when one of the request's signatures is valid under one of the secrets (key rotation) and,
 * for a scheme with a timestamp, the timestamp is within `toleranceSeconds` of `now` (Unix seconds);
 * else why not.
 */
export async function verifySignature(
  scheme: SignatureScheme | undefined,
  secret: string | readonly string[],
  request: SignedParts,
  toleranceSeconds: number,
  now: number,
): Promise<SignatureFailure | undefined> {
  const s = schemeOf(scheme);
  const read = s.read(request.headers);
  if (typeof read === 'string') return read;
  if (s.timed) {
    const timestamp = Number(read.timestamp);
    if (!/^\d+$/.test(read.timestamp ?? '')) return 'the signature timestamp is not a number of seconds';
    if (Math.abs(now - timestamp) > toleranceSeconds) return 'the signature timestamp is outside the tolerance';
  }
  if (!read.signatures.length) return 'no signature in a format of the scheme';
  const data = s.signed(request.body, read.timestamp, read.id);
  for (const one of typeof secret === 'string' ? [secret] : secret) {
    const key = await hmacKey(s, one, 'verify');
    for (const signature of read.signatures) {
      if (await crypto.subtle.verify('HMAC', key, signature as BufferSource, data as BufferSource)) return undefined;
    }
  }
  return 'no signature matches';
}
