/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * The mock server: a handler for every operation that answers a declared response with data sampled from
 * its schema (or the spec's example), deterministic from a seed and the request, and paged through the
 * operation's token pagination.
 *
 * What the mock hands out is valid where the spec sends it back: a page token is sampled under both the
 * token parameter's schema and the next-token member's, and decoded by comparison with the tokens of the
 * pages (nothing about its spelling is assumed). Every body it samples is checked with the operation's
 * response validator and sampled again (another seed) when the sampler missed. Like Prism, it honours
 * `Prefer: code=<status>`, `example=<name>` and `dynamic=true` (RFC 7240; `Preference-Applied` says which
 * were), refuses requests without the credentials an operation requires (401; `checkAuth: false` turns it
 * off), and answers coherently with the request: members named like a path parameter or a posted member
 * carry the request's value, and a count beside a page's items is their number. Which members those are
 * is worked out at generation time (emit/server/sample-plan.ts); nothing here reads a JSON Schema.
 */
import { createPipeline, createWebHandler, type PipelineFeatures, type WebHandler } from './core.js';
import {
  listingItems,
  listingSize,
  pageAnswer,
  type Listing,
  type MockPosition,
  type PageAnswer,
} from './mock-pages.js';
import { resolvePlan, sample, seededRandom, type SamplePlan } from './sample.js';
import type {
  AnyHandler,
  ApiTable,
  TablePagination,
  Credentials,
  HandlerContext,
  HandlerResult,
  OperationValidators,
  Principal,
  ServerOptions,
  TableSecurityScheme,
} from './types.js';

export interface MockResponse {
  /** The status as declared: `200`, `4XX`, `default`. */
  declared: string;
  /** The status answered (a range or `default` answers its first status unless `Prefer: code=` names one). */
  status: number;
  mediaType?: string;
  /** What to sample for the body (absent: no body). */
  plan?: SamplePlan;
  /** The spec's examples of the media type, and their names (`Prefer: example=<name>`; `''` for `example`). */
  examples?: unknown[];
  exampleNames?: string[];
}

/** A member of the answer filled from the request: a pointer into the body, and where its value comes from. */
export interface MockEcho {
  into: string;
  from: 'path' | 'body';
  /** The path parameter's name, or a pointer into the request body. */
  name: string;
}

export interface MockOperation {
  /** The declared responses; the first is the default answer (the first success, with content if any has; else the first declared). */
  responses: MockResponse[];
  /** Token pagination (in the query, a header or the request body): the plan of a page token, under the schemas of where it is read and sent back. */
  token?: SamplePlan;
  /** Link and next-URL pagination: the query parameter the mock's own next links carry the position in. */
  position?: MockPosition;
  /** Where a page's items are (the declared or inferred pointer, else `/data`), and the plan of that array. */
  itemsPointer?: string;
  page?: SamplePlan;
  /** Pointer of an integer member beside the next token that counts the page's items. */
  countPointer?: string;
  echoes?: MockEcho[];
}

export interface MockData {
  /** Sample plans of the named schemas the responses reach, by the key their `ref`s give. */
  plans: Record<string, SamplePlan>;
  /** Handler key → what the mock answers. */
  operations: Record<string, MockOperation>;
}

export interface MockOptions extends ServerOptions {
  /** Same seed and same request → same answer. Default `socialgen`. */
  seed?: string | number;
  /** Pages a paginated listing has at its default page size (its items are that many pages' worth). Default 3. */
  pages?: number;
  /** Optional object members are filled in down to this depth. Default 1. */
  optionalDepth?: number;
  /** Handlers (by handler key) that answer instead of the sampled data, after the same request checks. */
  handlers?: Record<string, AnyHandler | undefined>;
  /**
   * Without `authenticate`: refuse (401) a request that lacks the credentials its operation requires, and
   * accept any it presents. Default true; `false` lets every request through. With `authenticate`,
   * credentials are checked exactly as a real server checks them, whatever this says.
   */
  checkAuth?: boolean;
}

/** Sampling attempts for a body the response validator accepts (each with its own seed). */
const ATTEMPTS = 16;

function decodePointer(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const t of decodePointer(pointer)) {
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, t)) return undefined;
    node = (node as Record<string, unknown>)[t];
  }
  return node;
}

