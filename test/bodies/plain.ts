/**
 * The independent side of the loopback tests: a plain node:http server on a free port, and a strict `tsc`
 * consumer of freshly generated packages (their exports pointed at the sources).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject, type TypecheckResult } from '../helpers/typecheck.ts';

/** A node:http server with `listener` on 127.0.0.1 and a free port. */
export async function listenPlain(listener: RequestListener): Promise<{ server: Server; url: string; close(): void }> {
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * Generates `packages` for `spec` into a throw-away project's node_modules and type-checks `source` (its
 * `src/check.ts`, importing them by name) with strict tsc.
 */
export async function typecheckConsumer(spec: string, source: string, packages = ['types', 'validators', 'client'] as const): Promise<TypecheckResult> {
  const tmp = tempDir('socialgen-consumer-');
  try {
    const files = await generateInMemory(spec, [...packages]);
    writeFiles(path.join(tmp.dir, 'node_modules/@social-posting'), files);
    mkdirSync(path.join(tmp.dir, 'src'), { recursive: true });
    writeFileSync(path.join(tmp.dir, 'src/check.ts'), source);
    writeFileSync(path.join(tmp.dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    for (const pkg of packages) {
      // The generated packages point their exports at compiled output: resolve them to the sources.
      const dir = path.join(tmp.dir, 'node_modules/@social-posting', pkg);
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `@social-posting/${pkg}`, type: 'module', types: './src/index.ts', exports: { '.': { types: './src/index.ts', default: './src/index.ts' } } }));
    }
    writeProject(tmp.dir, ['src/**/*.ts'], { allowImportingTsExtensions: true });
    return typecheck(tmp.dir);
  } finally {
    tmp.remove();
  }
}
