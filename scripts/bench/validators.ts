/**
 * Validators speed (issues 4, 26.8): our generated validators against Ajv's compiled ones, same schemas,
 * same payloads, one process, each error mode against Ajv's same mode, timed by the process's CPU time.
 * Realistic objects with every optional member present, valid and with one wrong-typed nested member: the
 * spec's Post (as a real server returns it, test/traffic/resources.ts) and GitHub's issue and pull request
 * (the spec's own examples, members they leave out filled from the schema); a bookmarks response
 * (`getUserBookmarks`, 200) with 100 posts and full `includes`; the same with one error deep inside.
 * Prints calls per CPU second ("ops/s", each contender's median over the rounds) and ratios: each contender
 * runs once per round, in turn (reversed every other round), and a ratio is the median of its per-round
 * ratios, printed with them (`compare`).
 * Targets: ≥ 1.5× Ajv on valid payloads, ≥ 1× on invalid ones (issue 4); issue 25: every ratio ≥ 1.5×.
 *
 * Ajv runs its default configuration (allErrors off, own-property checks off, formats from ajv-formats),
 * and `allErrors: true` for the comparison with our default (which collects all errors). The OpenAPI
 * `discriminator` is dropped for Ajv (plain oneOf), as Ajv cannot use a mapping-based discriminator.
 *
 * Run: `npm run bench -- validators` (or `npx tsx scripts/bench/validators.ts`). `BENCH_PROFILE=post|postfirst|
 * postbroken|postbrokenfirst|bookmarks|nofmt|nofmtbase|ajv|ajvpost` runs one contender in a loop instead, for
 * `node --cpu-prof --import tsx`. `BENCH_GITHUB=0` leaves out the GitHub rows (they emit GitHub's validators
 * first, about a minute on a loaded machine).
 * `BENCH_SAVE=<file>` saves the emitted package; `BENCH_BASELINE=<file>` measures such a saved package (from
 * other code: a baseline) beside this one in the same run, as `base ...` rows; `BENCH_ROWS=1,3` runs only those rows.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadModel } from '../../generator/src/index.ts';
import { fullPost } from '../../test/traffic/resources.ts';
import { validatorsEmitter } from '../../generator/src/emit/validators/index.ts';
import type { EmittedFile } from '../../generator/src/emit/emitter.ts';
import { createEmitContext } from '../../generator/src/emit/emitter.ts';
import type { ApiModel, Schema, SchemaObject } from '../../generator/src/model/types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = path.join(root, 'spec/social-posting.openapi.yaml');
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const AJV_ROOT = 'urn:bench:api';
const GITHUB = path.resolve(root, '../shared/corpus/specs/github/api.github.com.octokit-openapi-23.0.2.json');

// ---------------------------------------------------------------------------------------------------
// Loading our generated package (bundled in memory, imported as an ES module)
// ---------------------------------------------------------------------------------------------------

async function importGenerated(files: EmittedFile[]): Promise<Record<string, any>> {
  const map = new Map(files.map((f) => [f.path, f.contents]));
  const result = await build({
    stdin: { contents: map.get('src/index.ts')!, loader: 'ts', resolveDir: '/v/src', sourcefile: 'src/index.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'silent',
    plugins: [{
      name: 'virtual',
      setup(b) {
        b.onResolve({ filter: /^\.\// }, (args) => ({ path: `src/${args.path.slice(2).replace(/\.js$/, '.ts')}`, namespace: 'v' }));
        b.onResolve({ filter: /^[^.]/ }, (args) => ({ path: args.path, external: true }));
        b.onLoad({ filter: /.*/, namespace: 'v' }, (args) => ({ contents: map.get(args.path)!, loader: 'ts', resolveDir: '/v/src' }));
      },
    }],
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

// ---------------------------------------------------------------------------------------------------
// Ajv on the same schemas
// ---------------------------------------------------------------------------------------------------

function forAjv(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forAjv);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'discriminator') continue;
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? AJV_ROOT + v : k === 'enum' || k === 'const' ? v : forAjv(v);
  }
  return out;
}

function ajvFor(model: ApiModel, allErrors: boolean, validateFormats = true): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors, validateFormats });
  addFormats(ajv);
  const schemas: Record<string, unknown> = {};
  for (const s of model.schemas) schemas[s.key] = forAjv(s.schema);
  ajv.addSchema({ $id: AJV_ROOT, components: { schemas } });
  return ajv;
}

