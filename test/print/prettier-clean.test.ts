/**
 * prettier is the formatter of record, but most of the output is printed formatted by construction and
 * never goes through it (EmittedFile.formatted: the types and server handler printer, the runtime files
 * copied verbatim). This holds every such claim to account: prettier, run over every generated file of
 * every fixture and corpus spec (all six targets), must change nothing, and the runtime sources that are
 * copied into the output must be prettier-clean where they live.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../generator/src/config.ts';
import { generate } from '../../generator/src/pipeline.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { corpusDir, fixtureSpecsDir, projectSpec, repoRoot } from '../helpers/paths.ts';

const PARSERS: Record<string, string> = { '.ts': 'typescript', '.json': 'json', '.md': 'markdown' };
const TARGETS = ['types', 'validators', 'client', 'server', 'query', 'msw'];

/**
 * prettier's output by file extension and exact text. Every spec's output holds the same runtime copies
 * (their first line names socialgen's version, not the spec, so the client's, server's, msw's and MCP's
 * copies are byte-identical from spec to spec) and prettier is deterministic, so a text is formatted once
 * per run: most of what this file would otherwise give prettier. Only byte-identical text of the same
 * extension shares an answer, so every file is still judged whole by what prettier makes of it.
 */
const formattedByText = new Map<string, Promise<string>>();

function format(file: string, text: string): Promise<string> {
  const extension = path.extname(file);
  const key = `${extension}\0${text}`;
  // With the file's name, so a `.ts` file is held to the `.ts` spelling: without one prettier keeps an
  // arrow's `<T,>` (the file could be TSX), which prettier on the `.ts` file rewrites to `<T>`. Only
  // the extension of the name matters to prettier here (no config is read), hence the key.
  if (!formattedByText.has(key)) formattedByText.set(key, prettier.format(text, { ...PRETTIER_OPTIONS, parser: PARSERS[extension]!, filepath: file }));
  return formattedByText.get(key)!;
}

/** Files prettier would change, each with its first differing line. */
async function notClean(files: Iterable<[string, string]>): Promise<string[]> {
  const problems: string[] = [];
  for (const [file, text] of files) {
    if (!PARSERS[path.extname(file)]) continue;
    const formatted = await format(file, text);
    if (formatted === text) continue;
    const a = text.split('\n');
    const b = formatted.split('\n');
    let i = 0;
    while (a[i] === b[i]) i++;
    problems.push(`${file}:${i + 1}: ${JSON.stringify(a[i])} (prettier: ${JSON.stringify(b[i])})`);
  }
  return problems;
}

async function expectCleanOutput(spec: string): Promise<void> {
  const result = await generate(resolveConfig({ spec, targets: TARGETS }, repoRoot));
  expect(result.files.size).toBeGreaterThan(20);
  expect(await notClean(result.files)).toEqual([]);
}

const fixtures = readdirSync(fixtureSpecsDir)
  .filter((f) => f.endsWith('.yaml') || statSync(path.join(fixtureSpecsDir, f)).isDirectory())
  .map((f) => (f.endsWith('.yaml') ? path.join(fixtureSpecsDir, f) : path.join(fixtureSpecsDir, f, 'openapi.yaml')));
const smallCorpus = [
  ...['petstore-3.0.openapi.yaml', 'petstore-3.1.design-first.yaml', 'petstore-3.1.code-first.json'].map((f) => path.join(corpusDir, 'petstore', f)),
  ...['v3.0', 'v3.1'].flatMap((v) => readdirSync(path.join(corpusDir, 'oai-examples', v)).filter((f) => f.endsWith('.yaml') || (v === 'v3.1' && f.endsWith('.json'))).map((f) => path.join(corpusDir, 'oai-examples', v, f))),
];

describe('generated output is prettier-clean', () => {
  it('the runtime sources copied into the output need no formatting', async () => {
    // What generator/scripts/copy-assets.mjs ships as sources copied into generated packages.
    const emit = path.join(repoRoot, 'generator/src/emit');
    const selections: Array<[string, (name: string) => boolean]> = [
      ['client/runtime', () => true],
      ['server/runtime', () => true],
      ['msw/runtime', () => true],
      ['adapters/runtime', () => true],
      ['zod/runtime', (name) => name === 'schemas.ts'],
      ['mcp/runtime', () => true],
      ['validators/runtime', (name) => name === 'public.ts'],
      ['validators/runtime/helpers', (name) => name !== 'index.ts'],
      ['validators/runtime/formats', (name) => name !== 'index.ts'],
    ];
    const files: Array<[string, string]> = [];
    for (const [dir, take] of selections) {
      for (const name of readdirSync(path.join(emit, dir))) {
        const file = path.join(emit, dir, name);
        if (name.endsWith('.ts') && !name.endsWith('.test.ts') && take(name) && statSync(file).isFile()) files.push([path.relative(repoRoot, file), readFileSync(file, 'utf8')]);
      }
    }
    expect(files.length).toBeGreaterThan(30);
    // Fix with prettier --write and the options of write/format.ts: npx prettier --no-config --print-width 120
    // --single-quote --trailing-comma all --write <files>. These files are copied into the output verbatim, so
    // the checks of every generated file below hold them to the same (a generic arrow's `<T,>` included).
    expect(await notClean(files)).toEqual([]);
  });

  it('the project spec', { timeout: 240_000 }, () => expectCleanOutput(projectSpec));

  it.each(fixtures.map((f) => [path.relative(fixtureSpecsDir, f), f]))('fixture %s', { timeout: 120_000 }, (_, spec) => expectCleanOutput(spec));

  it.each(smallCorpus.map((f) => [path.relative(corpusDir, f), f]))('corpus %s', { timeout: 120_000 }, (_, spec) => expectCleanOutput(spec));

  // GitHub's and DigitalOcean's specs take minutes and over a gigabyte each through all six targets: run
  // with SOCIALGEN_CORPUS_FULL=1 (the types and server printers were checked on both that way).
  it.skipIf(!process.env.SOCIALGEN_CORPUS_FULL).each([
    ['github', path.join(corpusDir, 'github/api.github.com.octokit-openapi-23.0.2.json')],
    ['digitalocean', path.join(corpusDir, 'digitalocean/specification/DigitalOcean-public.v2.yaml')],
  ])('corpus %s (SOCIALGEN_CORPUS_FULL=1)', { timeout: 1_800_000 }, (_, spec) => expectCleanOutput(spec));
});
