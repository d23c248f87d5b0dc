/**
 * The meaning of a schema, independent of how it is written: `$ref`s followed, `allOf` members merged into
 * one schema where they can be, 3.0 `nullable` / 3.1 `type: [.., null]` / `anyOf: [X, {type: null}]` all
 * turned into one `nullable` flag. Comparing two views is what makes inline ↔ `$ref`, `allOf` wrapping and
 * nullable spellings report nothing.
 */
import { refKey } from '../../model/refs.ts';
import type { JsonType, Schema, SchemaObject } from '../../model/types.ts';
import { appendPointer } from '../../load/pointer.ts';
import type { SideModel } from '../side.ts';
import { mergeKeywords } from '../../model/facts/index.ts';

export interface View {
  /** Merged keywords (no `$ref`, `allOf` only for members that could not be merged, no null branch). */
  keywords: SchemaObject;
  /** Where the schema is written (bundled-document pointer). */
  ptr: string;
  /** Types without `null`; undefined means any type. */
  types?: Set<Exclude<JsonType, 'null'>>;
  nullable: boolean;
  /** The schema accepts nothing (`false`, contradictory `allOf`). */
  never: boolean;
  /** Component key when the schema is (only) a reference to one. */
  refKey?: string;
  /** For merged views: the pointer of the schema each keyword was taken from. */
  at?: Record<string, string>;
  /** For merged views: the pointer of each property's schema. */
  propAt?: Record<string, string>;
  /** For merged views: the component a property came from, when it came whole from one referenced member (null: mixed or inline). */
  propFrom?: Record<string, string | null>;
  /** For merged views: the components merged in (allOf members that were references, at any depth). */
  members?: Set<string>;
}

/** Pointer of the schema object a keyword of `view` is written in. */
export function keywordPointer(view: View, key: string): string {
  return view.at?.[key] ?? view.ptr;
}

/** Pointer of property `name` of `view`. */
export function propertyPointer(view: View, name: string): string {
  return view.propAt?.[name] ?? appendPointer(keywordPointer(view, 'properties'), 'properties', name);
}

/** Keywords that describe but do not constrain: a `$ref` with only these next to it is still just the reference. */
const ANNOTATIONS = new Set(['$ref', 'description', 'title', 'examples', 'example', '$comment', '$schema', '$id', '$anchor', 'externalDocs', 'xml']);

/** True when the schema is a `$ref` plus annotations only. */
export function pureRef(schema: Schema | undefined): string | undefined {
  if (!schema || typeof schema !== 'object' || typeof schema.$ref !== 'string') return undefined;
  for (const key of Object.keys(schema)) if (!ANNOTATIONS.has(key) && !key.startsWith('x-')) return undefined;
  return refKey(schema.$ref);
}

function isNullSchema(schema: Schema): boolean {
  if (typeof schema !== 'object') return false;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null')) return true;
  if (schema.const === null) return true;
  return Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
}

/**
 * A schema that is `anyOf`/`oneOf` of exactly one other schema and a null schema (the model's spelling of
 * 3.0 `nullable` next to a `$ref` or without a `type`): returns the other member. Annotations next to the
 * composition are kept on the caller's side.
 */
export function nullWrapped(schema: Schema | undefined): Schema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const list = schema.anyOf ?? schema.oneOf;
  if (!list || list.length !== 2 || (schema.anyOf && schema.oneOf)) return undefined;
  for (const key of Object.keys(schema)) if (key !== 'anyOf' && key !== 'oneOf' && !ANNOTATIONS.has(key) && !key.startsWith('x-') && key !== 'deprecated' && key !== 'readOnly' && key !== 'writeOnly' && key !== 'default') return undefined;
  const nulls = list.filter(isNullSchema);
  if (nulls.length !== 1) return undefined;
  return list.find((match) => !isNullSchema(match));
}

