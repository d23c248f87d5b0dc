/**
 * Prints a statement tree (statements.ts) through the one printer. The tree becomes TypeScript nodes and
 * pretty/ lays them out, as it lays out every other target's nodes; nothing here decides a layout or
 * a width. A statement pretty/ declines is printed by the compiler's printer and left to prettier
 * (pretty-module.ts `printedOr`), as for every other node.
 *
 * Strings of the tree are spelled with JSON's escapes (code.ts `lit`), not the compiler's: as nodes they
 * carry that spelling for pretty/ (ts-nodes.ts `jsonString`); for the compiler's printer, which
 * knows only its own, they are given as their finished text.
 */
import { ts } from './typescript.mjs';
import { prettyLit } from './code.ts';
import { printedOr } from './pretty-module.ts';
import { jsonString, pure } from './ts-nodes.ts';
import { prettyExpressionLine, prettyNestedStatement } from './pretty/index.ts';
import { printTree, treeExpressionLine } from './pretty/tree.ts';
import { printNode } from './ts-print.ts';
import { isNode, type Expr, type Stmt } from './statements.ts';

const f = ts.factory;
const K = ts.SyntaxKind;

export interface PrintedStatement {
  text: string;
  /** The text is what prettier prints for the statement. */
  formatted: boolean;
}

/**
 * One top-level statement (a function, a module constant) in prettier's layout, or left to prettier. The
 * lines that fit come straight from the tree (pretty/tree.ts); a statement whose line does not fit is
 * turned into nodes and laid out by the one printer at its depth.
 */
export function printStatement(statement: Stmt): PrintedStatement {
  return printedOr(
    () => printTree(statement, (s, depth) => prettyNestedStatement(new Nodes('layout').statement(s), depth)),
    () => printNode(new Nodes('text').statement(statement)),
  );
}

/** One expression on one line (brackets by precedence), as the printer spells it. */
export function printExpression(e: Expr): PrintedStatement {
  const line = treeExpressionLine(e);
  if (line !== undefined) return { text: line, formatted: true };
  return printedOr(
    () => prettyExpressionLine(new Nodes('layout').expression(e)),
    () => printNode(new Nodes('text').expression(e)),
  );
}

/**
 * `layout`: strings as string literals carrying JSON's spelling, for pretty/. `text`: strings as their
 * finished text (an identifier node the compiler's printer writes verbatim), for the fallback.
 */
type Spelling = 'layout' | 'text';

const BINARY: Readonly<Record<string, ts.BinaryOperator>> = {
  '===': K.EqualsEqualsEqualsToken,
  '!==': K.ExclamationEqualsEqualsToken,
  '<': K.LessThanToken,
  '<=': K.LessThanEqualsToken,
  '>': K.GreaterThanToken,
  '>=': K.GreaterThanEqualsToken,
  '+': K.PlusToken,
  '-': K.MinusToken,
  '%': K.PercentToken,
  '&': K.AmpersandToken,
  '|': K.BarToken,
  instanceof: K.InstanceOfKeyword,
};

class Nodes {
  constructor(private readonly spelling: Spelling) {}

  /** Trusted text of our own (a name, `data[i]`, a type): an identifier node, which every printer writes as it is. */
  private raw(text: string): ts.Identifier {
    return f.createIdentifier(text);
  }

  private string(value: string): ts.Expression {
    return this.spelling === 'layout' ? jsonString(value) : this.raw(prettyLit(value).text);
  }

  /** A JSON value as a literal: objects and arrays of literals, `__proto__` as a computed key (an own property). */
  private literal(value: unknown): ts.Expression {
    if (typeof value === 'string') return this.string(value);
    if (value === undefined) return this.raw('undefined');
    if (value === null) return f.createNull();
    if (typeof value === 'boolean') return value ? f.createTrue() : f.createFalse();
    if (typeof value === 'number') {
      if (Number.isNaN(value)) return this.raw('NaN');
      const magnitude = Math.abs(value);
      const positive = magnitude === Infinity ? this.raw('Infinity') : f.createNumericLiteral(magnitude);
      return value < 0 || Object.is(value, -0) ? f.createPrefixUnaryExpression(K.MinusToken, positive) : positive;
    }
    if (Array.isArray(value)) return f.createArrayLiteralExpression(value.map((v) => this.literal(v === undefined ? null : v)));
    if (typeof value === 'object') {
      const properties = Object.entries(value).map(([key, v]) => {
        const name = key === '__proto__' ? f.createComputedPropertyName(this.string(key)) : /^[A-Za-z_$][\w$]*$/.test(key) ? f.createIdentifier(key) : (this.string(key) as ts.StringLiteral);
        return f.createPropertyAssignment(name, this.literal(v));
      });
      return f.createObjectLiteralExpression(properties);
    }
    throw new TypeError(`cannot write a ${typeof value} as a literal`);
  }

