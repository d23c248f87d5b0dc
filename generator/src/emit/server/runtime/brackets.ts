/**
 * Bracket keys back into values: the `deepObject` spellings of Rails and the npm `qs` package (what
 * Stripe's SDK and `qs.stringify` send) for query parameters and form members — `name[key]=v`, nested
 * `name[a][b]=v`, array items by index `name[0]=v` (sparse indexes compacted, in index order) or appended
 * `name[]=v`, and for a member the schema makes an array also the bare name repeated (`name=a&name=b`) or
 * comma-separated (`name=a,b`). The schema's coercion decides whether a level is an array or an object;
 * where it does not say, a level whose keys are all indexes (or `[]`) is an array, as qs reads it. Member
 * names `__proto__`, `constructor` and `prototype` are dropped; nesting deeper than the limit is refused.
 */
import type { Coercion } from './types.js';

/** A text as the coercion makes it (params.ts `coerceScalar`, passed in: params.ts imports this module). */
export type Coerce = (text: string, coercion: Coercion) => unknown;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const INDEX = /^(?:0|[1-9][0-9]{0,8})$/;

/** The levels of nesting a bracket key may have when the caller gives no limit. */
export const DEFAULT_BRACKET_DEPTH = 32;

/** A key nested deeper than allowed; the message reads after "is" (`nested more than 32 levels deep`). */
export class BracketError extends Error {}

/**
 * `name[a][b]` → `['a', 'b']`, `name` → `[]`; undefined when the key is not `name` or a bracket path under
 * it. Brackets nest inside a member name (`name[a[b]]` → `['a[b]']`, as qs reads it). Throws a
 * `BracketError` past `maxDepth` levels.
 */
export function bracketPath(key: string, name: string, maxDepth: number): string[] | undefined {
  if (key === name) return [];
  if (!key.startsWith(name + '[') || !key.endsWith(']')) return undefined;
  const path: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = name.length; i < key.length; i++) {
    const ch = key[i];
    if (ch === '[') {
      if (depth++ === 0) start = i + 1;
    } else if (ch === ']') {
      if (depth === 0) return undefined;
      if (--depth === 0) path.push(key.slice(start, i));
    } else if (depth === 0) return undefined;
  }
  if (depth !== 0) return undefined;
  if (path.length > maxDepth) throw new BracketError(`nested more than ${maxDepth} levels deep`);
  return path;
}

interface Node {
  texts: string[];
  kids: Map<string, Node>;
}

const node = (): Node => ({ texts: [], kids: new Map() });

/**
 * The value of one name from its bracket keys (`[path, texts]` per key, in the order they arrived, paths
 * from `bracketPath`), coerced by `coerce`; undefined when there are none.
 */
export function decodeBrackets(
  keys: Iterable<[string[], string[]]>,
  coerce: Coercion | undefined,
  scalar: Coerce,
): unknown {
  const root = node();
  let any = false;
  for (const [path, texts] of keys) {
    if (path.some((k) => FORBIDDEN.has(k))) continue;
    let at = root;
    for (const k of path) {
      let next = at.kids.get(k);
      if (!next) at.kids.set(k, (next = node()));
      at = next;
    }
    at.texts.push(...texts);
    any = true;
  }
  return any ? valueOf(root, coerce, (t, c) => (c ? scalar(t, c) : t)) : undefined;
}

type Scalar = (text: string, c: Coercion | undefined) => unknown;

function valueOf(n: Node, c: Coercion | undefined, scalar: Scalar): unknown {
  if (n.kids.size === 0) return leaf(n.texts, c, scalar);
  const asArray =
    c?.type === 'array' || (c?.type !== 'object' && [...n.kids.keys()].every((k) => k === '' || INDEX.test(k)));
  if (asArray) {
    const items = c?.type === 'array' ? c.items : undefined;
    const out: unknown[] = n.texts.map((t) => scalar(t, items));
    const indexed = [...n.kids].filter(([k]) => k !== '').sort(([a], [b]) => Number(a) - Number(b));
    for (const [, kid] of indexed) out.push(valueOf(kid, items, scalar));
    // `name[]=a&name[]=b`: each text an item; `name[][k]=v`: one object item.
    const appended = n.kids.get('');
    if (appended) {
      if (appended.kids.size) out.push(valueOf(appended, items, scalar));
      else out.push(...appended.texts.map((t) => scalar(t, items)));
    }
    return out;
  }
  const obj: Record<string, unknown> = {};
  const properties = c?.type === 'object' ? c.properties : undefined;
  for (const [k, kid] of n.kids) {
    const pc = properties && Object.prototype.hasOwnProperty.call(properties, k) ? properties[k] : undefined;
    Object.defineProperty(obj, k, {
      value: valueOf(kid, pc, scalar),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return obj;
}

/** The texts of a key without brackets under it: a list where the schema says so or the key repeats. */
function leaf(texts: string[], c: Coercion | undefined, scalar: Scalar): unknown {
  if (c?.type === 'array') {
    // qs's `comma` format: one bare `name=a,b`.
    const list =
      texts.length === 1 && texts[0]!.includes(',') && c.items.type !== 'json' ? texts[0]!.split(',') : texts;
    return list.map((t) => scalar(t, c.items));
  }
  return texts.length === 1 ? scalar(texts[0]!, c) : texts.map((t) => scalar(t, c));
}
