/**
 * The published CLI package's registry links (issue 32 point 3): `npm run release` (generator/scripts/release.mjs)
 * packs generator/ with `repository`, `homepage` and `bugs` taken from the git remote, in the forms `npm init`
 * writes, and refuses, as a usage error, to invent them when the clone has no public remote. The expected
 * values are npm's documented spellings (https://docs.npmjs.com/cli/configuring-npm/package-json#repository),
 * written out here, not computed by the library the script uses.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteUrl, repositoryMetadata } from '../../generator/scripts/release.mjs';
import { repoRoot } from '../helpers/paths.ts';
import { packSocialgen } from './harness.ts';

const script = path.join(repoRoot, 'generator/scripts/release.mjs');
let dir = '';

function release(args: string[], env: Record<string, string | undefined>, cwd = repoRoot) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 240_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'socialgen-release-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('registry links from the repository URL', () => {
  it('spells a GitHub remote as npm does', () => {
    expect(repositoryMetadata('git@github.com:acme/socialgen.git', 'generator')).toEqual({
      repository: { type: 'git', url: 'git+https://github.com/acme/socialgen.git', directory: 'generator' },
      homepage: 'https://github.com/acme/socialgen#readme',
      bugs: { url: 'https://github.com/acme/socialgen/issues' },
    });
  });

  it('takes GitLab and the github: shorthand, and a host it cannot browse gets the repository alone', () => {
    expect(repositoryMetadata('https://gitlab.com/acme/socialgen.git', 'generator').bugs).toEqual({ url: 'https://gitlab.com/acme/socialgen/issues' });
    expect(repositoryMetadata('github:acme/socialgen', 'generator').repository.url).toBe('git+https://github.com/acme/socialgen.git');
    expect(repositoryMetadata('https://git.example.com/acme/socialgen.git', 'generator')).toEqual({
      repository: { type: 'git', url: 'https://git.example.com/acme/socialgen.git', directory: 'generator' },
    });
  });

  it('refuses a local path (the origin of a clone of a folder)', () => {
    expect(() => repositoryMetadata('/work/main', 'generator')).toThrow(/"\/work\/main" is not one a registry page can link to/);
  });

  it("reads the clone's remote origin, and nothing from a clone without one", () => {
    const repo = path.join(dir, 'repo');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    expect(remoteUrl(repo)).toBeUndefined();
    git(repo, 'remote', 'add', 'origin', 'git@gitlab.com:acme/socialgen.git');
    expect(remoteUrl(repo)).toBe('git@gitlab.com:acme/socialgen.git');
  });
});

describe('npm run release', () => {
  it('packs what `npm pack` of generator/ packs, with the links and without the build scripts', () => {
    const out = path.join(dir, 'packed');
    mkdirSync(out);
    const r = release(['--pack-destination', out], { SOCIALGEN_REPOSITORY: 'github:acme/socialgen' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const tarball = r.stdout.trim();
    const manifest = JSON.parse(spawnSync('tar', ['xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }).stdout) as Record<string, unknown>;
    expect(manifest.repository).toEqual({ type: 'git', url: 'git+https://github.com/acme/socialgen.git', directory: 'generator' });
    expect(manifest.homepage).toBe('https://github.com/acme/socialgen#readme');
    expect(manifest.bugs).toEqual({ url: 'https://github.com/acme/socialgen/issues' });
    expect(manifest.scripts).toBeUndefined();
    const source = JSON.parse(readFileSync(path.join(repoRoot, 'generator/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toEqual(source.dependencies);
    expect(manifest.bin).toEqual(source.bin);
    // The same files as the plain `npm pack` the install tests use.
    const listed = spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' }).stdout.trim().split('\n').map((f) => f.replace(/^package\//, ''));
    const plain = mkdtempSync(path.join(dir, 'plain-'));
    expect(listed.sort()).toEqual([...packSocialgen(plain).files].sort());
  });

  it('is a usage error, not a made-up link, when the remote is a local path', () => {
    const r = release(['--pack-destination', dir], { SOCIALGEN_REPOSITORY: '/work/main' });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^release: the repository URL "\/work\/main" is not one/);
  });

  it("refuses a bare `npm publish` of generator/ (its prepublishOnly), which would ship no links", () => {
    const r = release(['--check-metadata'], {}, path.join(repoRoot, 'generator'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/npm run release -- --publish/);
  });
});