  expression(e: Expr): ts.Expression {
    if (!isNode(e)) return this.raw(e.text);
    switch (e.kind) {
      case 'lit':
        return this.literal(e.value);
      case 'regexSource':
        return this.string(e.text);
      case 'binary':
        return f.createBinaryExpression(this.expression(e.left), BINARY[e.op]!, this.expression(e.right));
      case 'logical': {
        const token = e.op === '&&' ? K.AmpersandAmpersandToken : K.BarBarToken;
        return e.operands.map((o) => this.expression(o)).reduce((left, right) => f.createBinaryExpression(left, token, right));
      }
      case 'unary':
        return e.op === 'typeof' ? f.createTypeOfExpression(this.expression(e.operand)) : f.createLogicalNot(this.expression(e.operand));
      case 'cond':
        return f.createConditionalExpression(this.expression(e.test), f.createToken(K.QuestionToken), this.expression(e.then), f.createToken(K.ColonToken), this.expression(e.else));
      case 'call':
        return f.createCallExpression(this.expression(e.callee), e.typeArgs?.map((t) => this.type(t.text)), e.args.map((a) => this.expression(a)));
      case 'pure':
        return pure(this.expression(e.call));
      case 'new':
        return f.createNewExpression(this.expression(e.callee), e.typeArgs && [this.type(e.typeArgs.text)], e.args.map((a) => this.expression(a)));
      case 'member':
        return /^[A-Za-z_$][\w$]*$/.test(e.name) ? f.createPropertyAccessExpression(this.expression(e.object), e.name) : f.createElementAccessExpression(this.expression(e.object), this.string(e.name));
      case 'index':
        return f.createElementAccessExpression(this.expression(e.object), this.expression(e.index));
      case 'object':
        return f.createObjectLiteralExpression(e.properties.map(([key, value]) => f.createPropertyAssignment(this.raw(key.text), this.expression(value))));
      case 'array':
        // One item a line or not is prettier's rule (an array of two or more arrays or objects), applied by the printer.
        return f.createArrayLiteralExpression(e.items.map((i) => this.expression(i)));
      case 'assign':
        return f.createAssignment(this.expression(e.target), this.expression(e.value));
      case 'increment':
        return f.createPostfixIncrement(this.expression(e.target));
      case 'arrow': {
        // An object literal body would read as a block: bracketed (as ts-nodes.ts `arrowFunction` does).
        const body = this.expression(e.body);
        return f.createArrowFunction(undefined, undefined, [], undefined, f.createToken(K.EqualsGreaterThanToken), ts.isObjectLiteralExpression(body) ? f.createParenthesizedExpression(body) : body);
      }
    }
  }

  private type(text: string): ts.TypeNode {
    return f.createTypeReferenceNode(this.raw(text));
  }

  private block(body: readonly Stmt[]): ts.Block {
    return f.createBlock(body.map((s) => this.statement(s)), true);
  }

  statement(s: Stmt): ts.Statement {
    switch (s.kind) {
      case 'expr':
        return f.createExpressionStatement(this.expression(s.expr));
      case 'decl': {
        const flags = s.keyword === 'const' ? ts.NodeFlags.Const : ts.NodeFlags.Let;
        const declaration = f.createVariableDeclaration(s.name.text, undefined, s.type && this.type(s.type.text), s.init && this.expression(s.init));
        return f.createVariableStatement(s.exported ? [f.createModifier(K.ExportKeyword)] : undefined, f.createVariableDeclarationList([declaration], flags));
      }
      case 'if':
        return f.createIfStatement(this.expression(s.test), this.statement(s.then), s.else && this.statement(s.else));
      case 'block':
        return s.label ? f.createLabeledStatement(s.label.text, this.block(s.body)) : this.block(s.body);
      case 'for':
        return f.createForStatement((this.statement(s.init) as ts.VariableStatement).declarationList, this.expression(s.test), this.expression(s.update), this.block(s.body));
      case 'forIn': {
        const name = f.createVariableDeclarationList([f.createVariableDeclaration(s.name.text)], ts.NodeFlags.Const);
        return f.createForInStatement(name, this.expression(s.object), this.block(s.body));
      }
      case 'return':
        return f.createReturnStatement(s.value && this.expression(s.value));
      case 'break':
        return f.createBreakStatement(s.label?.text);
      case 'continue':
        return f.createContinueStatement();
      case 'switch': {
        const clauses = s.cases.map((c) => {
          const body = c.body.map((b) => this.statement(b));
          return c.test === undefined ? f.createDefaultClause(body) : f.createCaseClause(this.expression(c.test), body);
        });
        return f.createSwitchStatement(this.expression(s.discriminant), f.createCaseBlock(clauses));
      }
      case 'function': {
        const parameters = s.params.map((p) => f.createParameterDeclaration(undefined, undefined, this.raw(p.text)));
        const modifiers = s.exported ? [f.createModifier(K.ExportKeyword)] : undefined;
        return f.createFunctionDeclaration(modifiers, undefined, s.name.text, undefined, parameters, this.type(s.returns.text), this.block(s.body));
      }
    }
  }
}
