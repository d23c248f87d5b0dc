/** Collectors of evaluated properties and items, for unevaluatedProperties / unevaluatedItems. */

/** Properties evaluated so far (for unevaluatedProperties): all of them, or these keys. */
export interface _EvP {
  a: boolean;
  k: Record<string, true>;
}

/** Items evaluated so far (for unevaluatedItems): the first n, plus these indices. */
export interface _EvI {
  n: number;
  c: Record<number, true>;
}

export function _evp(): _EvP {
  return { a: false, k: Object.create(null) };
}

export function _evi(): _EvI {
  return { n: 0, c: Object.create(null) };
}

export function _mrgp(into: _EvP, from: _EvP): void {
  if (from.a) into.a = true;
  for (const k in from.k) into.k[k] = true;
}

export function _mrgi(into: _EvI, from: _EvI): void {
  if (from.n > into.n) into.n = from.n;
  for (const k in from.c) into.c[k as unknown as number] = true;
}
