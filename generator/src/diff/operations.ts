/**
 * Operations: matched by method and path template (parameter names blanked, so renaming `{id}` to
 * `{userId}` is the same endpoint), then by operationId for moved endpoints; then parameters (keyed by
 * location and name; path parameters by position), request bodies, responses and their headers.
 */
import { appendPointer, getAtPointer, toPointer } from '../load/pointer.ts';
import type { HeaderModel, MediaTypeModel, OperationModel, PaginationModel, ParameterModel, ResponseModel, StreamingModel } from '../model/types.ts';
import type { DiffContext, OpScope, SchemaCtx } from './context.ts';
import { followsText } from '../model/pagination.ts';
import { LOCATION_MEMBER, OPERATION_MEMBERS, operationType, type OperationMember } from '../emit/types/operation-members.ts';
import { compareSchemas } from './schema/compare.ts';
import { canonical } from './schema/canonical.ts';
import { removal, parseSunset, sunsetText } from './sunset.ts';
import { compareOperationSecurity } from './security.ts';

const STABILITY = ['draft', 'alpha', 'beta', 'stable'];

export function opKey(op: OperationModel): string {
  return `${op.httpMethod} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
}

export function opLabel(op: OperationModel): string {
  return `${op.httpMethod} ${op.path}`;
}

/**
 * How a consumer names one of the operation's generated types: the types target's own spelling, through
 * its `Operations` map (`Operations["createPost"]["response"]`); there is no per-operation alias to name.
 */
export function operationTypeName(op: OperationModel, member: OperationMember): string {
  return operationType(undefined, op, member).text;
}

/** Every per-operation type of `op` a consumer can reach (one per member of its `Operations` entry). */
export function operationTypeNames(op: OperationModel): string[] {
  return OPERATION_MEMBERS.map((member) => operationTypeName(op, member));
}

/** The per-operation types a change to a response of this status alters. */
function responseTypeNames(op: OperationModel, success: boolean): string[] {
  return [operationTypeName(op, 'responses'), operationTypeName(op, success ? 'response' : 'errorResponse')];
}

/** Pairs the operations of both sides and compares each pair. Returns every operation scope. */
export function compareOperations(dc: DiffContext): OpScope[] {
  const byKey = (ops: OperationModel[]): Map<string, OperationModel> => {
    const map = new Map<string, OperationModel>();
    for (const op of ops) {
      const key = opKey(op);
      map.set(map.has(key) ? `${op.httpMethod} ${op.path}` : key, op);
    }
    return map;
  };
  const base = byKey(dc.base.model.operations);
  const head = byKey(dc.head.model.operations);
  const scopes: OpScope[] = [];
  const removed: OpScope[] = [];
  const added: OpScope[] = [];
  for (const [key, b] of head) {
    const a = base.get(key);
    const scope: OpScope = { kind: 'op', key, label: opLabel(b), base: a, head: b };
    scopes.push(scope);
    if (!a) added.push(scope);
  }
  for (const [key, a] of base) {
    if (head.has(key)) continue;
    const scope: OpScope = { kind: 'op', key, label: opLabel(a), base: a };
    scopes.push(scope);
    removed.push(scope);
  }
  // Same operationId, different method or path: the endpoint moved.
  for (const r of [...removed]) {
    const a = r.base!;
    if (a.operationIdSynthesized) continue;
    const match = added.find((s) => !s.head!.operationIdSynthesized && s.head!.operationId === a.operationId);
    if (!match) continue;
    removed.splice(removed.indexOf(r), 1);
    added.splice(added.indexOf(match), 1);
    scopes.splice(scopes.indexOf(r), 1);
    match.base = a;
    dc.add({ id: 'endpoint-moved', message: `${match.label}: moved from ${opLabel(a)} (operationId \`${a.operationId}\`) — clients calling the old URL break`, scope: match, basePtr: a.pointer, headPtr: match.head!.pointer, where: 'endpoint' });
  }
  for (const s of added) {
    dc.add({ id: 'endpoint-added', message: `${s.label}: new operation \`${s.head!.operationId}\`${s.head!.summary ? ` (${s.head!.summary})` : ''}`, scope: s, headPtr: s.head!.pointer, where: 'endpoint' });
  }
  for (const s of removed) {
    const a = s.base!;
    const r = removal(a.deprecated, a.extensions['x-sunset'], dc.now, a.extensions['x-deprecated-at']);
    const pathItem = toPointer(['paths', a.path]);
    const anchorPtr = getAtPointer(dc.head.spec.document, pathItem) !== undefined ? pathItem : '/paths';
    dc.add({ id: `endpoint-removed${r.suffix}`, message: `${s.label}: the operation was removed; ${r.note}${r.suffix === '-after-sunset' ? '' : ' — clients calling it break'}`, scope: s, basePtr: a.pointer, anchorPtr, where: 'endpoint' });
  }
  for (const s of scopes) {
    if (!s.base || !s.head) continue;
    if (s.base.path === s.head.path && dc.identical(s.base, s.head)) {
      compareOperationSecurity(dc, s, s.base, s.head);
      continue;
    }
    compareOperation(dc, s, s.base, s.head);
  }
  return scopes;
}

