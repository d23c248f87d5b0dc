/**
 * `socialgen mock --fire <webhook> --to <url>`: one webhook of a spec, sampled and signed by the generated
 * server's `fireWebhook`, delivered to a receiver on a local port. The receiver is a plain `node:http`
 * server checking what arrives with the providers' own code (the `standardwebhooks` package,
 * `@octokit/webhooks-methods`), so nothing of ours judges our delivery.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { verify as githubVerify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/src/cli/main.ts';
import type { CliIO } from '../../generator/src/cli/io.ts';

const SPEC = path.join(import.meta.dirname, 'fixtures/events.yaml');
const SECRET = 'whsec_' + Buffer.from('a secret of the events API').toString('base64');

let server: Server;
let url: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
/** What the receiver answers next (a status and body). */
let answer = { status: 200, body: '{"ok":true}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n'), isTTY: false, color: false, cwd: process.cwd() };
  const code = await main(['mock', SPEC, ...args], io);
  return { code, out, err };
}

describe('socialgen mock --fire', () => {
  it('delivers a sampled, Standard-Webhooks-signed webhook the standardwebhooks package verifies; prints the answer', async () => {
    received.length = 0;
    answer = { status: 200, body: '{"ok":true}' };
    const result = await run('--fire', 'order-created', '--to', url, '--secret', SECRET, '--header', 'X-Shop-Event: order', '--seed', 's1');
    expect([result.code, result.out.trim()]).toEqual([0, '{"ok":true}']);
    expect(result.err).toMatch(/fired order-created at .*: 200/);
    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    const payload = new Webhook(SECRET).verify(body, headers as Record<string, string>) as { action: string; order: { id: string; total: number } };
    expect(payload).toMatchObject({ action: 'created', order: { id: expect.any(String), total: expect.any(Number) } });
    expect([headers['x-shop-event'], headers['content-type']]).toEqual(['order', 'application/json']);
  });

  it('signs under another scheme (GitHub, checked by @octokit/webhooks-methods); a refusing receiver exits 1', async () => {
    received.length = 0;
    answer = { status: 401, body: '{"detail":"no"}' };
    const result = await run('--fire', 'refund-issued', '--to', url, '--secret', 'gh-secret', '--signature', 'github');
    expect([result.code, result.out.trim()]).toEqual([1, '{"detail":"no"}']);
    const { headers, body } = received[0]!;
    expect(await githubVerify('gh-secret', body, headers['x-hub-signature-256'] as string)).toBe(true);
    expect(JSON.parse(body)).toMatchObject({ action: 'issued', amount: expect.any(Number) });
  });

  it('usage errors exit 2 naming the problem, and nothing is sent', async () => {
    received.length = 0;
    const cases: [string[], RegExp][] = [
      [['--fire', 'order-shipped', '--to', url, '--secret', SECRET], /no webhook named "order-shipped" \(its webhooks and callbacks: order-created, order-cancelled, ping, refund-issued, delivered\)/],
      [['--fire', 'ping', '--to', url, '--secret', 'whsec_not base64!'], /--secret: Standard Webhooks: a whsec_ secret whose rest is not base64/],
      [['--fire', 'ping', '--secret', SECRET], /--fire needs --to <url>/],
      [['--fire', 'ping', '--to', 'ftp://x', '--secret', SECRET], /--to must be an http\(s\) URL/],
      [['--fire', 'ping', '--to', url], /--fire needs --secret/],
      [['--fire', 'ping', '--to', url, '--secret', SECRET, '--signature', 'hmac'], /--signature must be one of/],
      [['--to', url], /--to goes with --fire/],
      // Nothing listens on port 1: fetch's reason, not a stack trace.
      [['--fire', 'ping', '--to', 'http://127.0.0.1:1/hooks', '--secret', SECRET], /cannot deliver to http:\/\/127\.0\.0\.1:1\/hooks: /],
    ];
    for (const [args, message] of cases) {
      const result = await run(...args);
      expect([result.code, result.err], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
      expect(result.err).not.toMatch(/\n\s+at /);
    }
    expect(received).toEqual([]);
  });
});
