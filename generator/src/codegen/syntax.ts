/**
 * Reading our own generated TypeScript (never spec input): the bracket depth of each character outside
 * string literals, template literals and block comments. Comments are sanitized by comment.ts (no `*\/`
 * inside) and strings never hold raw newlines, so this simple scan is exact for what codegen emits.
 */

/** Calls `visit` for every character outside strings and comments, with the bracket depth before it. */
export function forEachCodeChar(text: string, visit: (char: string, index: number, depth: number) => void): void {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      continue;
    }
    visit(c, i, depth);
    if (c === '{' || c === '(' || c === '[' || c === '<') depth++;
    else if (c === '}' || c === ')' || c === ']' || c === '>') depth--;
  }
}

/** The characters at bracket depth 0 (outside strings and comments): what a top-level operator test needs. */
export function topLevelText(text: string): string {
  let out = '';
  forEachCodeChar(text, (c, _i, depth) => {
    if (depth === 0 && !'{}()[]<>'.includes(c)) out += c;
  });
  return out;
}

/** True for `{ ... }` with nothing outside the braces. */
export function isSingleObjectLiteral(text: string): boolean {
  if (!text.startsWith('{') || !text.endsWith('}')) return false;
  let closedEarly = false;
  forEachCodeChar(text, (c, i, depth) => {
    if (c === '}' && depth === 1 && i !== text.length - 1) closedEarly = true;
  });
  return !closedEarly;
}
