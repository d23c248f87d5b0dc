/**
 * The printer's JSON layout: a value (package.json, tsconfig.json: built as objects) laid out as prettier's
 * `json` parser prints it, so the JSON files the targets write need no formatting pass (loading prettier
 * costs more than the whole rest of the package files) and no emitter decides a width or a line break.
 * prettier's rules for JSON: an object that had a line break between `{` and its first key (here: one the
 * caller names expanded) stays expanded, and so does every object or array around it; any other object or
 * array is printed on one line (`{ "a": 1 }`, `["a", "b"]`) when that line, with the comma after it, fits
 * the print width, else one member per line; strings, numbers and keys keep their JSON.stringify spelling
 * (a key's value never moves to the next line); no trailing commas.
 *
 * The layout is a document of prettier's own builders, printed by prettier's document printer (pretty-doc.ts
 * `printDoc`), so widths are measured as prettier measures them: any text, however hostile (wide and
 * zero-width characters, emoji, line separators, quotes and backslashes as JSON.stringify escapes them,
 * values far wider than a line), comes out as prettier prints it.
 *
 * Only what the package files hold is handled: an array holding numbers, objects or arrays (which prettier
 * lays out by other rules) makes `printJson` return undefined, and `jsonValueText` leaves that file to
 * prettier. test/packages/json-print.test.ts holds this to prettier's output on random documents, hostile
 * strings included.
 */
import { builders } from 'prettier/doc';
import { printDoc } from './pretty-doc.ts';

const { group, indent, line, softline, join } = builders;
type Doc = builders.Doc;

type JsonNode =
  | { kind: 'scalar'; raw: string }
  | { kind: 'object'; expanded: boolean; members: Array<{ key: string; value: JsonNode }> }
  | { kind: 'array'; items: JsonNode[] };

class Unsupported extends Error {}

/**
 * A value (what JSON.stringify takes: objects, arrays of strings, strings, numbers, booleans, null) as
 * prettier prints its JSON, where the objects `expanded` names (by their keys from the root, `[]` the root)
 * are written one member a line as if the source had broken them. Undefined where this printer does not
 * know prettier's layout (an array of numbers or objects).
 */
export function printJson(value: unknown, expanded: (at: readonly string[]) => boolean): string | undefined {
  try {
    return `${printDoc(layout(nodeOf(value, [], expanded)))}\n`;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** A JSON file's text and whether it is printed as prettier prints it (else the write stage formats it). */
export interface JsonFileText {
  text: string;
  formatted: boolean;
}

/**
 * `value` as a JSON file: `printJson`'s layout, formatted, or — for a shape it does not know — two-space
 * JSON left to prettier. `expanded` names the objects written one member a line whatever their width.
 */
export function jsonValueText(value: unknown, expanded: (at: readonly string[]) => boolean = () => false): JsonFileText {
  const text = printJson(value, expanded);
  return text === undefined ? { text: `${JSON.stringify(value, null, 2)}\n`, formatted: false } : { text, formatted: true };
}

function nodeOf(value: unknown, at: string[], expanded: (at: readonly string[]) => boolean): JsonNode {
  if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === 'string' || typeof item === 'boolean' || item === null)) throw new Unsupported();
    return { kind: 'array', items: value.map((item) => nodeOf(item, at, expanded)) };
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).filter(([, v]) => v !== undefined).map(([key, v]) => ({ key: JSON.stringify(key), value: nodeOf(v, [...at, key], expanded) }));
    return { kind: 'object', expanded: members.length > 0 && expanded(at), members };
  }
  const raw = JSON.stringify(value);
  if (raw === undefined) throw new Unsupported();
  return { kind: 'scalar', raw };
}

/** Must the node be printed expanded whatever the width: it, or something inside it, was expanded. */
function mustBreak(node: JsonNode): boolean {
  if (node.kind === 'object') return node.expanded || node.members.some((m) => mustBreak(m.value));
  return node.kind === 'array' && node.items.some(mustBreak);
}

/** The node's document: one line when it fits (with what follows it up to the next line break), else one member a line. */
function layout(node: JsonNode): Doc {
  if (node.kind === 'scalar') return node.raw;
  if (node.kind === 'array') {
    if (!node.items.length) return '[]';
    return group(['[', indent([softline, join([',', line], node.items.map(layout))]), softline, ']'], { shouldBreak: mustBreak(node) });
  }
  if (!node.members.length) return '{}';
  const members = node.members.map((m) => [m.key, ': ', layout(m.value)]);
  return group(['{', indent([line, join([',', line], members)]), line, '}'], { shouldBreak: mustBreak(node) });
}
