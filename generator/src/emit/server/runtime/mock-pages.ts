/**
 * The mock's listings, for every pagination style of the model (docs/pagination.md): a listing is a fixed
 * sequence of distinct sampled items (`pages` × the default page size), and each request answers the
 * slice its position names — a token, the last item's id, an offset, a page number, or the page/offset
 * parameter of a next link the mock wrote itself — with what leads to the next slice (a token in the body,
 * a header or a `Link`, a next URL, `has_more`) and the listing's total where the body has one. So a
 * client that follows the pages sees every item once, none missing, and totals that match.
 */
import { resolvePlan, sample, seededRandom, type SampleOptions, type SamplePlan } from './sample.js';
import type { HandlerContext, TablePagination } from './types.js';

/** Where a link-paged listing (`Link` header, next URL in the body) keeps its position: a page or offset query parameter. */
export interface MockPosition {
  parameter: string;
  by: 'page' | 'offset';
  first: number;
}

/**
 * One listing of an operation: its items, and the tokens that start a page at each item position (the k-th
 * starts at item k), so a token stays right when the next request asks another page size.
 */
export interface Listing {
  items: unknown[];
  tokens(): unknown[];
}

/** What a page answers: its items, body members to set (pointer, value; undefined removes), response headers. */
export interface PageAnswer {
  items: unknown[];
  members: [string, unknown][];
  headers: Record<string, string>;
}

/** Pages a listing has at its default page size. */
const DEFAULT_SIZE = 10;

/** The page size of a request: the size parameter's value, else the API's default (else 10), at least 1. */
export function pageSize(p: TablePagination, context: HandlerContext): number {
  const asked = p.pageSizeParameter === undefined ? undefined : Number(context.query[p.pageSizeParameter]);
  const size = asked !== undefined && Number.isFinite(asked) ? asked : (p.defaultPageSize ?? DEFAULT_SIZE);
  return Math.max(1, Math.floor(size));
}

/**
 * The listing's `count` items, each sampled from its own seed; one that repeats an earlier item is sampled
 * again (a few seeds), so the items are distinct wherever the schema allows distinct values.
 */
export function listingItems(
  itemPlan: SamplePlan,
  count: number,
  options: Omit<SampleOptions, 'random'>,
  seed: string,
): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    let item: unknown;
    for (let attempt = 0; attempt < 8; attempt++) {
      // Sampled afresh from the schema: the spec's examples below an item would repeat in every item (and
      // real specs have examples their own schemas refuse).
      item = sample(
        resolvePlan(itemPlan, options.plans),
        { ...options, random: seededRandom(`${seed}|item|${i}|${attempt}`), fresh: true },
        1,
        1,
      );
      if (!seen.has(JSON.stringify(item))) break;
    }
    seen.add(JSON.stringify(item));
    out.push(item);
  }
  return out;
}

/** The number of items a listing has: `pages` full pages at the default page size. */
export function listingSize(p: TablePagination, pages: number): number {
  return pages * (p.defaultPageSize ?? DEFAULT_SIZE);
}

/** The page a request asks for, and what leads from it to the next one. */
export function pageAnswer(
  p: TablePagination,
  listing: Listing,
  context: HandlerContext,
  position: MockPosition | undefined,
): PageAnswer {
  const size = pageSize(p, context);
  const total = listing.items.length;
  const tokens = tokenStyle(p) ? listing.tokens() : [];
  const start = Math.min(total, Math.max(0, startOf(p, listing, context, size, tokens, position)));
  const end = Math.min(total, start + size);
  const more = end < total;
  const answer: PageAnswer = { items: listing.items.slice(start, end), members: [], headers: {} };
  if (p.totalPointer !== undefined) answer.members.push([p.totalPointer, total]);
  switch (p.kind) {
    case 'token':
    case 'body':
    case 'header': {
      const next = more ? tokens[end - 1] : undefined;
      if (p.kind === 'header') {
        if (next !== undefined) answer.headers[p.nextTokenHeader!.toLowerCase()] = String(next);
      } else answer.members.push([p.nextTokenPointer!, next]);
      break;
    }
    case 'item':
      answer.members.push([p.hasMorePointer!, more]);
      break;
    case 'link':
    case 'url': {
      const next = more && position ? nextUrl(context.request.url, position, start, end, size) : undefined;
      if (p.kind === 'link') {
        if (next) answer.headers.link = `<${next}>; rel="next"`;
      } else answer.members.push([p.nextUrlPointer!, next]);
      break;
    }
  }
  return answer;
}

const tokenStyle = (p: TablePagination) => p.kind === 'token' || p.kind === 'body' || p.kind === 'header';

/** The index of the request's first item, from its position. An unknown token or id starts over. */
function startOf(
  p: TablePagination,
  listing: Listing,
  context: HandlerContext,
  size: number,
  tokens: unknown[],
  position: MockPosition | undefined,
): number {
  const number = (value: unknown, fallback: number) =>
    value === undefined || !Number.isFinite(Number(value)) ? fallback : Math.floor(Number(value));
  switch (p.kind) {
    case 'token':
    case 'header':
    case 'body': {
      const token = p.kind === 'body' ? at(context.body, p.tokenMemberPointer!) : context.query[p.tokenParameter!];
      if (token === undefined) return 0;
      return tokens.findIndex((t) => String(t) === String(token)) + 1;
    }
    case 'item': {
      const after = context.query[p.tokenParameter!];
      if (after === undefined) return 0;
      return listing.items.findIndex((item) => String(at(item, p.itemTokenPointer!)) === String(after)) + 1;
    }
    case 'offset':
      return number(context.query[p.offsetParameter!], 0);
    case 'page': {
      const first = p.firstPage ?? 1;
      return (number(context.query[p.pageParameter!], first) - first) * size;
    }
    default: {
      if (!position) return 0;
      const value = context.query[position.parameter];
      return position.by === 'offset' ? number(value, 0) : (number(value, position.first) - position.first) * size;
    }
  }
}

/** The request's URL with the position of the next page (the page after this one, or the offset after its items). */
function nextUrl(requestUrl: string, position: MockPosition, start: number, end: number, size: number): string {
  const url = new URL(requestUrl);
  url.searchParams.set(
    position.parameter,
    String(position.by === 'offset' ? end : position.first + Math.floor(start / size) + 1),
  );
  return url.href;
}

function memberOf(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && Object.prototype.hasOwnProperty.call(body, name)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** The value at a JSON pointer, or undefined. */
function at(root: unknown, pointer: string): unknown {
  let node = root;
  for (const t of pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')))
    node = memberOf(node, t);
  return node;
}
