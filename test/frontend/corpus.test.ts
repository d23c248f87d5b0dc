/**
 * The `query` and `msw` targets on specs written by others (shared corpus: petstore 3.0/3.1, the OpenAPI
 * Initiative's examples, DigitalOcean, GitHub): each spec generated with `layout: files` (types, client,
 * server, query, msw; the validators folder is a stub with the contract's export, as in the client's
 * corpus test) and every spec's query and msw folders type-checked strictly, with
 * `noUncheckedIndexedAccess`, in one compiler run. The folders live under the repository's ignored
 * `.tmp/` so that `msw` and `@tanstack/query-core` resolve from its node_modules.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { CORPUS_SPECS, stubValidators, typecheckTargets } from '../helpers/corpus-targets.ts';
import { corpusDir, repoRoot } from '../helpers/paths.ts';

const SPECS = CORPUS_SPECS;

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'frontend-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('query and msw targets on the shared corpus', () => {
  it.runIf(SPECS.length > 0)(
    `generate and type-check on ${SPECS.length} specs (petstore, OAI examples, DigitalOcean, GitHub) in one compiler run`,
    async () => {
      const counts: Record<string, number> = {};
      for (const [i, spec] of SPECS.entries()) {
        const files = await generateInMemory(path.join(corpusDir, spec), ['types', 'client', 'server', 'query', 'msw'] as unknown as TargetName[], { format: false, layout: 'files' });
        const dir = path.join(root, String(i));
        writeFiles(dir, files);
        stubValidators(dir);
        counts[spec] = [...files.keys()].filter((f) => /^(query|msw)\//.test(f)).length;
      }
      for (const spec of SPECS) expect(counts[spec], spec).toBeGreaterThan(0);
      expect(typecheckTargets(root, SPECS.length, ['query', 'msw'])).toEqual([]);
    },
    900_000,
  );
});
