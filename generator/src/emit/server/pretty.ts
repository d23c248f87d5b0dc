/**
 * The server target's modules are printed as prettier prints them (issue 14: formatted by construction):
 * their statements are nodes (codegen/ts-nodes.ts) laid out by the one printer (codegen/ts-pretty.ts), so
 * the write stage has nothing left to format. test/print/prettier-clean.test.ts and
 * test/server/pretty.test.ts hold them to account, running prettier itself.
 */
import * as n from '../../codegen/ts-nodes.ts';

/**
 * `export const NAME: Type = JSON.parse('…');` — the value as its JSON text, one string literal: any key
 * (even `__proto__`) stays an own property, and a large table parses faster than an object literal.
 */
export function jsonParseConstant(name: string, type: string, value: unknown, doc: n.DocLines = []): n.Statement {
  const parse = n.callExpression(n.propertyAccess(n.valueRef('JSON'), 'parse'), [n.literalExpression(JSON.stringify(value))]);
  return n.constDeclaration(name, parse, doc, { type: n.typeRef(type) });
}
