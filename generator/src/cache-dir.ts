/**
 * The folders the command's caches live in (compile-cache.ts: V8 code; load/parse-cache.ts: parsed spec
 * files): in the OS temp dir, one per user, created private to the user and checked to be so before every
 * use. What they hold is run (code) or becomes generated code (spec values), so a folder someone else
 * could write to is never used.
 */
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `<temp>/<name>-<uid>/<sub>`, or `custom` (a folder the user named) when given; undefined when it cannot
 * be had safely (not creatable, or another user's, or writable by others).
 */
export function privateCacheDir(name: string, sub: string, custom?: string): string | undefined {
  const uid = process.getuid?.();
  const base = custom ?? path.join(tmpdir(), `${name}-${uid ?? 'user'}`);
  const dir = custom ?? path.join(base, sub);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Someone else's folder, or one others may write to, could hold data planted for us to use.
    for (const d of new Set([base, dir])) {
      const s = statSync(d);
      if (uid !== undefined && (s.uid !== uid || (s.mode & 0o022) !== 0)) return undefined;
    }
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Writes an entry of a cache folder: to a temporary file only the user may read, renamed into place, so
 * that concurrent runs read whole entries or none. A failure leaves no entry (a cache may miss).
 */
export function writeCacheFile(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      if ((fstatSync(fd).mode & 0o077) !== 0) throw new Error('not private');
      writeFileSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}
