/**
 * The Express adapter (Express 5): a middleware handing each request to the generated server's Node
 * listener, which routes, validates and answers it (404 and 405 included), streams and all. The URL the
 * handler sees is the one the client sent (`req.originalUrl`): a handler mounted under a path states it
 * as its `basePath`. A body an Express body parser read already is taken from `req.body` (parsed-body.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { bodyConsumed, parsedBodyBytes } from './parsed-body.js';

/** What the server package's `createNodeListener` makes for one handler, given where an already read body is. */
export type ListenerFor = (options: {
  body(req: IncomingMessage): Uint8Array | null | undefined;
}) => (req: IncomingMessage, res: ServerResponse) => void;

type ExpressRequest = IncomingMessage & { body?: unknown; rawBody?: unknown; originalUrl?: string };

function expressBody(req: IncomingMessage): Uint8Array | null | undefined {
  if (!bodyConsumed(req)) return undefined;
  const parsed = req as ExpressRequest;
  return parsedBodyBytes(parsed.body, parsed.rawBody, req.headers['content-type']);
}

/** An Express middleware answering every request that reaches it through the listener. */
export function expressMiddleware(listenerFor: ListenerFor): RequestHandler {
  const listener = listenerFor({ body: expressBody });
  return (req, res) => {
    const incoming = req as unknown as ExpressRequest;
    if (incoming.originalUrl !== undefined) incoming.url = incoming.originalUrl;
    listener(incoming, res as unknown as ServerResponse);
  };
}
