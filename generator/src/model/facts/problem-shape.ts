/**
 * The shape an operation's error responses give problem documents, so the server's own problems (validation
 * failures, credentials, limits; the mock's too) are answered in it instead of plain RFC 9457 where the spec
 * declares one. For every declared `4xx`, `4XX` and `default` response with a JSON schema, the variants the
 * schema allows (the branches of a `oneOf`/`anyOf`, the targets of a discriminator mapping, else the schema
 * itself), each with the members its schema fixes (`const`, a one-value `enum`, a required member's `enum`
 * or `default`) and the RFC 9457 members it can carry (`type`, `title`, `status`, `detail`, `instance`,
 * `errors`: declared with a compatible JSON type, or allowed as additional members). A variant with a
 * required member that is neither fixed nor one of those cannot be filled and is left out; a `400`
 * answer (the validation errors) whose schema leaves no variant is a warning at the schema
 * (`problemShapeWarnings`). The server runtime picks a variant by the status and the purpose of its problem
 * and checks the filled body with the operation's response validator before sending it (runtime/shape.ts).
 */
import { appendPointer } from '../../load/pointer.ts';
import type { ApiModel, JsonValue, OperationModel, ResponseModel, Schema, SchemaObject } from '../types.ts';
import { factsOf, type SchemaFacts } from './index.ts';

/** The members a runtime problem has (RFC 9457 plus the `errors` of a validation failure) and their JSON type. */
const CARRIED = { type: 'string', title: 'string', status: 'number', detail: 'string', instance: 'string', errors: 'array' } as const;
export type CarriedMember = keyof typeof CARRIED;

export interface ProblemVariant {
  /** Members whose value the schema fixes (the `type` URI of a problem type, ...), written as they are. */
  fixed: Record<string, JsonValue>;
  /** The runtime problem's members the variant carries (required ones first). */
  carries: CarriedMember[];
  /** Of `carries`, those the schema requires. */
  requires: CarriedMember[];
  /** Text the runtime matches a problem's purpose against: the fixed `type` and the schema's name, lower-cased. */
  hint: string;
  /** The status the variant fixes, if it does. */
  status?: number;
}

export interface ProblemShape {
  /** The declared JSON media type the problems are answered with. */
  mediaType: string;
  variants: readonly ProblemVariant[];
}

/** The problem shape of one declared response, or undefined when it has no JSON schema (RFC 9457 stays). */
export function problemShape(model: ApiModel, response: ResponseModel): ProblemShape | undefined {
  if (!/^(?:4\d\d|4XX|default)$/i.test(response.status)) return undefined;
  const facts = factsOf(model);
  const media = response.content.find((m) => facts.media(m, 'response').kind === 'json' && /problem\+json/i.test(m.mediaType)) ??
    response.content.find((m) => facts.media(m, 'response').kind === 'json');
  if (!media || media.schema === true || (typeof media.schema === 'object' && Object.keys(media.schema).length === 0)) return undefined;
  return { mediaType: media.mediaType, variants: variantsOf(model, facts, media.schema) };
}

/**
 * The variants of an error schema, computed once per schema of a model: most responses of a spec share
 * their error schemas (GitHub's 1,223 operations have a few dozen), and the server's table asks for every
 * 4xx response's. A bare `{ $ref }` is its target's schema, so such objects share the entry of their
 * reference (the bundled spec's 288 error responses are 288 objects naming two schemas). Read-only: the
 * same array is every sharing response's.
 */
const variantCache = new WeakMap<ApiModel, { byObject: WeakMap<object, readonly ProblemVariant[]>; byRef: Map<string, readonly ProblemVariant[]> }>();

function variantsOf(model: ApiModel, facts: SchemaFacts, schema: Schema): readonly ProblemVariant[] {
  let cache = variantCache.get(model);
  if (!cache) variantCache.set(model, (cache = { byObject: new WeakMap(), byRef: new Map() }));
  const ref = typeof schema === 'object' && typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? schema.$ref : undefined;
  const known = ref !== undefined ? cache.byRef.get(ref) : typeof schema === 'object' ? cache.byObject.get(schema) : undefined;
  if (known) return known;
  const variants: ProblemVariant[] = [];
  for (const { schema: alternative, fixed } of alternatives(facts, schema)) {
    const variant = variantOf(facts, alternative, fixed);
    if (variant) variants.push(variant);
  }
  if (ref !== undefined) cache.byRef.set(ref, variants);
  else if (typeof schema === 'object') cache.byObject.set(schema, variants);
  return variants;
}

