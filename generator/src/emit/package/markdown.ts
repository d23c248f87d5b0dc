/**
 * Spec strings into markdown. Every value a README template prints goes through one of these (the
 * templates never use handlebars' HTML escaping, which is wrong inside code spans): `mdText` for running
 * text and table cells, `mdCode` / `mdCodeCell` for code spans, `mdFence` for a fenced block, `shellWord`
 * for a word of a shell command inside a fenced block.
 */

/** Control characters other than tab and newline (they have no place in a README). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Line breaks (including U+2028/9) and runs of white space collapse to one space: a table row is one line. */
function oneLine(text: string): string {
  return text.replace(CONTROL, '').replace(/[\s\u2028\u2029]+/g, ' ').trim();
}

/**
 * Inline markdown text: one line, with the characters that start inline markup, HTML or a table cell
 * boundary backslash-escaped (`\` `` ` `` `*` `_` `[` `]` `<` `>` `|` `~`), `&` written as `&amp;`, and a
 * leading block marker (`# `, `- `, `+ `, `1. `, `===`) neutralised. Safe in a paragraph, a heading and a cell.
 */
export function mdText(value: unknown): string {
  const text = oneLine(String(value ?? ''))
    .replace(/&/g, '&amp;')
    .replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`);
  // A block marker only counts at the start of a line and before a space (or alone): `# `, `- `, `+ `, `1. `,
  // `2) `, or a line of `=`/`-` (setext underline).
  if (/^[=-]+$/.test(text)) return `\\${text}`;
  return text.replace(/^(#{1,6}|[+-]|\d{1,9}[.)])(?=\s|$)/, (m) => `${m.slice(0, -1)}\\${m.slice(-1)}`);
}

/** A word for a shell command line (`npm install <name>`): as is when plainly safe, single-quoted otherwise. */
export function shellWord(value: unknown): string {
  const text = plainText(value);
  return /^[A-Za-z0-9@%+=:,./_-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A code span holding `value` literally (outside tables): the fence is longer than any backtick run inside. */
export function mdCode(value: unknown): string {
  return codeSpan(oneLine(String(value ?? '')));
}

/**
 * A code span inside a table cell: as `mdCode`, with `|` written `\|` (GFM splits cells on unescaped pipes
 * even inside code spans, and removes the backslash there).
 */
export function mdCodeCell(value: unknown): string {
  return codeSpan(oneLine(String(value ?? ''))).replace(/\|/g, '\\|');
}

function codeSpan(text: string): string {
  if (!text) return '` `';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block: the fence is longer than any backtick run in the contents. */
export function mdFence(contents: string, info = ''): string {
  const longest = Math.max(2, ...(contents.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${oneLine(info)}\n${contents.replace(CONTROL, '').replace(/\n+$/, '')}\n${fence}`;
}

/** Plain text (LICENSE): one line, no control characters, nothing escaped. */
export function plainText(value: unknown): string {
  return oneLine(String(value ?? ''));
}
