/**
 * Statements written as text in a TypeScript source: the lines of its string and template literals that start
 * like a statement of generated code (test/generator/no-statement-text.test.ts holds the emitters to none).
 */
import ts from 'typescript';

/** The start of a TypeScript statement (or declaration) at the beginning of a line. */
export const STATEMENT =
  /^\s*(?:export\s+(?:default\b|(?:declare\s+)?(?:const|let|function|async|type|interface|class|\{|\*))|import\s+(?:type\s+)?[\w{*]|(?:const|let|var)\s+(?:\w+|\{[^}]*\}|\[[^\]]*\])\s*[:=]|(?:async\s+)?function\s*\*?\s*\w*\s*[<(]|type\s+\w+\s*[<=]|interface\s+\w+|declare\s+\w+|return\b|if\s*\(|for\s*(?:await\s*)?\()/;

const PLACEHOLDER = '\u0000';

/** Each line of each string or template literal of `source` that starts like a statement (placeholders read as `x`). */
export function statementLines(file: string, source: string): string[] {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node))
      text = node.head.text + node.templateSpans.map((span) => PLACEHOLDER + span.literal.text).join('');
    if (text !== undefined && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      // A placeholder opening a line is text put before it (a header, another statement): read as nothing there.
      const lines = text.split('\n').map((line) => line.replace(/^\u0000+/, '').replaceAll(PLACEHOLDER, 'x'));
      found.push(...lines.filter((line) => STATEMENT.test(line)));
    }
    // A template's placeholders hold literals of their own: visited as children (nested templates count on their own).
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return found;
}
