// Walks the bundled spec and lists every constraint keyword at every place it applies: in component
// schemas (through allOf/oneOf/anyOf/items/properties/not), parameters (their `required` and schemas),
// request bodies and response headers. A `$ref` is followed: the constraints the referenced schema
// (or parameter, request body, response) puts on the value itself — its own keywords, its `allOf`
// parts, further `$ref`s — are listed again at the referencing place, with the references that led
// there (`via`). The members of a referenced object (its properties, items, branches) are places of
// that component and are listed where the component is walked itself: "Post.author_id" is one place
// wherever a Post appears, while "SearchAllPostsMeta.newest_id → PostId" is a place of its own where
// PostId's pattern applies. Used by constraints.test.ts, which checks that each one traces to the
// reference or is marked.
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

/** One `$ref` followed on the way to a constraint. */
export interface RefStep {
  /** The place where the `$ref` is written (a `Constraint.at`). */
  at: string;
  /** The component it names (`UserId`, `UserIdPath`, ...). */
  target: string;
  /** The component's own place (`UserId`, `param UserIdPath`, `response Unauthorized`, `body X`). */
  place: string;
  /** The object holding the `$ref` (its sibling `x-spec-constraint` marks the constraints it brings). */
  site: Json;
}

export interface Constraint {
  /**
   * Where it applies, readable: `Schema.member[].member` for component schemas (allOf parts are
   * merged into their schema, `[]` is items), `param Name` for component parameters, `GET /path ?name`
   * for an operation's parameter, `POST /path body` for a request body, `response Name header h`.
   */
  at: string;
  keyword: string;
  value: Json;
  /** The object that holds the keyword (for its `x-spec-constraint` mark). */
  holder: Json;
  /** The `$ref`s followed from `at` to the holder, outermost first (empty: written at `at`). */
  via: RefStep[];
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];
const SUBSCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const SUBSCHEMA_SINGLE = ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else', 'propertyNames'];
const PLACE_PREFIX: Record<string, string> = { parameters: 'param', responses: 'response', requestBodies: 'body' };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isConstraint(keyword: string, value: Json, schema: Json): boolean {
  if (keyword === 'additionalProperties') return value === false;
  if (keyword === 'required') return Array.isArray(value) && value.length > 0;
  if (keyword === 'uniqueItems') return value === true;
  // An enum marked incomplete accepts other values: it does not close the set.
  if (keyword === 'enum') return schema['x-enum-incomplete'] !== true;
  return true;
}

/** The last segment of an internal reference: the component's name. */
const componentName = (ref: string) => decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1)).replace(/~1/g, '/').replace(/~0/g, '~');