/** Sets an existing member's parent path (objects only); with `create`, missing objects on the way are made. */
function setAt(root: unknown, pointer: string, value: unknown, create: boolean): void {
  const tokens = decodePointer(pointer);
  let node = root as Record<string, unknown>;
  for (const t of tokens.slice(0, -1)) {
    const next = Object.prototype.hasOwnProperty.call(node, t) ? node[t] : undefined;
    if (typeof next !== 'object' || next === null || Array.isArray(next)) {
      if (!create) return;
      Object.defineProperty(node, t, { value: {}, enumerable: true, writable: true, configurable: true });
    }
    node = node[t] as Record<string, unknown>;
  }
  const last = tokens[tokens.length - 1]!;
  if (value === undefined) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
}

/** A canonical text of a request's values (the seed of its answer); an int64 `bigint` (`int64: 'bigint'`) as its digits. */
function stable(value: unknown): string {
  if (typeof value === 'bigint') return String(value);
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

/**
 * A deep copy as a JSON round trip makes it (a value with `toJSON`, such as a Date, becomes its JSON; an
 * `undefined` member is left out), except that `bigint`s (request values under `int64: 'bigint'`, echoed
 * into answers) are kept: JSON.stringify throws on them.
 */
function clone<T>(value: T): T {
  if (value === undefined || typeof value === 'bigint') return value;
  if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.parse(JSON.stringify(value));
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : clone(v))) as T;
  const out = {};
  // Defined, not assigned: a member named `__proto__` stays an own member, as JSON.parse makes it.
  const own = (v: unknown) => ({ value: clone(v), enumerable: true, writable: true, configurable: true });
  for (const [k, v] of Object.entries(value)) if (v !== undefined) Object.defineProperty(out, k, own(v));
  return out as T;
}

/** `Prefer` preferences (RFC 7240 §2: comma-separated, `name=value`, values optionally quoted), lower-cased names. */
export function parsePrefer(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(/[,;]/)) {
    const match = /^\s*([^=\s]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s]*)))?\s*$/.exec(part);
    if (!match) continue;
    const name = match[1]!.toLowerCase();
    if (!out.has(name)) out.set(name, match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? ''));
  }
  return out;
}

/** The declared response `Prefer: code=<status>` selects: that status, else its range (`4XX`), else `default`. */
function preferred(responses: MockResponse[], code: number): MockResponse | undefined {
  const exact = responses.find((r) => r.declared === String(code));
  const range = responses.find((r) => r.declared.toUpperCase() === `${Math.floor(code / 100)}XX`);
  const fallback = responses.find((r) => r.declared === 'default');
  const chosen = exact ?? range ?? fallback;
  return chosen && { ...chosen, status: code };
}

/** A page token: the page number in base 36 where the token is any string, else a sample of its plan. */
function pageToken(plan: SamplePlan, plans: Record<string, SamplePlan>, page: number, seed: string): unknown {
  const p = resolvePlan(plan, plans);
  const free =
    p.type === 'string' && p.pattern === undefined && p.format === undefined && p.enum === undefined && !('const' in p);
  if (free) {
    const digits = page.toString(36);
    const length = Math.max(4, p.minLength ?? 0, digits.length);
    if (p.maxLength === undefined || length <= p.maxLength) return digits.padStart(length, '0');
  }
  return sample(plan, { plans, random: seededRandom(`${seed}|page|${page}`), fresh: true });
}

/** The tokens of positions 1 … count-1 (in order); the list stops early where a token would repeat an earlier one. */
function pageTokens(plan: SamplePlan, plans: Record<string, SamplePlan>, count: number, seed: string): unknown[] {
  const tokens: unknown[] = [];
  for (let page = 1; page < count; page++) {
    const token = pageToken(plan, plans, page, seed);
    if (token === undefined || tokens.some((t) => String(t) === String(token))) break;
    tokens.push(token);
  }
  return tokens;
}

