/**
 * Line and column of JSON pointers in a JSON text, found by one scan that only decodes the keys on the way
 * to the requested pointers. The loader's general position finder parses the whole file with `yaml`, which
 * takes seconds on a 13 MB JSON spec; a diff only needs a handful of positions.
 */
import { parsePointer } from './pointer.ts';

interface TrieNode {
  children: Map<string, TrieNode>;
  offset?: number;
}

export interface Position {
  line: number;
  column: number;
}

export class JsonLocator {
  private lineStarts?: number[];
  private readonly known = new Map<string, number>();

  constructor(private readonly text: string) {}

  /** Positions of `pointers` (the nearest existing ancestor's for a missing one). */
  locate(pointers: string[]): Map<string, Position> {
    const missing = pointers.filter((p) => !this.known.has(p));
    if (missing.length) this.scan(missing);
    const out = new Map<string, Position>();
    for (const p of pointers) out.set(p, this.position(this.known.get(p) ?? 0));
    return out;
  }

  private scan(pointers: string[]): void {
    const root: TrieNode = { children: new Map() };
    const paths: Array<[string, TrieNode[]]> = [];
    for (const pointer of pointers) {
      let node = root;
      const chain = [root];
      for (const segment of parsePointer(pointer)) {
        let child = node.children.get(segment);
        if (!child) node.children.set(segment, (child = { children: new Map() }));
        node = child;
        chain.push(node);
      }
      paths.push([pointer, chain]);
    }
    const text = this.text;
    const n = text.length;
    let i = 0;
    const ws = (): void => {
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 32 || c === 10 || c === 13 || c === 9) i++;
        else break;
      }
    };
    const skipString = (): void => {
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) {
          i = n;
          return;
        }
        let b = q - 1;
        let slashes = 0;
        while (text.charCodeAt(b) === 92) {
          slashes++;
          b--;
        }
        if (slashes % 2 === 0) {
          i = q + 1;
          return;
        }
        j = q + 1;
      }
    };
    const structural = /["{}[\]]/g;
    /** Skips a whole object or array starting at i (a `{` or `[`) without looking at its keys. */
    const skipContainer = (): void => {
      let depth = 0;
      structural.lastIndex = i;
      for (;;) {
        const m = structural.exec(text);
        if (!m) {
          i = n;
          return;
        }
        const ch = m[0];
        if (ch === '"') {
          i = m.index;
          skipString();
          structural.lastIndex = i;
        } else if (ch === '{' || ch === '[') depth++;
        else if (--depth === 0) {
          i = m.index + 1;
          return;
        }
      }
    };
    const value = (node: TrieNode | undefined, depth: number): void => {
      ws();
      const c = text.charCodeAt(i);
      if ((c === 123 || c === 91) && (!node || !node.children.size)) {
        skipContainer();
        return;
      }
      if (c === 123 || c === 91) {
        const close = c === 123 ? 125 : 93;
        i++;
        ws();
        if (text.charCodeAt(i) === close) {
          i++;
          return;
        }
        let index = 0;
        for (;;) {
          ws();
          let child: TrieNode | undefined;
          if (c === 123) {
            const keyStart = i;
            if (node && node.children.size) {
              skipString();
              let key: string;
              try {
                key = JSON.parse(text.slice(keyStart, i)) as string;
              } catch {
                key = '';
              }
              child = node.children.get(key);
            } else skipString();
            if (child) child.offset = keyStart;
            ws();
            i++; // ':'
          } else if (node && node.children.size) {
            child = node.children.get(String(index));
            if (child) child.offset = i;
          }
          if (depth > 500) return;
          value(child, depth + 1);
          index++;
          ws();
          const sep = text.charCodeAt(i);
          i++;
          if (sep !== 44 || i >= n) return;
        }
      } else if (c === 34) skipString();
      else {
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
          i++;
        }
      }
    };
    ws();
    root.offset = i;
    value(root, 0);
    for (const [pointer, chain] of paths) {
      let offset = 0;
      for (const node of chain) {
        if (node.offset === undefined) break;
        offset = node.offset;
      }
      this.known.set(pointer, offset);
    }
  }

  private position(offset: number): Position {
    if (!this.lineStarts) {
      const starts = [0];
      for (let j = this.text.indexOf('\n'); j >= 0; j = this.text.indexOf('\n', j + 1)) starts.push(j + 1);
      this.lineStarts = starts;
    }
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }
}
