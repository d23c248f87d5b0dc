/**
 * Prints a statement tree (statements.ts) in prettier's layout, and says whether the text is prettier's.
 *
 * Expressions are printed on one line, with brackets where precedence (or prettier's taste: `a || (b && c)`)
 * needs them. A line wider than the print width is broken from the tree, as prettier breaks it:
 * - `if (test) stmt` where `if (test)` fits: the statement moves to the next line, indented (a statement
 *   that cannot break itself only: `return`, `break`, `continue`, `a = b`);
 * - otherwise the test goes on lines of its own between `if (` and `)` (printIfStatement), a `&&`/`||`
 *   chain one operand a line (printBinaryish: inside an `if`'s parentheses the chain has no group of its
 *   own); `if (!(a || b))` keeps `!(` on the `if` line and puts the operands inside;
 * - an operand still too wide: a negated chain `!(` … `)` one operand a line, or a call with its arguments
 *   one a line, or its last object argument hugged (printCallArguments);
 * - a function's parameters one a line;
 * - module constants: an array of literals (not of numbers only, which prettier fills) or a `new RegExp`'s
 *   arguments one a line, an array of arrays one row a line, a string on the line after the `=`.
 * Anything else wider than the print width, and a literal in JSON's spelling rather than prettier's (an
 * escape prettier may spell differently), is printed as it is and the statement is not claimed formatted:
 * the module printer leaves it to prettier (pretty-module.ts). test/print/prettier-clean.test.ts holds the
 * claims to account on every fixture and corpus spec.
 */
import { PRETTIER_OPTIONS } from './layout-options.ts';
import { isPropertyName, prettyLit, stringifyLiteral } from './code.ts';
import { prettierQuotes } from './pretty-doc.ts';
import { isNode, type Expr, type ExprNode, type Stmt } from './statements.ts';

type Logical = Extract<ExprNode, { kind: 'logical' }>;
type ObjectNode = Extract<ExprNode, { kind: 'object' }>;

const WIDTH = PRETTIER_OPTIONS.printWidth!;
const UNIT = '  ';

export interface PrintedStatement {
  text: string;
  /** The text is what prettier prints for the statement. */
  formatted: boolean;
}

/** One top-level statement (a function, a module constant) as prettier lays it out, when it can. */
export function printStatement(statement: Stmt): PrintedStatement {
  const p = new Printer();
  p.statement(statement, 0);
  return { text: p.lines.join('\n'), formatted: p.formatted };
}

/** One expression on one line (brackets by precedence), and whether its literals are spelled as prettier does. */
export function printExpression(e: Expr): PrintedStatement {
  const p = new Printer();
  return { text: p.expr(e), formatted: p.formatted };
}

// Precedence levels (higher binds tighter), as in the ECMAScript grammar.
const PRIMARY = 20;
const CALL = 19;
const POSTFIX = 16;
const UNARY = 15;
const BINARY: Readonly<Record<string, number>> = { '%': 13, '+': 12, '-': 12, '<': 10, '<=': 10, '>': 10, '>=': 10, instanceof: 10, '===': 9, '!==': 9, '&': 8 };
const LOGICAL = { '&&': 5, '||': 4 } as const;
const CONDITIONAL = 3;
const ASSIGNMENT = 2;

function precedence(e: Expr): number {
  if (!isNode(e)) return PRIMARY;
  switch (e.kind) {
    case 'lit': case 'regexSource': case 'object': case 'array': return PRIMARY;
    case 'call': case 'new': case 'member': case 'index': return CALL;
    case 'increment': return POSTFIX;
    case 'unary': return UNARY;
    case 'binary': return BINARY[e.op]!;
    case 'logical': return LOGICAL[e.op];
    case 'cond': return CONDITIONAL;
    case 'assign': return ASSIGNMENT;
  }
}

/** A JSON value is spelled as prettier spells it (prettyLit): strings in single quotes, no `__proto__` key. */
function prettySpelling(value: unknown): boolean {
  if (typeof value === 'string') return prettyLit(value).text.startsWith("'");
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(prettySpelling);
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return false;
  return Object.entries(value).every(([k, v]) => prettySpelling(k) && prettySpelling(v));
}

/** A literal prettier can never break (a string, number, boolean or null), as prettier spells it. */
function isScalar(value: unknown): boolean {
  return value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && prettySpelling(value));
}

class Printer {
  readonly lines: string[] = [];
  formatted = true;

