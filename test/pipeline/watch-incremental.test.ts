/**
 * The watch's incremental emission (generator/src/emit-parallel/emit-cache.ts, emit/package/render-cache.ts)
 * against the oracle of a fresh one-shot run: for random edits of the bundled spec (a property added,
 * removed or renamed, a type changed, a `$ref` pointed elsewhere, a description changed), the watch's
 * bytes, with everything it keeps across runs (parse, format and emit caches and its emit worker), equal
 * those of a run that keeps nothing, every time. And the cache is never stale: an edit, its revert, an
 * edit of another file; an edit that leaves the model as it was emits nothing; a change of one target's
 * options emits that target alone. Random edits of annotations check the keys blind to schemas' texts
 * (emit-parallel/annotation-blind.ts): every text those keys blind, in component, parameter, body and
 * response schemas (long and empty ones too), and, as controls, the annotations no key blinds (an
 * operation's summary and description, a parameter's and a response's description, an example, `x-`
 * extensions).
 *
 * The worker is the compiled one (as in watch-worker.test.ts), so the pipeline is the compiled one too.
 * The random edits are seeded (SOCIALGEN_WATCH_SEED repeats a failing sequence; the seed is in every
 * failure message).
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** Where an annotation can be edited: a schema (and where it is held), an operation, a parameter, a response. */
type Site = { file: string; node: Record<string, unknown>; kind: 'schema' | 'operation' | 'parameter' | 'response'; holder?: 'component' | 'parameter' | 'body' | 'response' };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);
const SUBSCHEMA = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);
const SUBSCHEMAS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every editable site of one spec file's document. */
function sitesOf(file: string, document: unknown): Site[] {
  const out: Site[] = [];
  const schema = (node: unknown, holder: Site['holder']): void => {
    if (!isObject(node)) return;
    out.push({ file, node, kind: 'schema', holder });
    for (const [key, value] of Object.entries(node)) {
      if (SUBSCHEMA.has(key)) schema(value, holder);
      else if (SUBSCHEMAS.has(key) && Array.isArray(value)) value.forEach((v) => schema(v, holder));
      else if (SCHEMA_MAPS.has(key) && isObject(value)) Object.values(value).forEach((v) => schema(v, holder));
    }
  };
  const content = (node: unknown, holder: Site['holder']): void => {
    if (isObject(node)) for (const media of Object.values(node)) if (isObject(media)) schema(media.schema, holder);
  };
  const parameter = (node: unknown): void => {
    if (!isObject(node) || '$ref' in node) return;
    out.push({ file, node, kind: 'parameter' });
    schema(node.schema, 'parameter');
    content(node.content, 'parameter');
  };
  const response = (node: unknown): void => {
    if (!isObject(node) || '$ref' in node) return;
    out.push({ file, node, kind: 'response' });
    content(node.content, 'response');
    if (isObject(node.headers)) for (const header of Object.values(node.headers)) if (isObject(header)) schema(header.schema, 'response');
  };
  const operation = (node: unknown): void => {
    if (!isObject(node)) return;
    out.push({ file, node, kind: 'operation' });
    if (Array.isArray(node.parameters)) node.parameters.forEach(parameter);
    if (isObject(node.requestBody)) content(node.requestBody.content, 'body');
    if (isObject(node.responses)) Object.values(node.responses).forEach(response);
  };
  const pathItem = (node: unknown): void => {
    if (!isObject(node)) return;
    if (Array.isArray(node.parameters)) node.parameters.forEach(parameter);
    for (const [key, value] of Object.entries(node)) if (METHODS.has(key)) operation(value);
  };
  if (!isObject(document)) return out;
  const base = path.basename(file);
  if (path.basename(path.dirname(file)) === 'schemas') Object.values(document).forEach((v) => schema(v, 'component'));
  else if (base === 'parameters.yaml') Object.values(document).forEach(parameter);
  else if (base === 'responses.yaml') Object.values(document).forEach(response);
  else if (path.basename(path.dirname(file)) === 'paths') Object.values(document).forEach(pathItem);
  return out;
}

/** Every YAML file of the copied spec. */
function specFiles(dir = specDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? specFiles(path.join(dir, e.name)) : e.name.endsWith('.yaml') ? [path.join(dir, e.name)] : []));
}

/** A text of a random length: sometimes empty, sometimes longer than a schema the validators inline (400 characters of JSON). */
function randomText(pick: (n: number) => number, step: number): string {
  const length = [0, 3, 40, 120, 500][pick(5)]!;
  return `Annotation of edit ${step}. `.repeat(Math.ceil(length / 24)).slice(0, length);
}

/**
 * The annotation edits, each once in every round: the texts the blind keys blind (in schemas of each holder;
 * added where there is none, changed where there is one, removed), then controls that no key blinds.
 */
