/**
 * ApiModel → the runtime's operation table (`ApiTable`) and the mock's data. One function serves both the
 * emitter (which writes the value with `lit`) and `serveMock` (which uses it directly).
 */
import { camelCase, uniqueName, toIdentifier } from '../../codegen/index.ts';
import type { ApiModel, JsonValue, OperationModel, ParameterModel, Schema, SchemaObject, SecuritySchemeModel } from '../../model/types.ts';
import type { ApiTable, Coercion, Json, TableOperation, TableParameter, TableProblem, TableSecurityScheme } from './runtime/types.ts';
import type { MockData, MockResponse } from './runtime/mock.ts';

const REF_PREFIX = '#/components/schemas/';

export interface TableOptions {
  /**
   * Extension naming the owner rule. On a path parameter: `true` makes it the owner parameter; on an
   * operation: a string naming the parameter. Besides this name, any parameter extension whose name
   * contains `authenticated-user`/`authenticated_user` with a true value is honoured.
   */
  ownerExtension?: string;
}

export const DEFAULT_OWNER_EXTENSION = 'x-owner-parameter';

/**
 * Default statuses for the problem types of the reference, used when the spec gives none (`x-problem-status`
 * on the variant). The reference does not map problem types to statuses, so these are our choice; every
 * constructor takes a status to override them.
 */
const DEFAULT_PROBLEM_STATUS: Record<string, number> = {
  'about:blank': 500,
  'client-disconnected': 400,
  'client-forbidden': 403,
  conflict: 409,
  'disallowed-resource': 403,
  'duplicate-rules': 409,
  'invalid-request': 400,
  'invalid-rules': 400,
  'noncompliant-rules': 400,
  'not-authorized-for-field': 403,
  'not-authorized-for-resource': 403,
  'operational-disconnect': 503,
  'resource-not-found': 404,
  'resource-unavailable': 403,
  'rule-cap': 403,
  'streaming-connection': 429,
  'unsupported-authentication': 403,
  'usage-capped': 429,
};

export class SchemaResolver {
  private readonly byKey = new Map<string, Schema>();
  constructor(model: ApiModel) {
    for (const s of model.schemas) this.byKey.set(s.key, s.schema);
  }
  resolve(schema: Schema | undefined, depth = 0): Schema | undefined {
    let node = schema;
    while (typeof node === 'object' && node !== null && typeof node.$ref === 'string' && depth++ < 50) {
      node = node.$ref.startsWith(REF_PREFIX) ? this.byKey.get(node.$ref.slice(REF_PREFIX.length)) : undefined;
    }
    return node;
  }
}

function typesOf(schema: Schema | undefined, r: SchemaResolver, depth = 0): Set<string> {
  const out = new Set<string>();
  const s = r.resolve(schema);
  if (s === undefined || typeof s === 'boolean' || depth > 20) {
    out.add('any');
    return out;
  }
  if (Array.isArray(s.type)) s.type.forEach((t) => out.add(t));
  else if (s.type) out.add(s.type);
  for (const v of [...(s.enum ?? []), ...(s.const !== undefined ? [s.const] : [])]) {
    out.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v);
  }
  for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) typesOf(member, r, depth + 1).forEach((t) => out.add(t));
  for (const member of s.allOf ?? []) typesOf(member, r, depth + 1).forEach((t) => t !== 'any' && out.add(t));
  if (out.size === 0) {
    if (s.items || s.prefixItems) out.add('array');
    else if (s.properties) out.add('object');
    else out.add('any');
  }
  return out;
}