  // Expressions, on one line.

  expr(e: Expr): string {
    if (!isNode(e)) return e.text;
    switch (e.kind) {
      case 'lit':
        if (!prettySpelling(e.value)) this.formatted = false;
        return prettyLit(e.value).text;
      case 'regexSource': {
        const text = prettierQuotes(stringifyLiteral(e.text));
        if (!text.startsWith("'")) this.formatted = false;
        return text;
      }
      case 'binary':
        return `${this.operand(e.left, e, false)} ${e.op} ${this.operand(e.right, e, true)}`;
      case 'logical':
        return e.operands.map((o) => this.operand(o, e, false)).join(` ${e.op} `);
      case 'unary':
        return `${e.op === 'typeof' ? 'typeof ' : '!'}${this.operand(e.operand, e, false)}`;
      case 'cond':
        return `${this.operand(e.test, e, false)} ? ${this.expr(e.then)} : ${this.expr(e.else)}`;
      case 'call':
        return `${this.operand(e.callee, e, false)}(${this.list(e.args)})`;
      case 'new':
        return `new ${this.operand(e.callee, e, false)}${e.typeArgs ? `<${e.typeArgs.text}>` : ''}(${this.list(e.args)})`;
      case 'member':
        return isPropertyName(e.name) ? `${this.operand(e.object, e, false)}.${e.name}` : `${this.operand(e.object, e, false)}[${this.expr({ kind: 'lit', value: e.name })}]`;
      case 'index':
        return `${this.operand(e.object, e, false)}[${this.expr(e.index)}]`;
      case 'object':
        return e.properties.length ? `{ ${e.properties.map(([k, v]) => `${k.text}: ${this.expr(v)}`).join(', ')} }` : '{}';
      case 'array':
        return `[${this.list(e.items)}]`;
      case 'assign':
        return `${this.expr(e.target)} = ${this.expr(e.value)}`;
      case 'increment':
        return `${this.operand(e.target, e, false)}++`;
    }
  }

  private list(items: readonly Expr[]): string {
    return items.map((i) => this.expr(i)).join(', ');
  }

  /** `child` printed inside `parent`, bracketed where precedence or prettier needs it. */
  private operand(child: Expr, parent: ExprNode, right: boolean): string {
    const text = this.expr(child);
    return needsBrackets(child, parent, right) ? `(${text})` : text;
  }

  // Statements, as lines.

  private push(depth: number, text: string): void {
    const line = UNIT.repeat(depth) + text;
    this.lines.push(line);
  }

  /** A line that cannot be broken: too wide, it is prettier's to lay out. */
  private pushFlat(depth: number, text: string): void {
    this.push(depth, text);
    if (UNIT.length * depth + text.length > WIDTH) this.formatted = false;
  }

  statement(s: Stmt, depth: number): void {
    switch (s.kind) {
      case 'expr':
      case 'return':
      case 'break':
      case 'continue':
        return this.pushFlat(depth, this.simple(s));
      case 'decl':
        return depth === 0 ? this.constant(s) : this.pushFlat(depth, `${this.declaration(s)};`);
      case 'block':
        return this.block(depth, s.label ? `${s.label.text}: ` : '', s.body);
      case 'if':
        return this.ifStatement(s, depth, 'if (', true);
      case 'for':
        return this.block(depth, `for (${this.declaration(s.init)}; ${this.expr(s.test)}; ${this.expr(s.update)}) `, s.body, true);
      case 'forIn':
        return this.block(depth, `for (const ${s.name.text} in ${this.expr(s.object)}) `, s.body, true);
      case 'switch':
        this.pushFlat(depth, `switch (${this.expr(s.discriminant)}) {`);
        for (const c of s.cases) {
          const head = c.test === undefined ? 'default:' : `case ${this.expr(c.test)}:`;
          const only = c.body.length === 1 ? c.body[0]! : undefined;
          if (only?.kind === 'block' && !only.label) this.block(depth + 1, `${head} `, only.body);
          else {
            this.pushFlat(depth + 1, head);
            for (const b of c.body) this.statement(b, depth + 2);
          }
        }
        return this.push(depth, '}');
      case 'function':
        this.signature(s, depth);
        for (const b of s.body) this.statement(b, depth + 1);
        return this.push(depth, '}');
    }
  }

