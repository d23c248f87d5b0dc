/**
 * One copy of the client runtime in a `tsc` program that holds many specs' output. The client's
 * `src/runtime/*.ts` are copied modules whose text names no spec (their first line names socialgen's version
 * only), so every client package carries them byte for byte the same, and a program of twelve specs checked
 * the same 170 kB twelve times: TypeScript checks a file per path, and a symlink does not help (a relative
 * import keeps the link's path). Here every later copy that is byte-identical to the first output's becomes
 * a one-line module re-exporting that first copy: the program checks the runtime once and each spec's own
 * modules against it, as before. A copy that differs (it would be a bug in the generator) is left as it is
 * and checked on its own, and `stubbed` says how many were replaced so a test can see that the sharing held.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The runtime folder of a client output (packages layout, or the files layout's `client/runtime`). */
function runtimeFolder(output: string): string | undefined {
  return ['client/src/runtime', 'client/runtime'].map((rel) => path.join(output, rel)).find((dir) => existsSync(dir));
}

/**
 * Rewrites, in each of `outputs` after the first, the client runtime modules identical to the first output's
 * as `export * from '<first>/<module>.js'`. Returns how many were replaced. The runtime modules import only
 * each other (relative, within the folder), so the re-exports stand for them whole.
 */
export function shareClientRuntime(outputs: readonly string[]): { stubbed: number } {
  const [first, ...rest] = outputs.map(runtimeFolder);
  if (!first) return { stubbed: 0 };
  const shared = new Map(readdirSync(first).filter((f) => f.endsWith('.ts')).map((f) => [f, readFileSync(path.join(first, f), 'utf8')]));
  let stubbed = 0;
  for (const dir of rest) {
    if (!dir) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      if (readFileSync(path.join(dir, file), 'utf8') !== shared.get(file)) continue;
      const target = path.relative(dir, path.join(first, file)).split(path.sep).join('/').replace(/\.ts$/, '.js');
      writeFileSync(path.join(dir, file), `export * from '${target}';\n`);
      stubbed++;
    }
  }
  return { stubbed };
}
