/**
 * The errors pass over an object's simple properties, read from a table instead of written out as code.
 *
 * An errors function runs only when its value is invalid (or all errors are wanted), and then walks the
 * failing branch once; for a property whose schema is only `type`, `format` and `enum`, a row of data read
 * by this loop costs a fraction of the code a compiled copy of those tests costs (GitHub's spec has tens of
 * thousands of such properties), while the check functions, which every valid value goes through, stay
 * compiled. The errors are the ones the compiled tests record, through the same helpers, in the same order.
 */
import type { ValidationError } from '../public.ts';
import { _fPE, _fPF, _fPT, _fPTs, _fReq } from './core.ts';

/**
 * One property: `[name, flags, type, ...checks]`. `name` is also its JSON pointer token (no `~` or `/`);
 * `type` the `type` keyword as the error reports it (`'string'`, or `'string,null'` for a list); `checks`
 * a format (its checker, then its name) and/or an `enum` (the list of allowed values), in that order.
 * Flags: 1 string, 2 number, 4 integer, 8 boolean, 16 null (the types admitted; none: no `type` keyword),
 * 32 `type` is a list, 64 required, 128 required in responses only, 256 required in requests only,
 * 512 the format applies to numbers (else to strings). A `$ref` member is never a row: its compiled `_ref`
 * call is about twice as fast on valid members (a direct read and a call the engine can inline).
 */
export type _PropRow = readonly unknown[];

/** Whether `x` is one of the JSON types in `flags` (1 string, 2 number, 4 integer, 8 boolean, 16 null). */
function _isTypes(x: unknown, flags: number): boolean {
  switch (typeof x) {
    case 'string':
      return (flags & 1) !== 0;
    case 'number':
      return (flags & 2) !== 0 ? Number.isFinite(x) : (flags & 4) !== 0 && Number.isInteger(x);
    case 'boolean':
      return (flags & 8) !== 0;
    default:
      return x === null && (flags & 16) !== 0;
  }
}

/**
 * Records the errors of the properties in `rows` of the object `v` (at instance path `p`, schema path
 * `sp`); true when validation stops there (the first error, unless all errors are collected: options bit 1).
 * Options bit 2 asserts formats, bit 4 is the request direction.
 */
export function _eProps(
  v: any,
  o: number,
  p: string,
  E: ValidationError[],
  sp: string,
  rows: readonly _PropRow[],
): boolean {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const name = row[0] as string;
    const flags = row[1] as number;
    const x = v[name];
    if (x === undefined) {
      const required = (flags & 64) !== 0 || (flags & ((o & 4) === 0 ? 128 : 256)) !== 0;
      if (required && _fReq(E, o, p, sp, name)) return true;
      continue;
    }
    const typed = (flags & 31) === 0 || _isTypes(x, flags);
    if (
      !typed &&
      ((flags & 32) !== 0 ? _fPTs(E, o, p, sp, name, row[2] as string) : _fPT(E, o, p, sp, name, row[2] as string))
    ) {
      return true;
    }
    for (let j = 3; j < row.length; j++) {
      const check = row[j];
      if (typeof check === 'function') {
        const format = row[++j] as string;
        const applies = typed && (o & 2) !== 0 && typeof x === ((flags & 512) !== 0 ? 'number' : 'string');
        if (applies && !check(x) && _fPF(E, o, p, sp, name, format)) return true;
      } else if (!(check as unknown[]).includes(x) && _fPE(E, o, p, sp, name, check as unknown[])) return true;
    }
  }
  return false;
}
