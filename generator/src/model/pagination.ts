/**
 * Pagination: declared in the config or with `x-pagination`, or inferred where a spec follows a common
 * convention. Worked out once in the model (`op.pagination`), so the client's `paginate`, the query
 * target's infinite options and the mock read one answer. What is and is not inferred: docs/pagination.md.
 *
 * Precedence: the config (which may also turn pagination off with `false`), then `x-pagination`, then
 * inference. Inference only looks at what the spec declares (parameters, the JSON bodies' members,
 * response headers); it never guesses from descriptions.
 */
import { escapeSegment, parsePointer } from '../load/pointer.ts';
import { factsOf } from './facts/index.ts';
import { int64Of } from './int64.ts';
import type { ApiModel, OperationModel, PaginationModel, Schema } from './types.ts';

/** Query parameter → body members that carry its next value (first found wins), by convention. */
const TOKEN_PAIRS: readonly (readonly [string, readonly string[]])[] = [
  ['next_token', ['next_token']],
  ['pagination_token', ['next_token', 'pagination_token', 'next_pagination_token']],
  ['page_token', ['next_page_token']],
  ['pageToken', ['nextPageToken']],
  ['cursor', ['next_cursor', 'nextCursor', 'cursor']],
  ['continuation_token', ['continuation_token', 'next_continuation_token']],
  ['continuationToken', ['continuationToken', 'nextContinuationToken']],
  // Stripe's searches: `page` is the cursor the body's `next_page` hands out (a page number has no such member).
  ['page', ['next_page']],
];

/** Request-body members of POST searches → response members with the next value (TOKEN_PAIRS, and Notion's `start_cursor`). */
const BODY_TOKEN_PAIRS: readonly (readonly [string, readonly string[]])[] = [...TOKEN_PAIRS, ['start_cursor', ['next_cursor']]];

/** Response headers that carry the next token (lower case) → the query parameters that take it back. */
const HEADER_PAIRS: readonly (readonly [string, readonly string[]])[] = [
  ['x-next-cursor', ['cursor']],
  ['next-cursor', ['cursor']],
  ['x-next-page-token', ['page_token', 'pageToken']],
  ['x-next-token', ['next_token', 'pagination_token']],
  ['x-continuation-token', ['continuation_token', 'continuationToken']],
  ['x-ms-continuation', ['continuation_token', 'continuationToken']],
  ['x-next-page', ['page']],
];

/** Body members holding the next page's URL, by convention: DigitalOcean's, JSON:API-like, HAL's, Facebook's. */
const NEXT_URLS = ['/links/pages/next', '/links/next', '/_links/next/href', '/paging/next', '/next_page_url'];

/** Integer members counting every item of a listing (top level or one object member down). */
const TOTALS = ['total', 'total_count', 'totalCount', 'total_results', 'totalResults', 'total_items', 'totalItems'];

/** Query parameters that set the page size, by convention. */
const PAGE_SIZE = ['limit', 'page_size', 'pageSize', 'per_page', 'perPage', 'max_results', 'maxResults'];

/** Query parameters that show an operation with a next link (header or body) pages through it. */
const PAGING = new Set(['page', 'offset', 'after', 'before', 'starting_after', 'ending_before', ...PAGE_SIZE, ...TOKEN_PAIRS.map(([p]) => p)]);

const POINTER = { type: 'string', pattern: '^(/.*)?$' } as const;
const NAME = { type: 'string', minLength: 1 } as const;
const COMMON = { itemsPointer: POINTER, pageSizeParameter: NAME, totalPointer: POINTER, defaultPageSize: { type: 'integer', minimum: 1 } } as const;

/**
 * The declarable styles: their required and own members (a declaration is the style whose members it
 * has). One table for the config's JSON schema, `x-pagination`'s check and the model.
 */
