/**
 * Sample plans for the mock (runtime/sample.ts walks them): what each schema means for sampling, read
 * from the model's schema facts at generation time — `$ref`s followed, `allOf` merged, the members of one
 * side (a response carries no writeOnly member, a request no readOnly one, and `required` applies only on
 * the side a member exists), admitted types, discriminator values from the resolved mapping. Named
 * schemas get one plan each, referred to by key, so recursive schemas stay finite.
 */
import type { Direction, SchemaFacts } from '../../model/facts/index.ts';
import type { JsonType, JsonValue, NamedSchema, Schema, SchemaObject } from '../../model/types.ts';
import type { SamplePlan } from './runtime/sample.ts';

/** Keywords beside a `$ref` that do not change what is sampled (the reference stays a plain `ref`). */
const ANNOTATIONS = new Set(['$ref', 'description', 'title', '$comment', 'deprecated', 'readOnly', 'writeOnly']);
/** Keywords of the merged view that only concern the alternatives, or say nothing about values. */
const NOT_OWN = new Set(['oneOf', 'anyOf', 'discriminator', 'description', 'title', '$comment', 'deprecated', 'examples', 'default', 'externalDocs', 'xml']);
const PREFERENCE: JsonType[] = ['object', 'array', 'string', 'integer', 'number', 'boolean'];
type PlanType = NonNullable<SamplePlan['type']>;

export class SamplePlanner {
  private readonly named = new Map<string, SamplePlan>();
  /** Schemas being planned (inline ones are planned by recursion, not by name: a cycle through them must stop). */
  private readonly active = new Set<Schema>();

  constructor(
    private readonly facts: SchemaFacts,
    private readonly direction: Direction,
  ) {}

  /** Plans of the named schemas reached so far, by key (own properties, `__proto__` included). */
  get plans(): Record<string, SamplePlan> {
    return Object.fromEntries(this.named);
  }

  plan(schema: Schema): SamplePlan {
    if (schema === true) return { type: 'any' };
    if (schema === false) return { type: 'null' };
    const ref = referenceOnly(schema);
    if (ref !== undefined) {
      const target = this.facts.resolveRef(ref);
      return target ? this.ref(target) : { type: 'any' };
    }
    // A cycle through schemas that are not plain references (a `$ref` with other keywords beside it is
    // merged inline) would plan forever: the value it reaches again is left out (optional members) or
    // empty (array items), as for a schema no finite value satisfies.
    if (this.active.has(schema)) return { none: true };
    this.active.add(schema);
    try {
      return this.planInline(schema);
    } finally {
      this.active.delete(schema);
    }
  }

  private planInline(schema: SchemaObject): SamplePlan {
    const facts = this.facts;
    const view = facts.merged(schema);
    const out: SamplePlan = {};
    // An example of another JSON type than the schema admits is not used (GitHub's array schemas give one item as `examples`).
    if (Array.isArray(view.examples) && view.examples.length && admitsType(facts.jsonTypes(schema), view.examples[0])) out.example = view.examples[0];
    if (view.const !== undefined) return { ...out, const: view.const };
    const values = facts.enumerated(schema);
    if (values?.length === 0) return { none: true };
    if (values?.length) {
      const writable = values.filter((v) => typeof v !== 'number' || Number.isFinite(v));
      const fitting = writable.filter((v) => fitsString(view, v));
      if (writable.length) return { ...out, enum: fitting.length ? fitting : writable };
    }
    if (view.default !== undefined && (view.default === null || typeof view.default !== 'object')) out.default = view.default;
    const alternatives = view.oneOf ?? view.anyOf;
    if (alternatives?.length) return { ...out, ...this.alternatives(schema, view, alternatives) };
    const type = this.typeOf(schema, view);
    out.type = type;
    if (type === 'object') this.object(schema, view, out);
    else if (type === 'array') this.array(view, out);
    else if (type === 'string') copy(view, out, ['format', 'pattern', 'minLength', 'maxLength']);
    else if (type === 'integer' || type === 'number') copy(view, out, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
    return out;
  }

  /** The plan of the value at a JSON pointer into `schema` (through object members and `items`), if any. */
  planAt(schema: Schema, pointer: string): SamplePlan | undefined {
    const node = this.schemaAt(schema, pointer);
    return node === undefined ? undefined : this.plan(node);
  }

  /** The schema of the value at a JSON pointer into `schema` (through object members and `items`), if any. */
  schemaAt(schema: Schema, pointer: string): Schema | undefined {
    let node: Schema | undefined = schema;
    for (const raw of pointer.split('/').slice(1)) {
      const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === undefined || typeof node !== 'object') return undefined;
      const items: Schema | undefined = this.facts.merged(node).items;
      node = /^\d+$/.test(token) && items !== undefined ? items : this.facts.shape(node, this.direction).members.find((m) => m.name === token)?.schema;
    }
    return node;
  }

  private ref(target: NamedSchema): SamplePlan {
    if (!this.named.has(target.key)) {
      this.named.set(target.key, { type: 'any' }); // a reference back to it while planning it stays a ref
      this.named.set(target.key, this.plan(target.schema));
    }
    return { ref: target.key };
  }

