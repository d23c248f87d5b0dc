/**
 * The statement tree (statements.ts) printed straight to text: the validators' functions are megabytes of
 * short lines, and building nodes and documents for each cost more than the rest of the emitter together.
 * A statement whose one-line form fits its line is that line (nothing forces a break in the shapes taken
 * here, so prettier's document printer would print every group of it flat); a block's head (`if (…) {`,
 * `for (…) {`, a function's signature) whose one-line form fits is that line, and its statements are
 * printed the same way one level deeper. The one-line forms spell and bracket exactly as the documents of
 * expressions.ts, literals.ts and calls.ts print flat. The broken layouts the compiler's shapes take are
 * written here too, as prettier writes them: an `if` test one operand a line, a call one argument a line or
 * its last object hugged, a negated chain broken inside its brackets, a wide module constant (an array,
 * a call one argument a line, an object of such calls one property a line, a call of an arrow hugged)
 * (test/validators/statement-printer.test.ts holds each to prettier with the node path refused).
 *
 * Anything else (a line that still does not fit, a shape whose layout is not plain: a member chain, a
 * `switch`) throws `NotFlat` here and is printed through the node path the caller passes
 * (statement-printer.ts), where the documents decide the layout.
 */
import { quoteString } from '../quote.ts';
import { BEYOND_PRINTABLE_ASCII, PRETTIER_OPTIONS } from '../layout-options.ts';
import { isNode, type Expr, type ExprNode, type Stmt } from '../statements.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;
const UNIT = ' '.repeat(PRETTIER_OPTIONS.tabWidth!);

/**
 * A shape whose layout is not certain here: the node path prints it. Not an `Error`: it is thrown and
 * caught thousands of times per module, and an error's stack trace would cost more than the printing.
 */
class NotFlat {
  constructor(readonly reason: string) {}
}

function notFlat(what: string): never {
  throw new NotFlat(what);
}

/** Prints a statement of the tree as prettier does, at `depth` blocks deep (its lines indented), or throws. */
export type NodePath = (statement: Stmt, depth: number) => string;

/** A top-level statement of the tree: its fitting lines from the tree, the rest through `nodePath`. */
export function printTree(statement: Stmt, nodePath: NodePath): string {
  const text = printLines(statement, nodePath);
  // Lines are measured by their length, which is prettier's measure for printable ASCII only: a statement
  // with any other character is printed again measuring each line (such lines go to the node path, as
  // prettier measures a wide or combining character by its display width). One test of the joined text
  // instead of one per line: a line is a string built of parts, which a test of its own would flatten.
  if (!/[^\n\x20-\x7e]/.test(text)) return text;
  measured = true;
  try {
    return printLines(statement, nodePath);
  } finally {
    measured = false;
  }
}

function printLines(statement: Stmt, nodePath: NodePath): string {
  const out: string[] = [];
  new TreePrinter(out, nodePath).statement(statement, 0);
  return out.join('\n');
}

/** Whether each line is tested for characters beyond printable ASCII (printTree's second pass). */
let measured = false;

/** An expression's one-line form as the documents print it flat (brackets by precedence, prettier's quotes), or undefined where only the node path knows it. */
export function treeExpressionLine(e: Expr): string | undefined {
  oneLine = true;
  try {
    return flat(e);
  } catch (error) {
    if (error instanceof NotFlat) return undefined;
    throw error;
  } finally {
    oneLine = false;
  }
}

/**
 * Printing an expression's one-line form (what its users compare it by), not a line of a statement: an
 * array prettier breaks one item a line is written on the line too, as the documents print it flat.
 */
let oneLine = false;

class TreePrinter {
  constructor(
    private readonly out: string[],
    private readonly nodePath: NodePath,
  ) {}

  statement(s: Stmt, depth: number): void {
    try {
      this.fast(s, depth);
    } catch (error) {
      if (!(error instanceof NotFlat)) throw error;
      this.out.push(this.nodePath(s, depth));
    }
  }

  /** Lines of `s`, all or none: a part that is not flat throws before anything of `s` is written. */
  private fast(s: Stmt, depth: number): void {
    const mark = this.out.length;
    try {
      this.lines(s, depth, '');
    } catch (error) {
      this.out.length = mark;
      throw error;
    }
  }

  private line(depth: number, text: string): void {
    if (!fits(depth, text)) notFlat('a line too wide');
    this.out.push(UNIT.repeat(depth) + text);
  }

  /** A block's statements, one level in. An empty block is `{` and `}` on two lines (a bare block, an `if`'s or `else`'s: prettier's printBlock); a loop's or function's body is `{}`, checked by its caller. */
  private body(body: readonly Stmt[], depth: number): void {
    for (const s of body) this.statement(s, depth);
  }

