/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Pagination, as the model worked it out (`x-pagination`, the config, or a recognized convention); every
 * style reads its next page from the page just answered (docs/pagination.md):
 * - a body token (`next`) sent back in the `token` query parameter, or at the request body's `member` pointer;
 * - the last item: send `last` of the last item in the `token` parameter while the body's `more` is true;
 * - a token in the response header `header`, sent back in the `token` parameter;
 * - `link`: the `Link: <…>; rel="next"` response header (RFC 8288), or `url`: a next-page URL in the body.
 *   The URL's query parameters are sent on the operation's own path (through the call's `query` option,
 *   so they replace the arguments of the same name); its path is not followed;
 * - `offset`: the next page starts after this one's items; `page`: the page number counts up from `first`.
 *   Both end at an empty page, a page shorter than the size asked for (or the API's default), or when
 *   the body's `total` items are reached.
 * Pages stop when there is no next token or link (or it repeats), or at `maxPages`/`maxItems`.
 */
import type { Runtime } from './core.js';
import { pointer } from './serialize.js';
import type { CallOptions, ExtraQuery, OperationSpec, PaginateOptions, PaginationSpec, TokenType } from './types.js';

/** Async iterable of pages; every iteration starts again from the first page. */
export interface Paginator<Page, Item> extends AsyncIterable<Page> {
  /** The items of every page (at the operation's items pointer), at most `maxItems`. */
  items(): AsyncIterable<Item>;
}

type Args = Record<string, unknown> | undefined;

/** Where a listing is: the next call's arguments and options, and the last token or link (a repeat ends it). */
interface Position {
  args: Args;
  call: PaginateOptions;
  token?: unknown;
}

/** What a page answered, as the next position is read from it. */
interface Answered {
  page: unknown;
  items: unknown[];
  headers: Headers;
  url: string;
}

export function paginate<Page, Item>(
  rt: Runtime,
  op: OperationSpec,
  args: Record<string, unknown> | undefined,
  options: PaginateOptions = {},
): Paginator<Page, Item> {
  const spec = op.paginate!;
  const { maxPages = Infinity, maxItems = Infinity } = options;
  const itemsOf = (page: unknown) => {
    const items = pointer(page, spec.items ?? '/data');
    return Array.isArray(items) ? (items as Item[]) : [];
  };
  async function* pages(): AsyncGenerator<Page, void, undefined> {
    let at: Position | undefined = { args, call: options };
    let items = 0;
    for (let n = 0; at && n < maxPages && items < maxItems; n++) {
      const sent = await rt.send(op, at.args, at.call);
      const page = sent.data as Page;
      const pageItems = itemsOf(page);
      items += pageItems.length;
      yield page;
      at = nextPosition(
        spec,
        at,
        { page, items: pageItems, headers: sent.headers, url: sent.response.url || rt.options.baseUrl },
        options,
      );
    }
  }
  return {
    [Symbol.asyncIterator]: pages,
    async *items() {
      let left = maxItems;
      for await (const page of pages()) {
        for (const item of itemsOf(page)) {
          if (left-- <= 0) return;
          yield item;
        }
      }
    },
  };
}

/** The position of the next page, or undefined after the last one. */
export function nextPosition(
  spec: PaginationSpec,
  at: Position,
  answered: Answered,
  options: CallOptions,
): Position | undefined {
  const { page, items, headers } = answered;
  if (spec.link || spec.url !== undefined) {
    const next = spec.link
      ? nextLink(headers.get('link'), answered.url)
      : urlAt(pointer(page, spec.url!), answered.url);
    const key = next && next.search;
    if (!next || key === at.token) return undefined;
    return { args: at.args, call: { ...options, query: { ...options.query, ...queryOf(next) } }, token: key };
  }
  if (spec.offset !== undefined || spec.page !== undefined) {
    const size = Number(at.args?.[spec.size ?? ''] ?? spec.sizeDefault);
    const total = spec.total === undefined ? NaN : Number(pointer(page, spec.total) ?? NaN);
    if (!items.length || items.length < size) return undefined;
    if (spec.offset !== undefined) {
      const offset = Number(at.args?.[spec.offset] ?? 0) + items.length;
      return offset >= total ? undefined : { ...at, args: { ...at.args, [spec.offset]: offset } };
    }
    const first = spec.first ?? 1;
    const number = Number(at.args?.[spec.page!] ?? first);
    if ((number - first + 1) * size >= total) return undefined;
    return { ...at, args: { ...at.args, [spec.page!]: number + 1 } };
  }
  if (spec.more !== undefined && pointer(page, spec.more) !== true) return undefined;
  const next =
    spec.header !== undefined
      ? headerToken(headers.get(spec.header), spec.tokenType)
      : spec.last !== undefined
        ? pointer(items.at(-1), spec.last)
        : pointer(page, spec.next ?? '');
  if (next == null || next === '' || next === at.token) return undefined;
  if (spec.member !== undefined)
    return { ...at, token: next, args: { ...at.args, body: withMember(at.args?.body, spec.member, next) } };
  return { ...at, token: next, args: { ...at.args, [spec.token!]: next } };
}

/**
 * A token read from a response header, as the token parameter's type: an integer or number parameter's
 * token is sent back as a number (a `bigint` for an int64 with `int64: 'bigint'`), a boolean's as a boolean,
 * so the call's validation and types see the value the parameter declares. Text that is not such a value
 * stays text (the server judges it); no header or an empty one is undefined. Also the page parameter of an
 * infinite query over a header-paginated operation.
 */
export function headerToken(text: string | null, type?: TokenType): unknown {
  if (text === null || text === '') return undefined;
  const value = text.trim();
  switch (type) {
    case 'integer':
    case 'number': {
      const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value) ? Number(value) : NaN;
      return Number.isFinite(number) && (type === 'number' || Number.isInteger(number)) ? number : text;
    }
    case 'bigint':
      return /^-?\d+$/.test(value) ? BigInt(value) : text;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : text;
    default:
      return text;
  }
}