// ---------------------------------------------------------------------------------------------------
// Payloads: every property filled, deterministically
// ---------------------------------------------------------------------------------------------------

const FORMAT_SAMPLES: Record<string, (n: number) => string> = {
  'date-time': (n) => new Date(Date.UTC(2024, n % 12, 1 + (n % 28), n % 24, n % 60, n % 60)).toISOString(),
  date: (n) => `2024-0${1 + (n % 9)}-1${n % 10}`,
  uri: (n) => `https://example.com/media/${n}?size=large`,
  email: (n) => `user${n}@example.com`,
  uuid: (n) => `123e4567-e89b-42d3-a456-${String(426614174000 + n).padStart(12, '0')}`,
  hostname: (n) => `host${n}.example.com`,
};

class Filler {
  private readonly byKey: Map<string, Schema>;
  constructor(model: ApiModel, private readonly arrayLength = 2) {
    this.byKey = new Map(model.schemas.map((s) => [s.key, s.schema]));
  }

  resolve(ref: string): Schema {
    return this.byKey.get(ref.slice(ref.lastIndexOf('/') + 1))!;
  }

  value(schema: Schema, n: number, depth = 0): unknown {
    if (schema === true || schema === false || depth > 40) return null;
    const s = schema as SchemaObject;
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum)) return s.enum[0];
    const parts: unknown[] = [];
    if (s.$ref) parts.push(this.value(this.resolve(s.$ref), n, depth + 1));
    for (const m of s.allOf ?? []) parts.push(this.value(m, n, depth + 1));
    const branches = s.oneOf ?? s.anyOf;
    if (s.discriminator?.mapping) {
      const entries = Object.entries(s.discriminator.mapping);
      const [tag, ref] = entries[n % entries.length];
      const v = this.value(this.resolve(ref), n, depth + 1) as Record<string, unknown>;
      v[s.discriminator.propertyName] = tag;
      parts.push(v);
    } else if (branches?.length) parts.push(this.value(branches[0], n, depth + 1));
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
    if (type) parts.push(this.typed(type, s, n, depth));
    if (!parts.length) return `any ${n}`;
    const objects = parts.filter((p) => typeof p === 'object' && p !== null && !Array.isArray(p));
    return objects.length === parts.length ? Object.assign({}, ...objects) : parts[parts.length - 1];
  }

  private typed(type: string, s: SchemaObject, n: number, depth: number): unknown {
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [k, sub] of Object.entries(s.properties ?? {})) out[k] = this.value(sub, n + k.length, depth + 1);
        return out;
      }
      case 'array': {
        const length = Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? this.arrayLength, this.arrayLength));
        const items: unknown[] = [];
        const seen = new Set<string>();
        for (let i = 0; items.length < length && i < length * 20; i++) {
          const item = this.value(s.items ?? true, n * 7 + i, depth + 1);
          if (s.uniqueItems && seen.has(JSON.stringify(item))) continue;
          seen.add(JSON.stringify(item));
          items.push(item);
        }
        return items;
      }
      case 'string': {
        if (s.format && FORMAT_SAMPLES[s.format]) return FORMAT_SAMPLES[s.format](n);
        if (s.pattern) return fc.sample(fc.stringMatching(new RegExp(s.pattern, 'u')), { numRuns: 1, seed: n })[0];
        return `text ${n}`.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? Infinity);
      }
      case 'integer': return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 1e9, 100 + n));
      case 'number': return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 1e9, 1.5 + n));
      case 'boolean': return n % 2 === 0;
      default: return null;
    }
  }
}

/** The path to the first deepest scalar inside `value` (where the bench plants its error). */
function deepestScalar(value: unknown, at: (string | number)[] = []): (string | number)[] {
  let best = at;
  const children: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : typeof value === 'object' && value !== null ? Object.entries(value) : [];
  for (const [k, v] of children) {
    const p = deepestScalar(v, [...at, k]);
    if (p.length > best.length || (best === at && children.length)) best = p;
  }
  return best;
}

