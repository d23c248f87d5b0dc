/** Type tests as expressions (JSON data model: integers are numbers without fraction, no NaN/Infinity). */
import { raw } from '../../../../codegen/index.ts';
import { and, binary, call, lit, member, not, or, typeOf, type Expr } from '../../../../codegen/statements.ts';
import type { JsonType } from '../../../../model/types.ts';

export const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** The keyword group a type admits: object/array/string/number keywords, or none. */
export type Group = 'object' | 'array' | 'string' | 'number';

export function groupOf(type: JsonType): Group | undefined {
  switch (type) {
    case 'object': return 'object';
    case 'array': return 'array';
    case 'string': return 'string';
    case 'number': case 'integer': return 'number';
    default: return undefined;
  }
}

const arrayTest = (d: Expr): Expr => call(member(raw('Array'), 'isArray'), d);
const typeIs = (d: Expr, name: string): Expr => binary(typeOf(d), '===', lit(name));
const typeIsNot = (d: Expr, name: string): Expr => binary(typeOf(d), '!==', lit(name));
const NULL = raw('null');

export function isType(type: JsonType, d: Expr): Expr {
  switch (type) {
    case 'object': return and(typeIs(d, 'object'), binary(d, '!==', NULL), not(arrayTest(d)));
    case 'array': return arrayTest(d);
    case 'string': return typeIs(d, 'string');
    case 'number': return and(typeIs(d, 'number'), call(member(raw('Number'), 'isFinite'), d));
    case 'integer': return call(member(raw('Number'), 'isInteger'), d);
    case 'boolean': return typeIs(d, 'boolean');
    case 'null': return binary(d, '===', NULL);
  }
}

export function isNotType(type: JsonType, d: Expr): Expr {
  switch (type) {
    case 'object': return or(typeIsNot(d, 'object'), binary(d, '===', NULL), arrayTest(d));
    case 'array': return not(arrayTest(d));
    case 'string': return typeIsNot(d, 'string');
    case 'number': return or(typeIsNot(d, 'number'), not(call(member(raw('Number'), 'isFinite'), d)));
    case 'integer': return not(call(member(raw('Number'), 'isInteger'), d));
    case 'boolean': return typeIsNot(d, 'boolean');
    case 'null': return binary(d, '!==', NULL);
  }
}

/** Guard for a keyword group when nothing is known about the value's type. */
export function groupGuard(group: Group, d: Expr): Expr {
  switch (group) {
    case 'object': return isType('object', d);
    case 'array': return arrayTest(d);
    case 'string': return typeIs(d, 'string');
    case 'number': return typeIs(d, 'number');
  }
}

/** Test for any of `types` (number subsumes integer). */
export function isAnyType(types: readonly JsonType[], d: Expr): Expr {
  const list = types.includes('number') ? types.filter((t) => t !== 'integer') : types;
  return or(...list.map((t) => isType(t, d)));
}

export function isNotAnyType(types: readonly JsonType[], d: Expr): Expr {
  const list = types.includes('number') ? types.filter((t) => t !== 'integer') : types;
  return list.length === 1 ? isNotType(list[0], d) : not(isAnyType(list, d));
}

/** The `type` keyword as a list, or undefined when absent/unusable. */
export function typeList(value: unknown): JsonType[] | undefined {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (!list || list.length === 0) return undefined;
  const known = list.filter((t): t is JsonType => (JSON_TYPES as readonly unknown[]).includes(t));
  return [...new Set(known)];
}
