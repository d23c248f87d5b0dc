/**
 * Meaning, not text: a spec against itself, and against copies refactored without changing the contract —
 * bundled into one JSON file, every key reordered, component references inlined, inline schemas extracted
 * into components, split into files, a component renamed — reports nothing breaking (and no warnings).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { diffSides, loadSide, sideSource, type SideModel } from '../../generator/src/diff/index.ts';
import { corpusDir } from '../helpers/paths.ts';

const REPO = path.resolve(__dirname, '../..');
const SPECS = [
  path.join(REPO, 'spec/social-posting.openapi.yaml'),
  path.join(corpusDir, 'petstore/petstore-3.0.openapi.yaml'),
  path.join(corpusDir, 'petstore/petstore-3.1.design-first.yaml'),
].filter((f) => existsSync(f));

const work = mkdtempSync(path.join(tmpdir(), 'socialgen-diff-refactor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Doc = Record<string, unknown>;
const clone = <T>(v: T): T => structuredClone(v);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const PREFIX = '#/components/schemas/';
const keyOf = (ref: string): string => decodeURIComponent(ref.slice(PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~');

/** Every object key in reverse order; required / enum / parameters / tags / oneOf lists reversed too. */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    let v = reorder(value[key]);
    if (Array.isArray(v) && ['required', 'enum', 'parameters', 'tags', 'oneOf', 'anyOf'].includes(key)) v = [...v].reverse();
    out[key] = v;
  }
  return out;
}

/** Replaces `$ref`s to component schemas under `paths` with copies of the targets (one level; not inside oneOf/anyOf, where a discriminator may name the component). */
function inline(doc: Doc): Doc {
  const schemas = ((doc.components as Doc)?.schemas ?? {}) as Record<string, unknown>;
  const walk = (node: unknown, parentKey: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, parentKey));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string' && node.$ref.startsWith(PREFIX) && parentKey !== 'oneOf' && parentKey !== 'anyOf') {
      const target = schemas[keyOf(node.$ref)];
      if (isObject(target) && !('discriminator' in target)) {
        // 3.1 siblings of $ref apply together with the target: allOf, not an override.
        const { $ref: _r, ...siblings } = node;
        return Object.keys(siblings).length ? { allOf: [clone(target), siblings] } : clone(target);
      }
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = ['example', 'examples', 'enum', 'const', 'default'].includes(k) ? v : walk(v, k);
    return out;
  };
  return { ...doc, paths: walk(doc.paths, 'paths') };
}

/** Moves inline object schemas of request and response bodies into new components. */
function extract(doc: Doc): { doc: Doc; count: number } {
  const out = clone(doc);
  const components = ((out.components as Doc) ??= {});
  const schemas = ((components.schemas as Doc) ??= {});
  let count = 0;
  const walk = (node: unknown, parentKey: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, ''));
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'schema' && parentKey === 'media' && isObject(v) && v.$ref === undefined && (v.type === 'object' || v.properties)) {
        const name = `Extracted${++count}`;
        schemas[name] = v;
        node[k] = { $ref: `${PREFIX}${name}` };
      } else walk(v, k === 'content' ? 'content' : parentKey === 'content' ? 'media' : k);
    }
  };
  walk(out.paths, 'paths');
  return { doc: out, count };
}

/** Renames one component used by an operation (not a oneOf/anyOf member: a discriminator may use its name). */
function rename(doc: Doc): { doc: Doc; from: string; to: string } | undefined {
  const text = JSON.stringify(doc.paths);
  const schemas = ((doc.components as Doc)?.schemas ?? {}) as Record<string, unknown>;
  const unionMembers = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!isObject(node)) return;
    for (const k of ['oneOf', 'anyOf'] as const) for (const m of (node[k] as unknown[]) ?? []) if (isObject(m) && typeof m.$ref === 'string') unionMembers.add(keyOf(m.$ref));
    if (isObject(node.discriminator)) for (const t of Object.values((node.discriminator as Doc).mapping ?? {})) unionMembers.add(keyOf(String(t)));
    Object.values(node).forEach(collect);
  };
  collect(doc);
  const from = Object.keys(schemas).find((k) => !unionMembers.has(k) && text.includes(`"${PREFIX}${k}"`));
  if (!from) return undefined;
  const to = `${from}Renamed`;
  const swapped = JSON.parse(JSON.stringify(doc).split(`"${PREFIX}${from}"`).join(`"${PREFIX}${to}"`)) as Doc;
  const renamed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((swapped.components as Doc).schemas as Doc)) renamed[k === from ? to : k] = v;
  (swapped.components as Doc).schemas = renamed;
  return { doc: swapped, from, to };
}

