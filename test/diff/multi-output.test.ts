/**
 * One comparison, several outputs (`--output FORMAT=FILE`, repeatable), the `--date` spelling of `--now`,
 * and imperfect specs (an undeclared security scheme, a duplicate operationId): compared with warnings,
 * the exit code decided by --fail-on alone.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { diffSpecs } from '../../generator/src/diff/index.ts';
import { formatGithub } from '../../generator/src/diff/format/github.ts';
import { formatJson } from '../../generator/src/diff/format/json.ts';
import { formatMarkdown } from '../../generator/src/diff/format/markdown.ts';

const REPO = path.resolve(__dirname, '../..');
const F = 'test/fixtures/diff';
const tmp = mkdtempSync(path.join(tmpdir(), 'socialgen-diff-outputs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIO(REPO);
  const code = await main(['diff', ...args], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const pair = (name: string): string[] => [`${F}/${name}/base.yaml`, `${F}/${name}/head.yaml`];

describe('socialgen diff --output', () => {
  it('writes every requested format from one comparison, byte-identical to a single-format run', async () => {
    const md = path.join(tmp, 'nested', 'review.md');
    const json = path.join(tmp, 'review.json');
    const r = await run([...pair('endpoint-removed'), '--format', 'github', '--output', `markdown=${md}`, '-o', `json=${json}`, '--link', 'https://example.test/blob/sha']);
    expect(r.code).toBe(1);
    const result = await diffSpecs(`${F}/endpoint-removed/base.yaml`, `${F}/endpoint-removed/head.yaml`, { cwd: REPO });
    expect(r.out).toBe(formatGithub(result));
    expect(readFileSync(md, 'utf8')).toBe(formatMarkdown(result, { link: 'https://example.test/blob/sha' }).trimEnd() + '\n');
    expect(readFileSync(md, 'utf8').split('\n')[0]).toBe('<!-- socialgen-diff -->');
    expect(readFileSync(json, 'utf8')).toBe(formatJson(result));
    expect(JSON.parse(readFileSync(json, 'utf8')).summary.breaking).toBe(1);
    // The same run with the separate single formats, as the workflow used to do three times.
    expect((await run([...pair('endpoint-removed'), '--format', 'json'])).out + '\n').toBe(readFileSync(json, 'utf8'));
  });

  it('`-` writes to stdout after the main format; text in files is never coloured', async () => {
    const text = path.join(tmp, 'review.txt');
    const r = await run([...pair('endpoint-added'), '--format', 'json', '--output', 'markdown=-', '--output', `text=${text}`]);
    expect(r.code).toBe(0);
    expect(r.out.startsWith('{')).toBe(true);
    expect(r.out).toContain('<!-- socialgen-diff -->');
    expect(readFileSync(text, 'utf8')).not.toMatch(/\u001b\[/);
    expect(readFileSync(text, 'utf8')).toContain('endpoint-added');
  });

  it('rejects a malformed --output with exit 2 and writes nothing', async () => {
    const md = path.join(tmp, 'never.md');
    for (const bad of ['pdf=x.pdf', 'markdown', '=x.md', 'markdown=']) {
      const r = await run([...pair('endpoint-added'), '--output', `markdown=${md}`, '--output', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.err).toContain('--output');
    }
    expect(existsSync(md)).toBe(false);
  });
});

describe('socialgen diff --date', () => {
  it('judges x-sunset against the given date, like --now', async () => {
    // Deprecated with x-sunset 2026-01-01: before it the removal breaks, after it it is info.
    const early = await run([...pair('endpoint-removed-before-sunset'), '--date', '2025-06-01', '--format', 'json']);
    expect(early.code).toBe(1);
    expect(JSON.parse(early.out).changes[0].id).toBe('endpoint-removed-before-sunset');
    const late = await run([...pair('endpoint-removed-before-sunset'), '--date', '2026-06-01', '--format', 'json']);
    expect(late.code).toBe(0);
    expect(JSON.parse(late.out).changes[0].id).toBe('endpoint-removed-after-sunset');
    expect((await run([...pair('endpoint-added'), '--date', 'soon'])).err).toContain('--date "soon" is not a date');
    expect((await run([...pair('endpoint-added'), '--date', '2025-01-01', '--now', '2025-02-02'])).code).toBe(2);
  });

  it('a deprecated operation with x-deprecated-at but no x-sunset: removing it breaks, whatever the date', async () => {
    const r = await run([...pair('endpoint-removed-deprecated-at-no-sunset'), '--date', '2030-01-01', '--format', 'json']);
    expect(r.code).toBe(1);
    const [change] = JSON.parse(r.out).changes;
    expect(change.id).toBe('endpoint-removed-before-sunset');
    expect(change.message).toContain('deprecated since 2025-03-25, which is not a removal date');
    expect(change.message).toContain('removal date (x-sunset) is unknown');
  });
});

describe('imperfect specs are compared, with warnings', () => {
  const spec = (security: string, secondId = 'getB'): string =>
    `openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      operationId: getA\n      security: [${security}]\n      responses: {'200': {description: ok}}\n  /b:\n    get:\n      operationId: ${secondId}\n      responses: {'200': {description: ok}}\ncomponents:\n  securitySchemes:\n    key: {type: apiKey, in: header, name: X-Key}\n`;

  it('an undeclared security scheme and a duplicate operationId: exit by --fail-on, not 2', async () => {
    const base = path.join(tmp, 'imperfect-base.yaml');
    const head = path.join(tmp, 'imperfect-head.yaml');
    writeFileSync(base, spec('{DigestAuth: []}'));
    writeFileSync(head, spec('{DigestAuth: []}, {key: []}', 'getA'));
    const r = await run([base, head, '--format', 'json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.warnings).toEqual([
      expect.stringMatching(/^\[base\] .*imperfect-base\.yaml:7:\d+: warning: security requirement names "DigestAuth", which is not in components\.securitySchemes/),
      expect.stringMatching(/^\[head\] .*imperfect-head\.yaml:7:\d+: warning: security requirement names "DigestAuth"/),
      expect.stringMatching(/^\[head\] .*imperfect-head\.yaml:\d+:\d+: warning: duplicate operationId "getA"/),
    ]);
    expect(r.err.split('\n')).toEqual(json.warnings);
    expect(json.changes.map((c: { id: string }) => c.id)).toContain('api-security-alternative-added');
    expect((await run([base, head, '--fail-on', 'info'])).code).toBe(1);
    const md = await run([base, head, '--format', 'markdown']);
    expect(md.out).toContain('3 problems in the spec (compared anyway)');
  });

  it('a spec the model cannot build at all is still bad input (exit 2)', async () => {
    const broken = path.join(tmp, 'unresolvable.yaml');
    writeFileSync(broken, `openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Nope'}}}}}\n`);
    const r = await run([`${F}/endpoint-added/base.yaml`, broken]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('[head]');
  });
});
