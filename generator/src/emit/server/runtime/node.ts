/**
 * The Node adapter. Handlers made by `createHandler` carry their pipeline, which this adapter drives
 * straight from `IncomingMessage` to `ServerResponse`: no `Request`/`Response` objects are built unless a
 * hook or handler reads `request` (then one is made on first use). Any other Web handler works too,
 * through a plain conversion.
 *
 * Only types come from `node:*` at module level, so importing the package root stays safe on runtimes
 * without them; `serve` loads `node:http` when called.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { originForm, PIPELINE, type Incoming, type Outgoing, type WebHandler } from './core.js';
import { pipeToSink } from './stream.js';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

type BodyRead = Uint8Array | null | 'too-large' | 'aborted' | 'timeout';

/** Set on a request whose body stopped arriving: its connection is closed after the answer, without lingering. */
const TIMED_OUT = Symbol('socialgen.bodyTimedOut');

/**
 * The body, buffered; `'timeout'` when no byte of it arrived for `idleMs` (a body shorter than its
 * Content-Length, a client that stalled), the rest then left unread.
 */
function readNodeBody(req: IncomingMessage, limit: number, idleMs: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      if (!(idleMs > 0)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        req.pause();
        (req as IncomingMessage & { [TIMED_OUT]?: true })[TIMED_OUT] = true;
        finish('timeout');
      }, idleMs);
    };
    const finish = (value: BodyRead): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      req.removeListener('aborted', onError);
      resolve(value);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish('too-large');
        return;
      }
      chunks.push(chunk);
      arm();
    };
    const onEnd = (): void =>
      finish(size === 0 ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    const onError = (): void => finish('aborted');
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onError);
    arm();
  });
}

/** A `Request` that is only built when something reads it (instanceof still holds). */
function lazyRequest(make: () => Request): Request {
  let real: Request | undefined;
  const target = Object.create(Request.prototype) as Request;
  return new Proxy(target, {
    get(_t, property) {
      real ??= make();
      const value = Reflect.get(real, property, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
    has(_t, property) {
      real ??= make();
      return property in real;
    },
  });
}

function toWebRequest(req: IncomingMessage, body: Uint8Array | null | undefined): Request {
  const host = headerOf(req, 'host');
  const origin = `http://${host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : 'localhost'}`;
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      // A header the Fetch API refuses is left out of the view.
    }
  }
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (method !== 'GET' && method !== 'HEAD') {
    if (body !== undefined) init.body = body as BodyInit | null;
    else {
      const iterator = (req as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
      init.body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await iterator.next();
            if (done) controller.close();
            else controller.enqueue(value);
          } catch (error) {
            controller.error(error);
          }
        },
      });
      init.duplex = 'half';
    }
  }
  let target = originForm(req.url ?? '/');
  if (!target.startsWith('/')) target = '/';
  try {
    return new Request(origin + target, init);
  } catch {
    return new Request(origin + '/', { method: 'GET', headers });
  }
}

/** `Incoming` over a Node request (a class: no closures allocated per request). */
class NodeIncoming implements Incoming {
  readonly method: string;
  readonly target: string;
  private body: Uint8Array | null | undefined;
  private lazy: Request | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly bodyTimeout: number,
    /** The body when something before the listener read it already (`ListenerOptions.body`). */
    private readonly preset: Uint8Array | null | undefined,
  ) {
    this.method = req.method ?? 'GET';
    const url = req.url;
    this.target = url === undefined ? '/' : url.charCodeAt(0) === 47 ? url : originForm(url);
  }

  header(name: string): string | null {
    return headerOf(this.req, name);
  }

  hasBody(): boolean {
    if (this.preset !== undefined) return this.preset !== null && this.preset.byteLength > 0;
    const length = this.req.headers['content-length'];
    return (length !== undefined && length !== '0') || this.req.headers['transfer-encoding'] !== undefined;
  }

  async readBody(limit: number): Promise<BodyRead> {
    if (this.preset !== undefined) {
      if (this.preset !== null && this.preset.byteLength > limit) return 'too-large';
      return (this.body = this.preset && this.preset.byteLength > 0 ? this.preset : null);
    }
    const read = await readNodeBody(this.req, limit, this.bodyTimeout);
    if (read === null || read instanceof Uint8Array) this.body = read;
    return read;
  }

  request(): Request {
    return (this.lazy ??= lazyRequest(() => toWebRequest(this.req, this.body ?? this.preset)));
  }
}

