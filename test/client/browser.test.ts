/**
 * The generated client (real spec, bundled as a browser app would bundle it) in headless Chromium,
 * against a same-origin node:http server on 127.0.0.1: pagination, a dropped NDJSON stream that
 * reconnects, a problem narrowed by slug, request validation, OAuth 1.0a signing and PKCE through Web
 * Crypto. Runs where Chromium is installed (CI installs Debian's `chromium`, see .ci/run).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';

/** What the page runs: plain JavaScript against the bundled client. */
const IN_BROWSER = `(async () => {
  const m = await import(location.origin + '/client.js');
  const client = m.createClient({ baseUrl: location.origin, auth: { bearer: 'app-token', oauth2: 'user-token' } });
  const ids = [];
  for await (const post of client.paginate.getUserBookmarks({ id: '2244994945', max_results: 2 }).items()) ids.push(post.id);
  const events = [];
  for await (const event of client.streamActivity({ extraQuery: { backfill_minutes: 2 } }, { reconnect: { initialDelayMs: 10, maxDelayMs: 20 } })) {
    events.push(event);
    if (events.length === 3) break;
  }
  const problem = await client.findPostById({ id: 'abc' }).then(
    () => null,
    (e) => ({ name: e.name, status: e.status, slug: m.problemSlug(e), narrowed: m.isProblem(e, 'invalid-request') }),
  );
  const strict = m.createClient({ baseUrl: location.origin, auth: { oauth2: 'user-token' }, validate: { request: true } });
  const invalid = await strict.getUserBookmarks({ id: '2244994945', max_results: 101 }).then(() => null, (e) => ({ name: e.name, location: e.location }));
  const signature = await m.oauth1Header(
    { consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44', token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00', nonce: () => 'chapoH', timestamp: () => 137131202 },
    { method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' },
  );
  const challenge = await m.createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
  return { ids, events, problem, invalid, signature, challenge };
})()`;

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));

// Without Chromium: a failure on CI (`CI` set; .ci/run installs it), elsewhere a skip that says why (README, "Browser tests").
if (!CHROMIUM) {
  describe('generated client in headless Chromium', () => {
    if (process.env.CI) {
      it('needs Chromium', () => {
        throw new Error("CI needs Chromium (/usr/bin/chromium) for the browser test: .ci/run installs Debian's chromium package (apt-get install chromium)");
      });
    } else it.skip('skipped: no Chromium at /usr/bin/chromium (install Debian\'s chromium package; CI installs it in .ci/run)', () => {});
  });
}

describe.runIf(CHROMIUM)('generated client in headless Chromium', () => {
  let tmp: { dir: string; remove(): void };
  let server: Server;
  let origin: string;
  let bundle = '';
  let streamConnections = 0;

  beforeAll(async () => {
    tmp = tempDir('socialgen-client-browser-');
    const files = await generateInMemory(path.join(repoRoot, 'spec/social-posting.openapi.yaml'), ['types', 'validators', 'client'], {
      format: false,
    });
    writeFiles(tmp.dir, files);
    const out = await build({
      entryPoints: [path.join(tmp.dir, 'client/src/index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      alias: { '@social-posting/validators': path.join(tmp.dir, 'validators/src/index.ts') },
      logLevel: 'silent',
    });
    bundle = out.outputFiles[0].text;
    writeFileSync(path.join(tmp.dir, 'client.js'), bundle);

    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const json = (status: number, body: unknown, type = 'application/json', headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': type, ...headers });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title>');
      if (url.pathname === '/client.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      if (url.pathname === '/2/users/2244994945/bookmarks') {
        if (req.headers.authorization !== 'Bearer user-token')
          return json(401, { type: 'about:blank', title: 'Unauthorized' }, 'application/problem+json');
        const t = url.searchParams.get('pagination_token');
        return json(
          200,
          t
            ? { data: [{ id: '3' }], meta: { result_count: 1 } }
            : { data: [{ id: '1' }, { id: '2' }], meta: { result_count: 2, next_token: 'n1' } },
        );
      }
      if (url.pathname === '/2/posts/abc') {
        return json(
          400,
          {
            type: 'https://api.example.com/2/problems/invalid-request',
            title: 'Invalid Request',
            errors: [{ message: 'bad id', parameters: { id: ['abc'] } }],
          },
          'application/problem+json',
        );
      }
      if (url.pathname === '/2/activity/stream') {
        streamConnections++;
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        if (streamConnections === 1) {
          res.write('{"event":1}\r\n\r\n{"eve');
          setTimeout(() => res.write('nt":2}\r\n'), 20);
          setTimeout(() => res.socket?.destroy(), 60);
        } else {
          res.write(`{"event":3,"backfill":"${url.searchParams.get('backfill_minutes')}"}\r\n`);
          const t = setInterval(() => res.write('\r\n'), 20);
          res.on('close', () => clearInterval(t));
        }
        return;
      }
      json(404, { type: 'about:blank', title: 'Not Found' }, 'application/problem+json');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    tmp?.remove();
  });

  it('runs unchanged: pagination, stream reconnect, problems, validation, OAuth 1.0a and PKCE via Web Crypto', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless=new'] });
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      // A string, not a function: the test runner rewrites `import()` inside functions it transforms.
      const result = (await page.evaluate(IN_BROWSER)) as {
        ids: string[];
        events: unknown[];
        problem: unknown;
        invalid: unknown;
        signature: string;
        challenge: string;
      };
      expect(result.ids).toEqual(['1', '2', '3']);
      expect(result.events).toEqual([{ event: 1 }, { event: 2 }, { event: 3, backfill: '2' }]);
      expect(result.problem).toEqual({ name: 'ApiError', status: 400, slug: 'invalid-request', narrowed: true });
      expect(result.invalid).toEqual({ name: 'RequestValidationError', location: 'query' });
      expect(result.signature).toContain('oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"');
      expect(result.challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
      expect(streamConnections).toBe(2);
    } finally {
      await browser.close();
    }
  });
});
