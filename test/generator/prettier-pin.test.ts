/**
 * The output is promised to depend only on the spec, the config and socialgen's version, and prettier is
 * its formatter of record: so socialgen depends on one exact prettier, the one installed, and the README
 * names it. Each of the three read from where it lives, so a prettier upgrade that forgets one fails here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths.ts';

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
/** The prettier that socialgen's own code resolves (not one a test could shadow). */
const installed = json(createRequire(path.join(repoRoot, 'generator/package.json')).resolve('prettier/package.json')).version as string;

describe('prettier is pinned', () => {
  it('socialgen depends on an exact prettier version, the installed one', () => {
    const range = json(path.join(repoRoot, 'generator/package.json')).dependencies.prettier as string;
    expect(range).toMatch(/^\d+\.\d+\.\d+$/);
    expect(range).toBe(installed);
  });

  it('the lockfile holds that version', () => {
    const lock = json(path.join(repoRoot, 'package-lock.json'));
    expect(lock.packages['generator'].dependencies.prettier).toBe(installed);
    expect(lock.packages['node_modules/prettier'].version).toBe(installed);
  });

  it('the README names the version the output is prettier-clean under', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const named = [...readme.matchAll(/prettier-clean under \*\*prettier (\d+\.\d+\.\d+)\*\*/g)].map((m) => m[1]);
    expect(named).toEqual([installed]);
  });
});
