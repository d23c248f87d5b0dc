/**
 * `int64: 'bigint'`: `integer`/`int64` members are `bigint`s in the types, read and written exactly by the
 * client and the server (9007199254740993 = 2^53 + 1 has no double: a JSON.parse detour makes it
 * 9007199254740992), and admitted by the validators. Oracles: the exact bytes a plain node:http server
 * receives and sends, parsed by `lossless-json`; client ↔ generated server; a strict tsc check.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { isLosslessNumber, parse as losslessParse } from 'lossless-json';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, writeJson, type Int64Plan } from '../../generator/src/emit/client/runtime/json64.ts';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { fixtureSpecsDir, tempDir } from '../helpers/paths.ts';
import { typecheck } from '../helpers/typecheck.ts';
import { runCli, startMockCommand } from '../pipeline/helpers.ts';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { buildFixture, type Built } from './build.ts';

const spec = path.join(fixtureSpecsDir, 'int64.yaml');
const BIG = 9007199254740993n;
const BIG_TEXT = '9007199254740993';

/** An account as a program holds it: `bigint`s at the int64 positions, numbers elsewhere. */
const ACCOUNT = {
  id: BIG,
  name: 'Ada',
  balance: -BIG,
  score: 1.5,
  small: 7,
  ledger: [BIG, 1n, -9223372036854775808n],
  owners: [{ user_id: 9223372036854775807n }],
  limits: { daily: BIG, none: null },
};

/** The same account as JSON text, digits exact (JSON.stringify cannot write it). */
const ACCOUNT_TEXT = `{"id":${BIG_TEXT},"name":"Ada","balance":-${BIG_TEXT},"score":1.5,"small":7,"ledger":[${BIG_TEXT},1,-9223372036854775808],"owners":[{"user_id":9223372036854775807}],"limits":{"daily":${BIG_TEXT},"none":null}}`;

let built: Built;
let validators: Record<string, any>;
let plain: Server;
let plainUrl: string;
const seen: { url: string; body: string }[] = [];

function handler(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ url: req.url!, body });
    const send = (status: number, text: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(text);
    };
    if (req.url === '/accounts/feed') return send(200, `${ACCOUNT_TEXT}\n${ACCOUNT_TEXT}\n`, 'application/x-ndjson');
    if (req.method === 'POST') {
      if (body.includes('"refuse"')) return send(422, `{"type":"about:blank","title":"Refused","status":422,"trace_id":${BIG_TEXT}}`, 'application/problem+json');
      return send(201, ACCOUNT_TEXT);
    }
    return send(200, `{"items":[${ACCOUNT_TEXT}],"total":${BIG_TEXT}}`);
  });
}