function compareOperation(dc: DiffContext, scope: OpScope, a: OperationModel, b: OperationModel): void {
  const add = (id: string, message: string, basePtr?: string, headPtr?: string, where = 'endpoint', detail?: string, typeNames?: string[]): void =>
    dc.add({ id, message: `${scope.label}: ${message}`, scope, basePtr, headPtr, where, detail, typeNames });
  if (!a.deprecated && b.deprecated) {
    const since = b.extensions['x-deprecated-at'] !== undefined ? ` on ${sunsetText(b.extensions['x-deprecated-at'])}` : '';
    const until = b.extensions['x-sunset'] !== undefined ? `; x-sunset ${sunsetText(b.extensions['x-sunset'])}` : '; no removal date (x-sunset) yet';
    add('endpoint-deprecated', `the operation became deprecated${since}${until}`, a.pointer, b.pointer);
  }
  if (a.deprecated && !b.deprecated) add('endpoint-reactivated', 'the operation is no longer deprecated', a.pointer, b.pointer);
  const sunsetA = a.extensions['x-sunset'];
  const sunsetB = b.extensions['x-sunset'];
  const sa = parseSunset(sunsetA);
  const sb = parseSunset(sunsetB);
  if (sa !== undefined && sb !== undefined && sb !== sa) {
    add(sb < sa ? 'endpoint-sunset-moved-earlier' : 'endpoint-sunset-moved-later', `x-sunset moved ${sb < sa ? 'earlier' : 'later'}, from ${sunsetText(sunsetA)} to ${sunsetText(sunsetB)}${sb < sa ? ' — clients planned their migration for the old date' : ''}`, appendPointer(a.pointer, 'x-sunset'), appendPointer(b.pointer, 'x-sunset'));
  }
  if (sunsetB !== undefined && sb === undefined && canonical(sunsetA) !== canonical(sunsetB)) {
    add('endpoint-sunset-invalid', `x-sunset ${JSON.stringify(sunsetText(sunsetB))} is not an RFC 3339 date; removal cannot be checked against it`, undefined, appendPointer(b.pointer, 'x-sunset'));
  }
  if (a.operationId !== b.operationId && !(a.operationIdSynthesized && b.operationIdSynthesized)) {
    const renamed = a.names.method !== b.names.method ? ` — the generated client method \`${a.names.method}\` becomes \`${b.names.method}\`` : '';
    add('endpoint-operation-id-changed', `operationId changed from \`${a.operationId}\` to \`${b.operationId}\`${renamed}`, appendPointer(a.pointer, 'operationId'), appendPointer(b.pointer, 'operationId'));
  }
  const stA = STABILITY.indexOf(String(a.extensions['x-stability-level'] ?? 'stable'));
  const stB = STABILITY.indexOf(String(b.extensions['x-stability-level'] ?? 'stable'));
  if (stA >= 0 && stB >= 0 && stA !== stB) {
    add(stB < stA ? 'endpoint-stability-decreased' : 'endpoint-stability-increased', `x-stability-level changed from ${STABILITY[stA]} to ${STABILITY[stB]}`, a.pointer, b.pointer);
  }
  const tagsA = new Set(a.tags);
  const tagsB = new Set(b.tags);
  for (const t of tagsB) if (!tagsA.has(t)) add('endpoint-tag-added', `tag \`${t}\` was added`, a.pointer, b.pointer, 'endpoint', t);
  for (const t of tagsA) if (!tagsB.has(t)) add('endpoint-tag-removed', `tag \`${t}\` was removed`, a.pointer, b.pointer, 'endpoint', t);
  if (canonical(a.pagination) !== canonical(b.pagination)) add('endpoint-pagination-changed', `pagination changed: ${paginationChange(a.pagination, b.pagination)}`, a.pointer, b.pointer);
  if (canonical(a.streaming) !== canonical(b.streaming)) add('endpoint-streaming-changed', `x-streaming changed: ${streamingChange(a.streaming, b.streaming)}`, a.pointer, b.pointer);

  compareParameters(dc, scope, a, b);
  compareRequestBody(dc, scope, a, b);
  compareResponses(dc, scope, a, b);
  compareOperationSecurity(dc, scope, a, b);
}

