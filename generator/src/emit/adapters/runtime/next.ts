/**
 * The Next.js adapter (App Router route handlers): the exports of a catch-all route module
 * (`app/api/[...path]/route.ts`), one per method, each handing the Web `Request` Next.js passes (a
 * `NextRequest` is one) to the generated handler and returning its `Response` as is. Next.js streams that
 * body to the client and cancels it when the client goes away, which stops the handler's stream. The URL
 * the handler sees is the full one: a route under `app/api/` needs a handler whose `basePath` is `/api`.
 */

/** What the server package's `createHandler` returns. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** An App Router route handler (the second argument, the route's params, is not needed: the handler routes). */
export type RouteHandler = (request: Request) => Promise<Response>;

export interface RouteHandlers {
  GET: RouteHandler;
  POST: RouteHandler;
  PUT: RouteHandler;
  PATCH: RouteHandler;
  DELETE: RouteHandler;
  HEAD: RouteHandler;
  OPTIONS: RouteHandler;
}

/** The route module's method exports, all answering through the handler. */
export function nextRoutes(handler: FetchHandler): RouteHandlers {
  const route: RouteHandler = (request) => handler(request);
  return { GET: route, POST: route, PUT: route, PATCH: route, DELETE: route, HEAD: route, OPTIONS: route };
}
