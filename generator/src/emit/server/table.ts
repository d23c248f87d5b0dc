/**
 * ApiModel → the runtime's operation table (`ApiTable`); the mock's data is mock-data.ts's.
 */
import { datePlansOf } from '../../model/dates.ts';
import { int64Of, int64PlansOf } from '../../model/int64.ts';
import { camelCase, uniqueName, toIdentifier } from '../../codegen/index.ts';
import { admitsEveryType, canonicalJson, factsOf, type MediaFact, type PositionalPart, type SchemaFacts, type StreamFact } from '../../model/facts/index.ts';
import { problemShape } from '../../model/facts/problem-shape.ts';
import { responseReading } from '../../model/facts/reading.ts';
import type { ApiModel, JsonValue, OperationModel, ParameterModel, ResponseModel, Schema, SchemaObject, SecuritySchemeModel, StreamFormat } from '../../model/types.ts';
import type { ApiTable, Coercion, Json, RateLimitHeaders, TableForm, TableFormField, TablePart, TableOperation, TableParameter, TableProblem, TableProblemShape, TableSecurityScheme } from './runtime/types.ts';
import { defineOwn } from '../../model/own.ts';
import { idempotencyHeader } from '../../model/idempotency.ts';

export interface TableOptions {
  /**
   * Extension naming the owner rule. On a path parameter: `true` makes it the owner parameter; on an
   * operation: a string naming the parameter. Besides this name, any parameter extension whose name
   * contains `authenticated-user`/`authenticated_user` with a true value is honoured.
   */
  ownerExtension?: string;
}

export const DEFAULT_OWNER_EXTENSION = 'x-owner-parameter';

/** The model's schema facts as the table reads them: `$ref`s followed, `allOf` merged, types admitted. */
export class SchemaResolver {
  readonly facts: SchemaFacts;
  /** `int64: 'bigint'`: int64 parameters become `bigint`s (model/int64.ts). */
  readonly int64: boolean;
  constructor(model: ApiModel) {
    this.facts = factsOf(model);
    this.int64 = model.int64 === 'bigint';
  }
  resolve(schema: Schema | undefined): Schema | undefined {
    return schema === undefined ? undefined : this.facts.target(schema);
  }
}

/** The JSON types a wire value may take; without a type constraint, the kind its keywords describe (or `any`). */
function typesOf(schema: Schema | undefined, r: SchemaResolver): Set<string> {
  if (schema === undefined) return new Set(['any']);
  const types = r.facts.jsonTypes(schema);
  if (!admitsEveryType(types)) return new Set(types);
  const merged = r.facts.merged(schema);
  if (merged.items !== undefined || merged.prefixItems) return new Set(['array']);
  if (merged.properties) return new Set(['object']);
  return new Set(['any']);
}