  /** `s` at `depth`, its first line after `prefix` (`} else ` for an else-if). */
  private lines(s: Stmt, depth: number, prefix: string): void {
    switch (s.kind) {
      case 'decl':
        if (s.init !== undefined && brokenArray(s.init)) return this.brokenArray(`${prefix}${left(s)} = `, s.init, depth, '];');
        // A module constant of a call holding an array prettier always breaks: its broken layout (constantCall;
        // any other value holding one is not flat, and a JSON table is not walked for it here).
        if (depth === 0 && !prefix && s.init !== undefined && isNode(s.init) && (s.init.kind === 'call' || s.init.kind === 'pure' || s.init.kind === 'object') && forces(s.init)) return this.constant(s);
      {
        const text = prefix + simple(s);
        if (depth === 0 && !prefix && s.init !== undefined && !fits(0, text)) return this.constant(s);
        return this.line(depth, text);
      }
      case 'expr':
      case 'return':
      case 'break':
      case 'continue':
        return this.line(depth, prefix + simple(s));
      case 'if': {
        const head = `${prefix}if (${flat(s.test)})`;
        if (s.then.kind !== 'block' || s.then.label !== undefined) {
          if (fits(depth, head)) this.clause(head, s.then, depth);
          else {
            this.brokenTest(prefix, s.test, depth, '');
            this.line(depth + 1, simple(s.then));
          }
          // After a lone statement `else` starts a line of its own (prettier's printIfStatement).
          return s.else && this.alternate('else', s.else, depth);
        }
        if (fits(depth, `${head} {`)) this.line(depth, `${head} {`);
        else this.brokenTest(prefix, s.test, depth, ' {');
        this.body(s.then.body, depth + 1);
        return s.else ? this.alternate('} else', s.else, depth) : this.line(depth, '}');
      }
      case 'block':
        if (prefix) notFlat('a block after a prefix');
        this.line(depth, s.label ? `${s.label.text}: {` : '{');
        this.body(s.body, depth + 1);
        return this.line(depth, '}');
      case 'for': {
        if (s.init.kind !== 'decl' || prefix || !s.body.length) notFlat('for');
        this.line(depth, `for (${declaration(s.init)}; ${flat(s.test)}; ${flat(s.update)}) {`);
        this.body(s.body, depth + 1);
        return this.line(depth, '}');
      }
      case 'forIn':
        if (prefix || !s.body.length) notFlat('for-in');
        this.line(depth, `for (const ${s.name.text} in ${flat(s.object)}) {`);
        this.body(s.body, depth + 1);
        return this.line(depth, '}');
      case 'function': {
        if (prefix || !s.body.length) notFlat('function');
        const head = `${s.exported ? 'export ' : ''}function ${s.name.text}(`;
        const tail = `): ${s.returns.text} {`;
        const params = s.params.map((p) => p.text);
        if (fits(depth, head + params.join(', ') + tail) || !params.length) this.line(depth, head + params.join(', ') + tail);
        else {
          // Parameters one a line with a trailing comma (prettier's printFunctionParameters): nothing else of the signature breaks.
          this.line(depth, head);
          for (const p of params) this.line(depth + 1, `${p},`);
          this.line(depth, tail);
        }
        this.body(s.body, depth + 1);
        return this.line(depth, '}');
      }
      case 'switch':
        return notFlat('switch');
    }
  }

  /** What follows `else` (`lead`: `else` after a lone statement, `} else` after a block): an `if`, a block, or a lone statement (prettier's adjustClause). */
  private alternate(lead: string, s: Stmt, depth: number): void {
    if (s.kind === 'if') return this.lines(s, depth, `${lead} `);
    if (s.kind !== 'block' || s.label) return this.clause(lead, s, depth);
    this.line(depth, `${lead} {`);
    this.body(s.body, depth + 1);
    this.line(depth, '}');
  }

  /**
   * An `if` whose test does not fit its line: the test on lines of its own between `if (` and `)`
   * (prettier's printIfStatement), a `&&`/`||` chain one operand a line (inside the `if`'s brackets the
   * chain has no group of its own: printBinaryishExpression), under `!` between `if (!(` and `))` (the
   * negated chain is not indented). `end` follows the bracket (` {` before a block).
   */
  private brokenTest(prefix: string, test: Expr, depth: number, end: string): void {
    if (isNode(test) && test.kind === 'unary' && test.op === '!' && isChain(test.operand)) {
      this.line(depth, `${prefix}if (!(`);
      this.chain(test.operand, depth + 1, '');
      return this.line(depth, `))${end}`);
    }
    this.line(depth, `${prefix}if (`);
    if (isChain(test)) this.chain(test, depth + 1, '');
    else this.operandLines(test, undefined, depth + 1, '');
    this.line(depth, `)${end}`);
  }

  /** A broken chain: its operands one a line (or more: operandLines), each but the last followed by the operator, the last by `suffix`. */
  private chain(chain: Logical, depth: number, suffix: string): void {
    const self = operatorOf(chain)!;
    const last = chain.operands.length - 1;
    chain.operands.forEach((o, i) => this.operandLines(o, { parent: self, side: i === 0 ? 'left' : 'right' }, depth, i < last ? ` ${chain.op}` : suffix));
  }

