/**
 * The validators modules printed in prettier's layout, so they need no formatting pass. Each statement is
 * built as the layout document prettier's TypeScript printer builds for it (function signatures, call
 * arguments, type arguments, unions, object literals, import lists) and prettier's own document printer
 * (`prettier/doc`, the cheap part of prettier: fitting lines to the print width) turns it into text.
 *
 * Only the shapes the validators emitters write are covered. A statement this cannot vouch for (a string in
 * JSON's spelling, a line wider than the print width, trailing blanks in a comment) is left to prettier: a
 * module records it as a range of `EmittedFile.formatted` (statement-exact: the module knows where each
 * statement starts and ends). test/print/prettier-clean.test.ts holds every claim to account.
 */
import { builders } from 'prettier/doc';
import type { ModuleLine } from '../../../codegen/module-lines.ts';
import { callArguments, printModuleLine } from '../../../codegen/pretty-doc.ts';
import { ModulePrinter } from '../../../codegen/pretty-module.ts';
import { PRETTIER_OPTIONS } from '../../../codegen/layout-options.ts';

export type Doc = builders.Doc;
const { group, indent, align, line, softline, hardline, ifBreak, join } = builders;

const WIDTH = PRETTIER_OPTIONS.printWidth!;

export function call(callee: Doc, list: readonly Doc[]): Doc {
  return [callee, callArguments(list)];
}

/**
 * `export function name(params): returns { body }`: the parameters break one a line (trailing comma) when
 * the signature does not fit, and only then does the return type's own group get to break.
 */
export function functionDeclaration(head: string, params: readonly Doc[], returns: Doc, body: readonly Doc[]): Doc {
  const list: Doc = params.length ? ['(', indent([softline, join([',', line], params as Doc[])]), ifBreak(','), softline, ')'] : '()';
  return [head, group([list, ': ', returns]), ' ', block(body)];
}

export function block(statements: readonly Doc[]): Doc {
  if (!statements.length) return '{}';
  return ['{', indent([hardline, join(hardline, statements as Doc[])]), hardline, '}'];
}

/** `if (test) statement` (no block): the statement moves to the next line when the line is too wide. */
export function ifStatement(test: Doc, statement: Doc): Doc {
  return group(['if (', group(test), ')', indent([line, statement])]);
}

/** `Name<A>`: a single plain argument (a name, `T.X`) stays on the line; others may break. */
export function typeReference(name: string, list: readonly Doc[], hug: boolean): Doc {
  if (hug) return [name, '<', join(', ', list as Doc[]), '>'];
  return group([name, '<', indent([softline, join([',', line], list as Doc[])]), softline, '>']);
}

/** `A | B` as a type argument (not indented: the type arguments' group indents it). */
export function unionInTypeArguments(members: readonly Doc[]): Doc {
  return group([ifBreak('| '), join([line, '| '], members.map((m) => align(2, m)))]);
}

/**
 * `{ a: x, b: y }`; `expanded`: written with a line break after `{`, which prettier keeps (one property a
 * line); otherwise prettier expands it only when it does not fit.
 */
export function objectLiteral(properties: readonly Doc[], expanded = false): Doc {
  if (!properties.length) return '{}';
  return group(['{', indent([line, join([',', line], properties as Doc[])]), ifBreak(','), line, '}'], { shouldBreak: expanded });
}

/** Import (or re-export) statements, as the symbol registry gives them, in prettier's layout. */
export function prettyImports(lines: readonly ModuleLine[]): string {
  return lines.map(printModuleLine).join('\n');
}

const SINGLE_QUOTED = /'(?:[^'\\\n]|\\.)*'/g;

/**
 * True when printed text is certainly what prettier prints for it: no line wider than the print width but
 * a comment's (the layouts here do not model what prettier does with one), no trailing blanks, and no double quote outside
 * a single-quoted string (a string `prettyLit` left in JSON's spelling, whose escapes prettier may change).
 */
export function vouched(text: string, wide = false): boolean {
  return text.split('\n').every((l) => (wide || l.length <= WIDTH || COMMENT_LINE.test(l)) && l === l.trimEnd()) && !text.replace(SINGLE_QUOTED, '').includes('"');
}

/** A line of a block comment: prettier leaves it as it is, however wide. */
const COMMENT_LINE = /^ *(\/\*\*? .*\*\/|\/\*\*?|\* .*|\*\/)$/;

type Range = readonly [start: number, end: number];

/**
 * A validators module (codegen/pretty-module.ts `ModulePrinter`) whose statements are vouched for where they
 * are added: `add` and `next` claim a statement printed only when `vouched` agrees.
 */
export class PrettyModule extends ModulePrinter {
  /**
   * A statement printed formatted, unless `vouched` says otherwise. `wide`: its layout is plain groups only
   * (arrays, objects of literals), which the document printer overflows exactly as prettier does, so a line
   * wider than the print width (a long string) is no reason to doubt it.
   */
  add(text: string, wide = false): this {
    return this.statement(text, vouched(text, wide));
  }

  /** A statement whose text is prettier's output already (checked where it lives) or that prettier must format. */
  addAs(text: string, formatted: boolean): this {
    return this.statement(text, formatted);
  }

  /** A statement on the line after the previous one (no blank line between), vouched for like `add`. */
  next(text: string, wide = false): this {
    return this.line(text, vouched(text, wide));
  }

  /** Text already split into statements with `ranges` (relative to it) prettier must format. */
  addRanged(text: string, ranges: readonly Range[]): this {
    return this.ranged(text, ranges);
  }
}
