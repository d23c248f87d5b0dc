/**
 * Webhooks end to end on a small spec (fixtures/events.yaml: two webhooks told apart by a pinned `action`,
 * a `ping` that pins nothing, a callback): generated once with the four targets, bundled, and driven through
 * the generated server's `createWebhookReceiver` — directly, and over `node:http` through the server's own
 * Node adapter with the client's `sendWebhook` and with a raw socket writing exact bytes. The output with a
 * consumer using the typed handlers is compiled strictly (one tsc program).
 */
import { createHmac } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { build } from 'esbuild';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateResult, writeFiles, type TargetName } from '../helpers/generate.ts';
import { repoRoot, tempDir, tscBin } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';

const SPEC = path.join(import.meta.dirname, 'fixtures/events.yaml');
const SECRET = 'whsec_' + Buffer.from('a secret of the events API').toString('base64');

type Receiver = (request: Request) => Promise<Response>;
type Server = {
  createWebhookReceiver(options: Record<string, unknown>): Receiver;
  sampleWebhook(name: string, options?: { seed?: string }): { payload: unknown; headers: Record<string, string> };
  fireWebhook(name: string, options: Record<string, unknown>): Promise<Response>;
  serve(handler: Receiver, options: { port: number }): Promise<{ url: string; close(): Promise<void> }>;
};
type Client = { sendWebhook(name: string, payload: unknown, options: Record<string, unknown>): Promise<Response> };
type Msw = { webhookHandler(url: string, receiver: Receiver): import('msw').HttpHandler };

let server: Server;
let client: Client;
let msw: Msw;
let warnings: string[];
let tmp: ReturnType<typeof tempDir>;
let tsc: { status: number | null; output: string };

const order = { id: 'o-1', total: 12.5 };
const calls: { name: string; payload: unknown; headers: unknown }[] = [];
const record = (payload: unknown, context: { name: string; headers: unknown }) => {
  calls.push({ name: context.name, payload, headers: context.headers });
};
const handlers = { 'order-created': record, 'order-cancelled': record, ping: record, delivered: record, 'refund-issued': record };

/** ShopError, the error schema refund-issued declares, compiled by Ajv from the fixture itself (the oracle of the shaped refusals). */
const shopError = new Ajv2020({ strict: false }).compile(parseYaml(readFileSync(SPEC, 'utf8')).components.schemas.ShopError);

/** A refusal in ShopError: its JSON media type and a body Ajv accepts. */
async function shopErrorOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/json');
  const body = (await response.json()) as { kind: string; status: number; detail: string; errors?: { message: string }[] };
  expect(shopError(body), JSON.stringify(shopError.errors)).toBe(true);
  return body;
}

beforeAll(async () => {
  tmp = tempDir('socialgen-webhooks-');
  const result = await generateResult(SPEC, ['types', 'validators', 'client', 'server', 'msw'] as unknown as TargetName[], { layout: 'files', out: tmp.dir });
  warnings = result.warnings.map((w) => `${w.line}:${w.column}: ${w.message}`);
  writeFiles(tmp.dir, result.files);
  writeFileSync(path.join(tmp.dir, 'package.json'), JSON.stringify({ type: 'module' }));
  // A consumer of the typed API: handlers get typed payloads; a wrong member or name does not compile.
  writeFileSync(
    path.join(tmp.dir, 'consumer.ts'),
    `import { createWebhookReceiver, type WebhookHandler, type WebhookHandler2 } from './server/index.js';
import { createCore, sendWebhook, sendWebhook2 } from './client/index.js';
import type { Webhooks } from './types/index.js';

export const receiver: (request: Request) => Promise<Response> = createWebhookReceiver({
  secret: ['old', 'new'],
  signature: 'stripe',
  toleranceSeconds: 60,
  handlers: {
    'order-cancelled': (payload, context) => {
      const reason: string = payload.reason;
      const total: number = payload.order.total;
      const event: string = context.headers['X-Shop-Event'];
      const name: 'order-cancelled' = context.name;
      // @ts-expect-error a created order has no reason
      void [reason, total, event, name, (null as unknown as Webhooks['order-created']['payload']).reason];
    },
    // @ts-expect-error no webhook has this name
    'order-shipped': () => undefined,
  },
});
export const sent: Promise<Response> = sendWebhook('order-created', { action: 'created', order: { id: 'o', total: 1 } }, { url: 'http://x', secret: 's' });
// Operations named like the webhook exports give way to them (the symbol registry): the operation is sendWebhook2.
export const operation: PromiseLike<unknown> = sendWebhook2(createCore({ baseUrl: 'http://x' }));
export type Receivers = [WebhookHandler<'ping', Webhooks['ping']>, WebhookHandler2];
// @ts-expect-error the payload of order-created pins action
export const wrong = sendWebhook('order-created', { action: 'cancelled', order: { id: 'o', total: 1 } }, { url: 'http://x', secret: 's' });
`,
  );
  writeFileSync(
    path.join(tmp.dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['node'], typeRoots: [path.join(repoRoot, 'node_modules/@types')], strict: true, noEmit: true, skipLibCheck: true, verbatimModuleSyntax: true, isolatedModules: true },
      // The packages' own code (the server runtime predates `exactOptionalPropertyTypes`; its webhook modules are checked here).
      include: ['consumer.ts', 'types/**/*.ts', 'validators/**/*.ts', 'client/**/*.ts', 'server/webhooks.ts', 'server/runtime/webhook-*.ts'],
    }),
  );
  const run = spawnSync(process.execPath, [tscBin, '-p', tmp.dir], { encoding: 'utf8' });
  tsc = { status: run.status, output: run.stdout + run.stderr };
  const bundle = async (entry: string) => {
    // Under the repository (.tmp/ is ignored) so that `msw`, left out of the bundle, resolves to the tests' own copy.
    const outfile = path.join(repoRoot, '.tmp', path.basename(tmp.dir), `${entry.replace(/\W/g, '-')}.mjs`);
    await build({ entryPoints: [path.join(tmp.dir, entry)], bundle: true, format: 'esm', platform: 'node', outfile, external: ['msw'], logLevel: 'silent' });
    return import(pathToFileURL(outfile).href);
  };
  server = (await bundle('server/index.ts')) as Server;
  client = (await bundle('client/index.ts')) as Client;
  msw = (await bundle('msw/index.ts')) as Msw;
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(path.join(repoRoot, '.tmp', path.basename(tmp.dir)), { recursive: true, force: true });
  tmp?.remove();
});