/** The mock handlers, keyed like real ones. */
export function mockHandlers(
  table: ApiTable,
  data: MockData,
  options: MockOptions = {},
  validators?: OperationValidators,
): Record<string, AnyHandler> {
  const seed = String(options.seed ?? 'socialgen');
  const pages = Math.max(1, options.pages ?? 3);
  const handlers: Record<string, AnyHandler> = {};
  for (const op of table.operations) {
    const mock = data.operations[op.key];
    if (!mock?.responses.length) continue;
    const listing = op.pagination
      ? lazyListing(op.pagination, mock, data, pages, `${seed}|${op.key}`, options.optionalDepth)
      : undefined;
    const validate = validators?.[op.key];
    handlers[op.key] = (context: HandlerContext) => {
      const prefer = parsePrefer(context.request.headers.get('prefer'));
      const applied: string[] = [];
      const response = selected(mock, prefer, applied);
      const isDefault = response.declared === mock.responses[0]!.declared;
      // A stream media type: the sample is its one item (an event's data), sent as a stream of one.
      const framing = op.responses
        .find((r) => r.status === response.declared)
        ?.stream?.find((m) => m.type === response.mediaType);
      const accepts = (body: unknown) =>
        framing !== undefined ||
        !validate ||
        !response.mediaType ||
        validate.response(response.status, response.mediaType, body, { allErrors: false }).valid;
      const answer = (body?: { value: unknown }): HandlerResult => ({
        status: response.status,
        ...(body ? { body: body.value } : {}),
        ...(body && response.mediaType ? { contentType: response.mediaType } : {}),
        ...(applied.length ? { headers: { 'preference-applied': applied.join(', ') } } : {}),
      });
      if (response.plan === undefined && response.examples === undefined) return answer();

      const wanted = prefer.get('example');
      const named = wanted === undefined ? -1 : (response.exampleNames ?? []).indexOf(wanted);
      if (named >= 0) {
        applied.push(`example=${wanted}`);
        return answer({ value: clone(response.examples![named]) });
      }
      const dynamic = prefer.get('dynamic') === 'true';
      if (dynamic) applied.push('dynamic=true');
      const paged = listing !== undefined && isDefault;
      if (!dynamic && !paged && response.examples?.length) {
        const example = validExample(response.examples, accepts, (e) => (isDefault ? echoed(e, mock, context) : e));
        if (example) return answer(example);
      }

      const pageOf = paged ? pageAnswer(op.pagination!, listing(), context, mock.position) : undefined;
      const requestSeed = `${seed}|${op.key}|${response.declared}|${stable(context.params)}|${stable(context.query)}`;
      // The first attempt uses the spec's examples and defaults below the root; should one of them be
      // invalid under its own schema (real specs have such), later attempts sample afresh, each seed anew.
      let body: unknown;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const random = seededRandom(attempt ? `${requestSeed}|${attempt}` : requestSeed);
        const sampling = { plans: data.plans, random, optionalDepth: options.optionalDepth, fresh: attempt > 0 };
        body = sample(response.plan ?? { type: 'any' }, sampling);
        if (isDefault) body = coherent(body, mock, context, pageOf);
        if (accepts(body)) break;
      }
      const result = answer({ value: framing ? streamOfOne(framing.format === 'sse' ? { data: body } : body) : body });
      return pageOf && Object.keys(pageOf.headers).length
        ? { ...result, headers: { ...result.headers, ...pageOf.headers } }
        : result;
    };
  }
  return handlers;
}

/** The response to answer: the default one, or the one `Prefer: code=` selects (noted in `applied`). */
function selected(mock: MockOperation, prefer: Map<string, string>, applied: string[]): MockResponse {
  const code = Number(prefer.get('code'));
  if (!prefer.has('code') || !Number.isInteger(code) || code < 100 || code > 599) return mock.responses[0]!;
  const chosen = preferred(mock.responses, code);
  if (!chosen) return mock.responses[0]!;
  applied.push(`code=${code}`);
  return chosen;
}

/** The first example the validator accepts: made coherent with the request where that keeps it valid, else as written. */
function validExample(
  examples: unknown[],
  accepts: (body: unknown) => boolean,
  coherent: (body: unknown) => unknown,
): { value: unknown } | undefined {
  for (const example of examples) {
    const made = coherent(clone(example));
    if (accepts(made)) return { value: made };
  }
  const written = examples.find(accepts);
  return written === undefined ? undefined : { value: clone(written) };
}

/** The default answer made coherent with the request: its page of the listing (with what leads on, and the count), echoed members. */
function coherent(body: unknown, mock: MockOperation, context: HandlerContext, page: PageAnswer | undefined): unknown {
  if (typeof body !== 'object' || body === null) return body;
  if (page && mock.itemsPointer !== undefined) {
    // A body that is the items array is the page itself.
    if (mock.itemsPointer === '') return clone(page.items);
    if (Array.isArray(getAt(body, mock.itemsPointer))) setAt(body, mock.itemsPointer, clone(page.items), false);
    for (const [pointer, value] of page.members)
      setAt(body, pointer, value === undefined ? undefined : clone(value), value !== undefined);
    if (mock.countPointer) setAt(body, mock.countPointer, page.items.length, true);
  }
  return echoed(body, mock, context);
}

