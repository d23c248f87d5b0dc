/**
 * Object keywords: properties (added, removed, required, readOnly/writeOnly by direction, deprecated with
 * sunset), additionalProperties, patternProperties, propertyNames, property counts, dependentRequired /
 * dependentSchemas, unevaluatedProperties.
 */
import { appendPointer } from '../../load/pointer.ts';
import type { Schema } from '../../model/types.ts';
import { schemaRef } from '../../model/refs.ts';
import { joinPath, subject, type DiffContext, type SchemaCtx } from '../context.ts';
import { removal } from '../sunset.ts';
import { compareSchemas, componentView, kw } from './compare.ts';
import { bound } from './scalars.ts';
import { propertyPointer, viewOf, type View } from './view.ts';

interface PropertyFlags {
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  sunset: unknown;
}

function flags(schema: Schema, ptr: string, dc: DiffContext, side: 'base' | 'head'): PropertyFlags {
  const view = viewOf(schema, ptr, side === 'base' ? dc.base : dc.head);
  return { readOnly: view.keywords.readOnly === true, writeOnly: view.keywords.writeOnly === true, deprecated: view.keywords.deprecated === true, sunset: view.keywords['x-sunset'] };
}

export function compareObjects(dc: DiffContext, baseView: View, headView: View, ctx: SchemaCtx): void {
  const propsA = baseView.keywords.properties ?? {};
  const propsB = headView.keywords.properties ?? {};
  const reqA = new Set(baseView.keywords.required ?? []);
  const reqB = new Set(headView.keywords.required ?? []);
  const request = ctx.dir === 'request';
  const names = [...new Set([...Object.keys(propsB), ...Object.keys(propsA)])];
  const delegated = new Set<string>();
  /** Names this schema compares itself while it has them on both sides (see SchemaCtx.covered). */
  const ownBoth: string[] = [];
  for (const name of names) {
    // The schema extending this one compares the property itself; that it moved in or out of this
    // component changes only the component's own generated type.
    if (ctx.path === '' && ctx.covered?.has(name)) {
      const inBase = Object.hasOwn(propsA, name);
      if (inBase !== Object.hasOwn(propsB, name)) {
        const typeName = ctx.typeNames[0] ? ` (the generated type \`${ctx.typeNames[0]}\` ${inBase ? 'loses' : 'gains'} it)` : '';
        dc.add({ id: 'property-moved-within-all-of', message: `${subject({ ...ctx, path: joinPath(ctx.path, name) })}: ${inBase ? 'moved out of this component into another member' : 'moved into this component from another member'} of the \`allOf\` that uses it — the schema that extends it still has it, so nothing sent or received changes${typeName}`, scope: ctx.scope, basePtr: inBase ? propertyPointer(baseView, name) : undefined, headPtr: inBase ? undefined : propertyPointer(headView, name), anchorPtr: inBase ? headView.ptr : undefined, where: `${ctx.label}|${joinPath(ctx.path, name)}`, typeNames: ctx.typeNames });
      }
      continue;
    }
    const pa = Object.prototype.hasOwnProperty.call(propsA, name) ? propsA[name] : undefined;
    const pb = Object.prototype.hasOwnProperty.call(propsB, name) ? propsB[name] : undefined;
    // A property that comes whole from a component merged in on both sides (allOf: [$ref X, ...]) is
    // compared once, in X, not again in every schema that extends X.
    const owner = delegate(dc, baseView, headView, name, pa !== undefined, pb !== undefined, reqA, reqB);
    if (owner !== undefined) {
      delegated.add(owner);
      continue;
    }
    if (pa !== undefined && pb !== undefined) ownBoth.push(name);
    const ptrA = propertyPointer(baseView, name);
    const ptrB = propertyPointer(headView, name);
    const path = joinPath(ctx.path, name);
    const at = { ...ctx, path };
    const fa = pa !== undefined ? flags(pa, ptrA, dc, 'base') : undefined;
    const fb = pb !== undefined ? flags(pb, ptrB, dc, 'head') : undefined;
    const visA = fa !== undefined && !(request ? fa.readOnly : fa.writeOnly);
    const visB = fb !== undefined && !(request ? fb.readOnly : fb.writeOnly);
    const where = `${ctx.label}|${path}`;
    const add = (id: string, message: string, basePtr: string | undefined, headPtr: string | undefined, anchorPtr?: string): void =>
      dc.add({ id, message: `${subject(at)}: ${message}`, scope: ctx.scope, basePtr, headPtr, anchorPtr, where, typeNames: ctx.typeNames });
    if (pa === undefined) {
      if (!visB) continue;
      if (request) {
        if (reqB.has(name)) add('new-required-request-property', 'new required property — existing requests do not send it and will be rejected', undefined, ptrB);
        else add('new-optional-request-property', 'new optional property', undefined, ptrB);
      } else add(reqB.has(name) ? 'response-required-property-added' : 'response-optional-property-added', `new ${reqB.has(name) ? 'required' : 'optional'} property`, undefined, ptrB);
      continue;
    }
    if (pb === undefined) {
      if (!visA) continue;
      const verdict = removal(fa!.deprecated, fa!.sunset, dc.now);
      const id = `${ctx.dir}-property-removed${verdict.suffix}`;
      const consequence = request ? 'the server may ignore or reject it when clients still send it' : 'clients reading it get `undefined`';
      add(id, `property was removed; ${verdict.note}${verdict.suffix === '-after-sunset' ? '' : ` — ${consequence}`}`, ptrA, undefined, headView.ptr);
      continue;
    }
    if (visA && !visB) {
      if (request) add('request-property-became-read-only', 'became readOnly — clients should stop sending it; the server may ignore or reject it', ptrA, ptrB);
      else add('response-property-became-write-only', 'became writeOnly — it is no longer returned; clients reading it get `undefined`', ptrA, ptrB);
      continue;
    }
    if (!visA && visB) {
      if (request) {
        if (reqB.has(name)) add('new-required-request-property', 'was readOnly and is now a required request property — existing requests do not send it', ptrA, ptrB);
        else add('request-property-became-not-read-only', 'is no longer readOnly: clients may now send it', ptrA, ptrB);
      } else add('response-property-became-not-write-only', 'is no longer writeOnly: it is now returned', ptrA, ptrB);
      continue;
    }
    if (!visA && !visB) continue;
    const ra = reqA.has(name);
    const rb = reqB.has(name);
    if (ra !== rb) {
      if (request) add(rb ? 'request-property-became-required' : 'request-property-became-optional', rb ? 'became required — existing requests that omit it will be rejected' : 'became optional', ptrA, ptrB);
      else add(rb ? 'response-property-became-required' : 'response-property-became-optional', rb ? 'became required (always returned)' : 'became optional — clients relying on it may get `undefined`', ptrA, ptrB);
    }
    compareSchemas(dc, pa, ptrA, pb, ptrB, at);
  }
  for (const key of delegated) {
    const baseComponent = dc.base.schemas.get(key)!;
    const headComponent = dc.head.schemas.get(key)!;
    // A property the component gained or lost that this schema has on both sides (moved between its
    // members) is compared here, not reported as added to or removed from the component.
    const inComponent = (name: string): boolean => Object.hasOwn(componentView(dc, 'base', key)?.keywords.properties ?? {}, name) || Object.hasOwn(componentView(dc, 'head', key)?.keywords.properties ?? {}, name);
    const covered = new Set(ownBoth.filter(inComponent));
    compareSchemas(dc, { $ref: schemaRef(key) }, baseComponent.pointer, { $ref: schemaRef(key) }, headComponent.pointer, { ...ctx, role: 'property', path: '', covered });
  }
  // Required names without a property definition on either side.
  for (const name of new Set([...reqA, ...reqB])) {
    if (name in propsA || name in propsB) continue;
    const ra = reqA.has(name);
    const rb = reqB.has(name);
    if (ra === rb) continue;
    const at = { ...ctx, path: joinPath(ctx.path, name) };
    const id = request ? (rb ? 'request-property-became-required' : 'request-property-became-optional') : rb ? 'response-property-became-required' : 'response-property-became-optional';
    dc.add({ id, message: `${subject(at)}: ${rb ? 'became required' : 'became optional'} (listed in \`required\`, not declared in \`properties\`)`, scope: ctx.scope, basePtr: kw(baseView, 'required'), headPtr: kw(headView, 'required'), where: `${ctx.label}|${at.path}`, typeNames: ctx.typeNames });
  }

  compareAdditional(dc, baseView, headView, ctx, 'additionalProperties', '{*}');
  compareUnevaluated(dc, baseView, headView, ctx, 'unevaluatedProperties', '{unevaluated}');
  bound(dc, ctx, baseView, headView, 'max', 'properties', 'maxProperties');
  bound(dc, ctx, baseView, headView, 'min', 'properties', 'minProperties');
  compareSubschemaMap(dc, baseView, headView, ctx, 'patternProperties', 'pattern-property', (pattern) => `{/${pattern}/}`, (pattern) => `properties matching /${pattern}/`);
  comparePropertyNames(dc, baseView, headView, ctx);
  const dra = baseView.keywords.dependentRequired ?? {};
  const drb = headView.keywords.dependentRequired ?? {};
  for (const key of new Set([...Object.keys(dra), ...Object.keys(drb)])) {
    const before = new Set(dra[key] ?? []);
    const after = new Set(drb[key] ?? []);
    const added = [...after].filter((first) => !before.has(first));
    const removed = [...before].filter((first) => !after.has(first));
    if (added.length) dc.facet(ctx, 'dependent-required-added', kw(baseView, 'dependentRequired'), kw(headView, 'dependentRequired'), `when \`${key}\` is present, ${added.map((first) => `\`${first}\``).join(', ')} must now be present too`, `${key}+${added.join(',')}`);
    if (removed.length) dc.facet(ctx, 'dependent-required-removed', kw(baseView, 'dependentRequired'), kw(headView, 'dependentRequired'), `when \`${key}\` is present, ${removed.map((first) => `\`${first}\``).join(', ')} no longer has to be present`, `${key}-${removed.join(',')}`);
  }
  compareSubschemaMap(dc, baseView, headView, ctx, 'dependentSchemas', 'dependent-schema', (key) => `<if ${key}>`, (key) => `objects with \`${key}\``);
}

