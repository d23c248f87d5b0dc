/**
 * GitHub's webhooks document (`@octokit/openapi-webhooks` on npm: OpenAPI 3.1, 261 webhooks; fetched into
 * the test cache, not committed) through the types, validators and server targets: it generates, the output and a consumer of the
 * typed handlers compile strictly in one tsc program, and a signed delivery of one webhook of every event
 * family (GitHub's `x-github.subcategory`, read from the document itself) reaches its handler by GitHub's
 * dispatch rule — the document's example as the payload where it has one, else the mock's sample. Deliveries
 * with a flipped body byte, a wrong secret, a missing signature header or (Standard Webhooks, Stripe,
 * Slack) a stale timestamp are refused with nothing dispatched.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateResult, writeFiles } from '../helpers/generate.ts';
import { npmPackageFile } from '../helpers/npm-package.ts';
import { repoRoot, tempDir, tscBin } from '../helpers/paths.ts';

const PACKAGE = { name: '@octokit/openapi-webhooks', version: '12.1.0' } as const;
const specFile = npmPackageFile(PACKAGE, 'generated/api.github.com.json');

type Receiver = (request: Request) => Promise<Response>;
type Server = {
  createWebhookReceiver(options: Record<string, unknown>): Receiver;
  fireWebhook(name: string, options: Record<string, unknown>): Promise<Response>;
};

let server: Server;
let tmp: ReturnType<typeof tempDir>;
/** The one tsc program, left running (a process of its own) while the deliveries are tested. */
let tsc: Promise<{ status: number | null; output: string }> | undefined;
let webhookCount = 0;
let readmeLines = 0;
let warnings: string[] = [];
/** One webhook per event family, rotating through each family's webhooks, with its `X-GitHub-Event` value. */
let sample: { name: string; event: string }[] = [];

const CONSUMER = `import { createWebhookReceiver } from './server/webhooks.js';

export const receiver: (request: Request) => Promise<Response> = createWebhookReceiver({
  secret: 'It\\'s a Secret to Everybody',
  signature: 'github',
  handlers: {
    'issues-opened': (payload, context) => {
      const title: string = payload.issue.title;
      const event: string = context.headers['X-Github-Event'];
      void [title, event];
    },
    'pull-request-closed': (payload) => {
      const merged: boolean | null = payload.pull_request.merged;
      // @ts-expect-error a pull request event has no issue member
      void [merged, payload.issue];
    },
    ping: (payload) => {
      const zen: string | undefined = payload.zen;
      void zen;
    },
  },
});
`;

beforeAll(async () => {
  if (!specFile) return;
  const document = JSON.parse(readFileSync(specFile, 'utf8')) as { webhooks: Record<string, { post: { 'x-github'?: { subcategory?: string } } }> };
  const families = new Map<string, string[]>();
  for (const [name, item] of Object.entries(document.webhooks)) {
    const family = item.post['x-github']?.subcategory ?? name;
    families.set(family, [...(families.get(family) ?? []), name]);
  }
  sample = [...families].map(([event, names], i) => ({ name: names[i % names.length]!, event }));

  tmp = tempDir('socialgen-github-webhooks-');
  // The client is not under test here (its sendWebhook types are receiver.test.ts's): types, validators, server.
  const result = await generateResult(specFile, ['types', 'validators', 'server'], { layout: 'files', out: tmp.dir, format: false });
  webhookCount = result.loaded.model.webhooks?.length ?? 0;
  warnings = result.warnings.map((w) => w.message);
  writeFiles(tmp.dir, result.files);
  writeFileSync(path.join(tmp.dir, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(path.join(tmp.dir, 'consumer.ts'), CONSUMER);
  // The README's receiver, against this very output.
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const example = /### Webhooks and callbacks[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)![1]!;
  readmeLines = example.trimEnd().split('\n').length;
  writeFileSync(path.join(tmp.dir, 'readme-receiver.ts'), `${example.replace("'@github-webhooks/server'", "'./server/index.js'")}\nexport {};\n`);
  writeFileSync(
    path.join(tmp.dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['node'], typeRoots: [path.join(repoRoot, 'node_modules/@types')], strict: true, noEmit: true, skipLibCheck: true, verbatimModuleSyntax: true, isolatedModules: true },
      include: ['consumer.ts', 'readme-receiver.ts', 'types/**/*.ts', 'validators/**/*.ts', 'server/webhooks.ts', 'server/runtime/webhook-*.ts'],
    }),
  );
  const bundled = path.join(tmp.dir, 'server.mjs');
  // One tsc program, started now and awaited by its test (the last): it runs while esbuild bundles the
  // server and the deliveries are tested, not before them.
  tsc = new Promise((resolve) => {
    execFile(process.execPath, [tscBin, '-p', tmp.dir], { encoding: 'utf8', maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr });
    });
  });
  await build({ entryPoints: [path.join(tmp.dir, 'server/webhooks.ts')], bundle: true, format: 'esm', platform: 'neutral', outfile: bundled, logLevel: 'silent' });
  server = (await import(pathToFileURL(bundled).href)) as Server;
}, 600_000);

