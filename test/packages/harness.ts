/**
 * The generated packages as a team publishes them: each `generated/<target>` folder (what `socialgen
 * generate` wrote and the repository commits) is copied to a temp folder outside the repository, packed
 * with `npm pack` — whose `prepack` script compiles it to `dist/` with the package's own tsconfig — and the
 * tarballs are installed into a consumer project with `npm install --offline`: no registry, no access to
 * the repository's sources. Node's types for the consumer come from tarballs too (packed from the
 * workspace's installed copies), so the whole install is offline.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TargetName } from '../../generator/src/emit/emitter.ts';
import { TARGETS } from '../../generator/src/emit/emitter.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { sharedInstall } from '../helpers/installed.ts';
import { cachedFolder, hashInputs, sourceFiles, toolchainInputs } from '../helpers/run-cache.ts';

export { TARGETS, type TargetName };

/** The folder the packages are generated into (the repository's `npm run generate`). */
export const generatedDir = path.join(repoRoot, 'generated');
const binDir = path.join(repoRoot, 'node_modules/.bin');
export const tscBin = path.join(binDir, 'tsc');

export interface PackageJson {
  name: string;
  version: string;
  type?: string;
  main?: string;
  types?: string;
  exports?: Record<string, unknown>;
  files?: string[];
  sideEffects?: boolean;
  engines?: Record<string, string>;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

export interface PackedFile {
  path: string;
  size: number;
}

export interface Packed {
  /** The caller's temp folder, for its consumers (removed by `remove()`; the tarballs live in the run cache). */
  dir: string;
  /** Per target: the package.json, the tarball and the files `npm pack` put in it. */
  packages: Record<TargetName, { json: PackageJson; tarball: string; files: PackedFile[] }>;
  /** Tarballs of @types/node and its dependency, for consumers that use Node's types. */
  nodeTypes: string[];
  remove(): void;
}

function run(command: string, args: string[], options: SpawnSyncOptions & { cwd: string }): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 << 20, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${options.cwd}) failed with exit ${result.status}:\n${String(result.stdout).slice(-4000)}\n${String(result.stderr).slice(-4000)}`);
  }
  return String(result.stdout);
}

/**
 * npm with a private cache in the temp folder, no audit/fund/update-notifier chatter, and the workspace's
 * `node_modules/.bin` on PATH (the packages' `prepack` runs `tsc`, their devDependency).
 */
function npmEnv(cacheDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_cache: cacheDir,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
  };
}

/** Copies `generated/<target>` (without builds and installs) next to each other under `<dir>/src-packages`. */
function copyPackages(dir: string): string {
  for (const target of TARGETS) {
    if (!existsSync(path.join(generatedDir, target, 'package.json'))) {
      throw new Error(`generated/${target}/package.json is missing: run \`npm run generate\` first`);
    }
  }
  const root = path.join(dir, 'packages');
  for (const target of TARGETS) {
    cpSync(path.join(generatedDir, target), path.join(root, target), {
      recursive: true,
      filter: (src) => !/[\\/](dist|node_modules)$/.test(src) && !src.endsWith('.tsbuildinfo'),
    });
  }
  // How the packages find each other (and Node's types for the server) while they are built, as in the
  // workspace: node_modules links next to them.
  for (const target of TARGETS) {
    const link = path.join(root, 'node_modules', readPackageJson(path.join(root, target)).name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(root, target), link, 'dir');
  }
  mkdirSync(path.join(root, 'node_modules/@types'), { recursive: true });
  symlinkSync(path.join(repoRoot, 'node_modules/@types/node'), path.join(root, 'node_modules/@types/node'), 'dir');
  return root;
}

/**
 * Copies, builds (through `prepack`) and packs the four packages, in dependency order, with the tarballs of
 * Node's types. The publish and browser tests both need them: the tarballs are built once per content of
 * generated/ (and of this harness and the lockfile's tools) into the run cache and shared (run-cache.ts);
 * each caller gets its own temp folder for the consumers it installs.
 */