/**
 * `patternProperties` / `dependentSchemas`: a keyed list of schemas that each add constraints. A new key
 * constrains more values (narrowing), a removed one fewer (widening); a key on both sides is compared in the
 * direction of the whole.
 */
function compareSubschemaMap(dc: DiffContext, base: View, head: View, ctx: SchemaCtx, keyword: 'patternProperties' | 'dependentSchemas', facet: string, segment: (key: string) => string, what: (key: string) => string): void {
  const before = (base.keywords[keyword] ?? {}) as Record<string, Schema>;
  const after = (head.keywords[keyword] ?? {}) as Record<string, Schema>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const baseSchema = before[key];
    const headSchema = after[key];
    if (baseSchema === undefined) dc.facet(ctx, `${facet}-added`, kw(base, keyword), kw(head, keyword), `${keyword} now constrains ${what(key)}`, key);
    else if (headSchema === undefined) dc.facet(ctx, `${facet}-removed`, kw(base, keyword), kw(head, keyword), `${keyword} no longer constrains ${what(key)}`, key);
    else compareSchemas(dc, baseSchema, appendPointer(kw(base, keyword), key), headSchema, appendPointer(kw(head, keyword), key), { ...ctx, path: joinPath(ctx.path, segment(key)) });
  }
}

/** `propertyNames`: a schema every property name must match; compared like a string schema in the same direction. */
function comparePropertyNames(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  const before = base.keywords.propertyNames;
  const after = head.keywords.propertyNames;
  if (before === undefined && after === undefined) return;
  if (before === undefined || before === true) {
    if (after !== true) dc.facet(ctx, 'property-names-added', base.ptr, kw(head, 'propertyNames'), 'property names are now restricted (propertyNames)');
    return;
  }
  if (after === undefined || after === true) {
    dc.facet(ctx, 'property-names-removed', kw(base, 'propertyNames'), head.ptr, 'property names are no longer restricted (propertyNames)');
    return;
  }
  compareSchemas(dc, before, kw(base, 'propertyNames'), after, kw(head, 'propertyNames'), { ...ctx, path: joinPath(ctx.path, '{names}') });
}

