// Packs or publishes the socialgen package with the links a registry page shows: `repository`, `homepage`
// and `bugs`. They are not written in generator/package.json because they name where the repository is
// hosted, which only its clone knows: like `npm init`, this script reads them from the git remote `origin`
// (or SOCIALGEN_REPOSITORY), through hosted-git-info, npm's own parser of repository URLs. The package is
// built, its files (exactly what `npm pack` of generator/ takes) are copied to a staging folder beside a
// package.json carrying the links, and that folder is packed or published. generator/ itself is never
// rewritten, so a pack that fails halfway leaves nothing behind, and the install tests' `npm pack` of
// generator/ may run at the same time.
//
//   npm run release -- [--pack-destination DIR] [--publish] [--dry-run]
//   npm run release -- --check-metadata     (generator's prepublishOnly: a bare `npm publish` is refused)
//
// Exit 2 with one line when the links cannot be derived: no remote, or one that is not a public URL (a clone
// of a local folder has a path as its origin).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import hostedGitInfo from 'hosted-git-info';

const generator = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const USAGE = 'usage: npm run release -- [--pack-destination DIR] [--publish] [--dry-run] | --check-metadata';

/** A problem the user fixes: printed as one line, exit 2. */
class UsageError extends Error {}

/** The URL of the git remote `origin` of the repository holding `dir`, or undefined when it has none. */
export function remoteUrl(dir) {
  try {
    return execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The package.json members naming where the package's source lives, from a repository URL in any spelling
 * npm accepts (`git@github.com:o/r.git`, `https://gitlab.com/o/r`, `github:o/r`). A host hosted-git-info
 * does not know gets `repository` alone: its browse and issue pages cannot be derived.
 */
export function repositoryMetadata(url, directory) {
  const info = hostedGitInfo.fromUrl(url);
  if (info) {
    return {
      repository: { type: 'git', url: info.https(), directory },
      homepage: info.docs(),
      bugs: { url: info.bugs() },
    };
  }
  if (/^(git\+)?(https?|ssh|git):\/\/[^/\s]+\/\S+$/.test(url)) return { repository: { type: 'git', url, directory } };
  throw new UsageError(`release: the repository URL ${JSON.stringify(url)} is not one a registry page can link to (a public git URL, such as git@github.com:owner/socialgen.git); set SOCIALGEN_REPOSITORY=<url> or the remote: git remote set-url origin <url>`);
}

/** The repository URL to publish under: SOCIALGEN_REPOSITORY when set, else the remote `origin`. */
function sourceUrl() {
  const url = process.env.SOCIALGEN_REPOSITORY ?? remoteUrl(generator);
  if (!url) throw new UsageError('release: the repository has no git remote "origin" to take repository, homepage and bugs from; add one (git remote add origin <url>) or set SOCIALGEN_REPOSITORY=<url>');
  return url;
}

function npm(args, cwd, inherit = false) {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'inherit'], env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
}

/** The files `npm pack` of generator/ takes, as npm itself lists them (its `files`, README, package.json). */
function packedFiles() {
  const json = npm(['pack', '--dry-run', '--json', '--ignore-scripts'], generator);
  return JSON.parse(json.slice(json.indexOf('[')))[0].files.map((f) => f.path);
}

function release(values) {
  const manifest = JSON.parse(readFileSync(path.join(generator, 'package.json'), 'utf8'));
  const metadata = repositoryMetadata(sourceUrl(), path.basename(generator));
  npm(['run', 'build'], generator);
  const staging = mkdtempSync(path.join(tmpdir(), 'socialgen-release-'));
  try {
    for (const file of packedFiles()) if (file !== 'package.json') cpSync(path.join(generator, file), path.join(staging, file), { recursive: true });
    // The staged package is built already; its lifecycle scripts would build it again from sources it lacks.
    const { scripts: _scripts, ...rest } = manifest;
    writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify({ ...rest, ...metadata }, null, 2)}\n`);
    const dryRun = values['dry-run'] ? ['--dry-run'] : [];
    if (values.publish) npm(['publish', '--ignore-scripts', ...dryRun], staging, true);
    else {
      const destination = path.resolve(values['pack-destination'] ?? process.cwd());
      const json = npm(['pack', '--json', '--ignore-scripts', '--pack-destination', destination, ...dryRun], staging);
      const [info] = JSON.parse(json.slice(json.indexOf('[')));
      process.stdout.write(`${path.join(destination, info.filename)}\n`);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function main() {
  const { values } = parseArgs({
    options: { 'pack-destination': { type: 'string' }, publish: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, 'check-metadata': { type: 'boolean' } },
  });
  if (values['check-metadata']) {
    const manifest = JSON.parse(readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'));
    if (!manifest.repository) throw new UsageError('release: this package.json has no repository, homepage or bugs; publish with `npm run release -- --publish` from the repository root, which adds them from the git remote');
    return;
  }
  release(values);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    main();
  } catch (error) {
    if (error instanceof UsageError || error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      process.stderr.write(error instanceof UsageError ? `${error.message}\n` : `release: ${error.message}\n${USAGE}\n`);
      process.exit(2);
    }
    throw error;
  }
}