const STYLES = {
  token: { required: ['tokenParameter', 'nextTokenPointer'], own: { tokenParameter: NAME, nextTokenPointer: POINTER } },
  item: { required: ['tokenParameter', 'itemTokenPointer', 'hasMorePointer', 'itemsPointer'], own: { tokenParameter: NAME, itemTokenPointer: POINTER, hasMorePointer: POINTER } },
  link: { required: ['link'], own: { link: { const: true } } },
  url: { required: ['nextUrlPointer'], own: { nextUrlPointer: POINTER } },
  header: { required: ['tokenParameter', 'nextTokenHeader'], own: { tokenParameter: NAME, nextTokenHeader: NAME } },
  // `tokenMember`: a member name, or a JSON pointer (`/pagination/cursor`) for a nested member.
  body: { required: ['tokenMember', 'nextTokenPointer'], own: { tokenMember: NAME, nextTokenPointer: POINTER } },
  offset: { required: ['offsetParameter', 'pageSizeParameter'], own: { offsetParameter: NAME } },
  page: { required: ['pageParameter'], own: { pageParameter: NAME, firstPage: { type: 'integer', minimum: 0 } } },
} as const;

/** The JSON schema of one declaration (the config's `pagination.<operationId>`, and `x-pagination`). */
export const DECLARATION_SCHEMA = {
  oneOf: Object.values(STYLES).map((s) => ({ type: 'object', additionalProperties: false, required: [...s.required], properties: { ...COMMON, ...s.own } })),
};

/** One operation's pagination as declared (members of one of the styles, docs/pagination.md); `false` turns it off. */
export type DeclaredPagination = false | (Record<string, string | number | boolean> & { itemsPointer?: string; pageSizeParameter?: string });

/** A problem with a declaration, at its key (`/pagination/<operationId>/<member>`, or under `x-pagination`). */
export interface DeclarationProblem {
  pointer: string;
  message: string;
}

type Report = (d: { code: string; pointer: string; message: string }) => void;

/**
 * Every operation's pagination: its `x-pagination` (checked, problems reported at their place in the
 * spec), else the convention it follows, if any.
 */
export function inferPagination(model: ApiModel, report: Report): void {
  for (const op of model.operations) {
    const declared = op.extensions['x-pagination'];
    if (declared === undefined) {
      op.pagination = inferOne(model, op);
      continue;
    }
    const at = `${op.pointer}/x-pagination`;
    const problems = declareOne(model, op, declared as DeclaredPagination, at, 'x-pagination', 'extension');
    for (const p of problems) report({ code: 'extension-invalid', ...p });
  }
}

/**
 * Applies the config's declarations (by operationId); returns the problems found (unknown operation, a
 * parameter the operation does not take, a malformed pointer).
 */
export function declarePagination(model: ApiModel, declared: Record<string, DeclaredPagination>): DeclarationProblem[] {
  const problems: DeclarationProblem[] = [];
  const byId = new Map(model.operations.map((op) => [op.operationId, op]));
  for (const [id, d] of Object.entries(declared)) {
    const at = `/pagination/${escape(id)}`;
    const op = byId.get(id);
    if (!op) problems.push({ pointer: at, message: `pagination: no operation with operationId ${JSON.stringify(id)}` });
    else problems.push(...declareOne(model, op, d, at, `pagination.${id}`, 'config'));
  }
  return problems;
}

/** The style a declaration is (the first whose required members it has), or undefined. */
function styleOf(d: Record<string, unknown>): keyof typeof STYLES | undefined {
  return (Object.keys(STYLES) as (keyof typeof STYLES)[]).find((k) => STYLES[k].required.every((m) => m in d));
}

