/**
 * The one layout the validators' code templates do not settle by themselves: an `if` whose line is wider
 * than the print width. Such a line is broken the way prettier breaks it (printIfStatement, and
 * printBinaryish inside an `if`'s parentheses):
 * - `if (test) stmt` where `if (test)` fits: the statement moves to the next line, indented;
 * - otherwise the test goes on its own line between `if (` and `)`, and a top-level `&&` (or `||`) chain
 *   puts each operand on its own line (inside an `if`'s parentheses the chain has no group of its own).
 * - a top-level function's signature: one parameter a line;
 * - `if (!(a || b)) {` (or a statement after it): the operands go inside `if (!(` … `))`, one a line;
 * - an operand `!(a || b)` of a broken chain: `!(` on its own line, then the operands, one a line, then `)`;
 * Anything else (an operand or statement that would itself need breaking, mixed `&&`/`||`) is left as it
 * is; the statement is then wider than the print width, and module/unformatted.ts leaves it to prettier.
 */
import { PRETTIER_OPTIONS } from '../../../codegen/layout-options.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;
const SINGLE_QUOTED = /'(?:[^'\\\n]|\\.)*'/g;
/** Statements short enough to follow an `if` on the next line without breaking themselves. */
const SIMPLE_STATEMENT = /^(return( [\w$.]+)?;|break( [\w$]+)?;|continue;|[\w$]+ = [\w$]+;)$/;

export function breakLongConditions(text: string): string {
  return text
    .split('\n')
    // A line with a double-quoted string is in JSON's spelling, not prettier's: its width is not the final
    // one, and an object broken here would stay broken under prettier (it keeps an expanded object expanded).
    .map((line) => (line.length > WIDTH && !line.replace(SINGLE_QUOTED, '').includes('"') ? breakIf(line) ?? line : line))
    .join('\n');
}

function breakIf(line: string): string | undefined {
  const m = /^( *)(\} else if|if) \(/.exec(line);
  if (!m) return breakSignature(line);
  const indent = m[1];
  const inner = indent + '  ';
  const open = m[0].length - 1;
  const close = closingParen(line, open);
  if (close < 0) return undefined;
  const lead = line.slice(0, open + 1);
  const test = line.slice(open + 1, close);
  const rest = line.slice(close + 1);
  const broken = (): string | undefined => {
    const operands = topLevelChain(test);
    if (!operands) return undefined;
    if (operands.operands.length === 1 && test.startsWith('!(')) {
      // A negated chain: prettier keeps `if (!(` together and puts the chain's operands inside.
      const negated = closingParen(test, 1) === test.length - 1 ? topLevelChain(test.slice(2, -1)) : undefined;
      if (!negated || negated.operands.length < 2) return undefined;
      const lines = chainLines(negated, inner);
      return lines && `${lead}!(\n${lines.join('\n')}\n${indent}))`;
    }
    const lines = chainLines(operands, inner);
    return lines && `${lead}\n${lines.join('\n')}\n${indent})`;
  };
  if (rest === ' {') {
    const head = broken();
    return head && `${head} {`;
  }
  const statement = rest.slice(1);
  if (!rest.startsWith(' ') || !SIMPLE_STATEMENT.test(statement)) return undefined;
  if (`${lead}${test})`.length <= WIDTH) return `${lead}${test})\n${inner}${statement}`;
  const head = broken();
  return head && `${head}\n${inner}${statement}`;
}

