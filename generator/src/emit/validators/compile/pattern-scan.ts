/**
 * `pattern`s of the simplest shape compiled to a scan of the string instead of a `RegExp` test: anchored
 * (`^...$`) sequences of ASCII character classes and characters, each with a greedy quantifier, where a
 * greedy scan without backtracking decides exactly what the regex decides: `^[0-9]{1,19}$`,
 * `^[A-Za-z0-9_]{1,15}$`, `^([0-9]+)_([0-9]+)$`, `^[A-Z]{2}$`. APIs put such patterns on identifiers, so they
 * are tested on most strings of a payload, and a `RegExp` test costs about twice a loop over the characters
 * (the engine's regex entry, its `lastIndex` bookkeeping): on the bench's bookmarks payload without formats the
 * regex tests were about a tenth of the time (issue 25). Anything else (alternation, `.`, lookaround,
 * negated classes, non-ASCII, lazy quantifiers, unanchored patterns) stays a `RegExp`.
 *
 * Exactness: every class is ASCII, so a non-ASCII character (with or without the `u` flag, a surrogate pair
 * or one code unit) is in no class and fails the match either way; and a variable-length item is only
 * accepted where no character it takes can also start what follows it (up to the first item that must
 * match at least once), so taking as many as it can is the only way the rest can match.
 */
import { raw, type Code } from '../../../codegen/index.ts';
import {
  and,
  assign,
  binary,
  breakStmt,
  call,
  constDecl,
  exprStmt,
  forLoop,
  functionDecl,
  ifStmt,
  increment,
  letDecl,
  lit,
  member,
  not,
  or,
  returnStmt,
  type Expr,
  type Stmt,
} from '../../../codegen/statements.ts';

/** One item of the pattern: a set of ASCII codes (sorted, merged inclusive ranges) taken min..max times. */
interface Item {
  readonly ranges: readonly (readonly [number, number])[];
  readonly min: number;
  readonly max: number;
}

const DIGITS: readonly [number, number][] = [[48, 57]];
const WORD: readonly [number, number][] = [[48, 57], [65, 90], [95, 95], [97, 122]];
/** Characters that stand for themselves after a backslash (in and out of classes). */
const ESCAPABLE = new Set('-]\\/.^$*+?()[]{}|'.split(''));
/** Characters with a meaning of their own outside classes. */
const SPECIAL = new Set('^$.|?*+()[]{}\\'.split(''));

function printable(ch: string | undefined): ch is string {
  if (ch === undefined) return false;
  const code = ch.charCodeAt(0);
  return code >= 0x20 && code <= 0x7e;
}

