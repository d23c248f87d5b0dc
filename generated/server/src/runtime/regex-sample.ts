/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * Strings for the regular expressions found in `pattern`: a small parser of the common syntax and a
 * seeded generator over its tree; a pattern using anything else gets no sample (undefined).
 */

export type Random = () => number;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length) % items.length]!;
}

export function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

type Node =
  | { k: 'chars'; set: string[] }
  | { k: 'seq'; items: Node[] }
  | { k: 'alt'; options: Node[] }
  | { k: 'repeat'; node: Node; min: number; max: number }
  | { k: 'empty' };

const DIGITS = '0123456789'.split('');
const LOWER = 'abcdefghijklmnopqrstuvwxyz'.split('');
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const WORD = [...DIGITS, ...LOWER, ...UPPER, '_'];
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

class RegexParser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new Error('unsupported');
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { k: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      items.push(this.quantifier(atom));
    }
    return { k: 'seq', items };
  }

  private quantifier(atom: Node): Node {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    if (this.src[this.i] === '?' || this.src[this.i] === '+') this.i++;
    return { k: 'repeat', node: atom, min, max };
  }

  private atom(): Node {
    const c = this.src[this.i++]!;
    switch (c) {
      case '^':
      case '$':
        return { k: 'empty' };
      case '.':
        return { k: 'chars', set: WORD };
      case '(': {
        if (this.src[this.i] === '?') {
          if (this.src[this.i + 1] !== ':') throw new Error('unsupported');
          this.i += 2;
        }
        const inner = this.alternation();
        if (this.src[this.i++] !== ')') throw new Error('unsupported');
        return inner;
      }
      case '[':
        return this.charClass();
      case '\\':
        return { k: 'chars', set: this.escape(false) };
      default:
        return { k: 'chars', set: [c] };
    }
  }

  private escape(inClass: boolean): string[] {
    const c = this.src[this.i++]!;
    switch (c) {
      case 'd':
        return DIGITS;
      case 'w':
        return WORD;
      case 's':
        return [' '];
      case 'D':
        return LOWER;
      case 'W':
      case 'S':
        return ['-'];
      case 'n':
        return ['\n'];
      case 't':
        return ['\t'];
      case 'b':
        if (inClass) return ['\b'];
        throw new Error('unsupported');
      case 'u': {
        const m = /^\{?([0-9a-fA-F]{4,6})\}?/.exec(this.src.slice(this.i));
        if (!m) throw new Error('unsupported');
        this.i += m[0].length;
        return [String.fromCodePoint(parseInt(m[1]!, 16))];
      }
      default:
        if (c === undefined || /[0-9A-Za-z]/.test(c)) throw new Error('unsupported');
        return [c];
    }
  }

  private charClass(): Node {
    let negate = false;
    if (this.src[this.i] === '^') {
      negate = true;
      this.i++;
    }
    const set: string[] = [];
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let chars: string[];
      if (this.src[this.i] === '\\') {
        this.i++;
        chars = this.escape(true);
      } else chars = [this.src[this.i++]!];
      if (
        chars.length === 1 &&
        this.src[this.i] === '-' &&
        this.src[this.i + 1] !== ']' &&
        this.i + 1 < this.src.length
      ) {
        this.i++;
        let end: string[];
        if (this.src[this.i] === '\\') {
          this.i++;
          end = this.escape(true);
        } else end = [this.src[this.i++]!];
        const from = chars[0]!.codePointAt(0)!;
        const to = end[0]!.codePointAt(0)!;
        for (let cp = from; cp <= to && cp - from < 512; cp++) set.push(String.fromCodePoint(cp));
      } else set.push(...chars);
    }
    if (this.src[this.i++] !== ']') throw new Error('unsupported');
    if (negate) {
      const excluded = new Set(set);
      return { k: 'chars', set: PRINTABLE.filter((ch) => !excluded.has(ch) && /[A-Za-z0-9_]/.test(ch)) };
    }
    return { k: 'chars', set };
  }
}

/**
 * `extra`: how much further than usual a repetition may go beyond its minimum (an open one 3, a bounded
 * one 8), for a wanted minimum length.
 */
function generate(node: Node, random: Random, extra = 0): string {
  switch (node.k) {
    case 'empty':
      return '';
    case 'chars':
      return node.set.length ? pick(random, node.set) : '';
    case 'seq':
      return node.items.map((n) => generate(n, random, extra)).join('');
    case 'alt':
      return generate(pick(random, node.options), random, extra);
    case 'repeat': {
      const cap = node.max === Infinity ? node.min + 3 + extra : Math.min(node.max, node.min + 8 + extra);
      const count = int(random, node.min, cap);
      let out = '';
      for (let i = 0; i < count; i++) out += generate(node.node, random, extra);
      return out;
    }
  }
}

/**
 * A string matching `pattern` whose length (in code points) is within `length` (else one that only
 * matches), or undefined when the pattern uses what the sampler does not know.
 */
export function sampleRegex(
  pattern: string,
  random: Random,
  length: { min?: number; max?: number } = {},
): string | undefined {
  // As the validators compile it: the `u` flag, else (a legacy pattern such as `[\:]`) no flag.
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    try {
      re = new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
  let tree: Node;
  try {
    tree = new RegexParser(pattern).parse();
  } catch {
    return undefined;
  }
  const min = length.min ?? 0;
  const max = length.max ?? Infinity;
  let matching: string | undefined;
  for (let attempt = 0; attempt < 24; attempt++) {
    const value = generate(tree, random, min);
    if (!re.test(value)) continue;
    const size = [...value].length;
    if (size >= min && size <= max) return value;
    matching ??= value;
  }
  return matching;
}