  /**
   * An operand of a broken chain (or a broken `if`'s whole test) on its own line when it fits. Too wide: a
   * negated chain broken inside its own brackets (printBinaryishExpression under a unary: `!(`, the
   * operands one a line, `)`), or a call (`f(…)`, `!f(…)`) broken as printCallArguments breaks it.
   */
  private operandLines(o: Expr, within: { parent: Operator; side: 'left' | 'right' } | undefined, depth: number, suffix: string): void {
    const text = within ? operand(within.parent, o, within.side) : flat(o);
    if (fits(depth, text + suffix)) return this.line(depth, text + suffix);
    if (!isNode(o)) return notFlat('an operand too wide');
    if (within && bracketedUnder(within.parent, o, within.side)) return isChain(o) ? this.bracketedChain(o, depth, suffix) : notFlat('a bracketed operand too wide');
    if (o.kind === 'unary' && o.op === '!' && isChain(o.operand)) {
      this.line(depth, '!(');
      this.chain(o.operand, depth + 1, '');
      return this.line(depth, `)${suffix}`);
    }
    const negated = o.kind === 'unary' && o.op === '!';
    const c = negated ? o.operand : o;
    if (!isNode(c) || c.kind !== 'call' || !isNameChain(c.callee)) return notFlat('an operand too wide');
    this.brokenCall(`${negated ? '!' : ''}${flat(c.callee)}(`, c.args, depth, `)${suffix}`);
  }

  /**
   * A chain in brackets, an operand of another (`x !== undefined && (a || b)`), too wide for its line
   * (prettier's printBinaryishExpression under another operator: the first operand stays after `(`, the
   * others go one a line, indented, each broken in turn as operandLines breaks it; `)` follows the last).
   */
  private bracketedChain(chain: Logical, depth: number, suffix: string): void {
    const self = operatorOf(chain)!;
    const [first, ...rest] = chain.operands;
    const head = `(${operand(self, first!, 'left')} ${chain.op}`;
    if (!fits(depth, head)) notFlat('a bracketed chain whose first operand is too wide');
    this.line(depth, head);
    rest.forEach((o, i) => this.operandLines(o, { parent: self, side: 'right' }, depth + 1, i < rest.length - 1 ? ` ${chain.op}` : `)${suffix}`));
  }

  /**
   * A call whose line does not fit (prettier's printCallArguments): its last object argument hugged
   * (`open…, {`, one property a line, `})`) when that first line fits and the argument before is no object;
   * else one argument a line with trailing commas. Arrays and anything else are left to the node path.
   */
  private brokenCall(open: string, args: readonly Expr[], depth: number, close: string): void {
    if (!args.length) notFlat('a call without arguments');
    const last = args[args.length - 1]!;
    if (args.some((a) => expandable(a) === 'array')) notFlat('an array argument');
    const printed = args.map(argument);
    if (expandable(last) === 'object' && (args.length === 1 || !expandable(args[args.length - 2]!))) {
      const head = `${open}${printed.slice(0, -1).map((a) => `${a}, `).join('')}{`;
      if (fits(depth, head)) {
        this.line(depth, head);
        for (const [key, value] of properties(last)) this.line(depth + 1, `${key}: ${value},`);
        return this.line(depth, `}${close}`);
      }
    }
    this.line(depth, open);
    for (const a of printed) this.line(depth + 1, `${a},`);
    this.line(depth, close);
  }

  /**
   * A module constant too wide for its line: a string on the line after the `=` (prettier's
   * break-after-operator); an array, or a `new X([…])`'s array (hugged), one item a line (not numbers only,
   * which prettier fills); a `new X(a, b)`'s arguments one a line.
   */
  private constant(s: Extract<Stmt, { kind: 'decl' }>): void {
    const head = `${left(s)} =`;
    const init = s.init!;
    if (isNode(init) && (init.kind === 'call' || init.kind === 'pure')) {
      if (!this.huggedArrow(head, init)) this.brokenCallValue(`${head} `, init, 0, ');');
      return;
    }
    if (isNode(init) && init.kind === 'object' && init.properties.length && !s.type) return this.constantObject(head, init);
    if (isNode(init) && init.kind === 'lit' && typeof init.value === 'string') {
      this.line(0, head);
      return this.wide(1, `${literal(init.value)};`);
    }
    if (expandable(init) === 'array') return this.brokenArray(`${head} `, init, 0, '];');
    if (isNode(init) && init.kind === 'new' && isNameChain(init.callee)) {
      const open = `${head} new ${flat(init.callee)}${init.typeArgs ? `<${init.typeArgs.text}>` : ''}(`;
      if (init.args.length === 1 && expandable(init.args[0]!) === 'array') return this.brokenArray(open, init.args[0]!, 0, ']);');
      if (init.args.length <= 2 && init.args.every(scalar)) {
        this.line(0, open);
        for (const a of init.args) this.wide(1, `${flat(a)},`);
        return this.line(0, ');');
      }
    }
    notFlat('a wide constant');
  }

