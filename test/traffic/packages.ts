// The committed generated packages (`generated/`, proven current by `socialgen check`), bundled with
// esbuild so a test can import them as a real consumer would: the client and the server each with their
// `@social-posting/*` dependencies resolved to the generated sources.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { repoRoot } from '../helpers/paths.ts';

// The generated modules are imported at run time; their exact types are the generated packages' own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Module = Record<string, any>;

const ALIASES = {
  '@social-posting/types': join(repoRoot, 'generated/types/src/index.ts'),
  '@social-posting/validators': join(repoRoot, 'generated/validators/src/index.ts'),
};

export interface GeneratedPackages {
  client: Module;
  server: Module;
  validators: Module;
  cleanup(): void;
}

async function bundle(dir: string, entry: string, name: string): Promise<Module> {
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [join(repoRoot, entry)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    alias: ALIASES,
  });
  return (await import(pathToFileURL(outfile).href)) as Module;
}

export async function loadGeneratedPackages(): Promise<GeneratedPackages> {
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, '.tmp', 'traffic-'));
  const [client, server, validators] = await Promise.all([
    bundle(dir, 'generated/client/src/index.ts', 'client'),
    bundle(dir, 'generated/server/src/index.ts', 'server'),
    bundle(dir, 'generated/validators/src/index.ts', 'validators'),
  ]);
  return { client, server, validators, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
