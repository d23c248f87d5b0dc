/**
 * Structural identity of schema values, so that equal subschemas at different places of a document (GitHub's
 * webhook schemas repeat the same large inline objects dozens of times) share one compiled function.
 * Each object gets an interned number computed from its own keys and its children's numbers, so a whole
 * document is numbered in linear time. Key order counts: it decides the order of checks and of errors.
 */
import { ACTIVE_KEYWORDS } from './analysis/trivial.ts';
import { LIST, MAP, SINGLE } from './subschemas.ts';

/**
 * What of a schema object the compiled code depends on: the assertions and applicators, and the few
 * annotations the compiler reads (readOnly/writeOnly relax `required` by direction; `x-enum-incomplete`).
 * Descriptions, examples, titles and other annotations are left out, so copies differing only in them match.
 */
const MEANINGFUL: ReadonlySet<string> = new Set([...ACTIVE_KEYWORDS, 'readOnly', 'writeOnly', 'x-enum-incomplete']);
const SINGLE_SET = new Set(SINGLE);
const MAP_SET = new Set(MAP);
const LIST_SET = new Set(LIST);

export class ContentIds {
  private readonly ids = new WeakMap<object, number>();
  private readonly schemaIds = new WeakMap<object, number>();
  private readonly interned = new Map<string, number>();
  private readonly pinned = new WeakMap<object, boolean>();

  /** The same number for JSON-equal values (objects and arrays). */
  id(value: object): number {
    const known = this.ids.get(value);
    if (known !== undefined) return known;
    const part = (v: unknown): string => (typeof v === 'object' && v !== null ? `#${this.id(v)}` : JSON.stringify(v) ?? 'u');
    const key = Array.isArray(value)
      ? `[${value.map(part).join(',')}]`
      : `{${Object.keys(value).map((k) => `${JSON.stringify(k)}:${part((value as Record<string, unknown>)[k])}`).join(',')}}`;
    let id = this.interned.get(key);
    if (id === undefined) {
      id = this.interned.size;
      this.interned.set(key, id);
    }
    this.ids.set(value, id);
    return id;
  }

  /** The same number for schemas that validate alike: equal in their meaningful keywords (see MEANINGFUL). */
  schemaId(schema: object): number {
    const known = this.schemaIds.get(schema);
    if (known !== undefined) return known;
    const sub = (v: unknown): string => (typeof v === 'object' && v !== null && !Array.isArray(v) ? `S${this.schemaId(v)}` : JSON.stringify(v) ?? 'u');
    const data = (v: unknown): string => (typeof v === 'object' && v !== null ? `#${this.id(v)}` : JSON.stringify(v) ?? 'u');
    const parts: string[] = [];
    for (const key of Object.keys(schema)) {
      if (!MEANINGFUL.has(key)) continue;
      const v = (schema as Record<string, unknown>)[key];
      let text: string;
      if (SINGLE_SET.has(key)) text = sub(v);
      else if (MAP_SET.has(key) && typeof v === 'object' && v !== null && !Array.isArray(v)) {
        text = `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${sub((v as Record<string, unknown>)[k])}`).join(',')}}`;
      } else if (LIST_SET.has(key) && Array.isArray(v)) text = `[${v.map(sub).join(',')}]`;
      else text = data(v);
      parts.push(`${JSON.stringify(key)}:${text}`);
    }
    // Schema ids live in their own key space (`S{...}`), apart from plain values.
    const key = `S{${parts.join(',')}}`;
    let id = this.interned.get(key);
    if (id === undefined) {
      id = this.interned.size;
      this.interned.set(key, id);
    }
    this.schemaIds.set(schema, id);
    return id;
  }

  /**
   * True when the value holds `$id`, `$anchor` or `$dynamicAnchor` somewhere: such a subtree defines names
   * bound to its own place, so copies of it are not interchangeable.
   */
  pinnedToPlace(value: object): boolean {
    const known = this.pinned.get(value);
    if (known !== undefined) return known;
    let result = false;
    // Keys and values read in place (no entry arrays): every value of a large document is visited once.
    for (const k in value) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
      const v = (value as Record<string, unknown>)[k];
      if (k === '$id' || k === '$anchor' || k === '$dynamicAnchor') result = true;
      else if (typeof v === 'object' && v !== null && this.pinnedToPlace(v)) result = true;
      if (result) break;
    }
    this.pinned.set(value, result);
    return result;
  }
}