/** A listing whose items are sampled at first use (the same for every request of the handler). */
function lazyListing(
  pagination: TablePagination,
  mock: MockOperation,
  data: MockData,
  pages: number,
  seed: string,
  optionalDepth: number | undefined,
): () => Listing {
  let listing: Listing | undefined;
  let tokens: unknown[] | undefined;
  return () => {
    if (listing) return listing;
    const array = mock.page ? resolvePlan(mock.page, data.plans) : undefined;
    const count = listingSize(pagination, pages);
    const items = array
      ? listingItems(
          array.items ?? { type: 'any' },
          Math.max(array.minItems ?? 0, count),
          { plans: data.plans, optionalDepth },
          seed,
        )
      : [];
    listing = {
      items,
      // The tokens of item positions 1 … n-1 (sampled on first use).
      tokens: () => (tokens ??= mock.token ? pageTokens(mock.token, data.plans, items.length, seed) : []),
    };
    return listing;
  };
}

/** Members named like a path parameter or a posted member, given the request's value (where the sample has them). */
function echoed(body: unknown, mock: MockOperation, context: HandlerContext): unknown {
  if (typeof body !== 'object' || body === null) return body;
  for (const echo of mock.echoes ?? []) {
    const value = echo.from === 'path' ? context.params[echo.name] : getAt(context.body, echo.name);
    if (value !== undefined && getAt(body, echo.into) !== undefined) setAt(body, echo.into, clone(value), false);
  }
  return body;
}

async function* streamOfOne(item: unknown): AsyncGenerator<unknown> {
  yield item;
}

/**
 * The table as the mock checks credentials without an `authenticate` option: every requirement is met by
 * any credentials of its kind (OAuth 2.0 and OpenID Connect tokens as plain bearer tokens, no scopes), a
 * requirement the runtime cannot read (mutual TLS, an unknown HTTP scheme) by none, and no owner rule.
 */
function presenceTable(table: ApiTable): ApiTable {
  const readable = (scheme: TableSecurityScheme | undefined) =>
    scheme !== undefined &&
    (scheme.type === 'apiKey' ||
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect' ||
      (scheme.type === 'http' && ['bearer', 'basic', 'oauth'].includes(scheme.scheme ?? '')));
  const securitySchemes: Record<string, TableSecurityScheme> = {};
  for (const [name, scheme] of Object.entries(table.securitySchemes))
    securitySchemes[name] =
      scheme.type === 'oauth2' || scheme.type === 'openIdConnect'
        ? { ...scheme, type: 'http', scheme: 'bearer' }
        : scheme;
  const operations = table.operations.map((op) => ({
    ...op,
    ownerParameter: undefined,
    security: op.security.map((requirement) =>
      Object.keys(requirement).every((name) => readable(table.securitySchemes[name]))
        ? Object.fromEntries(Object.keys(requirement).map((name) => [name, [] as string[]]))
        : {},
    ),
  }));
  return { ...table, securitySchemes, operations };
}

/** Any credentials the request presents: OAuth 1.0a acts for a user, everything else for an application. */
function anyPresented(credentials: Credentials): Principal {
  return credentials.scheme === 'oauth1' ? { kind: 'user', userId: '0', scopes: [] } : { kind: 'app' };
}

/**
 * With an `authenticate` option the mock checks credentials exactly like a real server; without one it
 * requires the credentials each operation names and accepts any (`checkAuth: false`: no check at all).
 */
export function createMock(
  table: ApiTable,
  validators: OperationValidators | undefined,
  data: MockData,
  options: MockOptions = {},
  features: PipelineFeatures = {},
): WebHandler {
  const exact = options.authenticate !== undefined;
  const effective: ApiTable = exact
    ? table
    : options.checkAuth === false
      ? { ...table, operations: table.operations.map((op) => ({ ...op, security: [], ownerParameter: undefined })) }
      : presenceTable(table);
  const handlers = mockHandlers(effective, data, options, validators);
  for (const [key, handler] of Object.entries(options.handlers ?? {}))
    if (typeof handler === 'function') handlers[key] = handler;
  return createWebHandler(
    createPipeline(
      effective,
      validators,
      handlers,
      exact ? options : { ...options, authenticate: anyPresented, ownerParameters: {} },
      features,
    ),
  );
}
