/**
 * The printer's JSON layout: a value (package.json built as an object) or JSON text (a rendered
 * tsconfig.json) laid out as prettier's `json` parser prints it, so the JSON files the targets write need
 * no formatting pass (loading prettier costs more than the whole rest of the package files) and no emitter
 * decides a width or a line break. prettier's rules for JSON: an object that had a line break between `{`
 * and its first key stays expanded, and so does every object or array around it; any other object or array
 * is printed on one line (`{ "a": 1 }`, `["a", "b"]`) when that line, with the comma after it, fits the
 * print width, else one member per line; strings, numbers and keys keep their spelling (a key's value never
 * moves to the next line); no trailing commas.
 *
 * The layout is a document of prettier's own builders, printed by prettier's document printer (pretty-doc.ts
 * `printDoc`), so widths are measured as prettier measures them: any text, however hostile (wide and
 * zero-width characters, emoji, line separators, quotes and backslashes as JSON.stringify escapes them,
 * values far wider than a line), comes out as prettier prints it.
 *
 * Only what the package files hold is handled: anything else (a blank line or comment between members, an
 * array holding numbers, objects or arrays, which prettier lays out by other rules) returns undefined, and
 * `jsonValueText`/`jsonText` leave that file to prettier. test/packages/json-print.test.ts holds this to
 * prettier's output on random documents, hostile strings included.
 */
import { builders } from 'prettier/doc';
import { printDoc } from './pretty-doc.ts';

const { group, indent, line, softline, join } = builders;
type Doc = builders.Doc;

type JsonNode =
  | { kind: 'scalar'; raw: string; number: boolean }
  | { kind: 'object'; expanded: boolean; members: Array<{ key: string; value: JsonNode }> }
  | { kind: 'array'; items: JsonNode[] };

class Unsupported extends Error {}

/** `text` (a JSON document) as prettier prints it, or undefined when this printer does not know how. */
export function prettyJson(text: string): string | undefined {
  try {
    const parser = new Parser(text);
    const root = parser.value();
    parser.end();
    return `${printDoc(layout(root))}\n`;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

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

/** JSON text (a rendered template) as a file: `prettyJson`'s layout, formatted, or the text as it is, left to prettier. */
export function jsonText(text: string): JsonFileText {
  const pretty = prettyJson(text);
  return pretty === undefined ? { text, formatted: false } : { text: pretty, formatted: true };
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
  return { kind: 'scalar', raw, number: typeof value === 'number' };
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

const STRING = /"(?:[^"\\\x00-\x1f]|\\.)*"/y;

/** A JSON parser that keeps what prettier's printing depends on (spelling, expanded objects). */
class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  value(): JsonNode {
    this.space();
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return { kind: 'scalar', raw: this.string(), number: false };
    const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.at, this.at + 64));
    if (!m) throw new Unsupported();
    this.at += m[0].length;
    return { kind: 'scalar', raw: m[0], number: /^-?\d/.test(m[0]) };
  }

  end(): void {
    this.space();
    if (this.at !== this.text.length) throw new Unsupported();
  }

  private object(): JsonNode {
    this.at++;
    const open = this.at;
    this.space();
    const expanded = this.text.slice(open, this.at).includes('\n');
    const members: Array<{ key: string; value: JsonNode }> = [];
    if (this.text[this.at] === '}') {
      this.at++;
      return { kind: 'object', expanded: false, members };
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') throw new Unsupported();
      const key = this.string();
      this.space();
      if (this.text[this.at++] !== ':') throw new Unsupported();
      members.push({ key, value: this.value() });
      if (this.separator('}')) return { kind: 'object', expanded, members };
    }
  }

  private array(): JsonNode {
    this.at++;
    const items: JsonNode[] = [];
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return { kind: 'array', items };
    }
    for (;;) {
      const item = this.value();
      // prettier fills arrays of numbers and has its own rules for arrays of objects and arrays.
      if (item.kind !== 'scalar' || item.number) throw new Unsupported();
      items.push(item);
      if (this.separator(']')) return { kind: 'array', items };
    }
  }

  /** After a member: `,` (false) or the closing bracket (true). A blank line prettier would keep: unsupported. */
  private separator(close: string): boolean {
    const from = this.at;
    this.space();
    const c = this.text[this.at++];
    const after = this.at;
    if (c === ',') this.space();
    if (/\n[ \t]*\n/.test(this.text.slice(from, this.at))) throw new Unsupported();
    if (c === close) return true;
    if (c !== ',') throw new Unsupported();
    if (this.text[this.at] === close) throw new Unsupported();
    this.at = after;
    return false;
  }

  private string(): string {
    STRING.lastIndex = this.at;
    const m = STRING.exec(this.text);
    if (!m) throw new Unsupported();
    this.at += m[0].length;
    return m[0];
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\n'.includes(this.text[this.at])) this.at++;
  }
}
