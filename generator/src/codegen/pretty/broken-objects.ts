/**
 * An interface, a type alias of a union or of an object type, and a declaration of an object literal straight to text.
 * An interface's body is always broken, one member a line (prettier's printed object type with
 * `shouldBreak`), so its layout is known without measuring the whole: each member
 * is its flat text when it fits its line, a member whose type is another always-broken object type opens
 * it on its line and recurses, and only a member that does not fit goes to the document printer, alone.
 * Printing the whole interface as one document made prettier's printer walk and measure every member of
 * the GitHub spec's types (859 interfaces of 144 lines on average) to find what this knows beforehand.
 *
 * A member printed alone is printed as in its interface: it starts its line at its indentation, and what
 * follows it there is its `;` and a line break (the broken body's), which ends every measure of its groups.
 */
import { ts } from '../typescript.mjs';
import { builders } from 'prettier/doc';
import { BEYOND_PRINTABLE_ASCII, PRETTIER_OPTIONS } from '../layout-options.ts';
import { flatIfFits, NotPrinted, printDoc, printFlat } from '../pretty-doc.ts';
import { isSingleLine } from '../ts-nodes.ts';
import type { D } from './base.ts';
import { comments, leadingText } from './comments.ts';
import { alwaysBroken, objectLiteral, propertyBody, propertyKey, writtenBroken } from './literals.ts';
import { conciseArray } from './calls.ts';
import { expression, hasComments, strip } from './expressions.ts';
import { typeParameters } from './functions.ts';
import { huggedUnion, memberBody, type } from './types.ts';
import { at, exportKeyword } from './statements.ts';
import { plainMember } from './flat.ts';

const { group, indent } = builders;
const TAB = PRETTIER_OPTIONS.tabWidth!;

/** A top-level interface as prettier prints it; undefined where the documents decide (a header too wide, heritage, a trailing comment). */
export function interfaceText(node: ts.InterfaceDeclaration): string | undefined {
  if (node.heritageClauses || !node.members.length || ts.getSyntheticTrailingComments(node)?.length) return undefined;
  const header = flatIfFits([exportKeyword(node), 'interface ', node.name.text, typeParameters(node.typeParameters), ' {'], 0);
  if (header === undefined) return undefined;
  const lines = [leadingText(node, 0) + header];
  membersText(node.members, TAB, lines);
  lines.push('}');
  return lines.join('\n');
}

/**
 * `type X = {`, the members one a line, `};`: a type alias of an object type built broken (the types
 * target's schemas written as aliases), laid out as an interface's body: nothing between `=` and `{` can
 * break, and the object's first line break ends the measure, so `{` stays on the line when that much
 * fits. Undefined (the documents decide) for a header too wide or type parameters prettier may break.
 */
export function objectAliasText(node: ts.TypeAliasDeclaration): string | undefined {
  if (!brokenObject(node.type) || ts.getSyntheticTrailingComments(node)?.length || ts.getSyntheticTrailingComments(node.type)?.length) return undefined;
  // Two or more type parameters, one with a constraint or default: prettier breaks the left side first (statements.ts).
  const params = node.typeParameters ?? [];
  if (params.length > 1 && params.some((p) => p.constraint || p.default)) return undefined;
  const header = flatIfFits([exportKeyword(node), 'type ', node.name.text, typeParameters(node.typeParameters), ' = {'], 0);
  if (header === undefined) return undefined;
  const lines = [leadingText(node, 0) + header];
  membersText(node.type.members, TAB, lines);
  lines.push('};');
  return lines.join('\n');
}

/**
 * `type X =` and a union, as prettier prints it after the operator: on the line when the whole fits, else
 * on the next line when the union fits there, else one member a line behind `| ` (aligned two columns
 * in), each member flat when it fits its line, an object type that does not (or that is built broken,
 * which breaks every group around it) opened on its line with its members one a line. The server's
 * results are such unions, their objects too wide for a line; the types target's enums are unions of
 * literals, one a line. Anything else (a member that is not an object type and does not fit, a left side
 * that does not fit, text whose width only the document printer measures) leaves the statement to the
 * documents (undefined).
 */