/** Writes the component schemas to schemas.yaml and references them from the root. */
function split(doc: Doc, dir: string): string {
  const out = clone(doc);
  const schemas = ((out.components as Doc)?.schemas ?? {}) as Record<string, unknown>;
  const local = JSON.parse(JSON.stringify(schemas).split(`"${PREFIX}`).join('"#/')) as Doc;
  writeFileSync(path.join(dir, 'schemas.yaml'), stringify(local, { aliasDuplicateObjects: false }));
  (out.components as Doc).schemas = Object.fromEntries(Object.keys(schemas).map((k) => [k, { $ref: `./schemas.yaml#/${k.replace(/~/g, '~0').replace(/\//g, '~1')}` }]));
  const file = path.join(dir, 'openapi.yaml');
  writeFileSync(file, stringify(out, { aliasDuplicateObjects: false }));
  return file;
}

/**
 * The loader's bundled document keeps discriminator mappings as written (relative to the file they were
 * in); a standalone single-file copy needs them as `#/components/schemas/<name>`.
 */
function standalone(doc: Doc): Doc {
  const schemas = ((doc.components as Doc)?.schemas ?? {}) as Record<string, unknown>;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    const mapping = isObject(node.discriminator) ? (node.discriminator as Doc).mapping : undefined;
    if (isObject(mapping)) {
      for (const [value, target] of Object.entries(mapping)) {
        const name = String(target).split(/[#/]/).pop()!;
        if (!String(target).startsWith(PREFIX) && name in schemas) mapping[value] = `${PREFIX}${name}`;
      }
    }
    Object.values(node).forEach(walk);
  };
  walk(doc);
  return doc;
}

const NOW = new Date('2025-06-01T00:00:00Z');

async function side(file: string, name: 'base' | 'head'): Promise<SideModel> {
  return loadSide(sideSource(file, REPO), name, { cwd: REPO });
}

function write(dir: string, name: string, doc: Doc, asJson = false): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, asJson ? JSON.stringify(doc, null, 4) : stringify(doc, { aliasDuplicateObjects: false, indent: 4 }));
  return file;
}

describe.each(SPECS.map((f) => [path.basename(f), f]))('%s against refactored copies of itself', (name, file) => {
  const dir = path.join(work, name.replace(/\W+/g, '-'));
  let base: SideModel;
  let doc: Doc;
  const compare = async (headFile: string) => diffSides(base, await side(headFile, 'head'), { now: NOW });
  const quiet = (ids: string[], allowed: string[] = []) => expect(ids.filter((id) => !allowed.includes(id))).toEqual([]);

  it('against itself: nothing at all', async () => {
    base = await side(file, 'base');
    doc = standalone(clone(base.spec.document));
    const result = diffSides(base, await side(file, 'head'), { now: NOW });
    expect(result.changes).toEqual([]);
    expect(result.summary.semver).toBe('none');
  });

  it('bundled into one JSON file (reformatted, $refs joined): nothing', async () => {
    const result = await compare(write(dir, 'bundled.json', doc, true));
    quiet(result.changes.map((c) => c.id));
  });

  it('every key and list reordered: nothing', async () => {
    const result = await compare(write(dir, 'reordered.yaml', reorder(doc) as Doc));
    quiet(result.changes.map((c) => c.id));
  });

  it('component references inlined: nothing', async () => {
    const result = await compare(write(dir, 'inlined.yaml', inline(doc)));
    quiet(result.changes.map((c) => c.id));
  });

  it('inline body schemas extracted into components: only new generated types', async () => {
    const { doc: extracted, count } = extract(doc);
    const result = await compare(write(dir, 'extracted.yaml', extracted));
    quiet(result.changes.map((c) => c.id), ['schema-added']);
    expect(result.changes.filter((c) => c.id === 'schema-added').length).toBe(count);
  });

  it('split into files: nothing breaking', async () => {
    const splitDir = path.join(dir, 'split');
    mkdirSync(splitDir, { recursive: true });
    const result = await compare(split(doc, splitDir));
    expect(result.summary.breaking).toBe(0);
    expect(result.summary.warning).toBe(0);
    quiet(result.changes.map((c) => c.id));
  });

  it('a component renamed: only the rename', async () => {
    const renamed = rename(doc);
    if (!renamed) return;
    const result = await compare(write(dir, 'renamed.yaml', renamed.doc));
    expect(result.changes.map((c) => c.id)).toEqual(['schema-renamed']);
    expect(result.changes[0].message).toContain(`\`${renamed.from}\` was renamed to \`${renamed.to}\``);
    expect(result.summary.semver).toBe('major'); // the generated type is renamed
  });
});
