/**
 * An npm install done once per inputs and shared by the files that need it. The install itself runs once
 * into the run cache (`cachedFolder`, keyed by the caller from everything the install reads: tarballs,
 * lockfile, the install helper); each project that uses it gets its own copy in its own temp folder, with
 * `node_modules` hard-linked (no file data copied, ~a second instead of an install) and the top-level
 * files (package.json, package-lock.json) copied, so a test that edits them never touches the cache.
 *
 * The copy is a real folder outside the repository (not a symlink into node_modules/.cache), so Node's
 * and TypeScript's resolution from the project sees what a user's install would, and nothing of the
 * repository's own node_modules is found by walking up. Nothing in the suite writes into an installed
 * node_modules; a test that would must install its own.
 */
import { copyFileSync, linkSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { cachedFolder } from './run-cache.ts';

/**
 * The installed project of `kind` for `key` (built by `install(dir)` into the run cache unless there), copied
 * into `project` (created if missing). Returns `project`.
 */
export function sharedInstall(kind: string, key: string, project: string, install: (dir: string) => void): string {
  const cached = cachedFolder(kind, key, install);
  copyInstall(cached, project);
  return project;
}

/** Copies an installed project: top-level files copied, `node_modules` hard-linked file by file (symlinks kept). */
export function copyInstall(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.name === 'node_modules') linkTree(source, target);
    else if (entry.isFile()) copyFileSync(source, target);
  }
}

function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    // npm's links (.bin entries, file: dependencies) are relative: the same text points into the copy.
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkFile(source, target);
  }
}

function linkFile(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch (error) {
    // Another file system (a temp folder on its own mount): a plain copy.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(source, target);
  }
}
