/**
 * The one safe way to put values into generated TypeScript.
 *
 * Generated code is assembled from `Code` fragments only. A spec string (description, name, pattern, enum
 * value, default, example) can enter a fragment through exactly one of the helpers below, each of which
 * escapes for its syntactic context:
 *
 * - `lit(value)`      a JSON-compatible value as a JS/TS literal (strings, numbers, booleans, null, arrays,
 *                     plain objects), via JSON.stringify plus escaping of U+2028/U+2029;
 * - `ident(name)`     an identifier that is checked, never repaired (use `toIdentifier` to derive one);
 * - `propKey(name)`   a property key: bare when it is an identifier, quoted otherwise;
 * - `access(obj, k)`  property access: `.k` for identifiers, `["k"]` otherwise;
 * - `regex(p, flags)` a RegExp constructed from string literals (no regex-literal syntax is ever emitted);
 * - `escapeTemplateText(t)` the raw text of a template literal part (ts-nodes.ts builds template types);
 * - `docComment(lines)` / `docText(lines)` sanitized comments (see comment.ts);
 * - `objectKey(name)` a key in an object literal value (`__proto__` as a computed key).
 *
 * The `code` tag accepts only `Code` values (and arrays of them), so passing a raw string is a type error
 * and, because the check is also made at run time, a bug that slips past the compiler still cannot
 * produce unescaped output.
 */

import { quoteString } from './quote.ts';

const CODE = Symbol('socialgen.code');

export class Code {
  readonly [CODE] = true;
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type CodeArg = Code | readonly Code[];

/** Tagged template: literal parts are trusted (they are written by us); interpolations must be `Code`. */
export function code(strings: TemplateStringsArray, ...args: CodeArg[]): Code {
  let out = strings[0];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as unknown;
    if (Array.isArray(arg)) {
      for (const part of arg) out += asCode(part).text;
    } else {
      out += asCode(arg).text;
    }
    out += strings[i + 1];
  }
  return new Code(out);
}

function asCode(value: unknown): Code {
  if (value instanceof Code) return value;
  throw new TypeError(`generated code may only interpolate Code values, got ${typeof value}`);
}

/** Joins fragments with a trusted separator. */
export function join(parts: readonly Code[], separator = ', '): Code {
  return new Code(parts.map((p) => asCode(p).text).join(separator));
}

/** Trusted text written by the generator itself (keywords, punctuation, our own names). Never spec input. */
export function raw(text: string): Code {
  return new Code(text);
}

const LINE_SEPARATORS = /[\u2028\u2029]/g;

/** JSON.stringify, made safe for every JS/TS context a literal can stand in. */
export function stringifyLiteral(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return 'Infinity';
    if (value === -Infinity) return '-Infinity';
    if (Object.is(value, -0)) return '-0';
    return String(value);
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (value !== null && typeof value === 'object' && needsOwnWriter(value)) return objectLiteralWithProtoKeys(value);
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`cannot write a ${typeof value} as a literal`);
  return json.replace(LINE_SEPARATORS, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
}

/**
 * True when JSON.stringify would get the value wrong somewhere inside: an own `__proto__` key (see below),
 * or a number JSON has no form for (NaN and ±Infinity become `null`, -0 becomes `0`; a YAML `.inf` is one).
 */
function needsOwnWriter(value: object): boolean {
  const inner = (v: unknown): boolean => (typeof v === 'number' ? !Number.isFinite(v) || Object.is(v, -0) : v !== null && typeof v === 'object' && needsOwnWriter(v));
  if (Array.isArray(value)) return value.some(inner);
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  return Object.values(value).some(inner);
}

/**
 * In an object literal, `__proto__: x` and even `"__proto__": x` set the prototype instead of defining a
 * property; only the computed form `["__proto__"]: x` defines the own property the value has.
 */