/** How the generated paginator pages, in words (`x-pagination`, the config, or inferred). */
function describePagination(p: PaginationModel | undefined): string {
  if (!p) return 'no pagination';
  const size = p.pageSizeParameter ? `, page size in \`${p.pageSizeParameter}\`` : '';
  const items = p.itemsPointer !== undefined ? `, items at \`${p.itemsPointer || '(the body)'}\`` : '';
  if (p.kind === 'token') return `the \`${p.tokenParameter}\` parameter takes the token at \`${p.nextTokenPointer}\`${items}${size}`;
  if (p.kind === 'item') return `the \`${p.tokenParameter}\` parameter takes the last item's \`${p.itemTokenPointer}\` while \`${p.hasMorePointer}\` is true${items}${size}`;
  if (p.kind === 'link') return `the next page is the \`Link\` header's rel="next"${items}${size}`;
  return `the paginator pages ${followsText(p)}${items}${size}`;
}

/** What changed in the paginator: the fields that differ when it pages the same way, else both descriptions. */
function paginationChange(a: PaginationModel | undefined, b: PaginationModel | undefined): string {
  if (a && b && a.kind === b.kind) {
    const fields: Array<[string, string]> = [['tokenParameter', 'token parameter'], ['nextTokenPointer', 'next-token pointer'], ['itemTokenPointer', 'item token pointer'], ['hasMorePointer', 'has-more pointer'], ['itemsPointer', 'items pointer'], ['pageSizeParameter', 'page-size parameter'], ['nextUrlPointer', 'next-URL pointer'], ['nextTokenHeader', 'next-token header'], ['tokenMemberPointer', 'request-body token member'], ['offsetParameter', 'offset parameter'], ['pageParameter', 'page parameter'], ['firstPage', 'first page'], ['totalPointer', 'total pointer']];
    const read = (p: PaginationModel, key: string): string => {
      const value = (p as unknown as Record<string, unknown>)[key];
      return value === undefined ? 'none' : `\`${String(value) || '(the body)'}\``;
    };
    const parts = fields.filter(([key]) => read(a, key) !== read(b, key)).map(([key, name]) => `${name} ${read(a, key)} → ${read(b, key)}`);
    if (parts.length) return `${parts.join(', ')} (the generated paginator follows the new one)`;
  }
  return `before, ${describePagination(a)}; now, ${describePagination(b)}`;
}

/** What changed in the stream reader, in words: the fields that differ (the matchers by count and by their being different). */
function streamingChange(a: StreamingModel | undefined, b: StreamingModel | undefined): string {
  if (!a || !b) return a ? `the response is no longer read as a ${a.format} stream` : `the response is now read as a ${b!.format} stream`;
  const parts: string[] = [];
  if (a.format !== b.format) parts.push(`format ${a.format} → ${b.format}`);
  const name = (v: string | undefined) => (v === undefined ? 'none' : `\`${v}\``);
  if (a.backfillParameter !== b.backfillParameter) parts.push(`backfill parameter ${name(a.backfillParameter)} → ${name(b.backfillParameter)}`);
  const matchers = (label: string, x: unknown[] | undefined, y: unknown[] | undefined) => {
    if (canonical(x ?? []) !== canonical(y ?? [])) parts.push(`${label} changed (${x?.length ?? 0} → ${y?.length ?? 0} matchers)`);
  };
  matchers('in-stream problems', a.problems, b.problems);
  matchers('the problems that end reconnecting', a.reconnectUnless, b.reconnectUnless);
  return parts.join(', ') || "the stream reader's settings";
}

function pathNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