/**
 * `unevaluatedProperties` / `unevaluatedItems`: absent or `true` accepts anything left over; `false` or a
 * schema constrains it. Becoming constrained narrows, becoming unconstrained widens, two schemas are compared.
 */
export function compareUnevaluated(dc: DiffContext, base: View, head: View, ctx: SchemaCtx, keyword: 'unevaluatedProperties' | 'unevaluatedItems', segment: string): void {
  const before = base.keywords[keyword] as Schema | undefined;
  const after = head.keywords[keyword] as Schema | undefined;
  const freeBefore = before === undefined || before === true;
  const freeAfter = after === undefined || after === true;
  if (freeBefore && freeAfter) return;
  const what = keyword === 'unevaluatedProperties' ? 'properties' : 'items';
  if (freeBefore) dc.facet(ctx, 'unevaluated-added', base.ptr, kw(head, keyword), `${keyword} now constrains the ${what} no other keyword covers`, what);
  else if (freeAfter) dc.facet(ctx, 'unevaluated-removed', kw(base, keyword), head.ptr, `${keyword} no longer constrains the ${what} no other keyword covers`, what);
  else compareSchemas(dc, before!, kw(base, keyword), after!, kw(head, keyword), { ...ctx, path: joinPath(ctx.path, segment) });
}

