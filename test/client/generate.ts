/**
 * Generates the client for the hand-built fixture model into a temporary folder, next to hand-written
 * types and validators packages, formatted with prettier as the pipeline does; and runs tsc over it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { clientEmitter } from '../../generator/src/emit/client/index.ts';
import type { EmitContext, EmittedFile } from '../../generator/src/emit/emitter.ts';
import { createEmitContext } from '../../generator/src/emit/emitter.ts';
import { fixtureModel, fixtureTypes, fixtureValidators } from './fixtures/model.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

export const context: EmitContext = createEmitContext({
  packages: {
    scope: 'social-posting',
    names: { types: '@fixture/types', validators: '@fixture/validators', client: '@fixture/client', server: '@fixture/server' },
    version: '2.166.0',
  },
  options: {},
  generatorVersion: '0.0.0-test',
});

/** A strict consumer tsconfig: no Node types (the client must not need them), every strictness flag on. */
export const strictTsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    noUnusedLocals: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    // Only .ts of ours in the program: skipLibCheck leaves out checking TypeScript's own lib (~4 s of CPU a
    // program), no generated file.
    skipLibCheck: true,
  },
};

/** Writes emitted files (formatted with prettier, as the pipeline does) under `dir`. */
export async function writeFiles(dir: string, files: EmittedFile[]): Promise<void> {
  for (const f of files) {
    const path = join(dir, f.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      f.format === 'typescript'
        ? await prettier.format(f.contents, { parser: 'typescript', printWidth: 120, singleQuote: true })
        : f.contents,
    );
  }
}

/** The types and validators packages next to the client, as `node_modules/@fixture/*`. */
export function writeDependencies(dir: string, types: string, validators: { js: string; dts: string }): void {
  const t = join(dir, 'node_modules/@fixture/types');
  const v = join(dir, 'node_modules/@fixture/validators');
  mkdirSync(t, { recursive: true });
  mkdirSync(v, { recursive: true });
  writeFileSync(
    join(t, 'package.json'),
    JSON.stringify({ name: '@fixture/types', type: 'module', exports: { '.': { types: './index.ts', default: './index.ts' } } }),
  );
  writeFileSync(join(t, 'index.ts'), types);
  writeFileSync(
    join(v, 'package.json'),
    JSON.stringify({ name: '@fixture/validators', type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } }),
  );
  writeFileSync(join(v, 'index.js'), validators.js);
  writeFileSync(join(v, 'index.d.ts'), validators.dts);
}

export function runTsc(dir: string): string {
  try {
    execFileSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    return '';
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

/** Emits the fixture client into a fresh temp folder: `<dir>/client/src/**` plus `node_modules/@fixture/*`. */
export async function generateFixtureClient(o: { usage?: boolean } = {}): Promise<{ files: EmittedFile[]; dir: string }> {
  const files = clientEmitter.emit(fixtureModel, context);
  const dir = mkdtempSync(join(tmpdir(), 'socialgen-client-'));
  const pkg = join(dir, 'client');
  await writeFiles(pkg, files);
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@fixture/client', type: 'module' }));
  writeFileSync(join(pkg, 'tsconfig.json'), JSON.stringify({ ...strictTsconfig, include: o.usage ? ['src', 'usage.ts'] : ['src'] }));
  if (o.usage) writeFileSync(join(pkg, 'usage.ts'), readFileSync(join(here, 'fixtures/usage.ts.txt'), 'utf8'));
  writeDependencies(dir, fixtureTypes, {
    js: fixtureValidators,
    dts: 'export declare const operationValidators: Record<string, object>;\n',
  });
  return { files, dir };
}
