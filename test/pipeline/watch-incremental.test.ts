/**
 * The watch's incremental emission (generator/src/emit-parallel/emit-cache.ts, emit/package/render-cache.ts)
 * against the oracle of a fresh one-shot run: for random edits of the bundled spec (a property added,
 * removed or renamed, a type changed, a `$ref` pointed elsewhere, a description changed), the watch's
 * bytes, with everything it keeps across runs (parse, format and emit caches and its emit worker), equal
 * those of a run that keeps nothing, every time. And the cache is never stale: an edit, its revert, an
 * edit of another file; an edit that leaves the model as it was emits nothing; a change of one target's
 * options emits that target alone.
 *
 * The worker is the compiled one (as in watch-worker.test.ts), so the pipeline is the compiled one too.
 * The random edits are seeded (SOCIALGEN_WATCH_SEED repeats a failing sequence; the seed is in every
 * failure message).
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type * as Pipeline from '../../generator/src/pipeline.ts';
import type * as WatchWorkerModule from '../../generator/src/emit-parallel/watch-worker.ts';
import type * as EmitCacheModule from '../../generator/src/emit-parallel/emit-cache.ts';
import type { SocialgenConfig } from '../../generator/src/config.ts';
import { configFor } from '../helpers/generate.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';

const tmp = tempDir('socialgen-watch-incremental-');
const dist = (file: string) => pathToFileURL(path.join(repoRoot, 'generator/dist', file)).href;
const ALL_FOUR = ['types', 'validators', 'client', 'server'];
const SEED = Number(process.env.SOCIALGEN_WATCH_SEED ?? 20261129);
const EDITS = 6;

let pipeline: typeof Pipeline;
let emitCache: typeof EmitCacheModule;
let worker: WatchWorkerModule.WatchEmitWorker;
/** What the watch keeps across its runs (cli/commands/generate.ts). */
let kept: Pipeline.GenerateOptions;
let specDir: string;
let config: SocialgenConfig;

beforeAll(async () => {
  expect(existsSync(path.join(repoRoot, 'generator/dist/emit-parallel/worker.js')), 'the CLI is built (npm run build:cli)').toBe(true);
  pipeline = await import(dist('pipeline.js'));
  emitCache = await import(dist('emit-parallel/emit-cache.js'));
  const watchWorker: typeof WatchWorkerModule = await import(dist('emit-parallel/watch-worker.js'));
  // A machine with a core to spare whatever this one's load: the worker takes its share on every run.
  worker = watchWorker.watchEmitWorker({ machine: () => ({ cores: 2, load: 0 }) })!;
  kept = { worker, parseCache: new Map(), formatCache: new Map(), emitCache: new emitCache.EmitCache() };
  specDir = path.join(tmp.dir, 'spec');
  cpSync(path.join(repoRoot, 'spec'), specDir, { recursive: true });
  config = configFor(path.join(specDir, 'social-posting.openapi.yaml'), ALL_FOUR);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  tmp.remove();
});

/** The watch's run and a fresh run of the same config: the same files, or the same error. */
async function watchedEqualsFresh(what: string, runConfig = config): Promise<Pipeline.GenerateResult | undefined> {
  const outcome = (p: Promise<Pipeline.GenerateResult>) => p.then((result) => ({ result }), (error: Error) => ({ error: error.message }));
  const watched = await outcome(pipeline.generate(runConfig, undefined, kept));
  const fresh = await outcome(pipeline.generate(runConfig));
  if ('error' in fresh || 'error' in watched) {
    expect('error' in watched ? watched.error : 'files', `${what} (seed ${SEED})`).toBe('error' in fresh ? fresh.error : 'files');
    return undefined;
  }
  const differing = [...fresh.result.files].filter(([file, text]) => watched.result.files.get(file) !== text).map(([file]) => file);
  expect({ differing, files: [...watched.result.files.keys()] }, `${what} (seed ${SEED})`).toEqual({ differing: [], files: [...fresh.result.files.keys()] });
  return watched.result;
}