/** A top-level function's signature too wide: one parameter a line, with a trailing comma. */
function breakSignature(line: string): string | undefined {
  const m = /^(export )?function [\w$]+\(/.exec(line);
  if (!m) return undefined;
  const close = closingParen(line, m[0].length - 1);
  const rest = line.slice(close + 1);
  if (close < 0 || !/^: [\w$]+ \{$/.test(rest)) return undefined;
  const params = splitTopLevel(line.slice(m[0].length, close), ', ');
  const lines = params && [m[0], ...params.map((p) => `  ${p},`), `)${rest}`];
  return lines && lines.every((l) => l.length <= WIDTH) ? lines.join('\n') : undefined;
}

/** A chain's operands one a line (or more, see operandLines), each but the last followed by the operator. */
function chainLines(chain: { operator: string; operands: string[] }, indent: string): string[] | undefined {
  const lines: string[] = [];
  for (const [i, o] of chain.operands.entries()) {
    const printed = operandLines(o, indent, i < chain.operands.length - 1 ? ` ${chain.operator}` : '');
    if (!printed) return undefined;
    lines.push(...printed);
  }
  return lines;
}

/**
 * An operand on its own line(s): as it is when it fits, else a call (`f(…)`, `!f(…)`) with its arguments
 * broken as prettier's printCallArguments breaks them: a last object argument hugged (`f(a, b, {` then one
 * property a line) when that head fits, otherwise one argument a line with trailing commas.
 */
function operandLines(operand: string, indent: string, suffix: string): string[] | undefined {
  const fits = (l: string) => l.length <= WIDTH;
  if (fits(`${indent}${operand}${suffix}`)) return [`${indent}${operand}${suffix}`];
  if (operand.startsWith('!(') && closingParen(operand, 1) === operand.length - 1) {
    // A negated chain as an operand: prettier breaks it inside its own parentheses.
    const negated = topLevelChain(operand.slice(2, -1));
    const lines = negated && negated.operands.length > 1 ? chainLines(negated, indent + '  ') : undefined;
    return lines && [`${indent}!(`, ...lines, `${indent})${suffix}`];
  }
  const m = /^!?[\w$.]+\(/.exec(operand);
  if (!m || closingParen(operand, m[0].length - 1) !== operand.length - 1) return undefined;
  const args = splitTopLevel(operand.slice(m[0].length, -1), ', ');
  if (!args) return undefined;
  const last = args[args.length - 1];
  const object = (a: string | undefined) => a !== undefined && a.startsWith('{ ') && a.endsWith(' }');
  if (args.length > 1 && object(last) && !object(args[args.length - 2])) {
    const props = splitTopLevel(last.slice(2, -2), ', ');
    const lines = props && [`${indent}${m[0]}${args.slice(0, -1).join(', ')}, {`, ...props.map((p) => `${indent}  ${p},`), `${indent}})${suffix}`];
    if (lines && lines.every(fits)) return lines;
  }
  const lines = [`${indent}${m[0]}`, ...args.map((a) => `${indent}  ${a},`), `${indent})${suffix}`];
  return lines.every(fits) ? lines : undefined;
}

/** `text` split at `separator` outside brackets and strings; undefined when a string does not end. */
function splitTopLevel(text: string, separator: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      i = stringEnd(text, i);
      if (i < 0) return undefined;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(at, i));
      at = i + separator.length;
      i = at - 1;
    }
  }
  parts.push(text.slice(at));
  return parts;
}

/** The index of the `)` closing the `(` at `open`, skipping strings; -1 when not on this line. */
function closingParen(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    const c = line[i];
    if (c === "'" || c === '"' || c === '`') {
      i = stringEnd(line, i);
      if (i < 0) return -1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return c === ')' ? i : -1;
    }
  }
  return -1;
}

function stringEnd(line: string, start: number): number {
  for (let i = start + 1; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === line[start]) return i;
  }
  return -1;
}

/** The operands of a top-level `&&` or `||` chain (one operand when there is none); undefined when mixed. */
function topLevelChain(test: string): { operator: string; operands: string[] } | undefined {
  const cuts: Array<[number, string]> = [];
  let depth = 0;
  for (let i = 0; i < test.length; i++) {
    const c = test[i];
    if (c === "'" || c === '"' || c === '`') {
      i = stringEnd(test, i);
      if (i < 0) return undefined;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && (test.startsWith(' && ', i) || test.startsWith(' || ', i))) {
      cuts.push([i, test.slice(i + 1, i + 3)]);
      i += 3;
    }
  }
  const operators = new Set(cuts.map(([, op]) => op));
  if (operators.size > 1) return undefined;
  const operands: string[] = [];
  let at = 0;
  for (const [i] of cuts) {
    operands.push(test.slice(at, i));
    at = i + 4;
  }
  operands.push(test.slice(at));
  return { operator: cuts[0]?.[1] ?? '&&', operands };
}
