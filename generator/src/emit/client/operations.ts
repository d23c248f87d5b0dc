/**
 * `src/operations.ts`: the operation table, plain data the runtime interprets (runtime/types.ts
 * `OperationSpec`). Every spec value enters through `lit`, so paths, names and media types are literals.
 */
import type { Code } from '../../codegen/index.ts';
import { datePlansOf } from '../../model/dates.ts';
import { idempotencyHeader } from '../../model/idempotency.ts';
import { int64PlansOf, type OperationInt64 } from '../../model/int64.ts';
import { headerTokenType } from '../../model/pagination.ts';
import { factsOf, type MediaFact, type PositionalPart, type PositionalParts } from '../../model/facts/index.ts';
import { responseReading } from '../../model/facts/reading.ts';
import type { ApiModel, OperationModel, PaginationModel } from '../../model/types.ts';
import { argumentKeys, dateFormat, securityAlternatives } from './model-helpers.ts';
import * as n from '../../codegen/ts-nodes.ts';
import { assemble, nodePart, part, type PrintedFile } from './pretty.ts';
import { moduleLineText, namedLine, type NamedLine } from '../../codegen/module-lines.ts';
import { printModuleLine } from '../../codegen/pretty-doc.ts';

const DEFAULT_STYLE = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' } as const;

/** The preferred request media type: JSON if offered, else the first. */
export function requestMediaType(model: ApiModel, op: OperationModel): MediaFact | undefined {
  const media = factsOf(model).requestMedia(op);
  return media.find((m) => m.kind === 'json') ?? media[0];
}

/** The operation spec as a plain object (JSON-compatible), exactly what the runtime reads. */
export function operationSpec(model: ApiModel, op: OperationModel): Record<string, unknown> {
  const spec: Record<string, unknown> = { id: op.names.method, method: op.httpMethod, path: op.path };
  // The runtime knows the Path Item's methods; an additional one's idempotency comes from the model.
  if (op.additional && op.idempotent) spec.idempotent = true;
  const keys = argumentKeys(op);
  if (keys.length) {
    spec.params = keys.map(({ param: p, key }) => {
      const out: Record<string, unknown> = { name: p.name, in: p.in };
      const defaultStyle = DEFAULT_STYLE[p.in];
      if (p.style !== defaultStyle) out.style = p.style;
      if (p.explode !== (p.style === 'form' || p.style === 'cookie')) out.explode = p.explode;
      if (key !== p.name) out.key = key;
      if (p.allowReserved) out.reserved = true;
      if (p.querystring) out.querystring = p.contentType && /json/i.test(p.contentType) ? 'json' : 'form';
      else if (p.contentType && /json/i.test(p.contentType)) out.json = true;
      if (dateFormat(model, p.schema) === 'date') out.date = true;
      return out;
    });
  }
  const body = requestMediaType(model, op);
  if (body) spec.body = body.mediaType;
  const form = body ? formFields(body) : [];
  if (form.length) spec.form = form;
  if (body?.positional) spec.parts = partsSpec(body.positional);
  const { alternatives } = securityAlternatives(model, op);
  if (alternatives.length) spec.security = alternatives;
  if (op.pagination) spec.paginate = paginationSpec(model, op, op.pagination, keys);
  const stream = streamSpec(model, op);
  if (stream) spec.stream = stream;
  const binary = binarySuccessTypes(model, op);
  if (binary.length) spec.binary = binary;
  if (op.openParameters) spec.openQuery = true; // the entry carries the writer (extra-query.ts), below
  if (op.deprecated) spec.deprecated = op.deprecatedAt ?? true;
  const rateLimit = rateLimitHeaders(op);
  if (rateLimit) spec.rateLimit = rateLimit;
  const idempotencyKey = idempotencyHeader(model, op);
  if (idempotencyKey) spec.idempotencyKey = idempotencyKey;
  if (model.dates) {
    const { body, ok, error, items } = datePlansOf(model).operation(op);
    const dates = { ...(body ? { body } : {}), ...(ok ? { ok } : {}), ...(error ? { error } : {}), ...(items ? { items } : {}) };
    if (Object.keys(dates).length) spec.dates = dates;
  }
  return spec;
}

