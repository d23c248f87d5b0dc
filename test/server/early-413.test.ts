/**
 * A 413 answered while the client is still uploading must reach the client as the problem response, not
 * as a connection reset. The generated server answers as soon as it knows the body is too large (from
 * `content-length`, or once a chunked body passes the limit) and says `connection: close`. Closing the
 * socket while the rest of the body is still arriving makes the server's TCP stack answer that data with a
 * reset; a client that is still writing then gets EPIPE/ECONNRESET on its next write and drops the
 * connection before it has read the answer. The server keeps reading (and dropping) the rest of the
 * upload, up to a bound, and closes only after that (RFC 9112 §9.6).
 *
 * The clients are independent of the generated code: node:http's own client and raw node:net sockets,
 * uploading bodies far above the limit in small slow pieces, against the server in a child process. The
 * raw sockets that send everything before reading are the ones that lose the answer to a server closing
 * at once (they fail against the runtime before this fix); node:http's client reads as it writes and gets
 * the answer either way on Linux, so its cases check the staged close still serves it, busy or not.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from '../bodies/build.ts';

const SPEC = `openapi: 3.1.0
info: { title: Upload limit fixture, version: 1.0.0 }
paths:
  /notes:
    post:
      operationId: createNote
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [text]
              properties: { text: { type: string } }
      responses:
        '201':
          description: Created.
          content:
            application/json:
              schema: { type: object, properties: { text: { type: string } } }
`;

const LIMIT = 16 * 1024;
const PIECE = 16 * 1024;
/** 1 MiB, then 2 MiB in 128 pieces: far above the limit, below the server's discard bound (8 MiB). */
const FIRST = 64 * 1024;
const PIECES = 128;

let built: Built;
let spec: { dir: string; remove(): void };
let child: ChildProcess;
let port: number;

/** The server runs in its own process, so a busy client does not hold it up (nor the other way round). */
const RUNNER = `import { createHandler, serve } from './server.mjs';
const handler = createHandler(
  { createNote: ({ body }) => ({ status: 201, body: { text: body.text } }) },
  { maxBodySize: ${LIMIT} },
);
const running = await serve(handler, { port: 0 });
process.stdout.write(running.port + '\\n');
`;

beforeAll(async () => {
  spec = tempDir('socialgen-413-');
  const file = path.join(spec.dir, 'upload.yaml');
  writeFileSync(file, SPEC);
  built = await buildFixture(file);
  writeFileSync(path.join(built.dir, 'run.mjs'), RUNNER);
  child = spawn(process.execPath, ['run.mjs'], { cwd: built.dir, stdio: ['ignore', 'pipe', 'inherit'] });
  port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}, 120_000);

