/**
 * String schemas → `string`, or a template literal type when the pattern is a plain literal prefix or
 * suffix (`/2/problems/usage-capped$` → `${string}/2/problems/usage-capped`): an exact translation, so a
 * union of such variants narrows on the discriminating property.
 */
import { keywordType, templateLiteralType, typeRef, type TypeNode } from '../../../codegen/ts-nodes.ts';
import { dateFormatOf } from '../../../model/dates.ts';
import { isBinaryString } from '../../../model/facts/media.ts';
import type { SchemaObject } from '../../../model/types.ts';

/** Regex syntax characters; an escaped one (`\.`) stands for itself. */
const SPECIAL = new Set(['\\', '^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);

export function transformString(schema: SchemaObject, dates?: 'Date'): TypeNode {
  // Raw bytes (3.0 `format: binary`, 3.1 `contentMediaType` without `contentEncoding`): a file, not text.
  if (isBinaryString(schema)) return typeRef('Blob');
  // `dates: 'Date'`: the runtimes convert exactly these nodes (model/dates.ts).
  if (dates && dateFormatOf(schema)) return typeRef('Date');
  if (schema.pattern) {
    const literal = literalAffix(schema.pattern);
    if (literal) {
      return literal.anchor === 'suffix'
        ? templateLiteralType([{ type: keywordType('string') }, { text: literal.text }])
        : templateLiteralType([{ text: literal.text }, { type: keywordType('string') }]);
    }
  }
  return keywordType('string');
}

/** `^abc` (prefix), `abc$` / `^.*abc$` (suffix) with only literal characters in between; else undefined. */
export function literalAffix(pattern: string): { anchor: 'prefix' | 'suffix'; text: string } | undefined {
  let body = pattern;
  let anchor: 'prefix' | 'suffix';
  if (body.startsWith('^.*') && body.endsWith('$')) {
    body = body.slice(3, -1);
    anchor = 'suffix';
  } else if (body.endsWith('$') && !body.startsWith('^')) {
    body = body.slice(0, -1);
    anchor = 'suffix';
  } else if (body.startsWith('^') && !body.endsWith('$')) {
    body = body.slice(1);
    anchor = 'prefix';
  } else return undefined;
  let text = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      const next = body[i + 1];
      if (next === undefined || !(SPECIAL.has(next) || next === '/' || next === '-')) return undefined;
      text += next;
      i++;
    } else if (SPECIAL.has(c)) return undefined;
    else text += c;
  }
  return text ? { anchor, text } : undefined;
}