/** The schema's alternatives: `oneOf`/`anyOf` branches (nested ones flattened), a discriminator's mapping, or itself. */
function alternatives(facts: SchemaFacts, schema: Schema, depth = 0): { schema: Schema; fixed: Record<string, JsonValue> }[] {
  const target = facts.target(schema);
  if (typeof target !== 'object' || depth > 8) return [{ schema, fixed: {} }];
  const branches = target.oneOf ?? target.anyOf;
  if (branches?.length) return branches.flatMap((b) => alternatives(facts, b, depth + 1));
  const d = facts.discriminator(schema);
  if (d?.mapping.length) {
    return d.mapping.map((m) => ({ schema: m.schema.schema, fixed: { [d.propertyName]: m.value } }));
  }
  return [{ schema, fixed: {} }];
}

function variantOf(facts: SchemaFacts, schema: Schema, given: Record<string, JsonValue>): ProblemVariant | undefined {
  const merged = facts.merged(schema);
  if (!facts.jsonTypes(schema).has('object')) return undefined;
  const properties = merged.properties ?? {};
  const required = new Set(merged.required ?? []);
  const open = merged.additionalProperties === undefined || merged.additionalProperties === true;
  const own = (name: string) => Object.prototype.hasOwnProperty.call(properties, name);
  const fixed: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(given)) fixed[name] = value;
  for (const name of Object.keys(properties)) {
    if (Object.prototype.hasOwnProperty.call(fixed, name)) continue;
    const value = fixedValue(facts.merged(properties[name]!), required.has(name));
    if (value !== undefined) fixed[name] = value;
  }
  const carries: CarriedMember[] = [];
  const requires: CarriedMember[] = [];
  for (const member of Object.keys(CARRIED) as CarriedMember[]) {
    if (Object.prototype.hasOwnProperty.call(fixed, member)) continue;
    const types = own(member) ? facts.jsonTypes(properties[member]!) : undefined;
    // A status is a whole number: `integer` admits it as well as `number`.
    const takes = types ? types.has(CARRIED[member]) || (member === 'status' && types.has('integer')) : open;
    if (takes) (required.has(member) ? requires : carries).push(member);
  }
  // A required member that is neither fixed nor carried cannot be filled from a runtime problem.
  for (const name of required)
    if (!Object.prototype.hasOwnProperty.call(fixed, name) && !requires.includes(name as CarriedMember)) return undefined;
  const named = facts.namedTarget(schema);
  const hint = [typeof fixed.type === 'string' ? fixed.type : '', named?.key ?? ''].filter(Boolean).join(' ').toLowerCase();
  const variant: ProblemVariant = { fixed, carries: [...requires, ...carries], requires, hint };
  if (typeof fixed.status === 'number') variant.status = fixed.status;
  return variant;
}

/** The value a member's schema fixes: `const`, a one-value `enum`; for a required member also its `default` or first `enum` value. */
function fixedValue(schema: SchemaObject, required: boolean): JsonValue | undefined {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return schema.enum[0];
  if (!required) return undefined;
  if (schema.default !== undefined) return schema.default as JsonValue;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  return undefined;
}

/** Warnings for operations whose 400 answer has a JSON error schema no runtime validation problem can satisfy. */
export function problemShapeWarnings(model: ApiModel): { pointer: string; message: string }[] {
  const out: { pointer: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const op of model.operations) {
    const response = validationResponse(op);
    if (!response) continue;
    const shape = problemShape(model, response);
    if (!shape || shape.variants.length) continue;
    const pointer = appendPointer(response.pointer, 'content', shape.mediaType, 'schema');
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    out.push({
      pointer,
      message: `the ${response.status} error schema of ${op.operationId} cannot hold the server's validation problems (every variant requires a member other than type, title, status, detail, instance and errors without fixing its value): they are answered as RFC 9457 problem+json`,
    });
  }
  return out;
}

/** The declared response a 400 answer falls under: `400`, else `4XX`, else `default`. */
function validationResponse(op: OperationModel): ResponseModel | undefined {
  return (
    op.responses.find((r) => r.status === '400') ??
    op.responses.find((r) => r.status.toUpperCase() === '4XX') ??
    op.responses.find((r) => r.status === 'default')
  );
}
