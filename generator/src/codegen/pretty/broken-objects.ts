/**
 * An interface straight to text. An interface's body is always broken, one member a line (prettier's
 * printed object type with `shouldBreak`), so its layout is known without measuring the whole: each member
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
import { PRETTIER_OPTIONS } from '../layout-options.ts';
import { flatIfFits, printDoc, printFlat } from '../pretty-doc.ts';
import { isSingleLine } from '../ts-nodes.ts';
import type { D } from './base.ts';
import { comments } from './comments.ts';
import { propertyKey } from './literals.ts';
import { typeParameters } from './functions.ts';
import { member, memberBody } from './types.ts';
import { exportKeyword } from './statements.ts';

const { group, indent } = builders;
const TAB = PRETTIER_OPTIONS.tabWidth!;

/** A top-level interface as prettier prints it; undefined where the documents decide (a header too wide, heritage, a trailing comment). */
export function interfaceText(node: ts.InterfaceDeclaration): string | undefined {
  if (node.heritageClauses || !node.members.length || ts.getSyntheticTrailingComments(node)?.length) return undefined;
  const header = flatIfFits([exportKeyword(node), 'interface ', node.name.text, typeParameters(node.typeParameters), ' {'], 0);
  const leading = hardLines(comments(node), 0);
  if (header === undefined || leading === undefined) return undefined;
  const lines = [leading + header];
  membersText(node.members, TAB, lines);
  lines.push('}');
  return lines.join('\n');
}

/** The members of a broken object type standing `column` columns in, each as its lines (indented) pushed onto `out`. */
function membersText(members: ts.NodeArray<ts.TypeElement>, column: number, out: string[]): void {
  const indentation = ' '.repeat(column);
  for (const m of members) {
    const leading = hardLines(comments(m), column);
    const nested = leading === undefined ? undefined : brokenObjectMember(m);
    if (nested) {
      out.push(indentation + leading + nested.head + '{');
      membersText(nested.members, column + TAB, out);
      out.push(indentation + '};');
      continue;
    }
    const flat = leading === undefined ? undefined : flatIfFits([memberBody(m), ';'], column);
    if (flat !== undefined) {
      out.push(indentation + leading + flat);
      continue;
    }
    // Too wide for its line (or a comment the text above does not spell): the document printer lays out this member alone.
    let doc: D = group(member(m));
    for (let i = 0; i < column / TAB; i++) doc = indent(doc);
    out.push(printDoc([indentation, doc, ';']));
  }
}

/**
 * `key: {` of a property whose type is an object type built broken (and not empty): it opens on the
 * property's line whatever the width (nothing in between can break), and its members follow one a line.
 */
function brokenObjectMember(m: ts.TypeElement): { head: string; members: ts.NodeArray<ts.TypeElement> } | undefined {
  if (!ts.isPropertySignature(m) || !m.type || !ts.isTypeLiteralNode(m.type) || isSingleLine(m.type) || !m.type.members.length) return undefined;
  if (ts.getSyntheticLeadingComments(m.type)?.length) return undefined;
  const modifiers = m.modifiers ?? [];
  if (modifiers.some((mod) => mod.kind !== ts.SyntaxKind.ReadonlyKeyword)) return undefined;
  const head = `${modifiers.length ? 'readonly ' : ''}${printFlat(propertyKey(m.name))}${m.questionToken ? '?' : ''}: `;
  return { head, members: m.type.members };
}

/**
 * A document of text and hard line breaks only (leading comments) standing `column` columns in, as the
 * document printer prints it: each break a new line at the indentation, trailing blanks trimmed. Ends
 * with a line break when the document does; undefined for anything else.
 */
function hardLines(doc: D, column: number): string | undefined {
  let text = '';
  const ok = (d: D): boolean => {
    if (typeof d === 'string') return (text += d), true;
    if (Array.isArray(d)) return d.every(ok);
    if (d.type === 'break-parent') return true;
    if (d.type === 'line' && d.hard) return (text = text.replace(/[ \t]+$/, '') + '\n' + ' '.repeat(column)), true;
    return false;
  };
  return ok(doc) ? text : undefined;
}
