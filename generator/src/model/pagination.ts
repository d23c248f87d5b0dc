/**
 * Pagination beyond `x-pagination`: declared in the config for specs without the extension, or inferred
 * where a spec follows a common convention. Worked out once in the model (`op.pagination`), so the client's
 * `paginate`, the query target's infinite options and the mock read one answer. What is and is not
 * inferred: docs/pagination.md.
 *
 * Precedence: the config (which may also turn pagination off with `false`), then `x-pagination`, then
 * inference. Inference only looks at GET operations and at what the spec declares (parameters, the JSON
 * success body's members, response headers); it never guesses from descriptions.
 */
import { factsOf } from './facts/index.ts';
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
];

/** Query parameters that set the page size, by convention (for the mock and the docs; never required). */
const PAGE_SIZE = ['limit', 'page_size', 'pageSize', 'per_page', 'perPage', 'max_results', 'maxResults'];

/** Query parameters that show an operation with a `Link` header pages through it. */
const PAGING = new Set(['page', 'after', 'before', 'starting_after', 'ending_before', ...PAGE_SIZE, ...TOKEN_PAIRS.map(([p]) => p)]);

/** One operation's pagination as the config declares it (`pagination.<operationId>`); `false` turns it off. */
export type DeclaredPagination =
  | false
  | { tokenParameter: string; nextTokenPointer: string; itemsPointer?: string; pageSizeParameter?: string }
  | { tokenParameter: string; itemTokenPointer: string; hasMorePointer: string; itemsPointer: string; pageSizeParameter?: string }
  | { link: true; itemsPointer?: string; pageSizeParameter?: string };

/** A problem with a declaration, at its key in the config (`/pagination/<operationId>/<member>`). */
export interface DeclarationProblem {
  pointer: string;
  message: string;
}

/** Infers pagination for every operation without one (`x-pagination` set it already). */
export function inferPagination(model: ApiModel): void {
  for (const op of model.operations) if (!op.pagination) op.pagination = inferOne(model, op);
}

/**
 * Applies the config's declarations (by operationId); returns the problems found (unknown operation, a
 * token parameter the operation does not take as a query parameter, a malformed pointer).
 */
