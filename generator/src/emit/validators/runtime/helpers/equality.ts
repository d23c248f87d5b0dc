/** JSON equality (enum, const) and duplicate detection (uniqueItems). */
import { _has } from './core.ts';

/** JSON equality: primitives by value, arrays by items, objects by own keys and values. */
export function _eq(a: any, b: any): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arr = Array.isArray(a);
  if (arr !== Array.isArray(b)) return false;
  if (arr) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!_eq(a[i], b[i])) return false;
    return true;
  }
  let n = 0;
  for (const k in a) {
    if (!_has.call(a, k)) continue;
    if (!_has.call(b, k) || !_eq(a[k], b[k])) return false;
    n++;
  }
  for (const k in b) if (_has.call(b, k)) n--;
  return n === 0;
}

export function _inc(list: readonly unknown[], x: unknown): boolean {
  for (let i = 0; i < list.length; i++) if (_eq(list[i], x)) return true;
  return false;
}

/** A canonical text of a JSON value (sorted keys), equal texts for equal values. */
export function _canon(x: any): string {
  if (typeof x !== 'object' || x === null) return typeof x === 'string' ? JSON.stringify(x) : String(x);
  if (Array.isArray(x)) {
    let out = '[';
    for (let i = 0; i < x.length; i++) out += (i ? ',' : '') + _canon(x[i]);
    return out + ']';
  }
  const keys: string[] = [];
  for (const k in x) if (_has.call(x, k)) keys.push(k);
  keys.sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) out += (i ? ',' : '') + JSON.stringify(keys[i]) + ':' + _canon(x[keys[i]!]);
  return out + '}';
}

/**
 * Indices [first, second] of two equal items, or null: pairwise when short, hashed otherwise (linear).
 * Pairwise, primitives are compared inline (`_eq` of a primitive is `===`): arrays of identifiers and
 * codes are the common case, and a call per pair was most of the time on them.
 */
export function _dup(a: readonly unknown[]): [number, number] | null {
  if (a.length <= 8) {
    for (let j = 1; j < a.length; j++) {
      const y = a[j];
      for (let i = 0; i < j; i++) {
        const x = a[i];
        if (x === y || (typeof x === 'object' && x !== null && _eq(x, y))) return [i, j];
      }
    }
    return null;
  }
  const prims = new Map<unknown, number>();
  let objs: Map<string, number> | undefined;
  for (let j = 0; j < a.length; j++) {
    const x = a[j];
    if (typeof x === 'object' && x !== null) {
      objs ??= new Map();
      const key = _canon(x);
      const i = objs.get(key);
      if (i !== undefined) return [i, j];
      objs.set(key, j);
    } else {
      const i = prims.get(x);
      if (i !== undefined) return [i, j];
      prims.set(x, j);
    }
  }
  return null;
}
