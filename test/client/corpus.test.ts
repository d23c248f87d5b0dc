/**
 * The client target on specs written by others (shared corpus): petstore 3.0/3.1 and the OpenAPI
 * Initiative's examples, each client generated with the real types target in the packages layout and
 * type-checked strictly (with `noUnusedLocals`) in one compiler run. DigitalOcean's (3.0, 2,907 files) and
 * GitHub's (1,223 operations) clients are type-checked, with the same options, in the one compiler run of
 * test/frontend/corpus.test.ts, whose opt-in targets import them (files layout): compiling them here again
 * cost about 45 s of CPU per run.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { corpusDir, tempDir } from '../helpers/paths.ts';
import { shareClientRuntime } from '../helpers/shared-runtime.ts';
import { STRICT_COMPILER_OPTIONS, typecheck } from '../helpers/typecheck.ts';

const SMALL = [
  'petstore/petstore-3.0.openapi.yaml',
  'petstore/petstore-3.1.code-first.json',
  'petstore/petstore-3.1.design-first.yaml',
  ...['api-with-examples', 'callback-example', 'link-example', 'petstore-expanded', 'petstore', 'uspto'].map(
    (n) => `oai-examples/v3.0/${n}.yaml`,
  ),
  ...['non-oauth-scopes', 'tictactoe', 'webhook-example'].map((n) => `oai-examples/v3.1/${n}.yaml`),
];
/** Generation and strict tsc take seconds on two idle cores, minutes on a loaded machine. */
const TIMEOUT = 600_000;

const tmp = tempDir('socialgen-client-corpus-');
afterAll(() => tmp.remove());

/** Generates types + client for each spec under `<root>/<i>/` with package scope `c<i>`; returns the tsconfig paths. */
async function generateAll(root: string, specs: string[]): Promise<Record<string, string[]>> {
  const paths: Record<string, string[]> = {};
  for (const [i, spec] of specs.entries()) {
    const files = await generateInMemory(path.join(corpusDir, spec), ['types', 'client'], {
      format: false,
      packages: { scope: `c${i}`, names: {}, patch: 0, license: 'MIT', licenseHolder: 'x' },
    });
    const dir = path.join(root, String(i));
    writeFiles(dir, files);
    // The validators package is not under test here: a stub with the contract's export.
    mkdirSync(path.join(dir, 'validators/src'), { recursive: true });
    writeFileSync(path.join(dir, 'validators/package.json'), '{"type":"module"}');
    writeFileSync(path.join(dir, 'validators/src/index.ts'), 'export const operationValidators: Record<string, object> = {};\n');
    paths[`@c${i}/types`] = [`./${i}/types/src/index.ts`];
    paths[`@c${i}/validators`] = [`./${i}/validators/src/index.ts`];
  }
  writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { ...STRICT_COMPILER_OPTIONS, noUnusedLocals: true, baseUrl: '.', paths },
      include: specs.map((_, i) => `${i}/client/src`),
    }),
  );
  return paths;
}

/** Client-file errors only (the types package has its own tests). */
function clientErrors(dir: string): string[] {
  const result = typecheck(dir);
  return [...result.errorsByFile].filter(([file]) => /(^|\/)client\//.test(file)).flatMap(([, lines]) => lines);
}

describe('client target on the shared corpus', () => {
  it.runIf(existsSync(corpusDir))(`generates and type-checks ${SMALL.length} small specs (petstore, OAI examples)`, async () => {
    const root = path.join(tmp.dir, 'small');
    await generateAll(root, SMALL);
    // The client runtime is checked once (shared-runtime.ts): every later spec's copy is the first's.
    const runtimeFiles = readdirSync(path.join(root, '0/client/src/runtime')).length;
    expect(shareClientRuntime(SMALL.map((_, i) => path.join(root, String(i)))).stubbed).toBe((SMALL.length - 1) * runtimeFiles);
    expect(clientErrors(root)).toEqual([]);
  }, TIMEOUT);
});