/** A copy of `value` whose deepest scalar has the wrong type (a string becomes a number, others a string). */
function withWrongType(value: unknown): { broken: unknown; at: string } {
  // Through JSON, as a payload arrives: no object shared between members (fullPost shares its entities).
  const broken = JSON.parse(JSON.stringify(value)) as Record<string, any>;
  const at = deepestScalar(broken);
  const parent = at.slice(0, -1).reduce<any>((o, k) => o[k], broken);
  const key = at[at.length - 1];
  parent[key] = typeof parent[key] === 'string' ? 42 : String(parent[key]);
  return { broken, at: at.join('/') };
}

// ---------------------------------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------------------------------

/** CPU milliseconds this process has used (user + system). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Calls of `fn` per second of CPU time, over `ms` of CPU time. CPU time, not wall time: on a busy machine
 * the wall clock also counts the time this process waits for a core, which swings the ratios between
 * identical runs (±20% at load 4); the CPU time each contender spends does not depend on the neighbours.
 */
function opsPerSecond(fn: () => unknown, ms: number): number {
  let iterations = 0;
  let batch = 1;
  const start = cpuMs();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < batch; i++) fn();
    iterations += batch;
    elapsed = cpuMs() - start;
    if (elapsed < ms / 10) batch *= 2;
  }
  return (iterations / elapsed) * 1000;
}

/** Each contender's ops/s per round; each ratio's per-round values (`a / b` in the same round), sorted. */
interface Comparison {
  ops: Record<string, number[]>;
  ratios: number[][];
}

/**
 * Every contender timed once per round, in turn; odd rounds run them in reverse order, so that neither side
 * of a ratio always runs first (a slow window, or a contender that leaves garbage or cold caches to the next,
 * weighs on both alike). A ratio is judged per round, ours against Ajv's measured next to it: the host's
 * speed drifts within minutes, and a ratio of medians taken over the whole row compared one moment's Ajv with
 * another moment's ours (scripts/bench/_measure.ts says the same of the types bench).
 */
function compare(contenders: Record<string, () => unknown>, ratios: [string, string][], rounds = 7, ms = 300): Comparison {
  const names = Object.keys(contenders);
  const ops: Record<string, number[]> = {};
  for (const name of names) {
    opsPerSecond(contenders[name]!, 200);
    ops[name] = [];
  }
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 === 0 ? names : [...names].reverse()) ops[name]!.push(opsPerSecond(contenders[name]!, ms));
  }
  return { ops, ratios: ratios.map(([a, b]) => ops[a]!.map((x, r) => x / ops[b]![r]!).sort((x, y) => x - y)) };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function fmt(ops: number): string {
  return ops >= 1e6 ? `${(ops / 1e6).toFixed(2)}M` : ops >= 1e3 ? `${(ops / 1e3).toFixed(1)}k` : ops.toFixed(0);
}

type Row = [string, Record<string, () => unknown>, [string, string][]];
type Validate = (value: unknown, options?: object) => { valid: boolean };

/** One object shape's validators: ours (`validate<X>`, `is<X>`) and Ajv's (first error, all errors). */
interface Shape {
  label: string;
  validate: Validate;
  is: (value: unknown) => boolean;
  ajv: [first: ValidateFunction, all: ValidateFunction];
  /** The same validators from the baseline package (BENCH_BASELINE), for the project spec's shapes. */
  base?: { validate: Validate; is: (value: unknown) => boolean };
  value: unknown;
}

