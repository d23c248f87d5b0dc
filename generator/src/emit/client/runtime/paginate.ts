/**
 * Pagination, as the model worked it out (`x-pagination`, the config, or a recognized convention):
 * - a body token: read the next token at `next`, send it back in the `token` parameter;
 * - the last item: send `last` of the last item in the `token` parameter while the body's `more` is true;
 * - `link`: follow the `Link: <…>; rel="next"` response header (RFC 8288). The link's query parameters are
 *   sent on the operation's own path (through the call's `query` option, so they replace the arguments
 *   of the same name); the link's path is not followed.
 * Pages stop when there is no next token or link (or it repeats), or at `maxPages`/`maxItems`.
 */
import type { Runtime } from './core.js';
import { pointer } from './serialize.js';
import type { ExtraQuery, OperationSpec, PaginateOptions } from './types.js';

/** Async iterable of pages; every iteration starts again from the first page. */
export interface Paginator<Page, Item> extends AsyncIterable<Page> {
  /** The items of every page (at the operation's items pointer), at most `maxItems`. */
  items(): AsyncIterable<Item>;
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
    let current = args;
    let call = options;
    let token: unknown;
    let items = 0;
    for (let n = 0; n < maxPages && items < maxItems; n++) {
      const sent = await rt.send(op, current, call);
      const page = sent.data as Page;
      const pageItems = itemsOf(page);
      items += pageItems.length;
      yield page;
      if (spec.link) {
        const next = nextLink(sent.headers.get('link'), sent.response.url || rt.options.baseUrl);
        const key = next && next.search;
        if (!next || key === token) return;
        token = key;
        call = { ...options, query: { ...options.query, ...queryOf(next) } };
        continue;
      }
      if (spec.more !== undefined && pointer(page, spec.more) !== true) return;
      const next = spec.last !== undefined ? pointer(pageItems.at(-1), spec.last) : pointer(page, spec.next ?? '');
      if (next == null || next === '' || next === token) return;
      token = next;
      current = { ...current, [spec.token!]: next };
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
