/**
 * Builds the generated server package for tests and the benchmark: emits the types, validators and server
 * targets for a model, writes them under `.tmp/`, and bundles the server with esbuild (the two package
 * names aliased to the written sources).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { EmitContext, EmittedFile, TargetEmitter } from '../../generator/src/emit/emitter.ts';
import { createEmitContext } from '../../generator/src/emit/emitter.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { serverEmitter } from '../../generator/src/emit/server/index.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SPEC_PATH = join(ROOT, 'spec/social-posting.openapi.yaml');

export const PACKAGES = {
  types: '@social-posting/types',
  validators: '@social-posting/validators',
  client: '@social-posting/client',
  server: '@social-posting/server',
} as const;

export function emitContext(options: Record<string, unknown> = {}): EmitContext {
  return createEmitContext({ packages: { scope: 'social-posting', names: { ...PACKAGES }, version: '0.0.0-test' }, options, generatorVersion: '0.0.0-test' });
}

async function optionalEmitter(path: string, exportName: string): Promise<TargetEmitter | undefined> {
  const file = join(ROOT, path);
  if (!existsSync(file)) return undefined;
  try {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const emitter = mod[exportName] as TargetEmitter | undefined;
    return emitter && typeof emitter.emit === 'function' ? emitter : undefined;
  } catch {
    return undefined;
  }
}

export interface BuiltPackages {
  dir: string;
  /** Absolute path of each package's `src/`. */
  src: { types: string; validators: string; server: string };
  /** The bundled server (ESM). */
  bundle: string;
  files: EmittedFile[];
  cleanup(): void;
}

function writeAll(base: string, files: EmittedFile[]): void {
  for (const f of files) {
    const path = join(base, f.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.contents);
  }
}

/** Emits and bundles the server for `model`. */
export async function buildPackages(model: ApiModel, options: { serverOptions?: Record<string, unknown> } = {}): Promise<BuiltPackages> {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.tmp', 'server-'));
  const src = { types: join(dir, 'types/src'), validators: join(dir, 'validators/src'), server: join(dir, 'server/src') };

  const typesEmitter = await optionalEmitter('generator/src/emit/types/index.ts', 'typesEmitter');
  if (!typesEmitter) throw new Error('the types target is not available');
  const typesFiles = typesEmitter.emit(model, emitContext());
  writeAll(join(dir, 'types'), typesFiles);

  const validatorsEmitter = await optionalEmitter('generator/src/emit/validators/index.ts', 'validatorsEmitter');
  if (!validatorsEmitter) throw new Error('the validators target is not available');
  const validatorFiles = validatorsEmitter.emit(model, emitContext());
  writeAll(join(dir, 'validators'), validatorFiles);

  const serverFiles = serverEmitter.emit(model, emitContext(options.serverOptions));
  writeAll(join(dir, 'server'), serverFiles);

  const bundle = join(dir, 'server.mjs');
  await build({
    entryPoints: [join(src.server, 'index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: bundle,
    logLevel: 'silent',
    alias: { [PACKAGES.types]: join(src.types, 'index.ts'), [PACKAGES.validators]: join(src.validators, 'index.ts') },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return {
    dir,
    src,
    bundle,
    files: serverFiles,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Bundles another entry (e.g. the reference implementation) against the built packages. */
export async function bundleEntry(built: BuiltPackages, entry: string, outName: string, aliases: Record<string, string> = {}): Promise<string> {
  const outfile = join(built.dir, outName);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    alias: {
      [PACKAGES.types]: join(built.src.types, 'index.ts'),
      [PACKAGES.validators]: join(built.src.validators, 'index.ts'),
      [PACKAGES.server]: join(built.src.server, 'index.ts'),
      ...aliases,
    },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}

/** Emits the client target next to the built packages, when it is available; returns its `src/index.ts`. */
export async function buildClient(built: BuiltPackages, model: ApiModel): Promise<string | undefined> {
  const emitter = await optionalEmitter('generator/src/emit/client/index.ts', 'clientEmitter');
  if (!emitter) return undefined;
  try {
    writeAll(join(built.dir, 'client'), emitter.emit(model, emitContext()));
    return join(built.dir, 'client/src/index.ts');
  } catch {
    return undefined;
  }
}

let cachedModel: Promise<ApiModel> | undefined;

/** The project's spec, loaded once per process. */
export function loadProjectModel(): Promise<ApiModel> {
  cachedModel ??= import('../../generator/src/index.ts').then(({ loadModel }) => loadModel(SPEC_PATH)).then((r) => r.model);
  return cachedModel;
}

/** The generated server module's surface, as tests use it. */
export interface ServerModule {
  createHandler(handlers: Record<string, unknown>, options?: Record<string, unknown>): (request: Request) => Promise<Response>;
  createMockHandler(options?: Record<string, unknown>): (request: Request) => Promise<Response>;
  createNodeListener(handler: (request: Request) => Promise<Response>): (req: any, res: any) => void;
  serve(handler: (request: Request) => Promise<Response>, options?: { port?: number; hostname?: string }): Promise<{ url: string; port: number; close(): Promise<void> }>;
  problems: Record<string, (...args: any[]) => { status: number; body: any; contentType: string }>;
  API: { operations: { key: string; method: string; path: string }[] };
}

export async function importServer(built: BuiltPackages): Promise<ServerModule> {
  return (await import(pathToFileURL(built.bundle).href)) as ServerModule;
}