/** The component that owns property `name` on both sides, when the comparison can be left to it. */
function delegate(dc: DiffContext, baseView: View, headView: View, name: string, inA: boolean, inB: boolean, reqA: Set<string>, reqB: Set<string>): string | undefined {
  const owner = (inA ? baseView.propFrom?.[name] : undefined) ?? (inB ? headView.propFrom?.[name] : undefined);
  if (!owner || !baseView.members?.has(owner) || !headView.members?.has(owner)) return undefined;
  if (inA && baseView.propFrom?.[name] !== owner) return undefined;
  if (inB && headView.propFrom?.[name] !== owner) return undefined;
  const ca = componentView(dc, 'base', owner);
  const cb = componentView(dc, 'head', owner);
  if (!ca || !cb) return undefined;
  // The component must decide requiredness too (an extending schema may require what the component does not).
  if (reqA.has(name) !== (ca.keywords.required ?? []).includes(name)) return undefined;
  if (reqB.has(name) !== (cb.keywords.required ?? []).includes(name)) return undefined;
  return owner;
}

function compareAdditional(dc: DiffContext, base: View, head: View, ctx: SchemaCtx, key: 'additionalProperties', segment: string): void {
  const before = base.keywords[key];
  const after = head.keywords[key];
  if (before === undefined && after === undefined) return;
  const fa = before === false;
  const fb = after === false;
  if (fa !== fb) {
    if (fb) dc.facet(ctx, 'additional-properties-disallowed', kw(base, key), kw(head, key), 'additionalProperties became false: properties not listed are rejected');
    else dc.facet(ctx, 'additional-properties-allowed', kw(base, key), kw(head, key), 'additionalProperties is no longer false: objects may carry properties not listed');
    return;
  }
  if (fa) return;
  const sa = before === undefined ? true : before;
  const sb = after === undefined ? true : after;
  if (sa === true && sb === true) return;
  compareSchemas(dc, sa, before !== undefined ? kw(base, key) : base.ptr, sb, after !== undefined ? kw(head, key) : head.ptr, { ...ctx, path: joinPath(ctx.path, segment) });
}
