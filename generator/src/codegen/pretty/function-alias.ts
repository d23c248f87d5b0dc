/**
 * A type alias of a function type straight to text (the server's handler types, one per operation:
 * `export type XHandler = (context: XContext) => XResult | Promise<XResult>;`). prettier prints it on its
 * line when it fits; otherwise the `=` keeps `(` on its line (the assignment's fluid layout: the parameter
 * list's first line break ends the measure), the parameters go one a line with trailing commas, and
 * `) => ` and the return type end the statement. That much is certain when each piece is flat on its line;
 * anything else (a return type that would break in turn, a parameter prettier hugs, type parameters, a
 * head too wide, text whose width only the document printer measures) is the documents' to lay out.
 */
import { ts } from '../typescript.mjs';
import { PRETTIER_OPTIONS } from '../layout-options.ts';
import { flatIfFits } from '../pretty-doc.ts';
import { hasComments } from './expressions.ts';
import { exportKeyword } from './statements.ts';
import { type } from './types.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;
const UNIT = ' '.repeat(PRETTIER_OPTIONS.tabWidth!);

/** The alias as prettier prints it, without its leading comments; undefined where the documents decide. */
export function functionAliasText(node: ts.TypeAliasDeclaration): string | undefined {
  const fn = node.type;
  if (!ts.isFunctionTypeNode(fn) || fn.typeParameters?.length || node.typeParameters?.length || !fn.parameters.length) return undefined;
  if (hasComments(fn) || ts.getSyntheticTrailingComments(node)?.length || ts.getSyntheticTrailingComments(fn)?.length) return undefined;
  // An object type as a parameter is hugged, or as the return type of one parameter groups the list (types.ts `functionType`).
  if (ts.isTypeLiteralNode(fn.type) || ts.isMappedTypeNode(fn.type)) return undefined;
  const params: string[] = [];
  for (const p of fn.parameters) {
    if (!ts.isIdentifier(p.name) || !p.type || p.dotDotDotToken || p.initializer || p.modifiers?.length || hasComments(p)) return undefined;
    if (ts.isTypeLiteralNode(p.type) || ts.isMappedTypeNode(p.type)) return undefined;
    const text = flatIfFits([p.name.text, p.questionToken ? '?: ' : ': ', type(p.type, 'annotation')], 0);
    if (text === undefined) return undefined;
    params.push(text);
  }
  const head = flatIfFits([exportKeyword(node), 'type ', node.name.text, ' = ('], 0);
  const returns = flatIfFits([') => ', type(fn.type, 'annotation'), ';'], 0);
  if (head === undefined || returns === undefined) return undefined;
  const flat = `${head}${params.join(', ')}${returns}`;
  if (flat.length <= WIDTH) return flat;
  if (params.some((p) => UNIT.length + p.length + 1 > WIDTH)) return undefined;
  return [head, ...params.map((p) => `${UNIT}${p},`), returns].join('\n');
}
