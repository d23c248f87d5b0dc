/**
 * `src/operations.ts`: the operation table, plain data the runtime interprets (runtime/types.ts
 * `OperationSpec`). Every spec value enters through `lit`, so paths, names and media types are literals.
 */
import { code, ident, join, lit, propKey, type Code } from '../../codegen/index.ts';
import { factsOf, type MediaFact } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { argumentKeys, dateFormat, securityAlternatives } from './model-helpers.ts';

const DEFAULT_STYLE = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' } as const;

/** The preferred request media type: JSON if offered, else the first. */
export function requestMediaType(model: ApiModel, op: OperationModel): MediaFact | undefined {
  const media = factsOf(model).requestMedia(op);
  return media.find((m) => m.kind === 'json') ?? media[0];
}

/** The operation spec as a plain object (JSON-compatible), exactly what the runtime reads. */
export function operationSpec(model: ApiModel, op: OperationModel): Record<string, unknown> {
  const spec: Record<string, unknown> = { id: op.names.method, method: op.method.toUpperCase(), path: op.path };
  const keys = argumentKeys(op);
  if (keys.length) {
    spec.params = keys.map(({ param: p, key }) => {
      const out: Record<string, unknown> = { name: p.name, in: p.in };
      const defaultStyle = DEFAULT_STYLE[p.in];
      if (p.style !== defaultStyle) out.style = p.style;
      if (p.explode !== (p.style === 'form')) out.explode = p.explode;
      if (key !== p.name) out.key = key;
      if (p.allowReserved) out.reserved = true;
      if (p.contentType && /json/i.test(p.contentType)) out.json = true;
      if (dateFormat(model, p.schema) === 'date') out.date = true;
      return out;
    });
  }
  const body = requestMediaType(model, op);
  if (body) spec.body = body.mediaType;
  const { alternatives } = securityAlternatives(model, op);
  if (alternatives.length) spec.security = alternatives;
  if (op.pagination) {
    const token = keys.find((k) => k.param.in === 'query' && k.param.name === op.pagination!.tokenParameter);
    spec.paginate = {
      token: token?.key ?? op.pagination.tokenParameter,
      next: op.pagination.nextTokenPointer,
      ...(op.pagination.itemsPointer !== undefined ? { items: op.pagination.itemsPointer } : {}),
    };
  }
  const stream = streamSpec(model, op);
  if (stream) spec.stream = stream;
  const binary = binarySuccessTypes(model, op);
  if (binary.length) spec.binary = binary;
  if (op.openParameters) spec.openQuery = true;
  if (op.deprecated) spec.deprecated = op.deprecatedAt ?? true;
  const rateLimit = rateLimitHeaders(op);
  if (rateLimit) spec.rateLimit = rateLimit;
  return spec;
}

/** The runtime's `StreamSpec` of a streamed operation (framing per media type, dual-mode member, problem rules). */
function streamSpec(model: ApiModel, op: OperationModel): Record<string, unknown> | undefined {
  const fact = factsOf(model).stream(op);
  if (!fact) return undefined;
  const media = fact.streams.map((m) => ({ type: m.essence, format: m.format, ...(m.format === 'sse' && m.jsonData ? { json: true } : {}) }));
  const unique = media.filter((m, i) => media.findIndex((n) => n.type === m.type) === i);
  return {
    media: unique,
    ...(fact.selector !== undefined ? { when: fact.selector } : {}),
    ...(fact.problems ? { problems: fact.problems } : {}),
    ...(fact.reconnectUnless ? { reconnectUnless: fact.reconnectUnless } : {}),
  };
}

/** The success media types (essences) the model's facts call binary: the runtime reads them as `Blob`. */
export function binarySuccessTypes(model: ApiModel, op: OperationModel): string[] {
  const facts = factsOf(model);
  const out = new Set<string>();
  for (const res of op.responses) {
    if (!/^2/.test(res.status)) continue;
    for (const m of facts.responseMedia(res)) if (m.kind === 'binary') out.add(m.essence);
  }
  return [...out];
}

/** The operation's response headers marked `x-ratelimit-field`, by field (lower-cased names). */
function rateLimitHeaders(op: OperationModel): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const response of op.responses) {
    for (const h of response.headers) {
      const field = h.extensions['x-ratelimit-field'];
      if ((field === 'reset' || field === 'limit' || field === 'remaining') && !(field in out)) out[field] = h.name.toLowerCase();
    }
  }
  return Object.keys(out).length ? out : undefined;
}

/** Whether the operation's preferred request body is a form (the entry then carries `encodeForm`). */
function formBody(model: ApiModel, op: OperationModel): boolean {
  const body = requestMediaType(model, op);
  return body !== undefined && (body.kind === 'form-urlencoded' || body.essence === 'multipart/form-data');
}

/** Whether a security alternative of the operation needs http basic or an API key (the entry then carries `extraAuth`). */
function extraCredentials(model: ApiModel, op: OperationModel): boolean {
  return securityAlternatives(model, op).alternatives.some((alt) => alt.some((k) => k === 'basic' || typeof k === 'object'));
}

/** The entry as an object literal: the data, then the feature functions it needs (imported by name). */
function entry(model: ApiModel, op: OperationModel): Code {
  const members = Object.entries(operationSpec(model, op)).map(([key, value]) => code`${propKey(key)}: ${lit(value)}`);
  if (formBody(model, op)) members.push(code`encode: encodeForm`);
  if (extraCredentials(model, op)) members.push(code`extraAuth`);
  return code`{ ${join(members, ', ')} }`;
}

export function emitOperations(model: ApiModel, header: Code, names: (op: OperationModel) => string): Code {
  // One constant per operation: a standalone operation function references only its own, so a bundle keeps
  // the entries of the operations it calls (the table below is dropped when nothing uses it).
  const entries = model.operations.map((op) => code`export const ${ident(names(op))}: OperationSpec = ${entry(model, op)};\n\n`);
  const forms = model.operations.some((op) => formBody(model, op));
  const extra = model.operations.some((op) => extraCredentials(model, op));
  const list = join(
    model.operations.map((op) => code`  ${ident(names(op))},\n`),
    '',
  );
  const features = [
    extra ? code`import { extraAuth } from './runtime/auth-extra.js';\n` : code``,
    forms ? code`import { encodeForm } from './runtime/form.js';\n` : code``,
  ];
  return code`${header}${features}import type { OperationSpec } from './runtime/types.js';

${entries}/** Every operation, as the runtime reads it (see \`OperationSpec\` in runtime/types.ts). Document order. */
export const operations: readonly OperationSpec[] = [
${list}];
`;
}