  /**
   * `const a = f(() =>`, the arrow's body on the next line, then `,` and `);` (flat.ts `huggedArrow`, the same
   * layout of the same shape): a module constant of a call whose one argument is an arrow returning a call,
   * too wide for its line. prettier hugs such a last argument (print/call-arguments.js: an arrow whose body
   * is call-like can expand) and breaks the arrow after `=>`, with a trailing comma. Taken only where that is
   * certain: no type arguments, the head up to `=>` fits, and so does the body, flat, on its own line; else
   * prettier breaks the arguments instead, or the body's own, which the documents decide. Undefined for any
   * other call.
   */
  private huggedArrow(head: string, init: ExprNode): true | undefined {
    const pure = init.kind === 'pure';
    const call = pure ? init.call : init;
    if (!isNode(call) || call.kind !== 'call' || call.args.length !== 1 || call.typeArgs?.length || isNode(call.callee) || !IDENTIFIER.test(call.callee.text)) return undefined;
    const fn = call.args[0]!;
    if (!isNode(fn) || fn.kind !== 'arrow' || !isNode(fn.body) || fn.body.kind !== 'call') return undefined;
    const body = `${flat(fn.body)},`;
    if (forces(fn.body) || !fits(1, body)) notFlat('a hugged arrow whose body does not fit');
    this.line(0, `${head} ${pure ? PURE : ''}${call.callee.text}(() =>`);
    this.line(1, body);
    this.line(0, ');');
    return true;
  }

  /**
   * `const a = f<T>(` (`lead`: `const a = `, or `key: ` for a property at `depth`) and the arguments one a
   * line with trailing commas, then `close` (flat.ts `brokenCall`, the same layout of the same shapes):
   * print/assignment.js's fluid layout keeps the call on the line of the `=` or `:` when its head up to `(`
   * fits; printCallArguments breaks arguments none of which is hugged one a line. An array argument that
   * does not fit its line, or is always broken, is broken in turn (`brokenItem`).
   */
  private brokenCallValue(lead: string, init: Expr, depth: number, close: string): void {
    const { head, args } = brokenCallParts(init);
    this.line(depth, lead + head);
    this.brokenArguments(args, depth, close);
  }

  /** A call's arguments one a line at `depth + 1`, each with its comma (an array too wide broken in turn), then `close` at `depth`. */
  private brokenArguments(args: readonly Expr[], depth: number, close: string): void {
    for (const a of args) {
      if (isNode(a) && a.kind === 'assign') notFlat('assignment argument');
      this.itemLine({ tree: a }, depth + 1);
    }
    this.line(depth, close);
  }

  /**
   * `const a = {`, one property a line with trailing commas, then `};`: a module constant of an object too
   * wide for its line or holding an array prettier always breaks (printObject breaks the object's group;
   * the fluid layout keeps `{` on the line of the `=`). A property is `key: value,` when that fits and
   * nothing in it is always broken; else its value must be a call `brokenCallValue` breaks, kept after the
   * `:` when its head fits there or the key is short (print/assignment.js: never broken after a key shorter
   * than SHORT_KEY), else (fluid) on the next line, indented: on one line when it fits there, or broken.
   * Taken only with identifier keys (prettier's quoting of keys is not decided here) and no type annotation.
   */
  private constantObject(head: string, init: Extract<ExprNode, { kind: 'object' }>): void {
    if (init.properties.some(([key]) => !IDENTIFIER.test(key.text))) notFlat('quoted key');
    this.line(0, `${head} {`);
    for (const [key, value] of init.properties) {
      if (!forces(value)) {
        const text = `${key.text}: ${argument(value)},`;
        if (fits(1, text)) {
          this.line(1, text);
          continue;
        }
      }
      const call = brokenCallParts(value);
      if (key.text.length < SHORT_KEY || fits(1, `${key.text}: ${call.head}`)) {
        this.brokenCallValue(`${key.text}: `, value, 1, '),');
        continue;
      }
      if (call.types.length > 1) {
        // Two or more type arguments are a group of their own (printTypeParameters), measured up to its `<`:
        // it breaks, one type argument a line (no trailing comma), before the `:` does; then the arguments'
        // group follows `>(`, on that line when it fits.
        this.line(1, `${key.text}: ${call.open}<`);
        call.types.forEach((t, i) => this.line(2, i < call.types.length - 1 ? `${t},` : t));
        const text = call.args.some(forces) ? undefined : `>(${call.args.map(argument).join(', ')}),`;
        if (text !== undefined && fits(1, text)) this.line(1, text);
        else {
          this.line(1, '>(');
          this.brokenArguments(call.args, 1, '),');
        }
        continue;
      }
      this.line(1, `${key.text}:`);
      const text = forces(value) ? undefined : `${argument(value)},`;
      if (text !== undefined && fits(2, text)) this.line(2, text);
      else this.brokenCallValue('', value, 2, '),');
    }
    this.line(0, '};');
  }

  /** An argument or array item on its line with its comma when that fits and nothing in it is always broken, else broken (`brokenItem`). */
  private itemLine(item: Item, depth: number): void {
    if (!forcesItem(item)) {
      const text = `${flatItem(item)},`;
      if (fits(depth, text)) return this.line(depth, text);
    }
    this.brokenItem(item, depth);
  }