function paramKey(p: ParameterModel, op: OperationModel): string {
  if (p.in === 'path') {
    const index = pathNames(op.path).indexOf(p.name);
    if (index >= 0) return `path:#${index}`;
  }
  return `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
}

function schemaPointer(p: ParameterModel | HeaderModel): string {
  if ('contentType' in p && p.contentType !== undefined) return appendPointer(p.pointer, 'content', p.contentType, 'schema');
  return appendPointer(p.pointer, 'schema');
}

function compareParameters(dc: DiffContext, scope: OpScope, a: OperationModel, b: OperationModel): void {
  const pa = new Map(a.parameters.map((p) => [paramKey(p, a), p]));
  const pb = new Map(b.parameters.map((p) => [paramKey(p, b), p]));
  const label = (p: ParameterModel): string => `${p.querystring ? 'querystring' : p.in} parameter \`${p.name}\``;
  const typeNames = (p: ParameterModel): string[] => [operationTypeName(b, LOCATION_MEMBER[p.in])];
  const emit = (id: string, p: ParameterModel, message: string, basePtr?: string, headPtr?: string, detail?: string, anchorPtr?: string): void =>
    dc.add({ id, message: `${label(p)}: ${message}`, scope, basePtr, headPtr, anchorPtr, where: `param|${paramKey(p, b.parameters.includes(p) ? b : a)}`, detail, typeNames: typeNames(p) });
  const addedByName = new Map<string, ParameterModel>();
  const removedByName = new Map<string, ParameterModel>();
  for (const [key, p] of pb) if (!pa.has(key)) addedByName.set(p.name.toLowerCase(), p);
  for (const [key, p] of pa) if (!pb.has(key)) removedByName.set(p.name.toLowerCase(), p);
  for (const [name, p] of addedByName) {
    const old = removedByName.get(name);
    if (!old) continue;
    addedByName.delete(name);
    removedByName.delete(name);
    emit('request-parameter-location-changed', p, `moved from the ${old.in} to the ${p.in} — clients still send it in the ${old.in}`, old.pointer, p.pointer);
  }
  for (const p of addedByName.values()) {
    if (p.required) emit('new-required-request-parameter', p, 'new required parameter — existing calls do not send it and will be rejected', undefined, p.pointer);
    else emit('new-optional-request-parameter', p, 'new optional parameter', undefined, p.pointer);
  }
  for (const p of removedByName.values()) {
    const r = removal(p.deprecated, p.extensions['x-sunset'], dc.now, p.extensions['x-deprecated-at']);
    emit(`request-parameter-removed${r.suffix}`, p, `the parameter was removed; ${r.note}${r.suffix === '-after-sunset' ? '' : ' — clients that send it may be rejected, and the generated type loses it'}`, p.pointer, undefined, undefined, b.pointer);
  }
  for (const [key, q] of pb) {
    const p = pa.get(key);
    if (!p) continue;
    if (p.name !== q.name && p.in === 'path') emit('request-path-parameter-renamed', q, `path parameter \`{${p.name}}\` was renamed to \`{${q.name}}\` — the URL is unchanged; the generated path-parameter key changes`, p.pointer, q.pointer);
    if (!p.required && q.required) emit('request-parameter-became-required', q, 'became required — existing calls that omit it will be rejected', p.pointer, q.pointer);
    if (p.required && !q.required) emit('request-parameter-became-optional', q, 'became optional', p.pointer, q.pointer);
    if (!p.deprecated && q.deprecated) emit('request-parameter-deprecated', q, `became deprecated${q.extensions['x-sunset'] !== undefined ? ` (x-sunset ${sunsetText(q.extensions['x-sunset'])})` : ''}`, p.pointer, q.pointer);
    if (p.deprecated && !q.deprecated) emit('request-parameter-reactivated', q, 'is no longer deprecated', p.pointer, q.pointer);
    const sa = parseSunset(p.extensions['x-sunset']);
    const sb = parseSunset(q.extensions['x-sunset']);
    if (sa !== undefined && sb !== undefined && sb < sa) emit('request-parameter-sunset-moved-earlier', q, `x-sunset moved earlier, from ${sunsetText(p.extensions['x-sunset'])} to ${sunsetText(q.extensions['x-sunset'])}`, p.pointer, q.pointer);
    if (p.style !== q.style) emit('request-parameter-style-changed', q, `style changed from ${p.style} to ${q.style} — the same value is now serialized differently`, p.pointer, q.pointer);
    else if (p.explode !== q.explode) emit('request-parameter-explode-changed', q, `explode changed from ${p.explode} to ${q.explode} — arrays and objects are now serialized differently`, p.pointer, q.pointer);
    if (p.allowReserved !== q.allowReserved) emit('request-parameter-allow-reserved-changed', q, `allowReserved changed from ${p.allowReserved} to ${q.allowReserved}`, p.pointer, q.pointer);
    if (p.allowEmptyValue && !q.allowEmptyValue) emit('request-parameter-allow-empty-value-removed', q, 'allowEmptyValue was removed — an empty value is no longer accepted', p.pointer, q.pointer);
    if (p.contentType !== q.contentType) emit('request-parameter-content-changed', q, `now described by ${q.contentType ? `content \`${q.contentType}\`` : '`schema`'} instead of ${p.contentType ? `content \`${p.contentType}\`` : '`schema`'} — it is serialized differently`, p.pointer, q.pointer);
    if (!p.querystring !== !q.querystring) emit('request-parameter-querystring-changed', q, q.querystring ? 'now the whole query string (`in: querystring`) instead of one `name=value` pair — clients send it differently' : 'now one `name=value` pair (`in: query`) instead of the whole query string — clients send it differently', p.pointer, q.pointer);
    const text = p.contentType === undefined && q.contentType === undefined ? { repeatable: q.in === 'query' && q.style === 'form' && q.explode && p.style === 'form' && p.explode } : undefined;
    const ctx: SchemaCtx = { dir: 'request', role: 'parameter', scope, label: label(q), path: '', typeNames: typeNames(q), depth: 0, ...(text ? { text } : {}) };
    compareSchemas(dc, p.schema, schemaPointer(p), q.schema, schemaPointer(q), ctx);
  }
}

function mediaKey(m: MediaTypeModel): string {
  return m.mediaType.toLowerCase().replace(/\s+/g, '');
}

function compareRequestBody(dc: DiffContext, scope: OpScope, a: OperationModel, b: OperationModel): void {
  const ra = a.requestBody;
  const rb = b.requestBody;
  const typeNames = [operationTypeName(b, 'requestBody')];
  const add = (id: string, message: string, basePtr?: string, headPtr?: string, detail?: string, anchorPtr?: string): void =>
    dc.add({ id, message: `request body: ${message}`, scope, basePtr, headPtr, anchorPtr, where: 'request-body', detail, typeNames });
  if (!ra && !rb) return;
  if (!ra) {
    if (rb!.required) add('request-body-added-required', 'a required request body was added — existing calls do not send one', undefined, rb!.pointer);
    else add('request-body-added-optional', 'an optional request body was added', undefined, rb!.pointer);
    return;
  }
  if (!rb) {
    add('request-body-removed', 'the request body was removed — the generated method no longer takes one, and clients that send it may be rejected', ra.pointer, undefined, undefined, b.pointer);
    return;
  }
  if (!ra.required && rb.required) add('request-body-became-required', 'became required — calls without a body will be rejected', ra.pointer, rb.pointer);
  if (ra.required && !rb.required) add('request-body-became-optional', 'became optional', ra.pointer, rb.pointer);
  const ma = new Map(ra.content.map((m) => [mediaKey(m), m]));
  const mb = new Map(rb.content.map((m) => [mediaKey(m), m]));
  for (const [key, m] of mb) if (!ma.has(key)) add('request-body-media-type-added', `media type \`${m.mediaType}\` is now accepted`, undefined, m.pointer, key);
  for (const [key, m] of ma) if (!mb.has(key)) add('request-body-media-type-removed', `media type \`${m.mediaType}\` is no longer accepted — clients sending it will be rejected`, m.pointer, undefined, key, rb.pointer);
  for (const [key, n] of mb) {
    const m = ma.get(key);
    if (!m) continue;
    const ctx: SchemaCtx = { dir: 'request', role: 'body', scope, label: `request body (${n.mediaType})`, path: '', typeNames, depth: 0 };
    compareSchemas(dc, m.schema, appendPointer(m.pointer, 'schema'), n.schema, appendPointer(n.pointer, 'schema'), ctx);
  }
}

