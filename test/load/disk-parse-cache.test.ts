/**
 * The command's on-disk cache of parsed YAML files (generator/src/load/disk-parse-cache.ts): a hit is the
 * value js-yaml gives for the same text (the oracle: read.ts's reader with the cache off), whatever the
 * file's name; a damaged entry or another reader misses; a folder others may write to is not used; and the
 * built command writes the same bytes with the cache cold, warm, or off.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cachedParse, enableDiskParseCache } from '../../generator/src/load/disk-parse-cache.ts';
import { parseSpecText, plainYaml } from '../../generator/src/load/read.ts';
import { readTree } from '../helpers/generate.ts';
import { projectSpec, tempDir } from '../helpers/paths.ts';
import { socialgenBin } from '../pipeline/helpers.ts';

const tmp = tempDir('socialgen-disk-parse-cache-');
afterAll(() => {
  // Off again for the files that run next in this worker (modules are shared: vitest.config.ts).
  useCache(undefined);
  delete process.env.SOCIALGEN_NO_PARSE_CACHE;
  tmp.remove();
});

/** Values YAML's core schema gives that JSON could not carry: -0, NaN, Infinity, a `__proto__` key. */
const TEXT = 'openapi: 3.1.0\na: -0\nb: .nan\nc: -.inf\n__proto__: { polluted: true }\nlist: [1, "two", null, { x: [true] }]\n';

function useCache(dir: string | undefined): void {
  if (dir === undefined) process.env.SOCIALGEN_NO_PARSE_CACHE = '1';
  else process.env.SOCIALGEN_PARSE_CACHE_DIR = dir;
  enableDiskParseCache();
}
afterEach(() => {
  delete process.env.SOCIALGEN_NO_PARSE_CACHE;
  delete process.env.SOCIALGEN_PARSE_CACHE_DIR;
});

const entries = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8'));

describe('disk parse cache', () => {
  it('stores a parse once; a hit (any file name) is the value the reader gives, a fresh copy', () => {
    const dir = path.join(tmp.dir, 'cache');
    mkdirSync(dir, { mode: 0o700 });
    useCache(dir);
    const oracle = plainYaml('a.yaml', TEXT)!.value;
    let parses = 0;
    const parse = () => (parses++, plainYaml('a.yaml', TEXT));
    const first = cachedParse('reader', TEXT, parse);
    const second = cachedParse('reader', TEXT, parse);
    expect(parses).toBe(1);
    expect(entries(dir)).toHaveLength(1);
    for (const got of [first!.value, second!.value]) expect(isDeepStrictEqual(got, oracle)).toBe(true);
    expect(Object.is((second!.value as { a: number }).a, -0)).toBe(true);
    expect(Object.getPrototypeOf(second!.value)).toBe(Object.prototype);
    expect(Object.hasOwn(second!.value as object, '__proto__')).toBe(true);
    expect(second!.value).not.toBe(first!.value);
    // Through read.ts, under another file name: the same value, from the entry read.ts's reader wrote.
    const before = entries(dir).length;
    expect(isDeepStrictEqual(parseSpecText('b.yaml', TEXT).value, oracle)).toBe(true);
    expect(isDeepStrictEqual(parseSpecText('c.yaml', TEXT).value, oracle)).toBe(true);
    expect(entries(dir)).toHaveLength(before + 1);
    // Another reader (an upgraded js-yaml, an edited read.ts) does not take the entry.
    cachedParse('another reader', TEXT, parse);
    expect(parses).toBe(2);
  });

  it('a damaged entry is a miss, parsed again and replaced; a text that is not plain YAML is not stored', () => {
    const dir = path.join(tmp.dir, 'damaged');
    mkdirSync(dir, { mode: 0o700 });
    useCache(dir);
    cachedParse('reader', TEXT, () => plainYaml('a.yaml', TEXT));
    const [entry] = entries(dir);
    const data = readFileSync(path.join(dir, entry!));
    data[data.length - 3] ^= 0xff;
    writeFileSync(path.join(dir, entry!), data);
    let parses = 0;
    const again = cachedParse('reader', TEXT, () => (parses++, plainYaml('a.yaml', TEXT)));
    expect(parses).toBe(1);
    expect(isDeepStrictEqual(again!.value, plainYaml('a.yaml', TEXT)!.value)).toBe(true);
    expect(readFileSync(path.join(dir, entry!)).equals(data)).toBe(false);
    expect(cachedParse('reader', 'a: &x 1\nb: *x\n', () => plainYaml('alias.yaml', 'a: &x 1\nb: *x\n'))).toBeUndefined();
    expect(entries(dir)).toHaveLength(1);
  });

  it('a folder others may write to is not used; off, every call parses', () => {
    const shared = path.join(tmp.dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    let parses = 0;
    const parse = () => (parses++, plainYaml('a.yaml', TEXT));
    useCache(shared);
    cachedParse('reader', TEXT, parse);
    cachedParse('reader', TEXT, parse);
    expect(readdirSync(shared)).toEqual([]);
    useCache(undefined);
    cachedParse('reader', TEXT, parse);
    expect(parses).toBe(3);
  });

  it('the command writes the same bytes with the cache cold, warm and off (the split project spec)', { timeout: 60_000 }, () => {
    const dir = path.join(tmp.dir, 'command');
    const run = (out: string, env: NodeJS.ProcessEnv) => {
      const result = spawnSync(process.execPath, [socialgenBin, 'generate', '-q', '--target', 'types', '--no-format', '--spec', projectSpec, '--out', path.join(tmp.dir, out)], { env: { ...process.env, ...env }, encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      return readTree(path.join(tmp.dir, out));
    };
    const cold = run('cold', { SOCIALGEN_PARSE_CACHE_DIR: dir });
    // One entry a YAML file read: the spec's files and the repository's config file.
    expect(entries(dir).length).toBeGreaterThan(20);
    expect(run('warm', { SOCIALGEN_PARSE_CACHE_DIR: dir })).toEqual(cold);
    expect(run('off', { SOCIALGEN_NO_PARSE_CACHE: '1' })).toEqual(cold);
  });
});
