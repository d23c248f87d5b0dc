/** Joining type expressions: unions and intersections, flattened and parenthesized where needed. */
import { Code, raw } from '../../../codegen/code.ts';

/**
 * `&` binds tighter than `|`, and the transforms never produce function or conditional types, so only a
 * union inside an intersection needs parentheses.
 */
function wrapForIntersection(part: Code): string {
  const t = part.text;
  return /\|/.test(stripNested(t)) ? `(${t})` : t;
}

/** The text with bracketed and quoted regions removed, so only top-level operators remain. */
function stripNested(text: string): string {
  let depth = 0;
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      // Comments are sanitized (no `*/` inside), so the first `*/` ends them.
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{' || c === '(' || c === '[' || c === '<') depth++;
    else if (c === '}' || c === ')' || c === ']' || c === '>') depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

export function union(parts: Code[]): Code {
  const unique = dedupe(parts.filter((p) => p.text !== 'never'));
  if (!unique.length) return raw('never');
  if (unique.some((p) => p.text === 'unknown')) return raw('unknown');
  if (unique.length === 1) return unique[0];
  return new Code(unique.map((p) => p.text).join(' | '));
}

export function intersection(parts: Code[]): Code {
  const unique = dedupe(parts.filter((p) => p.text !== 'unknown'));
  if (!unique.length) return raw('unknown');
  if (unique.some((p) => p.text === 'never')) return raw('never');
  if (unique.length === 1) return unique[0];
  return new Code(unique.map(wrapForIntersection).join(' & '));
}

function dedupe(parts: Code[]): Code[] {
  const seen = new Set<string>();
  return parts.filter((p) => (seen.has(p.text) ? false : (seen.add(p.text), true)));
}
