/**
 * Errors mode's table of an object's simple properties: a property whose schema asserts only `type` (JSON
 * scalars), `format` and `enum` is a row of data that the runtime's `_eProps` reads
 * (runtime/helpers/property-table.ts), instead of compiled tests. The rows give the errors the compiled
 * tests give (same helpers, same order); check mode, which valid data runs through, is always compiled.
 *
 * Not in a table: names that need a `hasOwnProperty` read or escaping as a JSON pointer token, members a
 * closed object rejects by direction, `format: binary` strings (a `Blob` passes), non-primitive `enum`
 * values. `CompilerOptions.propertyTables: false` (tests) compiles every property.
 */
import { call, ifStmt, lit, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import { isBinaryString } from '../../../../model/facts/media.ts';
import type { Schema } from '../../../../model/types.ts';
import { ACTIVE_KEYWORDS } from '../analysis/trivial.ts';
import type { KeywordContext } from '../context.ts';
import { escapeToken } from '../pointer.ts';
import { E, renderPath, type Site } from '../site.ts';
import { isPrimitive, jsonValue } from './enum-const.ts';
import { admitsBigint, formatChecker } from './format.ts';
import { INHERITED_NAMES } from './own.ts';

/** Where a required member must be present (keywords/properties.ts). */
export type Need = 'never' | 'always' | 'response' | 'request';

/** The row flags (the runtime's `_PropRow`): the types admitted, then how the row is read. */
const TYPE_FLAG: Readonly<Record<string, number>> = { string: 1, number: 2, integer: 4, boolean: 8, null: 16 };
const TYPES = 31;
const TYPE_LIST = 32;
const NEED_FLAG: Readonly<Record<Need, number>> = { never: 0, always: 64, response: 128, request: 256 };
const NUMERIC_FORMAT = 512;

/** The keywords a row holds; any other assertion keeps the property compiled. */
const ROW_KEYWORDS: ReadonlySet<string> = new Set(['type', 'format', 'enum']);

/** Keywords that make a schema a resource or an anchor: compiled, so the registry's view stays the one used. */
const IDENTIFYING = /^\$(?:id|anchor|dynamicAnchor|schema|vocabulary|defs)$/;

/** A name a row can hold: read without `hasOwnProperty`, and its own JSON pointer token. */
function plainName(name: string): boolean {
  return !INHERITED_NAMES.has(name) && escapeToken(name) === name;
}

/** Whether code at `site` may use a table: errors mode, unless the compiler is told to compile every test. */
export function usesTables(c: KeywordContext, site: Site): boolean {
  return site.mode === 'errors' && c.propertyTables;
}

/** The row of property `name` (schema `sub`), or undefined when the property must stay compiled. */
export function propertyRow(c: KeywordContext, name: string, sub: Schema, need: Need): Expr[] | undefined {
  if (!plainName(name)) return undefined;
  const s = sub === true ? {} : sub;
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return undefined;
  for (const key of Object.keys(s)) {
    if ((ACTIVE_KEYWORDS.has(key) && !ROW_KEYWORDS.has(key)) || IDENTIFYING.test(key)) return undefined;
  }
  // The rows' type flags know JSON's types only: a node admitting `bigint`s stays compiled.
  if (isBinaryString(s) || admitsBigint(c, s)) return undefined;
  let flags = NEED_FLAG[need];
  let typeText = '';
  if (s.type !== undefined) {
    const list: unknown[] | undefined = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : undefined;
    if (!list || !list.every((t) => typeof t === 'string' && Object.prototype.hasOwnProperty.call(TYPE_FLAG, t))) return undefined;
    const types = [...new Set(list as string[])];
    for (const t of types) flags |= TYPE_FLAG[t];
    if (Array.isArray(s.type)) flags |= TYPE_LIST;
    typeText = types.join(',');
  }
  const checks: Expr[] = [];
  // The format checks the values of its kind that the `type` admits (any, without one).
  const admits = (mask: number): boolean => (flags & TYPES) === 0 || (flags & mask) !== 0;
  const checker = (admits(TYPE_FLAG.string) && formatChecker(c, s, false)) || (admits(TYPE_FLAG.number | TYPE_FLAG.integer) && formatChecker(c, s, true)) || undefined;
  if (checker) {
    checks.push(checker.fn, lit(checker.format));
    if (checker.numeric) flags |= NUMERIC_FORMAT;
  }
  // `x-enum-incomplete: true` lists values without restricting them (keywords/enum-const.ts).
  if (Array.isArray(s.enum) && s['x-enum-incomplete'] !== true) {
    if (!s.enum.every(isPrimitive)) return undefined;
    checks.push(jsonValue(c, s.enum));
  }
  return [lit(name), lit(flags), lit(typeText), ...checks];
}

/** `if (_eProps(value, o, p, E, sp, _tN)) return false;`: the errors of a run of rows at the site's object. */
export function propertyTable(c: KeywordContext, site: Site, rows: readonly (readonly Expr[])[]): Stmt {
  const table = c.hoist.table(rows);
  const sp = c.schemaPathCode(site, site.schemaPath);
  return ifStmt(call(c.use('_eProps'), site.data, site.o, renderPath(site.path), E, sp, table), site.stop);
}
