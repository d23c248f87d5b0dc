/**
 * A segment trie over the spec's path templates. Static segments win over templated ones, with
 * backtracking (`/users/by/name/{name}` and `/users/{id}/items` coexist). Segments that mix
 * text and templates (`{name}.json`) are matched by a regular expression built from escaped text.
 */
import type { TableOperation } from './types.js';

export interface PathEntry {
  template: string;
  /** Upper-case method → operation. */
  methods: Map<string, TableOperation>;
  /** Value of the `Allow` header for 405 answers. */
  allow: string;
}

export interface RouteMatch {
  entry: PathEntry;
  /** Path parameter values, percent-decoded. */
  params: Record<string, string>;
  /** Names of parameters whose percent-encoding was invalid (the raw text is kept). */
  badEncoding: string[];
}

interface MixedSegment {
  re: RegExp;
  names: string[];
  node: TrieNode;
}

interface TrieNode {
  statics: Map<string, TrieNode>;
  param?: { name: string; node: TrieNode };
  mixed: MixedSegment[];
  entry?: PathEntry;
}

const newNode = (): TrieNode => ({ statics: new Map(), mixed: [] });
const TEMPLATE = /\{([^{}]+)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * `.` and `..` path segments, literal or percent-encoded (RFC 3986 §3.3, §6.2.2.2: `%2E` is `.`). Such a path
 * is answered 404, never routed: URL parsers (WHATWG's, so fetch and browsers; curl) remove dot segments
 * before sending, so only a hand-made request carries one, and normalising it here would route it
 * somewhere other than where the path a proxy or a middleware saw points (`/public/../admin`). A handler
 * never receives `.` or `..` as a path parameter.
 */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

export function safeDecode(text: string): string | undefined {
  if (text.indexOf('%') === -1) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export class Router {
  private readonly root = newNode();
  readonly entries: PathEntry[] = [];

  constructor(operations: readonly TableOperation[]) {
    for (const op of operations) this.add(op);
    for (const entry of this.entries) {
      const methods = [...entry.methods.keys()];
      if (entry.methods.has('GET') && !entry.methods.has('HEAD')) methods.push('HEAD');
      entry.allow = methods.join(', ');
    }
  }

  private add(op: TableOperation): void {
    let node = this.root;
    for (const segment of op.path.replace(/^\//, '').split('/')) {
      const whole = /^\{([^{}]+)\}$/.exec(segment);
      if (whole) {
        if (!node.param) node.param = { name: whole[1]!, node: newNode() };
        else if (node.param.name !== whole[1]) {
          // Two templates name the same position differently (`/a/{id}/b`, `/a/{name}/c`): keep one node per
          // name by falling back to a mixed segment, which matches the same way.
          node = this.mixedNode(node, segment);
          continue;
        }
        node = node.param!.node;
      } else if (segment.includes('{')) {
        node = this.mixedNode(node, segment);
      } else {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (!node.entry) {
      node.entry = { template: op.path, methods: new Map(), allow: '' };
      this.entries.push(node.entry);
    }
    node.entry.methods.set(op.method, op);
  }

  private mixedNode(node: TrieNode, segment: string): TrieNode {
    const names: string[] = [];
    for (const m of segment.matchAll(TEMPLATE)) names.push(m[1]!);
    const source = mixedSource(segment);
    // The same text with other names (`{parent_id}` and `{uuid}` at one position) is another segment: sharing
    // one would name every template's parameter after whichever came first.
    const existing = node.mixed.find(
      (m) => m.re.source === source && m.names.length === names.length && m.names.every((n, i) => n === names[i]),
    );
    if (existing) return existing.node;
    const mixed = { re: new RegExp(source), names, node: newNode() };
    // A segment with text of its own (`{id}.json`) is tried before a whole-segment one under another name
    // (`{uuid}`), as a template is before a plain parameter: the more specific template matches first.
    const whole = (m: MixedSegment) => m.names.length === 1 && m.re.source === WHOLE_SEGMENT;
    const at = whole(mixed) ? node.mixed.length : node.mixed.findIndex(whole);
    node.mixed.splice(at === -1 ? node.mixed.length : at, 0, mixed);
    return mixed.node;
  }

  /**
   * Matches a path (no query string, not yet decoded). A path with a dot segment (`.` or `..`, also
   * percent-encoded: `%2e%2E`) matches nothing: see DOT_SEGMENT.
   */
  match(path: string): RouteMatch | undefined {
    if (path.charCodeAt(0) !== 47 /* / */) return undefined;
    const segments = path.slice(1).split('/');
    if ((path.includes('.') || path.includes('%')) && segments.some((s) => DOT_SEGMENT.test(s))) return undefined;
    const raw: [string, string][] = [];
    const entry = this.walk(this.root, segments, 0, raw);
    if (!entry) return undefined;
    const params: Record<string, string> = {};
    const badEncoding: string[] = [];
    for (const [name, value] of raw) {
      const decoded = safeDecode(value);
      if (decoded === undefined) badEncoding.push(name);
      params[name] = decoded ?? value;
    }
    return { entry, params, badEncoding };
  }

  private walk(node: TrieNode, segments: string[], index: number, params: [string, string][]): PathEntry | undefined {
    if (index === segments.length) return node.entry;
    const segment = segments[index]!;
    const staticNode =
      node.statics.get(segment) ??
      (segment.includes('%') ? node.statics.get(safeDecode(segment) ?? segment) : undefined);
    if (staticNode) {
      const found = this.walk(staticNode, segments, index + 1, params);
      if (found) return found;
    }
    for (const mixed of node.mixed) {
      const m = mixed.re.exec(segment);
      if (!m) continue;
      const mark = params.length;
      mixed.names.forEach((name, i) => params.push([name, m[i + 1]!]));
      const found = this.walk(mixed.node, segments, index + 1, params);
      if (found) return found;
      params.length = mark;
    }
    if (node.param && segment !== '') {
      params.push([node.param.name, segment]);
      const found = this.walk(node.param.node, segments, index + 1, params);
      if (found) return found;
      params.pop();
    }
    return undefined;
  }
}

/** The source of a segment that is one template and nothing else. */
const WHOLE_SEGMENT = mixedSource('{x}');

function mixedSource(segment: string): string {
  let source = '^';
  let last = 0;
  for (const m of segment.matchAll(TEMPLATE)) {
    source += escapeRegExp(segment.slice(last, m.index)) + '([^/]+?)';
    last = m.index! + m[0].length;
  }
  return source + escapeRegExp(segment.slice(last)) + '$';
}
