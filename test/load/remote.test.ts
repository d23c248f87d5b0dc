/**
 * A spec given as a URL (load/remote.ts), against a plain node:http server in this process: relative `$ref`s
 * resolve against the URL, headers go to the spec's origin only, every failure names the URL (HTTP status,
 * timeout, refused connection, a problem inside a fetched file with its line), a remote spec cannot reach
 * local files, and a local spec's URL `$ref` is not fetched. `socialgen mock` (the built command, as a child
 * process) loads a URL spec with the config's headers, as `generate` does.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/src/load/index.ts';
import { formatDiagnostic, isSpecError } from '../../generator/src/load/diagnostics.ts';
import { tempDir } from '../helpers/paths.ts';
import { socialgenBin } from '../pipeline/helpers.ts';

const ROOT = `openapi: 3.1.0
info: { title: Remote, version: '1.0' }
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: 'schemas/a.yaml#/A' }
`;
const FILES: Record<string, string> = {
  '/api/openapi.yaml': ROOT,
  '/api/schemas/a.yaml': "A:\n  type: object\n  properties:\n    b: { $ref: '../../shared/b.json' }\n",
  '/shared/b.json': '{ "type": "string" }\n',
  '/api/missing-ref.yaml': ROOT.replace('schemas/a.yaml#/A', 'schemas/nope.yaml#/A'),
  '/api/bad-yaml.yaml': ROOT.replace('schemas/a.yaml#/A', 'schemas/broken.yaml#/A'),
  '/api/schemas/broken.yaml': 'A:\n  type: object\n  properties: [\n',
  '/api/local-ref.yaml': ROOT.replace('schemas/a.yaml#/A', 'file:///etc/hostname'),
  '/api/other-host.yaml': '',
};

const GUARD_TOKEN = 'mock-secret';

let server: Server;
let other: Server;
let base: string;
let otherBase: string;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const otherSeen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const tmp = tempDir('socialgen-remote-');

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

/** The diagnostics of a load that must fail, formatted as the CLI prints them. */
async function problems(url: string, options: Parameters<typeof loadSpec>[1] = {}): Promise<string[]> {
  try {
    await loadSpec(url, options);
  } catch (error) {
    if (isSpecError(error)) return error.diagnostics.map((d) => formatDiagnostic(d));
    throw error;
  }
  throw new Error(`${url} loaded`);
}

beforeAll(async () => {
  other = createServer((req, res) => {
    otherSeen.push({ url: req.url ?? '', headers: req.headers });
    res.end('{ "type": "integer" }');
  });
  otherBase = await listen(other);
  FILES['/api/other-host.yaml'] = ROOT.replace('schemas/a.yaml#/A', `${otherBase}/c.json`);
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/slow.yaml') return; // never answers
    // `/guarded/…` is the `/api/` tree behind a token, as a private spec server would keep it.
    const guarded = req.url?.startsWith('/guarded/');
    if (guarded && req.headers.authorization !== `Bearer ${GUARD_TOKEN}`) return void res.writeHead(401, 'Unauthorized').end();
    const body = FILES[guarded ? req.url!.replace('/guarded/', '/api/') : (req.url ?? '')];
    if (body === undefined) res.writeHead(404, 'Not Found').end();
    else res.end(body);
  });
  base = await listen(server);
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  other.close();
  tmp.remove();
});

