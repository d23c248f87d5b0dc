/**
 * The statement tree's printer (codegen/statement-printer.ts), which prints the compiled validators.
 * Oracles: JavaScript itself for the brackets (a printed expression evaluates as its tree does), and
 * prettier for the layout (whatever the printer claims formatted is what prettier prints; what it does not
 * claim is left to prettier, and the claims are not vacuous).
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { prettyLit as codeLit, raw } from '../../generator/src/codegen/index.ts';
import { printTree } from '../../generator/src/codegen/pretty/tree.ts';
import { printExpression, printStatement } from '../../generator/src/codegen/statement-printer.ts';
import {
  and,
  array,
  arrow,
  assign,
  binary,
  block,
  breakStmt,
  call,
  constDecl,
  exportedConst,
  exprStmt,
  functionDecl,
  ifStmt,
  isNode,
  lit,
  member,
  newExpr,
  not,
  object,
  or,
  pure,
  regexSource,
  returnStmt,
  switchStmt,
  typedCall,
  typeOf,
  type BinaryOp,
  type Expr,
  type Stmt,
} from '../../generator/src/codegen/statements.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { assertSeeded } from '../helpers/print-seed.ts';

const format = async (text: string) => (await prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' })).trimEnd();
const RETURN_FALSE = returnStmt(raw('false'));
const fn = (body: Stmt[]) => functionDecl(raw('f'), [raw('v: any'), raw('o: number'), raw('p: string'), raw('E: any[]')], raw('boolean'), [...body, returnStmt(raw('true'))], true);

/** A statement `depth` blocks deep in a function (the blocks are labelled, which prettier leaves as they are). */
function nested(statement: Stmt, depth: number): Stmt {
  let s = statement;
  for (let i = 1; i < depth; i++) s = block([s], raw(`L${i}`));
  return fn([s]);
}

// Expressions over numbers a, b, c and booleans x, y: evaluated directly and as printed text.
type Env = { a: number; b: number; c: number; x: boolean; y: boolean };
const NUMERIC: BinaryOp[] = ['+', '-', '%', '&', '|'];
const COMPARISON: BinaryOp[] = ['===', '!==', '<', '<=', '>', '>='];

const numberExpr: fc.Memo<Expr> = fc.memo((n) =>
  n <= 1
    ? fc.oneof(fc.constantFrom(raw('a'), raw('b'), raw('c')), fc.integer({ min: 1, max: 9 }).map((k) => lit(k)))
    : fc.tuple(numberExpr(n - 1), fc.constantFrom(...NUMERIC), numberExpr(n - 1)).map(([l, op, r]) => binary(l, op, r)),
);
const boolExpr: fc.Memo<Expr> = fc.memo((n) =>
  n <= 1
    ? fc.oneof(fc.constantFrom(raw('x'), raw('y')), fc.tuple(numberExpr(2), fc.constantFrom(...COMPARISON), numberExpr(2)).map(([l, op, r]) => binary(l, op, r)))
    : fc.oneof(
        fc.array(boolExpr(n - 1), { minLength: 2, maxLength: 3 }).map((os) => and(...os)),
        fc.array(boolExpr(n - 1), { minLength: 2, maxLength: 3 }).map((os) => or(...os)),
        boolExpr(n - 1).map((e) => not(e)),
        fc.tuple(boolExpr(n - 1), fc.constantFrom<BinaryOp>('===', '!=='), boolExpr(n - 1)).map(([l, op, r]) => binary(l, op, r)),
      ),
);

