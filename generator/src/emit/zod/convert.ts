/**
 * One JSON Schema node of the model → one Zod 4 schema expression (as nodes). The meaning is the compiled
 * validators' (emit/validators/README.md "Semantics and choices"): types as JSON types, lengths in code
 * points, formats asserted by the validators' own checkers, patterns with the `u` flag (no flag for a
 * pattern only legacy syntax accepts), readOnly/writeOnly making a member optional in the request /
 * response direction, discriminators selecting one branch by the tag. What Zod has no schema for is a
 * refinement from ./runtime/schemas.ts; what cannot be made exact is recorded as a gap (never dropped
 * silently): the emitter lists gaps in `GAPS` and on the schema's doc comment.
 */
import type { Expression, ObjectMember } from '../../codegen/ts-nodes.ts';
import type { Direction, SchemaFacts } from '../../model/fact-types.ts';
import { refKey } from '../../model/refs.ts';
import type { JsonValue, Schema, SchemaObject } from '../../model/types.ts';
import type { Nodes } from '../emitter.ts';
import { ACTIVE_KEYWORDS } from '../validators/compile/analysis/trivial.ts';

export interface ConvertContext {
  n: Nodes;
  facts: SchemaFacts;
  direction: Direction;
  /** The exported name of a named schema's variant for a direction. */
  refName(key: string, direction: Direction): string;
  /** Names declared so far: a reference to another one is deferred (a getter, or `z.lazy`). */
  declared: ReadonlySet<string>;
  /** Helpers of src/runtime.ts and checks of src/checks.ts the output uses. */
  runtime: Set<string>;
  formats: Set<string>;
  /** Formats the validators assert on strings (the others are annotations). */
  stringFormats: ReadonlySet<string>;
  /** What the current schema cannot express exactly, as `keyword at pointer`. */
  gaps: string[];
  /** Set when a reference became `z.lazy`: TypeScript cannot infer the declaration's type then (it is annotated). */
  lazy: { used: boolean };
}

