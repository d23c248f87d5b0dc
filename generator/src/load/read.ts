/**
 * Reading one file: JSON through JSON.parse (fast; positions computed lazily). YAML through js-yaml first
 * (its YAML 1.2 core schema, the one `yaml` applies: 4-5× less CPU than `yaml`'s parse into a document on
 * a cold start, a sixth of the bundled spec's generation), positions then computed lazily as for JSON;
 * whatever js-yaml does not take as plain data (see `plainYaml`) goes through `yaml` with positions, which
 * reports syntax errors with line and column (all of a file's errors).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Diagnostic } from './diagnostics.ts';
import { SourceFile } from './source.ts';
import { cannotRead } from '../errors.ts';

// Through `require`, as in source.ts (an ES import of this CommonJS package scans it for export names),
// and on first use: a JSON spec needs neither reader, a plain YAML one not `yaml` (~50 ms to load).
const require = createRequire(import.meta.url);
type JsYaml = typeof import('js-yaml');
let jsYaml: JsYaml | undefined;

export interface ReadResult {
  source: SourceFile;
  value: unknown;
  diagnostics: Diagnostic[];
}

export function readSpecFile(file: string, text?: string): ReadResult {
  let content: string;
  try {
    content = text ?? readFileSync(file, 'utf8');
  } catch (error) {
    return { source: new SourceFile(file, ''), value: undefined, diagnostics: [{ severity: 'error', code: 'read', file, message: cannotRead(error) }] };
  }
  if (content.charCodeAt(0) === 0xfeff) content = content.slice(1);
  return parseSpecText(file, content);
}

/**
 * Parsed files by path, kept across loads by a caller that loads repeatedly (`generate --watch`): a file
 * whose text has not changed is not parsed again. Loading mutates the values it is given (bundling,
 * `$id` resolution), so the cache keeps a pristine copy and hands out clones.
 */
export type ParseCache = Map<string, { text: string; result: ReadResult }>;

/** `readSpecFile` through a cache (see ParseCache); without one, just `readSpecFile`. */
export function readSpecFileCached(file: string, cache: ParseCache | undefined): ReadResult {
  if (!cache) return readSpecFile(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    cache.delete(file);
    return readSpecFile(file);
  }
  const hit = cache.get(file);
  if (hit && hit.text === text) return { ...hit.result, value: structuredClone(hit.result.value), diagnostics: [...hit.result.diagnostics] };
  const result = readSpecFile(file, text);
  cache.set(file, { text, result: { ...result, value: structuredClone(result.value) } });
  return result;
}

export function parseSpecText(file: string, content: string): ReadResult {
  const source = new SourceFile(file, content);
  const trimmed = content.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { source, value: JSON.parse(content), diagnostics: [] };
    } catch {
      // Fall through: the YAML parser (a JSON superset) reports the error with a position.
    }
  }
  const plain = plainYaml(file, content);
  if (plain !== undefined) return { source, value: plain.value, diagnostics: [] };
  const { LineCounter, parseDocument } = require('yaml') as typeof import('yaml');
  const lines = new LineCounter();
  const doc = parseDocument(content, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  source.adopt(doc, lines);
  const diagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const pos = lines.linePos(error.pos[0]);
    const message = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    diagnostics.push({ severity: 'error', code: 'yaml-syntax', file, line: pos.line, column: pos.col, message: `YAML: ${message}` });
  }
  for (const warning of doc.warnings) {
    const pos = lines.linePos(warning.pos[0]);
    diagnostics.push({ severity: 'warning', code: 'yaml-warning', file, line: pos.line, column: pos.col, message: `YAML: ${warning.message.split('\n')[0]}` });
  }
  if (diagnostics.some((d) => d.severity === 'error')) return { source, value: undefined, diagnostics };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 1000 });
  } catch (error) {
    diagnostics.push({ severity: 'error', code: 'yaml-syntax', file, line: 1, column: 1, message: `YAML: ${(error as Error).message}` });
  }
  return { source, value, diagnostics };
}

/**
 * The value of a YAML text that is plain data, read by js-yaml with the YAML 1.2 core schema (what `yaml`
 * resolves scalars with); undefined for anything else, which `yaml` then reads: text js-yaml rejects
 * (syntax errors, duplicate keys, nesting deeper than 100, more than one document), directives (`%YAML
 * 1.1` changes the schema `yaml` uses), tags (`yaml` warns about some js-yaml takes), aliases (`yaml`
 * bounds their expansion, `maxAliasCount`; js-yaml is told to reject them all), and the two places where
 * the readers differ on plain data (strictCoreSchema). test/load/yaml-fast-path.test.ts holds the two readers to
 * the same value on every YAML file of the corpus and on edge cases of the core schema.
 */
export function plainYaml(file: string, content: string): { value: unknown } | undefined {
  if (/^%|(?:^|[\s[{,])!/m.test(content)) return undefined;
  jsYaml ??= require('js-yaml') as JsYaml;
  strictCore ??= strictCoreSchema(jsYaml);
  try {
    return { value: jsYaml.load(content, { filename: file, schema: strictCore, maxAliases: 0 }) };
  } catch {
    return undefined;
  }
}

/** Plain scalars the core schema reads as numbers (YAML 1.2.2, 10.3.2), in a double's range or not. */
const CORE_INT = /^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$/;
const CORE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

type ScalarTag = JsYaml['intCoreTag'];

/** The number tag, throwing where it would leave a number beyond a double's range as text. */
function finite(jsYaml: JsYaml, tag: ScalarTag, pattern: RegExp): ScalarTag {
  return jsYaml.defineScalarTag(tag.tagName, {
    ...tag,
    resolve: (source, explicit, tagName) => {
      const value = tag.resolve(source, explicit, tagName);
      if (value === jsYaml.NOT_RESOLVED && pattern.test(source)) throw new RangeError(`${source} is beyond a double's range`);
      return value;
    },
  });
}

/**
 * js-yaml's core schema, refusing (so that `yaml` reads the file) what the two readers make different
 * values of: a null key (`~: x`: js-yaml names it "null", `yaml` "") and a number beyond a double's range
 * (`1e400`: js-yaml keeps the text, `yaml` makes it Infinity).
 */
function strictCoreSchema(jsYaml: JsYaml): InstanceType<JsYaml['Schema']> {
  return jsYaml.CORE_SCHEMA.withTags(
    jsYaml.defineMappingTag(jsYaml.mapTag.tagName, {
      ...jsYaml.mapTag,
      addPair: (container, key, value) => (key === null ? 'a null key' : jsYaml.mapTag.addPair(container, key, value)),
    }),
    finite(jsYaml, jsYaml.intCoreTag, CORE_INT),
    finite(jsYaml, jsYaml.floatCoreTag, CORE_FLOAT),
  );
}
let strictCore: ReturnType<typeof strictCoreSchema> | undefined;
