// Walks the bundled spec and lists every constraint keyword where it is written: in component schemas
// (through allOf/oneOf/anyOf/items/properties/not, without following `$ref`s: a referenced schema is
// walked once, at its own place), parameters (their `required` and schemas), request bodies and response
// headers. Used by constraints.test.ts, which checks that each one traces to the reference or is marked.
import type { Json } from './helpers.ts';

/** Keywords that make a value invalid (type is left out: every member has one, and it is the shape). */
export const CONSTRAINT_KEYWORDS = [
  'minItems',
  'maxItems',
  'uniqueItems',
  'pattern',
  'enum',
  'const',
  'required',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'multipleOf',
  'minProperties',
  'maxProperties',
  'format',
  'not',
  'additionalProperties',
] as const;

export interface Constraint {
  /**
   * Where it is written, readable: `Schema.member[].member` for component schemas (allOf parts are
   * merged into their schema, `[]` is items), `param Name` for component parameters, `GET /path ?name`
   * for an operation's parameter, `POST /path body` for a request body, `response Name header h`.
   */
  at: string;
  keyword: string;
  value: Json;
  /** The object that holds the keyword (for its `x-spec-constraint` mark). */
  holder: Json;
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];
const SUBSCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const SUBSCHEMA_SINGLE = ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else', 'propertyNames'];

function isConstraint(keyword: string, value: Json, schema: Json): boolean {
  if (keyword === 'additionalProperties') return value === false;
  if (keyword === 'required') return Array.isArray(value) && value.length > 0;
  if (keyword === 'uniqueItems') return value === true;
  // An enum marked incomplete accepts other values: it does not close the set.
  if (keyword === 'enum') return schema['x-enum-incomplete'] !== true;
  return true;
}

export function walkSchema(schema: Json, at: string, out: Constraint[]): void {
  if (schema === false) {
    out.push({ at, keyword: 'false', value: false, holder: undefined });
    return;
  }
  if (!schema || typeof schema !== 'object' || typeof schema.$ref === 'string') return;
  for (const keyword of CONSTRAINT_KEYWORDS) {
    if (schema[keyword] === undefined || keyword === 'not' || keyword === 'additionalProperties') continue;
    if (isConstraint(keyword, schema[keyword], schema)) out.push({ at, keyword, value: schema[keyword], holder: schema });
  }
  if (schema.not !== undefined) out.push({ at, keyword: 'not', value: schema.not, holder: schema });
  if (schema.additionalProperties === false) out.push({ at, keyword: 'additionalProperties', value: false, holder: schema });
  for (const k of SUBSCHEMA_MAPS) {
    for (const [name, sub] of Object.entries<Json>(schema[k] ?? {})) walkSchema(sub, k === 'properties' ? `${at}.${name}` : `${at}/${k}/${name}`, out);
  }
  for (const k of SUBSCHEMA_LISTS) (schema[k] ?? []).forEach((sub: Json, i: number) => walkSchema(sub, k === 'allOf' ? at : `${at}/${k}/${i}`, out));
  // `not` is itself the constraint (walked above); its content is what is excluded, not a constraint.
  for (const k of SUBSCHEMA_SINGLE) if (k !== 'not' && schema[k] !== undefined && typeof schema[k] === 'object') walkSchema(schema[k], k === 'items' ? `${at}[]` : `${at}/${k}`, out);
}

function walkParameter(prm: Json, at: string, out: Constraint[]): void {
  if (!prm || typeof prm !== 'object' || typeof prm.$ref === 'string') return;
  // Path parameters are required by OpenAPI itself.
  if (prm.required === true && prm.in !== 'path') out.push({ at, keyword: 'required', value: true, holder: prm });
  walkSchema(prm.schema, at, out);
}

function walkContent(content: Json, at: string, out: Constraint[]): void {
  for (const [type, media] of Object.entries<Json>(content ?? {})) walkSchema(media?.schema, `${at} ${type}`, out);
}

function walkResponse(res: Json, at: string, out: Constraint[]): void {
  if (!res || typeof res !== 'object' || typeof res.$ref === 'string') return;
  for (const [name, header] of Object.entries<Json>(res.headers ?? {})) {
    const h = `${at} header ${name}`;
    if (header?.required === true) out.push({ at: h, keyword: 'required', value: true, holder: header });
    walkSchema(header?.schema, h, out);
  }
  walkContent(res.content, at, out);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every constraint of the bundled document. */
export function constraintsOf(doc: Json): Constraint[] {
  const out: Constraint[] = [];
  for (const [name, s] of Object.entries<Json>(doc.components?.schemas ?? {})) walkSchema(s, name, out);
  for (const [name, p] of Object.entries<Json>(doc.components?.parameters ?? {})) walkParameter(p, `param ${name}`, out);
  for (const [name, r] of Object.entries<Json>(doc.components?.responses ?? {})) walkResponse(r, `response ${name}`, out);
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    (item.parameters ?? []).forEach((prm: Json) => walkParameter(prm, `${p} ?${prm.name}`, out));
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const base = `${m.toUpperCase()} ${p}`;
      (op.parameters ?? []).forEach((prm: Json) => walkParameter(prm, `${base} ?${prm.name}`, out));
      const body = op.requestBody;
      if (body && typeof body.$ref !== 'string') {
        if (body.required === true) out.push({ at: `${base} body`, keyword: 'required', value: true, holder: body });
        walkContent(body.content, `${base} body`, out);
      }
      for (const [status, res] of Object.entries<Json>(op.responses ?? {})) walkResponse(res, `${base} ${status}`, out);
    }
  }
  return out;
}
