/**
 * A small statement tree for generated function bodies, in the spirit of Ajv's `CodeGen`: code is built as
 * nodes (blocks, `if`/`else`, loops, `let`/`const`, `return`, calls) and printed once, by the one printer
 * (statement-printer.ts turns the tree into nodes for pretty/), in prettier's layout. Expressions are nodes
 * too, so `and`/`or`/`not` put brackets where precedence needs them instead of callers guessing from text.
 *
 * Leaves are `Code` (names, keywords, our own punctuation: code.ts's safe builders made them) or `lit`
 * nodes holding a JSON value, which the printer spells as prettier does. Spec strings enter only there.
 */
import { Code } from './code.ts';

/** A leaf: trusted text without operators at its top level (a name, `E`, `Infinity`). */
export type Leaf = Code;

export type Expr = Leaf | ExprNode;

export type BinaryOp = '===' | '!==' | '<' | '<=' | '>' | '>=' | '+' | '-' | '%' | '&' | '|' | 'instanceof';

export type ExprNode =
  | { readonly kind: 'lit'; readonly value: unknown }
  | { readonly kind: 'regexSource'; readonly text: string }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'logical'; readonly op: '&&' | '||'; readonly operands: readonly Expr[] }
  | { readonly kind: 'unary'; readonly op: '!' | 'typeof'; readonly operand: Expr }
  | { readonly kind: 'cond'; readonly test: Expr; readonly then: Expr; readonly else: Expr }
  | { readonly kind: 'call'; readonly callee: Expr; readonly args: readonly Expr[]; readonly typeArgs?: readonly Code[] }
  | { readonly kind: 'pure'; readonly call: Expr }
  | { readonly kind: 'new'; readonly callee: Expr; readonly typeArgs?: Code; readonly args: readonly Expr[] }
  | { readonly kind: 'member'; readonly object: Expr; readonly name: string }
  | { readonly kind: 'index'; readonly object: Expr; readonly index: Expr }
  | { readonly kind: 'object'; readonly properties: ReadonlyArray<readonly [key: Code, value: Expr]> }
  | { readonly kind: 'array'; readonly items: readonly Expr[]; readonly expand?: boolean }
  | { readonly kind: 'assign'; readonly target: Expr; readonly value: Expr }
  | { readonly kind: 'increment'; readonly target: Expr }
  | { readonly kind: 'arrow'; readonly body: Expr };

/**
 * What a statement stands for beyond its text, set and read by the compiler that builds the tree (the
 * validators' compiler marks a failure guard, a call of another function, a statement's form at the end of
 * a function), so that one part of it can fold statements another made without reading them back.
 */
export interface Role {
  readonly kind: string;
}

export type Stmt =
  | { readonly kind: 'expr'; readonly expr: Expr }
  | { readonly kind: 'decl'; readonly keyword: 'const' | 'let'; readonly name: Code; readonly type?: Code; readonly init?: Expr; readonly exported?: boolean }
  | { readonly kind: 'if'; readonly test: Expr; readonly then: Stmt; readonly else?: Stmt; readonly role?: Role }
  | { readonly kind: 'block'; readonly body: readonly Stmt[]; readonly label?: Code }
  | { readonly kind: 'for'; readonly init: Stmt; readonly test: Expr; readonly update: Expr; readonly body: readonly Stmt[] }
  | { readonly kind: 'forIn'; readonly name: Code; readonly object: Expr; readonly body: readonly Stmt[] }
  | { readonly kind: 'return'; readonly value?: Expr }
  | { readonly kind: 'break'; readonly label?: Code }
  | { readonly kind: 'continue' }
  | { readonly kind: 'switch'; readonly discriminant: Expr; readonly cases: ReadonlyArray<{ readonly test?: Expr; readonly body: readonly Stmt[] }> }
  | { readonly kind: 'function'; readonly exported: boolean; readonly name: Code; readonly params: readonly Code[]; readonly returns: Code; readonly body: readonly Stmt[] };