export function unionAliasText(node: ts.TypeAliasDeclaration): string | undefined {
  const union = node.type;
  if (!ts.isUnionTypeNode(union) || huggedUnion(union) || ts.getSyntheticTrailingComments(node)?.length) return undefined;
  // Two or more type parameters, one with a constraint or default: prettier breaks the left side first (statements.ts).
  const params = node.typeParameters ?? [];
  if (params.length > 1 && params.some((p) => p.constraint || p.default)) return undefined;
  const header = flatIfFits([exportKeyword(node), 'type ', node.name.text, typeParameters(node.typeParameters), ' ='], 0);
  if (header === undefined) return undefined;
  const leading = leadingText(node, 0);
  if (!union.types.some(brokenObject)) {
    // Nothing forces a break: the union may fit the line, or the next one.
    const doc = type(union, 'assigned');
    if (!measurable(doc)) return undefined;
    const onLine = flatIfFits([doc, ';'], header.length + 1);
    if (onLine !== undefined) return `${leading}${header} ${onLine}`;
    const nextLine = flatIfFits([doc, ';'], TAB);
    if (nextLine !== undefined) return `${leading}${header}\n${' '.repeat(TAB)}${nextLine}`;
  }
  const lines = [leading + header];
  const last = union.types.length - 1;
  for (const [i, t] of union.types.entries()) {
    const end = i === last ? ';' : '';
    const broken = brokenObject(t);
    const doc = broken ? undefined : type(t);
    const flat = doc === undefined ? undefined : flatIfFits([doc, end], 2 * TAB);
    if (flat !== undefined) {
      lines.push(`${' '.repeat(TAB)}| ${flat}`);
      continue;
    }
    // Not flat: an object type that does not fit (when its width is known), or one built broken.
    if (!objectType(t) || (doc !== undefined && !measurable(doc))) return undefined;
    lines.push(' '.repeat(TAB) + '| {');
    membersText(t.members, 3 * TAB, lines);
    lines.push(' '.repeat(2 * TAB) + '}' + end);
  }
  return lines.join('\n');
}

/**
 * `export const x: T = {`, the object's properties one a line, `};`: a declaration of an object literal built
 * broken or too wide for its line (the client's operation specs). prettier's fluid layout keeps `= {` on the
 * declaration's line whenever that much fits (the object's first line break ends the measure); each
 * property is then its flat text with its `,` when that fits its line, else the document printer lays it
 * out alone. Undefined (the documents decide) for an object that fits its line, or text whose width only
 * the document printer measures, a header too wide, a generic annotation of two or more arguments
 * (possibly prettier's break-lhs layout), comments on the object.
 */
export function objectDeclarationText(node: ts.VariableStatement): string | undefined {
  // The object is an expression: a method's statements inside it do not know their column (statements.ts `depth`), as in expressions.ts.
  return at(undefined, () => objectDeclaration(node));
}

function objectDeclaration(node: ts.VariableStatement): string | undefined {
  const list = node.declarationList;
  if (list.declarations.length !== 1 || !(list.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let)) || ts.getSyntheticTrailingComments(node)?.length) return undefined;
  const [d] = list.declarations;
  const object = d!.initializer;
  if (!object || !ts.isObjectLiteralExpression(object) || !object.properties.length || d!.exclamationToken || !ts.isIdentifier(d!.name)) return undefined;
  if (ts.getSyntheticLeadingComments(object)?.length || ts.getSyntheticTrailingComments(object)?.length) return undefined;
  if (d!.type && ts.isTypeReferenceNode(d!.type) && (d!.type.typeArguments?.length ?? 0) > 1) return undefined;
  const kind = list.flags & ts.NodeFlags.Const ? 'const' : 'let';
  const header = flatIfFits([exportKeyword(node), kind, ' ', d!.name.text, d!.type ? [': ', type(d!.type, 'annotation')] : '', ' = {'], 0);
  if (header === undefined) return undefined;
  if (!writtenBroken(object)) {
    const doc = objectLiteral(object);
    if (!measurable(doc) || flatIfFits([header.slice(0, -1), doc, ';'], 0) !== undefined) return undefined;
  }
  const lines = [leadingText(node, 0) + header];
  const indentation = ' '.repeat(TAB);
  for (const p of object.properties) {
    const flat = flatIfFits([propertyBody(p), ','], TAB) ?? brokenArrayProperty(p, TAB);
    if (flat !== undefined) lines.push(indentation + leadingText(p, TAB) + flat);
    // Too wide for its line: the document printer lays out this property alone.
    else lines.push(printDoc([indentation, indent([comments(p), propertyBody(p)]), ',']));
  }
  lines.push('};');
  return lines.join('\n');
}

