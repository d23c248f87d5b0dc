/**
 * A V8 code cache for the command's largest dependencies. Every run loads ts-morph, whose bundled
 * TypeScript compiler is ~13 MB of CommonJS: compiling it is most of the ~230 ms its `require` costs; with
 * V8's code cache made after a run (so it holds the functions that run compiled, not only the top level)
 * the same `require` takes a third of that.
 *
 * Node 22.1+ does this itself (`module.enableCompileCache`, used when present). On Node 20 the CommonJS
 * loader's compile step is wrapped for files of at least MIN_SIZE characters only. Why not a library:
 * `v8-compile-cache` (and its fork `-lib`) asks V8 for the cache before the code runs (little of it is
 * compiled by then), rewrites its whole blob (8 MB here) at the exit of every run, and writes the blob and
 * its index as two files without a lock a reader respects.
 *
 * Safety: the cache never changes what runs, only how fast it compiles. An entry is used only for the same
 * file (path, device, inode, size, mtime and ctime: any write to the file or a reinstall changes one of
 * them) and V8 rejects data it does not accept (another V8, other flags), which then just compiles. Entries
 * are written to a temporary file and renamed into place, so concurrent runs read whole entries or none. It
 * lives in a folder of the OS temp dir that only the user may write (checked before use: code cache is
 * code); the install folder is never written, so read-only installs work. SOCIALGEN_NO_COMPILE_CACHE=1
 * turns it off; SOCIALGEN_COMPILE_CACHE_DIR puts it elsewhere.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Smaller modules compile in a few milliseconds: not worth a file read. At 128 kB the cache also takes the
 * precompiled OpenAPI 3.1 meta-schema validator (180 kB of Ajv code, every run: validating the bundled
 * spec took ~21 ms of CPU without it, ~8 ms with it, under load) and Handlebars' template parser.
 */
const MIN_SIZE = 128 * 1024;

interface Pending {
  script: vm.Script;
  file: string;
  key: string;
}

export function installCompileCache(): void {
  const builtin = (Module as unknown as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache;
  if (process.env.SOCIALGEN_NO_COMPILE_CACHE) return;
  if (typeof builtin === 'function') {
    builtin(process.env.SOCIALGEN_COMPILE_CACHE_DIR);
    return;
  }
  const dir = cacheDir();
  if (!dir) return;
  const proto = Module.prototype as unknown as { _compile(content: string, filename: string): unknown };
  const original = proto._compile;
  const pending: Pending[] = [];
  proto._compile = function compile(this: NodeJS.Module, content: string, filename: string): unknown {
    if (content.length < MIN_SIZE || content.startsWith('#!')) return original.call(this, content, filename);
    const key = fileKey(filename);
    if (!key) return original.call(this, content, filename);
    const entry = path.join(dir, `${createHash('sha1').update(filename).digest('hex')}.v8`);
    const cachedData = readEntry(entry, key);
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    } as vm.ScriptOptions);
    if (!cachedData || script.cachedDataRejected) pending.push({ script, file: entry, key });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const require = createRequire(filename);
    return wrapper.call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
  // At exit the scripts have run, so their cache covers the functions this run compiled lazily too.
  process.once('exit', () => {
    for (const { script, file, key } of pending) writeEntry(file, key, script.createCachedData());
  });
}

/** The cache folder, created private to the user; undefined when it cannot be had safely. */
function cacheDir(): string | undefined {
  const uid = process.getuid?.();
  const custom = process.env.SOCIALGEN_COMPILE_CACHE_DIR;
  const base = custom ?? path.join(tmpdir(), `socialgen-compile-cache-${uid ?? 'user'}`);
  const dir = custom ?? path.join(base, `${process.version}-${process.arch}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Someone else's folder, or one others may write to, could hold code planted for us to run.
    for (const d of new Set([base, dir])) {
      const s = statSync(d);
      if (uid !== undefined && (s.uid !== uid || (s.mode & 0o022) !== 0)) return undefined;
    }
    return dir;
  } catch {
    return undefined;
  }
}

/** What identifies one version of a file: a write or a reinstall changes at least one of these. */
function fileKey(filename: string): string | undefined {
  try {
    const s = statSync(filename, { bigint: true });
    return [filename, s.dev, s.ino, s.size, s.mtimeNs, s.ctimeNs].join('\0');
  } catch {
    return undefined;
  }
}

/** An entry is the key, a newline, and V8's data. */
function readEntry(file: string, key: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const header = Buffer.from(`${key}\n`);
  return data.length > header.length && data.subarray(0, header.length).equals(header) ? data.subarray(header.length) : undefined;
}

function writeEntry(file: string, key: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      if ((fstatSync(fd).mode & 0o077) !== 0) throw new Error('not private');
      writeFileSync(fd, Buffer.concat([Buffer.from(`${key}\n`), data]));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}
