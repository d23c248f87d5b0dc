/**
 * Generates all four packages for a fixture spec (the real pipeline), writes them to a temp folder and
 * bundles the client and the server with esbuild (package names aliased to the written sources), so a
 * test can run the generated client against the generated server over loopback.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { SocialgenConfig } from '../../generator/src/config.ts';
import { generateInMemory } from '../helpers/generate.ts';
import { tempDir } from '../helpers/paths.ts';

export interface Built {
  dir: string;
  client: Record<string, any>;
  server: Record<string, any>;
  remove(): void;
}

const NAMES = ['types', 'validators', 'client', 'server'] as const;

export async function buildFixture(spec: string, overrides: Partial<SocialgenConfig> = {}): Promise<Built> {
  const files = await generateInMemory(spec, [...NAMES], overrides);
  const tmp = tempDir('socialgen-bodies-');
  const out = await bundleGenerated(tmp.dir, files, NAMES, ['client', 'server']);
  return { dir: tmp.dir, client: out.client, server: out.server, remove: tmp.remove };
}

/**
 * Writes generated packages (`<target>/src/...`) under `dir` and imports each of `entries`, bundled with
 * esbuild (`@social-posting/<target>` aliased to the written sources of `targets`).
 */
export async function bundleGenerated(dir: string, files: Map<string, string>, targets: readonly string[], entries: readonly string[]): Promise<Record<string, Record<string, any>>> {
  for (const [rel, text] of files) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  const alias = Object.fromEntries(targets.map((n) => [`@social-posting/${n}`, path.join(dir, n, 'src/index.ts')]));
  const out: Record<string, Record<string, any>> = {};
  for (const n of entries) {
    const outfile = path.join(dir, `${n}.mjs`);
    await build({ entryPoints: [path.join(dir, n, 'src/index.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile, logLevel: 'silent', alias });
    out[n] = await import(pathToFileURL(outfile).href);
  }
  return out;
}
