/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * JSON with large integers (generated with `int64: 'bigint'`): a reader that keeps the digits of the numbers
 * at int64 positions and makes them `bigint`s, and a writer that writes `bigint`s as their digits. Node 20's
 * `JSON.parse` reviver sees a number only after it became a double (it has no `context.source`), which
 * loses every integer above 2^53, and `JSON.stringify` throws on a `bigint`. Positions come from the
 * schemas (`Int64Plan`, model/int64.ts), never from the size of a number: elsewhere numbers stay numbers.
 * Shared by the client and server runtimes; it imports nothing.
 */

/**
 * Where the int64 integers are in a value: one itself (`int64`), members of an object (`p`), every item
 * (`i`), every additional member (`m`), a named schema's plan (`r`, in the plans by key), plans that all apply (`u`).
 */
export type Int64Plan =
  'int64' | { p: Record<string, Int64Plan> } | { i: Int64Plan } | { m: Int64Plan } | { r: string } | { u: Int64Plan[] };

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;
const own = Object.prototype.hasOwnProperty;

/**
 * JSON text → value, as `JSON.parse` reads it except that integers at the plan's positions are `bigint`s
 * (a fraction or an exponent there stays a number: the validators reject it). Throws `SyntaxError` on
 * text that is not JSON.
 */
export function readJson(
  text: string,
  plan: Int64Plan | undefined,
  schemas: Readonly<Record<string, Int64Plan>>,
): unknown {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${at} of the JSON text`);
  };
  const space = () => {
    SPACE.lastIndex = at;
    SPACE.test(text);
    at = SPACE.lastIndex;
  };
  // The plans that apply here, with named and combined ones opened up.
  const open = (plans: readonly Int64Plan[], out: Int64Plan[] = [], seen = new Set<string>()): Int64Plan[] => {
    for (const p of plans) {
      if (typeof p === 'object' && 'r' in p) {
        if (!seen.has(p.r) && own.call(schemas, p.r)) open([schemas[p.r]!], out, seen.add(p.r));
      } else if (typeof p === 'object' && 'u' in p) open(p.u, out, seen);
      else out.push(p);
    }
    return out;
  };
  const member = (plans: readonly Int64Plan[], key: string): Int64Plan[] => {
    const out: Int64Plan[] = [];
    for (const p of plans) {
      if (typeof p !== 'object') continue;
      if ('p' in p && own.call(p.p, key)) out.push(p.p[key]!);
      if ('m' in p) out.push(p.m);
    }
    return open(out);
  };
  const item = (plans: readonly Int64Plan[]): Int64Plan[] =>
    open(plans.flatMap((p) => (typeof p === 'object' && 'i' in p ? [p.i] : [])));
  const string = (): string => {
    const start = at;
    at++;
    for (;;) {
      const end = text.indexOf('"', at);
      if (end < 0) fail('Unterminated string');
      let slashes = 0;
      while (text[end - 1 - slashes] === '\\') slashes++;
      at = end + 1;
      if (slashes % 2 === 0) break;
    }
    // The escapes and the control characters are JSON.parse's to judge.
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (plans: readonly Int64Plan[]): unknown => {
    space();
    const c = text[at];
    if (c === '{') {
      at++;
      const out: Record<string, unknown> = {};
      space();
      if (text[at] === '}') return (at++, out);
      for (;;) {
        space();
        if (text[at] !== '"') fail('Expected a member name');
        const key = string();
        space();
        if (text[at++] !== ':') fail('Expected ":"');
        const v = value(member(plans, key));
        // An own `__proto__` member, as JSON.parse makes it (an assignment would set the prototype).
        Object.defineProperty(out, key, { value: v, writable: true, enumerable: true, configurable: true });
        space();
        const next = text[at++];
        if (next === '}') return out;
        if (next !== ',') fail('Expected "," or "}"');
      }
    }
    if (c === '[') {
      at++;
      const out: unknown[] = [];
      const each = item(plans);
      space();
      if (text[at] === ']') return (at++, out);
      for (;;) {
        out.push(value(each));
        space();
        const next = text[at++];
        if (next === ']') return out;
        if (next !== ',') fail('Expected "," or "]"');
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) return ((at += word.length), v);
    }
    NUMBER.lastIndex = at;
    const m = NUMBER.exec(text);
    if (!m) return fail(at < text.length ? `Unexpected character ${JSON.stringify(c)}` : 'Unexpected end');
    at = NUMBER.lastIndex;
    return plans.includes('int64') && m[1] === undefined && m[2] === undefined ? BigInt(m[0]) : Number(m[0]);
  };
  const out = value(plan === undefined ? [] : open([plan]));
  space();
  if (at < text.length) fail('Unexpected text after the JSON value');
  return out;
}

/** Value → JSON text, as `JSON.stringify` writes it except that `bigint`s are written as their digits. */
export function writeJson(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return writeJson(toJSON.call(value, ''));
  if (Array.isArray(value)) return '[' + value.map((v) => writeJson(v) ?? 'null').join(',') + ']';
  const parts: string[] = [];
  for (const key of Object.keys(value)) {
    const v = writeJson((value as Record<string, unknown>)[key]);
    if (v !== undefined) parts.push(JSON.stringify(key) + ':' + v);
  }
  return '{' + parts.join(',') + '}';
}