beforeAll(async () => {
  built = await buildFixture(spec, { int64: 'bigint' });
  const outfile = path.join(built.dir, 'validators.mjs');
  await build({ entryPoints: [path.join(built.dir, 'validators/src/index.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile, logLevel: 'silent' });
  validators = await import(pathToFileURL(outfile).href);
  plain = createServer(handler);
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => {
  plain?.close();
  built?.remove();
});

describe('types', () => {
  it('int64 members are bigint with the option, number without it; other numbers stay number', async () => {
    const wide = (await generateInMemory(spec, ['types'], { int64: 'bigint' })).get('types/src/schemas.ts')!;
    const plainTypes = (await generateInMemory(spec, ['types'])).get('types/src/schemas.ts')!;
    for (const member of ['id: bigint;', 'balance?: bigint;', 'ledger?: bigint[];', 'user_id: bigint;', '[key: string]: bigint | null;', 'trace_id?: bigint;']) {
      expect(wide).toContain(member);
      expect(plainTypes).not.toContain(member);
    }
    expect(wide).toContain('score?: number;');
    expect(wide).toContain('small?: number;');
    expect(plainTypes).toContain('id: number;');
  });

  it('strict tsc: the client takes and returns bigint', async () => {
    const tmp = tempDir('socialgen-int64-');
    try {
      writeFiles(tmp.dir, await generateInMemory(spec, ['types', 'validators', 'client'], { int64: 'bigint', layout: 'files', format: false }));
      writeFileSync(
        path.join(tmp.dir, 'consumer.ts'),
        `import { createClient } from './client/index.js';
const client = createClient({ baseUrl: 'http://localhost' });
export async function use(): Promise<bigint> {
  const created = await client.createAccount({ body: { id: 9007199254740993n, name: 'a', ledger: [1n] } });
  const page = await client.listAccounts({ after_id: 1n });
  // @ts-expect-error an int64 member is a bigint, not a number
  const n: number = created.id;
  void n;
  // @ts-expect-error an int64 member takes a bigint, not a number
  await client.createAccount({ body: { id: 1, name: 'a' } });
  const score: number | undefined = created.score;
  void score;
  return created.id + (page.total ?? 0n) + (page.items[0]?.owners?.[0]?.user_id ?? 0n);
}
`,
      );
      const result = typecheck(tmp.dir);
      expect(result.output).toBe('');
      expect(result.ok).toBe(true);
    } finally {
      tmp.remove();
    }
  }, 120_000);
});

describe('the lossless JSON reader and writer (json64.ts) against JSON.parse / JSON.stringify', () => {
  const PLAN: Int64Plan = { u: [{ p: { id: 'int64' } }, { i: { r: 'Self' } }, { m: { r: 'Self' } }] };
  const SCHEMAS: Record<string, Int64Plan> = { Self: PLAN };

  it('without int64 positions, reads and writes every JSON value as JSON.parse / JSON.stringify do', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(readJson(text, undefined, {})).toStrictEqual(JSON.parse(text));
        expect(readJson(text, PLAN, SCHEMAS)).toStrictEqual(JSON.parse(text, (k, v) => (k === 'id' && Number.isInteger(v) ? BigInt(v) : v)));
        expect(writeJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('rejects what JSON.parse rejects, with a SyntaxError', () => {
    for (const bad of ['', '{', '[1,]', '{"a":1,}', '01', '1.', '"\\x"', '"a', 'tru', '{"a" 1}', '[1 2]', '1 2', '"\u0001"', '"\\u12"']) {
      expect(() => JSON.parse(bad), bad).toThrow(SyntaxError);
      expect(() => readJson(bad, PLAN, SCHEMAS), bad).toThrow(SyntaxError);
    }
  });

  it('keeps the digits at int64 positions only, through named and recursive plans; keeps __proto__ an own member', () => {
    const text = `{"id":${BIG_TEXT},"n":${BIG_TEXT},"items":[{"id":-9223372036854775808,"x":[{"id":1}]}],"map":{"k":{"id":2.5}},"__proto__":{"id":1}}`;
    const value = readJson(text, { p: { id: 'int64', items: { i: { r: 'Self' } }, map: { m: { r: 'Self' } } } }, SCHEMAS) as Record<string, any>;
    expect(value.id).toBe(BIG);
    expect(value.n).toBe(9007199254740992);
    expect(value.items[0].id).toBe(-9223372036854775808n);
    expect(value.items[0].x[0].id).toBe(1n);
    expect(value.map.k.id).toBe(2.5); // a fraction stays a number: the validators reject it
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toContain('__proto__');
    // Written back: the bigints as their digits; the number that had no double as the one it became.
    expect(writeJson(value)).toBe(text.replace(`"n":${BIG_TEXT}`, '"n":9007199254740992'));
  });
});

describe('the option: config `int64` and flag `--int64`', () => {
  it('--int64 bigint and the config key reach the types; bad values are usage errors naming the place (exit 2, nothing written)', async () => {
    const tmp = tempDir('socialgen-int64-cli-');
    try {
      const flagged = await runCli(['generate', spec, '--int64', 'bigint', '--target', 'types', '--out', 'flag', '--no-format', '--quiet'], tmp.dir);
      expect(flagged.stderr).toBe('');
      expect(readFileSync(path.join(tmp.dir, 'flag/types/src/schemas.ts'), 'utf8')).toContain('id: bigint;');
      writeFileSync(path.join(tmp.dir, 'socialgen.config.yaml'), `spec: ${JSON.stringify(spec)}\ntargets: [types]\nformat: false\nint64: bigint\nout: conf\n`);
      expect((await runCli(['generate', '--quiet'], tmp.dir)).code).toBe(0);
      expect(readFileSync(path.join(tmp.dir, 'conf/types/src/schemas.ts'), 'utf8')).toContain('id: bigint;');

      const badFlag = await runCli(['generate', spec, '--int64', 'huge', '--out', 'bad'], tmp.dir);
      expect(badFlag.code).toBe(2);
      expect(badFlag.stderr).toContain('unknown --int64 "huge"; choose number or bigint');
      writeFileSync(path.join(tmp.dir, 'bad.yaml'), `spec: ${JSON.stringify(spec)}\nint64: BigInt\nout: bad\n`);
      const badConfig = await runCli(['generate', '--config', 'bad.yaml'], tmp.dir);
      expect(badConfig.code).toBe(2);
      expect(badConfig.stderr).toMatch(/^bad\.yaml:2:\d+: .*int64/m);
      expect(badConfig.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(path.join(tmp.dir, 'bad'))).toBe(false);
    } finally {
      tmp.remove();
    }
  }, 60_000);
});

describe('socialgen mock --int64 (and the config key)', () => {
  // 2^63 is beyond int64 but the double nearest to 2^63 - 1: only an exact reading refuses it.
  const beyond = '/accounts?after_id=9223372036854775808';

  it('bigint: the mock reads int64 values exactly (2^63 is a 400 problem, 2^53 + 1 echoed as is); the flag wins over the config', async () => {
    const tmp = tempDir('socialgen-int64-mock-');
    // One process (the CLI's start is the cost): the config says number, the flag bigint. The config's key
    // reaches the mock by the same value (resolveConfig, whose flag-over-config rule `generate` tests).
    writeFileSync(path.join(tmp.dir, 'socialgen.config.yaml'), `spec: ${JSON.stringify(spec)}\nint64: number\n`);
    const byFlag = await startMockCommand(['--int64', 'bigint'], tmp.dir);
    const numbers = await serveMock({ specPath: spec, port: 0 });
    try {
      const refused = await fetch(byFlag.url + beyond);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
      expect((await fetch(`${byFlag.url}/accounts?after_id=${BIG_TEXT}`)).status).toBe(200);
      // A bigint in the request is echoed exactly (the mock's seed and echo once threw on it: a 500).
      const created = await fetch(`${byFlag.url}/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"id":${BIG_TEXT},"name":"x"}` });
      expect(created.status).toBe(201);
      expect(String((losslessParse(await created.text()) as { id: unknown }).id)).toBe(BIG_TEXT);
      // Read as a number (the default), 2^63 is the double of 2^63 - 1 and passes: the check above can fail.
      expect((await fetch(numbers.url + beyond)).status).toBe(200);
    } finally {
      byFlag.stop();
      await numbers.close();
      tmp.remove();
    }
  }, 120_000);

  it('a value other than number or bigint is a usage error (exit 2) before anything listens', async () => {
    const result = await runCli(['mock', spec, '--int64', 'long', '--port', '0'], fixtureSpecsDir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown --int64 "long"; choose number or bigint');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('client against a plain node:http server (the wire bytes)', () => {
  it('writes bigints as their exact digits and reads int64 numbers as bigints, numbers elsewhere', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl });
    seen.length = 0;
    const created = await client.createAccount({ body: ACCOUNT });
    expect(seen[0]!.body).toBe(ACCOUNT_TEXT);
    // An independent reader of the same bytes: the digits, not a rounded double.
    const sent = losslessParse(seen[0]!.body) as Record<string, unknown>;
    expect(isLosslessNumber(sent.id) && sent.id.toString()).toBe(BIG_TEXT);
    expect(created).toEqual(ACCOUNT);
    expect(typeof created.id).toBe('bigint');
    expect(typeof created.score).toBe('number');
    expect(typeof created.small).toBe('number');
  });

  it('sends an int64 query parameter as its digits; reads a nested array of int64 members', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl, validate: { response: true } });
    seen.length = 0;
    const page = await client.listAccounts({ after_id: BIG });
    expect(seen[0]!.url).toBe(`/accounts?after_id=${BIG_TEXT}`);
    expect(page).toEqual({ items: [ACCOUNT], total: BIG });
  });

  it('reads the int64 members of streamed items (NDJSON), item by item', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl, validate: { response: true } });
    const items: unknown[] = [];
    for await (const item of client.accountFeed(undefined, { reconnect: false })) items.push(item);
    expect(items).toEqual([ACCOUNT, ACCOUNT]);
  });

  it('reads the int64 members of a declared error body', async () => {
    const client = built.client.createClient({ baseUrl: plainUrl });
    const error = await client.createAccount({ body: { id: 1n, name: 'refuse' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(built.client.ApiError);
    expect(error.body.trace_id).toBe(BIG);
  });
});

describe('goldens with int64: bigint (the feature-fixture goldens are generated with the default numbers)', () => {
  it('types, client operation table, server table and validators match their goldens', async () => {
    const files = await generateInMemory(spec, ['types', 'validators', 'client', 'server'], { int64: 'bigint' });
    for (const file of ['types/src/schemas.ts', 'client/src/operations.ts', 'server/src/api.ts', 'validators/src/compiled.ts']) {
      await expect(files.get(file)).toMatchFileSnapshot(`__snapshots__/int64-bigint/${file}`);
    }
  });
});

describe('validators', () => {
  it('accept bigints in the int64 range at int64 nodes, and reject fractions and out-of-range values', () => {
    expect(validators.validateAccount(ACCOUNT).valid).toBe(true);
    expect(validators.validateAccount({ id: 9007199254740992, name: 'number still fine' }).valid).toBe(true);
    expect(validators.validateAccount({ id: 1.5, name: 'x' }).valid).toBe(false);
    expect(validators.validateAccount({ id: 2n ** 63n, name: 'x' }).valid).toBe(false);
    expect(validators.validateAccount({ id: -(2n ** 63n) - 1n, name: 'x' }).valid).toBe(false);
    expect(validators.validateAccount({ id: 1n, name: 'x', balance: 10n ** 18n + 1n }).valid).toBe(false);
    expect(validators.validateAccount({ id: 1n, name: 'x', ledger: [1n, 1.5] }).valid).toBe(false);
    expect(validators.validateAccount({ id: 1n, name: 'x', limits: { a: 2n ** 64n } }).valid).toBe(false);
    // Not int64: a bigint is no JSON number there.
    expect(validators.validateAccount({ id: 1n, name: 'x', small: 1n }).valid).toBe(false);
  });
});

describe('client ↔ generated server', () => {
  it('9007199254740993 round-trips: client → server → handler (bigint) → response → client (bigint)', async () => {
    const received: unknown[] = [];
    const handlers = {
      createAccount: (ctx: { body: Record<string, unknown> }) => {
        received.push(ctx.body);
        return { status: 201, body: ctx.body };
      },
      listAccounts: (ctx: { query: { after_id?: bigint } }) => {
        received.push(ctx.query);
        return { status: 200, body: { items: [ACCOUNT], total: (ctx.query.after_id ?? 0n) + 1n } };
      },
    };
    const server = await built.server.serve(built.server.createHandler(handlers, { development: true }), { port: 0 });
    try {
      const client = built.client.createClient({ baseUrl: server.url, validate: { request: true, response: true } });
      expect(await client.createAccount({ body: ACCOUNT })).toEqual(ACCOUNT);
      expect(received[0]).toEqual(ACCOUNT);
      expect((received[0] as { id: unknown }).id).toBe(BIG);

      expect(await client.listAccounts({ after_id: BIG })).toEqual({ items: [ACCOUNT], total: BIG + 1n });
      expect(received[1]).toEqual({ after_id: BIG });

      // The server's bytes, read by plain fetch and an independent lossless parser.
      const raw = await fetch(`${server.url}/accounts?after_id=${BIG_TEXT}`);
      const text = await raw.text();
      expect(text).toContain(`"total":9007199254740994`);
      const parsed = losslessParse(text) as { items: Record<string, unknown>[] };
      expect(String(parsed.items[0]!.id)).toBe(BIG_TEXT);

      // Bad int64s are 400 problems, never a handler call or a 500.
      for (const bad of [`{"id":1.5,"name":"x"}`, `{"id":9223372036854775808,"name":"x"}`]) {
        const res = await fetch(`${server.url}/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bad });
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      }
      expect(received).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});