/** A signed request as the API would send it (signed by the generated client's runtime). */
async function signed(name: string, payload: unknown, headers: Record<string, string> = {}, options: Record<string, unknown> = {}): Promise<Request> {
  let captured: Request | undefined;
  const fetch = async (request: Request) => {
    captured = request;
    return new Response(null, { status: 204 });
  };
  await client.sendWebhook(name, payload, { url: 'http://receiver.test/hooks', secret: SECRET, headers, fetch, ...options });
  return captured!;
}

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return (await response.json()) as { status: number; detail: string; candidates?: string[]; errors?: { in: string; path: string }[] };
}

describe('the generated receiver', () => {
  it('generation warns naming the webhooks no payload tells apart, at their place in the spec', () => {
    expect(warnings).toEqual([expect.stringMatching(/^97:5: 2 webhooks cannot be told apart by the payload members they pin \("ping", "delivered": /)]);
  });

  it('compiles strictly with a typed consumer', () => {
    expect(tsc.output).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('dispatches by the pinned member to the typed handler, with the declared headers', async () => {
    calls.length = 0;
    const receive = server.createWebhookReceiver({ secret: SECRET, handlers });
    const response = await receive(await signed('order-cancelled', { action: 'cancelled', order, reason: 'out of stock' }, { 'X-Shop-Event': 'order' }));
    expect(response.status).toBe(204);
    expect(calls).toEqual([{ name: 'order-cancelled', payload: { action: 'cancelled', order, reason: 'out of stock' }, headers: { 'X-Shop-Event': 'order' } }]);
  });

  it("answers with the handler's Response; an unhandled valid event is acknowledged (202) or refused (501)", async () => {
    const receive = server.createWebhookReceiver({ secret: SECRET, handlers: { 'order-created': () => Response.json({ seen: true }, { status: 200 }) } });
    const created = await receive(await signed('order-created', { action: 'created', order }, { 'X-Shop-Event': 'order' }));
    expect([created.status, await created.json()]).toEqual([200, { seen: true }]);
    const cancelled = await signed('order-cancelled', { action: 'cancelled', order, reason: 'r' }, { 'X-Shop-Event': 'order' });
    expect((await receive(cancelled.clone())).status).toBe(202);
    const strict = server.createWebhookReceiver({ secret: SECRET, handlers: {}, unhandled: 'reject' });
    expect((await problemOf(await strict(cancelled))).status).toBe(501);
  });

  it('a payload several webhooks accept is a problem naming them, nothing dispatched', async () => {
    calls.length = 0;
    const receive = server.createWebhookReceiver({ secret: SECRET, handlers });
    const response = await receive(await signed('ping', { zen: 'hi', deliveryId: 'd-1' }));
    const problem = await problemOf(response);
    expect([response.status, problem.candidates]).toEqual([400, ['ping', 'delivered']]);
    expect(calls).toEqual([]);
  });

  it('an invalid payload or missing declared header is a 400 problem listing the errors, nothing dispatched', async () => {
    calls.length = 0;
    const receive = server.createWebhookReceiver({ secret: SECRET, handlers });
    const response = await receive(await signed('order-cancelled', { action: 'cancelled', order: { id: 'o', total: -1 }, reason: '' }));
    const problem = await problemOf(response);
    expect(response.status).toBe(400);
    expect(problem.errors!.map((e) => `${e.in} ${e.path}`).sort()).toEqual(['body /order/total', 'body /reason', 'header ']);
    expect(calls).toEqual([]);
  });

  it('verifies the signature before parsing: a tampered body that is not even JSON is a 401', async () => {
    const receive = server.createWebhookReceiver({ secret: SECRET, handlers });
    const good = await signed('ping', { zen: 'x' });
    const tampered = new Request(good.url, { method: 'POST', headers: good.headers, body: '{not json' });
    // Before the webhook is known a refusal takes the error shape the spec's webhooks declare (refund-issued's ShopError).
    const problem = await shopErrorOf(await receive(tampered));
    expect([problem.status, problem.detail]).toEqual([401, 'no signature matches']);
    const stale = await signed('ping', { zen: 'x' }, {}, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await shopErrorOf(await receive(stale))).detail).toMatch(/tolerance/);
    expect((await receive(await signed('ping', { zen: 'x' }, {}, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).status).toBe(401);
    expect((await shopErrorOf(await receive(new Request('http://r/', { method: 'GET' })))).status).toBe(405);
  });

  it("a webhook declaring an error schema gets its refusals in that shape (Ajv-valid); others, and statuses it does not declare, RFC 9457", async () => {
    calls.length = 0;
    const receive = server.createWebhookReceiver({ secret: SECRET, handlers });
    const invalid = await shopErrorOf(await receive(await signed('refund-issued', { action: 'issued', amount: -5 })));
    expect(invalid).toMatchObject({ kind: 'shop-error', status: 400, detail: 'the refund-issued webhook is invalid' });
    expect(invalid.errors!.map((e) => e.message)).toEqual([expect.stringMatching(/0/)]);
    // The same failure of a webhook that declares no error schema: RFC 9457.
    expect((await problemOf(await receive(await signed('order-created', { action: 'created', order: { id: 1 } }, { 'X-Shop-Event': 'order' })))).status).toBe(400);
    // 501 is not under refund-issued's 4XX: RFC 9457.
    const strict = server.createWebhookReceiver({ secret: SECRET, handlers: {}, unhandled: 'reject' });
    expect((await problemOf(await strict(await signed('refund-issued', { action: 'issued', amount: 5 })))).status).toBe(501);
    expect(calls).toEqual([]);
    expect((await receive(await signed('refund-issued', { action: 'issued', amount: 5 }))).status).toBe(204);
    expect(calls.map((c) => c.name)).toEqual(['refund-issued']);
  });

  it('a Standard Webhooks secret that is not base64 is refused by createWebhookReceiver and sendWebhook, before anything is sent', async () => {
    expect(() => server.createWebhookReceiver({ secret: 'whsec_not base64!', handlers })).toThrow(/whsec_ secret whose rest is not base64/);
    expect(() => server.createWebhookReceiver({ secret: [SECRET, 'not base64!'], handlers })).toThrow(/without the whsec_ prefix that is not base64/);
    let sent = 0;
    const fetch = async () => (sent++, new Response(null, { status: 204 }));
    await expect(client.sendWebhook('ping', { zen: 'x' }, { url: 'http://receiver.test/', secret: 'whsec_%%%', fetch })).rejects.toThrow(TypeError);
    expect(sent).toBe(0);
    // Text secrets stay text under the schemes whose providers use them so (GitHub's, Stripe's whsec_ too).
    expect(() => server.createWebhookReceiver({ secret: 'whsec_not base64!', signature: 'stripe', handlers })).not.toThrow();
  });

  it('a dispatch rule names the webhook from a header and a member; `github` brings GitHub’s rule and scheme', async () => {
    calls.length = 0;
    const byRule = server.createWebhookReceiver({ secret: SECRET, handlers, dispatch: { header: 'X-Shop-Event', member: 'action' } });
    // Without the rule this payload is ambiguous (ping and delivered); the rule names `delivered` alone.
    expect((await byRule(await signed('delivered', { zen: 'z', deliveryId: 'd' }, { 'X-Shop-Event': 'delivered' }))).status).toBe(204);
    const github = server.createWebhookReceiver({ secret: 'gh', signature: 'github', handlers });
    const request = await signed('order-created', { action: 'created', order }, { 'X-GitHub-Event': 'order', 'X-Shop-Event': 'order' }, { secret: 'gh', signature: 'github' });
    expect((await github(request)).status).toBe(204);
    expect(calls.map((c) => c.name)).toEqual(['delivered', 'order-created']);
    const unknown = await github(await signed('ping', {}, { 'X-GitHub-Event': 'push' }, { secret: 'gh', signature: 'github' }));
    // No webhook known: the spec's webhooks' declared error shape (ShopError).
    expect((await shopErrorOf(unknown)).detail).toBe('no webhook is named "push"');
  });

  it('the mock samples a valid payload per webhook (deterministic by seed) and fires it signed', async () => {
    calls.length = 0;
    const receive = server.createWebhookReceiver({ secret: SECRET, handlers });
    const sample = server.sampleWebhook('order-cancelled', { seed: 's1' });
    expect(server.sampleWebhook('order-cancelled', { seed: 's1' })).toEqual(sample);
    expect(sample.payload).toMatchObject({ action: 'cancelled', order: { id: expect.any(String), total: expect.any(Number) } });
    expect(Object.keys(sample.headers)).toEqual(['X-Shop-Event']);
    for (const name of ['order-created', 'order-cancelled']) {
      const response = await server.fireWebhook(name, { url: 'http://receiver.test/', secret: SECRET, fetch: receive, seed: 's2' });
      expect(response.status, name).toBe(204);
    }
    expect(calls.map((c) => c.name)).toEqual(['order-created', 'order-cancelled']);
  });

  it('operations named sendWebhook, createWebhookReceiver, sampleWebhook, fireWebhook and webhook leave the webhook exports theirs', () => {
    // The server and msw roots: the webhook runtime's exports, and the operation's handler under another name.
    expect(server.createWebhookReceiver.length + server.sampleWebhook.length + server.fireWebhook.length).toBeGreaterThan(0);
    expect(typeof (msw as unknown as Record<string, unknown>).webhookHandler2).toBe('function');
    // The client root's sendWebhook is the webhook sender (name, payload, options), the operation's is sendWebhook2.
    expect(client.sendWebhook.length).toBe(3);
    expect(typeof (client as unknown as Record<string, unknown>).sendWebhook2).toBe('function');
  });

  it("the msw target's webhookHandler delivers what code under test sends to the receiver", async () => {
    calls.length = 0;
    const mocks = setupServer(msw.webhookHandler('https://hooks.example.test/shop', server.createWebhookReceiver({ secret: SECRET, handlers })));
    mocks.listen({ onUnhandledRequest: 'error' });
    try {
      const response = await client.sendWebhook('order-created', { action: 'created', order }, { url: 'https://hooks.example.test/shop', secret: SECRET, headers: { 'X-Shop-Event': 'order' } });
      expect(response.status).toBe(204);
      const tampered = await client.sendWebhook('order-created', { action: 'created', order }, { url: 'https://hooks.example.test/shop', secret: 'whsec_' + Buffer.from('wrong').toString('base64') });
      expect(tampered.status).toBe(401);
      expect(calls.map((c) => c.name)).toEqual(['order-created']);
    } finally {
      mocks.close();
    }
  });

  it('serves over node:http through the Node adapter: sendWebhook reaches the handler; exact bytes with one flipped are refused', async () => {
    calls.length = 0;
    const running = await server.serve(server.createWebhookReceiver({ secret: 'k', signature: 'github', handlers }), { port: 0 });
    try {
      const sent = await client.sendWebhook('order-created', { action: 'created', order }, { url: `${running.url}/hooks`, secret: 'k', signature: 'github', headers: { 'X-GitHub-Event': 'order', 'X-Shop-Event': 'order' } });
      expect(sent.status).toBe(204);
      const body = JSON.stringify({ action: 'created', order });
      const signature = 'sha256=' + createHmac('sha256', 'k').update(body).digest('hex');
      const raw = (bytes: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(`${running.url}/hooks`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-github-event': 'order', 'x-shop-event': 'order', 'x-hub-signature-256': signature } }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          });
          req.on('error', reject);
          req.end(bytes);
        });
      expect(await raw(body)).toBe(204);
      expect(await raw(body.replace('12.5', '12.6'))).toBe(401);
      expect(calls.map((c) => c.name)).toEqual(['order-created', 'order-created']);
    } finally {
      await running.close();
    }
  });
});