  private alternatives(schema: Schema, view: SchemaObject, branches: Schema[]): SamplePlan {
    const facts = this.facts;
    const onlyNull = (b: Schema) => {
      const t = facts.jsonTypes(b);
      return t.size === 1 && t.has('null');
    };
    const nonNull = branches.some((b) => !onlyNull(b)) ? branches.filter((b) => !onlyNull(b)) : branches;
    // The schema's own keywords next to the alternatives apply to whichever is chosen.
    const base = Object.fromEntries(Object.entries(view).filter(([k]) => !NOT_OWN.has(k))) as SchemaObject;
    const withBase = (b: Schema): Schema => (Object.keys(base).length ? { allOf: [base, b] } : b);
    // A branch whose type the schema's own keywords rule out is never valid (GitHub's `allOf` of
    // `oneOf: [integer, date-time string]` and `type: string`): sampled only when every branch is.
    const viable = nonNull.filter((b) => facts.jsonTypes(withBase(b)).size > 0);
    const choices = viable.length ? viable : nonNull;
    const out: SamplePlan = { oneOf: choices.map((b) => this.plan(withBase(b))) };
    const discriminator = view.discriminator ? facts.discriminator(schema) : undefined;
    if (discriminator) {
      out.tag = discriminator.propertyName;
      out.tags = choices.map((b) => {
        const named = typeof b === 'object' && typeof b.$ref === 'string' ? facts.resolveRef(b.$ref) : undefined;
        return discriminator.mapping.find((m) => m.schema === named)?.value ?? null;
      });
    }
    return out;
  }

  /** The type to sample: the first declared (or, undeclared, suggested by the keywords) that the schema admits. */
  private typeOf(schema: Schema, view: SchemaObject): PlanType {
    const admitted = this.facts.jsonTypes(schema);
    const admits = (t: JsonType) => admitted.has(t) || (t === 'integer' && admitted.has('number'));
    const declared: JsonType[] = view.type === undefined ? suggested(view) : Array.isArray(view.type) ? view.type : [view.type];
    const chosen = declared.find((t) => t !== 'null' && admits(t)) ?? PREFERENCE.find((t) => admitted.has(t));
    return chosen ?? 'null';
  }

  private object(schema: Schema, view: SchemaObject, out: SamplePlan): void {
    const extra: Schema | undefined = typeof view.additionalProperties === 'object' ? view.additionalProperties : undefined;
    out.members = [];
    for (const member of this.facts.shape(schema, this.direction).members) {
      if (!member.required && member.schema !== undefined && this.facts.merged(member.schema).deprecated) continue;
      const plan = member.schema !== undefined ? this.plan(member.schema) : extra !== undefined ? this.plan(extra) : { type: 'any' as const };
      out.members.push([member.name, plan, member.required ? 1 : 0]);
    }
  }

  private array(view: SchemaObject, out: SamplePlan): void {
    // Items no value satisfies (GitHub's `allOf` of string items and null items): only the empty array is valid.
    if (view.items === false || (view.items !== undefined && this.facts.jsonTypes(view.items).size === 0)) out.noItems = true;
    else if (view.items !== undefined) out.items = this.plan(view.items);
    if (view.prefixItems?.length) out.prefix = view.prefixItems.map((p) => this.plan(p));
    copy(view, out, ['minItems', 'maxItems']);
    if (view.uniqueItems === true) out.uniqueItems = true;
  }
}

/**
 * The reference a schema amounts to: a `$ref` with annotations only, or (as converted AWS descriptions
 * write a documented reference) an `allOf` of one such `$ref` and annotation-only parts.
 */
function referenceOnly(schema: SchemaObject): string | undefined {
  const annotationsOnly = (node: SchemaObject, except: string) => Object.keys(node).every((k) => k === except || ANNOTATIONS.has(k) || k.startsWith('x-'));
  if (typeof schema.$ref === 'string') return annotationsOnly(schema, '$ref') ? schema.$ref : undefined;
  if (!Array.isArray(schema.allOf) || !annotationsOnly(schema, 'allOf')) return undefined;
  const parts = schema.allOf.filter((p): p is SchemaObject => typeof p === 'object');
  if (parts.length !== schema.allOf.length) return undefined;
  const refs = parts.filter((p) => typeof p.$ref === 'string');
  if (refs.length !== 1 || !annotationsOnly(refs[0]!, '$ref') || !parts.every((p) => p === refs[0] || annotationsOnly(p, ''))) return undefined;
  return refs[0]!.$ref;
}

/** Without `type`: the kind of value the keywords present describe (a string when none do). */
function suggested(view: SchemaObject): JsonType[] {
  if (view.properties || view.additionalProperties || view.required) return ['object'];
  if (view.items || view.prefixItems) return ['array'];
  if (view.pattern || view.format || view.minLength !== undefined) return ['string'];
  if (view.minimum !== undefined || view.maximum !== undefined) return ['number'];
  return ['string'];
}

function copy<K extends keyof SchemaObject & keyof SamplePlan>(from: SchemaObject, to: SamplePlan, keys: readonly K[]): void {
  for (const key of keys) if (from[key] !== undefined) (to as Record<string, unknown>)[key] = from[key];
}

/** A listed value that also meets the string keywords (a spec may list one its own pattern refuses). */
function fitsString(view: SchemaObject, value: JsonValue): boolean {
  if (typeof value !== 'string') return true;
  const length = [...value].length;
  if (typeof view.minLength === 'number' && length < view.minLength) return false;
  if (typeof view.maxLength === 'number' && length > view.maxLength) return false;
  if (typeof view.pattern === 'string') {
    try {
      if (!new RegExp(view.pattern, 'u').test(value)) return false;
    } catch {
      return true;
    }
  }
  return true;
}

/** The example's JSON type is one the schema admits (an empty set: the schema says nothing of types). */
function admitsType(types: ReadonlySet<string>, example: unknown): boolean {
  if (types.size === 0) return true;
  const type = example === null ? 'null' : Array.isArray(example) ? 'array' : typeof example;
  if (type === 'number') return types.has('number') || (types.has('integer') && Number.isInteger(example));
  return types.has(type);
}