  private simple(s: Stmt): string {
    switch (s.kind) {
      case 'expr': return `${this.expr(s.expr)};`;
      case 'return': return s.value === undefined ? 'return;' : `return ${this.expr(s.value)};`;
      case 'break': return s.label ? `break ${s.label.text};` : 'break;';
      case 'continue': return 'continue;';
      case 'decl': return `${this.declaration(s)};`;
      default: throw new Error(`not a one-line statement: ${s.kind}`);
    }
  }

  private declaration(s: Stmt): string {
    if (s.kind !== 'decl') throw new Error(`not a declaration: ${s.kind}`);
    const head = `${s.keyword} ${s.name.text}${s.type ? `: ${s.type.text}` : ''}`;
    return s.init === undefined ? head : `${head} = ${this.expr(s.init)}`;
  }

  /**
   * `head{`, the body one level in, `}`. Empty: `{}` as a loop's body (`inline`), else `{` and `}` on lines
   * of their own, as prettier prints an empty block anywhere else (printBlock).
   */
  private block(depth: number, head: string, body: readonly Stmt[], inline = false): void {
    if (!body.length && inline) return this.pushFlat(depth, `${head}{}`);
    this.pushFlat(depth, `${head}{`);
    for (const b of body) this.statement(b, depth + 1);
    this.push(depth, '}');
  }

  /**
   * `if (test) …` with its `else` chain. `breakable`: a wide head is broken as prettier breaks it (an `if`
   * at the start of its line or after `} else `; the head after a bare `else` is left as it is).
   */
  private ifStatement(s: Stmt & { kind: 'if' }, depth: number, lead: string, breakable: boolean): void {
    const then = s.then;
    if (then.kind === 'block' && !then.label) {
      this.head(depth, lead, s.test, ' {', breakable);
      for (const b of then.body) this.statement(b, depth + 1);
      const otherwise = s.else;
      if (!otherwise) return this.push(depth, '}');
      if (otherwise.kind === 'if') return this.ifStatement(otherwise, depth, '} else if (', true);
      if (otherwise.kind === 'block' && !otherwise.label) return this.block(depth, '} else ', otherwise.body);
      return this.pushFlat(depth, `} else ${this.simple(otherwise)}`);
    }
    this.head(depth, lead, s.test, ` ${this.simple(then)}`, breakable, isSimple(then));
    const otherwise = s.else;
    if (!otherwise) return;
    if (otherwise.kind === 'if') return this.ifStatement(otherwise, depth, 'else if (', false);
    if (otherwise.kind === 'block' && !otherwise.label) return this.block(depth, 'else ', otherwise.body);
    this.pushFlat(depth, `else ${this.simple(otherwise)}`);
  }

  /** `<lead><test>)<rest>`: on one line when it fits, else broken (see the header). */
  private head(depth: number, lead: string, test: Expr, rest: string, breakable: boolean, simpleStatement = false): void {
    const indent = UNIT.repeat(depth);
    const testText = this.expr(test);
    const flat = `${lead}${testText})${rest}`;
    if (indent.length + flat.length <= WIDTH || !breakable) return this.pushFlat(depth, flat);
    if (rest === ' {') {
      const lines = this.brokenTest(depth, lead, test);
      if (!lines) return this.pushFlat(depth, flat);
      lines[lines.length - 1] += ' {';
      this.lines.push(...lines);
      return;
    }
    if (!simpleStatement) return this.pushFlat(depth, flat);
    const statement = `${indent}${UNIT}${rest.slice(1)}`;
    if (indent.length + lead.length + testText.length + 1 <= WIDTH) {
      this.lines.push(`${indent}${lead}${testText})`, statement);
      return;
    }
    const lines = this.brokenTest(depth, lead, test);
    if (!lines) return this.pushFlat(depth, flat);
    this.lines.push(...lines, statement);
  }

  /** The test of an `if` on lines of its own, or undefined when no layout here fits. */
  private brokenTest(depth: number, lead: string, test: Expr): string[] | undefined {
    const indent = UNIT.repeat(depth);
    if (isNode(test) && test.kind === 'unary' && test.op === '!' && isChain(test.operand)) {
      // `if (!(a || b))`: prettier keeps `!(` with the `if` and puts the chain's operands inside.
      const lines = this.chainLines(test.operand, depth + 1);
      return lines && [`${indent}${lead}!(`, ...lines, `${indent}))`];
    }
    const chain = isChain(test) ? test : { kind: 'logical' as const, op: '&&' as const, operands: [test] };
    const lines = this.chainLines(chain, depth + 1);
    return lines && [`${indent}${lead}`, ...lines, `${indent})`];
  }

