/**
 * Maps keyed by names taken from a spec. `map[key] = value` with the key `__proto__` sets the map's prototype
 * instead of adding a member (the member vanishes and every other look-up sees the value's keys), and
 * `map[key]` reads inherited members (`constructor`, `toString`) for names the spec never declared.
 */

/**
 * Adds `key` as an own member, whatever its name. Only `__proto__` needs `defineProperty` (assigning it
 * calls Object.prototype's setter); any other name is assigned, which V8 does several times faster (the
 * model of GitHub's spec makes hundreds of thousands of these).
 */
export function defineOwn<T>(map: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
  else map[key] = value;
}

/** The own member `key`; undefined for a name the map does not hold itself. */
export function own<T>(map: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}
