/**
 * `required` relaxed by a composite (OpenAPI 3.1 §4.8.24 across `allOf` parts). A member can be required by
 * one part (`Base = {required: [id], properties: {id: {type: string}}}`) and made readOnly by another
 * (`allOf: [{$ref: Base}, {properties: {id: {readOnly: true}}}]`): the composite's shape (the model's fact,
 * on the merged view) leaves `id` out of requests, so the part's own `required` must not demand it there.
 *
 * A relaxation is what a composite tells its parts: member name → the access the composite gives it. It is
 * worked out from the model's shape fact (never from the part's own keywords), travels in place to `allOf`
 * parts and `$ref` targets (a target compiled under one is a function variant of its own, keyed by the
 * relaxation's `key`), and never to child instances, alternatives or conditionals. Each part receives only
 * the members it would otherwise get wrong, so a part (or target) that already agrees is compiled as is.
 */
import type { Schema } from '../../../model/types.ts';

export type DirectionalAccess = 'readOnly' | 'writeOnly';

export interface Relaxation {
  /** Identity of the relaxation (part of a function variant's key and name). */
  readonly key: string;
  /** Member name → the access the composite gives it (readOnly: not required in requests; writeOnly: in responses). */
  readonly members: ReadonlyMap<string, DirectionalAccess>;
}

/** The part of the model's shape fact (model/facts/shape.ts) a relaxation is computed from. */
export interface ShapeView {
  readonly members: ReadonlyArray<{ readonly name: string; readonly required: boolean }>;
  readonly omitted: ReadonlyArray<string>;
  readonly closed: boolean;
}

export type ShapeOf = (schema: Schema, direction: 'request' | 'response') => ShapeView;

/** The direction a member of this access is left out of. */
function leftOutOf(access: DirectionalAccess): 'request' | 'response' {
  return access === 'readOnly' ? 'request' : 'response';
}

function relaxation(members: Map<string, DirectionalAccess>): Relaxation | undefined {
  if (!members.size) return undefined;
  const key = [...members].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, access]) => `${JSON.stringify(name)}${access === 'readOnly' ? 'r' : 'w'}`).join(',');
  return { key, members };
}

/**
 * True for a schema made of parts whose own shape can relax one of them: `allOf`, or a `$ref` with members of
 * its own beside it. (A bare `$ref`'s shape is its target's, which relaxes itself where it is compiled.)
 */
function composite(schema: Schema): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  return Array.isArray(schema.allOf) || (typeof schema.$ref === 'string' && (schema.properties !== undefined || schema.required !== undefined));
}

/**
 * The relaxation in effect at `schema`: the one handed down by an enclosing composite, plus the members the
 * schema's own shape leaves out of a direction when it is itself a composite.
 */
export function relaxationAt(shape: ShapeOf | undefined, schema: Schema, inherited: Relaxation | undefined): Relaxation | undefined {
  if (!shape || !composite(schema)) return inherited;
  const members = new Map(inherited?.members);
  for (const name of shape(schema, 'request').omitted) if (!members.has(name)) members.set(name, 'readOnly');
  for (const name of shape(schema, 'response').omitted) if (!members.has(name)) members.set(name, 'writeOnly');
  return members.size === (inherited?.members.size ?? 0) ? inherited : relaxation(members);
}

/**
 * What of `relax` a part (an `allOf` member or a `$ref` target) needs: the members it would require (or, closed,
 * accept) in the direction the composite leaves them out of. Those its own shape already leaves out are dropped.
 */
export function relaxationFor(shape: ShapeOf | undefined, part: Schema, relax: Relaxation | undefined): Relaxation | undefined {
  if (!shape || !relax) return undefined;
  const members = new Map<string, DirectionalAccess>();
  for (const [name, access] of relax.members) {
    const own = shape(part, leftOutOf(access));
    const member = own.members.find((m) => m.name === name);
    if (member && (member.required || own.closed)) members.set(name, access);
  }
  if (members.size === relax.members.size) return relax;
  return relaxation(members);
}
