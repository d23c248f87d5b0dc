/**
 * Parsed YAML files (spec files, the config file) kept on disk across runs of the command (the watch's
 * in-memory ParseCache, read.ts, keeps them within one process). Reading YAML is the largest part of loading a
 * split spec: the bundled one's 26 files (180 kB) cost ~90-140 ms of js-yaml on every run (its code runs
 * cold, interpreted, in a fresh process), while the same values deserialized from V8's serialization take
 * ~5 ms. A spec's files rarely change between two runs (the edit-generate loop changes one of them).
 *
 * An entry is kept per file (named by a SHA-256 of the reader's identity and the file's path, so the cache
 * holds one entry a file however often it changes) and holds a SHA-256 of the text it was parsed from: it
 * is used only for that very text, under that reader (read.ts: js-yaml's module and read.ts's own, so an
 * upgrade or an edit of the reading code misses). It also holds a SHA-256 of its payload, checked before
 * use (a damaged entry is a miss, then rewritten).
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

const sha256 = (data: string | Buffer): Buffer => createHash('sha256').update(data).digest();

/**
 * The value `parse` gives for `text`, the contents of `file`, under `reader` (what identifies the reading
 * code): from the cache when the file's entry was made from the same text by the same reader, else parsed
 * and stored. `parse` returning undefined (the text is not for this reader) is not stored.
 */
export function cachedParse(reader: string, file: string, text: string, parse: () => { value: unknown } | undefined): { value: unknown } | undefined {
  if (!dir) return parse();
  const entry = path.join(dir, `${createHash('sha256').update(reader).update('\0').update(file).digest('hex')}.v8`);
  const textDigest = sha256(text);
  const hit = readEntry(entry, textDigest);
  if (hit) return hit;
  const parsed = parse();
  if (parsed) {
    const payload = serialize(parsed.value);
    writeCacheFile(entry, Buffer.concat([textDigest, sha256(payload), payload]));
  }
  return parsed;
}

/** An entry is the text's digest, the payload's digest, and the value as V8 serialized it. */
function readEntry(file: string, textDigest: Buffer): { value: unknown } | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const payload = data.subarray(2 * DIGEST);
  if (data.length <= 2 * DIGEST || !data.subarray(0, DIGEST).equals(textDigest) || !sha256(payload).equals(data.subarray(DIGEST, 2 * DIGEST))) return undefined;
  try {
    return { value: deserialize(payload) };
  } catch {
    return undefined;
  }
}