function statusKey(r: ResponseModel): string {
  return r.status.toUpperCase();
}

function compareResponses(dc: DiffContext, scope: OpScope, a: OperationModel, b: OperationModel): void {
  const ra = new Map(a.responses.map((r) => [statusKey(r), r]));
  const rb = new Map(b.responses.map((r) => [statusKey(r), r]));
  for (const [key, r] of rb) {
    if (ra.has(key)) continue;
    const success = key.startsWith('2');
    dc.add({ id: success ? 'response-success-status-added' : 'response-non-success-status-added', message: `response ${r.status}: new ${success ? 'success' : 'error'} status${r.description ? ` (${oneLine(r.description)})` : ''}`, scope, headPtr: r.pointer, where: `response|${key}`, typeNames: responseTypeNames(b, success) });
  }
  for (const [key, r] of ra) {
    if (rb.has(key)) continue;
    const success = key.startsWith('2');
    dc.add({ id: success ? 'response-success-status-removed' : 'response-non-success-status-removed', message: `response ${r.status}: the ${success ? 'success' : 'error'} status was removed${success ? ' — clients expecting it break' : ''}`, scope, basePtr: r.pointer, anchorPtr: b.pointer, where: `response|${key}`, typeNames: responseTypeNames(b, success) });
  }
  for (const [key, n] of rb) {
    const m = ra.get(key);
    if (m) compareResponse(dc, scope, b, key, m, n);
  }
}