describe('a spec given as a URL', () => {
  it('is bundled with its relative $refs fetched against the URL; files are named by their URLs', async () => {
    const loaded = await loadSpec(`${base}/api/openapi.yaml`, { remote: { headers: { authorization: 'Bearer t' } } });
    expect(loaded.files).toEqual([`${base}/api/openapi.yaml`, `${base}/api/schemas/a.yaml`, `${base}/shared/b.json`].sort());
    expect(JSON.stringify(loaded.document)).toContain('"type":"string"');
    const fetched = seen.filter((s) => s.headers.authorization === 'Bearer t').map((s) => s.url);
    expect(fetched).toEqual(['/api/openapi.yaml', '/api/schemas/a.yaml', '/shared/b.json']);
  });

  it('sends its headers to the spec\'s origin only, never to another host a $ref names', async () => {
    await loadSpec(`${base}/api/other-host.yaml`, { remote: { headers: { authorization: 'Bearer secret' } } });
    expect(otherSeen.map((s) => s.url)).toEqual(['/c.json']);
    expect(otherSeen[0]!.headers.authorization).toBeUndefined();
  });

  it('names the URL of every failure: HTTP status, a missing $ref target, a syntax error with its line', async () => {
    expect(await problems(`${base}/api/nope.yaml`)).toEqual([`${base}/api/nope.yaml: cannot fetch: HTTP 404 Not Found`]);
    expect(await problems(`${base}/api/missing-ref.yaml`)).toEqual([`${base}/api/missing-ref.yaml:11:25: unresolvable $ref: cannot read ${base}/api/schemas/nope.yaml (HTTP 404 Not Found) (at #/paths/~1a/get/responses/200/content/application~1json/schema/$ref)`]);
    const yaml = await problems(`${base}/api/bad-yaml.yaml`);
    expect(yaml).toContain(`${base}/api/schemas/broken.yaml:4:1: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`);
  });

  it('times out, and reports a refused connection, naming the URL', async () => {
    expect(await problems(`${base}/slow.yaml`, { remote: { timeoutMs: 300 } })).toEqual([`${base}/slow.yaml: cannot fetch: timed out after 300 ms`]);
    const closed = createServer();
    const url = `${await listen(closed)}/openapi.yaml`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await problems(url)).toEqual([`${url}: cannot fetch: connection refused`]);
  });

  it('cannot refer to local files', async () => {
    const lines = await problems(`${base}/api/local-ref.yaml`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('unresolvable $ref: cannot read /etc/hostname (a remote spec can only refer to http(s) URLs, not to local files)');
  });
});

describe('a local spec', () => {
  it('never fetches a $ref to a URL: an error naming it, and no request', async () => {
    const file = path.join(tmp.dir, 'openapi.yaml');
    writeFileSync(file, ROOT.replace('schemas/a.yaml#/A', `${base}/shared/b.json`));
    const before = seen.length;
    const lines = await problems(file);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`unresolvable $ref: cannot read ${base}/shared/b.json (not fetched: only a spec given as a URL has its $refs fetched`);
    expect(seen.length).toBe(before);
  });
});

/** Runs `socialgen mock --port 0` in `cwd` until it says where it listens (or exits); the child is returned to stop. */
function startMock(cwd: string, env: Record<string, string>): Promise<{ url?: string; code?: number | null; stderr: string; stop(): void }> {
  const child = spawn(process.execPath, [socialgenBin, 'mock', '--port', '0'], { cwd, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  const stop = () => void child.kill('SIGTERM');
  let stderr = '';
  return new Promise((resolve) => {
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const url = / listening on (http:\/\/\S+) /.exec(stderr)?.[1];
      if (url) resolve({ url, stderr, stop });
    });
    child.on('exit', (code) => resolve({ code, stderr, stop }));
  });
}

describe('socialgen mock on a URL spec', () => {
  it("fetches the spec with the config's headers and serves it; without them the server's 401 is named", { timeout: 60_000 }, async () => {
    const dir = path.join(tmp.dir, 'mock');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'socialgen.config.yaml'), `spec: ${base}/guarded/openapi.yaml\nheaders:\n  Authorization: "Bearer \${MOCK_TOKEN}"\n`);
    const mock = await startMock(dir, { MOCK_TOKEN: GUARD_TOKEN });
    try {
      expect(mock.url, mock.stderr).toBeDefined();
      const response = await fetch(`${mock.url}/a`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(typeof body === 'object' && body !== null && !Array.isArray(body)).toBe(true);
      if ('b' in body) expect(typeof body.b).toBe('string');
    } finally {
      mock.stop();
    }
    // The token reached the guarded tree: every file of the spec was fetched with it.
    expect(seen.filter((s) => s.url.startsWith('/guarded/') && s.headers.authorization === `Bearer ${GUARD_TOKEN}`).map((s) => s.url)).toEqual(['/guarded/openapi.yaml', '/guarded/schemas/a.yaml']);

    const wrong = await startMock(dir, { MOCK_TOKEN: 'wrong' });
    wrong.stop();
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.split('\n')[0]).toBe(`${base}/guarded/openapi.yaml: cannot fetch: HTTP 401 Unauthorized`);
  });
});