function merge(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function intersects(a: readonly (readonly [number, number])[], b: readonly (readonly [number, number])[]): boolean {
  return a.some(([lo, hi]) => b.some(([l2, h2]) => lo <= h2 && l2 <= hi));
}

/** Reads a pattern of the supported shape into its items; undefined for any other pattern. */
export function scannable(pattern: string): readonly Item[] | undefined {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return undefined;
  const src = pattern.slice(1, -1);
  let at = 0;
  const items: Item[] = [];

  /** After a backslash: `\d`, `\w`, or a punctuation character standing for itself (its `code`). */
  function escape(): { code?: number; set: [number, number][] } | undefined {
    const ch = src[at++];
    if (ch === 'd') return { set: [...DIGITS] };
    if (ch === 'w') return { set: [...WORD] };
    if (ch === undefined || !ESCAPABLE.has(ch)) return undefined;
    const code = ch.charCodeAt(0);
    return { code, set: [[code, code]] };
  }

  /** One class member at `at`: a character (its `code`, which may start a range) or `\d`/`\w`. */
  function classMember(): { code?: number; set: [number, number][] } | undefined {
    const ch = src[at];
    if (ch === '\\') {
      at++;
      return escape();
    }
    if (!printable(ch) || ch === ']' || ch === '[') return undefined;
    at++;
    const code = ch.charCodeAt(0);
    return { code, set: [[code, code]] };
  }

  function charClass(): [number, number][] | undefined {
    if (src[at] === '^') return undefined;
    const ranges: [number, number][] = [];
    while (src[at] !== ']') {
      if (at >= src.length) return undefined;
      const first = classMember();
      if (!first) return undefined;
      if (src[at] === '-' && src[at + 1] !== ']' && at + 1 < src.length) {
        at++;
        const last = classMember();
        if (!last || first.code === undefined || last.code === undefined || first.code > last.code) return undefined;
        ranges.push([first.code, last.code]);
      } else ranges.push(...first.set);
    }
    at++;
    return ranges.length ? merge(ranges) : undefined;
  }

  /** One atom at `at`: a class, an escape, a plain character, or a group of one quantified atom. */
  function atom(): Item | undefined {
    const ch = src[at];
    if (ch === '(') {
      at += src.startsWith('(?:', at) ? 3 : 1;
      if (src[at] === '?') return undefined;
      const inner = quantified();
      if (!inner || src[at] !== ')') return undefined;
      at++;
      // A quantified group would repeat its inner item: not handled.
      return '*+?{'.includes(src[at] ?? ' ') && at < src.length ? undefined : inner;
    }
    let ranges: [number, number][] | undefined;
    if (ch === '[') {
      at++;
      ranges = charClass();
    } else if (ch === '\\') {
      at++;
      ranges = escape()?.set;
    } else if (printable(ch) && !SPECIAL.has(ch)) {
      at++;
      ranges = [[ch.charCodeAt(0), ch.charCodeAt(0)]];
    }
    return ranges && { ranges, min: 1, max: 1 };
  }

  function quantified(): Item | undefined {
    const item = atom();
    if (!item || item.min !== 1 || item.max !== 1) return item;
    let min = 1;
    let max = 1;
    const q = src[at];
    if (q === '*' || q === '+' || q === '?') {
      at++;
      [min, max] = q === '*' ? [0, Infinity] : q === '+' ? [1, Infinity] : [0, 1];
    } else if (q === '{') {
      const m = /^\{(\d{1,6})(?:(,)(\d{0,6}))?\}/.exec(src.slice(at));
      if (!m) return undefined;
      at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    }
    // A lazy quantifier (`+?`), or a count that matches nothing: left to the RegExp.
    if ((min !== 1 || max !== 1) && src[at] === '?') return undefined;
    if (max < min || max === 0) return undefined;
    return { ranges: item.ranges, min, max };
  }

  while (at < src.length) {
    const item = quantified();
    if (!item) return undefined;
    items.push(item);
  }
  // Greedy is exact only where what an item takes cannot start what follows it.
  for (let i = 0; i < items.length; i++) {
    if (items[i]!.min === items[i]!.max) continue;
    for (let j = i + 1; j < items.length; j++) {
      if (intersects(items[i]!.ranges, items[j]!.ranges)) return undefined;
      if (items[j]!.min > 0) break;
    }
  }
  try {
    new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  return items;
}

/** `c` is in `ranges`: `c >= lo && c <= hi || c === x ...`. */
function inRanges(c: Expr, ranges: readonly (readonly [number, number])[]): Expr {
  return or(...ranges.map(([lo, hi]) => (lo === hi ? binary(c, '===', lit(lo)) : and(binary(c, '>=', lit(lo)), binary(c, '<=', lit(hi))))));
}

/**
 * `function name(s: string): boolean` scanning `s` for the items: each taken greedily (as many as it may,
 * while the characters are in its class), failing when fewer than its minimum were there; true when the
 * scan ends at the end of the string.
 */
export function scanFunction(name: Code, items: readonly Item[]): Stmt {
  const s = raw('s');
  const n = raw('n');
  const i = raw('i');
  const c = raw('c');
  const charAt = (at: Expr): Expr => call(member(s, 'charCodeAt'), at);
  const only = items.length === 1 ? items[0]! : undefined;
  if (only) {
    // One class (`^[0-9]{1,19}$`, the common shape): the length decides the count, every character the class.
    const length: Expr[] = [];
    if (only.min > 0) length.push(binary(n, '<', lit(only.min)));
    if (only.max !== Infinity) length.push(binary(n, '>', lit(only.max)));
    return functionDecl(name, [raw('s: string')], raw('boolean'), [
      constDecl(n, member(s, 'length')),
      ...(length.length ? [ifStmt(or(...length), returnStmt(raw('false')))] : []),
      forLoop(letDecl(i, lit(0)), binary(i, '<', n), increment(i), [constDecl(c, charAt(i)), ifStmt(not(inRanges(c, only.ranges)), returnStmt(raw('false')))]),
      returnStmt(raw('true')),
    ]);
  }
  const body: Stmt[] = [constDecl(n, member(s, 'length')), letDecl(i, lit(0))];
  items.forEach((item, k) => {
    const single = item.ranges.length === 1 && item.ranges[0]![0] === item.ranges[0]![1];
    if (item.min === 1 && item.max === 1 && single) {
      body.push(ifStmt(binary(charAt(i), '!==', lit(item.ranges[0]![0])), returnStmt(raw('false'))), exprStmt(increment(i)));
      return;
    }
    const start = raw(`a${k}`);
    const within = item.max === Infinity ? binary(i, '<', n) : and(binary(i, '<', n), binary(binary(i, '-', start), '<', lit(item.max)));
    // Where the run started is read only to bound its length (`{m,n}`, `+`): a `*` run declares none.
    const counted = item.max !== Infinity || item.min > 0;
    body.push(
      ...(counted ? [constDecl(start, i)] : []),
      forLoop(letDecl(c, lit(0)), within, increment(i), [exprStmt(assign(c, charAt(i))), ifStmt(not(inRanges(c, item.ranges)), breakStmt())]),
    );
    if (item.min > 0) body.push(ifStmt(binary(binary(i, '-', start), '<', lit(item.min)), returnStmt(raw('false'))));
  });
  body.push(returnStmt(binary(i, '===', n)));
  return functionDecl(name, [raw('s: string')], raw('boolean'), body);
}