export function packGenerated(): Packed {
  const key = hashInputs(toolchainInputs(), [
    [generatedDir, sourceFiles(generatedDir, ['*/dist'])],
    [repoRoot, ['test/packages/harness.ts']],
  ]);
  const tarballs = cachedFolder('packed-generated', key, (out) => {
    const tmp = tempDir('socialgen-packages-');
    try {
      const root = copyPackages(tmp.dir);
      const env = npmEnv(path.join(tmp.dir, 'npm-cache'));
      const manifest: PackManifest = { packages: {} as PackManifest['packages'], nodeTypes: [] };
      for (const target of TARGETS) {
        const cwd = path.join(root, target);
        const json = run('npm', ['pack', '--json', '--pack-destination', out], { cwd, env });
        const [info] = JSON.parse(json.slice(json.indexOf('['))) as Array<{ filename: string; files: PackedFile[] }>;
        manifest.packages[target] = { json: readPackageJson(cwd), tarball: info.filename, files: info.files };
      }
      // Both folders in one npm process (npm's own start is most of the cost of packing them).
      const folders = ['@types/node', 'undici-types'].map((dep) => path.join(repoRoot, 'node_modules', dep));
      const json = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out, ...folders], { cwd: tmp.dir, env });
      manifest.nodeTypes.push(...(JSON.parse(json.slice(json.indexOf('['))) as Array<{ filename: string }>).map((p) => p.filename));
      writeFileSync(path.join(out, 'pack.json'), JSON.stringify(manifest));
    } finally {
      tmp.remove();
    }
  });
  const manifest = JSON.parse(readFileSync(path.join(tarballs, 'pack.json'), 'utf8')) as PackManifest;
  const packages = {} as Packed['packages'];
  for (const target of TARGETS) {
    const { json, tarball, files } = manifest.packages[target];
    packages[target] = { json, tarball: path.join(tarballs, tarball), files };
  }
  const tmp = tempDir('socialgen-consumers-');
  return { dir: tmp.dir, packages, nodeTypes: manifest.nodeTypes.map((f) => path.join(tarballs, f)), remove: tmp.remove };
}

/** What the run cache keeps of a packing: tarball file names (in its folder), package.json and file lists. */
interface PackManifest {
  packages: Record<TargetName, { json: PackageJson; tarball: string; files: PackedFile[] }>;
  nodeTypes: string[];
}

/**
 * A consumer project in the caller's temp folder: `package.json` depending on every tarball (`file:`), the
 * given files, installed with `npm install --offline`. The install depends on the tarballs only, so it runs
 * once per packing into the run cache and each consumer gets a copy with `node_modules` hard-linked
 * (installed.ts): publish.test.ts and browser.test.ts share one install. Returns the consumer's folder.
 */
export function installConsumer(packed: Packed, files: Record<string, string>, name = 'consumer'): string {
  const tarballs = [...TARGETS.map((target) => packed.packages[target].tarball), ...packed.nodeTypes];
  const key = hashInputs(toolchainInputs(), [
    ...tarballs.map((t) => [path.dirname(t), [path.basename(t)]] as const),
    [repoRoot, ['test/packages/harness.ts', 'test/helpers/installed.ts']],
  ]);
  const dir = sharedInstall('installed-consumer', key, path.join(packed.dir, name), (out) => {
    const dependencies: Record<string, string> = {};
    // Absolute paths: the tarballs stay where they are, the installed folder is copied elsewhere.
    for (const target of TARGETS) dependencies[packed.packages[target].json.name] = `file:${packed.packages[target].tarball}`;
    for (const tarball of packed.nodeTypes) {
      const json = JSON.parse(run('tar', ['-xOzf', tarball, 'package/package.json'], { cwd: out })) as PackageJson;
      dependencies[json.name] = `file:${tarball}`;
    }
    writeFileSync(path.join(out, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }, null, 2));
    const npmCache = tempDir('socialgen-npm-cache-');
    try {
      run('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: out, env: npmEnv(npmCache.dir) });
    } finally {
      npmCache.remove();
    }
  });
  for (const [rel, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), contents);
  }
  return dir;
}

/** Runs the workspace's `tsc` on a project (the compiler is a tool; it reads nothing of the repository). */
export function tsc(dir: string, args: string[] = []): { ok: boolean; output: string } {
  const result = spawnSync(tscBin, ['--pretty', 'false', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.error) throw result.error;
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** The consumer's compiler settings: strict, and the installed declarations checked too (no skipLibCheck). */
export const CONSUMER_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: ['node'],
  strict: true,
  skipLibCheck: false,
  noEmitOnError: true,
  outDir: 'dist',
  rootDir: '.',
};

/** The first ```ts block of a README. */
export function readmeExample(readme: string): string | undefined {
  return /^(`{3,})ts\n([\s\S]*?)\n\1$/m.exec(readme)?.[2];
}
