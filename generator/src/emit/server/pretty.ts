/**
 * The server target's modules are printed as prettier prints them (issue 14: formatted by construction):
 * their statements are nodes (codegen/ts-nodes.ts) laid out by the one printer (codegen/pretty/), so
 * the write stage has nothing left to format. test/print/prettier-clean.test.ts and
 * test/server/pretty.test.ts hold them to account, running prettier itself.
 */
import * as n from '../../codegen/ts-nodes.ts';

/**
 * `export const NAME: Type = JSON.parse('…');` — the value as its JSON text, one string literal: any key
 * (even `__proto__`) stays an own property, and a large table parses faster than an object literal.
 */
export function jsonParseConstant(name: string, type: string, value: unknown, doc: n.DocLines = []): n.Statement {
  const parse = n.callExpression(n.propertyAccess(n.valueRef('JSON'), 'parse'), [n.literalExpression(asciiJson(value))]);
  return n.constDeclaration(name, parse, doc, { type: n.typeRef(type) });
}

/**
 * JSON text in ASCII (`\u` escapes for the rest, which JSON.parse reads back to the same strings): the layout
 * printer measures an ASCII line by its length, where a megabyte table with one accented letter would be
 * measured character by character for display width, several times over (GitHub's mock data: about 1.5 s).
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