const STRING_KEYS = ['minLength', 'maxLength', 'pattern'];
const NUMBER_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const ARRAY_KEYS = ['items', 'prefixItems', 'contains', 'minItems', 'maxItems', 'uniqueItems', 'unevaluatedItems'];
const OBJECT_KEYS = ['properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'required', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties'];
/** In-place applicators: with one of them beside it, `unevaluated*` depends on what they evaluate. */
const APPLICATORS = ['$ref', 'allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'dependentSchemas', 'not'];

/**
 * The validators' assertion keywords (others are annotations to them, and here); all are converted but
 * `$dynamicRef` (the model resolves OpenAPI references to `$ref`s; a `$dynamicRef` left is a gap).
 */
const UNCONVERTED = [...ACTIVE_KEYWORDS].filter((k) => k === '$dynamicRef');

/** Names every object inherits from Object.prototype. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

export class ZodConverter {
  constructor(readonly ctx: ConvertContext) {}

  #z(method: string, args: readonly Expression[] = []): Expression {
    const n = this.ctx.n;
    return n.callExpression(n.propertyAccess(n.valueRef('z'), method), args);
  }

  #chain(target: Expression, method: string, args: readonly Expression[] = []): Expression {
    const n = this.ctx.n;
    return n.callExpression(n.propertyAccess(target, method), args);
  }

  #helper(name: string, args: readonly Expression[]): Expression {
    this.ctx.runtime.add(name);
    return this.ctx.n.callExpression(this.ctx.n.valueRef(name), args);
  }

  #helperRef(name: string): Expression {
    this.ctx.runtime.add(name);
    return this.ctx.n.valueRef(name);
  }

  #lit(value: unknown): Expression {
    return this.ctx.n.literalExpression(value);
  }

  #gap(keyword: string, pointer: string): void {
    this.ctx.gaps.push(`${keyword} at ${pointer || '#'}`);
  }

  /** A reference to a named schema: the value when declared, else deferred. */
  ref(key: string, deferred: boolean): Expression {
    const n = this.ctx.n;
    const name = this.ctx.refName(key, this.ctx.direction);
    const ref = n.valueRef(name);
    if (deferred || this.ctx.declared.has(name)) return ref;
    this.ctx.lazy.used = true;
    return this.#z('lazy', [n.arrowFunction([], ref)]);
  }

  /** The schema as a Zod expression. `deferred`: evaluated only when parsing (inside a getter). */
  convert(schema: Schema, pointer: string, deferred = false): Expression {
    if (schema === true) return this.#z('unknown');
    if (schema === false) return this.#z('never');
    for (const keyword of UNCONVERTED) if (schema[keyword] !== undefined) this.#gap(keyword, pointer);
    const parts: Expression[] = [];
    if (schema.$ref !== undefined) {
      const key = refKey(schema.$ref);
      if (key === undefined) this.#gap('$ref', pointer);
      else parts.push(this.ref(key, deferred));
    }
    const own = this.#own(schema, pointer, deferred);
    if (own) parts.push(own);
    for (const [i, sub] of (schema.allOf ?? []).entries()) parts.push(this.convert(sub, `${pointer}/allOf/${i}`, deferred));
    const discriminated = this.#discriminated(schema, deferred);
    if (discriminated) parts.push(discriminated);
    else {
      if (schema.anyOf) parts.push(this.#union('union', schema.anyOf, `${pointer}/anyOf`, deferred));
      if (schema.oneOf) parts.push(this.#union('xor', schema.oneOf, `${pointer}/oneOf`, deferred));
    }
    if (schema.not !== undefined) parts.push(this.#helper('not', [this.convert(schema.not, `${pointer}/not`, deferred)]));
    if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
      const branch = (key: 'then' | 'else') => (schema[key] === undefined ? this.#lit(undefined) : this.convert(schema[key]!, `${pointer}/${key}`, deferred));
      parts.push(this.#helper('conditional', [this.convert(schema.if, `${pointer}/if`, deferred), branch('then'), branch('else')]));
    }
    if (schema.properties || schema.allOf) parts.push(...this.#directional(schema, pointer));
    if (!parts.length) return this.#z('unknown');
    if (parts.length === 1) return parts[0]!;
    // Zod's intersection forgives a member one closed object does not know when another part knows it;
    // JSON Schema's allOf does not: with a closed part, every part is checked on its own.
    if (this.#closedPart(schema)) return this.#helper('allOf', parts);
    return parts.reduce((left, right) => this.#z('intersection', [left, right]));
  }

  /** True when a part of the node (its own keywords, `$ref`, `allOf`, `anyOf`/`oneOf` branches) is a closed object. */
  #closedPart(schema: SchemaObject): boolean {
    const { facts, direction } = this.ctx;
    const closed = (s: Schema) => facts.jsonTypes(s).has('object') && facts.shape(s, direction).closed;
    return closed(schema) || [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(closed);
  }

  /**
   * What the direction changes about an object node beyond its members' own schemas (the model's shape
   * fact, readOnly/writeOnly found through `$ref` and `allOf`): in a closed object, a member left out in
   * this direction must be absent. A member required by an `allOf` part that a sibling part makes
   * readOnly/writeOnly is not required in the whole, which parts checked on their own cannot say: a gap.
   */
  #directional(schema: SchemaObject, pointer: string): Expression[] {
    const { facts, direction } = this.ctx;
    const shape = facts.shape(schema, direction);
    if (!shape.omitted.length) return [];
    for (const [i, part] of (schema.allOf ?? []).entries()) {
      const required = facts.shape(part, direction).members.filter((m) => m.required && shape.omitted.includes(m.name));
      for (const m of required) this.#gap(`required ${JSON.stringify(m.name)} made ${direction === 'request' ? 'readOnly' : 'writeOnly'} by a sibling part`, `${pointer}/allOf/${i}`);
    }
    return shape.closed ? [this.#chain(this.#z('unknown'), 'refine', [this.#helper('absent', [this.#lit(shape.omitted)])])] : [];
  }

  #union(kind: 'union' | 'xor', branches: readonly Schema[], pointer: string, deferred: boolean): Expression {
    const members = branches.map((b, i) => this.convert(b, `${pointer}/${i}`, deferred));
    if (members.length === 1) return members[0]!;
    if (!members.length) return this.#z('never');
    return this.#z(kind, [this.ctx.n.arrayLiteral(members)]);
  }

  /**
   * `oneOf`/`anyOf` with a discriminator (own, with a resolved mapping) as `z.discriminatedUnion`: each
   * mapping value an option that checks the tag and then the schema it selects, as the validators do
   * for objects. Only when every branch admits objects alone (the validators fall back to the plain
   * `oneOf`/`anyOf` for other values, which such branches reject anyway).
   */
  #discriminated(schema: SchemaObject, deferred: boolean): Expression | undefined {
    const branches = schema.oneOf ?? schema.anyOf;
    if (!schema.discriminator || !branches) return undefined;
    const fact = this.ctx.facts.discriminator(schema);
    if (!fact?.own || !fact.mapping.length) return undefined;
    const objectsOnly = branches.every((b) => {
      const types = this.ctx.facts.jsonTypes(b);
      return types.size === 1 && types.has('object');
    });
    if (!objectsOnly) return undefined;
    const n = this.ctx.n;
    const options = fact.mapping.map(({ value, schema: target }) => this.#helper('tagged', [this.#lit(fact.propertyName), this.#lit(value), this.ref(target.key, deferred)]));
    const tagged = this.#z('discriminatedUnion', [this.#lit(fact.propertyName), n.arrayLiteral(options)]);
    if (!fact.defaultSchema) return tagged;
    // OAS 3.2 `defaultMapping`: an absent or unmapped tag selects the default schema.
    const mapped = n.arrayLiteral(fact.mapping.map((m) => this.#lit(m.value)));
    return this.#z('union', [n.arrayLiteral([tagged, this.#helper('untagged', [this.#lit(fact.propertyName), mapped, this.ref(fact.defaultSchema.key, deferred)])])]);
  }

  /** The node's own assertions (types, enum/const, per-type keywords), or undefined when it has none. */
  #own(schema: SchemaObject, pointer: string, deferred: boolean): Expression | undefined {
    const declared = schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];
    const has = (keys: readonly string[]) => keys.some((k) => schema[k] !== undefined);
    const formatType = schema.format === undefined ? undefined : schema.format === 'int32' || schema.format === 'int64' ? 'number' : this.ctx.stringFormats.has(schema.format) ? 'string' : undefined;
    const constrained = new Set<string>();
    if (has(STRING_KEYS) || formatType === 'string') constrained.add('string');
    if (has(NUMBER_KEYS) || formatType === 'number') constrained.add('number');
    if (has(ARRAY_KEYS)) constrained.add('array');
    if (has(OBJECT_KEYS)) constrained.add('object');
    // `x-enum-incomplete: true`: the values listed are not all there are; they restrict nothing (as in the validators).
    const values = schema.const !== undefined ? [schema.const] : schema['x-enum-incomplete'] === true ? undefined : schema.enum;
    if (!declared && !constrained.size && !values) return undefined;

    let typed: Expression | undefined;
    if (declared) {
      const types = declared.includes('number') ? declared.filter((t) => t !== 'integer') : declared;
      // An enum of primitives that all have a declared type, and nothing else to check: the literals alone.
      const literalsSuffice = values !== undefined && !constrained.size && values.every((v) => v === null || typeof v !== 'object') && values.every((v) => types.some((t) => fits(v, t)));
      if (!literalsSuffice) {
        const others = types.filter((t) => t !== 'null');
        const members = others.map((t) => this.#typed(t, schema, pointer, deferred));
        if (others.length === 1 && types.length === 2) typed = this.#chain(members[0]!, 'nullable');
        else typed = types.length === 1 ? (members[0] ?? this.#z('null')) : this.#z('union', [this.ctx.n.arrayLiteral(types.map((t) => (t === 'null' ? this.#z('null') : members[others.indexOf(t)]!)))]);
      }
    } else if (constrained.size) {
      const types = [...constrained];
      typed = this.#z('union', [this.ctx.n.arrayLiteral([...types.map((t) => this.#typed(t, schema, pointer, deferred)), this.#helper('otherThan', [this.#lit(types)])])]);
    }
    const enumerated = values === undefined ? undefined : this.#values(values);
    if (typed && enumerated) return this.#z('intersection', [typed, enumerated]);
    return typed ?? enumerated;
  }

  /** `enum` / `const`: literals for primitives, JSON equality for objects and arrays. */
  #values(values: readonly JsonValue[]): Expression {
    if (values.every((v) => v === null || typeof v !== 'object')) {
      const finite = values.filter((v) => typeof v !== 'number' || Number.isFinite(v));
      if (!finite.length) return this.#z('never');
      return this.#z('literal', [this.#lit(finite.length === 1 ? finite[0] : finite)]);
    }
    return this.#chain(this.#z('unknown'), 'refine', [this.#helper('oneOfValues', [this.#lit(values)])]);
  }

  #refine(target: Expression, check: Expression): Expression {
    return this.#chain(target, 'refine', [check]);
  }

  /** One JSON type with the keywords that apply to it. */
  #typed(type: string, s: SchemaObject, pointer: string, deferred: boolean): Expression {
    switch (type) {
      case 'null':
        return this.#z('null');
      case 'boolean':
        return this.#z('boolean');
      case 'string':
        return this.#string(s);
      case 'number':
      case 'integer':
        return this.#number(s, type === 'integer');
      case 'array':
        return this.#array(s, pointer, deferred);
      case 'object':
        return this.#object(s, pointer, deferred);
      default:
        this.#gap(`type ${type}`, pointer);
        return this.#z('unknown');
    }
  }

  #string(s: SchemaObject): Expression {
    let out = this.#z('string');
    if (s.minLength !== undefined || s.maxLength !== undefined) out = this.#refine(out, this.#helper('length', [this.#lit(s.minLength ?? 0), ...(s.maxLength === undefined ? [] : [this.#lit(s.maxLength)])]));
    if (s.pattern !== undefined) out = this.#chain(out, 'regex', [this.#regex(s.pattern)]);
    if (s.format !== undefined && this.ctx.stringFormats.has(s.format)) {
      const checker = `_f${s.format.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}`;
      this.ctx.formats.add(s.format);
      out = this.#refine(out, this.ctx.n.valueRef(checker));
    }
    return out;
  }

  /** A pattern as the validators compile it: the `u` flag, or none for a pattern only legacy syntax accepts. */
  #regex(pattern: string): Expression {
    let flags = 'u';
    try {
      new RegExp(pattern, 'u');
    } catch {
      flags = '';
    }
    return this.ctx.n.newExpression(this.ctx.n.valueRef('RegExp'), [this.#lit(pattern), this.#lit(flags)]);
  }

  #number(s: SchemaObject, integer: boolean): Expression {
    let out = this.#z('number');
    if (integer || s.format === 'int64') out = this.#refine(out, this.#helperRef('integer'));
    if (s.format === 'int32') out = this.#refine(out, this.#helperRef('int32'));
    if (s.minimum !== undefined) out = this.#chain(out, 'gte', [this.#lit(s.minimum)]);
    if (s.maximum !== undefined) out = this.#chain(out, 'lte', [this.#lit(s.maximum)]);
    if (typeof s.exclusiveMinimum === 'number') out = this.#chain(out, 'gt', [this.#lit(s.exclusiveMinimum)]);
    if (typeof s.exclusiveMaximum === 'number') out = this.#chain(out, 'lt', [this.#lit(s.exclusiveMaximum)]);
    if (s.multipleOf !== undefined) out = this.#refine(out, this.#helper('multipleOf', [this.#lit(s.multipleOf)]));
    return out;
  }

  #array(s: SchemaObject, pointer: string, deferred: boolean): Expression {
    let out: Expression;
    if (s.prefixItems) {
      const prefix = s.prefixItems.map((p, i) => this.convert(p, `${pointer}/prefixItems/${i}`, deferred));
      const rest = s.items === undefined ? [] : s.items === false ? [this.#lit(false)] : [this.convert(s.items, `${pointer}/items`, deferred)];
      out = this.#refine(this.#z('array', [this.#z('unknown')]), this.#helper('prefixItems', [this.ctx.n.arrayLiteral(prefix), ...rest]));
    } else {
      out = this.#z('array', [s.items === undefined ? this.#z('unknown') : this.convert(s.items, `${pointer}/items`, deferred)]);
    }
    if (s.minItems !== undefined) out = this.#chain(out, 'min', [this.#lit(s.minItems)]);
    if (s.maxItems !== undefined) out = this.#chain(out, 'max', [this.#lit(s.maxItems)]);
    if (s.uniqueItems === true) out = this.#refine(out, this.#helperRef('unique'));
    if (s.contains !== undefined) {
      const bounds = [this.#lit(s.minContains ?? 1), ...(s.maxContains === undefined ? [] : [this.#lit(s.maxContains)])];
      out = this.#refine(out, this.#helper('contains', [this.convert(s.contains, `${pointer}/contains`, deferred), ...bounds]));
    }
    if (s.unevaluatedItems !== undefined) this.#gap('unevaluatedItems', pointer);
    return out;
  }

  /**
   * An object: declared members (required ones as the direction makes them), `additionalProperties` as
   * a strict object or a catch-all, other object keywords as refinements. A member whose schema refers to
   * a schema not declared yet is a getter (Zod 4's way to recursive schemas).
   */
  #object(s: SchemaObject, pointer: string, deferred: boolean): Expression {
    const n = this.ctx.n;
    const { facts, direction } = this.ctx;
    const skipped = direction === 'request' ? 'readOnly' : 'writeOnly';
    const required = new Set(s.required ?? []);
    const members: ObjectMember[] = [];
    const properties = Object.entries(s.properties ?? {});
    for (const [name, sub] of properties) {
      const where = `${pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const needed = required.has(name) && facts.access(sub) !== skipped;
      const forward = this.#refersForward(sub);
      let value = this.convert(sub, where, deferred || forward);
      if (!needed) value = this.#chain(value, 'optional');
      // Zod reads a member with `input[key]`: an absent one named like an Object.prototype member reads the
      // inherited value (a function), where the validators see no member.
      if (!needed && INHERITED.has(name) && name !== '__proto__') this.#gap(`optional member ${JSON.stringify(name)} (an Object.prototype name)`, where);
      members.push(forward && !deferred ? getter(n, name, value) : n.property(name, value));
    }
    // Required names without a property schema: present, any value.
    for (const name of required) if (!s.properties || !Object.hasOwn(s.properties, name)) members.push(n.property(name, this.#z('unknown')));
    // Zod finds a member named like an Object.prototype one on the prototype, and skips `__proto__`: a
    // required one is checked to be the object's own.
    const ownRequired = [...required].filter((name) => INHERITED.has(name) && !(s.properties && Object.hasOwn(s.properties, name) && facts.access(s.properties[name]!) === skipped));
    const shape = n.objectLiteral(members);
    const unevaluatedAsAdditional = s.unevaluatedProperties !== undefined && s.additionalProperties === undefined && !APPLICATORS.some((k) => s[k] !== undefined);
    if (s.unevaluatedProperties !== undefined && !unevaluatedAsAdditional) this.#gap('unevaluatedProperties', pointer);
    const additional = s.additionalProperties ?? (unevaluatedAsAdditional ? s.unevaluatedProperties : undefined);
    const additionalPointer = `${pointer}/${s.additionalProperties !== undefined ? 'additionalProperties' : 'unevaluatedProperties'}`;
    // The keywords Zod has no method for are checks of the input (objectChecks): a refinement of the
    // object would see its output, where Zod has dropped an own `__proto__` member JSON Schema counts.
    const checks: Expression[] = [];
    let out: Expression;
    if (s.patternProperties) {
      const patterns = Object.entries(s.patternProperties).map(([re, sub]) => n.arrayLiteral([this.#regex(re), this.convert(sub, `${pointer}/patternProperties/${re}`, deferred)]));
      const rest = additional === undefined ? [] : additional === false ? [this.#lit(false)] : [this.convert(additional, additionalPointer, deferred)];
      out = this.#z('looseObject', [shape]);
      checks.push(this.#helper('patternMembers', [this.#lit(properties.map(([k]) => k)), n.arrayLiteral(patterns), ...rest]));
    } else if (additional === false) out = this.#z('strictObject', [shape]);
    else if (additional === undefined || additional === true) out = this.#z('looseObject', [shape]);
    else out = this.#chain(this.#z('object', [shape]), 'catchall', [this.convert(additional, additionalPointer, deferred)]);
    if (s.propertyNames !== undefined) checks.push(this.#helper('propertyNames', [this.convert(s.propertyNames, `${pointer}/propertyNames`, deferred)]));
    if (s.minProperties !== undefined || s.maxProperties !== undefined) checks.push(this.#helper('memberCount', [this.#lit(s.minProperties ?? 0), ...(s.maxProperties === undefined ? [] : [this.#lit(s.maxProperties)])]));
    if (ownRequired.length) checks.push(this.#helper('ownMembers', [this.#lit(ownRequired)]));
    if (s.dependentRequired) checks.push(this.#helper('dependentRequired', [this.#lit(s.dependentRequired)]));
    if (s.dependentSchemas) {
      const map = Object.entries(s.dependentSchemas).map(([k, sub]) => n.property(k, this.convert(sub, `${pointer}/dependentSchemas/${k}`, deferred)));
      checks.push(this.#helper('dependentSchemas', [n.objectLiteral(map)]));
    }
    // A declared `__proto__` member or a catch-all schema: objectChecks checks an own `__proto__` with it.
    const protoSchema = Object.hasOwn(s.properties ?? {}, '__proto__') || (!s.patternProperties && additional !== undefined && typeof additional !== 'boolean');
    if (checks.length || protoSchema) out = this.#helper('objectChecks', [out, ...checks]);
    return out;
  }

  /** True when the schema refers (anywhere inside) to a named schema not declared yet. */
  #refersForward(schema: Schema): boolean {
    let found = false;
    const visit = (node: unknown): void => {
      if (found || typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) return node.forEach(visit);
      const ref = (node as SchemaObject).$ref;
      if (typeof ref === 'string') {
        const key = refKey(ref);
        if (key !== undefined && !this.ctx.declared.has(this.ctx.refName(key, this.ctx.direction))) found = true;
      }
      if ((node as SchemaObject).discriminator) {
        const fact = this.ctx.facts.discriminator(node as SchemaObject);
        for (const target of [...(fact?.mapping ?? []).map((m) => m.schema), ...(fact?.defaultSchema ? [fact.defaultSchema] : [])]) {
          if (!this.ctx.declared.has(this.ctx.refName(target.key, this.ctx.direction))) found = true;
        }
      }
      for (const [k, v] of Object.entries(node)) if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') visit(v);
    };
    visit(schema);
    return found;
  }
}

/** `get name() { return value; }`: a member evaluated when parsing, so it may name a later schema. */
function getter(n: Nodes, name: string, value: Expression): ObjectMember {
  return n.getter(name, [n.returnStatement(value)]);
}

/** Whether a primitive value is of a JSON type. */
function fits(v: JsonValue, type: string): boolean {
  if (type === 'null') return v === null;
  if (type === 'integer') return typeof v === 'number' && Number.isInteger(v);
  return v !== null && typeof v === type;
}