/**
 * How much of an unread request body is read and dropped after an answer that closes the connection (a
 * 413 sent from `content-length`, or once a body passed the limit), and for how long at most.
 */
const DISCARD_LIMIT = 8 * 1024 * 1024;
const LINGER_MS = 30_000;
const LINGERING_REQUEST = Symbol('socialgen.lingeringRequest');

type LingeringSocket = Socket & { [LINGERING_REQUEST]?: IncomingMessage };

/**
 * Closing a connection while the client is still sending the body makes the server's TCP stack answer the
 * rest with a reset, which can reach the client before it has read the answer (a client that writes its
 * whole body before reading sees only EPIPE/ECONNRESET). So an answer with `connection: close` sent
 * before the body is all in closes in stages (RFC 9112 §9.6): the rest of the body is read and dropped
 * from now on, the answer is sent, then the write side is closed, and only once the body is complete, the
 * client has closed its side, or DISCARD_LIMIT/LINGER_MS has passed, the socket. node:http closes such an
 * exchange through `socket.destroySoon()` (end, then destroy as soon as the answer is flushed), so that
 * socket's `destroySoon` is replaced by the staged close. Answers that keep the connection need none of
 * this: node:http reads and drops the rest of the body itself.
 */
function closeAfterBody(req: IncomingMessage, headers: Record<string, string | string[] | number>): void {
  const socket = req.socket as LingeringSocket | null;
  // A body that stopped arriving is not waited for again: node:http ends the connection once the answer is out.
  if (req.complete || !socket || !closes(headers) || (req as { [TIMED_OUT]?: true })[TIMED_OUT]) return;
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) socket.destroy();
  });
  req.resume();
  socket[LINGERING_REQUEST] = req;
  socket.destroySoon = lingeringDestroySoon;
}

