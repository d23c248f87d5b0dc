/**
 * Hoisted constants of compiled.ts wider than the print width, broken as prettier breaks them (checked
 * against prettier 3 by test/print/prettier-clean.test.ts and test/validators/wide-constants.test.ts):
 * - `const _k: any = [a, b];` and `const _s = new Set<unknown>([a, b]);`: one element a line, trailing comma
 *   (the sole array argument hugs the call's parentheses). Arrays of numbers only are printed by prettier in
 *   a fill layout: those are left to prettier, as is anything but plain single-quoted strings, numbers,
 *   `true`, `false` and `null`.
 * - `const _re = new RegExp('…', 'u');`: one argument a line, trailing comma.
 * - `const _sp = '…';`: the string moves to the next line, indented (it cannot be broken itself).
 * Anything else is returned unchanged and, still too wide, left to prettier by the module.
 */
import { PRETTIER_OPTIONS } from '../../../codegen/layout-options.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;
const ELEMENT = /\s*('(?:[^'\\\n]|\\.)*'|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|true|false|null)\s*(,|$)/iy;
const NUMBER = /^-?\d/;

/** Top-level literal elements of `a, b, c`; undefined when an element is anything else. */
function literalElements(list: string): string[] | undefined {
  const out: string[] = [];
  ELEMENT.lastIndex = 0;
  while (ELEMENT.lastIndex < list.length) {
    const m = ELEMENT.exec(list);
    if (!m) return undefined;
    out.push(m[1]!);
    if (m[2] === '') break;
  }
  return ELEMENT.lastIndex === list.length && out.length ? out : undefined;
}

function oneALine(elements: readonly string[], indent: string): string {
  return elements.map((e) => `${indent}${e},`).join('\n');
}

export function breakWideConstant(text: string): string {
  if (text.length <= WIDTH || text.includes('\n')) return text;
  const array = /^(const [\w$]+: any = \[)(.*)(\];)$/.exec(text) ?? /^(const [\w$]+ = new Set<unknown>\(\[)(.*)(\]\);)$/.exec(text);
  if (array) {
    const elements = literalElements(array[2]!);
    if (!elements || elements.every((e) => NUMBER.test(e))) return text;
    return `${array[1]}\n${oneALine(elements, '  ')}\n${array[3]}`;
  }
  const regexp = /^(const [\w$]+ = new RegExp\()(.*)(\);)$/.exec(text);
  if (regexp) {
    const args = literalElements(regexp[2]!);
    return args && args.length <= 2 ? `${regexp[1]}\n${oneALine(args, '  ')}\n${regexp[3]}` : text;
  }
  const string = /^(const [\w$]+ =) ('(?:[^'\\\n]|\\.)*';)$/.exec(text);
  return string ? `${string[1]}\n  ${string[2]}` : text;
}