/** Rows for one shape: every optional member present, valid; and with one wrong-typed nested member. */
function shapeRows(shape: Shape): Row[] {
  const { validate, is, ajv, value, base } = shape;
  const { broken, at } = withWrongType(value);
  const agreeOn = (what: string, v: unknown, expected: boolean, checks: boolean[]) => {
    if (checks.some((c) => c !== expected)) throw new Error(`bench payload "${shape.label}, ${what}" is not ${expected ? 'valid' : 'invalid'} for every validator: ${checks}`);
  };
  agreeOn('valid', value, true, [validate(value).valid, validate(value, { allErrors: false }).valid, is(value), ajv[0](value), ajv[1](value)]);
  agreeOn(`wrong type at ${at}`, broken, false, [validate(broken).valid, validate(broken, { allErrors: false }).valid, is(broken), ajv[0](broken), ajv[1](broken)]);
  console.log(`payload ${shape.label}: ${(JSON.stringify(value).length / 1024).toFixed(1)} KB, wrong type at /${at}`);
  const FIRST = { allErrors: false };
  const valid: Row = [`${shape.label}, every optional member present, valid`, {
    'ours validate (all errors, default)': () => validate(value),
    'ours validate (allErrors: false)': () => validate(value, FIRST),
    'ours is': () => is(value),
    'ajv': () => ajv[0](value),
    'ajv allErrors': () => ajv[1](value),
  }, [['ours validate (all errors, default)', 'ajv allErrors'], ['ours validate (allErrors: false)', 'ajv'], ['ours is', 'ajv']]];
  const invalid: Row = [`${shape.label}, one wrong-typed nested member (/${at})`, {
    'ours validate (all errors, default)': () => validate(broken),
    'ours validate (allErrors: false)': () => validate(broken, FIRST),
    'ajv': () => ajv[0](broken),
    'ajv allErrors': () => ajv[1](broken),
  }, [['ours validate (all errors, default)', 'ajv allErrors'], ['ours validate (allErrors: false)', 'ajv']]];
  if (base) {
    Object.assign(valid[1], { 'base validate (all errors, default)': () => base.validate(value), 'base validate (allErrors: false)': () => base.validate(value, FIRST), 'base is': () => base.is(value) });
    valid[2].push(['base validate (all errors, default)', 'ajv allErrors'], ['base validate (allErrors: false)', 'ajv'], ['base is', 'ajv']);
    Object.assign(invalid[1], { 'base validate (all errors, default)': () => base.validate(broken), 'base validate (allErrors: false)': () => base.validate(broken, FIRST) });
    invalid[2].push(['base validate (all errors, default)', 'ajv allErrors'], ['base validate (allErrors: false)', 'ajv']);
  }
  return [valid, invalid];
}

/**
 * Adds to `value`, at every depth, the members of the schema-filled `filled` it lacks (an array's items each
 * from the filled array's first item): the spec's examples leave out optional members, and GitHub's
 * pull-request example even a required one (`requested_teams[0].type`).
 */
function completeWith(value: unknown, filled: unknown): void {
  if (Array.isArray(value)) {
    if (Array.isArray(filled) && filled.length) for (const item of value) completeWith(item, filled[0]);
    return;
  }
  if (typeof value !== 'object' || value === null || typeof filled !== 'object' || filled === null || Array.isArray(filled)) return;
  const target = value as Record<string, unknown>;
  for (const [k, v] of Object.entries(filled)) {
    if (!(k in target)) target[k] = v;
    else completeWith(target[k], v);
  }
}

/**
 * GitHub's issue and pull request: the spec's own examples (`components.examples`), with the members they
 * leave out filled from the schema at every depth, so every optional member is present. Emits GitHub's whole validators
 * package, as a user gets it.
 */
async function githubShapes(): Promise<Shape[]> {
  const { model } = await loadModel(GITHUB);
  const context = createEmitContext({ packages: { scope: 'gh', names: { types: '@gh/types', validators: '@gh/validators' }, version: '0.0.0' }, options: {}, generatorVersion: 'bench' });
  const ours = await importGenerated(validatorsEmitter.emit(model, context));
  const ajvFirst = ajvFor(model, false);
  const ajvAll = ajvFor(model, true);
  const document = JSON.parse(readFileSync(GITHUB, 'utf8')) as { components: { examples: Record<string, { value: Record<string, unknown> }> } };
  const filler = new Filler(model);
  const shapes: Shape[] = [];
  for (const key of ['issue', 'pull-request']) {
    const entry = model.schemas.find((s) => s.key === key)!;
    const example = structuredClone(document.components.examples[key].value);
    completeWith(example, filler.value({ $ref: `#/components/schemas/${key}` }, 1));
    const name = entry.typeName;
    shapes.push({
      label: `GitHub ${key}`,
      validate: ours[`validate${name}`],
      is: ours[`is${name}`],
      ajv: [ajvFirst.getSchema(`${AJV_ROOT}#/components/schemas/${key}`)!, ajvAll.getSchema(`${AJV_ROOT}#/components/schemas/${key}`)!],
      value: example,
    });
  }
  return shapes;
}

