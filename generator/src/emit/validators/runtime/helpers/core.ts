/** Basic helpers: own-property test, error records, JSON pointer escaping, code-point length, multipleOf. */
import type { ValidationError } from '../public.ts';

export const _has = Object.prototype.hasOwnProperty;

export function _err(
  instancePath: string,
  schemaPath: string,
  keyword: string,
  message: string,
  params: Record<string, unknown>,
): ValidationError {
  return { instancePath, schemaPath, keyword, message, params };
}

/**
 * Records a failed keyword; true when validation stops there: always when checking only (`E` undefined, see
 * `_Fn`), else unless all errors are collected (options bit 1). The compiled code writes
 * `if (_fErr(...)) return false;`: one short statement per failure.
 */
export function _fErr(
  E: ValidationError[] | undefined,
  o: number,
  instancePath: string,
  schemaPath: string,
  keyword: string,
  message: string,
  params: Record<string, unknown>,
): boolean {
  if (E === undefined) return true;
  E.push({ instancePath, schemaPath, keyword, message, params });
  return (o & 1) === 0;
}

/** `_fErr` for `type` with one type name (the commonest failure; `sp` is the schema's path). */
export function _fType(E: ValidationError[] | undefined, o: number, p: string, sp: string, type: string): boolean {
  return E === undefined || _fErr(E, o, p, sp + '/type', 'type', 'must be ' + type, { type });
}

/** `_fErr` for a missing `required` property (`sp` is the schema's path). */
export function _fReq(E: ValidationError[] | undefined, o: number, p: string, sp: string, name: string): boolean {
  return (
    E === undefined ||
    _fErr(E, o, p, sp + '/required', 'required', "must have required property '" + name + "'", {
      missingProperty: name,
    })
  );
}

/** `_fErr` for `format` (`sp` is the schema's path). */
export function _fFormat(E: ValidationError[] | undefined, o: number, p: string, sp: string, format: string): boolean {
  return E === undefined || _fErr(E, o, p, sp + '/format', 'format', 'must match format "' + format + '"', { format });
}

/** `_fType` failing at property `t` (escaped) of the object at `p` whose schema is at `sp`. */
export function _fTypeP(
  E: ValidationError[] | undefined,
  o: number,
  p: string,
  sp: string,
  t: string,
  type: string,
): boolean {
  return E === undefined || _fType(E, o, p + '/' + t, sp + '/properties/' + t, type);
}

/** `_fFormat` failing at property `t` (escaped) of the object at `p` whose schema is at `sp`. */
export function _fFormatP(
  E: ValidationError[] | undefined,
  o: number,
  p: string,
  sp: string,
  t: string,
  f: string,
): boolean {
  return E === undefined || _fFormat(E, o, p + '/' + t, sp + '/properties/' + t, f);
}

/**
 * A compiled validation function: checks only when called `(v, o)` (stops at the first failure, allocates
 * nothing); with an error list `E` and the instance path `p`, also records errors (and, for a function
 * shared by equal schemas, with the schema path `sp` of the copy it checks). One function serves both.
 */
export type _Fn = (v: any, o: number, p?: string, E?: ValidationError[], sp?: string) => boolean;

/**
 * A reference (or a subschema with its own function) whose check failed, or was skipped; true when validation
 * stops there. Checking only (`E` undefined), that is all. With errors, `f` walks `v` for them, one step up
 * a 2-bit counter in `o` (bits 16/32); at 3 the caller skips the check, so a deep failing path is re-checked
 * at most three times (linear, never quadratic). The instance path `p + s` is only built here.
 */
export function _fRef(
  f: _Fn,
  v: any,
  o: number,
  E: ValidationError[] | undefined,
  p: string,
  s: string | number,
  sp?: string,
): boolean {
  if (E === undefined) return true;
  return !f(v, (o & 48) === 48 ? o : o + 16, p + s, E, sp) && (o & 1) === 0;
}

/** Escapes a key as a JSON pointer token. */
export function _esc(key: string): string {
  return key.indexOf('~') === -1 && key.indexOf('/') === -1 ? key : key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Length in code points (a lone surrogate counts as one). */
export function _len(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** multipleOf for a non-integer divisor: exact for decimal inputs within binary floating-point error. */
export function _mul(x: number, m: number): boolean {
  const q = x / m;
  if (!Number.isFinite(q)) return Number.isInteger(x) && Number.isInteger(1 / m);
  const r = Math.round(q);
  return Math.abs(q - r) <= 4 * Number.EPSILON * Math.max(1, Math.abs(q));
}
