/**
 * A short hash of what a schema accepts, ignoring annotations and how references are named: two schemas
 * with the same hash have the same shape. Used to match `oneOf` branches, to recognize renamed components
 * and to find changed components that no operation uses.
 */
import { createHash } from 'node:crypto';
import { refKey } from '../../model/refs.ts';
import type { Schema } from '../../model/types.ts';
import type { SideModel } from '../side.ts';
import { canonical } from './canonical.ts';

/** Not part of the shape. */
const IGNORED = new Set(['description', 'title', 'examples', 'example', '$comment', '$schema', '$id', '$anchor', 'externalDocs', 'xml']);
/** Keywords whose value is data, not schemas. */
const DATA = new Set(['enum', 'const', 'default', 'x-extensible-enum', 'x-enum-incomplete', 'x-sunset', 'required', 'type']);

const memo = new WeakMap<object, string>();
const keyMemo = new WeakMap<SideModel, Map<string, string>>();

export function shapeHash(schema: Schema | undefined, side: SideModel): string {
  return hashNode(schema, side, new Set());
}

/** Hash of a component schema by key. */
export function componentHash(key: string, side: SideModel): string {
  return hashRef(key, side, new Set());
}

function hashRef(key: string, side: SideModel, active: Set<string>): string {
  let byKey = keyMemo.get(side);
  if (!byKey) keyMemo.set(side, (byKey = new Map()));
  const known = byKey.get(key);
  if (known) return known;
  if (active.has(key)) return '@cycle';
  const named = side.schemas.get(key);
  if (!named) return '@missing';
  active.add(key);
  const hash = hashNode(named.schema, side, active);
  active.delete(key);
  byKey.set(key, hash);
  return hash;
}

function hashNode(node: unknown, side: SideModel, active: Set<string>): string {
  if (node === undefined) return 'U';
  if (node === null || typeof node !== 'object') return JSON.stringify(node);
  const known = memo.get(node);
  if (known) return known;
  let text: string;
  if (Array.isArray(node)) text = '[' + node.map((name) => hashNode(name, side, active)).join(',') + ']';
  else {
    const record = node as Record<string, unknown>;
    const parts: string[] = [];
    if (typeof record.$ref === 'string') {
      const key = refKey(record.$ref);
      parts.push('$ref:' + (key !== undefined ? hashRef(key, side, active) : record.$ref));
    }
    for (const key of Object.keys(record).sort()) {
      if (key === '$ref' || IGNORED.has(key) || (key.startsWith('x-') && !DATA.has(key))) continue;
      const value = record[key];
      if (DATA.has(key)) parts.push(key + ':' + canonicalSet(key, value));
      else if (key === 'discriminator') parts.push(key + ':' + canonical((value as { propertyName?: unknown })?.propertyName));
      else if ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && Array.isArray(value)) parts.push(key + ':[' + value.map((match) => hashNode(match, side, active)).sort().join(',') + ']');
      else parts.push(key + ':' + hashNode(value, side, active));
    }
    text = '{' + parts.join(',') + '}';
  }
  const hash = text.length > 40 ? createHash('sha1').update(text).digest('base64').slice(0, 20) : text;
  if (!active.size) memo.set(node, hash);
  return hash;
}

/** enum / required / type compare as sets. */
function canonicalSet(key: string, value: unknown): string {
  if (key === 'type' && typeof value === 'string') value = [value];
  if ((key === 'enum' || key === 'required' || key === 'type' || key === 'x-extensible-enum') && Array.isArray(value)) return '[' + value.map(canonical).sort().join(',') + ']';
  return canonical(value);
}