export function declarePagination(model: ApiModel, declared: Record<string, DeclaredPagination>): DeclarationProblem[] {
  const problems: DeclarationProblem[] = [];
  const byId = new Map(model.operations.map((op) => [op.operationId, op]));
  for (const [id, d] of Object.entries(declared)) {
    const at = `/pagination/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const op = byId.get(id);
    if (!op) {
      problems.push({ pointer: at, message: `pagination: no operation with operationId ${JSON.stringify(id)}` });
      continue;
    }
    if (d === false) {
      delete op.pagination;
      continue;
    }
    const bad = Object.entries(d).filter(([k, v]) => /Pointer$/.test(k) && typeof v === 'string' && v !== '' && !v.startsWith('/'));
    for (const [k] of bad) problems.push({ pointer: `${at}/${k}`, message: `pagination.${id}.${k} must be a JSON pointer into the response body (starting with /)` });
    if ('tokenParameter' in d && !queryParam(op, d.tokenParameter)) {
      problems.push({ pointer: `${at}/tokenParameter`, message: `pagination.${id}: ${op.operationId} has no query parameter ${JSON.stringify(d.tokenParameter)}` });
    }
    if (bad.length || problems.some((p) => p.pointer.startsWith(at))) continue;
    const common = { source: 'config' as const, ...(d.pageSizeParameter !== undefined ? { pageSizeParameter: d.pageSizeParameter } : {}), ...(d.itemsPointer !== undefined ? { itemsPointer: d.itemsPointer } : {}) };
    if ('link' in d) op.pagination = { kind: 'link', ...common };
    else if ('nextTokenPointer' in d) op.pagination = { kind: 'token', tokenParameter: d.tokenParameter, nextTokenPointer: d.nextTokenPointer, ...common };
    else op.pagination = { kind: 'item', tokenParameter: d.tokenParameter, itemTokenPointer: d.itemTokenPointer, hasMorePointer: d.hasMorePointer, ...common, itemsPointer: d.itemsPointer };
  }
  return problems;
}

/** How the pages follow each other, for docs (`following /meta/next_token into the next_token parameter until it is absent`). */
export function followsText(p: PaginationModel): string {
  if (p.kind === 'token') return `following \`${p.nextTokenPointer}\` into the \`${p.tokenParameter}\` parameter until it is absent`;
  if (p.kind === 'item') return `sending \`${p.itemTokenPointer}\` of the last item in the \`${p.tokenParameter}\` parameter while \`${p.hasMorePointer}\` is true`;
  return 'following the `Link: <…>; rel="next"` response header until there is none';
}

// ---------------------------------------------------------------------------------------------------

function queryParam(op: OperationModel, name: string) {
  return op.parameters.find((p) => p.in === 'query' && p.name === name);
}

function inferOne(model: ApiModel, op: OperationModel): PaginationModel | undefined {
  if (op.method !== 'get') return undefined;
  const facts = factsOf(model);
  const success = op.responses.filter((r) => /^2\d\d$/.test(r.status));
  const body = success.flatMap((r) => r.content).find((m) => /[/+]json$/i.test(m.mediaType.split(';')[0]!.trim()))?.schema;
  const pageSize = PAGE_SIZE.find((n) => queryParam(op, n));
  const common = { source: 'inferred' as const, ...(pageSize ? { pageSizeParameter: pageSize } : {}) };
  if (body !== undefined && facts.jsonTypes(body).has('object')) {
    const members = membersOf(model, body);
    const items = itemsMember(model, members);
    for (const [param, names] of TOKEN_PAIRS) {
      if (!queryParam(op, param)) continue;
      const next = tokenMember(model, body, names);
      if (next) return { kind: 'token', tokenParameter: param, nextTokenPointer: next, ...common, ...(items ? { itemsPointer: items } : {}) };
    }
    // Stripe's convention: `starting_after` the last item's `id`, while `has_more`.
    const hasMore = members.find((m) => m.name === 'has_more' && m.schema !== undefined && facts.jsonTypes(m.schema).has('boolean'));
    if (queryParam(op, 'starting_after') && hasMore && items && itemHasId(model, members, items)) {
      return { kind: 'item', tokenParameter: 'starting_after', itemTokenPointer: '/id', hasMorePointer: '/has_more', ...common, itemsPointer: items };
    }
  }
  // A `Link` header alone is not enough: GitHub declares it on single-resource reads too.
  const paging = op.parameters.some((p) => p.in === 'query' && PAGING.has(p.name));
  if (paging && success.some((r) => r.headers.some((h) => h.name.toLowerCase() === 'link'))) {
    const items = body === undefined ? undefined : facts.jsonTypes(body).has('array') ? '' : itemsMember(model, membersOf(model, body));
    return { kind: 'link', ...common, ...(items !== undefined ? { itemsPointer: items } : {}) };
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

/** The pointer of a string member named one of `names`, at the top level or one object member down (`/meta/next_token`). */
function tokenMember(model: ApiModel, body: Schema, names: readonly string[]): string | undefined {
  const facts = factsOf(model);
  const isToken = (m: Member) => m.schema !== undefined && (facts.jsonTypes(m.schema).has('string') || facts.jsonTypes(m.schema).has('number'));
  const top = membersOf(model, body);
  for (const name of names) {
    const m = top.find((x) => x.name === name && isToken(x));
    if (m) return `/${escape(m.name)}`;
  }
  for (const outer of top) {
    if (outer.schema === undefined || !facts.jsonTypes(outer.schema).has('object') || isArrayOnly(model, outer.schema)) continue;
    const inner = membersOf(model, outer.schema);
    for (const name of names) {
      const m = inner.find((x) => x.name === name && isToken(x));
      if (m) return `/${escape(outer.name)}/${escape(m.name)}`;
    }
  }
  return undefined;
}

function itemHasId(model: ApiModel, members: readonly Member[], items: string): boolean {
  const array = members.find((m) => `/${escape(m.name)}` === items)?.schema;
  const merged = array === undefined ? undefined : factsOf(model).merged(array);
  const item = merged?.items;
  return item !== undefined && typeof item !== 'boolean' && membersOf(model, item).some((m) => m.name === 'id');
}

const escape = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