// Expressions.

/** A JSON value (string, number, boolean, null, array, plain object) as a literal, spelled by the printer. */
export function lit(value: unknown): Expr {
  return { kind: 'lit', value };
}

/** A string literal as `new RegExp` takes a pattern: JSON's escapes, in prettier's quotes. */
export function regexSource(text: string): Expr {
  return { kind: 'regexSource', text };
}

export function binary(left: Expr, op: BinaryOp, right: Expr): Expr {
  return { kind: 'binary', op, left, right };
}

/** `a + b + c` (left to right), or the one part. */
export function concat(parts: readonly Expr[]): Expr {
  return parts.slice(1).reduce((left, right) => binary(left, '+', right), parts[0]!);
}

function logical(op: '&&' | '||', operands: readonly Expr[]): Expr {
  // `a && (b && c)` is `a && b && c`: one chain, as prettier prints it. Most calls join plain operands: no copy then.
  const joins = (o: Expr) => isNode(o) && o.kind === 'logical' && o.op === op;
  const flat = operands.some(joins) ? operands.flatMap((o) => (joins(o) ? (o as Extract<ExprNode, { kind: 'logical' }>).operands : [o])) : operands;
  return flat.length === 1 ? flat[0]! : { kind: 'logical', op, operands: flat };
}

export function and(...operands: Expr[]): Expr {
  return logical('&&', operands);
}

export function or(...operands: Expr[]): Expr {
  return logical('||', operands);
}

export function not(operand: Expr): Expr {
  return { kind: 'unary', op: '!', operand };
}

export function typeOf(operand: Expr): Expr {
  return { kind: 'unary', op: 'typeof', operand };
}

export function cond(test: Expr, then: Expr, otherwise: Expr): Expr {
  return { kind: 'cond', test, then, else: otherwise };
}

export function call(callee: Expr, ...args: Expr[]): Expr {
  return { kind: 'call', callee, args };
}

/** `callee<T, U>(...args)`: a call with type arguments (types of our own, as text). */
export function typedCall(callee: Expr, typeArgs: readonly Code[], ...args: Expr[]): Expr {
  return { kind: 'call', callee, args, typeArgs };
}

/** `/* @__PURE__ *\/ call`: a call a bundler may drop when its value is unused (a module constant's initializer). */
export function pure(call: Expr): Expr {
  return { kind: 'pure', call };
}

export function newExpr(callee: Expr, args: readonly Expr[], typeArgs?: Code): Expr {
  return { kind: 'new', callee, args, typeArgs };
}

/** `object.name`, or `object['name']` when the name is no identifier. */
export function member(object: Expr, name: string): Expr {
  return { kind: 'member', object, name };
}

export function index(object: Expr, at: Expr): Expr {
  return { kind: 'index', object, index: at };
}

/** `{ key: value, ... }` with keys of our own (identifiers). */
export function object(properties: ReadonlyArray<readonly [Code, Expr]>): Expr {
  return { kind: 'object', properties };
}

/** `[a, b]`. `expand` (one item a line) is prettier's rule, which the printer applies itself: the flag no longer decides the layout. */
export function array(items: readonly Expr[], expand = false): Expr {
  return { kind: 'array', items, expand };
}

export function assign(target: Expr, value: Expr): Expr {
  return { kind: 'assign', target, value };
}

export function increment(target: Expr): Expr {
  return { kind: 'increment', target };
}

/** `() => body`: an arrow without parameters returning an expression (an object literal is bracketed by the printer). */
export function arrow(body: Expr): Expr {
  return { kind: 'arrow', body };
}

export function isNode(e: Expr): e is ExprNode {
  // A prototype test, not `'kind' in e`: asked for every expression the printers visit, and the nodes are of many shapes.
  return !(e instanceof Code);
}

// Statements.

export function exprStmt(expr: Expr): Stmt {
  return { kind: 'expr', expr };
}

