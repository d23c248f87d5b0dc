/**
 * socialgen as a user gets it: `npm pack` of generator/ (its `prepack` builds dist/), and a fresh project
 * outside the repository that installs the tarball offline. npm needs a lockfile to install offline (the
 * cache holds tarballs by integrity, not the registry's package lists), so the project gets one: the
 * tarball, plus exactly the versions of socialgen's dependency tree that the repository's own lockfile
 * pins — the ones `npm ci` put into the local npm cache.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../helpers/paths.ts';
import { sharedInstall } from '../helpers/installed.ts';
import { cachedFolder, hashInputs, sourceFiles, toolchainInputs } from '../helpers/run-cache.ts';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  license?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  optional?: boolean;
  peer?: boolean;
  link?: boolean;
  [key: string]: unknown;
}

export function run(command: string, args: string[], options: SpawnSyncOptions & { cwd: string }): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 << 20, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${options.cwd}) failed with exit ${result.status}:\n${String(result.stdout).slice(-4000)}\n${String(result.stderr).slice(-4000)}`);
  return String(result.stdout);
}

const npmQuiet = { npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };

/**
 * Packs generator/ into `dir`; returns the tarball's path and the files in it. The install tests run in
 * separate workers and would each pack (and build) the same sources: the tarball is packed once per
 * content of generator/'s sources (every file git tracks or would track, outside dist/) and of the
 * lockfile's tools into the run cache (run-cache.ts), the others copy it. A changed source is a new key,
 * so a stale tarball is never used.
 */
export function packSocialgen(dir: string): { tarball: string; files: string[] } {
  const generator = path.join(repoRoot, 'generator');
  const cache = cachedFolder('packed-socialgen', hashInputs(toolchainInputs(), [[generator, sourceFiles(generator, ['dist'])]]), (out) => {
    const json = run('npm', ['pack', '--json', '--pack-destination', out], { cwd: generator, env: { ...process.env, ...npmQuiet } });
    const [info] = JSON.parse(json.slice(json.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
    writeFileSync(path.join(out, 'pack.json'), JSON.stringify({ filename: info!.filename, files: info!.files.map((f) => f.path) }));
  });
  const { filename, files } = JSON.parse(readFileSync(path.join(cache, 'pack.json'), 'utf8')) as { filename: string; files: string[] };
  copyFileSync(path.join(cache, filename), path.join(dir, filename));
  return { tarball: path.join(dir, filename), files };
}

/**
 * The repository lockfile's entries for socialgen's dependency tree, re-rooted under a project that
 * depends on socialgen: `generator/node_modules/x` becomes `node_modules/socialgen/node_modules/x`.
 */
function dependencyLock(): { root: LockEntry; packages: Record<string, LockEntry> } {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const all = lock.packages;
  const picked = new Map<string, LockEntry>();
  // Node's lookup on lockfile keys: from the requiring package's folder up to the root.
  const resolve = (from: string, name: string): string => {
    let dir = from;
    for (;;) {
      const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (all[key] && !all[key]!.link) return key;
      if (!dir) throw new Error(`package-lock.json has no ${name} for ${from || 'the root'}`);
      const i = dir.lastIndexOf('/node_modules/');
      dir = i === -1 ? '' : dir.slice(0, i);
    }
  };
  const visit = (from: string, entry: LockEntry): void => {
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, m]) => m.optional).map(([n]) => n);
    const names = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers.includes(n))];
    for (const name of names) {
      let key: string;
      try {
        key = resolve(from, name);
      } catch (error) {
        if (entry.optionalDependencies?.[name]) continue;
        throw error;
      }
      if (picked.has(key)) continue;
      picked.set(key, all[key]!);
      visit(key, all[key]!);
    }
  };
  visit('generator', all['generator']!);
  const packages: Record<string, LockEntry> = {};
  for (const [key, entry] of [...picked].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const { dev, peer, ...rest } = entry;
    void dev;
    void peer;
    packages[key.startsWith('generator/') ? `node_modules/socialgen/${key.slice('generator/'.length)}` : key] = rest;
  }
  return { root: all['generator']!, packages };
}

/**
 * A project in `dir` depending on the tarball (`file:` next to package.json), with `files`, installed by
 * `npm ci --offline` (the local npm cache only; install scripts off). The install runs once per tarball
 * content (and lockfile, and this harness) into the run cache and each project gets a copy with
 * `node_modules` hard-linked (installed.ts): cli.test.ts and first-hour.test.ts share one install.
 */
export function installProject(dir: string, tarball: string, files: Record<string, string>): void {
  const key = hashInputs(toolchainInputs(), [
    [path.dirname(tarball), [path.basename(tarball)]],
    [repoRoot, ['test/install/harness.ts', 'test/helpers/installed.ts']],
  ]);
  sharedInstall('installed-socialgen', key, dir, (out) => npmCi(out, tarball));
  for (const [rel, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), contents);
  }
}

/** The tarball copied into `dir`, package.json and the lockfile (dependencyLock) written, `npm ci --offline`. */
function npmCi(dir: string, tarball: string): void {
  copyFileSync(tarball, path.join(dir, path.basename(tarball)));
  const spec = `file:${path.basename(tarball)}`;
  const pkg = { name: 'socialgen-user', version: '1.0.0', private: true, type: 'module', dependencies: { socialgen: spec } };
  const { root, packages } = dependencyLock();
  const lock = {
    name: pkg.name,
    version: pkg.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: pkg.name, version: pkg.version, dependencies: pkg.dependencies },
      'node_modules/socialgen': { version: JSON.parse(readFileSync(path.join(repoRoot, 'generator/package.json'), 'utf8')).version, resolved: spec, license: 'MIT', dependencies: root.dependencies, bin: { socialgen: 'bin/socialgen.js' }, engines: root.engines },
      ...packages,
    },
  };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2) + '\n');
  run('npm', ['ci', '--offline', '--ignore-scripts'], { cwd: dir, env: { ...process.env, ...npmQuiet } });
}
