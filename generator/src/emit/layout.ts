/**
 * The two output layouts. `packages`: `<out>/<target>/` is an npm package (`src/…` plus package.json,
 * README, LICENSE, tsconfig) and targets import each other by package name. `files`: `<out>/<target>/`
 * holds the plain modules (the emitted `src/` level dropped, `index.ts` the entry) and targets import each
 * other by relative `.js`-suffixed paths, which resolve the same under `NodeNext` and `bundler`.
 */
import type { EmittedFile, TargetEmitter } from './emitter.ts';
import { RegistryError, type RegisteredTarget } from './registry.ts';

/** Where an emitted file (`src/x.ts`) goes inside its target folder. */
export function layoutPath(layout: 'packages' | 'files', emitted: string): string {
  return layout === 'files' ? emitted.replace(/^src\//, '') : emitted;
}

const SAFE_PATH = /^src\/(?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * Checks what an emitter returned: every path is a plain relative path under `src/` matching one of the
 * emitter's declared `files` patterns, no path twice, and `src/index.ts` (the entry) among them.
 */
export function checkDeclaredFiles(target: RegisteredTarget, emitter: TargetEmitter, files: EmittedFile[]): EmittedFile[] {
  const patterns = (emitter.files ?? ['src/**']).map(patternRegex);
  const seen = new Set<string>();
  for (const f of files) {
    const where = `${target.origin === 'built-in' ? 'the built-in' : target.origin + ':'} target ${JSON.stringify(target.name)}`;
    if (typeof f?.path !== 'string' || typeof f.contents !== 'string') throw new RegistryError(`${where} returned a file without a string \`path\` and \`contents\``);
    if (!SAFE_PATH.test(f.path)) throw new RegistryError(`${where} returned ${JSON.stringify(f.path)}: files are relative paths under src/ (letters, digits, _ . -)`);
    if (!patterns.some((p) => p.test(f.path))) throw new RegistryError(`${where} returned ${JSON.stringify(f.path)}, which its declared files (${(emitter.files ?? []).join(', ')}) do not include`);
    if (!['typescript', 'json', 'markdown', 'none'].includes(f.format)) throw new RegistryError(`${where}: ${f.path} has an unknown format ${JSON.stringify(f.format)}`);
    if (seen.has(f.path)) throw new RegistryError(`${where} returned ${f.path} twice`);
    seen.add(f.path);
  }
  if (!seen.has('src/index.ts')) throw new RegistryError(`the target ${JSON.stringify(target.name)} has no entry: it must write src/index.ts`);
  return files;
}

/** `src/*.ts` (one segment), `src/**` (any depth). */
function patternRegex(pattern: string): RegExp {
  const escaped = pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}
