/**
 * The standalone operation functions and the package root built from the symbol registry, on the
 * adversarial fixture (operations named `then`, `__proto__`, `constructor`, `toString`, `delete`, `class`):
 * the generated package root imports as a module (not a thenable), every name it exports is unique, and a
 * standalone function sends the same request as the whole client's method.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../generator/src/config.ts';
import { generate } from '../../generator/src/pipeline.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-standalone-'));
let index = '';
let files = new Map<string, string>();

beforeAll(async () => {
  const spec = path.join(root, 'test/fixtures/specs/adversarial.yaml');
  ({ files } = await generate({ ...DEFAULT_CONFIG, spec, targets: ['types', 'client'], format: false, packages: { ...DEFAULT_CONFIG.packages, scope: 'adv' } }));
  for (const [rel, contents] of files) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), contents);
  }
  index = path.join(dir, 'client/src/index.ts');
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Fn = (...args: unknown[]) => PromiseLike<unknown>;

describe('standalone operation functions', () => {
  it('the package root is no thenable and exports each name once', async () => {
    const text = files.get('client/src/index.ts')!;
    const names = [...text.matchAll(/^\s+(\w+),$/gm)].map((m) => m[1]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('then');
    const mod = (await import(pathToFileURL(index).href)) as Record<string, unknown>;
    expect(typeof mod.then).toBe('undefined');
    expect(typeof mod.then_).toBe('function');
    expect(typeof mod.createCore).toBe('function');
  });

  it('a standalone call sends what the method sends', async () => {
    const mod = (await import(pathToFileURL(index).href)) as Record<string, unknown> & {
      createCore: (o: object) => unknown;
      createClient: (o: object) => Record<string, Fn>;
    };
    const seen: string[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      seen.push(`${init?.method} ${String(url)}`);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const args = { "it's": 'a b', 'say "hi"': 'x' };
    await (mod.then_ as Fn)(mod.createCore({ baseUrl: 'https://h', fetch }), args);
    await mod.createClient({ baseUrl: 'https://h', fetch }).then_!(args);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).toMatch(/^GET https:\/\/h\/then\?/);
  });

  it('createCore: retries, rate limits and timeouts are features; without them the options have no effect (their types refuse them: core-features.test.ts), with them the call behaves as createClient', async () => {
    type Features = { retries: unknown; rateLimits: unknown; timeouts: unknown };
    const mod = (await import(pathToFileURL(index).href)) as Record<string, unknown> &
      Features & { createCore: (o: object, f?: object) => unknown; RateLimitError: new (...a: never[]) => Error; TimeoutError: new (...a: never[]) => Error; ApiError: new (...a: never[]) => Error };
    const { retries, rateLimits, timeouts } = mod;
    // Without features: one attempt even when `retry` asks for more; a 503 and a 429 are ApiErrors (no
    // RateLimitError), nothing waited for.
    let calls = 0;
    const busy = (status: number) => async () => (calls++, new Response('{}', { status, headers: { 'content-type': 'application/json', 'retry-after': '0' } }));
    const bare = mod.createCore({ baseUrl: 'https://h', fetch: busy(429), retry: { retries: 2 }, timeoutMs: 5 });
    const e429 = await (mod.then_ as Fn)(bare, {}).then(undefined, (e: unknown) => e);
    expect(e429).toBeInstanceOf(mod.ApiError);
    expect(e429).not.toBeInstanceOf(mod.RateLimitError);
    expect(calls).toBe(1);
    // With them: the 429 is waited for (Retry-After: 0) and retried, then a RateLimitError; a hanging fetch times out.
    calls = 0;
    const full = mod.createCore({ baseUrl: 'https://h', fetch: busy(429), retry: { retries: 2 } }, { retries, rateLimits, timeouts });
    expect(await (mod.then_ as Fn)(full, {}).then(undefined, (e: unknown) => e)).toBeInstanceOf(mod.RateLimitError);
    expect(calls).toBe(3);
    const hang = (_: unknown, init?: RequestInit) => new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const timed = mod.createCore({ baseUrl: 'https://h', fetch: hang, timeoutMs: 20, retry: false }, { retries, rateLimits, timeouts });
    expect(await (mod.then_ as Fn)(timed, {}).then(undefined, (e: unknown) => e)).toBeInstanceOf(mod.TimeoutError);
  });
});
