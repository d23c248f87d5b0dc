/**
 * The Fastify adapter (Fastify 5): a plugin for `app.register` whose one route (`/*` under the plugin's
 * prefix, every method) hands the request to the generated server's Node listener, which routes,
 * validates and answers it (404 and 405 included), streams and all; the reply is hijacked, so Fastify's
 * serialisation and reply hooks stay out of it. Fastify's body parsing is replaced, in this plugin's scope
 * only, by one catch-all parser that reads nothing: the body stays in the request stream, byte for byte,
 * for the handler (with the handler's own size limit, not Fastify's `bodyLimit`). The URL the handler sees
 * is the one the client sent: a handler registered under a `prefix` states it as its `basePath`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginCallback } from 'fastify';

/** The server package's `createNodeListener` for one handler. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** A Fastify plugin answering every request under its prefix through the listener. */
export function fastifyPlugin(listener: NodeListener): FastifyPluginCallback {
  return (instance, _options, done) => {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    instance.route({
      method: instance.supportedMethods,
      url: '/*',
      exposeHeadRoute: false,
      handler(request, reply) {
        reply.hijack();
        listener(request.raw, reply.raw);
      },
    });
    done();
  };
}