function objectLiteralWithProtoKeys(value: object): string {
  if (Array.isArray(value)) return `[${value.map((v) => stringifyLiteral(v === undefined ? null : v)).join(',')}]`;
  const parts: string[] = [];
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    parts.push(`${objectKey(key).text}:${stringifyLiteral(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/** A key in an object literal *value* (not a type): like propKey, but `__proto__` defines an own property. */
export function objectKey(name: string): Code {
  if (name === '__proto__') return new Code('["__proto__"]');
  return propKey(name);
}

/** A value as a literal: strings, numbers, booleans, null, arrays and plain objects. */
export function lit(value: unknown): Code {
  return new Code(stringifyLiteral(value));
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `lit` spelled as prettier spells it (strings in prettier's quotes with JSON's escapes, quote.ts; `[a, b]`,
 * `{ k: v }`, keys unquoted where they can be), for emitters whose output skips prettier.
 */
export function prettyLit(value: unknown): Code {
  return new Code(prettyLiteral(value));
}

function prettyLiteral(value: unknown): string {
  if (typeof value === 'string') return quoteString(value);
  // prettier drops the exponent's plus sign (`1e21`).
  if (typeof value === 'number') return stringifyLiteral(value).replace('e+', 'e');
  if (value === null || typeof value !== 'object') return stringifyLiteral(value);
  if (Array.isArray(value)) return `[${value.map((v) => prettyLiteral(v === undefined ? null : v)).join(', ')}]`;
  // An own `__proto__` key (see objectLiteralWithProtoKeys): JSON's spelling, left to prettier.
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return stringifyLiteral(value);
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
  if (!entries.length) return '{}';
  return `{ ${entries.map(([k, v]) => `${IDENTIFIER.test(k) ? k : prettyLiteral(k)}: ${prettyLiteral(v)}`).join(', ')} }`;
}

/** Words that cannot name a binding or a declared type anywhere in a module. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else',
  'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof',
  'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void',
  'while', 'with', 'implements', 'interface', 'let', 'package', 'private', 'protected', 'public', 'static',
  'yield', 'await', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity',
  // TypeScript's predefined type names cannot be declared as type aliases.
  'any', 'unknown', 'never', 'object', 'string', 'number', 'boolean', 'symbol', 'bigint', 'type',
]);

/** True when `name` is a plain ASCII identifier usable as a binding. */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED_WORDS.has(name);
}

/** True when `name` may stand bare as a property name (`{ name: 1 }`, `x.name`): reserved words are fine there. */
export function isPropertyName(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** An identifier, checked. Names derived from spec strings must go through `toIdentifier` first. */
export function ident(name: string): Code {
  if (!isIdentifier(name)) throw new TypeError(`not a safe identifier: ${JSON.stringify(name)}`);
  return new Code(name);
}

/**
 * Canonical non-negative integers short enough to survive a round trip through a double (`200`, not `0200`
 * or 20 digits): as a bare numeric key they name exactly the property their string does.
 */
const NUMERIC_KEY = /^(0|[1-9][0-9]{0,14})$/;

/** True when `name` may stand as a bare numeric property key naming exactly the property `name`. */
export function isNumericKey(name: string): boolean {
  return NUMERIC_KEY.test(name);
}

/** A property key in an object literal, interface or type literal. */
export function propKey(name: string): Code {
  return new Code(isPropertyName(name) || NUMERIC_KEY.test(name) ? name : stringifyLiteral(name));
}

/** Property access on an expression. */
export function access(target: Code, name: string): Code {
  return new Code(isPropertyName(name) ? `${target.text}.${name}` : `${target.text}[${stringifyLiteral(name)}]`);
}

/** `access` with the key spelled as prettier spells it (`prettyLit`). */
export function prettyAccess(target: Code, name: string): Code {
  return isPropertyName(name) ? access(target, name) : new Code(`${target.text}[${prettyLiteral(name)}]`);
}

/** Optional-chained property access. */
export function optionalAccess(target: Code, name: string): Code {
  return new Code(isPropertyName(name) ? `${target.text}?.${name}` : `${target.text}?.[${stringifyLiteral(name)}]`);
}

/**
 * A RegExp built from string literals. The pattern is checked here, at generation time, so an invalid one
 * fails the run instead of the generated module's import.
 */
export function regex(pattern: string, flags = 'u'): Code {
  new RegExp(pattern, flags);
  return new Code(`new RegExp(${stringifyLiteral(pattern)}, ${stringifyLiteral(flags)})`);
}

/** Escapes text for the inside of a template literal (type or value). */
export function escapeTemplateText(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '`' || ch === '$') out += `\\${ch}`;
    else if (cp < 0x20 || cp === 0x7f || cp === 0x2028 || cp === 0x2029 || (cp >= 0xd800 && cp <= 0xdfff)) {
      out += `\\u${cp.toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return out;
}