afterAll(() => {
  child?.kill();
  built?.remove();
  spec?.remove();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Holds this process's event loop, as a client under load does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
const piece = Buffer.alloc(PIECE, 0x20);

interface Seen {
  status?: number;
  headers?: Record<string, unknown>;
  body?: string;
  /** The first error the client saw, and whether the whole answer had been read by then. */
  error?: { code?: string; message: string; afterAnswer: boolean };
}

/** node:http's client: declared length or chunked, the body written a piece every few ms. */
function httpUpload(port: number, chunked: boolean): Promise<Seen> {
  return new Promise((resolve) => {
    const seen: Seen = {};
    let answered = false;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = String(FIRST + PIECE * PIECES + 2);
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/notes', headers });
    const done = () => resolve(seen);
    req.on('response', (res) => {
      seen.status = res.statusCode;
      seen.headers = res.headers;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        seen.body = text;
        answered = true;
        // Give a late error a moment to show, then report.
        setTimeout(done, 50);
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        seen.error ??= { code: error.code, message: error.message, afterAnswer: answered };
        done();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      seen.error ??= { code: error.code, message: error.message, afterAnswer: answered };
      if (!answered) done();
    });
    req.once('socket', (socket) => {
      socket.once('connect', async () => {
        // A busy client: the head and a first piece go out, then its event loop is held up for a while
        // (the answer arrives meanwhile, and the reset too if the server closes at once), then the rest
        // follows a piece at a time.
        req.write('"');
        req.write(Buffer.alloc(FIRST, 0x20));
        busy(300);
        for (let i = 0; i < PIECES && !req.destroyed; i++) {
          if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
          await sleep(2);
        }
        if (!req.destroyed) req.end('"');
      });
    });
  });
}

/**
 * A raw socket that sends the whole body (a piece every few ms) before it reads anything, as many simple
 * clients do. Against a server that closes at once this is the client that loses the answer: its next
 * write fails (EPIPE) once the reset is in, and the socket is gone before it reads.
 */
function rawUpload(port: number, chunked: boolean): Promise<{ text: string; error?: { code?: string; afterAnswer: boolean } }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let text = '';
    let answered = false;
    let error: { code?: string; afterAnswer: boolean } | undefined;
    const complete = () => {
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return false;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split));
      return length !== null && Buffer.byteLength(text.slice(split + 4)) >= Number(length[1]);
    };
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      text += d;
      if (complete()) answered = true;
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= { code: e.code, afterAnswer: answered }));
    socket.on('close', () => resolve({ text, error }));
    socket.on('connect', async () => {
      // A client that reads only once it has sent everything (as many simple clients do).
      socket.pause();
      const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${PIECE * PIECES}`;
      socket.write(`POST /notes HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`);
      for (let i = 0; i < PIECES && !socket.destroyed; i++) {
        const framed = chunked ? Buffer.concat([Buffer.from(`${PIECE.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
        if (!socket.write(framed)) await new Promise((r) => socket.once('drain', r));
        await sleep(2);
      }
      if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
      // The client is done: it reads the answer, then closes.
      socket.resume();
      if (!socket.destroyed) socket.end();
    });
  });
}

function expectProblem413(seen: Seen) {
  expect(seen.error?.afterAnswer ?? true, `error before the answer was read: ${JSON.stringify(seen.error)}`).toBe(true);
  expect(seen.status).toBe(413);
  expect(seen.headers?.['content-type']).toBe('application/problem+json');
  expect(seen.headers?.connection).toBe('close');
  const problem = JSON.parse(seen.body!);
  expect(problem).toMatchObject({ type: 'about:blank', title: 'Content Too Large', status: 413 });
}

describe('413 while the client is still uploading', () => {
  it('node:http client, declared content-length: the problem arrives, no reset', async () => {
    for (let round = 0; round < 3; round++) expectProblem413(await httpUpload(port, false));
  }, 60_000);

  it('node:http client, chunked body passing the limit: the problem arrives, no reset', async () => {
    for (let round = 0; round < 3; round++) expectProblem413(await httpUpload(port, true));
  }, 60_000);

  for (const chunked of [false, true]) {
    it(`raw socket that sends all of it before reading (${chunked ? 'chunked' : 'content-length'}): reads the whole problem, no reset`, async () => {
      const { text, error } = await rawUpload(port, chunked);
      expect(error, `socket error: ${JSON.stringify(error)}`).toBeUndefined();
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      const problem = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
      expect(problem).toMatchObject({ title: 'Content Too Large', status: 413 });
    }, 60_000);
  }

  it('the rest of the body is read only up to a bound: an endless upload is cut off after a few MiB', async () => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let text = '';
    let written = 0;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    await new Promise<void>((r) => socket.on('connect', () => r()));
    socket.write(`POST /notes HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${2 ** 40}\r\n\r\n`);
    const big = Buffer.alloc(64 * 1024, 0x20);
    let open = true;
    void closed.then(() => (open = false));
    while (open && written < 64 * 1024 * 1024) {
      written += big.length;
      if (!socket.write(big)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
    }
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    // Cut off after 8 MiB read and dropped, plus what the two sides' socket buffers hold.
    expect(open, `still open after ${written} bytes`).toBe(false);
    expect(written).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);

  it('the connection is still usable for a small body afterwards (a fresh one, as the 413 closed it)', async () => {
    const r = await fetch(`http://127.0.0.1:${port}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hi"}' });
    expect(r.status).toBe(201);
    expect(await r.json()).toEqual({ text: 'hi' });
  });
});