export function constDecl(name: Code, init: Expr, type?: Code): Stmt {
  return { kind: 'decl', keyword: 'const', name, init, type };
}

/** `export const name = init;` */
export function exportedConst(name: Code, init: Expr): Stmt {
  return { kind: 'decl', keyword: 'const', name, init, exported: true };
}

export function letDecl(name: Code, init: Expr): Stmt {
  return { kind: 'decl', keyword: 'let', name, init };
}

/** `if (test) then [else otherwise]`; `then`/`otherwise` given as a list are blocks. */
export function ifStmt(test: Expr, then: Stmt | readonly Stmt[], otherwise?: Stmt | readonly Stmt[], role?: Role): Stmt {
  return { kind: 'if', test, then: asStatement(then), else: otherwise === undefined ? undefined : asStatement(otherwise), role };
}

function asStatement(s: Stmt | readonly Stmt[]): Stmt {
  return isStatementList(s) ? block(s) : s;
}

function isStatementList(s: Stmt | readonly Stmt[]): s is readonly Stmt[] {
  return Array.isArray(s);
}

export function block(body: readonly Stmt[], label?: Code): Stmt {
  return { kind: 'block', body, label };
}

export function forLoop(init: Stmt, test: Expr, update: Expr, body: readonly Stmt[]): Stmt {
  return { kind: 'for', init, test, update, body };
}

/** `for (const name in object) { body }`. */
export function forIn(name: Code, object: Expr, body: readonly Stmt[]): Stmt {
  return { kind: 'forIn', name, object, body };
}

export function returnStmt(value?: Expr): Stmt {
  return { kind: 'return', value };
}

export function breakStmt(label?: Code): Stmt {
  return { kind: 'break', label };
}

export const continueStmt: Stmt = { kind: 'continue' };

export function switchStmt(discriminant: Expr, cases: ReadonlyArray<{ test?: Expr; body: readonly Stmt[] }>): Stmt {
  return { kind: 'switch', discriminant, cases };
}

export function functionDecl(name: Code, params: readonly Code[], returns: Code, body: readonly Stmt[], exported = false): Stmt {
  return { kind: 'function', exported, name, params, returns, body };
}

// Reading the tree.

/**
 * Which of `names` some `Code` leaf of `statements` names (as a whole identifier in its text), in one walk
 * that ends once all are found. A leaf is trusted text that may hold more than one name (`v[i]`), so its text
 * is searched; a literal's value is never a reference. Errs towards "read": a quoted name inside a leaf
 * counts, which at worst keeps an unread name. (One walk for all of a function's parameters: on GitHub's
 * spec a walk per parameter cost the validators ~9% of their emission.)
 */
export function namesRead(statements: readonly Stmt[], names: readonly string[]): Set<string> {
  const found = new Set<string>();
  const pattern = new RegExp(`(?<![\\w$])(?:${names.map((n) => n.replace(/\$/g, '\\$')).join('|')})(?![\\w$])`, 'g');
  const visit = (value: unknown): boolean => {
    if (value instanceof Code) {
      for (const m of value.text.matchAll(pattern)) found.add(m[0]);
      return found.size === names.length;
    }
    if (Array.isArray(value)) {
      for (const item of value) if (visit(item)) return true;
      return false;
    }
    if (value === null || typeof value !== 'object') return false;
    const node = value as Record<string, unknown>;
    if (node.kind === 'lit' || node.kind === 'regexSource') return false;
    // A role is the compiler's note about a statement, not part of its text.
    for (const key in node) if (key !== 'role' && visit(node[key])) return true;
    return false;
  };
  if (names.length) for (const statement of statements) if (visit(statement)) break;
  return found;
}

/** Whether some `Code` leaf of `statements` names `name` (namesRead of one name). */
export function readsName(statements: readonly Stmt[], name: string): boolean {
  return namesRead(statements, [name]).has(name);
}
