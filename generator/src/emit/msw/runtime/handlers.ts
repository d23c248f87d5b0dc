/**
 * Mock Service Worker handlers over the generated server's mock: each operation's handler matches its
 * method and path template (on any origin, or under one base URL) and answers through the server
 * package's pipeline, so requests are checked exactly as the generated server checks them (an RFC 7807
 * 400 when invalid) and answered with the mock's seeded, schema-valid sample data — or with an override.
 *
 * A request whose path another operation owns (the server's router prefers literal segments:
 * `/posts/search` over `/posts/{id}`) is left to the next handler, so an override never shadows an
 * operation it does not mock. This file is copied verbatim into every generated msw package; it holds no
 * spec content.
 */
import { http, type HttpHandler } from 'msw';

/** A Web-standard handler, as the server package's `createMockHandler` returns. */
export type WebHandler = (request: Request) => Promise<Response>;

/** What a server handler returns (the server's `HandlerResult`). */
export interface ResultLike {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string | number | readonly string[]>;
}

/** The request facts a server handler receives (the server's `HandlerContext`). */
export interface ContextLike {
  request: Request;
}

/** The subset of the server's mock options the handlers pass through, plus the hooks they add. */
export interface MockFactoryOptions {
  handlers?: Record<string, (context: any) => ResultLike | Promise<ResultLike>>;
  basePath?: string;
  rateLimit?: (info: { operation: string; request: Request }) => unknown;
  [option: string]: unknown;
}

export type MockFactory = (options: MockFactoryOptions) => WebHandler;

/** One operation as the handlers match it. */
export interface OperationRoute {
  /** Upper-case HTTP method. */
  method: string;
  /** The path template (`/posts/{id}`). */
  path: string;
  /** The status a body override is answered with: the operation's first success status. */
  status: number;
}

/**
 * An override: the response body (sent with the operation's first success status after the request is
 * checked), or a resolver called with the checked request (`params`, `query`, `headers`, `cookies`,
 * `body`, `request`) that returns a `Response` (e.g. MSW's `HttpResponse.json`), a server handler result
 * (`{ status, body }`), or `undefined` for the mock's own answer.
 */
export type Override<Body, Context, Result> =
  Body | ((context: Context) => Response | Result | undefined | Promise<Response | Result | undefined>);

export interface HandlerOptions {
  /**
   * Where the API lives, e.g. `https://api.example.com/v2`: handlers match only under it. A path
   * (`/api`) matches under that path on any origin. Default: each operation's path on any origin.
   */
  baseUrl?: string;
  /** Same seed and same request → same answer (the mock's `seed`). */
  seed?: string | number;
  /** Further options of the server's mock (`pages`, `optionalDepth`, `authenticate`, `problemBase`, …). */
  mock?: Record<string, unknown>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Origin and path prefix of the base URL (a path alone: any origin). */
function splitBase(baseUrl: string | undefined): { origin: string; basePath: string } {
  if (!baseUrl) return { origin: '[a-z][a-z0-9+.-]*://[^/]+', basePath: '' };
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (url) return { origin: escapeRegExp(url.origin), basePath: url.pathname.replace(/\/+$/, '') };
  return { origin: '[a-z][a-z0-9+.-]*://[^/]+', basePath: ('/' + baseUrl.replace(/^\/+/, '')).replace(/\/+$/, '') };
}

/** The URL pattern of a path template: literal text escaped, each `{name}` one non-empty segment part. */
export function routePattern(template: string, baseUrl?: string): RegExp {
  const { origin, basePath } = splitBase(baseUrl);
  const path = template
    .split(/(\{[^{}]+\})/)
    .map((part) => (/^\{[^{}]+\}$/.test(part) ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${origin}${escapeRegExp(basePath)}${path}$`);
}

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
  HEAD: http.head,
  OPTIONS: http.options,
} as const;

/** The handler factory of one API: a handler per operation, default or overridden. */
export function createHandlerFactory(
  createMock: MockFactory,
  routes: Record<string, OperationRoute>,
  options: HandlerOptions = {},
) {
  const { basePath } = splitBase(options.baseUrl);
  /** Which operation the server routed each request to (its rate-limit hook runs for every routed request). */
  const routed = new WeakMap<Request, string>();
  const userRateLimit = options.mock?.rateLimit as MockFactoryOptions['rateLimit'] | undefined;
  const base: MockFactoryOptions = {
    ...options.mock,
    seed: options.seed ?? options.mock?.seed,
    basePath: basePath || undefined,
    rateLimit: (info) => {
      routed.set(info.request, info.operation);
      return userRateLimit?.(info);
    },
  };
  const mock = createMock(base);

  /** Answers through `web`; `undefined` (the next handler's turn) when the server routed the request elsewhere. */
  async function answer(key: string, web: WebHandler, request: Request): Promise<Response | undefined> {
    const copy = request.clone();
    const response = await web(copy);
    const to = routed.get(copy);
    return to !== undefined && to !== key ? undefined : response;
  }

  return function handler(key: string, override?: unknown): HttpHandler {
    const route = routes[key];
    if (!route) throw new Error(`msw: no operation ${JSON.stringify(key)}`);
    const pattern = routePattern(route.path, options.baseUrl);
    const method = METHODS[route.method as keyof typeof METHODS];
    const match =
      method ??
      ((path: RegExp, resolver: Parameters<typeof http.all>[1]) =>
        http.all(path, (info) => (info.request.method === route.method ? resolver(info) : undefined)));
    if (override === undefined) return match(pattern, ({ request }) => answer(key, mock, request));

    // An override: the same mock (other operations, request checks) with this operation answered by it.
    const responses = new WeakMap<Request, Response | 'mock'>();
    const resolver = typeof override === 'function' ? (override as (context: ContextLike) => unknown) : undefined;
    const overridden = createMock({
      ...base,
      handlers: {
        [key]: async (context: ContextLike): Promise<ResultLike> => {
          if (!resolver) return { status: route.status, body: override };
          const result = await resolver(context);
          if (result instanceof Response || result === undefined) {
            // Answered outside the pipeline: the placeholder below is replaced by this response (or the mock's).
            responses.set(context.request, result ?? 'mock');
            return { status: 204 };
          }
          return result as ResultLike;
        },
      },
    });
    return match(pattern, async ({ request }) => {
      const copy = request.clone();
      const response = await overridden(copy);
      const to = routed.get(copy);
      if (to !== undefined && to !== key) return undefined;
      const replaced = responses.get(copy);
      if (replaced === 'mock') return answer(key, mock, request);
      return replaced ?? response;
    });
  };
}