/** The item schema of an array (the first alternative that has one). */
function itemsOf(schema: Schema | undefined, r: SchemaResolver, depth = 0): Schema | undefined {
  if (schema === undefined || depth > 20) return undefined;
  const s = r.facts.merged(schema);
  if (s.items !== undefined) return s.items;
  if (s.prefixItems?.length) return s.prefixItems[0];
  for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const found = itemsOf(member, r, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Every property an object may have: the merged view's, and those of each alternative. */
function propertiesOf(schema: Schema | undefined, r: SchemaResolver, depth = 0): Record<string, Schema> {
  if (schema === undefined || depth > 20) return {};
  const s = r.facts.merged(schema);
  let out: Record<string, Schema> = { ...(s.properties ?? {}) };
  for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) out = { ...propertiesOf(member, r, depth + 1), ...out };
  return out;
}

/** How a wire string is turned into the value the validator expects. */
export function coercionOf(schema: Schema | undefined, r: SchemaResolver, depth = 0): Coercion {
  const types = typesOf(schema, r);
  if (types.has('array') && depth < 4) return { type: 'array', items: coercionOf(itemsOf(schema, r), r, depth + 1) };
  if (types.has('object') && depth < 4) {
    const properties: Record<string, Coercion> = {};
    // Own members only: a property named `__proto__` would otherwise set the map's prototype and vanish.
    for (const [name, prop] of Object.entries(propertiesOf(schema, r))) defineOwn(properties, name, coercionOf(prop, r, depth + 1));
    return { type: 'object', properties };
  }
  const stringy = types.has('string') || types.has('any');
  const target = r.resolve(schema);
  if (r.int64 && !stringy && typeof target === 'object' && int64Of(target)) return { type: 'int64' };
  if (types.has('integer') || types.has('number')) return stringy ? { type: 'number-or-string' } : { type: 'number' };
  if (types.has('boolean')) return stringy ? { type: 'boolean-or-string' } : { type: 'boolean' };
  return { type: 'string' };
}

function parameterEntry(p: ParameterModel, r: SchemaResolver): TableParameter {
  const schema = r.resolve(p.schema);
  const json = p.contentType !== undefined && /json/i.test(p.contentType);
  const entry: TableParameter = {
    name: p.name,
    in: p.in,
    required: p.required,
    style: p.style,
    explode: p.explode,
    coerce: json ? { type: 'json' } : coercionOf(p.schema, r),
  };
  if (p.querystring) entry.querystring = json ? 'json' : 'form';
  if (p.allowEmptyValue) entry.allowEmptyValue = true;
  if (typeof schema === 'object' && schema.default !== undefined) entry.default = schema.default as Json;
  return entry;
}

function isTrue(value: JsonValue | undefined): boolean {
  return value === true || value === 'true';
}

function ownerParameterOf(op: OperationModel, extension: string): string | undefined {
  const named = op.extensions[extension];
  if (typeof named === 'string' && op.parameters.some((p) => p.in === 'path' && p.name === named)) return named;
  for (const p of op.parameters) {
    if (p.in !== 'path') continue;
    if (isTrue(p.extensions[extension])) return p.name;
    for (const [key, value] of Object.entries(p.extensions)) {
      if (/authenticated[-_]?user/i.test(key) && isTrue(value)) return p.name;
    }
  }
  return undefined;
}

/** `x-auth-label`, or a name from the scheme's type. */
export function schemeLabel(s: SecuritySchemeModel): string {
  const label = s.extensions['x-auth-label'];
  if (typeof label === 'string' && label) return label;
  if (s.type === 'oauth2' || s.type === 'openIdConnect') return 'OAuth 2.0';
  const scheme = s.scheme?.toLowerCase();
  if (s.type === 'http' && scheme === 'bearer') return 'Bearer token';
  if (s.type === 'http' && scheme === 'oauth') return 'OAuth 1.0a';
  if (s.type === 'http' && scheme === 'basic') return 'HTTP Basic';
  if (s.type === 'apiKey') return 'API key';
  return s.name;
}

/** Response headers marked `x-ratelimit-field: reset | limit | remaining`, by field (first one wins). */
export function rateLimitHeadersOf(model: ApiModel): RateLimitHeaders {
  const out: RateLimitHeaders = {};
  for (const op of model.operations) {
    for (const response of op.responses) {
      for (const h of response.headers) {
        const field = h.extensions['x-ratelimit-field'];
        if (field === 'reset' || field === 'limit' || field === 'remaining') out[field] ??= h.name.toLowerCase();
      }
    }
  }
  return out;
}

/** The `type` member's pattern or const of a problem variant (`allOf` parts merged). */
function problemTypeOf(schema: Schema | undefined, r: SchemaResolver): { pattern?: string; const?: string } | undefined {
  if (schema === undefined) return undefined;
  const properties = r.facts.merged(schema).properties;
  const member = properties && Object.prototype.hasOwnProperty.call(properties, 'type') ? properties.type : undefined;
  if (member === undefined) return undefined;
  const type = r.facts.merged(member);
  if (typeof type.const === 'string') return { const: type.const };
  if (Array.isArray(type.enum) && type.enum.length === 1 && typeof type.enum[0] === 'string') return { const: type.enum[0] };
  if (typeof type.pattern === 'string') return { pattern: type.pattern };
  return undefined;
}

/** `/2/problems/resource-not-found$` → `/2/problems/resource-not-found` (the literal text a pattern fixes). */
export function literalTail(pattern: string): string | undefined {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      const next = body[++i];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return undefined;
      out += next;
    } else if ('.*+?()[]{}|^$'.includes(c)) return undefined;
    else out += c;
  }
  return out;
}

export interface ProblemInfo extends TableProblem {
  /** Constructor name (`resourceNotFound`). */
  constructorName: string;
  /** The variant's planned type name in the types package, when it is a named schema. */
  typeName?: string;
  /** Whether the status must be given (no `x-problem-status`). */
  statusRequired: boolean;
  /** `x-problem-role`: what the server runtime itself answers with this variant. */
  role?: 'invalid-request' | 'unsupported-authentication';
}