function evaluate(e: Expr, env: Env): number | boolean {
  if (!isNode(e)) return env[e.text as keyof Env];
  switch (e.kind) {
    case 'lit': return e.value as number;
    case 'logical': return e.op === '&&' ? e.operands.every((o) => evaluate(o, env)) : e.operands.some((o) => evaluate(o, env));
    case 'unary': return !evaluate(e.operand, env);
    case 'binary': {
      const l = evaluate(e.left, env) as number;
      const r = evaluate(e.right, env) as number;
      const ops: Record<string, (l: number, r: number) => number | boolean> = {
        '+': (l, r) => l + r, '-': (l, r) => l - r, '%': (l, r) => l % r, '&': (l, r) => l & r, '|': (l, r) => l | r,
        '===': (l, r) => l === r, '!==': (l, r) => l !== r, '<': (l, r) => l < r, '<=': (l, r) => l <= r, '>': (l, r) => l > r, '>=': (l, r) => l >= r,
      };
      return ops[e.op]!(l, r);
    }
    default: throw new Error(`not generated: ${e.kind}`);
  }
}

const env = fc.record({ a: fc.integer({ min: -5, max: 5 }), b: fc.integer({ min: 1, max: 5 }), c: fc.integer({ min: -5, max: 5 }), x: fc.boolean(), y: fc.boolean() });

describe('expressions', () => {
  it('are bracketed by precedence: the printed text evaluates as the tree does', async () => {
    await assertSeeded(
      fc.property(boolExpr(4), fc.array(env, { minLength: 4, maxLength: 4 }), (e, envs) => {
        const text = printExpression(e).text;
        const run = new Function('a', 'b', 'c', 'x', 'y', `return ${text};`) as (...args: unknown[]) => unknown;
        for (const en of envs) expect(run(en.a, en.b, en.c, en.x, en.y)).toBe(evaluate(e, en));
      }),
      { numRuns: 400, seed: 3 },
    );
  });

  it('are bracketed as prettier brackets them (no bracket more, none less)', async () => {
    await assertSeeded(
      fc.asyncProperty(boolExpr(3), async (e) => {
        const { text, formatted } = printStatement(fn([ifStmt(e, RETURN_FALSE)]));
        if (formatted) expect(text).toBe(await format(text));
      }),
      { numRuns: 150, seed: 5 },
    );
  });
});

