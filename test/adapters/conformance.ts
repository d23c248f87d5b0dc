/**
 * The server adapters' conformance suite: one set of requests, written as exact bytes by a plain
 * `node:http` client (no framework client, no fetch normalisation), sent to the fixture's generated server
 * (conformance.yaml) mounted one way or another. Each case yields what a client can observe — status, the
 * headers that carry meaning, the body's bytes — so results from different mounts compare with `toEqual`.
 * The Node adapter's results are the reference; the fixture's handlers are `conformanceHandlers`.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';

/** What the handlers saw of the stream cancellation cases (counters: each case reads the change). */
export const streamState = { started: 0, stopped: 0 };
export const downloadState = { produced: 0, stopped: 0 };

/** The endless download's chunk size. */
const CHUNK = 64 * 1024;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fixture's handlers: each answers from what arrived, so a body the adapter changed shows. */
export const conformanceHandlers = {
  getNote(ctx: { params: { id: number }; query: { verbose?: boolean } }) {
    if (ctx.params.id === 404)
      return { status: 404, body: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'no such note' } };
    return {
      status: 200,
      body: { id: ctx.params.id, text: ctx.query.verbose ? 'a verbose note' : 'a note' },
      headers: { 'x-note-version': 3 },
    };
  },
  createNote(ctx: { body: { text: string; tags?: string[] } }) {
    return { status: 201, body: { id: 1, ...ctx.body } };
  },
  echoBytes(ctx: { body: ReadableStream<Uint8Array> }) {
    return { status: 200, body: ctx.body };
  },
  async submitForm(ctx: { body: { name: string; count?: number; file?: Blob } }) {
    const { file, ...fields } = ctx.body;
    const bytes = file ? Buffer.from(await file.arrayBuffer()).toString('hex') : undefined;
    return { status: 200, body: { ...fields, ...(file ? { file: bytes } : {}) } };
  },
  watchTicks(ctx: { query: { count?: number } }) {
    const count = ctx.query.count;
    return {
      status: 200,
      body: (async function* () {
        streamState.started++;
        try {
          for (let n = 1; count === undefined || n <= count; n++) {
            yield { data: { n }, id: String(n) };
            await delay(count === undefined ? 20 : 0);
          }
        } finally {
          streamState.stopped++;
        }
      })(),
    };
  },
  download() {
    return {
      status: 200,
      body: (async function* () {
        try {
          for (;;) {
            downloadState.produced++;
            yield new Uint8Array(CHUNK).fill(downloadState.produced % 251);
          }
        } finally {
          downloadState.stopped++;
        }
      })(),
    };
  },
  listTicks() {
    return {
      status: 200,
      body: (async function* () {
        for (let n = 1; n <= 3; n++) yield { n };
      })(),
    };
  },
};

/** The fixture's server options: bearer `good` is the one valid credential; bodies above 64 KiB are refused. */
export const conformanceOptions = {
  maxBodySize: 64 * 1024,
  authenticate: (credentials: { scheme: string; token?: string }) =>
    credentials.scheme === 'bearer' && credentials.token === 'good' ? { kind: 'app' as const } : null,
};

/** What a client observes of one exchange. */
export interface Observed {
  status: number;
  headers: Record<string, string | undefined>;
  /** The body's bytes, hex (text bodies are compared as bytes too). */
  body: string;
  /** Case-specific facts (e.g. that a cancelled stream was stopped). */
  facts?: Record<string, unknown>;
}

/**
 * The response headers whose values a client acts on. Framing (`content-length` or chunked) and dates are
 * the host's: a Web handler's `Response` carries no length, and Hono's and Next.js's servers choose.
 */
const MEANINGFUL = [
  'content-type',
  'allow',
  'www-authenticate',
  'x-note-version',
  'cache-control',
  'connection',
  'deprecation',
  'location',
];

function pick(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of MEANINGFUL) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