/** A small seeded generator (mulberry32): the same edits for the same seed. */
function random(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

type Properties = Record<string, Record<string, unknown>>;
interface ObjectSchema {
  properties: Properties;
  required?: string[];
}

const schemaFiles = () => ['users.yaml', 'posts.yaml', 'media.yaml', 'polls.yaml', 'places.yaml', 'topics.yaml', 'common.yaml'].map((f) => path.join(specDir, 'components/schemas', f));

/** Edit `step` of one random object schema's properties, in place; returns what it did. */
function randomEdit(pick: (n: number) => number, step: number): string {
  const files = schemaFiles();
  const file = files[pick(files.length)]!;
  const document = YAML.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const objects = Object.entries(document).filter((entry): entry is [string, ObjectSchema] => {
    const schema = entry[1] as Partial<ObjectSchema> | null;
    return typeof schema === 'object' && schema !== null && typeof schema.properties === 'object' && Object.keys(schema.properties).length > 0;
  });
  if (!objects.length) return randomEdit(pick, step);
  const [name, schema] = objects[pick(objects.length)]!;
  const keys = Object.keys(schema.properties);
  const key = keys[pick(keys.length)]!;
  const kinds = ['add', 'remove', 'rename', 'type', 'ref', 'description'] as const;
  // Every kind of edit once in six steps (the file, schema and property are the random part).
  const kind = kinds[(step - 1) % kinds.length]!;
  switch (kind) {
    case 'add':
      schema.properties[`added_${step}`] = { type: 'string', description: `Added by edit ${step}.` };
      break;
    case 'remove':
      delete schema.properties[key];
      if (schema.required) schema.required = schema.required.filter((r) => r !== key);
      break;
    case 'rename': {
      const renamed: Properties = {};
      for (const [k, v] of Object.entries(schema.properties)) renamed[k === key ? `${k}_renamed_${step}` : k] = v;
      schema.properties = renamed;
      if (schema.required) schema.required = schema.required.map((r) => (r === key ? `${r}_renamed_${step}` : r));
      break;
    }
    case 'type':
      schema.properties[key] = { type: schema.properties[key]?.type === 'integer' ? 'boolean' : 'integer' };
      break;
    case 'ref':
      schema.properties[key] = { $ref: path.basename(file) === 'common.yaml' ? '#/UserId' : './common.yaml#/UserId' };
      break;
    case 'description':
      schema.properties[key] = { ...schema.properties[key], description: `Edited by edit ${step}.` };
      break;
  }
  writeFileSync(file, YAML.stringify(document));
  return `edit ${step}: ${kind} ${name}.${key} in ${path.basename(file)}`;
}

describe('generate --watch emits incrementally, keyed by content', () => {
  it('random edits of the bundled spec: the watch writes the bytes of a fresh run, every time', { timeout: 240_000 }, async () => {
    await watchedEqualsFresh('the first run');
    const pick = random(SEED);
    for (let step = 1; step <= EDITS; step++) await watchedEqualsFresh(randomEdit(pick, step));
  });

  it('never stale: an edit, its revert, an edit of another file; an edit the model does not see emits nothing', { timeout: 240_000 }, async () => {
    const users = path.join(specDir, 'components/schemas/users.yaml');
    const common = path.join(specDir, 'components/schemas/common.yaml');
    const original = readFileSync(users, 'utf8');
    const before = (await watchedEqualsFresh('before the edits'))!;
    writeFileSync(users, original.replace('description: Display name.', 'description: Display name, edited.'));
    const edited = (await watchedEqualsFresh('a description edited'))!;
    expect(edited.files.get('types/src/schemas.ts')).toContain('Display name, edited.');
    writeFileSync(users, original);
    const reverted = (await watchedEqualsFresh('the edit reverted'))!;
    expect([...reverted.files]).toEqual([...before.files]);
    writeFileSync(common, readFileSync(common, 'utf8').replace('(without a leading @)', '(without the leading @)'));
    await watchedEqualsFresh('an edit of another file');
    // An operation's summary is in every package's README (its rendering is kept by its data: render-cache.ts).
    const news = path.join(specDir, 'paths/news.yaml');
    const newsText = readFileSync(news, 'utf8');
    writeFileSync(news, newsText.replace('summary: Search news stories', 'summary: Search the news stories'));
    const summary = (await watchedEqualsFresh('an operation summary edited'))!;
    for (const target of ['types', 'client', 'server']) expect(summary.files.get(`${target}/README.md`)).toContain('Search the news stories');
    writeFileSync(news, newsText);
    await watchedEqualsFresh('the summary reverted');
    // A comment and a blank line: the same model, so every target comes from the cache.
    writeFileSync(users, `# An edit the model does not see.\n\n${original}`);
    const unseen = (await watchedEqualsFresh('a comment added'))!;
    expect(unseen.timings.cached).toEqual(ALL_FOUR);
    writeFileSync(users, original);
  });

  it('a change of one target\'s options emits that target alone', { timeout: 240_000 }, async () => {
    await watchedEqualsFresh('before the option');
    const changed = (await watchedEqualsFresh('validators: propertyTables off', { ...config, options: { ...config.options, validators: { propertyTables: false } } }))!;
    expect(changed.timings.cached).toEqual(['types', 'client', 'server']);
    const back = (await watchedEqualsFresh('the option dropped again'))!;
    expect(back.timings.cached).toEqual(['types', 'client', 'server']);
  });
});
