/** Object and array literals, keys, and string and number literals in prettier's spelling (quote.ts). */
import { ts } from '../typescript.mjs';
import { builders } from 'prettier/doc';
import { quoteString } from '../quote.ts';
import { spelledAsJson } from '../ts-nodes.ts';
import { valueAssignment } from './assignments.ts';
import { type D, K, unhandled } from './base.ts';
import { conciseArray } from './calls.ts';
import { comments } from './comments.ts';
import { expression, hasComments, startsWithComment, strip } from './expressions.ts';
import { methodDeclaration } from './functions.ts';
import { rawTemplate } from './types.ts';

const { group, indent, line, softline, ifBreak, join, fill, lineSuffixBoundary } = builders;

export function objectLiteral(node: ts.ObjectLiteralExpression): D {
  if (!node.properties.length) return '{}';
  const props = node.properties.map((p): D => [comments(p), propertyBody(p)]);
  return group(['{', indent([line, join([',', line], props)]), ifBreak(','), line, '}'], { shouldBreak: writtenBroken(node) });
}

/** prettier keeps an object broken that was written broken (a line break after `{`): the builder's `multiLine`. */
export function writtenBroken(node: ts.ObjectLiteralExpression): boolean {
  return (node as unknown as { multiLine?: boolean }).multiLine === true;
}

/** A property of an object literal without its leading comments. */
export function propertyBody(p: ts.ObjectLiteralElementLike): D {
  if (ts.isPropertyAssignment(p)) return group(valueAssignment(propertyKey(p.name), ':', p.initializer, { key: true }));
  if (ts.isShorthandPropertyAssignment(p)) return p.objectAssignmentInitializer ? unhandled('shorthand initializer') : p.name.text;
  if (ts.isSpreadAssignment(p)) return ['...', spreadArgument(p.expression)];
  if (ts.isMethodDeclaration(p)) return methodDeclaration(p);
  return unhandled(K[p.kind]);
}

/** `...value`: a cast bracketed (as prettier does); an operator or a function, not reproduced. */
export function spreadArgument(value: ts.Expression): D {
  const node = strip(value);
  if (startsWithComment(node)) unhandled('comment on an operand');
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return ['(', expression(node), ')'];
  if (ts.isBinaryExpression(node) || ts.isConditionalExpression(node) || ts.isArrowFunction(node)) unhandled('spread of an operator');
  return expression(node);
}

export function arrayLiteral(node: ts.ArrayLiteralExpression): D {
  const items = node.elements.map(strip);
  if (!items.length) return '[]';
  if (items.some((e) => ts.isSpreadElement(e) || ts.isOmittedExpression(e))) unhandled('array element');
  if (conciseArray(node)) {
    // Numbers are filled like prose, as many to a line as fit (prettier's printArrayItemsConcisely).
    const id = Symbol('array');
    const parts = items.flatMap((e, i): D[] => (i === items.length - 1 ? [[expression(e), ifBreak(',', '', { groupId: id })]] : [[expression(e), ','], line]));
    return group(['[', indent([softline, fill(parts)]), softline, ']'], { id });
  }
  return group(['[', indent([softline, join([',', line], items.map((e) => group(expression(e))))]), ifBreak(','), softline, ']'], { shouldBreak: alwaysBroken(items) });
}

/** prettier's rule for an array broken whatever its width (printArrayItems' shouldBreak): two or more items, all objects or all arrays, each of two or more entries. */
export function alwaysBroken(items: readonly ts.Expression[]): boolean {
  const first = items[0];
  return first !== undefined && items.length > 1 && items.every((e) => e.kind === first.kind && ((ts.isObjectLiteralExpression(e) && e.properties.length > 1) || (ts.isArrayLiteralExpression(e) && e.elements.length > 1)));
}

/**
 * `` `text ${a.b} text` ``: the text as written, each placeholder on one line (prettier prints a simple
 * template literal, placeholders of names and member chains only, without breaking inside it).
 */
export function templateExpression(node: ts.TemplateExpression): D {
  // `a.b.c` as text; anything else is not a simple placeholder.
  const chain = (e: ts.Expression): string =>
    hasComments(e) ? unhandled('template placeholder')
    : ts.isIdentifier(e) ? e.text
    : ts.isPropertyAccessExpression(e) && !e.questionDotToken && ts.isIdentifier(e.name) ? `${chain(e.expression)}.${e.name.text}`
    : unhandled('template placeholder');
  const parts: D[] = ['`', rawTemplate(node.head)];
  for (const span of node.templateSpans) parts.push('${', chain(span.expression), '}', rawTemplate(span.literal));
  return [lineSuffixBoundary, ...parts, '`'];
}

/** A key as prettier writes it with `quoteProps: as-needed`: a string that is an identifier loses its quotes. */
export function propertyKey(name: ts.PropertyName): D {
  if (ts.isIdentifier(name)) return name.text;
  if (ts.isNumericLiteral(name)) return literal(name);
  if (ts.isStringLiteral(name)) {
    // prettier unquotes any ES5 identifier name, Unicode letters included: leave those to it.
    if (/[^\x20-\x7e]/.test(name.text)) unhandled('non-ASCII key');
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name.text) ? name.text : literal(name);
  }
  if (ts.isComputedPropertyName(name)) return ['[', expression(name.expression), ']'];
  return unhandled(K[name.kind]);
}

/**
 * String and number literals in prettier's spelling: single quotes unless the text holds more single than
 * double quotes; numbers without an exponent only (prettier rewrites `1e+21`).
 */
export function literal(node: ts.Node): D {
  if (ts.isStringLiteral(node)) return quote(node);
  // JavaScript's own spelling of a number is prettier's, but for the exponent's plus sign.
  if (ts.isNumericLiteral(node)) return /^\d+(\.\d+)?(e[+-]\d+)?$/.test(node.text) ? node.text.replace('e+', 'e') : unhandled('number spelling');
  if (ts.isNoSubstitutionTemplateLiteral(node)) return ['`', rawTemplate(node), '`'];
  if (ts.isPrefixUnaryExpression(node) && node.operator === K.MinusToken && ts.isNumericLiteral(node.operand)) return ['-', literal(node.operand)];
  switch (node.kind) {
    case K.TrueKeyword: return 'true';
    case K.FalseKeyword: return 'false';
    case K.NullKeyword: return 'null';
  }
  return unhandled(K[node.kind]);
}

/** A string literal node as prettier writes the spelling it was built with (quote.ts): the compiler's, or JSON's (ts-nodes.ts `jsonString`). */
export function quote(node: ts.StringLiteral): string {
  if (node.text.length < LONG) return quoteString(node.text, spelledAsJson(node) ? 'json' : 'compiler');
  let quoted = quotedLong.get(node);
  if (quoted === undefined) quotedLong.set(node, (quoted = quoteString(node.text, spelledAsJson(node) ? 'json' : 'compiler')));
  return quoted;
}

/**
 * Long literals' spellings, by node: a statement is measured flat before it is laid out broken (flat.ts), and
 * a megabyte literal (the server's `JSON.parse('…')` tables) would be escaped and re-quoted each time.
 */
const quotedLong = new WeakMap<ts.StringLiteral, string>();
const LONG = 4096;