  /** A chain's operands one a line (or more, see operandLines), each but the last followed by the operator. */
  private chainLines(chain: Logical, depth: number): string[] | undefined {
    const lines: string[] = [];
    for (const [i, o] of chain.operands.entries()) {
      const printed = this.operandLines(o, chain, depth, i < chain.operands.length - 1 ? ` ${chain.op}` : '');
      if (!printed) return undefined;
      lines.push(...printed);
    }
    return lines;
  }

  /**
   * An operand of a chain on its own line(s): as it is when it fits; a negated chain broken inside its own
   * brackets; a call (`f(…)`, `!f(…)`) with its last object argument hugged (`f(a, b, {` then one property
   * a line) when that head fits, otherwise one argument a line with trailing commas.
   */
  private operandLines(o: Expr, chain: Logical, depth: number, suffix: string): string[] | undefined {
    const indent = UNIT.repeat(depth);
    const fits = (l: string) => l.length <= WIDTH;
    const text = this.operand(o, chain, false);
    if (fits(`${indent}${text}${suffix}`)) return [`${indent}${text}${suffix}`];
    if (!isNode(o) || needsBrackets(o, chain, false)) return undefined;
    if (o.kind === 'unary' && o.op === '!' && needsBrackets(o.operand, o, false)) {
      if (!isChain(o.operand)) return undefined;
      const lines = this.chainLines(o.operand, depth + 1);
      return lines && [`${indent}!(`, ...lines, `${indent})${suffix}`];
    }
    const negated = o.kind === 'unary' && o.op === '!';
    const c = negated ? o.operand : o;
    if (!isNode(c) || c.kind !== 'call' || !isNameChain(c.callee)) return undefined;
    const open = `${negated ? '!' : ''}${this.expr(c.callee)}(`;
    const args = c.args.map((a) => this.expr(a));
    const last = c.args[c.args.length - 1];
    const before = c.args[c.args.length - 2];
    if (c.args.length > 1 && isObject(last) && !isObject(before)) {
      const properties = (last as ObjectNode).properties.map(([k, v]) => `${indent}${UNIT}${k.text}: ${this.expr(v)},`);
      const lines = [`${indent}${open}${args.slice(0, -1).join(', ')}, {`, ...properties, `${indent}})${suffix}`];
      if (lines.every(fits)) return lines;
    }
    const lines = [`${indent}${open}`, ...args.map((a) => `${indent}${UNIT}${a},`), `${indent})${suffix}`];
    return lines.every(fits) ? lines : undefined;
  }

  /** `export function name(params): returns {`, its parameters one a line when the line is too wide. */
  private signature(s: Stmt & { kind: 'function' }, depth: number): void {
    const head = `${s.exported ? 'export ' : ''}function ${s.name.text}(`;
    const flat = `${head}${s.params.map((p) => p.text).join(', ')}): ${s.returns.text} {`;
    if (UNIT.length * depth + flat.length <= WIDTH) return this.push(depth, flat);
    const lines = [head, ...s.params.map((p) => `${UNIT}${p.text},`), `): ${s.returns.text} {`];
    if (depth > 0 || !lines.every((l) => l.length <= WIDTH)) return this.pushFlat(depth, flat);
    this.lines.push(...lines);
  }

  /** A module constant (see the header for the layouts of a wide one). */
  private constant(s: Stmt & { kind: 'decl' }): void {
    const flat = `${this.declaration(s)};`;
    const expanded = s.init !== undefined && isNode(s.init) && s.init.kind === 'array' && s.init.expand === true;
    if ((flat.length <= WIDTH && !expanded) || s.init === undefined) return this.pushFlat(0, flat);
    const head = `${s.keyword} ${s.name.text}${s.type ? `: ${s.type.text}` : ''} = `;
    const init = s.init;
    if (!isNode(init)) return this.pushFlat(0, flat);
    if (init.kind === 'lit' && typeof init.value === 'string' && isScalar(init.value)) {
      this.lines.push(head.trimEnd(), `${UNIT}${this.expr(init)};`);
      return;
    }
    if (init.kind === 'lit' && Array.isArray(init.value)) return this.elements(flat, `${head}[`, init.value, '];');
    if (init.kind === 'new' && init.args.length === 1 && isNode(init.args[0]!) && init.args[0].kind === 'lit' && Array.isArray(init.args[0].value)) {
      return this.elements(flat, `${head}new ${this.expr(init.callee)}${init.typeArgs ? `<${init.typeArgs.text}>` : ''}([`, init.args[0].value, ']);');
    }
    if (init.kind === 'new' && init.args.length <= 2 && init.args.every(isScalarNode)) {
      this.lines.push(`${head}new ${this.expr(init.callee)}(`, ...init.args.map((a) => `${UNIT}${this.expr(a)},`), ');');
      return;
    }
    if (init.kind === 'array' && !init.items.every(isNumberNode)) {
      this.lines.push(`${head}[`);
      for (const item of init.items) this.arrayItem(item, 1);
      this.lines.push('];');
      return;
    }
    this.pushFlat(0, flat);
  }

