/** Type tests as expressions (JSON data model: integers are numbers without fraction, no NaN/Infinity). */
import { code, join, type Code } from '../../../../codegen/index.ts';
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

export function isType(type: JsonType, d: Code): Code {
  switch (type) {
    case 'object': return code`(typeof ${d} === 'object' && ${d} !== null && !Array.isArray(${d}))`;
    case 'array': return code`Array.isArray(${d})`;
    case 'string': return code`typeof ${d} === 'string'`;
    case 'number': return code`(typeof ${d} === 'number' && Number.isFinite(${d}))`;
    case 'integer': return code`Number.isInteger(${d})`;
    case 'boolean': return code`typeof ${d} === 'boolean'`;
    case 'null': return code`${d} === null`;
  }
}

export function isNotType(type: JsonType, d: Code): Code {
  switch (type) {
    case 'object': return code`typeof ${d} !== 'object' || ${d} === null || Array.isArray(${d})`;
    case 'array': return code`!Array.isArray(${d})`;
    case 'string': return code`typeof ${d} !== 'string'`;
    case 'number': return code`typeof ${d} !== 'number' || !Number.isFinite(${d})`;
    case 'integer': return code`!Number.isInteger(${d})`;
    case 'boolean': return code`typeof ${d} !== 'boolean'`;
    case 'null': return code`${d} !== null`;
  }
}

/** Guard for a keyword group when nothing is known about the value's type. */
export function groupGuard(group: Group, d: Code): Code {
  switch (group) {
    case 'object': return code`typeof ${d} === 'object' && ${d} !== null && !Array.isArray(${d})`;
    case 'array': return code`Array.isArray(${d})`;
    case 'string': return code`typeof ${d} === 'string'`;
    case 'number': return code`typeof ${d} === 'number'`;
  }
}

/** Test for any of `types` (number subsumes integer). */
export function isAnyType(types: readonly JsonType[], d: Code): Code {
  const list = types.includes('number') ? types.filter((t) => t !== 'integer') : types;
  return list.length === 1 ? isType(list[0], d) : join(list.map((t) => isType(t, d)), ' || ');
}

export function isNotAnyType(types: readonly JsonType[], d: Code): Code {
  const list = types.includes('number') ? types.filter((t) => t !== 'integer') : types;
  return list.length === 1 ? isNotType(list[0], d) : code`!(${isAnyType(list, d)})`;
}

/** The `type` keyword as a list, or undefined when absent/unusable. */
export function typeList(value: unknown): JsonType[] | undefined {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (!list || list.length === 0) return undefined;
  const known = list.filter((t): t is JsonType => (JSON_TYPES as readonly unknown[]).includes(t));
  return [...new Set(known)];
}

/** `!x` for a call such as `set.has(v)`, `!(x)` for anything else: where prettier keeps the parentheses. */
export function negate(condition: Code): Code {
  return /^[\w$.]+\([\w$., [\]]*\)$/.test(condition.text) ? code`!${condition}` : code`!(${condition})`;
}

/** `x && y` operand: `x` in parentheses only when it is an `||` chain (where prettier keeps them). */
export function andOperand(condition: Code): Code {
  return /^!\(.*\)$/.test(condition.text) || !condition.text.includes('||') ? condition : code`(${condition})`;
}
