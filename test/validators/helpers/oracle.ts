/**
 * Ajv 2020-12 as the oracle of the differential tests (dev dependency only). Model schemas are rewritten
 * into what our validators mean in plain JSON Schema: `discriminator` becomes its dispatch (objects: the
 * tag must be a mapped string and selects the one schema; other values: the plain oneOf/anyOf), and in a
 * direction, `required` drops readOnly (request) or writeOnly (response) properties, and an object closed by
 * `additionalProperties: false` does not allow them. The access of a member is the one any part of the
 * schema gives it (own `properties`, the `$ref` target's, every `allOf` member's, recursively): a member
 * required by a part and made readOnly by a sibling part is dropped from that part's `required` too (the
 * part, or the `$ref`'d schema inlined for it, is rewritten with the names to drop).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ApiModel, Schema } from '../../../generator/src/model/types.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020, options?: unknown) => Ajv2020;
const ROOT_ID = 'urn:oracle:api';

export type Direction = 'request' | 'response';

export function newAjv(formats: boolean, quiet = false): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, ownProperties: true, validateFormats: formats, discriminator: false, ...(quiet ? { logger: false as const } : {}) });
  addFormats(ajv);
  return ajv;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Own-property copy (JSON.parse keeps `__proto__` keys as data). */
function assign(out: Obj, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

export class Oracle {
  readonly ajv: Ajv2020;
  private readonly byKey: Map<string, Schema>;

  constructor(readonly model: ApiModel, readonly direction: Direction, formats = true) {
    this.ajv = newAjv(formats);
    this.byKey = new Map(model.schemas.map((s) => [s.key, s.schema]));
    const schemas: Obj = {};
    for (const s of model.schemas) assign(schemas, s.key, this.rewrite(s.schema));
    this.ajv.addSchema({ $id: ROOT_ID, components: { schemas } });
  }

  compile(schema: Schema): ValidateFunction {
    return this.ajv.compile(this.rewrite(schema) as object);
  }

  private target(ref: string): Schema | undefined {
    const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
    return m ? this.byKey.get(m[1].replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
  }

  /** readOnly / writeOnly of a property schema, directly or through $ref / allOf. */
  private access(schema: unknown, seen = new Set<unknown>()): 'readOnly' | 'writeOnly' | undefined {
    if (!isObj(schema) || seen.has(schema)) return undefined;
    seen.add(schema);
    if (schema.readOnly === true) return 'readOnly';
    if (schema.writeOnly === true) return 'writeOnly';
    if (typeof schema.$ref === 'string') {
      const found = this.access(this.target(schema.$ref), seen);
      if (found) return found;
    }
    if (Array.isArray(schema.allOf)) for (const m of schema.allOf) {
      const found = this.access(m, seen);
      if (found) return found;
    }
    // A nullable reference (`anyOf: [{$ref}, {type: null}]`): the branches that admit more than null agree.
    for (const list of [schema.anyOf, schema.oneOf]) {
      if (!Array.isArray(list)) continue;
      const branches = list.filter((b) => !(isObj(b) && (b.type === 'null' || b.const === null)));
      const found = branches.map((b) => this.access(b, new Set(seen)));
      if (found.length && found[0] && found.every((f) => f === found[0])) return found[0];
    }
    return undefined;
  }

  /**
   * Names of members that some part of `schema` (own properties, `$ref` target, `allOf` members, recursively)
   * gives the access `drop`; the first part that gives a member an access decides it.
   */
  private partsDropping(schema: unknown, drop: 'readOnly' | 'writeOnly'): Set<string> {
    const decided = new Map<string, 'readOnly' | 'writeOnly'>();
    const seen = new Set<unknown>();
    const visit = (node: unknown): void => {
      if (!isObj(node) || seen.has(node)) return;
      seen.add(node);
      if (isObj(node.properties)) {
        for (const name of Object.keys(node.properties)) {
          const a = this.access(node.properties[name]);
          if (a && !decided.has(name)) decided.set(name, a);
        }
      }
      if (typeof node.$ref === 'string') visit(this.target(node.$ref));
      if (Array.isArray(node.allOf)) for (const m of node.allOf) visit(m);
    };
    visit(schema);
    return new Set([...decided].filter(([, a]) => a === drop).map(([n]) => n));
  }

  /** True when the target of `ref` does not drop every one of `dropped` itself (it is inlined with them). */
  private relaxes(ref: string, dropped: ReadonlySet<string>, drop: 'readOnly' | 'writeOnly'): boolean {
    const target = this.target(ref);
    if (!dropped.size || target === undefined) return false;
    const own = this.partsDropping(target, drop);
    return [...dropped].some((n) => !own.has(n));
  }

  /**
   * `value` rewritten; `relaxed` are names an enclosing composite dropped (handed to `allOf` members and
   * `$ref` targets only, which are then inlined; `chain` stops a reference cycle through `allOf`).
   */
  rewrite(value: unknown, relaxed: ReadonlySet<string> = new Set(), chain: ReadonlySet<unknown> = new Set()): unknown {
    if (Array.isArray(value)) return value.map((v) => this.rewrite(v));
    if (!isObj(value)) return value;
    const drop = this.direction === 'request' ? 'readOnly' : 'writeOnly';
    const composite = Array.isArray(value.allOf) || typeof value.$ref === 'string';
    const dropped = composite ? new Set([...relaxed, ...this.partsDropping(value, drop)]) : relaxed;
    const out: Obj = {};
    const inlined: unknown[] = [];
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (key === '$ref' && typeof v === 'string' && this.relaxes(v, dropped, drop) && !chain.has(v)) {
        inlined.push(this.rewrite(this.target(v), dropped, new Set([...chain, v])));
      } else if (key === 'allOf' && Array.isArray(v)) assign(out, key, v.map((m) => this.rewrite(m, dropped, chain)));
      else if (key === '$ref' && typeof v === 'string' && v.startsWith('#/')) assign(out, key, ROOT_ID + v);
      else if (key === 'discriminator' || key === 'enum' || key === 'const' || key === 'examples' || key === 'default') assign(out, key, v);
      else assign(out, key, this.rewrite(v));
    }
    // `x-enum-incomplete: true` makes the enum documentation only (spec/README.md): say that to Ajv.
    if (value['x-enum-incomplete'] === true) delete out.enum;
    // An empty enum is how the model writes a schema no value satisfies (an enum whose every value
    // contradicts the type); JSON Schema's meta-schema wants a non-empty `enum`, so say it as `not: {}`.
    else if (Array.isArray(out.enum) && out.enum.length === 0) {
      delete out.enum;
      out.not = {};
    }
    // Ajv drops a property named `__proto__` from `properties` (its compiled code never checks it); the
    // same constraint written as a pattern property is checked.
    if (isObj(out.properties) && Object.prototype.hasOwnProperty.call(out.properties, '__proto__')) {
      const own = out.properties as Obj;
      const props: Obj = {};
      for (const k of Object.keys(own)) if (k !== '__proto__') assign(props, k, own[k]);
      const patterns: Obj = isObj(out.patternProperties) ? { ...out.patternProperties } : {};
      patterns['^__proto__$'] = isObj(patterns['^__proto__$']) ? { allOf: [patterns['^__proto__$'], own['__proto__']] } : own['__proto__'];
      assign(out, 'properties', props);
      assign(out, 'patternProperties', patterns);
    }
    if (inlined.length) out.allOf = [...((out.allOf as unknown[]) ?? []), ...inlined];
    if (Array.isArray(value.required)) {
      const props = isObj(value.properties) ? value.properties : {};
      assign(out, 'required', (value.required as string[]).filter((n) => !dropped.has(n) && !(Object.prototype.hasOwnProperty.call(props, n) && this.access(props[n]) === drop)));
    }
    // In an object closed by `additionalProperties: false`, a member of the other direction is not allowed.
    if (value.additionalProperties === false && isObj(value.properties)) {
      const props = value.properties;
      const stray = Object.keys(props).filter((n) => dropped.has(n) || this.access(props[n]) === drop);
      if (stray.length) out.allOf = [...((out.allOf as unknown[]) ?? []), { not: { anyOf: stray.map((n) => ({ required: [n] })) } }];
    }
    const disc = value.discriminator;
    const kw = Array.isArray(value.oneOf) ? 'oneOf' : Array.isArray(value.anyOf) ? 'anyOf' : undefined;
    if (isObj(disc) && typeof disc.propertyName === 'string' && kw) {
      const p = disc.propertyName;
      const mapping: Obj = isObj(disc.mapping) ? disc.mapping : {};
      if (!isObj(disc.mapping)) {
        for (const b of value[kw] as unknown[]) if (isObj(b) && typeof b.$ref === 'string') mapping[b.$ref.slice(b.$ref.lastIndexOf('/') + 1)] ??= b.$ref;
      }
      const values = Object.keys(mapping);
      const tag: Obj = {};
      assign(tag, p, { type: 'string', enum: values });
      const dispatch = {
        if: { type: 'object' },
        then: {
          required: [p],
          properties: tag,
          allOf: values.map((v) => {
            const is: Obj = {};
            assign(is, p, { const: v });
            const ref = String(mapping[v]);
            return { if: { properties: is }, then: { $ref: ROOT_ID + (/[#/]/.test(ref) ? ref : `#/components/schemas/${ref}`) } };
          }),
        },
        else: { [kw]: out[kw] },
      };
      delete out[kw];
      delete out.discriminator;
      out.allOf = [...((out.allOf as unknown[]) ?? []), dispatch];
    }
    return out;
  }
}
