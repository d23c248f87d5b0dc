/**
 * `socialgen diff BASE HEAD --project tsconfig.json`: the call sites a change breaks, found by type-checking a
 * consumer project against both sides' generated packages (generated in memory; nothing is written). The
 * fixture (test/fixtures/diff/_project) is a small repository whose src/app.ts was written against base.yaml;
 * head.yaml renames an operation, removes a property, changes a parameter's type and removes an enum value.
 * The lines that must break are marked `// breaks:` in the source — the oracle is the TypeScript compiler on
 * that code, and the marks say which lines it must reject; every other line must still compile.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../generator/src/diff/index.ts';
import { projectErrors } from '../../generator/src/diff/project.ts';
import { loadConfig } from '../../generator/src/config.ts';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';

const PROJECT = path.resolve(__dirname, '../fixtures/diff/_project');
const source = readFileSync(path.join(PROJECT, 'src/app.ts'), 'utf8').split('\n');
/** Line numbers (1-based) the source marks as breaking, with the change the mark names. */
const marked = source.flatMap((line, i) => (/\/\/ breaks: /.test(line) ? [i + 1] : []));
const tmp = mkdtempSync(path.join(tmpdir(), 'socialgen-diff-project-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function errors(dir: string, base: string, head: string) {
  const config = loadConfig(path.join(dir, 'socialgen.config.yaml'), dir);
  const result = await diffSpecs(base, head, { cwd: dir });
  return projectErrors(base, head, result.changes, { tsconfig: path.join(dir, 'tsconfig.json'), config, cwd: dir });
}

async function cli(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIO(cwd);
  const code = await main(['diff', ...args], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe('socialgen diff --project', () => {
  it('finds exactly the broken call sites, each traced to its change and rule', async () => {
    expect(marked).toHaveLength(4);
    const found = await errors(PROJECT, 'base.yaml', 'head.yaml');
    expect(found.map((e) => e.line)).toEqual(marked);
    for (const e of found) expect(e.file).toBe('src/app.ts');
    const byLine = new Map(found.map((e) => [e.line, e]));
    const at = (text: string): number => source.findIndex((l) => l.includes(text)) + 1;
    expect(byLine.get(at('limit: 5'))!.change).toMatchObject({ id: 'request-parameter-type-widened', message: 'query parameter `limit`: type widened from integer to string' });
    expect(byLine.get(at('client.getNote('))!.change).toMatchObject({ id: 'endpoint-operation-id-changed' });
    expect(byLine.get(at("kind: 'draft'"))!.change).toMatchObject({ id: 'request-property-enum-value-removed' });
    expect(byLine.get(at('note.lang'))!.change).toMatchObject({ id: 'response-property-removed' });
    expect(byLine.get(at('client.getNote('))!.message).toBe("Property 'getNote' does not exist on type 'Client<true>'.");
  });

  it('reports nothing where the code still compiles: the base against itself', async () => {
    expect(await errors(PROJECT, 'base.yaml', 'base.yaml')).toEqual([]);
  });

  it('works with the packages layout: the package names resolve to the generated sources', async () => {
    const dir = path.join(tmp, 'packages');
    cpSync(PROJECT, dir, { recursive: true });
    writeFileSync(path.join(dir, 'socialgen.config.yaml'), 'spec: base.yaml\nout: generated\nlayout: packages\npackages: { scope: notes }\ntargets: [types, client]\n');
    const app = readFileSync(path.join(dir, 'src/app.ts'), 'utf8').replace("'./api/client/index.js'", "'@notes/client'").replace("'./api/types/index.js'", "'@notes/types'");
    writeFileSync(path.join(dir, 'src/app.ts'), app);
    expect((await errors(dir, 'base.yaml', 'head.yaml')).map((e) => e.line)).toEqual(marked);
    expect(await errors(dir, 'base.yaml', 'base.yaml')).toEqual([]);
  });

  it('reads a git: side from history (the CI path): its spec files are written out of git to generate it', async () => {
    const dir = path.join(tmp, 'git');
    cpSync(PROJECT, dir, { recursive: true });
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    git('init', '-q', '-b', 'main');
    cpSync(path.join(dir, 'base.yaml'), path.join(dir, 'openapi.yaml'));
    git('add', '.');
    git('commit', '-qm', 'base');
    cpSync(path.join(dir, 'head.yaml'), path.join(dir, 'openapi.yaml'));
    expect((await errors(dir, 'git:main:openapi.yaml', 'openapi.yaml')).map((e) => e.line)).toEqual(marked);
  });

  it('through the CLI: in the comment, JSON, text and annotations, and the run fails', async () => {
    const comment = await cli(['base.yaml', 'head.yaml', '--project', 'tsconfig.json', '--format', 'comment', '--output', `json=${path.join(tmp, 'r.json')}`, '--output', `github=${path.join(tmp, 'r.txt')}`], PROJECT);
    expect(comment.code).toBe(1);
    expect(comment.out).toContain("#### ❌ 4 compile errors in your code against the head's generated packages");
    expect(comment.out).toContain("| `src/app.ts:18` | Property 'lang' does not exist on type 'Note'. | schema `Note` › `lang`: property was removed; it was not deprecated first — clients reading it get `undefined` | `response-property-removed` |");
    const json = JSON.parse(readFileSync(path.join(tmp, 'r.json'), 'utf8'));
    expect(json.compileErrors.map((e: { line: number }) => e.line)).toEqual(marked);
    expect(readFileSync(path.join(tmp, 'r.txt'), 'utf8')).toMatch(/^::error file=src\/app\.ts,line=11,col=\d+,title=compile error \(endpoint-operation-id-changed\)::Property 'getNote' does not exist/m);
    const text = await cli(['base.yaml', 'base.yaml', '--project', 'tsconfig.json'], PROJECT);
    expect(text.code).toBe(0);
    expect(text.out).toContain("Your code: still compiles against the head's generated packages");
  });

  it('bad input is a usage error (exit 2): a missing tsconfig, no socialgen config', async () => {
    const missing = await cli(['base.yaml', 'head.yaml', '--project', 'nope.json'], PROJECT);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--project nope.json: file not found');
    const bare = path.join(tmp, 'bare');
    cpSync(PROJECT, bare, { recursive: true });
    rmSync(path.join(bare, 'socialgen.config.yaml'));
    const noConfig = await cli(['base.yaml', 'head.yaml', '--project', 'tsconfig.json'], bare);
    expect(noConfig.code).toBe(2);
    expect(noConfig.err).toContain('no socialgen config next to it or in the working directory');
  });
});
