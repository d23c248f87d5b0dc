/** Basic helpers: own-property test, error records, JSON pointer escaping, code-point length, multipleOf. */
import { _O, type ValidationError } from '../public.ts';

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

/**
 * `_fErr` for `type` with several type names, given joined by commas (`sp` is the schema's path): each call
 * site passes one string constant, split only when the error is built, where an array literal would be a
 * new array at every failing call and longer code at each of the many sites.
 */
export function _fTypes(E: ValidationError[], o: number, p: string, sp: string, types: string): boolean {
  const type = types.split(',');
  return _fErr(E, o, p, sp + '/type', 'type', 'must be ' + type.join(' or '), {
    type,
  });
}

/** `_fErr` for `enum` (`sp` is the schema's path). */
export function _fEnum(E: ValidationError[], o: number, p: string, sp: string, allowedValues: unknown[]): boolean {
  return _fErr(E, o, p, sp + '/enum', 'enum', 'must be equal to one of the allowed values', { allowedValues });
}

/**
 * `_fType` at the property `name` (a JSON pointer token) of the value at `p` whose schema is at `sp`: the paths
 * are joined only when it fails. `_fPTs`, `_fPE`, `_fPR`, `_fPF` are `_fTypes`, `_fEnum`, `_fReq`, `_fFormat` so.
 */
export function _fPT(E: ValidationError[], o: number, p: string, sp: string, name: string, type: string): boolean {
  return _fType(E, o, p + '/' + name, sp + '/properties/' + name, type);
}

/** `_fTypes` at a property. */
export function _fPTs(E: ValidationError[], o: number, p: string, sp: string, name: string, types: string): boolean {
  return _fTypes(E, o, p + '/' + name, sp + '/properties/' + name, types);
}

/** `_fEnum` at a property. */
export function _fPE(E: ValidationError[], o: number, p: string, sp: string, name: string, values: unknown[]): boolean {
  return _fEnum(E, o, p + '/' + name, sp + '/properties/' + name, values);
}

/** `_fReq` at a property. */
export function _fPR(E: ValidationError[], o: number, p: string, sp: string, name: string, missing: string): boolean {
  return _fReq(E, o, p + '/' + name, sp + '/properties/' + name, missing);
}

/** `_fFormat` at a property. */
export function _fPF(E: ValidationError[], o: number, p: string, sp: string, name: string, format: string): boolean {
  return _fFormat(E, o, p + '/' + name, sp + '/properties/' + name, format);
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
 * A referenced schema applied in errors mode (keywords/ref.ts); true when validation stops there. The
 * target's check function runs first and its errors function walks the value only when that fails, with
 * options bit 16 (`_O.skipCheck`) set: below a failed check every value is walked for errors directly, so
 * no value is walked more than twice (its check, one errors walk) however deep the failing path is.
 * The value's instance path is `p + k` (`k` a `/name` suffix, an item index after `p`'s `/`, or ''), joined
 * only when the errors function runs: most members of an invalid object are valid.
 */
export function _ref(
  x: any,
  o: number,
  p: string,
  k: string | number,
  E: ValidationError[],
  check: (v: any, o: number) => boolean,
  errors: (v: any, o: number, p: string, E: ValidationError[]) => boolean,
): boolean {
  if ((o & 16) !== 0) return !errors(x, o, p + k, E) && (o & 1) === 0;
  return !check(x, o) && !errors(x, o | 16, p + k, E) && (o & 1) === 0;
}

/** `_ref` for a shared errors function, which takes the schema path of the copy it checks (`sp`). */
export function _refSp(
  x: any,
  o: number,
  p: string,
  k: string | number,
  E: ValidationError[],
  sp: string,
  check: (v: any, o: number) => boolean,
  errors: (v: any, o: number, p: string, E: ValidationError[], sp: string) => boolean,
): boolean {
  if ((o & 16) !== 0) return !errors(x, o, p + k, E, sp) && (o & 1) === 0;
  return !check(x, o) && !errors(x, o | 16, p + k, E, sp) && (o & 1) === 0;
}

/**
 * What a compiled function is given to validate for a caller's value under options `o` (from `_opts`):
 * the value itself, or when `Object.prototype` has enumerable members (options bit 8, prototype pollution)
 * its copy without prototypes (`_plain`), so that the compiled functions' direct property reads stay exact.
 * Every call of a compiled function from outside goes through this (`_run`, `_guard`, a standalone module's
 * `validate`/`is` functions); the compiled functions themselves ignore bit 8. May throw a RangeError on
 * absurdly deep input, as the compiled functions do: call it where that is caught (`_deep`).
 */
export function _input(v: unknown, o: number): unknown {
  return o & _O.inheritedKeys ? _plain(v) : v;
}

/**
 * The value with its plain objects copied to objects without a prototype (arrays copied alike, other
 * objects kept), so that reading a property never finds an inherited one (see `_input`).
 */
export function _plain(v: any): any {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(_plain);
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  const out = Object.create(null);
  for (const k in v) {
    if (!_has.call(v, k)) continue;
    const value = _plain(v[k]);
    Object.defineProperty(out, k, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
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

/**
 * The `int64` format where int64 integers may be `bigint`s (`int64: 'bigint'`): a `bigint` in the signed
 * 64-bit range, or an integer number.
 */
export function _int64(x: number | bigint): boolean {
  return typeof x === 'bigint' ? x >= -0x8000000000000000n && x <= 0x7fffffffffffffffn : Number.isInteger(x);
}

/** `multipleOf` with an integer divisor where the value may be a `bigint` (`int64: 'bigint'`). */
export function _mul64(x: number | bigint, m: number): boolean {
  return typeof x === 'bigint' ? x % BigInt(m) === 0n : x % m === 0;
}

/** The `int32` format on a number: an integer in the signed 32-bit range. */
export function _int32(x: number): boolean {
  return Number.isInteger(x) && x >= -2147483648 && x <= 2147483647;
}