/** Problem variants: schemas carrying `x-problem-slug`, plus `about:blank` (always available). */
export function problemsOf(model: ApiModel): ProblemInfo[] {
  const r = new SchemaResolver(model);
  const out: ProblemInfo[] = [];
  const taken = new Set<string>();
  for (const named of model.schemas) {
    const s = named.schema;
    if (typeof s !== 'object') continue;
    const slug = s['x-problem-slug'];
    if (typeof slug !== 'string' || !slug) continue;
    const type = problemTypeOf(s, r);
    let typePath: string;
    if (slug === 'about:blank' || type?.const === 'about:blank') typePath = 'about:blank';
    else if (type?.const) typePath = type.const;
    else typePath = (type?.pattern && literalTail(type.pattern)) || `/problems/${slug}`;
    const explicitStatus = s['x-problem-status'];
    const title = typeof s['x-problem-title'] === 'string' ? (s['x-problem-title'] as string) : undefined;
    const role = s['x-problem-role'];
    out.push({
      slug: typePath === 'about:blank' ? 'about:blank' : slug,
      typePath,
      title: title ?? titleOf(slug),
      // Without `x-problem-status` the constructor takes the status as an argument; 500 is only the
      // runtime's last resort for a slug made without one.
      status: typeof explicitStatus === 'number' ? explicitStatus : 500,
      statusRequired: typeof explicitStatus !== 'number',
      role: role === 'invalid-request' || role === 'unsupported-authentication' ? role : undefined,
      constructorName: uniqueName(toIdentifier(camelCase(slug === 'about:blank' ? 'about-blank' : slug), 'keep', 'problem'), taken),
      typeName: named.typeName,
    });
  }
  if (!out.some((p) => p.slug === 'about:blank')) {
    out.unshift({
      slug: 'about:blank',
      typePath: 'about:blank',
      title: 'About Blank',
      status: 500,
      statusRequired: true,
      constructorName: uniqueName('aboutBlank', taken),
    });
  }
  return out;
}

