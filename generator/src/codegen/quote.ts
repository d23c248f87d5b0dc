/**
 * The printer's quoting: every string literal the generator writes in prettier's layout is quoted here
 * (codegen/pretty/ for nodes, pretty-doc.ts `prettyString` for document builders, code.ts `prettyLit`
 * for code fragments). prettier keeps the escapes it finds and only chooses the quote: single, unless the
 * text holds more single quotes than double ones. So a literal is spelled with the escapes it was first
 * written with — JSON's (`lit`: `JSON.stringify` plus U+2028/U+2029, lowercase `\u001f`) or the TypeScript
 * printer's (nodes: `\0`, `\v`, uppercase `\u001F`, `\u0085`, and every non-ASCII character escaped in a
 * string holding a lone surrogate) — and then re-quoted as prettier re-quotes it.
 */

/** Which escapes a literal is spelled with (see above). */
export type Escapes = 'json' | 'compiler';

/** Printable ASCII without a quote or a backslash: spelled alike by JSON and the compiler, never escaped. */
const PLAIN = /^[\x20-\x21\x23-\x26\x28-\x5b\x5d-\x7e]*$/;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const SURROGATE = /[\ud800-\udfff]/;

/**
 * Whether `text` holds a surrogate without its pair (which no printer can write raw). A long text is first
 * scanned for any surrogate at all, several times faster than the look-around test at every character (the
 * server's megabyte JSON tables hold none).
 */
export function hasLoneSurrogate(text: string): boolean {
  return (text.length < 256 || SURROGATE.test(text)) && LONE_SURROGATE.test(text);
}

/** `value` as a string literal in prettier's quotes, with the escapes of `escapes`. */
export function quoteString(value: string, escapes: Escapes = 'json'): string {
  // Most literals (names, paths, media types) need no escape in either spelling and no quote choice:
  // the result below is then `'value'`, without the stringify, the replacements and the counts.
  if (PLAIN.test(value)) return `'${value}'`;
  const written = escapes === 'json' ? jsonLiteral(value) : compilerLiteral(value);
  // In both spellings every `"` of the text is escaped and every `'` bare, so prettier's count of quotes is
  // the text's, and re-quoting is two plain replacements (no scan for escape pairs: the literal can be
  // megabytes long).
  const singles = count(value, "'");
  if (singles && singles > count(value, '"')) return written;
  return `'${written.slice(1, -1).replaceAll("'", "\\'").replaceAll('\\"', '"')}'`;
}

/** A key as prettier writes it with `quoteProps: as-needed`: identifiers bare, other keys quoted (`undefined` for a non-ASCII key, which prettier may unquote). */
export function quoteKey(name: string, escapes: Escapes = 'json'): string | undefined {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) return name;
  if (/[^\x20-\x7e]/.test(name)) return undefined;
  return quoteString(name, escapes);
}

/** `lit`'s spelling of a string (code.ts `stringifyLiteral`): JSON's, with U+2028/U+2029 escaped (JSON keeps them raw). */
function jsonLiteral(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
}

/** The TypeScript printer's spelling of a string literal (`"…"`), as ts-nodes.ts strings are printed. */
function compilerLiteral(value: string): string {
  const json = jsonLiteral(value);
  let out = json.replace(/\\(\\|u00([0-9a-f]{2}))|\u0085/g, (match, escape: string, hex: string | undefined, at: number) => {
    if (match === '\u0085') return '\\u0085';
    if (escape === '\\') return match;
    if (hex === '00') return /[0-9]/.test(json.charAt(at + 6)) ? '\\x00' : '\\0';
    if (hex === '0b') return '\\v';
    return `\\u00${hex!.toUpperCase()}`;
  });
  // A lone surrogate cannot be written raw: the printer then escapes every non-ASCII character.
  if (hasLoneSurrogate(value)) out = out.replace(/\\u(d[89a-f][0-9a-f]{2})|[^\x00-\x7f]/g, (c, lone: string | undefined) => `\\u${(lone ?? c.charCodeAt(0).toString(16).padStart(4, '0')).toUpperCase()}`);
  return out;
}

function count(text: string, char: string): number {
  let n = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) n++;
  return n;
}