function oneLine(text: string): string {
  const line = text.split('\n')[0].trim();
  return line.length > 80 ? line.slice(0, 79) + '…' : line;
}

function compareResponse(dc: DiffContext, scope: OpScope, op: OperationModel, key: string, a: ResponseModel, b: ResponseModel): void {
  const success = key.startsWith('2');
  const typeNames = responseTypeNames(op, success);
  const ma = new Map(a.content.map((m) => [mediaKey(m), m]));
  const mb = new Map(b.content.map((m) => [mediaKey(m), m]));
  for (const [mk, m] of mb) {
    if (!ma.has(mk)) dc.add({ id: 'response-media-type-added', message: `response ${b.status}: new media type \`${m.mediaType}\``, scope, headPtr: m.pointer, where: `response|${key}`, detail: mk, typeNames });
  }
  for (const [mk, m] of ma) {
    if (!mb.has(mk)) dc.add({ id: 'response-media-type-removed', message: `response ${b.status}: media type \`${m.mediaType}\` was removed — clients asking for or parsing it break`, scope, basePtr: m.pointer, anchorPtr: b.pointer, where: `response|${key}`, detail: mk, typeNames });
  }
  for (const [mk, n] of mb) {
    const m = ma.get(mk);
    if (!m) continue;
    const ctx: SchemaCtx = { dir: 'response', role: 'body', scope, label: `response ${b.status} (${n.mediaType})`, path: '', typeNames, depth: 0 };
    compareSchemas(dc, m.schema, appendPointer(m.pointer, 'schema'), n.schema, appendPointer(n.pointer, 'schema'), ctx);
  }
  const ha = new Map(a.headers.filter((h) => h.name.toLowerCase() !== 'content-type').map((h) => [h.name.toLowerCase(), h]));
  const hb = new Map(b.headers.filter((h) => h.name.toLowerCase() !== 'content-type').map((h) => [h.name.toLowerCase(), h]));
  const label = (h: HeaderModel): string => `response ${b.status} header \`${h.name}\``;
  const emit = (id: string, h: HeaderModel, message: string, basePtr?: string, headPtr?: string, anchorPtr?: string): void =>
    dc.add({ id, message: `${label(h)}: ${message}`, scope, basePtr, headPtr, anchorPtr, where: `response|${key}|header|${h.name.toLowerCase()}`, typeNames: [operationTypeName(op, 'responses')] });
  for (const [name, h] of hb) {
    if (ha.has(name)) continue;
    emit(h.required ? 'response-required-header-added' : 'response-optional-header-added', h, `new ${h.required ? 'required' : 'optional'} header`, undefined, h.pointer);
  }
  for (const [name, h] of ha) {
    if (hb.has(name)) continue;
    emit(h.required ? 'response-required-header-removed' : 'response-optional-header-removed', h, `the header was removed${h.required ? ' — clients reading it break' : ' — clients reading it get nothing'}`, h.pointer, undefined, b.pointer);
  }
  for (const [name, q] of hb) {
    const h = ha.get(name);
    if (!h) continue;
    if (h.required && !q.required) emit('response-header-became-optional', q, 'became optional — clients relying on it may not get it', h.pointer, q.pointer);
    if (!h.required && q.required) emit('response-header-became-required', q, 'became required (always sent)', h.pointer, q.pointer);
    if (!h.deprecated && q.deprecated) emit('response-header-deprecated', q, 'became deprecated', h.pointer, q.pointer);
    const ctx: SchemaCtx = { dir: 'response', role: 'header', scope, label: label(q), path: '', typeNames: [operationTypeName(op, 'responses')], depth: 0 };
    compareSchemas(dc, h.schema, schemaPointer(h), q.schema, schemaPointer(q), ctx);
  }
}