export async function run(): Promise<void> {
  const { model } = await loadModel(SPEC);
  const context = createEmitContext({ packages: { scope: 'social-posting', names: { types: '@social-posting/types', validators: '@social-posting/validators', client: '@social-posting/client', server: '@social-posting/server' }, version: '0.0.0' }, options: {}, generatorVersion: 'bench' });
  // INLINE_LIMIT=n measures the config's options.validators.inlineLimit; PROPERTY_TABLES=0 errors functions
  // with every property test compiled (the tests-only `propertyTables: false`), for the tables' trade-off.
  const options = { ...(process.env.INLINE_LIMIT ? { inlineLimit: Number(process.env.INLINE_LIMIT) } : {}), ...(process.env.PROPERTY_TABLES === '0' ? { propertyTables: false } : {}) };
  const emitted = validatorsEmitter.emit(model, { ...context, options });
  if (process.env.BENCH_SAVE) writeFileSync(process.env.BENCH_SAVE, JSON.stringify(emitted));
  const ours = await importGenerated(emitted);
  // Another emit of the same spec (saved with BENCH_SAVE from other code) measured in the same run, so a
  // change is compared with its baseline under the same load.
  const base = process.env.BENCH_BASELINE ? await importGenerated(JSON.parse(readFileSync(process.env.BENCH_BASELINE, 'utf8')) as EmittedFile[]) : undefined;
  const ajvFirst = ajvFor(model, false);
  const ajvAll = ajvFor(model, true);
  const ajvNoFormats = ajvFor(model, false, false);
  const op = model.operations.find((o) => o.operationId === 'getUserBookmarks')!;
  const bookmarksSchema = forAjv(op.responses.find((r) => r.status === '200')!.content[0].schema) as object;
  const ajv = {
    post: [ajvFirst.getSchema(`${AJV_ROOT}#/components/schemas/Post`)!, ajvAll.getSchema(`${AJV_ROOT}#/components/schemas/Post`)!] as ValidateFunction[],
    bookmarks: [ajvFirst.compile(bookmarksSchema), ajvAll.compile(bookmarksSchema), ajvNoFormats.compile(bookmarksSchema)],
  };
  type Response = (s: number, m: string, b: unknown, o?: object) => { valid: boolean };
  const response = ours.operationValidators[op.names.method].response as Response;
  const baseResponse = base?.operationValidators[op.names.method].response as Response | undefined;

  const filler = new Filler(model);
  // A Post as a real server returns it, every member the reference lists present.
  const post = fullPost(1);
  const postShape: Shape = {
    label: 'Post',
    validate: ours.validatePost,
    is: ours.isPost,
    ajv: [ajv.post[0], ajv.post[1]],
    base: base ? { validate: base.validatePost, is: base.isPost } : undefined,
    value: post,
  };
  const postRows = shapeRows(postShape);
  const brokenPost = withWrongType(post).broken;
  const bookmarks = filler.value(op.responses.find((r) => r.status === '200')!.content[0].schema, 3) as Record<string, any>;
  bookmarks.data = Array.from({ length: 100 }, (_, i) => filler.value({ $ref: '#/components/schemas/Post' }, 10 + i));
  const includes = new Filler(model, 10);
  bookmarks.includes = includes.value({ $ref: '#/components/schemas/Includes' }, 5);
  const broken = structuredClone(bookmarks);
  const at = deepestScalar(broken.data[50]);
  const parent = at.slice(0, -1).reduce<any>((o, k) => o[k], broken.data[50]);
  parent[at[at.length - 1]] = { unexpected: true };

  const agree = (label: string, value: unknown, expected: boolean, checks: boolean[]): void => {
    if (checks.some((c) => c !== expected)) throw new Error(`bench payload "${label}" is not ${expected ? 'valid' : 'invalid'} for every validator: ${checks}`);
  };
  agree("bookmarks", bookmarks, true, [response(200, 'application/json', bookmarks).valid, ajv.bookmarks[0](bookmarks), ajv.bookmarks[1](bookmarks)]);
  agree('bookmarks with an error', broken, false, [response(200, 'application/json', broken).valid, ajv.bookmarks[0](broken), ajv.bookmarks[1](broken)]);

  const sizes = [post, bookmarks].map((p) => `${(JSON.stringify(p).length / 1024).toFixed(1)} KB`);
  console.log(`payloads: Post ${sizes[0]}; bookmarks ${sizes[1]} (100 posts, includes: ${Object.entries(bookmarks.includes).map(([k, v]) => `${(v as unknown[]).length} ${k}`).join(', ')}); error at data/50/${at.join('/')}`);

  if (process.env.BENCH_PROFILE) {
    const which = process.env.BENCH_PROFILE;
    // `nofmtbase`: the baseline package's (BENCH_BASELINE) instead of ours.
    const first = { allErrors: false };
    const fn = which === 'postfirst' ? () => ours.validatePost(post, first) : which === 'postbroken' ? () => ours.validatePost(brokenPost) : which === 'postbrokenfirst' ? () => ours.validatePost(brokenPost, first) : which === 'nofmtbase' && baseResponse ? () => baseResponse(200, 'application/json', bookmarks, { formats: false }) : which === 'nofmt' ? () => response(200, 'application/json', bookmarks, { formats: false }) : which === 'ajv' ? () => ajv.bookmarks[0](bookmarks) : which === 'ajvpost' ? () => ajv.post[0](post) : which === 'post' ? () => ours.validatePost(post) : () => response(200, 'application/json', bookmarks);
    for (let i = 0; i < Number(process.env.BENCH_LOOPS ?? 6000); i++) fn();
    return;
  }
  const rows: Row[] = [
    ...postRows,
    ['bookmarks (100 posts + includes), valid', {
      'ours response': () => response(200, 'application/json', bookmarks),
      'ajv': () => ajv.bookmarks[0](bookmarks),
      'ajv allErrors': () => ajv.bookmarks[1](bookmarks),
    }, [['ours response', 'ajv']]],
    ['bookmarks, valid, formats not asserted (both sides)', {
      'ours response (formats: false)': () => response(200, 'application/json', bookmarks, { formats: false }),
      'ajv (validateFormats: false)': () => ajv.bookmarks[2](bookmarks),
    }, [['ours response (formats: false)', 'ajv (validateFormats: false)']]],
    ['bookmarks, one deep error', {
      'ours response (all errors, default)': () => response(200, 'application/json', broken),
      'ours response (allErrors: false)': () => response(200, 'application/json', broken, { allErrors: false }),
      'ajv': () => ajv.bookmarks[0](broken),
      'ajv allErrors': () => ajv.bookmarks[1](broken),
    }, [['ours response (all errors, default)', 'ajv allErrors'], ['ours response (allErrors: false)', 'ajv']]],
  ];
  if (base && baseResponse) {
    // Each row's contenders again, from the baseline: `base <name>`, with its ratios.
    const baseOf: Record<string, () => unknown> = {
      'ours response': () => baseResponse(200, 'application/json', bookmarks),
      'ours response (formats: false)': () => baseResponse(200, 'application/json', bookmarks, { formats: false }),
      'ours response (all errors, default)': () => baseResponse(200, 'application/json', broken),
      'ours response (allErrors: false)': () => baseResponse(200, 'application/json', broken, { allErrors: false }),
    };
    for (const row of rows.slice(postRows.length)) {
      for (const [a, b] of [...row[2]]) {
        row[1][`base ${a.slice(5)}`] = baseOf[a];
        row[2].push([`base ${a.slice(5)}`, b]);
      }
    }
  }
  if (process.env.BENCH_GITHUB !== '0' && existsSync(GITHUB)) for (const shape of await githubShapes()) rows.push(...shapeRows(shape));
  // `BENCH_ROWS=3,4` measures only those rows (1-based).
  const only = process.env.BENCH_ROWS?.split(',').map(Number);
  for (const [label, contenders, ratios] of rows.filter((_, i) => !only || only.includes(i + 1))) {
    const result = compare(contenders, ratios);
    console.log(`\n${label}`);
    for (const [name, ops] of Object.entries(result.ops)) console.log(`  ${name.padEnd(40)} ${fmt(median(ops)).padStart(8)} ops/s (median of ${ops.length} rounds)`);
    ratios.forEach(([a, b], i) => {
      const rounds = result.ratios[i]!;
      const ratio = median(rounds);
      console.log(`  ratio ${a} / ${b}: ${ratio.toFixed(2)}× (median of rounds: ${rounds.map((x) => x.toFixed(2)).join(', ')}; goal ≥ 1.5×: ${ratio >= 1.5 ? 'met' : 'MISSED'})`);
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