/**
 * `export const {`, one property a line, `} = name;`: a declaration destructuring a name with a pattern that
 * nests patterns, which prettier always breaks (functions.ts `objectPattern`) — the validators' exports of
 * every operation's validators (`getPost: { query: validateGetPostQuery },`), a thousand lines on GitHub's
 * spec, laid out by the document printer as one document. A nested pattern is flat when it fits its line
 * with its comma (the broken pattern's line break ends the measure), else one name a line; nothing
 * between a key and its `{` can break while `key: {` fits (assignments.ts `bindingProperty`: the group
 * after `:` measures up to the value's first line break). Undefined (the documents decide) for another
 * declaration, an empty or doubly nested pattern, a default or rest element, a line that does not fit.
 */
export function destructuringText(node: ts.VariableStatement): string | undefined {
  const list = node.declarationList;
  const [d] = list.declarations;
  if (list.declarations.length !== 1 || !(list.flags & ts.NodeFlags.Const) || !d || d.type || d.exclamationToken || !ts.isObjectBindingPattern(d.name) || !d.initializer || !ts.isIdentifier(d.initializer)) return undefined;
  if (ts.getSyntheticLeadingComments(d.initializer)?.length || ts.getSyntheticTrailingComments(node)?.length || !d.name.elements.some((e) => ts.isObjectBindingPattern(e.name))) return undefined;
  const lines = [`${leadingText(node, 0)}${printFlat(exportKeyword(node))}const {`];
  for (const e of d.name.elements) {
    if (!bindingLines(e, TAB, lines)) return undefined;
  }
  const tail = `} = ${d.initializer.text};`;
  lines.push(tail);
  return lines.every((l) => !BEYOND_PRINTABLE_ASCII.test(l)) ? lines.join('\n') : undefined;
}

/** One element of a pattern standing `column` columns in, with its comma, as its lines pushed onto `out`; false when the documents must decide. */
function bindingLines(e: ts.BindingElement, column: number, out: string[]): boolean {
  if (e.initializer || e.dotDotDotToken) return false;
  const indentation = ' '.repeat(column);
  const key = e.propertyName ? `${keyText(e.propertyName)}: ` : '';
  const fits = (line: string) => column + line.length <= PRETTIER_OPTIONS.printWidth!;
  if (ts.isIdentifier(e.name)) {
    const line = `${key}${e.name.text},`;
    return fits(line) && (out.push(indentation + line), true);
  }
  if (!ts.isObjectBindingPattern(e.name) || !e.name.elements.length) return false;
  const inner: string[] = [];
  for (const i of e.name.elements) {
    if (!ts.isIdentifier(i.name) || i.initializer || i.dotDotDotToken) return false;
    inner.push(i.propertyName ? `${keyText(i.propertyName)}: ${i.name.text}` : i.name.text);
  }
  const flat = `${key}{ ${inner.join(', ')} },`;
  if (fits(flat)) return out.push(indentation + flat), true;
  if (!fits(`${key}{`)) return false;
  out.push(`${indentation}${key}{`);
  for (const line of inner) {
    if (column + TAB + line.length + 1 > PRETTIER_OPTIONS.printWidth!) return false;
    out.push(`${indentation}${' '.repeat(TAB)}${line},`);
  }
  out.push(`${indentation}},`);
  return true;
}

/** A property key as literals.ts `propertyKey` spells it (a name or a quoted string: its document is the text). */
function keyText(name: ts.PropertyName): string {
  const key = propertyKey(name);
  return typeof key === 'string' ? key : printFlat(key);
}

/**
 * `key: [`, the items one a line with their commas, `],`: a property standing `column` columns in whose
 * value is an array prettier breaks whatever its width (literals.ts `alwaysBroken`: two or more objects or
 * arrays of two or more entries each, as the client's parameter lists). Nothing between the key and `[`
 * can break, so `[` stays on the key's line when that much fits (the array's first line break ends the
 * measure), and each item is a group of its own that is flat when it fits its line with its comma (the
 * line break after it ends that measure). Undefined (the documents decide) when an item does not fit, is
 * built broken or has a comment, or the head does not fit.
 */
function brokenArrayProperty(p: ts.ObjectLiteralElementLike, column: number): string | undefined {
  if (!ts.isPropertyAssignment(p) || !ts.isArrayLiteralExpression(p.initializer) || hasComments(p.initializer)) return undefined;
  const items = p.initializer.elements;
  if (conciseArray(p.initializer) || !alwaysBroken(items.map(strip)) || items.some(hasComments)) return undefined;
  const head = flatIfFits([propertyKey(p.name), ': ['], column);
  if (head === undefined) return undefined;
  const lines = [head];
  const itemIndentation = ' '.repeat(column + TAB);
  for (const item of items) {
    const flat = flatIfFits([group(expression(item)), ','], column + TAB);
    if (flat === undefined) return undefined;
    lines.push(itemIndentation + flat);
  }
  lines.push(' '.repeat(column) + '],');
  return lines.join('\n');
}

