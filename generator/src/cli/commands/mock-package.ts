/**
 * The generated server package of a spec, built in memory and imported: `socialgen mock` answers through
 * exactly the code `socialgen generate` writes (the generated validators, the copied runtime), so the mock
 * and a generated server cannot disagree on what a request means.
 *
 * The validators and server targets are emitted, transpiled to JavaScript with the TypeScript compiler
 * (type-only imports, such as the types package, vanish), laid out as packages under a temporary
 * `node_modules/` so the server's import of the validators package resolves the way it does for a user,
 * imported, and the folder is removed again (the loaded modules stay in memory).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ts } from '../../codegen/typescript.mjs';
import type { ApiModel } from '../../model/types.ts';
import { createEmitContext, type EmitContext, type EmittedFile, type TargetName } from '../../emit/emitter.ts';
import { loadEmitter } from '../../emit/registry.ts';
import type { MockOptions } from '../../emit/server/runtime/mock.ts';
import type { WebHandler } from '../../emit/server/runtime/core.ts';
import type { FireWebhookOptions } from '../../emit/server/runtime/webhook-mock.ts';

/** The part of the generated server's `index.ts` the mock uses (`fireWebhook`: only for specs with webhooks or callbacks). */
export interface GeneratedServerModule {
  createMockHandler(options?: MockOptions): WebHandler;
  fireWebhook?(name: string, options: FireWebhookOptions): Promise<Response>;
}

const SCOPE = 'socialgen-mock';
const TARGETS = ['validators', 'server'] as const satisfies readonly TargetName[];

function mockContext(generatorVersion: string): EmitContext {
  const names = { types: `@${SCOPE}/types`, validators: `@${SCOPE}/validators`, client: `@${SCOPE}/client`, server: `@${SCOPE}/server` };
  return createEmitContext({ packages: { scope: SCOPE, names, version: '0.0.0' }, generatorVersion });
}

/** One emitted TypeScript module as an ES module (`.ts` path becomes `.js`; imports already say `.js`). */
function transpile(file: EmittedFile): { path: string; contents: string } {
  const { outputText } = ts.transpileModule(file.contents, {
    fileName: file.path,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false, isolatedModules: true },
  });
  return { path: file.path.replace(/\.ts$/, '.js'), contents: outputText };
}

function write(path: string, contents: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, contents);
}

/** Emits, transpiles and imports the generated server package for `model`. */
export async function importGeneratedServer(model: ApiModel, generatorVersion = '0.0.0'): Promise<GeneratedServerModule> {
  const context = mockContext(generatorVersion);
  const root = mkdtempSync(join(tmpdir(), 'socialgen-mock-'));
  try {
    write(join(root, 'package.json'), '{ "type": "module", "private": true }\n');
    for (const target of TARGETS) {
      const emitter = await loadEmitter(target);
      const base = join(root, 'node_modules', `@${SCOPE}`, target);
      write(join(base, 'package.json'), JSON.stringify({ name: context.packages.names[target], type: 'module', exports: './src/index.js' }) + '\n');
      for (const file of emitter.emit(model, context)) {
        if (!file.path.startsWith('src/') || !file.path.endsWith('.ts')) continue;
        const out = transpile(file);
        write(join(base, out.path), out.contents);
      }
    }
    const entry = join(root, 'node_modules', `@${SCOPE}`, 'server', 'src', 'index.js');
    return (await import(pathToFileURL(entry).href)) as GeneratedServerModule;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