/** The runtime's `PaginationSpec`: query parameters by their argument keys, the pointers as the model has them. */
function paginationSpec(model: ApiModel, op: OperationModel, p: PaginationModel, keys: ReturnType<typeof argumentKeys>): Record<string, unknown> {
  const key = (name: string) => keys.find((k) => k.param.in === 'query' && k.param.name === name)?.key ?? name;
  const common = {
    ...(p.pageSizeParameter !== undefined && (p.kind === 'offset' || p.kind === 'page') ? { size: key(p.pageSizeParameter) } : {}),
    ...((p.kind === 'offset' || p.kind === 'page') && p.defaultPageSize !== undefined ? { sizeDefault: p.defaultPageSize } : {}),
    ...(p.totalPointer !== undefined && (p.kind === 'offset' || p.kind === 'page') ? { total: p.totalPointer } : {}),
    ...(p.itemsPointer !== undefined ? { items: p.itemsPointer } : {}),
  };
  switch (p.kind) {
    case 'link':
      return { link: true, ...common };
    case 'url':
      return { url: p.nextUrlPointer, ...common };
    case 'token':
      return { token: key(p.tokenParameter), next: p.nextTokenPointer, ...common };
    case 'item':
      return { token: key(p.tokenParameter), last: p.itemTokenPointer, more: p.hasMorePointer, ...common };
    case 'header': {
      const tokenType = headerTokenType(model, op, p);
      return { token: key(p.tokenParameter), header: p.nextTokenHeader, ...(tokenType ? { tokenType } : {}), ...common };
    }
    case 'body':
      return { member: p.tokenMemberPointer, next: p.nextTokenPointer, ...common };
    case 'offset':
      return { offset: key(p.offsetParameter), ...common };
    case 'page':
      return { page: key(p.pageParameter), first: p.firstPage, ...common };
  }
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

/**
 * A form body's members whose encoding differs from what the runtime does by value (see runtime
 * `FormFieldSpec`): styled ones, a `contentType` other than text/plain or octet-stream, part headers the
 * spec fixes.
 */
export function formFields(media: MediaFact): Record<string, unknown>[] {
  if (media.kind !== 'form-urlencoded' && media.essence !== 'multipart/form-data') return [];
  const out: Record<string, unknown>[] = [];
  for (const p of media.parts) {
    const field: Record<string, unknown> = { name: p.name };
    if (p.styled) {
      field.style = p.style;
      field.explode = p.explode;
      if (p.allowReserved) field.reserved = true;
    } else if (p.explicit || (p.contentType !== 'text/plain' && p.contentType !== 'application/octet-stream')) {
      // Defaults the value alone cannot tell (a null JSON member, a 3.1 contentMediaType) are written too.
      field.type = p.contentType;
    }
    if (media.kind === 'multipart' && p.headerValues.length) field.headers = p.headerValues.map((h) => [h.name, h.value]);
    if (Object.keys(field).length > 1) out.push(field);
  }
  return out;
}

/**
 * The success media types (essences) read as bytes (model/facts/reading.ts): the runtime reads them as a
 * `Blob` even where the type it answers with alone would be text, and `parseAs` types the result.
 */
export function binarySuccessTypes(model: ApiModel, op: OperationModel): string[] {
  const facts = factsOf(model);
  const out = new Set<string>();
  for (const res of op.responses) {
    if (!/^2/.test(res.status)) continue;
    for (const m of facts.responseMedia(res)) if (responseReading(m) === 'bytes') out.add(m.essence);
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

/** A positional multipart body's parts as the runtime reads them (`PartSpec`). */
function partsSpec(parts: PositionalParts): Record<string, unknown> {
  const part = (p: PositionalPart) => (p.headerValues.length ? { type: p.contentType, headers: p.headerValues.map((h) => [h.name, h.value]) } : { type: p.contentType });
  return { prefix: parts.prefix.map(part), ...(parts.items ? { items: part(parts.items) } : {}) };
}

/**
 * Whether a response of the operation (any status) declares a media type other than JSON: the entry then
 * carries `decodeBody` (text by its charset, the rest as bytes); the core's own `decodeJson` reads JSON and
 * keeps what the spec does not declare as bytes (an error's valid UTF-8 as text).
 */
function declaresOtherMedia(model: ApiModel, op: OperationModel): boolean {
  const facts = factsOf(model);
  return op.responses.some((res) => facts.responseMedia(res).some((m) => m.kind !== 'json' || m.streamed));
}

/**
 * The runtime functions the entry's `decode` calls, the first being it: `decodeInt64` at int64 positions
 * (with `decodeBinary` as its reading of bytes when a success is binary), `decodeBinary`, `decodeBody`
 * (another media type declared), or none: the core's own `decodeJson`. The entry and its imports both read it.
 */
function decoders(model: ApiModel, op: OperationModel): string[] {
  const wide = int64Of(model, op);
  const binary = binarySuccessTypes(model, op).length > 0;
  if (wide.ok || wide.error) return binary ? ['decodeInt64', 'decodeBinary'] : ['decodeInt64'];
  if (binary) return ['decodeBinary'];
  return declaresOtherMedia(model, op) ? ['decodeBody'] : [];
}

/** Whether the operation's preferred request body is a positional multipart one (the entry then carries `encodeParts`). */
function partsBody(model: ApiModel, op: OperationModel): boolean {
  return requestMediaType(model, op)?.positional !== undefined;
}

/** Whether the operation's preferred request body is a form (the entry then carries `encodeForm`). */
function formBody(model: ApiModel, op: OperationModel): boolean {
  const body = requestMediaType(model, op);
  return body !== undefined && (body.kind === 'form-urlencoded' || body.essence === 'multipart/form-data');
}

/**
 * Whether a security alternative of the operation needs http basic, an API key or OAuth 1.0a (the entry then
 * carries `extraAuth`; the core applies bearer and OAuth 2.0 tokens itself).
 */
function extraCredentials(model: ApiModel, op: OperationModel): boolean {
  return securityAlternatives(model, op).alternatives.some((alt) => alt.some((k) => k !== 'bearer' && k !== 'oauth2'));
}

/**
 * Whether a parameter of the entry needs more than the core's writer (path and query parameters in the
 * default styles): the entry then carries `styles` (runtime styles.ts `writeParam`).
 */
function otherStyles(spec: Record<string, unknown>): boolean {
  const params = (spec.params ?? []) as Record<string, unknown>[];
  return params.some(
    (p) =>
      (p.in !== 'path' && p.in !== 'query') ||
      (p.style !== undefined && p.style !== 'simple' && p.style !== 'form') ||
      p.reserved ||
      p.json ||
      p.querystring ||
      p.date,
  );
}

/** The entry as an object literal: the data, then the feature functions it needs (imported by name). */
function entry(model: ApiModel, op: OperationModel): n.Expression {
  const spec = operationSpec(model, op);
  // Pagination data is reachable from the paginate feature only (`paginations`, below), not from the entry.
  const data = Object.entries(spec).filter(([key, value]) => key !== 'dates' && key !== 'paginate' && key !== 'openQuery' && value !== undefined);
  const members: n.ObjectMember[] = data.map(([key, value]) => n.property(key, n.literalExpression(value)));
  // `int64: 'bigint'`: JSON with `bigint`s written as digits and read exactly at the operation's int64 positions.
  const wide = int64Of(model, op);
  if (formBody(model, op)) members.push(n.property('encode', n.valueRef('encodeForm')));
  else if (partsBody(model, op)) members.push(n.property('encode', n.valueRef('encodeParts')));
  else if (spec.body !== undefined) members.push(n.property('encode', n.valueRef(wide.body ? 'encodeJson64' : 'encodeBody')));
  if (extraCredentials(model, op)) members.push(n.shorthand('extraAuth'));
  if (spec.openQuery) members.push(n.property('openQuery', n.valueRef('extraQuery')));
  if (otherStyles(spec)) members.push(n.property('styles', n.valueRef('writeParam')));
  const [decode, ...byteReading] = decoders(model, op);
  if (decode === 'decodeInt64') {
    const plans = { ...(wide.ok ? { ok: wide.ok } : {}), ...(wide.error ? { error: wide.error } : {}) };
    const args = [n.valueRef('int64Plans'), n.literalExpression(plans), ...byteReading.map((name) => n.valueRef(name))];
    members.push(n.property('decode', n.callExpression(n.valueRef(decode), args)));
  } else if (decode) members.push(n.property('decode', n.valueRef(decode)));
  if (wide.items) members.push(n.property('readItem', n.callExpression(n.valueRef('readInt64Item'), [n.valueRef('int64Plans'), n.literalExpression(wide.items)])));
  // `dates: 'Date'`: the operation's plans, with the codec over the named schemas' plans.
  const dated = typeof spec.dates === 'object';
  if (dated) members.push(n.property('dates', n.objectLiteral([n.spread(n.literalExpression(spec.dates)), n.property('codec', n.valueRef('dates'))])));
  // The features of this operation only (runtime `Feature`s): the notice of a deprecated one, the dates, the
  // idempotency key. Each wraps the client's retries, so the key is the same on every attempt.
  const hooks = [...(spec.deprecated !== undefined ? ['deprecation'] : []), ...(dated ? ['dates'] : []), ...(spec.idempotencyKey ? ['idempotency'] : [])];
  if (hooks.length) members.push(n.property('hooks', n.arrayLiteral(hooks.map((h) => n.valueRef(h)))));
  return n.objectLiteral(members);
}

/** The operations `client.paginate` follows: paginated, and not streamed. */
export function paginated(model: ApiModel): OperationModel[] {
  return model.operations.filter((op) => op.pagination && !factsOf(model).stream(op));
}

const PAGINATIONS_DOC = ['How `client.paginate` follows the pages of each paginated operation, by method (`PaginationSpec` in runtime/types.ts).'];
const OPERATIONS_DOC = ['Every operation, as the runtime reads it (see `OperationSpec` in runtime/types.ts). Document order.'];
const INT64_PLANS_DOC = ["Where the int64 integers are in each named schema that has any (`{ r: key }` in an operation's plans refers here)."];
const DATE_PLANS_DOC = ["Where the dates are in each named schema that has any (`{ r: key }` in an operation's plans refers here)."];

/** `Readonly<Record<string, T>>` */
function table(name: string): n.TypeNode {
  return n.typeRef('Readonly', [n.typeRef('Record', [n.keywordType('string'), n.typeRef(name)])]);
}

export function emitOperations(model: ApiModel, header: Code, names: (op: OperationModel) => string): PrintedFile {
  // One constant per operation: a standalone operation function references only its own, so a bundle keeps
  // the entries of the operations it calls (the table below is dropped when nothing uses it).
  const entries = model.operations.map((op) => nodePart(n.constDeclaration(names(op), entry(model, op), [], { type: n.typeRef('OperationSpec') })));
  const dated = usesDates(model);
  const forms = model.operations.some((op) => formBody(model, op));
  const parts = model.operations.some((op) => partsBody(model, op));
  const bodies = model.operations.some((op) => requestMediaType(model, op) && !formBody(model, op) && !partsBody(model, op) && !int64Of(model, op).body);
  const wideBodies = model.operations.some((op) => requestMediaType(model, op) && !formBody(model, op) && !partsBody(model, op) && int64Of(model, op).body);
  const wideAnswers = model.operations.some((op) => int64Of(model, op).ok || int64Of(model, op).error || int64Of(model, op).items);
  const wideItems = model.operations.some((op) => int64Of(model, op).items);
  const extra = model.operations.some((op) => extraCredentials(model, op));
  const open = model.operations.some((op) => op.openParameters);
  const styled = model.operations.some((op) => otherStyles(operationSpec(model, op)));
  const deprecated = model.operations.some((op) => op.deprecated);
  const keyed = model.operations.some((op) => idempotencyHeader(model, op));
  const pages = paginated(model);
  const decoding = new Set(model.operations.flatMap((op) => decoders(model, op)));
  const fromInt64 = [...(decoding.has('decodeInt64') ? ['decodeInt64'] : []), ...(wideBodies ? ['encodeJson64'] : []), ...(wideItems ? ['readInt64Item'] : [])];
  const fromBody = [...['decodeBinary', 'decodeBody'].filter((name) => decoding.has(name)), ...(bodies ? ['encodeBody'] : [])];
  const types = [...(dated ? ['DatePlan'] : []), 'OperationSpec', ...(pages.length ? ['PaginationSpec'] : [])];
  const lines = [
    extra && namedLine('import', ['extraAuth'], './runtime/auth-extra.js'),
    open && namedLine('import', ['extraQuery'], './runtime/extra-query.js'),
    fromBody.length > 0 && namedLine('import', fromBody, './runtime/body.js'),
    forms && namedLine('import', ['encodeForm'], './runtime/form.js'),
    parts && namedLine('import', ['encodeParts'], './runtime/multipart-positional.js'),
    dated && namedLine('import', ['dateCodec'], './runtime/dates.js'),
    fromInt64.length > 0 && namedLine('import', fromInt64, './runtime/int64.js'),
    wideAnswers && namedLine('import', ['Int64Plan'], './runtime/json64.js', true),
    deprecated && namedLine('import', ['deprecation'], './runtime/deprecation.js'),
    keyed && namedLine('import', ['idempotency'], './runtime/idempotency.js'),
    styled && namedLine('import', ['writeParam'], './runtime/styles.js'),
    namedLine('import', types, './runtime/types.js', true),
  ].filter((line): line is NamedLine => typeof line === 'object');
  const imports = lines.map((line) => part(() => printModuleLine(line), () => moduleLineText(line)));
  // With `dates: 'Date'`: the named schemas' date plans (complete once every operation is planned, above).
  const plans = datePlansOf(model).schemas;
  const datePlans = dated
    ? [
        nodePart(n.constDeclaration('datePlans', n.literalExpression(plans), DATE_PLANS_DOC, { type: table('DatePlan') })),
        nodePart(n.variable('const', 'dates', n.callExpression(n.valueRef('dateCodec'), [n.valueRef('datePlans')]))),
      ]
    : [];
  const int64Plans = wideAnswers ? [nodePart(n.constDeclaration('int64Plans', n.literalExpression(int64PlansOf(model).schemas), INT64_PLANS_DOC, { type: table('Int64Plan') }))] : [];
  // Read by createClient's `client.paginate` only: a bundle of standalone calls does not carry it.
  const paginations = Object.fromEntries(pages.map((op) => [op.names.method, operationSpec(model, op).paginate]));
  const paginationsPart = pages.length ? [nodePart(n.constDeclaration('paginations', n.literalExpression(paginations), PAGINATIONS_DOC, { type: table('PaginationSpec') }))] : [];
  const list = n.arrayLiteral(model.operations.map((op) => n.valueRef(names(op))));
  const operations = nodePart(n.constDeclaration('operations', list, OPERATIONS_DOC, { type: n.readonlyType(n.arrayType(n.typeRef('OperationSpec'))) }));
  return assemble(header.text, imports, [...datePlans, ...int64Plans, ...entries, operations, ...paginationsPart]);
}

/** Where the int64 integers an operation sends and receives are (none without `int64: 'bigint'`). */
function int64Of(model: ApiModel, op: OperationModel): OperationInt64 {
  return model.int64 ? int64PlansOf(model).operation(op) : {};
}

/** Whether the client converts dates: generated with `dates: 'Date'` and some operation sends or receives one. */
export function usesDates(model: ApiModel): boolean {
  if (!model.dates) return false;
  const plans = datePlansOf(model);
  return model.operations.some((op) => {
    const d = plans.operation(op);
    return d.body !== undefined || d.ok !== undefined || d.error !== undefined;
  });
}