  /** Literal elements one a line; prettier fills an array of numbers only, and other elements may break. */
  private elements(flat: string, open: string, values: readonly unknown[], close: string): void {
    if (!values.length || !values.every(isScalar) || values.every((v) => typeof v === 'number')) return this.pushFlat(0, flat);
    this.lines.push(open, ...values.map((v) => `${UNIT}${this.expr({ kind: 'lit', value: v })},`), close);
  }

  /** An item of a broken array: on its line when it fits, else an array of its own one item a line. */
  private arrayItem(item: Expr, depth: number): void {
    const text = this.expr(item);
    if (UNIT.length * depth + text.length + 1 <= WIDTH || !isNode(item) || item.kind !== 'array' || item.items.every(isNumberNode)) {
      return this.pushFlat(depth, `${text},`);
    }
    this.push(depth, '[');
    for (const i of item.items) this.arrayItem(i, depth + 1);
    this.push(depth, '],');
  }
}

/** Simple statements may follow an `if` on the next line: they never break themselves. */
function isSimple(s: Stmt): boolean {
  if (s.kind === 'return') return s.value === undefined || !isNode(s.value);
  if (s.kind === 'break' || s.kind === 'continue') return true;
  return s.kind === 'expr' && isNode(s.expr) && s.expr.kind === 'assign' && !isNode(s.expr.target) && !isNode(s.expr.value);
}

function isChain(e: Expr): e is Logical {
  return isNode(e) && e.kind === 'logical' && e.operands.length > 1;
}

/** `name` or `a.b.c`: a callee prettier prints on the line of its call's `(`. */
function isNameChain(e: Expr): boolean {
  return !isNode(e) || (e.kind === 'member' && isPropertyName(e.name) && isNameChain(e.object));
}

function isObject(e: Expr | undefined): boolean {
  return e !== undefined && isNode(e) && e.kind === 'object' && e.properties.length > 0;
}

function isScalarNode(e: Expr): boolean {
  return isNode(e) && ((e.kind === 'lit' && isScalar(e.value)) || (e.kind === 'regexSource' && prettierQuotes(stringifyLiteral(e.text)).startsWith("'")));
}

function isNumberNode(e: Expr): boolean {
  return isNode(e) && e.kind === 'lit' && typeof e.value === 'number';
}

/** Whether `child` needs brackets as an operand of `parent` (`right`: the right operand of a binary). */
function needsBrackets(child: Expr, parent: ExprNode, right: boolean): boolean {
  if (!isNode(child)) return false;
  const inner = precedence(child);
  const outer = precedence(parent);
  if (inner < outer) return true;
  if (parent.kind === 'logical' && child.kind === 'logical') return true; // prettier brackets mixed chains
  if (parent.kind === 'binary' && child.kind === 'binary') {
    // prettier's needsParens: an equal operator on the right (left-associative), a pair it does not flatten
    // (`(a === b) === c`, `%` beside `*`), `%` under `+`/`-`, anything under a bitwise operator.
    if (inner === outer) return right || !flattens(parent.op, child.op);
    return (child.op === '%' && (parent.op === '+' || parent.op === '-')) || parent.op === '&';
  }
  if (parent.kind === 'cond') return inner <= CONDITIONAL;
  return false;
}

const EQUALITY: ReadonlySet<string> = new Set(['===', '!==']);

/** prettier's shouldFlatten for operators of one precedence: `a + b + c` yes, `a === b === c` and `%` with another no. */
function flattens(parent: string, child: string): boolean {
  return !(EQUALITY.has(parent) && EQUALITY.has(child)) && parent !== '%' && child !== '%';
}
