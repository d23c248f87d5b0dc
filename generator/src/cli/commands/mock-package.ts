/**
 * The generated server package of a spec, built in memory and imported: `socialgen mock` answers through
 * exactly the code `socialgen generate` writes (the generated validators, the copied runtime), so the mock
 * and a generated server cannot disagree on what a request means.
 *
 * The validators and server targets are emitted, their types stripped by esbuild's `transform` (type-only
 * imports, such as the types package, vanish), laid out as packages under a temporary `node_modules/` so
 * the server's import of the validators package resolves the way it does for a user, imported, and the
 * folder is removed again (the loaded modules stay in memory).
 *
 * esbuild rather than TypeScript's `transpileModule`: each file is checked by `tsc` where it is generated,
 * so here only the types need to go, and esbuild strips DigitalOcean's 7 MB of server and validators in
 * about a second of CPU where `transpileModule` took over ten (it builds a program per file).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
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

/**
 * One emitted TypeScript module as an ES module (`.ts` path becomes `.js`; imports already say `.js`). As
 * `tsc` emits it under the generated packages' settings (ES2022, class fields defined): imports used only
 * as types are dropped, everything else is left as written.
 */
async function transpile(file: EmittedFile): Promise<{ path: string; contents: string }> {
  const { code } = await transform(file.contents, {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    sourcefile: file.path,
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false } },
  });
  return { path: file.path.replace(/\.ts$/, '.js'), contents: code };
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
      const sources = emitter.emit(model, context).filter((file) => file.path.startsWith('src/') && file.path.endsWith('.ts'));
      // esbuild's service transforms the files in parallel, on every core.
      for (const out of await Promise.all(sources.map(transpile))) write(join(base, out.path), out.contents);
    }
    const entry = join(root, 'node_modules', `@${SCOPE}`, 'server', 'src', 'index.js');
    return (await import(pathToFileURL(entry).href)) as GeneratedServerModule;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