/** Checks one declaration against the styles and the operation, and sets it when it fits (`op.pagination` is left as it was otherwise). */
function declareOne(model: ApiModel, op: OperationModel, d: DeclaredPagination, at: string, label: string, source: 'config' | 'extension'): DeclarationProblem[] {
  if (d === false) {
    delete op.pagination;
    return [];
  }
  const style = typeof d === 'object' && d !== null && !Array.isArray(d) ? styleOf(d) : undefined;
  if (!style) {
    const styles = Object.values(STYLES).map((s) => s.required.join(' + ')).join('; ');
    return [{ pointer: at, message: `${label} must have the members of one pagination style (${styles}; docs/pagination.md)` }];
  }
  const problems: DeclarationProblem[] = [];
  const props: Record<string, { type?: string; const?: unknown; pattern?: string; minimum?: number }> = { ...COMMON, ...STYLES[style].own };
  for (const [k, v] of Object.entries(d)) {
    const rule = props[k];
    const here = `${at}/${escape(k)}`;
    if (!rule) problems.push({ pointer: here, message: `${label}: ${JSON.stringify(k)} is not a member of ${style} pagination (docs/pagination.md)` });
    else if (rule.const !== undefined ? v !== rule.const : rule.type === 'integer' ? !Number.isInteger(v) || (v as number) < (rule.minimum ?? -Infinity) : typeof v !== 'string' || (v === '' && !rule.pattern))
      problems.push({ pointer: here, message: `${label}.${k} must be ${rule.const !== undefined ? JSON.stringify(rule.const) : rule.type === 'integer' ? `an integer ≥ ${rule.minimum}` : 'a non-empty string'}` });
    else if (rule.pattern && v !== '' && !String(v).startsWith('/')) problems.push({ pointer: here, message: `${label}.${k} must be a JSON pointer into the response body (starting with /)` });
  }
  if (problems.length) return problems;
  const str = (k: string) => d[k] as string;
  for (const k of ['tokenParameter', 'offsetParameter', 'pageParameter', 'pageSizeParameter'])
    if (typeof d[k] === 'string' && !queryParam(op, str(k))) problems.push({ pointer: `${at}/${k}`, message: `${label}: ${op.operationId} has no query parameter ${JSON.stringify(d[k])}` });
  if (style === 'body' && !requestMemberAt(model, op, memberPointer(str('tokenMember'))))
    problems.push({ pointer: `${at}/tokenMember`, message: `${label}: ${op.operationId}'s JSON request body has no member ${JSON.stringify(d.tokenMember)}` });
  if (problems.length) return problems;
  const common = {
    source,
    ...(d.pageSizeParameter !== undefined ? { pageSizeParameter: str('pageSizeParameter') } : {}),
    ...(d.itemsPointer !== undefined ? { itemsPointer: str('itemsPointer') } : {}),
    ...(d.totalPointer !== undefined ? { totalPointer: str('totalPointer') } : {}),
  };
  const size = (d.defaultPageSize as number | undefined) ?? defaultPageSize(model, op, common.pageSizeParameter);
  if (size !== undefined) Object.assign(common, { defaultPageSize: size });
  const plans: { [K in keyof typeof STYLES]: () => PaginationModel } = {
    token: () => ({ kind: 'token', tokenParameter: str('tokenParameter'), nextTokenPointer: str('nextTokenPointer'), ...common }),
    item: () => ({ kind: 'item', tokenParameter: str('tokenParameter'), itemTokenPointer: str('itemTokenPointer'), hasMorePointer: str('hasMorePointer'), ...common, itemsPointer: str('itemsPointer') }),
    link: () => ({ kind: 'link', ...common }),
    url: () => ({ kind: 'url', nextUrlPointer: str('nextUrlPointer'), ...common }),
    header: () => ({ kind: 'header', tokenParameter: str('tokenParameter'), nextTokenHeader: str('nextTokenHeader'), ...tokenTypeOf(model, op, str('tokenParameter')), ...common }),
    body: () => ({ kind: 'body', tokenMemberPointer: memberPointer(str('tokenMember')), nextTokenPointer: str('nextTokenPointer'), ...common }),
    offset: () => ({ kind: 'offset', offsetParameter: str('offsetParameter'), ...common, pageSizeParameter: str('pageSizeParameter') }),
    page: () => ({ kind: 'page', pageParameter: str('pageParameter'), firstPage: (d.firstPage as number | undefined) ?? firstPage(model, op, str('pageParameter')), ...common }),
  };
  op.pagination = plans[style]();
  return [];
}

/**
 * The type a header token is sent back as (`HeaderPagination.tokenType`), with `int64: 'bigint'` applied:
 * `bigint` for an int64 integer parameter then. Undefined for a string token (and other styles).
 */
export function headerTokenType(model: ApiModel, op: OperationModel, p: PaginationModel): 'integer' | 'number' | 'boolean' | 'bigint' | undefined {
  if (p.kind !== 'header' || !p.tokenType) return undefined;
  const merged = factsOf(model).merged(queryParam(op, p.tokenParameter)!.schema);
  return p.tokenType === 'integer' && model.int64 === 'bigint' && merged && int64Of(merged) ? 'bigint' : p.tokenType;
}

