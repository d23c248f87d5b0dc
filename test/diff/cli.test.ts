/**
 * `socialgen diff` through the CLI: exit codes for every --fail-on level, bad input (exit 2 with a clear
 * message), the ignore file (applies, expires, rejects bad entries), and `git:REF:PATH` sides with a split
 * spec read from history.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';

const REPO = path.resolve(__dirname, '../..');
const F = 'test/fixtures/diff';
const tmp = mkdtempSync(path.join(tmpdir(), 'socialgen-diff-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(args: string[], cwd = REPO): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIO(cwd);
  const code = await main(['diff', ...args], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const pair = (name: string): string[] => [`${F}/${name}/base.yaml`, `${F}/${name}/head.yaml`];

describe('socialgen diff: exit codes', () => {
  it('exits 1 on a breaking change by default, 0 with --fail-on never', async () => {
    expect((await run(pair('endpoint-removed'))).code).toBe(1);
    expect((await run([...pair('endpoint-removed'), '--fail-on', 'never'])).code).toBe(0);
  });

  it('--fail-on warning and info', async () => {
    expect((await run(pair('server-removed'))).code).toBe(0);
    expect((await run([...pair('server-removed'), '--fail-on', 'warning'])).code).toBe(1);
    expect((await run([...pair('endpoint-added'), '--fail-on', 'warning'])).code).toBe(0);
    expect((await run([...pair('endpoint-added'), '--fail-on', 'info'])).code).toBe(1);
  });

  it('exits 0 when nothing changed, and says so', async () => {
    const r = await run([`${F}/endpoint-added/base.yaml`, `${F}/endpoint-added/base.yaml`]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 breaking changes, 0 warnings, 0 info');
  });

  it('exits 2 for a missing file, an invalid spec, bad flags', async () => {
    const missing = await run([`${F}/nope.yaml`, `${F}/endpoint-added/base.yaml`]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.yaml.*\[base\] cannot read/);
    const bad = path.join(tmp, 'bad.yaml');
    writeFileSync(bad, 'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses: {200: {description: ok}}\n    put: [\n');
    const invalid = await run([`${F}/endpoint-added/base.yaml`, bad]);
    expect(invalid.code).toBe(2);
    expect(invalid.err).toMatch(/bad\.yaml:\d+:\d+: \[head\] YAML/);
    expect((await run([...pair('endpoint-added'), '--format', 'pdf'])).code).toBe(2);
    expect((await run([...pair('endpoint-added'), '--fail-on', 'sometimes'])).code).toBe(2);
    const now = await run([...pair('endpoint-added'), '--now', 'tomorrow']);
    expect(now.code).toBe(2);
    expect(now.err).toContain('--now "tomorrow" is not a date');
    expect((await run([`${F}/endpoint-added/base.yaml`])).code).toBe(2);
  });

  it('compares a spec the meta-schema rejects, unless --validate', async () => {
    const file = path.join(tmp, 'no-version.yaml');
    writeFileSync(file, 'openapi: 3.1.0\ninfo: {title: No version}\npaths:\n  /a:\n    get:\n      responses: {"200": {description: ok}}\n');
    expect((await run([file, file])).code).toBe(0);
    const strict = await run([file, file, '--validate']);
    expect(strict.code).toBe(2);
    expect(strict.err).toMatch(/no-version\.yaml:\d+:\d+: \[base\]/);
  });

  it('--now decides whether a sunset has passed', async () => {
    const before = await run([...pair('endpoint-removed-after-sunset'), '--now', '2024-12-01', '--format', 'json']);
    expect(JSON.parse(before.out).changes[0].id).toBe('endpoint-removed-before-sunset');
    expect(before.code).toBe(1);
    const after = await run([...pair('endpoint-removed-after-sunset'), '--now', '2025-02-01', '--format', 'json']);
    expect(JSON.parse(after.out).changes[0].id).toBe('endpoint-removed-after-sunset');
    expect(after.code).toBe(0);
  });

  it('prints every format', async () => {
    for (const format of ['text', 'markdown', 'json', 'github']) {
      const r = await run([...pair('property-removed'), '--format', format]);
      expect(r.code).toBe(1);
      expect(r.out.length).toBeGreaterThan(50);
    }
  });
});

describe('socialgen diff: the ignore file', () => {
  const ignore = (name: string, text: string): string => {
    const file = path.join(tmp, name);
    writeFileSync(file, text);
    return file;
  };

  it('accepts a known break (then only the warning is left)', async () => {
    const file = ignore('ok.yaml', '- id: response-property-removed\n  pointer: /paths/~1items/post/responses/200/content/application~1json/schema/properties/b\n  reason: agreed with all clients\n');
    const r = await run([...pair('property-removed'), '--ignore', file, '--format', 'json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.summary).toMatchObject({ breaking: 0, warning: 1, ignored: 1 });
    expect(json.ignored[0]).toMatchObject({ id: 'response-property-removed', reason: 'agreed with all clients' });
  });

  it('matches by fingerprint too (JSON form)', async () => {
    const first = JSON.parse((await run([...pair('property-removed'), '--format', 'json'])).out);
    const fingerprint = first.changes.find((c: { id: string }) => c.id === 'response-property-removed').fingerprint;
    const file = ignore('fp.json', JSON.stringify({ ignore: [{ id: 'response-property-removed', fingerprint, reason: 'known' }] }));
    expect((await run([...pair('property-removed'), '--ignore', file])).code).toBe(0);
  });

  it('stops applying an expired entry and says so', async () => {
    const file = ignore('expired.yaml', '- id: response-property-removed\n  pointer: /paths/~1items/post/responses/200/content/application~1json/schema/properties/b\n  reason: agreed\n  expires: 2025-01-01\n');
    const r = await run([...pair('property-removed'), '--ignore', file, '--now', '2025-06-01']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('expired on 2025-01-01; its change is reported again');
    const still = await run([...pair('property-removed'), '--ignore', file, '--now', '2025-01-01']);
    expect(still.code).toBe(0);
  });

  it('reports entries that match nothing', async () => {
    const file = ignore('stale.yaml', '- id: endpoint-removed\n  pointer: /paths/~1gone/get\n  reason: old\n');
    const r = await run([...pair('property-removed'), '--ignore', file, '--fail-on', 'never']);
    expect(r.out).toContain('matched no change: remove it');
  });

  it('rejects a bad ignore file with exit 2 and every problem', async () => {
    const file = ignore('bad.yaml', '- id: no-such-rule\n  pointer: /a\n- id: endpoint-removed\n  reason: x\n  expires: someday\n');
    const r = await run([...pair('property-removed'), '--ignore', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown rule id "no-such-rule"');
    expect(r.err).toContain('`reason` is required');
    expect(r.err).toContain('`pointer` (or `fingerprint`) is required');
    expect(r.err).toContain('`expires` must be a date');
    expect((await run([...pair('property-removed'), '--ignore', path.join(tmp, 'missing.yaml')])).code).toBe(2);
  });
});

describe('socialgen diff: git sides', () => {
  const repo = path.join(tmp, 'repo');
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' });
  const write = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
    writeFileSync(path.join(repo, rel), text);
  };
  const root = "openapi: 3.1.0\ninfo: {title: Git, version: '1'}\npaths:\n  /items:\n    get:\n      operationId: listItems\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: './schemas/item.yaml'\n";

  it('reads both sides from history, following split files', async () => {
    mkdirSync(repo, { recursive: true });
    git('init', '-q');
    write('spec/api.yaml', root);
    write('spec/schemas/item.yaml', 'type: object\nrequired: [id, name]\nproperties:\n  id: {type: string}\n  name: {type: string}\n');
    git('add', '.');
    git('commit', '-q', '-m', 'one');
    write('spec/schemas/item.yaml', 'type: object\nrequired: [id]\nproperties:\n  id: {type: string}\n  name: {type: string}\n');
    git('commit', '-q', '-am', 'two');

    const r = await run(['git:HEAD~1:spec/api.yaml', 'spec/api.yaml', '--format', 'json'], repo);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out);
    expect(json.changes.map((c: { id: string }) => c.id)).toEqual(['response-property-became-optional']);
    expect(json.changes[0].base).toEqual({ file: 'spec/schemas/item.yaml', line: 5, column: 3, ref: 'HEAD~1' }); // the property `name`
    expect(json.changes[0].head.file).toBe('spec/schemas/item.yaml');

    const both = await run(['git:HEAD~1:spec/api.yaml', 'git:HEAD:spec/api.yaml', '--format', 'json'], repo);
    expect(JSON.parse(both.out).changes).toHaveLength(1);
    const same = await run(['git:HEAD:./api.yaml', 'api.yaml'], path.join(repo, 'spec')); // ./ is relative to the working directory
    expect(same.code).toBe(0);
  });

  it('exits 2 for an unknown ref or a path missing at that ref', async () => {
    const unknown = await run(['git:no-such-ref:spec/api.yaml', 'spec/api.yaml'], repo);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown git ref "no-such-ref"');
    const missing = await run(['git:HEAD:spec/nope.yaml', 'spec/api.yaml'], repo);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/\[base at HEAD\] cannot read/);
    expect((await run(['git:HEAD', 'spec/api.yaml'], repo)).code).toBe(2);
  });
});
