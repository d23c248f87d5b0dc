/**
 * The mock server: a handler for every operation that answers its first declared success response with
 * data sampled from the schema (or the spec's example), deterministic from a seed and the request, and
 * paged through `x-pagination` (base-36 page tokens, a fixed number of pages).
 */
import { createPipeline, createWebHandler, type PipelineFeatures, type WebHandler } from './core.js';
import { resolvePlan, sample, seededRandom, type SamplePlan } from './sample.js';
import type { AnyHandler, ApiTable, HandlerContext, OperationValidators, ServerOptions } from './types.js';

export interface MockResponse {
  status: number;
  mediaType?: string;
  /** What to sample for the body (absent: no body). */
  plan?: SamplePlan;
  examples?: unknown[];
  /** For a paginated listing: the plan of the array at `x-pagination`'s items pointer. */
  page?: SamplePlan;
}

export interface MockData {
  /** Sample plans of the named schemas the responses reach, by the key their `ref`s give. */
  plans: Record<string, SamplePlan>;
  /** Handler key → the success response to imitate. */
  responses: Record<string, MockResponse>;
}

export interface MockOptions extends ServerOptions {
  /** Same seed and same request → same answer. Default `socialgen`. */
  seed?: string | number;
  /** Pages a paginated listing has before `next_token` stops. Default 3. */
  pages?: number;
  /** Optional object members are filled in down to this depth. Default 1. */
  optionalDepth?: number;
  /** Handlers (by handler key) that answer instead of the sampled data, after the same request checks. */
  handlers?: Record<string, AnyHandler | undefined>;
}

function decodePointer(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const t of decodePointer(pointer)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[t];
  }
  return node;
}

function setAt(root: unknown, pointer: string, value: unknown): void {
  const tokens = decodePointer(pointer);
  let node = root as Record<string, unknown>;
  for (const t of tokens.slice(0, -1)) {
    if (typeof node[t] !== 'object' || node[t] === null) node[t] = {};
    node = node[t] as Record<string, unknown>;
  }
  const last = tokens[tokens.length - 1];
  if (value === undefined) delete node[last!];
  else node[last!] = value;
}

function stable(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return '[' + value.map(stable).join(',') + ']';
  return (
    '{' +
    Object.keys(value)
      .sort()
      .map((k) => JSON.stringify(k) + ':' + stable((value as Record<string, unknown>)[k]))
      .join(',') +
    '}'
  );
}

/** The mock handlers, keyed like real ones. */
export function mockHandlers(table: ApiTable, data: MockData, options: MockOptions = {}): Record<string, AnyHandler> {
  const seed = String(options.seed ?? 'socialgen');
  const pages = Math.max(1, options.pages ?? 3);
  const handlers: Record<string, AnyHandler> = {};
  for (const op of table.operations) {
    const response = data.responses[op.key];
    if (!response) continue;
    handlers[op.key] = (context: HandlerContext) => {
      const pagination = op.pagination;
      let page = 0;
      if (pagination) {
        const token = context.query[pagination.tokenParameter];
        if (typeof token === 'string' && /^[0-9a-z]{1,8}$/.test(token)) page = Math.min(parseInt(token, 36), pages - 1);
      }
      const random = seededRandom(
        `${seed}|${op.key}|${stable(context.params)}|${stable({ ...context.query, [pagination?.tokenParameter ?? '']: page })}`,
      );
      const sampleOptions = { plans: data.plans, random, optionalDepth: options.optionalDepth };
      if (response.plan === undefined && response.examples === undefined) return { status: response.status };
      let body: unknown =
        response.examples && response.examples.length && !pagination
          ? JSON.parse(JSON.stringify(response.examples[Math.floor(random() * response.examples.length)]))
          : sample(response.plan ?? { type: 'any' }, sampleOptions);
      if (pagination && typeof body === 'object' && body !== null) {
        const size = Number(pagination.pageSizeParameter ? (context.query[pagination.pageSizeParameter] ?? 10) : 10);
        if (pagination.itemsPointer && Array.isArray(getAt(body, pagination.itemsPointer))) {
          if (response.page) {
            const count = Math.max(1, Number.isFinite(size) ? Math.floor(size) : 10);
            body = setItems(
              body,
              pagination.itemsPointer,
              resolvePlan(response.page, data.plans),
              count,
              sampleOptions,
            );
          }
        }
        const next = page + 1 < pages ? (page + 1).toString(36).padStart(4, '0') : undefined;
        setAt(body, pagination.nextTokenPointer, next);
        const parentPointer = pagination.nextTokenPointer.slice(0, pagination.nextTokenPointer.lastIndexOf('/'));
        const parent = getAt(body, parentPointer);
        const items = pagination.itemsPointer ? getAt(body, pagination.itemsPointer) : undefined;
        if (parent && typeof parent === 'object' && 'result_count' in parent && Array.isArray(items)) {
          (parent as Record<string, unknown>).result_count = items.length;
        }
      }
      // A stream media type: the sample is its one item (an event's data), sent as a stream of one.
      const framing = op.responses
        .find((r) => r.status === String(response.status))
        ?.stream?.find((m) => m.type === response.mediaType);
      if (framing) body = streamOfOne(framing.format === 'sse' ? { data: body } : body);
      return response.mediaType
        ? { status: response.status, body, contentType: response.mediaType }
        : { status: response.status, body };
    };
  }
  return handlers;
}

async function* streamOfOne(item: unknown): AsyncGenerator<unknown> {
  yield item;
}

function setItems(
  body: unknown,
  pointer: string,
  array: SamplePlan,
  count: number,
  options: Parameters<typeof sample>[1],
): unknown {
  const min = array.minItems ?? 0;
  const max = array.maxItems ?? Infinity;
  const n = Math.max(min, Math.min(max, count));
  const items: unknown[] = [];
  for (let i = 0; i < n; i++) items.push(sample(array.items ?? { type: 'any' }, options, 1, 1));
  setAt(body, pointer, items);
  return body;
}

/**
 * Without an `authenticate` option the mock enforces no security (and no owner rule); with one it checks
 * credentials exactly like a real server.
 */
export function createMock(
  table: ApiTable,
  validators: OperationValidators | undefined,
  data: MockData,
  options: MockOptions = {},
  features: PipelineFeatures = {},
): WebHandler {
  const effective: ApiTable = options.authenticate
    ? table
    : { ...table, operations: table.operations.map((op) => ({ ...op, security: [], ownerParameter: undefined })) };
  const handlers = mockHandlers(effective, data, options);
  for (const [key, handler] of Object.entries(options.handlers ?? {}))
    if (typeof handler === 'function') handlers[key] = handler;
  return createWebHandler(
    createPipeline(
      effective,
      validators,
      handlers,
      options.authenticate ? options : { ...options, ownerParameters: {} },
      features,
    ),
  );
}