/** A copy of `body` with `value` at the JSON pointer `path`, objects made or copied along it (the caller's body is not changed). */
function withMember(body: unknown, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.slice(1).split('/');
  const name = head!.replace(/~1/g, '/').replace(/~0/g, '~');
  const copy: Record<string, unknown> = { ...(typeof body === 'object' && body !== null ? body : {}) };
  const member = rest.length ? withMember(copy[name], `/${rest.join('/')}`, value) : value;
  // Defined, not assigned: a member named `__proto__` stays an own member.
  return Object.defineProperty(copy, name, { value: member, writable: true, enumerable: true, configurable: true });
}

/** A next-page URL from the body (a string, resolved against the page's URL), or undefined. */
function urlAt(value: unknown, base: string): URL | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/**
 * The query of the next page a `Link` header names (`rel="next"`), or undefined: the page parameter of an
 * infinite query over a Link-paginated operation (the query target sends it as the call's `query`).
 */
export function nextLinkQuery(header: string | null): ExtraQuery | undefined {
  const next = nextLink(header, 'http://localhost/');
  return next && queryOf(next);
}

/** The query of a next-page URL from a body (a string; relative ones too), or undefined: an infinite query's page parameter. */
export function nextUrlQuery(url: unknown): ExtraQuery | undefined {
  const next = urlAt(url, 'http://localhost/');
  return next && queryOf(next);
}

/** The query parameters of a URL, repeated names as arrays. */
function queryOf(url: URL): ExtraQuery {
  const out: Record<string, string | string[]> = Object.create(null);
  url.searchParams.forEach((value, name) => {
    const prev = out[name];
    out[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  });
  return out;
}

/** The target of the first `rel="next"` link of a `Link` header (RFC 8288), resolved against `base`. */
export function nextLink(header: string | null, base: string): URL | undefined {
  if (!header) return undefined;
  // `<uri>` then `;`-separated parameters, links separated by commas (commas inside `<…>` or quotes do not split).
  for (const m of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,"=\s]+\s*(?:=\s*(?:"[^"]*"|[^;,]*))?)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(m[2]!);
    const types = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!types.includes('next')) continue;
    try {
      return new URL(m[1]!, base);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
