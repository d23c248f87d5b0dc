/**
 * `socialgen mock` binds its port before it loads the spec and builds the server package (seconds on a large
 * spec). The spec is a URL served by a plain node:http server in this process, so what the mock loads, and
 * when, is observable: a taken port fails with the usage error while the spec server has seen no request
 * (nothing was loaded or built); a request sent on a raw socket while the spec's answer is held back is
 * accepted and answered by the mock once the spec arrives; a spec that cannot be loaded lets the port go.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/src/cli/main.ts';
import type { CliIO } from '../../generator/src/cli/io.ts';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { tempDir } from '../helpers/paths.ts';

const SPEC = `openapi: 3.1.0
info: { title: Held, version: '1.0' }
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object, properties: { b: { type: string } }, required: [b] }
              example: { b: held }
`;

let specServer: Server;
let specBase: string;
/** The spec server's requests, in order. */
const seen: string[] = [];
/** Answers held back by the spec server until released (`/held.yaml`). */
const held: ServerResponse[] = [];
const tmp = tempDir('socialgen-mock-port-');

async function listen(server: Server | ReturnType<typeof createNetServer>, port = 0): Promise<number> {
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: bound by the system, then let go. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  specServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url ?? '');
    if (req.url === '/held.yaml') held.push(res);
    else if (req.url === '/openapi.yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC);
    else res.writeHead(404).end('not found');
  });
  specBase = `http://127.0.0.1:${await listen(specServer)}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  specServer.closeAllConnections();
  await new Promise((resolve) => specServer.close(resolve));
  tmp.remove();
});

/** `socialgen mock` in this process (its folder holds no config), for the cases that end with an error. */
async function mockCommand(...args: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const io: CliIO = { out: () => undefined, err: (t) => void (err += t + '\n'), isTTY: false, color: false, cwd: tmp.dir };
  const code = await main(['mock', ...args], io);
  return { code, err };
}

describe('socialgen mock binds its port first', () => {
  it('a taken port: exit 2 naming it and how to pick another, and the spec was never fetched', async () => {
    const busy = createNetServer();
    const port = await listen(busy);
    try {
      seen.length = 0;
      const result = await mockCommand(`${specBase}/openapi.yaml`, '--port', String(port));
      expect(result.err.trim()).toBe(`socialgen: port ${port} on 127.0.0.1 is taken (another server is listening there); pick another with --port <n>, or --port 0 for a free one (the chosen port is printed)`);
      expect(result.code).toBe(2);
      expect(seen).toEqual([]);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  // RFC 6761 reserves `.invalid`, which never resolves; RFC 5737's TEST-NET-1 (192.0.2.0/24) is no address of any machine.
  it('a host name that does not resolve, and an address not of this machine: exit 2, each saying which', async () => {
    seen.length = 0;
    const unresolved = await mockCommand(`${specBase}/openapi.yaml`, '--port', '0', '--hostname', 'no-such-host.invalid');
    expect(unresolved.err.trim()).toMatch(/^socialgen: cannot listen on no-such-host\.invalid: the host name does not resolve( \(the name lookup failed for now\))?; choose another with --hostname$/);
    expect(unresolved.code).toBe(2);
    const foreign = await mockCommand(`${specBase}/openapi.yaml`, '--port', '0', '--hostname', '192.0.2.1');
    expect(foreign.err.trim()).toBe('socialgen: cannot listen on 192.0.2.1: not an address of this machine; choose another with --hostname');
    expect(foreign.code).toBe(2);
    expect(seen).toEqual([]);
  });

  it('a request sent while the spec is still loading is accepted, and answered by the mock once it is built', async () => {
    const port = await freePort();
    seen.length = 0;
    const starting = serveMock({ specPath: `${specBase}/held.yaml`, port, seed: 1 });
    // The spec is being fetched: the port must be bound already.
    while (held.length === 0) await once(specServer, 'request');
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    // Written, not ended: node:http drops a request whose client half-closes before the answer.
    socket.write(`GET /a HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`);
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    const closed = once(socket, 'close');
    held.shift()!.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC);
    const running = await starting;
    try {
      await closed;
      const [head, body] = answer.split('\r\n\r\n');
      expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(head).toMatch(/^content-type: application\/json/im);
      expect(JSON.parse(body!)).toEqual({ b: 'held' });
      expect(seen).toEqual(['/held.yaml']);
    } finally {
      await running.close();
    }
  });

  it('a spec that cannot be loaded: exit 2 naming it, and the port is let go', async () => {
    const port = await freePort();
    const result = await mockCommand(`${specBase}/nope.yaml`, '--port', String(port));
    expect(result.err.split('\n')[0]).toBe(`${specBase}/nope.yaml: cannot fetch: HTTP 404 Not Found`);
    expect(result.code).toBe(2);
    // Free again: this process can listen on it.
    const again = createNetServer();
    expect(await listen(again, port)).toBe(port);
    await new Promise((resolve) => again.close(resolve));
  });
});
