/**
 * The Hono adapter (Hono 4): a Hono app whose one route (every method, every path) hands the request,
 * the Web `Request` Hono received, to the generated handler and returns its `Response` as is: routing,
 * validation, problems (404 and 405 included), streams and binary bodies are the handler's. Hono's own
 * body helpers are never called, so the body reaches the handler untouched. The URL the handler sees is
 * the full one: an app mounted with `app.route('/api', …)` needs a handler whose `basePath` is `/api`.
 */
import { Hono } from 'hono';

/** What the server package's `createHandler` returns. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** A Hono app answering every request through the handler. */
export function honoApp(handler: FetchHandler): Hono {
  const app = new Hono();
  app.all('*', (c) => handler(c.req.raw));
  return app;
}