describe('numeric and bitwise operators', () => {
  // Comparisons of nested arithmetic and bitwise operands (`(o | 16) & 8`, `a % b | c`, `a | b | c`): the
  // validators' option bits. Deeper than boolExpr's operands, so operators of each level nest in each other.
  const comparison = fc.tuple(numberExpr(4), fc.constantFrom(...COMPARISON), numberExpr(3)).map(([l, op, r]) => binary(l, op, r));

  it('evaluate as the tree does', async () => {
    await assertSeeded(
      fc.property(comparison, fc.array(env, { minLength: 4, maxLength: 4 }), (e, envs) => {
        const run = new Function('a', 'b', 'c', `return ${printExpression(e).text};`) as (...args: unknown[]) => unknown;
        for (const en of envs) expect(run(en.a, en.b, en.c)).toBe(evaluate(e, en));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('are bracketed as prettier brackets them', async () => {
    let claimed = 0;
    await assertSeeded(
      fc.asyncProperty(comparison, async (e) => {
        const { text, formatted } = printStatement(fn([ifStmt(e, RETURN_FALSE)]));
        if (!formatted) return;
        claimed++;
        expect(text).toBe(await format(text));
      }),
      { numRuns: 150, seed: 9 },
    );
    expect(claimed).toBeGreaterThan(140);
  });
});

// Wide conditions, as the compiler writes them: enum chains, negated, before an error call, in functions.
const unit = fc.oneof({ arbitrary: fc.constantFrom('a', 'b', '_', '-', 'é', ' '), weight: 40 }, { arbitrary: fc.constantFrom("'", '"', '\\'), weight: 1 });
const value = fc.string({ unit, minLength: 1, maxLength: 24 });
const errorCall = (args: number) =>
  call(raw('_fEnum'), raw('E'), raw('o'), binary(binary(raw('p'), '+', lit('/x/')), '+', raw('i1')), ...Array.from({ length: args }, (_, i) => raw(`_sp${i}`)), raw('_k30'));

describe('statements', () => {
  it('wide if statements: what prettier prints, or left for prettier', async () => {
    let claimed = 0;
    let broken = 0;
    await assertSeeded(
      fc.asyncProperty(
        fc.uniqueArray(value, { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('check', 'errors', 'required', 'block', 'else-if', 'object'),
        fc.integer({ min: 0, max: 8 }),
        async (values, depth, shape, args) => {
          const chain = or(...values.map((v) => binary(raw('v'), '===', lit(v))));
          const test =
            shape === 'errors' ? and(not(chain), errorCall(args))
            : shape === 'required' ? or(binary(raw('x1'), '===', raw('undefined')), and(binary(raw('x1'), '!==', raw('undefined')), not(chain)))
            : shape === 'object' ? and(not(chain), call(raw('_fErr'), raw('E'), raw('o'), raw('p'), lit('#/a/b/c'), lit('enum'), lit('must be one of the allowed values'), object([[raw('allowedValues'), raw('_k1')], [raw('limit'), lit(args)]])))
            : not(chain);
          const statement =
            shape === 'block' ? ifStmt(test, [exprStmt(call(raw('g'), raw('v')))])
            : shape === 'else-if' ? ifStmt(raw('ok'), [exprStmt(call(raw('g'), raw('v')))], ifStmt(test, RETURN_FALSE))
            : ifStmt(test, depth > 2 ? breakStmt(raw('L1')) : RETURN_FALSE);
          const { text, formatted } = printStatement(nested(statement, depth));
          if (!formatted) {
            // Left for prettier: a literal in JSON's spelling, or a line no layout here breaks.
            expect(!printExpression(chain).formatted || text.split('\n').some((l) => l.length > 120)).toBe(true);
            return;
          }
          claimed++;
          if (text.split('\n').length > depth * 2 + 4) broken++;
          expect(text).toBe(await format(text));
        },
      ),
      { numRuns: 300, seed: 11 },
    );
    // Not vacuous: most statements are claimed, and many of those were wide and broken.
    expect(claimed).toBeGreaterThan(150);
    expect(broken).toBeGreaterThan(60);
  }, 120_000);

  it('a wide signature breaks one parameter a line', async () => {
    const params = Array.from({ length: 9 }, (_, i) => raw(`parameter${i}: number`));
    const { text, formatted } = printStatement(functionDecl(raw('f'), params, raw('boolean'), [returnStmt(raw('true'))], true));
    expect(formatted).toBe(true);
    expect(text.split('\n')[1]).toBe('  parameter0: number,');
    expect(text).toBe(await format(text));
  });

  it('blocks, else chains and switches are laid out as prettier lays them out', async () => {
    const body: Stmt[] = [
      block([], raw('L1')),
      ifStmt(raw('a'), exprStmt(binary(raw('n'), '+', lit(1))), ifStmt(raw('b'), exprStmt(raw('m')))),
      ifStmt(raw('a'), [RETURN_FALSE], ifStmt(raw('b'), [RETURN_FALSE], [exprStmt(call(raw('g')))])),
      ifStmt(raw('a'), [RETURN_FALSE], exprStmt(raw('z'))),
      switchStmt(raw('t'), [{ test: lit('x'), body: [block([breakStmt()])] }, { body: [block([RETURN_FALSE])] }]),
    ];
    const { text, formatted } = printStatement(fn(body));
    expect(formatted).toBe(true);
    expect(text).toBe(await format(text));
  });
});

describe('module constants', () => {
  const element = fc.oneof(
    { arbitrary: fc.string({ unit: fc.constantFrom('a', 'b', '-', ' ', 'é'), minLength: 4, maxLength: 30 }), weight: 8 },
    { arbitrary: fc.integer(), weight: 2 },
    { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
    { arbitrary: fc.string({ unit: fc.constantFrom('a', "'", '"', '\\', '\n', 'é'), maxLength: 12 }), weight: 1 },
  );

  it('arrays and sets of literals: what prettier prints, or left for prettier when its spelling or fill decides', async () => {
    let claimedWide = 0;
    await assertSeeded(
      fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 24 }), fc.boolean(), async (values, set) => {
        const init = set ? newExpr(raw('Set'), [lit(values)], raw('unknown')) : lit(values);
        const { text, formatted } = printStatement(constDecl(raw('_k1'), init, set ? undefined : raw('any')));
        if (formatted) {
          expect(text).toBe(await format(text));
          if (text.includes('\n')) claimedWide++;
        } else {
          // Left alone only when prettier's spelling is not settled (JSON's double quotes) or it fills (numbers).
          expect(values.some((v) => typeof v === 'string' && !printExpression(lit(v)).text.startsWith("'")) || values.every((v) => typeof v === 'number')).toBe(true);
        }
      }),
      { numRuns: 300, seed: 7 },
    );
    expect(claimedWide).toBeGreaterThan(30);
  }, 60_000);

  it('regular expressions and long strings', async () => {
    await assertSeeded(
      fc.asyncProperty(fc.string({ minLength: 60, maxLength: 200 }), fc.constantFrom('', 'u'), async (source, flags) => {
        for (const d of [constDecl(raw('_re1'), newExpr(raw('RegExp'), [regexSource(source), lit(flags)])), constDecl(raw('_sp1'), lit(source))]) {
          const { text, formatted } = printStatement(d);
          if (formatted) expect(text).toBe(await format(text));
          else expect(text).toMatch(/"/);
        }
      }),
      { numRuns: 200, seed: 11 },
    );
  }, 60_000);

  it('tables: one row a line when there are several, a wide row broken', async () => {
    const row = (i: number, width: number) => array([lit(`name${i}`), lit(1024), lit(''), raw(`_v${'X'.repeat(width)}`), raw(`_e${'X'.repeat(width)}`)]);
    for (const rows of [[row(1, 5)], [row(1, 5), row(2, 5)], [row(1, 60)], [row(1, 5), row(2, 60)]]) {
      const { text, formatted } = printStatement(constDecl(raw('_t1'), array(rows, rows.length > 1), raw('any')));
      expect(formatted).toBe(true);
      expect(text).toBe(await format(text));
    }
  });

  it("a literal is claimed in prettier's spelling (quote.ts re-quotes escapes, double quotes included)", async () => {
    const claimed: Record<string, boolean> = {};
    for (const value of ['a\\b', 'a-b', "it's", 'say "hi"', 'tab\there']) {
      const { text, formatted } = printStatement(fn([ifStmt(binary(raw('v'), '===', lit(value)), RETURN_FALSE)]));
      claimed[value] = formatted === true;
      if (formatted === true) expect(text, value).toBe(await format(text));
    }
    expect(claimed).toEqual({ 'a\\b': true, 'a-b': true, "it's": true, 'say "hi"': true, 'tab\there': true });
    expect(printExpression(member(raw('v'), 'a-b')).text).toBe("v['a-b']");
  });
});

describe('the tree printed straight to text (pretty/tree.ts)', () => {
  /** `/* @__PURE__ *\/ _operation<'method'>(pointer, [params], [rows])`, as operations-file.ts builds it. */
  const operation = (method: string, rows: Expr[]) =>
    pure(typedCall(raw('_operation'), [codeLit(method)], lit(`/paths/~1${method.toLowerCase()}/get`), array([member(raw('C'), `_e${method}Query`)]), array(rows)));
  // Shapes the tree printer writes itself rather than through nodes: each claimed, and prettier's output.
  const long = 'x'.repeat(90);
  const cases: Record<string, Stmt> = {
    'a signature too wide: one parameter a line': functionDecl(raw(`_e${long}`), [raw('v: any'), raw('o: number'), raw('p: string'), raw('E: any[]')], raw('boolean'), [returnStmt(raw('true'))], true),
    'a lone statement and its else': fn([ifStmt(raw('x'), returnStmt(raw('a')), returnStmt(raw('b')))]),
    'else if and else': fn([ifStmt(raw('x'), [RETURN_FALSE], ifStmt(raw('y'), [breakStmt()], [RETURN_FALSE]))]),
    'a lone statement on the next line when only the head fits': fn([ifStmt(call(raw(`_f${'x'.repeat(100)}`), raw('v'), raw('o')), RETURN_FALSE, RETURN_FALSE)]),
    'a bare block': fn([block([exprStmt(call(raw('f'), raw('v')))])]),
    'an array of arrays, one row a line': constDecl(raw('_t1'), array([array([lit('a'), lit(1)]), array([lit('b'), lit(2)])]), raw('any')),
    'a JSON array of objects, one a line': constDecl(raw('_k1'), lit([{ a: 1, b: 'x' }, { a: 2, b: 'y' }]), raw('any')),
    'an array of an object and a string, on its line': constDecl(raw('_k2'), lit([{ a: 1, b: 2 }, 's']), raw('any')),
    'a member of a number, a negative operand': fn([ifStmt(binary(member(lit(1), 'x'), '-', lit(-1)), RETURN_FALSE)]),
    'a test too wide: one operand a line': fn([ifStmt(or(...Array.from({ length: 8 }, (_, i) => binary(raw('v'), '===', lit(`value${i}`)))), RETURN_FALSE)]),
    'a negated test too wide, before a block': fn([ifStmt(not(and(...Array.from({ length: 8 }, (_, i) => binary(raw('v'), '!==', lit(`value${i}`))))), [RETURN_FALSE])]),
    'a test too wide with a bracketed operand': fn([ifStmt(or(and(raw('x'), raw('y')), ...Array.from({ length: 8 }, (_, i) => binary(raw('v'), '===', lit(`value${i}`)))), RETURN_FALSE)]),
    'an operand too wide for its line goes through the nodes': fn([ifStmt(or(raw('x'), call(raw('_f'), ...Array.from({ length: 12 }, (_, i) => lit(`argument${i}`)))), RETURN_FALSE)]),
    // Module constants of calls the tree leaves to the nodes (prettier's layout is not the one-argument-a-line one).
    'a wide pure call of a lone short name: below the = (poorly breakable), through the nodes': exportedConst(raw(`validate${'X'.repeat(60)}`), pure(typedCall(raw('_validator'), [raw('T.Y')], raw('shortName')))),
    'a wide pure call whose last object is hugged, through the nodes': constDecl(raw('_v1'), pure(call(raw('_operation'), lit('/paths/~1pets/get'), object([[raw('a'), lit('x'.repeat(40))], [raw('b'), lit(1)]])))),
    'an exported member too wide: after the =, through the nodes': exportedConst(raw(`validate${'X'.repeat(110)}`), member(raw('_v5'), 'response')),
    'an object of calls whose head is too wide after a short key: never broken after the key, through the nodes': constDecl(
      raw('_v'),
      object([[raw('pet'), pure(typedCall(raw('_operation'), [codeLit(`pet${'X'.repeat(110)}`)], lit('/paths/~1pet/get'), array([]), array([array([lit('200'), member(raw('C'), '_ePet')])])))]]),
    ),
    'a pure call of an arrow whose call is too wide for the line after =>: through the nodes': exportedConst(
      raw(`validate${'X'.repeat(40)}`),
      pure(call(raw('_make'), arrow(typedCall(raw('_validator'), [raw(`T.${'X'.repeat(60)}`)], member(raw('C'), `_e${'X'.repeat(60)}`))))),
    ),
    'an arrow returning an object, bracketed, through the nodes': exportedConst(raw('x'), call(raw('f'), arrow(object([[raw('a'), lit(1)]])))),
    'an object with a quoted key, through the nodes': constDecl(raw('_v'), object([[codeLit('pets-list'), operation('petsList', [array([lit('200'), member(raw('C'), '_ePets')]), array([lit('404'), member(raw('C'), '_eProblem')])])]])),
  };
  for (const [name, statement] of Object.entries(cases)) {
    it(name, async () => {
      const { text, formatted } = printStatement(statement);
      expect(formatted).toBe(true);
      expect(text).toBe(await format(text));
    });
  }
  it('an arrow returning an object brackets it (not a block)', () => {
    expect(printStatement(exportedConst(raw('x'), call(raw('f'), arrow(object([[raw('a'), lit(1)]]))))).text).toBe('export const x = f(() => ({ a: 1 }));');
  });

  // Broken layouts the tree writes itself (the node path refused: a test fails if one goes there), each what prettier prints.
  const nodePathRefused = (): string => {
    throw new Error('left to the node path');
  };
  const failure = (extra: Expr[]) => call(raw('_fErr'), raw('E'), raw('o'), binary(raw('p'), '+', lit('/description')), binary(raw('_sp20'), '+', lit('/properties/description/maxLength')), lit('maxLength'), ...extra);
  const values = (n: number) => Array.from({ length: n }, (_, i) => binary(raw('v'), '===', lit(`value${i}`)));
  const broken: Record<string, Stmt> = {
    'a call as the whole test, too wide: one argument a line': fn([ifStmt(failure([lit('must NOT have more than 65535 characters')]), RETURN_FALSE)]),
    'a call as the whole test, its last object argument hugged': fn([ifStmt(call(raw('_fErr'), raw('E'), raw('o'), raw('p'), raw('_sp1'), lit('required'), lit('must have required property'), object([[raw('missingProperty'), lit('x'.repeat(40))], [raw('limit'), lit(1)]])), RETURN_FALSE)]),
    'a call as the whole test, its object argument too wide to hug: one argument a line': fn([ifStmt(failure([lit('must NOT have more than 65535 characters'), object([[raw('limit'), lit(65535)]])]), RETURN_FALSE)]),
    'a call too wide in a chain, negated': fn([ifStmt(and(binary(raw('x7.length'), '>', lit(65535)), not(failure([lit('must NOT have more than 65535 characters')]))), [RETURN_FALSE])]),
    'a negated chain too wide in a chain: broken inside its brackets': fn([ifStmt(and(not(or(...values(8))), call(raw('_fEnum'), raw('E'), raw('o'), raw('p'), raw('_sp1105'), raw('_k1104'))), RETURN_FALSE)]),
    'else if after a lone statement': fn([ifStmt(binary(raw('n7'), '===', lit(0)), exprStmt(assign(raw('a8'), lit(0))), ifStmt(binary(raw('n7'), '===', lit(1)), exprStmt(assign(raw('b9'), lit(0)))))]),
    'a block else after a lone statement': fn([ifStmt(raw('ok19'), exprStmt(assign(raw('E.length'), raw('e20'))), [exprStmt(call(raw('g'), raw('v'))), RETURN_FALSE])]),
    'a lone else after a block': fn([ifStmt(raw('ok'), [exprStmt(call(raw('g'), raw('v')))], RETURN_FALSE)]),
    'an empty labelled block': fn([block([], raw('L40'))]),
    'a long string constant: on the line after the =': constDecl(raw('_sp1'), lit(`#/components/schemas/${'x'.repeat(120)}`)),
    'a set of strings too wide: one a line': constDecl(raw('_s1442'), newExpr(raw('Set'), [lit(Array.from({ length: 9 }, (_, i) => `summary_${i}`))], raw('unknown'))),
    'an array of strings too wide: one a line': constDecl(raw('_k1560'), lit(Array.from({ length: 11 }, (_, i) => `startup_failure_${i}`)), raw('any')),
    'a regular expression too wide: its arguments one a line': constDecl(raw('_re1'), newExpr(raw('RegExp'), [regexSource(`^(?:${'[a-z]'.repeat(24)})$`), lit('u')])),
    'a bracketed chain too wide in a chain: its first operand after (, the others one a line': fn([ifStmt(and(binary(raw('x5'), '!==', raw('undefined')), or(binary(typeOf(raw('x5')), '!==', lit('string')), not(or(...values(12))))), RETURN_FALSE)]),
    'a bracketed chain too wide, its last operand a call broken one argument a line': fn([ifStmt(and(binary(raw('x5'), '!==', raw('undefined')), or(binary(typeOf(raw('x5')), '!==', lit('string')), failure([lit('must NOT have more than 65535 characters'), lit('x'.repeat(40))]))), RETURN_FALSE)]),
    // The validators' module constants (entry factories, Standard Schema adapters, operations' validators).
    'an exported pure call with a type argument, on its line': exportedConst(raw('validatePet'), pure(typedCall(raw('_validator'), [raw('T.Pet')], member(raw('C'), '_ePet')))),
    'an exported pure call too wide: its lone member argument on a line of its own': exportedConst(raw(`validate${'X'.repeat(40)}`), pure(typedCall(raw('_validator'), [raw(`T.${'X'.repeat(20)}`)], member(raw('C'), `_e${'X'.repeat(60)}`)))),
    "a pure call of a table: one argument a line, two or more rows one a line (prettier's always-broken array)": constDecl(
      raw('_v5'),
      pure(typedCall(raw('_operation'), [codeLit('petsList')], lit('/paths/~1pets/get'), array([member(raw('C'), '_ePetsListQuery')]), array([array([lit('200'), member(raw('C'), '_ePets')]), array([lit('default'), lit('application/problem+json'), member(raw('C'), '_eProblem')])]))),
    ),
    'a pure call whose array argument is too wide for its line: one item a line': constDecl(
      raw('_v6'),
      pure(typedCall(raw('_operation'), [codeLit('petsList')], lit('/paths/~1pets/get'), array(Array.from({ length: 4 }, (_, i) => member(raw('C'), `_ePetsListParameters${i}`))), array([array([lit('200'), member(raw('C'), '_ePets')])]))),
    ),
    'an exported member, on its line': exportedConst(raw('validatePetsList'), member(raw('_v5'), 'response')),
    'a wide pure call with two type arguments: flat in its head, one argument a line': constDecl(raw('_v2'), pure(typedCall(raw('_operation'), [raw(`'${'m'.repeat(30)}'`), raw('undefined')], lit('/paths/~1pets/get'), array([member(raw('C'), '_eA')]), array([array([lit('200'), member(raw('C'), '_eB')])])))),
    'an object of calls with two type arguments, each head fitting after its key': constDecl(
      raw('_v'),
      object([
        [raw('pets'), pure(typedCall(raw('_operation'), [codeLit('pets'), raw('undefined')], lit('/paths/~1pets/get'), array([]), array([array([lit('200'), member(raw('C'), `_ePet${'X'.repeat(60)}`)]), array([lit('404')])]), array([lit(false), member(raw('C'), '_eBody')])))],
        [raw(`pets${'X'.repeat(30)}`), pure(typedCall(raw('_operation'), [codeLit(`pets${'X'.repeat(30)}`), raw('undefined')], lit('/paths/~1pets/get'), array([]), array([array([lit('200'), member(raw('C'), '_ePet')]), array([lit('404'), lit('x')])])))],
      ]),
    ),
    'an object of calls with two type arguments whose head is too wide after the key: the type arguments one a line': constDecl(
      raw('_v'),
      object([
        [raw(`pets${'X'.repeat(40)}`), pure(typedCall(raw('_operation'), [codeLit(`pets${'X'.repeat(40)}`), raw('undefined')], lit('/paths/~1pets/get'), array([]), array([array([lit('200'), member(raw('C'), '_ePet')]), array([lit('404')])])))],
        [raw(`pets${'Y'.repeat(40)}`), pure(typedCall(raw('_operation'), [codeLit(`pets${'Y'.repeat(40)}`), raw('undefined')], lit('/paths/~1pets/get'), array([]), array([array([lit('200'), member(raw('C'), '_ePet')])])))],
        [raw(`pets${'W'.repeat(40)}`), pure(typedCall(raw('_operation'), [codeLit(`pets${'W'.repeat(40)}`), raw('undefined')], lit('/paths/~1pets/get'), array([]), array([array([lit('200'), member(raw('C'), '_ePet')]), array([lit('404'), member(raw('C'), '_eProblem')])])))],
        [raw(`pets${'Z'.repeat(40)}`), pure(typedCall(raw('_operation'), [codeLit(`pets${'Z'.repeat(40)}`), raw('undefined')], lit(`/paths/~1pets/${'z'.repeat(60)}`), array([member(raw('C'), `_ePets${'Z'.repeat(30)}`)]), array([array([lit('200'), member(raw('C'), '_ePet')])])))],
      ]),
    ),
    // The entry factories and Standard Schema adapters: a pure call of an arrow.
    'an exported pure call of an arrow returning a call, on its line': exportedConst(raw('validatePet'), pure(call(raw('_make'), arrow(typedCall(raw('_validator'), [raw('T.Pet')], member(raw('C'), '_ePet')))))),
    'an exported pure call of an arrow returning a call, too wide: the arrow hugged, broken after =>': exportedConst(
      raw(`validate${'X'.repeat(40)}`),
      pure(call(raw('_make'), arrow(typedCall(raw('_validator'), [raw(`T.${'X'.repeat(40)}`)], member(raw('C'), `_e${'X'.repeat(40)}`))))),
    ),
    'an exported pure call of an arrow returning a member, too wide: the arrow on a line of its own': exportedConst(raw(`${'X'.repeat(60)}Schema`), pure(call(raw('_schema'), arrow(member(raw('S'), `validate${'X'.repeat(60)}`))))),
    // The operations' `_v`: an object of pure calls, one property a line, each call broken as above where it must be.
    'an object of calls too wide: one property a line, a call broken after its key, a wide row broken in turn': constDecl(
      raw('_v'),
      object([
        [raw('petsList'), operation('petsList', [array([lit('200'), member(raw('C'), '_ePets')])])],
        [raw('petsCreate'), operation('petsCreate', [array([lit('201'), member(raw('C'), '_ePet')]), array([lit('default'), lit('application/problem+json'), member(raw('C'), '_eProblem')])])],
        [raw('petsGet'), operation('petsGet', [array([lit('200'), array([member(raw('C'), `_ePetsGetStatus200${'X'.repeat(20)}`), lit(`#/components/responses/${'x'.repeat(50)}/content/application~1json/schema`)])])])],
        [raw('pet'), operation('pet', [array([lit('200'), member(raw('C'), '_ePet')]), array([lit('404')])])],
      ]),
    ),
    'an object of calls whose head is too wide after the key: the call on the next line, on its line or broken': constDecl(
      raw('_v'),
      object([
        [raw(`petsList${'X'.repeat(40)}`), operation(`petsList${'X'.repeat(40)}`, [array([lit('200'), member(raw('C'), '_ePets')])])],
        [raw(`petsCreate${'X'.repeat(40)}`), operation(`petsCreate${'X'.repeat(40)}`, [array([lit('201'), member(raw('C'), `_ePet${'X'.repeat(40)}`)]), array([lit('404')])])],
        [raw(`petsGet${'X'.repeat(40)}`), operation(`petsGet${'X'.repeat(40)}`, [array([lit('200'), member(raw('C'), '_ePet')]), array([lit('default'), member(raw('C'), '_eProblem')])])],
        [raw(`p${'X'.repeat(45)}`), pure(typedCall(raw('_operation'), [codeLit(`p${'X'.repeat(45)}`)], lit('/p'), array([]), array([array([lit('200')])])))],
        [raw('pets'), pure(typedCall(raw('_operation'), [codeLit('pets')], lit(`/paths/${'x'.repeat(120)}`), array([]), array([array([lit(`200/${'x'.repeat(120)}`), member(raw('C'), '_ePet')])])))],
      ]),
    ),
  };
  for (const [name, statement] of Object.entries(broken)) {
    it(`${name} (the tree's own layout)`, async () => {
      const text = printTree(statement, nodePathRefused);
      expect(text).toBe(await format(text));
      expect(printStatement(statement)).toEqual({ text, formatted: true });
    });
  }
});
