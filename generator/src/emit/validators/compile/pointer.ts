/** JSON Pointer (RFC 6901) helpers used at generation time. */

const NEEDS_ESCAPE = /[~/]/;

/** Escapes one reference token: `~` → `~0`, `/` → `~1`. */
export function escapeToken(token: string): string {
  // Most tokens (keywords, property names) need no escape: tested once, not rewritten twice.
  if (!NEEDS_ESCAPE.test(token)) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unescapes one reference token. */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Appends tokens to a pointer: `append('/a', 'b/c', 0)` → `/a/b~1c/0`. */
export function append(pointer: string, ...tokens: (string | number)[]): string {
  let out = pointer;
  for (const token of tokens) out += '/' + escapeToken(String(token));
  return out;
}

/** Splits a pointer into unescaped tokens; `''` is the root. Throws on a pointer not starting with `/`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map(unescapeToken);
}
