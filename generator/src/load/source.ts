/**
 * Source files and positions. Every file the loader reads is kept here with its text; line and column of a
 * JSON pointer are computed lazily from a `yaml` parse of that text (JSON is YAML), so the fast path — a
 * 13 MB JSON spec read with JSON.parse — pays for positions only when a diagnostic or a diff asks for one.
 */
import { createRequire } from 'node:module';
import type { Document, LineCounter as Lines, Node } from 'yaml';
import { parsePointer } from './pointer.ts';
import { JsonLocator } from './json-locate.ts';

// `yaml` is CommonJS under Node: `require` spares the export-name scan an ES import of it costs (~15 ms).
// Required when a position is first asked for: most runs ask for none (~50 ms to load).
const require = createRequire(import.meta.url);
const yaml = (): typeof import('yaml') => require('yaml') as typeof import('yaml');

export interface Position {
  line: number;
  column: number;
}

export class SourceFile {
  private doc?: Document;
  private lines?: Lines;

  constructor(
    readonly path: string,
    readonly text: string,
  ) {}

  /** Uses an already parsed document (YAML files are parsed with positions anyway). */
  adopt(doc: Document, lines: Lines): void {
    this.doc = doc;
    this.lines = lines;
  }

  private ensureParsed(): { doc: Document; lines: Lines } {
    if (!this.doc || !this.lines) {
      const { LineCounter, parseDocument } = yaml();
      const lines = new LineCounter();
      const doc = parseDocument(this.text, { lineCounter: lines, keepSourceTokens: false, uniqueKeys: false });
      this.doc = doc;
      this.lines = lines;
    }
    return { doc: this.doc, lines: this.lines };
  }

  private json?: JsonLocator | null;

  /** JSON text: a targeted scan is far cheaper than a YAML parse of the whole file (seconds at 13 MB). */
  private jsonLocator(): JsonLocator | null {
    if (this.json === undefined) this.json = !this.doc && /^\s*[{[]/.test(this.text.slice(0, 64)) ? new JsonLocator(this.text) : null;
    return this.json;
  }

  /**
   * `positionOf` of many pointers: a JSON text is scanned once for all of them (each scan of a 13 MB
   * spec costs ~50 ms, and a spec can have a few hundred warnings).
   */
  positionsOf(pointers: readonly string[]): Position[] {
    const json = this.jsonLocator();
    if (!json) return pointers.map((p) => this.positionOf(p));
    const found = json.locate([...new Set(pointers)]);
    return pointers.map((p) => found.get(p)!);
  }

  /** Line/column (1-based) of the value at `pointer`, or of the nearest existing ancestor. */
  positionOf(pointer: string): Position {
    const json = this.jsonLocator();
    if (json) return json.locate([pointer]).get(pointer)!;
    const { doc, lines } = this.ensureParsed();
    const { isMap, isSeq, isPair, isScalar } = yaml();
    let node: Node | null | undefined = doc.contents as Node | null;
    // A pointer that ends on a map member points at its key (`get:`), which is where a reader looks.
    let keyNode: Node | undefined;
    for (const segment of parsePointer(pointer)) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === segment);
        if (!pair) break;
        keyNode = pair.key as Node;
        node = pair.value as Node | null;
      } else if (isSeq(node)) {
        const item = node.items[Number(segment)] as Node | undefined;
        if (!item) break;
        keyNode = undefined;
        node = item;
      } else break;
    }
    const target = keyNode ?? node;
    const offset = target?.range?.[0] ?? 0;
    const pos = lines.linePos(offset);
    return { line: pos.line, column: pos.col };
  }

  /** Line/column of a byte offset into the text. */
  positionAt(offset: number): Position {
    const { lines } = this.ensureParsed();
    const pos = lines.linePos(offset);
    return { line: pos.line, column: pos.col };
  }
}
