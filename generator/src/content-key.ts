/**
 * A text that two values share exactly when they hold the same data: the key under which the watch keeps
 * what it computed from a value (emit-parallel/emit-cache.ts, emit/package/render-cache.ts). A leaf module.
 *
 * JSON, made exact where JSON is not: `undefined` (dropped, or `null` in an array), non-finite numbers, -0
 * and bigints are written as tags; Maps and Sets as their entries in order, Dates and RegExps by their
 * text; an object met again (shared, or a cycle) as a reference to its first appearance, so two values that
 * share objects differently have different keys. Tags start with a NUL and a nonce of this process, which
 * no string of a spec holds. A value holding anything else (a function, a class instance) has no key:
 * undefined, and whoever asked computes afresh.
 */
const TAG = `\u0000${Math.random().toString(36).slice(2)}`;

class Unkeyable extends Error {}

/**
 * `substitute`: what to key instead of a member's value (its holder, name and value), for a key blind to
 * some of the data (emit-parallel/annotation-blind.ts); by default the value itself.
 */
export type Substitute = (holder: object, key: string, value: unknown) => unknown;

export function contentKey(value: unknown, substitute?: Substitute): string | undefined {
  const seen = new Map<object, number>();
  try {
    return JSON.stringify(value, function (this: object, key: string, original: unknown) {
      const v = substitute ? substitute(this, key, original) : original;
      if (v === undefined) return `${TAG}u`;
      if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? v : `${TAG}n${Object.is(v, -0) ? '-0' : v}`;
      if (typeof v === 'bigint') return `${TAG}b${v}`;
      if (typeof v === 'function' || typeof v === 'symbol') throw new Unkeyable();
      if (v === null || typeof v !== 'object') return v;
      const id = seen.get(v);
      if (id !== undefined) return `${TAG}r${id}`;
      seen.set(v, seen.size);
      if (v instanceof Map) return { [`${TAG}map`]: [...v] };
      if (v instanceof Set) return { [`${TAG}set`]: [...v] };
      if (v instanceof Date) return `${TAG}d${v.getTime()}`;
      if (v instanceof RegExp) return `${TAG}x${String(v)}`;
      const prototype = Object.getPrototypeOf(v) as unknown;
      if (prototype !== Object.prototype && prototype !== null && !Array.isArray(v)) throw new Unkeyable();
      return v;
    });
  } catch (error) {
    if (error instanceof Unkeyable) return undefined;
    throw error;
  }
}
