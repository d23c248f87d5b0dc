/**
 * Opt-in targets on specs written by others (the shared corpus), for the corpus tests of test/frontend and
 * test/mcp: the specs, the stub that replaces a generated validators folder, and one strict compiler run
 * over the target folders of every spec.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from './paths.ts';
import { STRICT_COMPILER_OPTIONS, typecheck } from './typecheck.ts';

/** Petstore 3.0/3.1, the OpenAPI Initiative's examples, DigitalOcean, GitHub (those present). */
export const CORPUS_SPECS = [
  'petstore/petstore-3.0.openapi.yaml',
  'petstore/petstore-3.1.code-first.json',
  'petstore/petstore-3.1.design-first.yaml',
  ...['api-with-examples', 'callback-example', 'link-example', 'petstore-expanded', 'petstore', 'uspto'].map((n) => `oai-examples/v3.0/${n}.yaml`),
  ...['non-oauth-scopes', 'tictactoe', 'webhook-example'].map((n) => `oai-examples/v3.1/${n}.yaml`),
  'digitalocean/specification/DigitalOcean-public.v2.yaml',
  'github/api.github.com.octokit-openapi-23.0.2.json',
].filter((spec) => existsSync(path.join(corpusDir, spec)));

/**
 * The files layout pulls in the validators the client imports; they are not what the corpus tests check
 * and GitHub's would dominate the compile, so a stub with the one export the client reads replaces them.
 */
export function stubValidators(dir: string): void {
  rmSync(path.join(dir, 'validators'), { recursive: true, force: true });
  mkdirSync(path.join(dir, 'validators'), { recursive: true });
  writeFileSync(path.join(dir, 'validators/index.ts'), 'export const operationValidators: Record<string, object> = {};\n', { flag: 'wx' });
}

/**
 * Type-checks the `targets` folders of specs `0..count-1` under `root` (those `checked` admits) in one strict
 * compiler run (`noUncheckedIndexedAccess`); returns the errors in those folders. Throws when the compiler did not run.
 */
export function typecheckTargets(root: string, count: number, targets: readonly string[], checked: (index: number, target: string) => boolean = () => true): string[] {
  writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { ...STRICT_COMPILER_OPTIONS, types: ['node'], noUncheckedIndexedAccess: true },
      include: Array.from({ length: count }, (_, i) => targets.filter((t) => checked(i, t)).map((t) => `${i}/${t}`)).flat(),
    }),
  );
  const result = typecheck(root);
  // The compiler ran (its other findings, in the folders these targets import, are those targets' tests' business).
  if (/error TS5\d\d\d|error TS6\d\d\d/.test(result.output)) throw new Error(`the compiler did not run:\n${result.output}`);
  const inTargets = new RegExp(`(^|/)(${targets.join('|')})/`);
  return [...result.errorsByFile].filter(([file]) => inTargets.test(file)).flatMap(([, lines]) => lines);
}
