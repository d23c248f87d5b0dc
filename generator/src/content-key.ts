/**
 * A text that two values share exactly when they hold the same data: the key under which the watch keeps
 * what it computed from a value (emit-parallel/emit-cache.ts, emit/package/render-cache.ts). A leaf module.
 *
 * JSON, made exact where JSON is not: `undefined` (dropped, or `null` in an array), non-finite numbers and
 * -0 (`null`, `0`) are written as tags; Maps as their entries in order; an object met again (shared, or a
 * cycle) as a reference to its first appearance, so two values that share objects differently have
 * different keys. Tags start with a NUL and a nonce of this process, which no string of a spec holds.
 */
const TAG = `\u0000${Math.random().toString(36).slice(2)}`;

export function contentKey(value: unknown): string {
  const seen = new Map<object, number>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === undefined) return `${TAG}u`;
    if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? v : `${TAG}n${Object.is(v, -0) ? '-0' : v}`;
    if (typeof v === 'bigint') return `${TAG}b${v}`;
    if (v === null || typeof v !== 'object') return v;
    const id = seen.get(v);
    if (id !== undefined) return `${TAG}r${id}`;
    seen.set(v, seen.size);
    if (v instanceof Map) return { [`${TAG}map`]: [...v] };
    if (v instanceof Set) return { [`${TAG}set`]: [...v] };
    return v;
  });
}
