/**
 * `format` as an assertion (JSON Schema 2020-12 format-assertion vocabulary, OpenAPI 3.1 §4.8.24.3), on by
 * default and switched off per call (options bit 2). Unknown formats are annotations only. String formats
 * apply to strings, `int32`/`int64` to numbers (as ajv-formats does).
 */
import { raw, type Code } from '../../../../codegen/index.ts';
import { and, binary, call, lit, not, object, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { guard, type Site } from '../site.ts';
import { stringFormats } from '../../runtime/formats/index.ts';
import { O } from '../option-bits.ts';
import { typeList } from './type-tests.ts';
import { int64Of } from '../../../../model/int64.ts';

/** Whether the node admits `bigint`s: an int64 node (model/int64.ts) compiled with `int64: 'bigint'`. */
export function admitsBigint(c: KeywordContext, s: SchemaObject): boolean {
  return c.bigint && int64Of(s) !== undefined;
}

function formatFailure(c: KeywordContext, site: Site, format: string, test: Expr): Stmt {
  return guard(site, c.err(site), test, { keyword: 'format', message: `must match format "${format}"`, params: object([[raw('format'), lit(format)]]), short: { helper: '_fFormat', arg: lit(format) } });
}

/** The function that checks a format (`fn(value)` is true when it matches), and whether it is for numbers. */
export interface FormatChecker {
  format: string;
  fn: Code;
  numeric: boolean;
}

/**
 * The checker of the schema's `format` on strings (`numeric` false: `_f<Name>`, runtime/formats) or on numbers
 * (`int32`: `_int32`; `int64`: `Number.isInteger`, only where a non-integer can reach it: after
 * `type: integer` it cannot fail); undefined where the format asserts nothing. The compiled tests and the
 * property tables (property-table.ts) both take it from here.
 */
export function formatChecker(c: KeywordContext, s: SchemaObject, numeric: boolean): FormatChecker | undefined {
  const format = s.format;
  if (typeof format !== 'string') return undefined;
  if (!numeric) {
    if (!Object.prototype.hasOwnProperty.call(stringFormats(), format)) return undefined;
    c.formats.add(format);
    return { format, fn: stringFormats()[format].name, numeric };
  }
  if (format === 'int32') return { format, fn: c.use('_int32'), numeric };
  // `int64: 'bigint'`: a `bigint` in the 64-bit range or an integer number, also after `type: integer`.
  if (admitsBigint(c, s)) return { format, fn: c.use('_int64'), numeric };
  if (format === 'int64' && (typeList(s.type)?.includes('number') ?? true)) return { format, fn: raw('Number.isInteger'), numeric };
  return undefined;
}

function formatTest(c: KeywordContext, s: SchemaObject, site: Site, numeric: boolean): Stmt[] {
  const checker = formatChecker(c, s, numeric);
  if (!checker) return [];
  return [formatFailure(c, site, checker.format, and(binary(binary(site.o, '&', O.formats), '!==', lit(0)), not(call(checker.fn, site.data))))];
}

/** A string format (in the string keyword group). */
export function stringFormat(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  return formatTest(c, s, site, false);
}

/** `int32`/`int64` (in the number keyword group). */
export function numberFormat(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  return formatTest(c, s, site, true);
}
