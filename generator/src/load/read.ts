/**
 * Reading one file: JSON through JSON.parse (fast; positions computed lazily), YAML through `yaml` with
 * positions. Syntax errors become diagnostics with line and column; all of a file's errors are reported.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Diagnostic } from './diagnostics.ts';
import { SourceFile } from './source.ts';
import { cannotRead } from '../errors.ts';

// Through `require`, as in source.ts (an ES import of this CommonJS package scans it for export names).
const { LineCounter, parseDocument } = createRequire(import.meta.url)('yaml') as typeof import('yaml');

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