function typeSet(type: SchemaObject['type']): { types?: Set<Exclude<JsonType, 'null'>>; nullable: boolean } {
  if (type === undefined) return { nullable: false };
  const list = Array.isArray(type) ? type : [type];
  const types = new Set<Exclude<JsonType, 'null'>>();
  for (const type of list) if (type !== 'null') types.add(type as Exclude<JsonType, 'null'>);
  return { types, nullable: list.includes('null') };
}

function intersectTypes(before: Set<Exclude<JsonType, 'null'>> | undefined, after: Set<Exclude<JsonType, 'null'>> | undefined): Set<Exclude<JsonType, 'null'>> | undefined {
  if (!before) return after;
  if (!after) return before;
  const out = new Set<Exclude<JsonType, 'null'>>();
  for (const type of before) {
    if (after.has(type)) out.add(type);
    else if (type === 'integer' && after.has('number')) out.add('integer');
    else if (type === 'number' && after.has('integer')) out.add('integer');
  }
  return out;
}

/** Per side: schema object → view (views are immutable once built). */
const cache = new WeakMap<object, Map<string, View>>();

/** The view of `schema` written at `ptr` on `side`. */
export function viewOf(schema: Schema, ptr: string, side: SideModel, depth = 0): View {
  if (typeof schema === 'boolean') return schema ? { keywords: {}, ptr, nullable: true, never: false } : { keywords: {}, ptr, nullable: false, never: true };
  let perObject = cache.get(schema);
  const cacheKey = side.name + '\0' + ptr;
  const hit = perObject?.get(cacheKey);
  if (hit) return hit;
  const view = build(schema, ptr, side, depth);
  if (!perObject) cache.set(schema, (perObject = new Map()));
  perObject.set(cacheKey, view);
  return view;
}

function build(schema: SchemaObject, ptr: string, side: SideModel, depth: number): View {
  if (depth > 40) return { keywords: {}, ptr, nullable: true, never: false };
  // A reference: the target's view, with any non-annotation siblings merged in (3.1 allows them).
  if (typeof schema.$ref === 'string') {
    const key = refKey(schema.$ref);
    const named = key !== undefined ? side.schemas.get(key) : undefined;
    const target: View = named ? viewOf(named.schema, named.pointer, side, depth + 1) : { keywords: {}, ptr, nullable: true, never: false };
    const { $ref: _ref, ...siblings } = schema;
    const pure = pureRef(schema) !== undefined;
    if (pure) return { ...target, refKey: key };
    const own = build(siblings, ptr, side, depth + 1);
    return mergeAllOf([own, target], ptr);
  }
  // Unwrap the null branch of anyOf/oneOf.
  const inner = nullWrapped(schema);
  if (inner !== undefined) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    const which = schema.anyOf ? 'anyOf' : 'oneOf';
    const index = (schema[which] as Schema[]).indexOf(inner);
    const innerView = viewOf(inner, appendPointer(ptr, which, index), side, depth + 1);
    const restView = build(rest, ptr, side, depth + 1);
    const merged = mergeAllOf([restView, innerView], ptr);
    return { ...merged, nullable: true };
  }
  const distributed = distributeUnion(schema);
  if (distributed) return build(distributed, ptr, side, depth + 1);
  const { allOf, ...own } = schema;
  const { types, nullable: typeNull } = typeSet(own.type);
  let schemaView: SchemaObject = own;
  let nullable = typeNull;
  if (Array.isArray(schemaView.enum) && schemaView.enum.includes(null)) {
    nullable = true;
    schemaView = { ...schemaView, enum: schemaView.enum.filter((view) => view !== null) };
  }
  const base: View = { keywords: schemaView, ptr, types, nullable, never: false };
  if (!allOf || allOf.length === 0) return base;
  const members = allOf.map((match, i) => viewOf(match, appendPointer(ptr, 'allOf', i), side, depth + 1));
  return mergeAllOf([base, ...members], ptr);
}

/** Keys of an alternative that only lists required properties (annotations aside). */
const REQUIRED_ONLY = new Set(['required', 'description', 'title', '$comment']);

