/**
 * The Koa adapter (Koa 3): a middleware handing each request to the generated server's Node listener,
 * which routes, validates and answers it (404 and 405 included), streams and all; Koa's own response
 * handling is switched off for it (`ctx.respond = false`) and the middleware settles when the answer is
 * done. The URL the handler sees is the one the client sent (`ctx.originalUrl`): a handler mounted under a
 * path states it as its `basePath`. A body a Koa body parser read already is taken from
 * `ctx.request.rawBody` or `ctx.request.body` (parsed-body.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { bodyConsumed, parsedBodyBytes } from './parsed-body.js';

/** What the server package's `createNodeListener` makes for one handler, given where an already read body is. */
export type ListenerFor = (options: {
  body(req: IncomingMessage): Uint8Array | null | undefined;
}) => (req: IncomingMessage, res: ServerResponse) => void;

/** Where a body parser leaves its result: Koa's `ctx.request`, reached from the Node request. */
const PARSED = Symbol('socialgen.koaRequest');

type KoaIncoming = IncomingMessage & { [PARSED]?: { body?: unknown; rawBody?: unknown } };

function koaBody(req: IncomingMessage): Uint8Array | null | undefined {
  const parsed = (req as KoaIncoming)[PARSED];
  if (!parsed || !bodyConsumed(req)) return undefined;
  return parsedBodyBytes(parsed.body, parsed.rawBody, req.headers['content-type']);
}

/** A Koa middleware answering every request that reaches it through the listener. */
export function koaMiddleware(listenerFor: ListenerFor): Middleware {
  const listener = listenerFor({ body: koaBody });
  return (ctx) => {
    ctx.respond = false;
    const req = ctx.req as KoaIncoming;
    req[PARSED] = ctx.request as { body?: unknown; rawBody?: unknown };
    req.url = ctx.originalUrl;
    return new Promise<void>((resolve) => {
      ctx.res.once('close', () => resolve());
      listener(req, ctx.res);
    });
  };
}
