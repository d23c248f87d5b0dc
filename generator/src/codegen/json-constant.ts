/**
 * `export const NAME: Type = JSON.parse('…');` as a node: a constant whose value is its JSON text in one
 * string literal. Any key (even `__proto__`) stays an own property, and a large table parses faster than an
 * object literal (the server target's route table and mock data).
 *
 * The JSON text is written in ASCII (`\u` escapes for everything else, which JSON.parse reads back to the
 * same strings) for the printer's sake: prettier's layout measures a line by its display width, and its
 * width function (`getStringWidth`) returns a printable-ASCII string's length at once (JSON.stringify
 * escapes control characters already) but walks any other string character by character. A megabyte
 * table with one accented letter was measured that way several times over (GitHub's mock data: about
 * 1.5 s); in ASCII it costs nothing, and the output reads the same.
 */
import * as n from './ts-nodes.ts';

/** `export const NAME: Type = JSON.parse('…');` with `doc` above it: the value's JSON text, in ASCII. */
export function jsonParseConstant(name: string, type: string, value: unknown, doc: n.DocLines = []): n.Statement {
  const parse = n.callExpression(n.propertyAccess(n.valueRef('JSON'), 'parse'), [n.literalExpression(asciiJson(value))]);
  return n.constDeclaration(name, parse, doc, { type: n.typeRef(type) });
}

/** JSON text with every non-ASCII UTF-16 unit as a `\uXXXX` escape (what JSON.parse reads back unchanged). */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
