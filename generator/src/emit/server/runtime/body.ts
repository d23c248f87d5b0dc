/**
 * Request bodies: media type negotiation against the declared ones, UTF-8 decoding, a nesting-depth guard
 * and JSON parsing that refuses prototype-polluting keys.
 */

export interface MediaType {
  /** `type/subtype`, lower-cased, without parameters. */
  essence: string;
  charset?: string;
}

export function parseMediaType(header: string | null): MediaType | undefined {
  if (!header) return undefined;
  const semi = header.indexOf(';');
  const essence = (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+*-]+$/.test(essence)) return undefined;
  let charset: string | undefined;
  if (semi !== -1) {
    const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header.slice(semi));
    if (m) charset = m[1]!.toLowerCase();
  }
  return { essence, charset };
}

/** The declared media type a request's content type satisfies (exact, then `+json` family, then wildcards). */
export function matchMediaType(essence: string, declared: readonly string[]): string | undefined {
  for (const d of declared) if (d.toLowerCase().split(';')[0]!.trim() === essence) return d;
  for (const d of declared) {
    const [type, sub] = d.toLowerCase().split(';')[0]!.trim().split('/');
    if (sub === '*' && (type === '*' || essence.startsWith(type + '/'))) return d;
  }
  return undefined;
}

export type BodyKind = 'json' | 'text' | 'form' | 'binary';

const KINDS = new Map<string, BodyKind>();

export function bodyKind(mediaType: string): BodyKind {
  let kind = KINDS.get(mediaType);
  if (kind === undefined) {
    kind = computeBodyKind(mediaType);
    if (KINDS.size < 1000) KINDS.set(mediaType, kind);
  }
  return kind;
}

function computeBodyKind(mediaType: string): BodyKind {
  const essence = mediaType.toLowerCase().split(';')[0]!.trim();
  if (essence === 'application/json' || essence.endsWith('+json') || essence === '*/*') return 'json';
  if (essence === 'application/x-www-form-urlencoded') return 'form';
  if (essence.startsWith('text/')) return 'text';
  return 'binary';
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** Decodes UTF-8 strictly (a BOM is ignored). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Deepest nesting of arrays/objects in JSON text, stopping early once `limit` is passed. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  // Fast exit: nesting deeper than `limit` needs more than `limit` brackets.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

// Any spelling of `__proto__` or `constructor` as a key, including \u escapes of its letters.
const SUSPECT =
  /"(?:_|\\u005[fF])(?:_|\\u005[fF])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[fF])(?:t|\\u0074)(?:o|\\u006[fF])(?:_|\\u005[fF])(?:_|\\u005[fF])"|"(?:c|\\u0063)(?:o|\\u006[fF])(?:n|\\u006[eE])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[fF])(?:r|\\u0072)"/;

/** Finds a `__proto__` key, or a `constructor` key holding `prototype`, anywhere in a parsed value. */
export function findPollution(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (key === '__proto__') return '__proto__';
      if (
        key === 'constructor' &&
        typeof child === 'object' &&
        child !== null &&
        Object.prototype.hasOwnProperty.call(child, 'prototype')
      ) {
        return 'constructor.prototype';
      }
      stack.push(child);
    }
  }
  return undefined;
}

/**
 * JSON text → value, refusing excessive depth and prototype-polluting keys. `read` parses (`JSON.parse`; with
 * `int64: 'bigint'`, json64.ts's reader at the operation's int64 positions).
 */
export function parseJson(text: string, maxDepth: number, read: (text: string) => unknown = JSON.parse): Parsed {
  if (jsonDepthExceeds(text, maxDepth))
    return { ok: false, message: `The request body is nested more than ${maxDepth} levels deep` };
  let value: unknown;
  try {
    value = read(text);
  } catch (e) {
    const detail = e instanceof SyntaxError ? e.message.replace(/\s+/g, ' ').slice(0, 200) : 'invalid JSON';
    return { ok: false, message: `The request body is not valid JSON: ${detail}` };
  }
  if (SUSPECT.test(text)) {
    const key = findPollution(value);
    if (key) return { ok: false, message: `The request body may not contain the key \`${key}\`` };
  }
  return { ok: true, value };
}

export function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