/**
 * `{type: object, properties: {...}, anyOf: [{required: [a]}, {required: [b]}]}` is the same set of values as
 * `anyOf` of the two complete objects (`allOf` distributes over `anyOf`/`oneOf`): written either way, it is
 * compared as the union of complete alternatives, so rewriting one as the other reports nothing. Only
 * alternatives that list nothing but `required` are distributed: merging them into the siblings is exact.
 */
function distributeUnion(schema: SchemaObject): SchemaObject | undefined {
  const kind = schema.anyOf ? 'anyOf' : schema.oneOf ? 'oneOf' : undefined;
  if (!kind || (schema.anyOf && schema.oneOf)) return undefined;
  const list = schema[kind]!;
  const { [kind]: _list, ...siblings } = schema;
  if (!Object.keys(siblings).some((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))) return undefined;
  if (!list.every((member) => typeof member === 'object' && Array.isArray(member.required) && Object.keys(member).every((key) => REQUIRED_ONLY.has(key)))) return undefined;
  const { description: _d, title: _t, ...constraints } = siblings;
  const alternatives = list.map((member) => {
    const required = [...new Set([...(constraints.required ?? []), ...((member as SchemaObject).required ?? [])])];
    return { ...constraints, required } as SchemaObject;
  });
  return { ...(siblings.description !== undefined ? { description: siblings.description } : {}), [kind]: alternatives };
}

/** `type` is merged as a type set here (`types`, `nullable`), not as a keyword. */
const MERGED_ELSEWHERE = new Set(['type']);

/** `allOf` semantics: one schema satisfied exactly when all the members are, as far as keywords allow. */
export function mergeAllOf(views: View[], ptr: string): View {
  // Members that only annotate (description, title, examples...) do not change what is accepted.
  const real = views.filter((view) => view.types || view.never || view.refKey || Object.keys(view.keywords).some((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-')));
  if (real.length === 0) return { keywords: {}, ptr, nullable: views.some((view) => view.nullable), never: false };
  if (real.length === 1) return real[0];
  let types: Set<Exclude<JsonType, 'null'>> | undefined;
  let constrainsType = false;
  let nullable = true;
  let anyNullFlag = false;
  let never = false;
  const at: Record<string, string> = {};
  const propAt: Record<string, string> = {};
  const propFrom: Record<string, string | null> = {};
  const members = new Set<string>();
  for (const member of views) {
    if (member.refKey !== undefined) members.add(member.refKey);
    for (const key of member.members ?? []) members.add(key);
    never ||= member.never;
    if (member.types) {
      types = intersectTypes(types, member.types);
      constrainsType = true;
      nullable &&= member.nullable;
    } else if (member.keywords.enum || member.keywords.const !== undefined) {
      nullable &&= member.nullable;
      constrainsType = true;
    }
    anyNullFlag ||= member.nullable;
    for (const name of Object.keys(member.keywords.properties ?? {})) {
      if (name in propAt) {
        propFrom[name] = null;
        continue;
      }
      propAt[name] = propertyPointer(member, name);
      propFrom[name] = member.refKey ?? member.propFrom?.[name] ?? null;
    }
  }
  // The keywords themselves merge as the model's allOf fact merges them; `at` records where each came from.
  const merged = mergeKeywords(
    views.map((member) => member.keywords),
    { ignore: MERGED_ELSEWHERE, onTake: (key, index) => (at[key] = keywordPointer(views[index], key)) },
  );
  never ||= merged.never;
  if (!constrainsType) nullable = anyNullFlag;
  if (types && types.size === 0 && !nullable) never = true;
  return { keywords: merged.schema, ptr, types, nullable, never, at, propAt, propFrom, members };
}

/** `a` ⊆ `b` for type sets (integer ⊆ number). */
export function typesSubset(before: Set<string>, after: Set<string>): boolean {
  for (const type of before) if (!after.has(type) && !(type === 'integer' && after.has('number'))) return false;
  return true;
}