interface Exchange {
  method: string;
  path: string;
  headers?: Record<string, string | number>;
  body?: Buffer;
}

/** `path` under the base URL's path (a server mounted under `/api`). */
const under = (base: URL, path: string) => base.pathname.replace(/\/$/, '') + path;

/** One request on its own connection, body written as given; the whole answer read. */
function exchange(base: URL, { method, path, headers = {}, body }: Exchange): Promise<Observed> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: under(base, path),
        agent: false,
        headers: { ...headers, ...(body ? { 'content-length': body.byteLength } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: pick(res.headers), body: Buffer.concat(chunks).toString('hex') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens an endless event stream, reads until the first event, goes away, and reports whether the handler's stream stopped. */
function cancelledStream(base: URL): Promise<Observed> {
  const before = { ...streamState };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, method: 'GET', path: under(base, '/ticks'), agent: false },
      (res) => {
        let text = '';
        res.on('data', async (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (!text.includes('\n\n') || req.destroyed) return;
          req.destroy();
          const first = text.slice(0, text.indexOf('\n\n') + 2);
          const deadline = Date.now() + 5000;
          while (streamState.stopped === before.stopped && Date.now() < deadline) await delay(10);
          resolve({
            status: res.statusCode!,
            headers: pick(res.headers),
            body: Buffer.from(first, 'latin1').toString('hex'),
            facts: { started: streamState.started - before.started, stopped: streamState.stopped - before.stopped },
          });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

/**
 * Waits until the endless download stops producing (no chunk over STALL_POLLS polls in a row: the handler
 * awaits the socket's drain), or `ms` at most. The handler runs on this process's event loop, so a producer
 * that is never held makes progress between any two polls and runs the whole `ms`, past the bound the case
 * checks; one that is held ends the wait after a tenth of a second instead of a fixed second.
 */
async function productionHeld(before: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let last = downloadState.produced;
  let still = 0;
  while (Date.now() < deadline && still < STALL_POLLS) {
    await delay(20);
    // Held only once it has started: a handler not yet called has produced nothing either.
    still = downloadState.produced === last && last > before ? still + 1 : 0;
    last = downloadState.produced;
  }
}
const STALL_POLLS = 5;

/**
 * Opens the endless download and reads nothing for a while: with backpressure the handler is paused once
 * the socket's buffers are full (a few MB), without it it would produce hundreds of MB. Then goes away and
 * reports whether the handler's stream stopped.
 */
function stalledDownload(base: URL): Promise<Observed> {
  const before = { ...downloadState };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method: 'GET', path: under(base, '/download'), agent: false }, async (res) => {
      res.pause();
      await productionHeld(before.produced, 1000);
      const produced = downloadState.produced - before.produced;
      req.destroy();
      const deadline = Date.now() + 5000;
      while (downloadState.stopped === before.stopped && Date.now() < deadline) await delay(10);
      resolve({
        status: res.statusCode!,
        headers: pick(res.headers),
        body: '',
        // Under 64 MB produced while the client read nothing (the buffers between hold a few MB).
        facts: { bounded: produced > 0 && produced * CHUNK < 64 * 1024 * 1024, stopped: downloadState.stopped - before.stopped },
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

const AUTH = { authorization: 'Bearer good' };
const JSON_TYPE = { 'content-type': 'application/json' };
/** Bytes that are not UTF-8 text and hold every byte value: an adapter that decodes or re-encodes changes them. */
const BINARY = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300 * 1024)]);
const BOUNDARY = 'conformance-boundary';
const MULTIPART = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="name"\r\n\r\nAda Lovelace\r\n`),
  Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="count"\r\n\r\n7\r\n`),
  Buffer.from(
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  ),
  Buffer.from([0, 1, 2, 0xff, 0xfe, 0x0d, 0x0a]),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

/** The cases, by name: each a request (or a scripted exchange) against a server's base URL. */
export const CASES: Record<string, (base: URL) => Promise<Observed>> = {
  'routing: unknown path is 404': (b) => exchange(b, { method: 'GET', path: '/nothing/here', headers: AUTH }),
  'routing: unknown method is 405 with Allow': (b) =>
    exchange(b, { method: 'DELETE', path: '/notes/1', headers: AUTH }),
  'routing: a JSON answer with a declared header': (b) =>
    exchange(b, { method: 'GET', path: '/notes/7?verbose=true', headers: AUTH }),
  'routing: HEAD': (b) => exchange(b, { method: 'HEAD', path: '/notes/7', headers: AUTH }),
  'routing: OPTIONS': (b) => exchange(b, { method: 'OPTIONS', path: '/notes', headers: AUTH }),
  "handler's own problem (404)": (b) => exchange(b, { method: 'GET', path: '/notes/404', headers: AUTH }),
  'auth: no credentials is 401': (b) => exchange(b, { method: 'GET', path: '/notes/7' }),
  'auth: a wrong token is 401': (b) =>
    exchange(b, { method: 'GET', path: '/notes/7', headers: { authorization: 'Bearer bad' } }),
  'validation: a bad path parameter is a 400 problem': (b) =>
    exchange(b, { method: 'GET', path: '/notes/0', headers: AUTH }),
  'validation: an unknown query parameter is a 400 problem': (b) =>
    exchange(b, { method: 'GET', path: '/notes/7?colour=red', headers: AUTH }),
  'JSON body: created from the bytes sent': (b) =>
    exchange(b, {
      method: 'POST',
      path: '/notes',
      headers: { ...AUTH, ...JSON_TYPE },
      body: Buffer.from('{ "text" : "caf\\u00e9 ☕", "tags": ["a","b"] }'),
    }),
  'JSON body: invalid against the schema is a 400 problem': (b) =>
    exchange(b, {
      method: 'POST',
      path: '/notes',
      headers: { ...AUTH, ...JSON_TYPE },
      body: Buffer.from('{"text":"","extra":1}'),
    }),
  'JSON body: malformed is a 400 problem': (b) =>
    exchange(b, { method: 'POST', path: '/notes', headers: { ...AUTH, ...JSON_TYPE }, body: Buffer.from('{"text":') }),
  'JSON body: an unsupported media type is a 415 problem': (b) =>
    exchange(b, {
      method: 'POST',
      path: '/notes',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      body: Buffer.from('hello'),
    }),
  'large body: above the limit is 413': (b) =>
    exchange(b, {
      method: 'POST',
      path: '/notes',
      headers: { ...AUTH, ...JSON_TYPE },
      body: Buffer.from(JSON.stringify({ text: 'x'.repeat(100 * 1024) })),
    }),
  'binary body: every byte echoed back': (b) =>
    exchange(b, {
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/octet-stream' },
      body: BINARY,
    }),
  'form: URL-encoded': (b) =>
    exchange(b, {
      method: 'POST',
      path: '/forms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from('name=Ada+Lovelace&count=7'),
    }),
  'form: URL-encoded, invalid is a 400 problem': (b) =>
    exchange(b, {
      method: 'POST',
      path: '/forms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from('count=seven'),
    }),
  'form: multipart with a file part': (b) =>
    exchange(b, {
      method: 'POST',
      path: '/forms',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: MULTIPART,
    }),
  'stream: NDJSON': (b) => exchange(b, { method: 'GET', path: '/ticks.ndjson' }),
  'stream: server-sent events': (b) => exchange(b, { method: 'GET', path: '/ticks?count=3' }),
  'stream: a client going away stops the handler': cancelledStream,
  'stream: a client not reading pauses the handler (backpressure), going away stops it': stalledDownload,
};

/** Every case against the server at `url`, one after the other. */
export async function runConformance(url: string): Promise<Record<string, Observed>> {
  const base = new URL(url);
  const results: Record<string, Observed> = {};
  for (const [name, run] of Object.entries(CASES)) results[name] = await run(base);
  return results;
}
