/**
 * The shared corpus (../shared/corpus/specs): every spec — Petstore 3.0 and both 3.1 variants, every OAI
 * example (YAML variants) of v3.0/v3.1/v3.2, DigitalOcean (split over ~2,850 files) and GitHub (13 MB JSON)
 * — generates the `types` target (unformatted, as `--no-format`), and all outputs pass ONE strict
 * `tsc --noEmit` run. Every failure names its spec.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, isSpecError } from '../../generator/src/index.ts';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { corpusDir, tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';

interface CorpusSpec {
  name: string;
  file: string;
  /** Folder of its output in the tsc project. */
  slug: string;
}

function corpusSpecs(): CorpusSpec[] {
  const list = (dir: string, pattern: RegExp) => (existsSync(path.join(corpusDir, dir)) ? readdirSync(path.join(corpusDir, dir)).filter((f) => pattern.test(f)).sort().map((f) => `${dir}/${f}`) : []);
  const files = [
    ...list('petstore', /\.(ya?ml|json)$/),
    ...list('oai-examples/v3.0', /\.ya?ml$/),
    ...list('oai-examples/v3.1', /\.ya?ml$/),
    ...list('oai-examples/v3.2', /\.ya?ml$/),
    'digitalocean/specification/DigitalOcean-public.v2.yaml',
    ...list('github', /\.json$/),
  ];
  return files.map((name) => ({ name, file: path.join(corpusDir, name), slug: name.replace(/[^A-Za-z0-9.-]+/g, '_') }));
}

const specs = corpusSpecs();

describe.runIf(existsSync(corpusDir))('corpus: every spec generates types that compile', () => {
  const tmp = tempDir('socialgen-corpus-');
  afterAll(() => tmp.remove());
  const generated = new Set<string>();

  it('has the specs the suite is about', () => {
    const names = specs.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining([
      'petstore/petstore-3.0.openapi.yaml', 'petstore/petstore-3.1.code-first.json', 'petstore/petstore-3.1.design-first.yaml',
      'oai-examples/v3.0/petstore.yaml', 'oai-examples/v3.0/uspto.yaml', 'oai-examples/v3.1/tictactoe.yaml', 'oai-examples/v3.2/3.2-tags-example.yaml',
      'digitalocean/specification/DigitalOcean-public.v2.yaml',
    ]));
    expect(names.some((n) => n.startsWith('github/'))).toBe(true);
    for (const s of specs) expect(existsSync(s.file), s.name).toBe(true);
  });

  for (const spec of specs) {
    it(`${spec.name}: generates types`, async () => {
      let files: Map<string, string>;
      try {
        files = await generateInMemory(spec.file, ['types'], { format: false });
      } catch (error) {
        const detail = isSpecError(error) ? error.diagnostics.slice(0, 20).map((d) => formatDiagnostic(d, corpusDir)).join('\n') : String((error as Error)?.stack ?? error);
        throw new Error(`${spec.name} does not generate:\n${detail}`);
      }
      expect(files.get('types/src/index.ts'), spec.name).toBeDefined();
      writeFiles(path.join(tmp.dir, spec.slug), files);
      generated.add(spec.name);
    }, 90_000);
  }

  it('every output passes one strict tsc --noEmit run (errors listed by spec)', () => {
    expect(generated.size, 'no spec generated').toBeGreaterThan(0);
    writeProject(tmp.dir, ['*/types/src/**/*.ts']);
    const run = typecheck(tmp.dir);
    const bySpec: Record<string, string[]> = {};
    for (const [file, errors] of run.errorsByFile) {
      const spec = specs.find((s) => file.startsWith(`${s.slug}/`) || file.startsWith(`${s.slug}\\`));
      (bySpec[spec?.name ?? file] ??= []).push(...errors.slice(0, 20));
    }
    expect(bySpec, 'tsc errors by spec').toEqual({});
    expect(run.ok, run.output.slice(0, 4000)).toBe(true);
    const notGenerated = specs.filter((s) => !generated.has(s.name)).map((s) => s.name);
    expect(notGenerated, 'specs that did not generate (see their own failures)').toEqual([]);
  }, 120_000);
});