function itemsOf(schema: Schema | undefined, r: SchemaResolver, depth = 0): Schema | undefined {
  const s = r.resolve(schema);
  if (typeof s !== 'object' || depth > 20) return undefined;
  if (s.items !== undefined) return s.items;
  if (s.prefixItems?.length) return s.prefixItems[0];
  for (const member of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const found = itemsOf(member, r, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function propertiesOf(schema: Schema | undefined, r: SchemaResolver, depth = 0): Record<string, Schema> {
  const s = r.resolve(schema);
  if (typeof s !== 'object' || depth > 20) return {};
  let out: Record<string, Schema> = { ...(s.properties ?? {}) };
  for (const member of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) out = { ...propertiesOf(member, r, depth + 1), ...out };
  return out;
}

/** How a wire string is turned into the value the validator expects. */
export function coercionOf(schema: Schema | undefined, r: SchemaResolver, depth = 0): Coercion {
  const types = typesOf(schema, r);
  if (types.has('array') && depth < 4) return { type: 'array', items: coercionOf(itemsOf(schema, r), r, depth + 1) };
  if (types.has('object') && depth < 4) {
    const properties: Record<string, Coercion> = {};
    for (const [name, prop] of Object.entries(propertiesOf(schema, r))) properties[name] = coercionOf(prop, r, depth + 1);
    return { type: 'object', properties };
  }
  const stringy = types.has('string') || types.has('any');
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

function schemeLabel(s: SecuritySchemeModel): string {
  if (s.type === 'oauth2' || s.type === 'openIdConnect') return 'OAuth 2.0 User Context';
  if (s.type === 'http' && s.scheme === 'bearer') return 'OAuth 2.0 Application-Only';
  if (s.type === 'http' && s.scheme === 'oauth') return 'OAuth 1.0a User Context';
  if (s.type === 'http' && s.scheme === 'basic') return 'HTTP Basic';
  if (s.type === 'apiKey') return 'API key';
  return s.name;
}

/** The `type` member's pattern or const of a problem variant (looking through `allOf`). */
function problemTypeOf(schema: Schema | undefined, r: SchemaResolver, depth = 0): { pattern?: string; const?: string } | undefined {
  const s = r.resolve(schema);
  if (typeof s !== 'object' || depth > 10) return undefined;
  const type = r.resolve(s.properties?.type);
  if (typeof type === 'object') {
    if (typeof type.const === 'string') return { const: type.const };
    if (Array.isArray(type.enum) && type.enum.length === 1 && typeof type.enum[0] === 'string') return { const: type.enum[0] };
    if (typeof type.pattern === 'string') return { pattern: type.pattern };
  }
  for (const member of s.allOf ?? []) {
    const found = problemTypeOf(member, r, depth + 1);
    if (found) return found;
  }
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
  /** Whether the status must be given (no default). */
  statusRequired: boolean;
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
    const status = typeof explicitStatus === 'number' ? explicitStatus : DEFAULT_PROBLEM_STATUS[slug];
    const title = typeof s['x-problem-title'] === 'string' ? (s['x-problem-title'] as string) : undefined;
    out.push({
      slug: typePath === 'about:blank' ? 'about:blank' : slug,
      typePath,
      title: title ?? titleOf(slug),
      status: status ?? 400,
      statusRequired: typePath === 'about:blank' && typeof explicitStatus !== 'number',
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
  const known: Record<string, string> = { 'invalid-request': 'Invalid Request', 'resource-not-found': 'Not Found Error' };
  return known[slug] ?? slug.split(/[-_\s]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

export function buildApiTable(model: ApiModel, options: TableOptions = {}): ApiTable {
  const r = new SchemaResolver(model);
  const ownerExtension = options.ownerExtension ?? DEFAULT_OWNER_EXTENSION;
  const operations: TableOperation[] = model.operations.map((op) => {
    const entry: TableOperation = {
      key: op.names.method,
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      parameters: op.parameters.map((p) => parameterEntry(p, r)),
      responses: op.responses.map((res) => ({ status: res.status, mediaTypes: res.content.map((c) => c.mediaType) })),
      security: op.security.map((req) => ({ ...req })),
    };
    if (op.requestBody) entry.requestBody = { required: op.requestBody.required, mediaTypes: op.requestBody.content.map((c) => c.mediaType) };
    const owner = ownerParameterOf(op, ownerExtension);
    if (owner) entry.ownerParameter = owner;
    if (op.deprecated) entry.deprecated = true;
    if (op.sunset) entry.sunset = op.sunset;
    if (op.deprecatedAt) entry.deprecatedAt = op.deprecatedAt;
    if (op.openParameters) entry.openParameters = true;
    if (op.pagination) entry.pagination = { ...op.pagination };
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
  let problemPath: string | undefined;
  for (const p of problemsOf(model)) {
    if (p.slug === 'about:blank') continue;
    problems[p.slug] = { slug: p.slug, typePath: p.typePath, title: p.title, status: p.status };
    if (!problemPath && p.typePath.endsWith('/' + p.slug)) problemPath = p.typePath.slice(0, -p.slug.length);
  }
  return { operations, securitySchemes, problems, problemPath: problemPath ?? '/problems/' };
}

function successResponse(op: OperationModel): MockResponse | undefined {
  const success = op.responses.filter((res) => /^2/.test(res.status));
  const chosen = success.find((res) => res.content.length) ?? success[0];
  if (!chosen) return undefined;
  const status = /^\d{3}$/.test(chosen.status) ? Number(chosen.status) : 200;
  const media = chosen.content.find((c) => /json/i.test(c.mediaType)) ?? chosen.content[0];
  if (!media) return { status };
  const out: MockResponse = { status, mediaType: media.mediaType, schema: media.schema };
  if (media.examples.length) out.examples = media.examples;
  return out;
}

/** Schemas and success responses for the mock, with `$ref`s left as `#/components/schemas/<key>`. */
export function buildMockData(model: ApiModel): MockData {
  const schemas: Record<string, unknown> = {};
  for (const s of model.schemas) schemas[REF_PREFIX + s.key] = s.schema;
  const responses: Record<string, MockResponse> = {};
  for (const op of model.operations) {
    const response = successResponse(op);
    if (response) responses[op.names.method] = response;
  }
  return { schemas, responses };
}

export type { SchemaObject };