/** Every constraint of the bundled document, at every place it applies. */
export function constraintsOf(doc: Json): Constraint[] {
  const out: Constraint[] = [];

  /** Follows `node.$ref` (if any): the target with the step that reached it, or undefined on a cycle. */
  function follow(node: Json, at: string, via: RefStep[]): { target: Json; via: RefStep[] } | undefined {
    const ref: string = node.$ref;
    if (!ref.startsWith('#/')) throw new Error(`${at}: external $ref ${ref} in the bundled document`);
    const target = ref
      .slice(2)
      .split('/')
      .reduce((n: Json, part) => n?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (target === undefined) throw new Error(`${at}: $ref ${ref} does not resolve`);
    const name = componentName(ref);
    // A recursive schema brings nothing new on its second visit along one path.
    if (via.some((s) => s.target === name)) return undefined;
    const kind = /^#\/components\/(parameters|responses|requestBodies)\//.exec(ref)?.[1];
    const place = kind === undefined ? name : `${PLACE_PREFIX[kind]} ${name}`;
    return { target, via: [...via, { at, target: name, place, site: node }] };
  }

  /**
   * `valueOnly`: `schema` was reached through a `$ref` — only what it says about the value at `at`
   * (keywords, allOf parts, further refs) is walked; its members are places of the component.
   */
  function walkSchema(schema: Json, at: string, via: RefStep[] = [], valueOnly = false): void {
    if (schema === false) {
      out.push({ at, keyword: 'false', value: false, holder: undefined, via });
      return;
    }
    if (!schema || typeof schema !== 'object') return;
    if (typeof schema.$ref === 'string') {
      const next = follow(schema, at, via);
      if (next) walkSchema(next.target, at, next.via, true);
    }
    for (const keyword of CONSTRAINT_KEYWORDS) {
      if (schema[keyword] === undefined || keyword === 'not' || keyword === 'additionalProperties') continue;
      if (isConstraint(keyword, schema[keyword], schema)) out.push({ at, keyword, value: schema[keyword], holder: schema, via });
    }
    if (schema.not !== undefined) out.push({ at, keyword: 'not', value: schema.not, holder: schema, via });
    if (schema.additionalProperties === false) out.push({ at, keyword: 'additionalProperties', value: false, holder: schema, via });
    (schema.allOf ?? []).forEach((sub: Json) => walkSchema(sub, at, via, valueOnly));
    if (valueOnly) return;
    for (const k of SUBSCHEMA_MAPS) {
      for (const [name, sub] of Object.entries<Json>(schema[k] ?? {})) walkSchema(sub, k === 'properties' ? `${at}.${name}` : `${at}/${k}/${name}`, via);
    }
    for (const k of SUBSCHEMA_LISTS) if (k !== 'allOf') (schema[k] ?? []).forEach((sub: Json, i: number) => walkSchema(sub, `${at}/${k}/${i}`, via));
    // `not` is itself the constraint (walked above); its content is what is excluded, not a constraint.
    for (const k of SUBSCHEMA_SINGLE) if (k !== 'not' && schema[k] !== undefined && typeof schema[k] === 'object') walkSchema(schema[k], k === 'items' ? `${at}[]` : `${at}/${k}`, via);
  }

  /** A walk of an object that may be a `$ref` (parameter, request body, response): a reference walks its target. */
  function followingRefs(walk: (node: Json, at: string, via: RefStep[]) => void) {
    return function walkOrFollow(node: Json, at: string, via: RefStep[] = []): void {
      if (!node || typeof node !== 'object') return;
      if (typeof node.$ref !== 'string') return walk(node, at, via);
      const next = follow(node, at, via);
      if (next) walkOrFollow(next.target, at, next.via);
    };
  }

  const walkParameter = followingRefs((prm, at, via) => {
    // Path parameters are required by OpenAPI itself.
    if (prm.required === true && prm.in !== 'path') out.push({ at, keyword: 'required', value: true, holder: prm, via });
    walkSchema(prm.schema, at, via);
  });

  function walkContent(content: Json, at: string, via: RefStep[]): void {
    for (const [type, media] of Object.entries<Json>(content ?? {})) walkSchema(media?.schema, `${at} ${type}`, via);
  }

  const walkBody = followingRefs((body, at, via) => {
    if (body.required === true) out.push({ at, keyword: 'required', value: true, holder: body, via });
    walkContent(body.content, at, via);
  });

  const walkResponse = followingRefs((res, at, via) => {
    for (const [name, header] of Object.entries<Json>(res.headers ?? {})) {
      const h = `${at} header ${name}`;
      if (header?.required === true) out.push({ at: h, keyword: 'required', value: true, holder: header, via });
      walkSchema(header?.schema, h, via);
    }
    walkContent(res.content, at, via);
  });

  for (const [name, s] of Object.entries<Json>(doc.components?.schemas ?? {})) walkSchema(s, name);
  for (const [name, p] of Object.entries<Json>(doc.components?.parameters ?? {})) walkParameter(p, `param ${name}`);
  for (const [name, b] of Object.entries<Json>(doc.components?.requestBodies ?? {})) walkBody(b, `body ${name}`);
  for (const [name, r] of Object.entries<Json>(doc.components?.responses ?? {})) walkResponse(r, `response ${name}`);
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    // A referenced parameter is named by its own `name` (what the operation takes).
    const paramName = (prm: Json) => (typeof prm.$ref === 'string' ? doc.components?.parameters?.[componentName(prm.$ref)]?.name : prm.name);
    (item.parameters ?? []).forEach((prm: Json) => walkParameter(prm, `${p} ?${paramName(prm)}`));
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const base = `${m.toUpperCase()} ${p}`;
      (op.parameters ?? []).forEach((prm: Json) => walkParameter(prm, `${base} ?${paramName(prm)}`));
      walkBody(op.requestBody, `${base} body`);
      for (const [status, res] of Object.entries<Json>(op.responses ?? {})) walkResponse(res, `${base} ${status}`);
    }
  }
  return out;
}
