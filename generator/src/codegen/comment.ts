/**
 * Comments are the other place spec text lands in generated code. Only block comments are emitted (a `//`
 * comment ends at U+2028, a JSDoc block does not), and every way out of a block is closed here:
 * `*\/` cannot appear, and line separators become plain newlines so formatting stays predictable.
 */
import { Code } from './code.ts';

/** Anything sanitizeCommentText replaces: a line break other than `\n`, a comment delimiter, a surrogate, a control character. */
const NEEDS_SANITIZING = /[\r\u2028\u2029\ud800-\udfff\u0000-\u0008\u000b-\u001f\u007f]|\*\/|\/\*/;

/** Neutralises everything that could end or confuse a block comment. */
export function sanitizeCommentText(text: string): string {
  // Most lines hold none of it: one scan instead of five replacements.
  if (!NEEDS_SANITIZING.test(text)) return text;
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/\/\*/g, '/\\*')
    // Lone surrogates would make the output file invalid UTF-8.
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    // Other control characters (except tab and newline) have no business in a source file.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
}

/** A JSDoc block from lines of text (lines may contain newlines). Empty input gives empty code. */
export function docComment(lines: readonly (string | undefined | false | null)[]): Code {
  const inner = docCommentBody(lines);
  return new Code(inner === undefined ? '' : `/*${inner}*/\n`);
}

/**
 * What goes between `/*` and `*\/` of a JSDoc block (`* one line ` or `*\n * a\n * b\n `), sanitized; undefined
 * when there is nothing to say. The TypeScript printer's synthetic comments take exactly this text.
 */
export function docCommentBody(lines: readonly (string | undefined | false | null)[]): string | undefined {
  const body: string[] = [];
  for (const line of lines) {
    if (line === undefined || line === null || line === false) continue;
    for (const part of sanitizeCommentText(line).split('\n')) body.push(part.trimEnd());
  }
  while (body.length && body[body.length - 1] === '') body.pop();
  while (body.length && body[0] === '') body.shift();
  if (!body.length) return undefined;
  if (body.length === 1) return `* ${body[0]} `;
  return `*\n${body.map((l) => (l ? ` * ${l}` : ' *')).join('\n')}\n `;
}

/** The text of a JSDoc as ts-morph `docs` structures expect it (no delimiters), sanitized. */
export function docText(lines: readonly (string | undefined | false | null)[]): string | undefined {
  const body: string[] = [];
  for (const line of lines) {
    if (line === undefined || line === null || line === false) continue;
    body.push(sanitizeCommentText(line).trimEnd());
  }
  const text = body.join('\n').trim();
  return text ? text : undefined;
}
