/**
 * `format` as an assertion (JSON Schema 2020-12 format-assertion vocabulary, OpenAPI 3.1 §4.8.24.3), on by
 * default and switched off per call (options bit 2). Unknown formats are annotations only. String formats
 * apply to strings, `int32`/`int64` to numbers (as ajv-formats does).
 */
import { code, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { guard, type Site } from '../site.ts';
import { stringFormats } from '../../runtime/formats/index.ts';
import { O } from '../option-bits.ts';
import { typeList } from './type-tests.ts';

function formatFailure(c: Compiler, site: Site, format: string, test: Code): Code {
  return guard(site, c.err(site), test, { keyword: 'format', message: `must match format "${format}"`, params: code`{ format: ${lit(format)} }`, short: { helper: '_fFormat', arg: lit(format) } });
}

export function stringFormat(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const format = s.format;
  if (typeof format !== 'string' || !Object.prototype.hasOwnProperty.call(stringFormats(), format)) return [];
  c.formats.add(format);
  const fn = stringFormats()[format].name;
  return [formatFailure(c, site, format, code`(${site.o} & ${O.formats}) !== 0 && !${fn}(${site.data})`)];
}

/** `int32`/`int64` on numbers (`int64` only where a non-integer can reach it: after `type: integer` it cannot fail). */
export function numberFormat(c: Compiler, s: SchemaObject, site: Site): Code[] {
  const d = site.data;
  let test: Code;
  if (s.format === 'int32') test = code`!(Number.isInteger(${d}) && ${d} >= -2147483648 && ${d} <= 2147483647)`;
  else if (s.format === 'int64' && (typeList(s.type)?.includes('number') ?? true)) test = code`!Number.isInteger(${d})`;
  else return [];
  return [formatFailure(c, site, s.format, code`(${site.o} & ${O.formats}) !== 0 && ${test}`)];
}