function titleOf(slug: string): string {
  return slug.split(/[-_\s]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** The form bodies (urlencoded, multipart/form-data) and how each member is read back (runtime/form.ts). */
function formsOf(op: OperationModel, media: MediaFact[], r: SchemaResolver): TableForm[] {
  const out: TableForm[] = [];
  media.forEach((m, i) => {
    if (m.positional) {
      // OAS 3.2: an array schema's parts by position (runtime/multipart-positional.ts).
      const part = (p: PositionalPart): TablePart => (p.binary ? { file: true } : /^[^,;]*[/+]json\b/i.test(p.contentType.trim()) ? { json: true } : {});
      const { prefix, items } = m.positional;
      out.push({ mediaType: m.mediaType, multipart: true, fields: [], parts: { prefix: prefix.map(part), ...(items ? { items: part(items) } : {}) } });
      return;
    }
    if (m.kind !== 'form-urlencoded' && m.essence !== 'multipart/form-data') return;
    const members = r.facts.shape(op.requestBody!.content[i]!.schema, 'request').members;
    const fields = m.parts.map((p, j): TableFormField => {
      const field: TableFormField = { name: p.name, coerce: coercionOf(members[j]?.schema, r) };
      if (p.styled) {
        field.style = p.style;
        field.explode = p.explode;
      } else if (/^[^,;]*[/+]json\b/i.test(p.contentType.trim())) field.json = true;
      if (p.binary) field.file = true;
      if (p.binary && p.explicit) field.accept = p.contentType.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase()).filter(Boolean);
      return field;
    });
    out.push({ mediaType: m.mediaType, multipart: m.kind === 'multipart', fields });
  });
  return out;
}

/**
 * Adds `binary` (the media types whose bodies are bytes: binary in the model's facts, and for responses
 * those the client reads as bytes, model/facts/reading.ts) when there are any.
 */
function withBinary<T extends object>(entry: T, media: MediaFact[], bytes = (m: MediaFact) => m.kind === 'binary'): T & { binary?: string[] } {
  const binary = media.filter(bytes).map((m) => m.mediaType);
  return binary.length ? { ...entry, binary } : entry;
}

/** Adds `stream` (the streamed media types of this status and their framing, from the model's stream fact). */
function withStream<T extends object>(entry: T, status: string, fact: StreamFact | undefined): T & { stream?: { type: string; format: StreamFormat; json?: true }[] } {
  const stream = (fact?.streams ?? []).filter((m) => m.status === status).map((m) => ({ type: m.mediaType, format: m.format, ...(m.format === 'sse' && m.jsonData ? { json: true as const } : {}) }));
  return stream.length ? { ...entry, stream } : entry;
}

/**
 * Error response shapes (model/facts/problem-shape.ts), each written once: index by its canonical JSON. The
 * operations' table and the webhooks' (server/webhooks.ts) both number their shapes with it.
 */
export class ProblemShapes {
  readonly list: TableProblemShape[] = [];
  private readonly index = new Map<string, number>();
  private readonly keys = new WeakMap<object, string>();
  constructor(private readonly model: ApiModel) {}

  /** The index of the shape the response's schema gives problems, if it gives one. */
  of(response: ResponseModel): number | undefined {
    const shape = problemShape(this.model, response);
    if (!shape?.variants.length) return undefined;
    // Responses sharing an error schema share its variants (problemShape): their text is made once.
    let variantsKey = this.keys.get(shape.variants);
    if (variantsKey === undefined) this.keys.set(shape.variants, (variantsKey = canonicalJson(shape.variants)));
    const key = `${JSON.stringify(shape.mediaType)}${variantsKey}`;
    let at = this.index.get(key);
    if (at === undefined) {
      this.index.set(key, (at = this.list.length));
      this.list.push(shape as TableProblemShape);
    }
    return at;
  }

  /** Adds `problem` (the shape's index) to a response entry whose schema gives problems a shape. */
  with<T extends object>(entry: T, response: ResponseModel): T & { problem?: number } {
    const at = this.of(response);
    return at === undefined ? entry : { ...entry, problem: at };
  }
}

export function buildApiTable(model: ApiModel, options: TableOptions = {}): ApiTable {
  const facts = factsOf(model);
  const r = new SchemaResolver(model);
  const ownerExtension = options.ownerExtension ?? DEFAULT_OWNER_EXTENSION;
  const shapes = new ProblemShapes(model);
  const operations: TableOperation[] = model.operations.map((op) => {
    const entry: TableOperation = {
      key: op.names.method,
      operationId: op.operationId,
      method: op.httpMethod.toUpperCase(),
      path: op.path,
      parameters: op.parameters.map((p) => parameterEntry(p, r)),
      responses: op.responses.map((res) => shapes.with(withStream(withBinary({ status: res.status, mediaTypes: res.content.map((c) => c.mediaType) }, facts.responseMedia(res), (m) => responseReading(m) === 'bytes'), res.status, facts.stream(op)), res)),
      security: op.security.map((req) => ({ ...req })),
    };
    if (op.requestBody) {
      const media = facts.requestMedia(op);
      entry.requestBody = withBinary({ required: op.requestBody.required, mediaTypes: op.requestBody.content.map((c) => c.mediaType) }, media);
      const forms = formsOf(op, media, r);
      if (forms.length) entry.requestBody.forms = forms;
    }
    const owner = ownerParameterOf(op, ownerExtension);
    if (owner) entry.ownerParameter = owner;
    if (op.deprecated) entry.deprecated = true;
    if (op.sunset) entry.sunset = op.sunset;
    if (op.deprecatedAt) entry.deprecatedAt = op.deprecatedAt;
    if (op.openParameters) entry.openParameters = true;
    const idempotencyKey = idempotencyHeader(model, op);
    if (idempotencyKey) entry.idempotencyKey = idempotencyKey;
    if (model.dates) {
      const dates = datePlansOf(model).operation(op);
      if (Object.keys(dates).length) entry.dates = { ...dates };
    }
    if (model.int64) {
      const { body, ok, error } = int64PlansOf(model).operation(op);
      if (body || ok || error) entry.int64 = { ...(body ? { body } : {}), ...(ok ? { ok } : {}), ...(error ? { error } : {}) };
    }
    // The model's plan as the mock serves it (where it came from is not the mock's concern).
    if (op.pagination) {
      const { source: _source, ...plan } = op.pagination;
      entry.pagination = plan;
    }
    return entry;
  });
  const securitySchemes: Record<string, TableSecurityScheme> = {};
  for (const s of model.securitySchemes) {
    const entry: TableSecurityScheme = { type: s.type, label: schemeLabel(s) };
    if (s.scheme) entry.scheme = s.scheme.toLowerCase();
    if (s.in) entry.in = s.in;
    if (s.parameterName) entry.parameterName = s.parameterName;
    securitySchemes[s.name] = entry;
  }
  const problems: Record<string, TableProblem> = {};
  const problemRoles: ApiTable['problemRoles'] = {};
  let problemPath: string | undefined;
  for (const p of problemsOf(model)) {
    if (p.slug === 'about:blank') continue;
    problems[p.slug] = { slug: p.slug, typePath: p.typePath, title: p.title, status: p.status };
    if (p.role === 'invalid-request') problemRoles.invalidRequest ??= p.slug;
    if (p.role === 'unsupported-authentication') problemRoles.unsupportedAuthentication ??= p.slug;
    if (!problemPath && p.typePath.endsWith('/' + p.slug)) problemPath = p.typePath.slice(0, -p.slug.length);
  }
  const table: ApiTable = { operations, securitySchemes, problems, problemPath: problemPath ?? '/problems/', problemRoles, rateLimitHeaders: rateLimitHeadersOf(model) };
  if (shapes.list.length) table.problemShapes = shapes.list;
  // Complete once every operation is planned (the operations' plans refer to it).
  if (model.dates && operations.some((op) => op.dates)) table.datePlans = datePlansOf(model).schemas;
  if (model.int64 && operations.some((op) => op.int64)) table.int64Plans = int64PlansOf(model).schemas;
  return table;
}

export type { SchemaObject };
