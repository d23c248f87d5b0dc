/**
 * The `query` and `msw` targets, and the server adapter targets (`express`, `fastify`, `hono`, `koa`,
 * `next`), on specs written by others (shared corpus: petstore 3.0/3.1, the OpenAPI Initiative's examples,
 * DigitalOcean, GitHub): each spec generated with `layout: files` (types, client, server and those; the
 * validators folder is a stub with the contract's export, as in the client's corpus test) and every spec's
 * query, msw and adapter folders type-checked strictly, with `noUncheckedIndexedAccess`, in one compiler
 * run (the adapters add little to it: the server they import is in the program for msw already). The
 * folders live under the repository's ignored `.tmp/` so that `msw`, `@tanstack/query-core` and the
 * frameworks resolve from its node_modules.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { corpusDir, repoRoot } from '../helpers/paths.ts';
import { STRICT_COMPILER_OPTIONS, typecheck } from '../helpers/typecheck.ts';

/** The targets checked here, each a folder per spec. */
const CHECKED = ['query', 'msw', 'express', 'fastify', 'hono', 'koa', 'next'];

const SPECS = [
  'petstore/petstore-3.0.openapi.yaml',
  'petstore/petstore-3.1.code-first.json',
  'petstore/petstore-3.1.design-first.yaml',
  ...['api-with-examples', 'callback-example', 'link-example', 'petstore-expanded', 'petstore', 'uspto'].map((n) => `oai-examples/v3.0/${n}.yaml`),
  ...['non-oauth-scopes', 'tictactoe', 'webhook-example'].map((n) => `oai-examples/v3.1/${n}.yaml`),
  'digitalocean/specification/DigitalOcean-public.v2.yaml',
  'github/api.github.com.octokit-openapi-23.0.2.json',
].filter((spec) => existsSync(path.join(corpusDir, spec)));

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'frontend-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('query, msw and server adapter targets on the shared corpus', () => {
  it.runIf(SPECS.length > 0)(
    `generate and type-check on ${SPECS.length} specs (petstore, OAI examples, DigitalOcean, GitHub) in one compiler run`,
    async () => {
      const counts: Record<string, number> = {};
      for (const [i, spec] of SPECS.entries()) {
        const files = await generateInMemory(path.join(corpusDir, spec), ['types', 'client', 'server', ...CHECKED] as unknown as TargetName[], { format: false, layout: 'files' });
        const dir = path.join(root, String(i));
        writeFiles(dir, files);
        // The files layout pulls in the validators the client imports; they are not what this test checks and
        // GitHub's would dominate the compile, so a stub with the one export the client reads replaces them.
        rmSync(path.join(dir, 'validators'), { recursive: true, force: true });
        mkdirSync(path.join(dir, 'validators'), { recursive: true });
        writeFileSync(path.join(dir, 'validators/index.ts'), 'export const operationValidators: Record<string, object> = {};\n', { flag: 'wx' });
        counts[spec] = CHECKED.filter((target) => files.has(`${target}/index.ts`)).length;
      }
      for (const spec of SPECS) expect(counts[spec], spec).toBe(CHECKED.length);
      writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
      writeFileSync(
        path.join(root, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { ...STRICT_COMPILER_OPTIONS, types: ['node'], noUncheckedIndexedAccess: true },
          include: SPECS.flatMap((_, i) => CHECKED.map((target) => `${i}/${target}`)),
        }),
      );
      const result = typecheck(root);
      const errors = [...result.errorsByFile].filter(([file]) => CHECKED.some((target) => file.includes(`/${target}/`) || file.startsWith(`${target}/`))).flatMap(([, lines]) => lines);
      expect(errors).toEqual([]);
      // The compiler ran (its other findings, in the server and types folders, are those targets' tests' business).
      expect(result.output).not.toMatch(/error TS5\d\d\d|error TS6\d\d\d/);
    },
    900_000,
  );
});
