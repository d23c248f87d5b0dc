/**
 * Parsed YAML files (spec files, the config file) kept on disk across runs of the command (the watch's
 * in-memory ParseCache, read.ts, keeps them within one process). Reading YAML is the largest part of loading a
 * split spec: the bundled one's 26 files (180 kB) cost ~90-140 ms of js-yaml on every run (its code runs
 * cold, interpreted, in a fresh process), while the same values deserialized from V8's serialization take
 * ~5 ms. A spec's files rarely change between two runs (the edit-generate loop changes one of them).
 *
 * An entry is named by a SHA-256 of the reader's identity (read.ts: js-yaml's file and read.ts's own, so
 * an upgrade or an edit of the reading code misses) and the file's whole text, so an entry can only be
 * the value of that text under that reader: the file's path, time stamps and place do not matter. The
 * entry holds a SHA-256 of its payload, checked before use (a damaged entry is a miss, then rewritten).
 * Only values of plain YAML are kept (read.ts `plainYaml`): JSON parses faster than it deserializes, and
 * files that need the `yaml` reader carry its diagnostics and positions.
 *
 * Only the command uses it (bin/socialgen.js calls `enableDiskParseCache`); the library API and the tests
 * read every file. It lives in a folder of the OS temp dir that only the user may write (cache-dir.ts:
 * its values become generated code). SOCIALGEN_NO_PARSE_CACHE=1 turns it off; SOCIALGEN_PARSE_CACHE_DIR
 * puts it elsewhere.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { privateCacheDir, writeCacheFile } from '../cache-dir.ts';

let dir: string | undefined;

/** Turns the cache on for this process (the command does, at its start), or off with SOCIALGEN_NO_PARSE_CACHE set. */
export function enableDiskParseCache(): void {
  dir = process.env.SOCIALGEN_NO_PARSE_CACHE ? undefined : privateCacheDir('socialgen-parse-cache', `${process.version}-${process.arch}`, process.env.SOCIALGEN_PARSE_CACHE_DIR);
}

const DIGEST = 32;

/**
 * The value `parse` gives for `text` under `reader` (what identifies the reading code): from the cache
 * when an entry for both is there, else parsed and stored. `parse` returning undefined (the text is not
 * for this reader) is not stored.
 */
export function cachedParse(reader: string, text: string, parse: () => { value: unknown } | undefined): { value: unknown } | undefined {
  if (!dir) return parse();
  const entry = path.join(dir, `${createHash('sha256').update(reader).update('\0').update(text).digest('hex')}.v8`);
  const hit = readEntry(entry);
  if (hit) return hit;
  const parsed = parse();
  if (parsed) {
    const payload = serialize(parsed.value);
    writeCacheFile(entry, Buffer.concat([createHash('sha256').update(payload).digest(), payload]));
  }
  return parsed;
}

function readEntry(file: string): { value: unknown } | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const payload = data.subarray(DIGEST);
  if (data.length <= DIGEST || !createHash('sha256').update(payload).digest().equals(data.subarray(0, DIGEST))) return undefined;
  try {
    return { value: deserialize(payload) };
  } catch {
    return undefined;
  }
}