function lingeringDestroySoon(this: LingeringSocket): void {
  const socket = this;
  const req = socket[LINGERING_REQUEST]!;
  delete (socket as Partial<Socket>).destroySoon;
  socket[LINGERING_REQUEST] = undefined;
  if (req.complete || socket.destroyed) {
    socket.destroySoon();
    return;
  }
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref?.();
  const closeWhenFlushed = (): void => {
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  req.once('end', closeWhenFlushed);
  socket.once('end', closeWhenFlushed);
  socket.once('close', () => clearTimeout(timer));
  socket.end();
}

function closes(headers: Record<string, string | string[] | number>): boolean {
  for (const name in headers) {
    const value = headers[name];
    if (name.toLowerCase() !== 'connection' || typeof value !== 'string') continue;
    if (/(^|,)\s*close\s*(,|$)/i.test(value)) return true;
  }
  return false;
}

function byteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

function writeOutgoing(res: ServerResponse, out: Outgoing): void {
  closeAfterBody(res.req, out.headers);
  try {
    const headers: Record<string, string | string[] | number> = out.headers;
    const body = out.body;
    if (body instanceof ReadableStream) {
      res.writeHead(out.status, headers);
      void pipeToSink(body, res);
      return;
    }
    if (body !== null) headers['content-length'] = byteLength(body);
    res.writeHead(out.status, headers);
    res.end(body ?? undefined);
  } catch {
    failed(res);
  }
}

function failed(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  try {
    const body = '{"type":"about:blank","title":"Internal Server Error","status":500}';
    res.writeHead(500, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch {
    res.destroy();
  }
}

async function writeResponse(res: ServerResponse, response: Response, method: string | undefined): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  closeAfterBody(res.req, headers);
  res.writeHead(response.status, headers);
  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', () => resolve()));
  }
  res.end();
}

/** How long the Node adapter waits, by default, for the next bytes of a request body (ms). */
export const BODY_TIMEOUT = 20_000;
/** How long the Node adapter waits, by default, for a request's complete header section (ms). */
export const HEADERS_TIMEOUT = 20_000;

export interface ListenerOptions {
  /**
   * How long a request body may go without a byte arriving, in milliseconds, before the request is answered
   * with a 408 problem and its connection closed (default `BODY_TIMEOUT`, 20 s, as Apache httpd's
   * `RequestReadTimeout body=20`; 0: no limit). Applies to bodies the pipeline reads; a binary body streamed to
   * its handler is read at the handler's pace, within `requestTimeout`.
   */
  bodyTimeout?: number;
  /**
   * The request's body when something before the listener has read it already (a framework's body parser,
   * see the `express` and `koa` targets); `undefined` for a request whose body is still to be read from `req`.
   */
  body?: (req: IncomingMessage) => Uint8Array | null | undefined;
}

/** A `node:http` request listener for a Web handler (fast path for handlers made by `createHandler`). */
export function createNodeListener(
  handler: WebHandler | ((request: Request) => Promise<Response>),
  options: ListenerOptions = {},
): NodeListener {
  const pipeline = (handler as WebHandler)[PIPELINE];
  const bodyTimeout = options.bodyTimeout ?? BODY_TIMEOUT;
  const preset = options.body ?? (() => undefined);
  if (pipeline) {
    return (req, res) => {
      pipeline.handle(new NodeIncoming(req, bodyTimeout, preset(req))).then(
        (out) => writeOutgoing(res, out),
        () => failed(res),
      );
    };
  }
  return (req, res) => {
    Promise.resolve()
      .then(() => handler(toWebRequest(req, preset(req))))
      .then((response) => writeResponse(res, response, req.method))
      .catch(() => failed(res));
  };
}

export interface ServeOptions extends ListenerOptions {
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  hostname?: string;
  /**
   * How long an idle keep-alive connection is kept open, in milliseconds (default 72 000, as Fastify's;
   * 0 keeps it until the client closes it). Longer than clients' own idle timeouts (undici's 4 s, a
   * load balancer's 60 s) on purpose: see KEEP_ALIVE_TIMEOUT.
   */
  keepAliveTimeout?: number;
  /**
   * How long a client may take to send a request's complete header section, in milliseconds, before it is
   * answered with a 408 problem and the connection closed (default `HEADERS_TIMEOUT`, 20 s, as Apache
   * httpd's `RequestReadTimeout header=20`; node:http's own is 60 s, checked every 30 s).
   */
  headersTimeout?: number;
  /**
   * How long a whole request may take to arrive, headers and body, in milliseconds (node:http's
   * `requestTimeout`; default 300 000 as node:http's; 0: no limit). The limit of binary uploads streamed to
   * their handlers.
   */
  requestTimeout?: number;
}

/**
 * Whoever closes an idle HTTP/1.1 connection can race a request the other side is sending on it at that
 * moment (RFC 9112 §9.3.1); the client then gets ECONNRESET and must not retry a POST by itself. With
 * node:http's default (5 s) the server closes first whenever a client's idle timer runs late — undici's
 * counts ticks of its own timer, so a client in a busy process keeps a connection past 5 s and sends
 * its next request as the server closes it. Keeping idle connections longer than clients do leaves the
 * closing to the client, which cannot race itself.
 */
const KEEP_ALIVE_TIMEOUT = 72_000;

export interface RunningServer {
  server: Server;
  /** `http://hostname:port`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const CLIENT_ERROR_TITLES: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
};

/** Starts a `node:http` server for the handler. */
export async function serve(
  handler: WebHandler | ((request: Request) => Promise<Response>),
  options: ServeOptions = {},
): Promise<RunningServer> {
  const http = await import('node:http');
  const headersTimeout = options.headersTimeout ?? HEADERS_TIMEOUT;
  const requestTimeout = options.requestTimeout ?? 300_000;
  const server = http.createServer(
    {
      headersTimeout,
      // node:http refuses a request timeout shorter than the headers timeout; 0 turns it off.
      requestTimeout: requestTimeout > 0 ? Math.max(requestTimeout, headersTimeout) : 0,
      // node:http checks both timeouts at this interval (30 s by default): often enough to keep them.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, (headersTimeout || 4000) / 4)),
    },
    createNodeListener(handler, options),
  );
  server.keepAliveTimeout = options.keepAliveTimeout ?? KEEP_ALIVE_TIMEOUT;
  // Requests node:http cannot parse never reach the handler: answer them with a problem as well.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = timedOut
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? 413
          : 400;
    const title = CLIENT_ERROR_TITLES[status]!;
    const detail = timedOut ? 'The request did not arrive in time' : 'The request is not valid HTTP/1.1';
    const body = JSON.stringify({ type: 'about:blank', title, status, detail });
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  const hostname = options.hostname ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, hostname, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 3000);
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  return {
    server,
    port,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections?.();
      }),
  };
}