  /**
   * An array argument or item too wide for its line, or always broken: `[`, its items one a line (each broken
   * in turn when it is such an array itself), `],` (literals.ts printArrayItems: one group per item, none
   * hugged). A string (or another scalar) has no break: it stays on its line however wide. Arrays of numbers
   * only, which prettier fills like prose, and anything else are not taken.
   */
  private brokenItem(item: Item, depth: number): void {
    if ('tree' in item ? scalar(item.tree) : item.json === null || typeof item.json !== 'object') return this.wide(depth, `${flatItem(item)},`);
    const all = itemsOf(item);
    if (container(item)?.kind !== 'array' || numbers(all)) notFlat('a wide argument');
    this.line(depth, '[');
    for (const inner of all) this.itemLine(inner, depth + 1);
    this.line(depth, '],');
  }

  /** A line of one literal prettier cannot break: on its own however wide (measured by its length, so ASCII only). */
  private wide(depth: number, text: string): void {
    if (BEYOND_PRINTABLE_ASCII.test(text)) notFlat('a wide line beyond ASCII');
    this.out.push(UNIT.repeat(depth) + text);
  }

  /** `head stmt` on one line, or the lone statement on the next line, indented, when only the head fits (prettier's adjustClause). */
  private clause(head: string, s: Stmt, depth: number): void {
    const text = simple(s);
    if (fits(depth, `${head} ${text}`)) return this.line(depth, `${head} ${text}`);
    this.line(depth, head);
    this.line(depth + 1, text);
  }

  /**
   * `const name = [` (or `new X([`) and one item a line (prettier's rule for an array of two or more
   * objects or arrays, or an array too wide), each item on its line with its comma, the last one's too,
   * then `close`. An array of numbers only is filled like prose by prettier: not taken here.
   */
  private brokenArray(head: string, value: Expr, depth: number, close: string): void {
    const all = items(value);
    if (numbers(all)) notFlat('an array of numbers');
    this.line(depth, `${head}[`);
    for (const item of all) this.line(depth + 1, `${flatItem(item)},`);
    this.line(depth, close);
  }
}

type Logical = Extract<ExprNode, { kind: 'logical' }>;

/** A `&&`/`||` chain of two or more operands. */
function isChain(e: Expr): e is Logical {
  return isNode(e) && e.kind === 'logical' && e.operands.length > 1;
}

/** `name` or `a.b.c`: a callee printed on the line of its call's `(` (no member chain to lay out). */
function isNameChain(e: Expr): boolean {
  return !isNode(e) || (e.kind === 'member' && IDENTIFIER.test(e.name) && isNameChain(e.object));
}

/** The object or array literal (a tree node or a JSON value) an argument is, when it has entries: prettier's couldExpandArg. */
function expandable(e: Expr): 'object' | 'array' | undefined {
  const c = container({ tree: e });
  return c && c.size > 0 ? c.kind : undefined;
}

/** A string (a regular expression's source too), number, boolean or null: a literal no layout breaks. */
function scalar(e: Expr): boolean {
  return isNode(e) && (e.kind === 'regexSource' || (e.kind === 'lit' && (e.value === null || typeof e.value !== 'object')));
}

/** An object literal's properties as printed flat: `[key, value]`. */
function properties(e: Expr): Array<[string, string]> {
  if (isNode(e) && e.kind === 'object') return e.properties.map(([key, value]) => [key.text, flat(value)]);
  const entries = Object.entries((e as { value: object }).value);
  if (entries.some(([key]) => key === '__proto__' || !IDENTIFIER.test(key))) notFlat('quoted key');
  return entries.map(([key, value]) => [key, literal(value)]);
}

/** Whether the line fits the print width. Text beyond printable ASCII (a wide or combining character, whose width prettier measures otherwise) is left to the documents (see printTree). */
function fits(depth: number, text: string): boolean {
  return depth * UNIT.length + text.length <= WIDTH && !(measured && BEYOND_PRINTABLE_ASCII.test(text));
}


/** A statement that is one line when it fits: its text. */
function simple(s: Stmt): string {
  switch (s.kind) {
    case 'expr':
      // An expression statement starting with `{` is bracketed by prettier: not taken here.
      if (isNode(s.expr) && s.expr.kind === 'object') notFlat('object statement');
      return `${flat(s.expr)};`;
    case 'decl':
      return `${declaration(s)};`;
    case 'return':
      return s.value === undefined ? 'return;' : `return ${flat(s.value)};`;
    case 'break':
      return s.label ? `break ${s.label.text};` : 'break;';
    case 'continue':
      return 'continue;';
    default:
      return notFlat(s.kind);
  }
}

function declaration(s: Extract<Stmt, { kind: 'decl' }>): string {
  return s.init === undefined ? left(s) : `${left(s)} = ${flat(s.init)}`;
}

/** `export const name: T`: a declaration up to its `=`. */
function left(s: Extract<Stmt, { kind: 'decl' }>): string {
  return `${s.exported ? 'export ' : ''}${s.keyword} ${s.name.text}${s.type ? `: ${s.type.text}` : ''}`;
}

/** The comment that marks a call a bundler may drop, as expressions.ts writes it before the call. */
const PURE = '/* @__PURE__ */ ';

// Expressions: the precedence levels of expressions.ts (LEVELS), for the operators of the tree.
const LEVELS: Readonly<Record<string, number>> = { '||': 2, '&&': 3, '|': 4, '&': 6, '===': 7, '!==': 7, '<': 8, '>': 8, '<=': 8, '>=': 8, instanceof: 8, '+': 10, '-': 10, '%': 11 };