const ANNOTATION_EDITS = [
  { kind: 'schema', holder: 'component', field: 'description', mode: 'change' },
  { kind: 'schema', holder: 'parameter', field: 'description', mode: 'add' },
  { kind: 'schema', holder: 'parameter', field: 'description', mode: 'change' },
  { kind: 'schema', holder: 'response', field: 'description', mode: 'add' },
  { kind: 'schema', holder: 'response', field: 'description', mode: 'change' },
  { kind: 'schema', holder: 'body', field: 'description', mode: 'change' },
  { kind: 'schema', holder: 'component', field: 'title', mode: 'add' },
  { kind: 'schema', holder: 'component', field: 'title', mode: 'change' },
  { kind: 'schema', holder: 'parameter', field: 'title', mode: 'add' },
  { kind: 'schema', holder: 'component', field: '$comment', mode: 'add' },
  { kind: 'schema', holder: 'component', field: '$comment', mode: 'change' },
  { kind: 'schema', holder: 'component', field: 'description', mode: 'remove' },
  { kind: 'schema', holder: 'component', field: 'description', mode: 'change' },
  { kind: 'schema', holder: 'component', field: 'examples', mode: 'change' },
  { kind: 'schema', holder: 'component', field: 'x-edited', mode: 'add' },
  { kind: 'operation', field: 'summary', mode: 'change' },
  { kind: 'operation', field: 'description', mode: 'change' },
  { kind: 'operation', field: 'x-edited', mode: 'add' },
  { kind: 'parameter', field: 'description', mode: 'change' },
  { kind: 'parameter', field: 'example', mode: 'add' },
  { kind: 'response', field: 'description', mode: 'change' },
] as const;

/** The fields whose text the blind keys blind (in schemas). */
const BLINDED = new Set(['description', 'title', '$comment']);

/** Edit `step`: one annotation of a random site of the edit's kind, in place; returns what it did and whether the blind keys blind it. */
function randomAnnotationEdit(pick: (n: number) => number, step: number): { what: string; blinded: boolean } {
  const edit = ANNOTATION_EDITS[(step - 1) % ANNOTATION_EDITS.length]!;
  const documents = specFiles().map((file) => ({ file, document: YAML.parse(readFileSync(file, 'utf8')) as unknown }));
  const sites = documents
    .flatMap(({ file, document }) => sitesOf(file, document))
    .filter((s) => s.kind === edit.kind && (!('holder' in edit) || s.holder === edit.holder) && (edit.mode === 'add' ? !(edit.field in s.node) : edit.field in s.node));
  expect(sites.length, `edit ${step}: a site to ${edit.mode} the ${edit.kind}'s ${edit.field}`).toBeGreaterThan(0);
  const site = sites[pick(sites.length)]!;
  const text = randomText(pick, step);
  if (edit.mode === 'remove') delete site.node[edit.field];
  else if (edit.field === 'examples') site.node.examples = [text];
  else site.node[edit.field] = text;
  writeFileSync(site.file, YAML.stringify(documents.find((d) => d.file === site.file)!.document));
  const where = `${path.relative(specDir, site.file)}${'holder' in edit ? ` (a ${edit.holder} schema)` : ''}`;
  return {
    what: `edit ${step}: ${edit.mode === 'remove' ? 'removed' : `${edit.mode === 'add' ? 'added' : 'changed to'} ${text.length} characters`} the ${edit.kind}'s ${edit.field} in ${where}`,
    blinded: edit.kind === 'schema' && edit.mode === 'change' && BLINDED.has(edit.field),
  };
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
    // Only the types print schemas' descriptions: the other targets keep their files (annotation-blind.ts).
    expect(edited.timings.cached).toEqual(['validators', 'client', 'server']);
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

  it('a description that makes a schema too long to inline emits the validators again', { timeout: 240_000 }, async () => {
    const common = path.join(specDir, 'components/schemas/common.yaml');
    const original = readFileSync(common, 'utf8');
    const line = 'Unique identifier of a User. Returned as a string to avoid integer overflow.';
    expect(original).toContain(line);
    const before = (await watchedEqualsFresh('before the long description'))!;
    // UserId's JSON grows past the 400 characters up to which the validators inline it where it is referenced.
    writeFileSync(common, original.replace(line, 'Unique identifier of a User. '.repeat(16)));
    const long = (await watchedEqualsFresh('a long description of UserId'))!;
    expect(long.files.get('validators/src/compiled.ts')).not.toBe(before.files.get('validators/src/compiled.ts'));
    expect(long.timings.cached).not.toContain('validators');
    writeFileSync(common, original);
    await watchedEqualsFresh('the description restored');
  });

  it('random edits of annotations: the watch writes the bytes of a fresh run, every time', { timeout: 480_000 }, async () => {
    await watchedEqualsFresh('before the annotation edits');
    const pick = random(SEED + 1);
    // Changes of a blinded text that the validators took from the cache: the blind keys were exercised.
    let blindHits = 0;
    for (let step = 1; step <= 2 * ANNOTATION_EDITS.length; step++) {
      const { what, blinded } = randomAnnotationEdit(pick, step);
      const result = await watchedEqualsFresh(what);
      if (blinded && result?.timings.cached.includes('validators')) blindHits++;
    }
    expect(blindHits, `changes of a blinded text served from the cache (seed ${SEED})`).toBeGreaterThan(0);
  });
});
