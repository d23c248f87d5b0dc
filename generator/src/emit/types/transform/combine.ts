/** Joining type expressions: unions and intersections, flattened and parenthesized where needed. */
import { Code, raw } from '../../../codegen/code.ts';
import { topLevelText } from '../../../codegen/syntax.ts';

/**
 * `&` binds tighter than `|`, and the transforms never produce function or conditional types, so only a
 * union inside an intersection needs parentheses.
 */
function wrapForIntersection(part: Code): string {
  const t = part.text;
  return /\|/.test(topLevelText(t)) ? `(${t})` : t;
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