afterAll(async () => {
  await tsc;
  tmp?.remove();
});

describe.skipIf(!specFile)(`GitHub's webhooks (${PACKAGE.name}@${PACKAGE.version}; skipped when npm cannot be reached and it is not cached)`, () => {
  it('models all 261 webhooks and warns once about the webhooks only the validators can tell apart', () => {
    expect(webhookCount).toBe(261);
    const overlap = warnings.filter((w) => w.includes('cannot be told apart'));
    expect(overlap.length).toBeGreaterThan(0);
    expect(overlap.some((w) => w.includes('"ping"'))).toBe(true);
    expect(sample.length).toBeGreaterThan(70);
  });

  it('a signed delivery of a webhook of every event family reaches its handler', async () => {
    const reached: string[] = [];
    const handlers = Object.fromEntries(sample.map(({ name }) => [name, (_payload: unknown, context: { name: string }) => void reached.push(context.name)]));
    const receive = server.createWebhookReceiver({ secret: 'It\'s a Secret to Everybody', signature: 'github', handlers });
    const refused: string[] = [];
    for (const { name, event } of sample) {
      const response = await server.fireWebhook(name, { url: 'https://receiver.test/github', secret: 'It\'s a Secret to Everybody', signature: 'github', headers: { 'X-GitHub-Event': event }, fetch: receive });
      if (response.status !== 204) refused.push(`${name}: ${response.status} ${await response.text()}`);
    }
    expect(refused).toEqual([]);
    expect(reached).toEqual(sample.map((s) => s.name));
  });

  it.each([
    ['github', false],
    ['standard-webhooks', true],
    ['stripe', true],
    ['slack', true],
  ] as const)('%s: a flipped byte, a wrong secret, a missing header and a stale timestamp are refused, nothing dispatched', async (signature, timed) => {
    const secret = signature === 'standard-webhooks' ? 'whsec_' + Buffer.from('github webhooks secret').toString('base64') : 'github webhooks secret';
    const dispatched: string[] = [];
    const handlers = Object.fromEntries(sample.map(({ name }) => [name, () => void dispatched.push(name)]));
    const receive = server.createWebhookReceiver({ secret, signature, handlers, dispatch: { header: 'X-GitHub-Event', member: 'action' } });
    const now = Math.floor(Date.now() / 1000);
    for (const { name, event } of sample.slice(0, 12)) {
      const requests: Request[] = [];
      const capture = async (request: Request) => (requests.push(request), new Response(null, { status: 204 }));
      const fire = (options: Record<string, unknown>) => server.fireWebhook(name, { url: 'https://receiver.test/', secret, signature, headers: { 'X-GitHub-Event': event }, fetch: capture, ...options });
      await fire({});
      await fire({ secret: signature === 'standard-webhooks' ? 'whsec_' + Buffer.from('wrong').toString('base64') : 'wrong' });
      await fire({ timestamp: now - 301 });
      const [good, wrongSecret, stale] = requests as [Request, Request, Request];
      const bytes = new Uint8Array(await good.clone().arrayBuffer());
      bytes[Math.floor(bytes.length / 2)]! ^= 1;
      const flipped = new Request(good.url, { method: 'POST', headers: good.headers, body: bytes });
      const headers = new Headers(good.headers);
      for (const h of ['x-hub-signature-256', 'webhook-signature', 'stripe-signature', 'x-slack-signature']) headers.delete(h);
      const missing = new Request(good.url, { method: 'POST', headers, body: await good.clone().arrayBuffer() });
      const bad = [flipped, wrongSecret, missing, ...(timed ? [stale] : [])];
      for (const request of bad) expect((await receive(request)).status, `${signature} ${name}`).toBe(401);
      expect(dispatched).toEqual([]);
      expect((await receive(good)).status, `${signature} ${name}`).toBe(204);
      expect(dispatched.splice(0)).toEqual([name]);
    }
  });

  it("the output, a typed consumer and the README's receiver (under 20 lines) compile strictly (one tsc program)", async () => {
    expect(readmeLines).toBeLessThan(20);
    const run = await tsc!;
    expect(run.output).toBe('');
    expect(run.status).toBe(0);
  }, 300_000);
});