type Operator = { op: string; level: number; logical: boolean };

/** Each operator once (an operator is logical exactly when it is `&&` or `||`): looked up, not built per operand. */
const OPERATORS: Readonly<Record<string, Operator>> = Object.fromEntries(Object.entries(LEVELS).map(([op, level]) => [op, { op, level, logical: op === '&&' || op === '||' }]));

/** The operator of a binary or logical node as the node path builds it (a logical chain nests to the left). */
function operatorOf(e: Expr): Operator | undefined {
  return isNode(e) && (e.kind === 'binary' || e.kind === 'logical') ? OPERATORS[e.op] : undefined;
}

/** expressions.ts `flattens`: same level, no equality, no `%`. */
function flattens(parent: Operator, child: Operator): boolean {
  return parent.level === child.level && parent.level !== 7 && parent.op !== '%' && child.op !== '%';
}

/** expressions.ts `needsBrackets` for an operand of a binary operator (the tree's kinds). */
function bracketedUnder(parent: Operator, child: Expr, side: 'left' | 'right'): boolean {
  if (!isNode(child)) return false;
  if (child.kind === 'cond') return true;
  if (child.kind === 'assign' || child.kind === 'arrow') notFlat('assignment or arrow operand');
  if (child.kind === 'unary' && parent.op === 'instanceof') notFlat('unary operand of instanceof');
  if (child.kind === 'lit' && typeof child.value === 'number' && (child.value < 0 || Object.is(child.value, -0)) && parent.op === 'instanceof') notFlat('unary operand of instanceof');
  const inner = operatorOf(child);
  if (!inner) return false;
  if (parent.level > inner.level) return true;
  if (side === 'right' && inner.logical && inner.op === parent.op) notFlat('right-nested logical operator');
  if (parent.level === inner.level && (side === 'right' || !flattens(parent, inner))) return true;
  if (parent.level === inner.level) return false;
  if (inner.logical && parent.logical) return true;
  // Anything under a bitwise operator is bracketed, `%` too (`a | (b % c)`); `%` elsewhere only under `+`/`-`.
  if (parent.op === '&' || parent.op === '|') return true;
  return inner.op === '%' && (parent.op === '+' || parent.op === '-');
}

function operand(parent: Operator, child: Expr, side: 'left' | 'right'): string {
  const text = flat(child);
  return bracketedUnder(parent, child, side) ? `(${text})` : text;
}

/** The object of a member access or a call's callee: bare when primary (expressions.ts `needsBrackets`, side 'object'). */
function object(e: Expr, callee: boolean): string {
  const text = flat(e);
  if (!isNode(e)) return text;
  switch (e.kind) {
    case 'call':
      if (callee) notFlat('curried call');
      return text;
    case 'pure':
      return notFlat('a comment on an operand');
    case 'new':
    case 'member':
    case 'index':
    case 'regexSource':
      return text;
    case 'lit':
      // A number is bracketed (`(1).x`) but as a callee; NaN and Infinity are names.
      if (typeof e.value === 'number' && /^-|^\d/.test(text)) return callee && !text.startsWith('-') ? text : `(${text})`;
      return text;
    case 'object':
    case 'array':
      return text;
    case 'cond':
      return notFlat('conditional object');
    case 'arrow':
      return notFlat('an arrow called or read');
    default:
      return `(${text})`;
  }
}

/** Counts the calls of a member chain: one at most is taken here (calls.ts lays longer chains out by their groups). */
function callsInChain(e: Expr): number {
  let calls = 0;
  for (let at: Expr = e; isNode(at); ) {
    if (at.kind === 'call' || at.kind === 'new') calls++, (at = at.callee);
    else if (at.kind === 'member' || at.kind === 'index') at = at.object;
    else break;
  }
  return calls;
}