/** How the pages follow each other, for docs (`following /meta/next_token into the next_token parameter until it is absent`). */
export function followsText(p: PaginationModel): string {
  switch (p.kind) {
    case 'token':
      return `following \`${p.nextTokenPointer}\` into the \`${p.tokenParameter}\` parameter until it is absent`;
    case 'item':
      return `sending \`${p.itemTokenPointer}\` of the last item in the \`${p.tokenParameter}\` parameter while \`${p.hasMorePointer}\` is true`;
    case 'link':
      return 'following the `Link: <…>; rel="next"` response header until there is none';
    case 'url':
      return `following the URL at \`${p.nextUrlPointer}\` until there is none`;
    case 'header':
      return `following the \`${p.nextTokenHeader}\` response header into the \`${p.tokenParameter}\` parameter until it is absent`;
    case 'body':
      return `following \`${p.nextTokenPointer}\` into the request body's \`${p.tokenMemberPointer}\` until it is absent`;
    case 'offset':
      return `advancing \`${p.offsetParameter}\` by each page's items until a short or empty page${p.totalPointer ? ` or \`${p.totalPointer}\` items` : ''}`;
    case 'page':
      return `counting \`${p.pageParameter}\` up from ${p.firstPage} until a short or empty page${p.totalPointer ? ` or \`${p.totalPointer}\` items` : ''}`;
  }
}

// ---------------------------------------------------------------------------------------------------

function queryParam(op: OperationModel, name: string) {
  return op.parameters.find((p) => p.in === 'query' && p.name === name);
}

function successBody(op: OperationModel): Schema | undefined {
  const success = op.responses.filter((r) => /^2\d\d$/.test(r.status));
  return success.flatMap((r) => r.content).find((m) => isJson(m.mediaType))?.schema;
}

const isJson = (mediaType: string) => /[/+]json$/i.test(mediaType.split(';')[0]!.trim());

/** The JSON request body's schema (as the client sends it), or undefined without one. */
function requestSchema(op: OperationModel): Schema | undefined {
  return op.requestBody?.content.find((m) => isJson(m.mediaType))?.schema;
}

/** A declared `tokenMember` as a JSON pointer: a pointer as given, a member name as `/name`. */
const memberPointer = (member: string) => (member.startsWith('/') ? member : `/${escape(member)}`);

/** Whether the JSON request body declares a member at `pointer` (through objects' members, as the client sends them). */
function requestMemberAt(model: ApiModel, op: OperationModel, pointer: string): boolean {
  let schema = requestSchema(op);
  for (const token of parsePointer(pointer)) {
    if (schema === undefined || !factsOf(model).jsonTypes(schema).has('object')) return false;
    const member = factsOf(model).shape(schema, 'request').members.find((m) => m.name === token);
    if (!member) return false;
    schema = member.schema ?? {};
  }
  return true;
}

function inferOne(model: ApiModel, op: OperationModel): PaginationModel | undefined {
  const facts = factsOf(model);
  const body = successBody(op);
  const object = body !== undefined && facts.jsonTypes(body).has('object');
  // A search with its criteria in the body (POST, or OAS 3.2's QUERY) takes the next token back in the body.
  if (op.method === 'post' || op.method === 'query') return object ? inferBodyToken(model, op, body!) : undefined;
  if (op.method !== 'get') return undefined;
  const pageSize = PAGE_SIZE.find((n) => queryParam(op, n));
  const total = object ? findMember(model, body!, TOTALS, isInteger) : undefined;
  const size = defaultPageSize(model, op, pageSize);
  const common = { source: 'inferred' as const, ...(pageSize ? { pageSizeParameter: pageSize } : {}), ...(total ? { totalPointer: total } : {}), ...(size !== undefined ? { defaultPageSize: size } : {}) };
  const members = object ? membersOf(model, body!) : [];
  const items = body === undefined ? undefined : facts.jsonTypes(body).has('array') && !object ? '' : itemsMember(model, members);
  const withItems = items !== undefined ? { itemsPointer: items } : {};
  if (object) {
    for (const [param, names] of TOKEN_PAIRS) {
      if (!queryParam(op, param)) continue;
      const next = findMember(model, body!, names, isToken);
      if (next) return { kind: 'token', tokenParameter: param, nextTokenPointer: next, ...common, ...withItems };
    }
    // Stripe's convention (and OpenAI's, with `after`): the last item's `id`, while `has_more`.
    const hasMore = members.find((m) => m.name === 'has_more' && m.schema !== undefined && facts.jsonTypes(m.schema).has('boolean'));
    const after = ['starting_after', 'after'].find((name) => queryParam(op, name));
    if (after && hasMore && items && itemHasId(model, members, items)) {
      return { kind: 'item', tokenParameter: after, itemTokenPointer: '/id', hasMorePointer: '/has_more', ...common, itemsPointer: items };
    }
  }
  // A next link alone (header or body) is not enough: GitHub declares `Link` on single-resource reads too.
  const paging = op.parameters.some((p) => p.in === 'query' && PAGING.has(p.name));
  const headers = op.responses.filter((r) => /^2\d\d$/.test(r.status)).flatMap((r) => r.headers.map((h) => h.name));
  if (paging && object && items !== undefined) {
    const url = NEXT_URLS.find((p) => pointerIs(model, body!, p, isString));
    if (url) return { kind: 'url', nextUrlPointer: url, ...common, ...withItems };
  }
  for (const header of headers) {
    const param = HEADER_PAIRS.find(([h]) => h === header.toLowerCase())?.[1].find((p) => queryParam(op, p));
    if (param) return { kind: 'header', tokenParameter: param, nextTokenHeader: header, ...tokenTypeOf(model, op, param), ...common, ...withItems };
  }
  if (paging && headers.some((h) => h.toLowerCase() === 'link')) return { kind: 'link', ...common, ...withItems };
  // Counting pagination needs a page size and the items, to know a short page ends it.
  if (!pageSize || items === undefined) return undefined;
  // Counted positions are integers (a string `page` is a cursor, and without its next member nothing says how it goes on).
  const counted = (name: string) => {
    const param = queryParam(op, name);
    return param !== undefined && (facts.jsonTypes(param.schema).has('integer') || facts.jsonTypes(param.schema).has('number'));
  };
  if (counted('offset')) return { kind: 'offset', offsetParameter: 'offset', ...common, pageSizeParameter: pageSize, itemsPointer: items };
  if (counted('page')) return { kind: 'page', pageParameter: 'page', firstPage: firstPage(model, op, 'page'), ...common, itemsPointer: items };
  return undefined;
}

/**
 * A POST search whose request body takes a token member (top level, or one object member down:
 * `{ "pagination": { "cursor": … } }`) the response hands back.
 */
function inferBodyToken(model: ApiModel, op: OperationModel, body: Schema): PaginationModel | undefined {
  const request = requestSchema(op);
  if (request === undefined || !factsOf(model).jsonTypes(request).has('object')) return undefined;
  const items = itemsMember(model, membersOf(model, body));
  for (const [member, names] of BODY_TOKEN_PAIRS) {
    const at = findMember(model, request, [member], isToken, 'request');
    const next = at && findMember(model, body, names, isToken);
    if (next) return { kind: 'body', source: 'inferred', tokenMemberPointer: at!, nextTokenPointer: next, ...(items ? { itemsPointer: items } : {}) };
  }
  return undefined;
}

type Member = { name: string; schema?: Schema };

function membersOf(model: ApiModel, schema: Schema): readonly Member[] {
  return factsOf(model).shape(schema, 'response').members;
}

/** `/name` of the body's one array member (`data`, `items`, …); undefined when there is none or several. */
function itemsMember(model: ApiModel, members: readonly Member[]): string | undefined {
  const arrays = members.filter((m) => m.schema !== undefined && isArrayOnly(model, m.schema));
  return arrays.length === 1 ? `/${escape(arrays[0]!.name)}` : undefined;
}

function isArrayOnly(model: ApiModel, schema: Schema): boolean {
  const types = factsOf(model).jsonTypes(schema);
  return types.has('array') && ![...types].some((t) => t !== 'array' && t !== 'null');
}

type Test = (model: ApiModel, schema: Schema) => boolean;
const isString: Test = (model, s) => factsOf(model).jsonTypes(s).has('string');
const isToken: Test = (model, s) => isString(model, s) || factsOf(model).jsonTypes(s).has('number');
const isInteger: Test = (model, s) => factsOf(model).jsonTypes(s).has('integer');

/**
 * The pointer of a member named one of `names` (passing `test`), at the top level or one object member
 * down (`/meta/next_token`), of a response body or (`access: 'request'`) a request body.
 */
function findMember(model: ApiModel, body: Schema, names: readonly string[], test: Test, access: 'request' | 'response' = 'response'): string | undefined {
  const facts = factsOf(model);
  const fits = (m: Member) => m.schema !== undefined && test(model, m.schema);
  const members = (schema: Schema) => facts.shape(schema, access).members;
  const top = members(body);
  for (const name of names) {
    const m = top.find((x) => x.name === name && fits(x));
    if (m) return `/${escape(m.name)}`;
  }
  for (const outer of top) {
    if (outer.schema === undefined || !facts.jsonTypes(outer.schema).has('object') || isArrayOnly(model, outer.schema)) continue;
    const inner = members(outer.schema);
    for (const name of names) {
      const m = inner.find((x) => x.name === name && fits(x));
      if (m) return `/${escape(outer.name)}/${escape(m.name)}`;
    }
  }
  return undefined;
}

/**
 * Whether the body declares a member at `pointer` (through objects, and the branches of an `anyOf` or
 * `oneOf`: DigitalOcean's `links.pages` is one of forward or backward links) that passes `test`.
 */
function pointerIs(model: ApiModel, body: Schema, pointer: string, test: Test): boolean {
  const [token, ...rest] = pointer.slice(1).split('/');
  const merged = factsOf(model).merged(body);
  const branches = [...(merged?.anyOf ?? []), ...(merged?.oneOf ?? [])].filter((b): b is Schema => typeof b === 'object');
  if (branches.some((b) => pointerIs(model, b, pointer, test))) return true;
  if (!factsOf(model).jsonTypes(body).has('object')) return false;
  const member = membersOf(model, body).find((m) => m.name === token)?.schema;
  if (member === undefined) return false;
  return rest.length ? pointerIs(model, member, `/${rest.join('/')}`, test) : test(model, member);
}

function itemHasId(model: ApiModel, members: readonly Member[], items: string): boolean {
  const array = members.find((m) => `/${escape(m.name)}` === items)?.schema;
  const merged = array === undefined ? undefined : factsOf(model).merged(array);
  const item = merged?.items;
  return item !== undefined && typeof item !== 'boolean' && membersOf(model, item).some((m) => m.name === 'id');
}

/**
 * `{ tokenType }` when the query parameter's schema admits no string but only integers, numbers or
 * booleans (and null): a header's text is then sent back as that value. `{}` for a string (or any) token.
 */
function tokenTypeOf(model: ApiModel, op: OperationModel, name: string): { tokenType?: 'integer' | 'number' | 'boolean' } {
  const param = queryParam(op, name);
  if (!param) return {};
  const types = new Set([...factsOf(model).jsonTypes(param.schema)].filter((t) => t !== 'null'));
  if (types.has('string')) return {};
  if (types.size === 1 && types.has('integer')) return { tokenType: 'integer' };
  if (types.size === 1 && types.has('boolean')) return { tokenType: 'boolean' };
  if ([...types].every((t) => t === 'integer' || t === 'number') && types.size) return { tokenType: 'number' };
  return {};
}

/** The page size parameter's `default`, when it is a positive integer. */
function defaultPageSize(model: ApiModel, op: OperationModel, name: string | undefined): number | undefined {
  const param = name === undefined ? undefined : queryParam(op, name);
  const value = param && factsOf(model).merged(param.schema)?.default;
  return Number.isInteger(value) && (value as number) > 0 ? (value as number) : undefined;
}

/** The first page's number: 0 when the parameter's `minimum` or `default` says so, else 1. */
function firstPage(model: ApiModel, op: OperationModel, name: string): number {
  const param = queryParam(op, name);
  const schema = param && factsOf(model).merged(param.schema);
  return schema?.minimum === 0 || schema?.default === 0 ? 0 : 1;
}

const escape = escapeSegment;