/** Whether flatIfFits's answer is about width alone: text it can measure (printable ASCII), nothing forced broken (a comment's line break). */
function measurable(doc: D): boolean {
  try {
    return !BEYOND_PRINTABLE_ASCII.test(printFlat(doc));
  } catch (error) {
    if (error instanceof NotPrinted) return false;
    throw error;
  }
}

/** An object type with members and no comment of its own (broken one member a line when it does not fit). */
function objectType(node: ts.TypeNode): node is ts.TypeLiteralNode {
  return ts.isTypeLiteralNode(node) && node.members.length > 0 && !ts.getSyntheticLeadingComments(node)?.length;
}

/** An object type built broken (one member a line) with members, and no comment of its own. */
function brokenObject(node: ts.TypeNode): node is ts.TypeLiteralNode {
  return objectType(node) && !isSingleLine(node);
}

/** The members of a broken object type standing `column` columns in, each as its lines (indented) pushed onto `out`. */
function membersText(members: ts.NodeArray<ts.TypeElement>, column: number, out: string[]): void {
  const indentation = ' '.repeat(column);
  for (const m of members) {
    const leading = leadingText(m, column);
    const nested = brokenObjectMember(m);
    if (nested) {
      out.push(indentation + leading + nested.head + '{');
      membersText(nested.members, column + TAB, out);
      out.push(indentation + '}' + nested.tail + ';');
      continue;
    }
    const flat = plainMember(m, column) ?? flatIfFits([memberBody(m), ';'], column);
    if (flat !== undefined) {
      out.push(indentation + leading + flat);
      continue;
    }
    // Too wide for its line: the document printer lays out this member alone, after its comments as text
    // (they end in a line break, which settles nothing after them; leadingText ends at the indentation).
    let doc: D = group(memberBody(m));
    for (let i = 0; i < column / TAB; i++) doc = indent(doc);
    const printed = printDoc([indentation, doc, ';']);
    out.push(leading ? indentation + leading + printed.slice(indentation.length) : printed);
  }
}

/**
 * `key: {` of a property whose type is an object type built broken (and not empty): it opens on the
 * property's line whatever the width (nothing in between can break), and its members follow one a line.
 * So too when that object is the element of an array type (`key: {` … `}[];`) or the object of a union
 * prettier hugs (`key: {` … `} | null;`, types.ts `huggedUnion`: joined by ` | `, never broken): the GitHub
 * spec's nullable and list members, which the document printer otherwise measured member by member.
 */
function brokenObjectMember(m: ts.TypeElement): { head: string; members: ts.NodeArray<ts.TypeElement>; tail: string } | undefined {
  if (!ts.isPropertySignature(m) || !m.type) return undefined;
  const modifiers = m.modifiers ?? [];
  if (modifiers.some((mod) => mod.kind !== ts.SyntaxKind.ReadonlyKeyword)) return undefined;
  const object = brokenObjectIn(m.type);
  if (!object) return undefined;
  const head = `${modifiers.length ? 'readonly ' : ''}${printFlat(propertyKey(m.name))}${m.questionToken ? '?' : ''}: ${object.before}`;
  return { head, members: object.members, tail: object.after };
}

/**
 * The broken object type a member's type is, with the text around it: the object itself, an array of one
 * (`[]` after, however deep), or a hugged union of one with `null`s (types.ts `type` prints each of these
 * without a line of its own). Undefined for anything else, and for a type that carries a comment.
 */
function brokenObjectIn(node: ts.TypeNode): { before: string; members: ts.NodeArray<ts.TypeElement>; after: string } | undefined {
  if (brokenObject(node)) return { before: '', members: node.members, after: '' };
  if (ts.getSyntheticLeadingComments(node)?.length) return undefined;
  if (ts.isArrayTypeNode(node)) {
    const element = brokenObjectIn(node.elementType);
    return element && !element.before ? { ...element, after: `${element.after}[]` } : undefined;
  }
  if (ts.isUnionTypeNode(node) && huggedUnion(node)) {
    const main = node.types.findIndex(brokenObject);
    if (main === -1) return undefined;
    const spelled = (types: readonly ts.TypeNode[]) => types.map((t) => printFlat(type(t)));
    const before = spelled(node.types.slice(0, main));
    const after = spelled(node.types.slice(main + 1));
    return { before: before.map((t) => `${t} | `).join(''), members: (node.types[main] as ts.TypeLiteralNode).members, after: after.map((t) => ` | ${t}`).join('') };
  }
  return undefined;
}