function flat(e: Expr): string {
  if (!isNode(e)) return e.text;
  return flatNode(e);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function flatNode(e: ExprNode): string {
  switch (e.kind) {
    case 'lit':
      return literal(e.value);
    case 'regexSource':
      return quoteString(e.text, 'json');
    case 'binary':
    case 'logical': {
      const operands = e.kind === 'binary' ? [e.left, e.right] : e.operands;
      const self = operatorOf(e)!;
      // The node path nests a chain to the left: `a && b && c` is `(a && b) && c`, each operand the right side of one node.
      let text = operand(self, operands[0]!, 'left');
      for (const o of operands.slice(1)) text += ` ${e.op} ${operand(self, o, 'right')}`;
      return text;
    }
    case 'unary': {
      const inner = flat(e.operand);
      if (isNode(e.operand) && e.operand.kind === 'arrow') notFlat('unary of an arrow');
      const bracket = isNode(e.operand) && (e.operand.kind === 'cond' || e.operand.kind === 'binary' || e.operand.kind === 'logical' || e.operand.kind === 'assign');
      const negative = isNode(e.operand) && e.operand.kind === 'lit' && typeof e.operand.value === 'number' && inner.startsWith('-');
      if (negative) notFlat('unary of a negative number');
      return `${e.op === '!' ? '!' : 'typeof '}${bracket ? `(${inner})` : inner}`;
    }
    case 'cond': {
      if ([e.test, e.then, e.else].some((x) => isNode(x) && (x.kind === 'cond' || x.kind === 'assign' || x.kind === 'arrow'))) notFlat('nested conditional');
      return `${flat(e.test)} ? ${flat(e.then)} : ${flat(e.else)}`;
    }
    case 'call':
      if (callsInChain(e) > 1) notFlat('member chain');
      return `${object(e.callee, true)}${e.typeArgs?.length ? `<${e.typeArgs.map((t) => t.text).join(', ')}>` : ''}(${e.args.map(argument).join(', ')})`;
    case 'pure':
      return `${PURE}${flat(e.call)}`;
    case 'new':
      if (callsInChain(e) > 1) notFlat('member chain');
      return `new ${object(e.callee, true)}${e.typeArgs ? `<${e.typeArgs.text}>` : ''}(${e.args.map(argument).join(', ')})`;
    case 'member':
      return IDENTIFIER.test(e.name) ? `${object(e.object, false)}.${e.name}` : `${object(e.object, false)}[${quoteString(e.name, 'json')}]`;
    case 'index':
      return `${object(e.object, false)}[${flat(e.index)}]`;
    case 'object':
      return e.properties.length ? `{ ${e.properties.map(([key, value]) => `${key.text}: ${flat(value)}`).join(', ')} }` : '{}';
    case 'array':
      if (!oneLine && brokenArray(e)) notFlat('array of objects or arrays');
      return `[${e.items.map(flat).join(', ')}]`;
    case 'assign':
      if (isNode(e.value) && e.value.kind === 'assign') notFlat('chained assignment');
      return `${flat(e.target)} = ${flat(e.value)}`;
    case 'increment':
      return `${flat(e.target)}++`;
    case 'arrow':
      // A body other than a call, a member access or a name (an object would read as a block) is left to the nodes.
      if (isNode(e.body) && e.body.kind !== 'call' && e.body.kind !== 'member') notFlat('arrow body');
      return `() => ${flat(e.body)}`;
  }
}

function argument(e: Expr): string {
  if (isNode(e) && e.kind === 'assign') notFlat('assignment argument');
  return flat(e);
}

/** prettier's isObjectPropertyWithShortKey: a key narrower than the tab width and 3 is never followed by a break. */
const SHORT_KEY = PRETTIER_OPTIONS.tabWidth! + 3;

/**
 * A call `brokenCallValue` breaks: its head up to `(` (`/* @__PURE__ *\/ f<T>(`), its callee (`open`), type
 * arguments and arguments. Taken only where prettier's layout is certain: a plain name called (under
 * `/* @__PURE__ *\/` or not), no object or array last that prettier would hug (one whose argument before is not
 * of its kind), not a lone argument other than a member access or a call (a lone short one makes the call
 * "poorly breakable" and moves it below the `=`). Type arguments are printed flat: the head's line must fit
 * (`line` refuses it otherwise), and where it fits their group does too.
 */
function brokenCallParts(init: Expr): { head: string; open: string; types: readonly string[]; args: readonly Expr[] } {
  if (!isNode(init)) return notFlat('a wide value');
  const pure = init.kind === 'pure';
  const call = pure ? init.call : init;
  if (!isNode(call) || call.kind !== 'call' || isNode(call.callee) || !IDENTIFIER.test(call.callee.text)) return notFlat('a wide call');
  const typeArgs = call.typeArgs ?? [];
  const args = call.args;
  const last = args[args.length - 1];
  if (!last || ((literalKind(last) === 'object' || literalKind(last) === 'array') && literalKind(args[args.length - 2]) !== literalKind(last))) notFlat('a hugged last argument');
  if (args.length === 1 && !(isNode(last) && (last.kind === 'member' || last.kind === 'call' || last.kind === 'arrow'))) notFlat('a lone argument');
  // An arrow returning a call is hugged when its head fits (`huggedArrow`), else laid out by the documents.
  if (isNode(last) && last.kind === 'arrow' && isNode(last.body) && last.body.kind === 'call') notFlat('an arrow returning a call');
  const open = `${pure ? PURE : ''}${call.callee.text}`;
  const types = typeArgs.map((t) => t.text);
  return { head: `${open}${types.length ? `<${types.join(', ')}>` : ''}(`, open, types, args };
}

/** A tree array's or a JSON array's items, as the items of one array node. */
type Item = { readonly tree: Expr } | { readonly json: unknown };

function items(e: Expr): Item[] {
  if (isNode(e) && e.kind === 'array') return e.items.map((tree) => ({ tree }));
  if (isNode(e) && e.kind === 'lit' && Array.isArray(e.value)) return e.value.map((v) => ({ json: v === undefined ? null : v }));
  return [];
}

/** The items of an item that is an array (a tree array or a JSON one), else none. */
function itemsOf(item: Item): Item[] {
  if ('tree' in item) return items(item.tree);
  return Array.isArray(item.json) ? item.json.map((v) => ({ json: v === undefined ? null : v })) : [];
}

function flatItem(item: Item): string {
  return 'tree' in item ? flat(item.tree) : literal(item.json);
}

/** An item as the node it becomes: an object or array literal and its number of entries, or neither. */
function container(item: Item): { kind: 'object' | 'array'; size: number } | undefined {
  if ('json' in item) {
    const v = item.json;
    if (Array.isArray(v)) return { kind: 'array', size: v.length };
    return typeof v === 'object' && v !== null ? { kind: 'object', size: Object.keys(v).length } : undefined;
  }
  const e = item.tree;
  if (!isNode(e)) return undefined;
  if (e.kind === 'object') return { kind: 'object', size: e.properties.length };
  if (e.kind === 'array') return { kind: 'array', size: e.items.length };
  return e.kind === 'lit' && typeof e.value === 'object' && e.value !== null ? container({ json: e.value }) : undefined;
}

/** Two or more numbers: an array prettier fills like prose (calls.ts `conciseArray`). */
function numbers(all: readonly Item[]): boolean {
  return all.length > 1 && all.every((item) => ('json' in item ? typeof item.json === 'number' : isNode(item.tree) && item.tree.kind === 'lit' && typeof item.tree.value === 'number'));
}

/** Whether an argument is an object or array literal (a tree node or a JSON value), entries or not: what prettier compares a last argument's kind with. */
function literalKind(e: Expr | undefined): 'object' | 'array' | undefined {
  return e === undefined ? undefined : container({ tree: e })?.kind;
}

/** Whether an expression holds an array prettier always breaks (flat.ts `forces`). */
function forces(e: Expr): boolean {
  return forcesItem({ tree: e });
}

function forcesItem(item: Item): boolean {
  if ('json' in item) return forcesJson(item.json);
  const e = item.tree;
  if (!isNode(e)) return false;
  switch (e.kind) {
    case 'array':
      return (!numbers(items(e)) && brokenArray(e)) || e.items.some(forces);
    case 'lit':
      return forcesJson(e.value);
    case 'object':
      return e.properties.some(([, value]) => forces(value));
    case 'call':
    case 'new':
      return forces(e.callee) || e.args.some(forces);
    case 'pure':
      return forces(e.call);
    case 'arrow':
      return forces(e.body);
    case 'member':
      return forces(e.object);
    default:
      return false;
  }
}

/**
 * forcesItem of a JSON value, read in place: the validators' property tables are thousands of JSON arrays of
 * rows, each asked this and brokenArray once or more, so no item wrapper is made for them.
 */
function forcesJson(v: unknown): boolean {
  if (Array.isArray(v)) return (!(v.length > 1 && v.every((x) => typeof x === 'number')) && brokenJsonArray(v)) || v.some(forcesJson);
  return typeof v === 'object' && v !== null && Object.values(v).some(forcesJson);
}

/** brokenArray of a JSON array, read in place. */
function brokenJsonArray(all: readonly unknown[]): boolean {
  if (all.length < 2) return false;
  const kind = jsonKind(all[0]);
  if (kind === undefined) return false;
  for (const v of all) if (jsonKind(v) !== kind || (kind === 'array' ? (v as unknown[]).length : Object.keys(v as object).length) < 2) return false;
  return true;
}

function jsonKind(v: unknown): 'object' | 'array' | undefined {
  return Array.isArray(v) ? 'array' : typeof v === 'object' && v !== null ? 'object' : undefined;
}

/** literals.ts `arrayLiteral`'s shouldBreak (prettier's): two or more items, all objects or all arrays of two or more entries. */
function brokenArray(e: Expr): boolean {
  if (isNode(e) && e.kind === 'lit') return Array.isArray(e.value) && brokenJsonArray(e.value);
  const all = items(e);
  if (all.length < 2) return false;
  const first = container(all[0]!);
  return first !== undefined && all.every((item) => {
    const c = container(item);
    return c !== undefined && c.kind === first.kind && c.size > 1;
  });
}

/** A JSON value as literals.ts spells it (statement-printer.ts builds the nodes the same way). */
function literal(value: unknown): string {
  if (typeof value === 'string') return quoteString(value, 'json');
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    const magnitude = Math.abs(value);
    const text = magnitude === Infinity ? 'Infinity' : String(magnitude);
    if (magnitude !== Infinity && !/^\d+(\.\d+)?(e[+-]\d+)?$/.test(text)) notFlat('number spelling');
    const spelled = text.replace('e+', 'e');
    return value < 0 || Object.is(value, -0) ? `-${spelled}` : spelled;
  }
  if (Array.isArray(value)) {
    if (!oneLine && brokenJsonArray(value)) notFlat('array of objects or arrays');
    return `[${value.map((v) => literal(v === undefined ? null : v)).join(', ')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as object);
    if (!entries.length) return '{}';
    // Keys that are no identifier (or `__proto__`) take literals.ts's quoting rules: left to the node path.
    if (entries.some(([key]) => key === '__proto__' || !IDENTIFIER.test(key))) notFlat('quoted key');
    return `{ ${entries.map(([key, v]) => `${key}: ${literal(v)}`).join(', ')} }`;
  }
  return notFlat(typeof value);
}
