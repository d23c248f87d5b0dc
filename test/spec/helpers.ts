// Shared helpers of the spec suites (test/spec/*.test.ts): where the files are,
// the bundled spec, JSON-pointer navigation, and a small Markdown table reader
// for the reference document.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, createConfig, type Config } from '@redocly/openapi-core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const specPath = path.join(repoRoot, 'spec/social-posting.openapi.yaml');
export const seedPath = path.resolve(repoRoot, '../shared/seed/social-posting-api-v2.md');

// The spec is plain JSON once parsed; `any` keeps the navigation code short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Redocly's `recommended` ruleset as a config (the YAML text of a redocly.yaml, which `createConfig` parses).
 * `createConfig` is called through the narrower signature of what is passed (its declared parameter is
 * `string | RawUniversalConfig`): resolving a call against that parameter made the compiler relate the
 * types @redocly/config derives from its JSON Schema, about 6 s of CPU, some 15% of strict
 * `tsc -p tsconfig.json`'s check time (test/generator/project-typecheck.test.ts), whatever the argument.
 */
export function recommendedConfig(): Promise<Config> {
  return (createConfig as unknown as (config: string) => Promise<Config>)('extends: [recommended]');
}

let bundled: Promise<Json> | undefined;

/**
 * The spec bundled into one document by Redocly (root + every relative `$ref`;
 * components keep their names, other refs become `#/components/...`). Cached:
 * callers must not mutate the result (use structuredClone to experiment).
 */
export function loadBundledSpec(): Promise<Json> {
  bundled ??= (async () => {
    const config = await recommendedConfig();
    const result = await bundle({ ref: specPath, config });
    if (result.problems.length > 0) {
      throw new Error(`bundling failed:\n${result.problems.map((p) => p.message).join('\n')}`);
    }
    return result.bundle.parsed as Json;
  })();
  return bundled;
}

/** Resolves an internal JSON pointer (`#/a/b`) against `doc`. */
export function resolvePointer(doc: Json, pointer: string): Json {
  if (!pointer.startsWith('#')) throw new Error(`not an internal pointer: ${pointer}`);
  const parts = pointer
    .slice(1)
    .split('/')
    .slice(1)
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = doc;
  for (const part of parts) {
    if (node === undefined || node === null) return undefined;
    node = node[part];
  }
  return node;
}

/** Follows `$ref`s (internal ones only, as in the bundled document) until a non-ref node. */
export function deref(doc: Json, node: Json): Json {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = resolvePointer(doc, current.$ref);
  }
  return current;
}

/** The name of the component a `$ref` points at (`#/components/schemas/Post` -> `Post`). */
export function refName(node: Json): string | undefined {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string') return undefined;
  return node.$ref.split('/').pop();
}

/**
 * A schema with its `allOf` parts merged: properties (later parts win, as
 * variants narrow their base), the union of `required`, and the other keywords
 * of the outermost schema.
 */
export function flatten(doc: Json, schema: Json): Json {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || !Array.isArray(s.allOf)) return s;
  const merged: Json = { ...s, properties: { ...(s.properties ?? {}) }, required: [...(s.required ?? [])] };
  delete merged.allOf;
  for (const part of s.allOf) {
    const p = flatten(doc, part);
    Object.assign(merged.properties, p.properties ?? {});
    merged.required.push(...(p.required ?? []));
    for (const key of ['type', 'discriminator']) if (merged[key] === undefined && p[key] !== undefined) merged[key] = p[key];
  }
  merged.required = [...new Set(merged.required)];
  return merged;
}

/**
 * Navigates `Schema.member.member[]...` through the bundled components:
 * `.name` enters a property (through allOf), `[]` enters array items.
 * Returns the dereferenced schema (with `raw`, the last step is returned as
 * written, so that a `$ref` can be inspected), or undefined when a step is
 * missing.
 */
export function schemaAt(doc: Json, dotted: string, opts: { raw?: boolean } = {}): Json {
  const tokens = [...dotted.matchAll(/\[\]|[^.[\]]+/g)].map((m) => m[0]);
  const [head, ...steps] = tokens;
  let node = doc.components?.schemas?.[head];
  if (steps.length > 0 || !opts.raw) node = deref(doc, node);
  steps.forEach((step, i) => {
    if (node === undefined || node === null) return;
    const next = step === '[]' ? deref(doc, node).items : flatten(doc, node)?.properties?.[step];
    node = opts.raw && i === steps.length - 1 ? next : deref(doc, next);
  });
  return node;
}

export function operation(doc: Json, method: string, p: string): Json {
  return doc.paths?.[p]?.[method.toLowerCase()];
}

/** All parameters of an operation (path-item level and operation level), dereferenced. */
export function parametersOf(doc: Json, method: string, p: string): Json[] {
  const item = doc.paths?.[p] ?? {};
  const op = item[method.toLowerCase()] ?? {};
  const all = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((x: Json) => deref(doc, x));
  // Operation-level parameters override path-level ones with the same name and location.
  const byKey = new Map<string, Json>();
  for (const prm of all) byKey.set(`${prm.in}:${prm.name}`, prm);
  return [...byKey.values()];
}

export function parameter(doc: Json, method: string, p: string, name: string): Json {
  return parametersOf(doc, method, p).find((x) => x.name === name);
}

/** Every operation of the document as [method, path, operation]. */
export function allOperations(doc: Json): Array<[string, string, Json]> {
  const out: Array<[string, string, Json]> = [];
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const m of HTTP_METHODS) if (item[m]) out.push([m.toUpperCase(), p, item[m]]);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Markdown

export function readSeed(): string {
  return fs.readFileSync(seedPath, 'utf8');
}

/**
 * The text of the section under the first heading whose text equals `title`
 * (any level), up to the next heading of the same or a higher level.
 */
export function section(md: string, title: string): string {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => /^#{1,6} /.test(l) && l.replace(/^#+ /, '').trim() === title);
  if (start < 0) throw new Error(`section not found in the reference: ${title}`);
  const level = /^#+/.exec(lines[start])![0].length;
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^(#+) /.exec(lines[i]);
    if (m && m[1].length <= level) {
      end = i;
      break;
    }
  }
  return lines.slice(start + 1, end).join('\n');
}

export interface Table {
  header: string[];
  rows: string[][];
}

/** The pipe tables of a Markdown text, cells trimmed, the separator row dropped. */
export function tables(md: string): Table[] {
  const out: Table[] = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('|') || !lines[i + 1]?.startsWith('|---')) continue;
    const cells = (l: string) =>
      l
        .trim()
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((c) => c.trim());
    const header = cells(lines[i]);
    const rows: string[][] = [];
    let j = i + 2;
    for (; j < lines.length && lines[j].startsWith('|'); j++) rows.push(cells(lines[j]));
    out.push({ header, rows });
    i = j;
  }
  return out;
}

/** Splits on `sep` outside parentheses, braces and brackets. */
export function splitTopLevel(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if ('({['.includes(ch)) depth++;
    if (')}]'.includes(ch)) depth--;
    if (ch === sep && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The contents of the `code spans` of a text. */
export function codeSpans(s: string): string[] {
  return [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

/** "a, b, and c" / "a, b or c" -> [a, b, c]. */
export function listWords(s: string): string[] {
  return s
    .split(/,\s*|\s+or\s+|\s+and\s+/)
    .map((w) => w.trim().replace(/^(and|or)\s+/, '').replace(/\.$/, ''))
    .filter(Boolean);
}
