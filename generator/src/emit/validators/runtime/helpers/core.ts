/** Basic helpers: own-property test, error records, JSON pointer escaping, code-point length, multipleOf. */
import type { ValidationError } from '../public.ts';
import type { _Check } from './operations.ts';

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
 * An own property's value, `undefined` when absent. Inherited members count as absent only while
 * Object.prototype has enumerable additions (options bit 8): plain JSON objects need no test otherwise.
 */
export function _own(v: any, o: number, k: string): any {
  return (o & 8) === 0 || _has.call(v, k) ? v[k] : undefined;
}

/**
 * Records a failed keyword; true when validation stops there (not collecting all errors, options bit 1).
 * The compiled code writes `if (_fErr(...)) return false;`: one short statement per failure.
 */
export function _fErr(
  E: ValidationError[],
  o: number,
  instancePath: string,
  schemaPath: string,
  keyword: string,
  message: string,
  params: Record<string, unknown>,
): boolean {
  E.push({ instancePath, schemaPath, keyword, message, params });
  return (o & 1) === 0;
}

/** `_fErr` for `type` with one type name (the commonest failure; `sp` is the schema's path). */
export function _fType(E: ValidationError[], o: number, p: string, sp: string, type: string): boolean {
  return _fErr(E, o, p, sp + '/type', 'type', 'must be ' + type, { type });
}

/** `_fErr` for a missing `required` property (`sp` is the schema's path). */
export function _fReq(E: ValidationError[], o: number, p: string, sp: string, name: string): boolean {
  return _fErr(E, o, p, sp + '/required', 'required', "must have required property '" + name + "'", {
    missingProperty: name,
  });
}

/** `_fErr` for `format` (`sp` is the schema's path). */
export function _fFormat(E: ValidationError[], o: number, p: string, sp: string, format: string): boolean {
  return _fErr(E, o, p, sp + '/format', 'format', 'must match format "' + format + '"', { format });
}

/**
 * A reference applied in errors mode; true when validation stops there. The cheap check `c` runs first and
 * the errors walk `e` only when it fails, one step up a 2-bit counter in `o` (bits 16/32): at 3 the check
 * is skipped, so a deep failing path is re-checked at most three times (linear, never quadratic). One call
 * per reference instead of the same dozen lines at every one of them.
 */
export function _fRef(
  c: (v: any, o: number) => boolean,
  e: _Check,
  v: any,
  o: number,
  p: string,
  E: ValidationError[],
  sp?: string,
): boolean {
  if ((o & 48) === 48) return !e(v, o, p, E, sp as string) && (o & 1) === 0;
  return !c(v, o) && !e(v, o + 16, p, E, sp as string) && (o & 1) === 0;
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
