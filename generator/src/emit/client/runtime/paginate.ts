/**
 * Token pagination (`x-pagination`): request a page, read the next token at `next`, send it back in the
 * `token` parameter, until there is no token (or it repeats), or `maxPages`/`maxItems` is reached.
 */
import type { Runtime } from './core.js';
import { pointer } from './serialize.js';
import type { OperationSpec, PaginateOptions } from './types.js';

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
    let token: unknown;
    let items = 0;
    for (let n = 0; n < maxPages && items < maxItems; n++) {
      const page = (await rt.send(op, current, options)).data as Page;
      items += itemsOf(page).length;
      yield page;
      const next = pointer(page, spec.next);
      if (next == null || next === '' || next === token) return;
      token = next;
      current = { ...current, [spec.token]: next };
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
