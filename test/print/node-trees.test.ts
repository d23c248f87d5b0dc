/**
 * The one printer (codegen/pretty/) against prettier on random node trees of every kind the builder
 * (codegen/ts-nodes.ts) offers: declarations, statements, expressions and types nested at random, names of
 * every length (so layouts cross the print width), hostile strings. For each statement the printer either
 * prints exactly what prettier prints for the compiler's text of the same nodes, or declines (`NotPrinted`)
 * and leaves that statement to prettier; declining must stay the exception.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS } from '../../generator/src/codegen/index.ts';
import { printer } from '../../generator/src/codegen/printer.ts';
import * as n from '../../generator/src/codegen/ts-nodes.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { assertSeeded, printSeeds } from '../helpers/print-seed.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });

const name = fc.oneof(fc.stringMatching(/^[a-z][A-Za-z0-9]{0,6}$/), fc.stringMatching(/^[a-z][A-Za-z0-9]{10,45}$/)).filter((s) => !RESERVED_WORDS.has(s));
const typeName = fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,24}$/);
const text = fc.oneof(
  fc.stringMatching(/^[a-z /-]{0,40}$/),
  fc.array(fc.constantFrom('"', "'", '\\', '\n', '\u0000', '\u0007', '\u000b', '\u001f', '\u0085', '\u2028', 'é', '\u{1f600}', '\ud800', '`', '${', '*/', 'x'.repeat(30)), { maxLength: 6 }).map((p) => p.join('')),
);
const doc = fc.array(fc.oneof(text, fc.constant('')), { maxLength: 3 });

const { type } = fc.letrec<{ type: n.TypeNode }>((tie) => ({
  type: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('string', 'number', 'boolean', 'unknown', 'undefined', 'null', 'never').map((k) => n.keywordType(k as n.KeywordName)),
    typeName.map((t) => n.typeRef(t)),
    fc.oneof(text, fc.integer({ min: -5, max: 500 })).map((v) => n.literalType(v)),
    fc.tuple(typeName, fc.array(tie('type'), { minLength: 1, maxLength: 3 })).map(([t, args]) => n.typeRef(t, args)),
    fc.array(tie('type'), { minLength: 2, maxLength: 4 }).map((ts) => n.unionType(ts)),
    tie('type').map((t) => n.arrayType(t)),
    fc.tuple(tie('type'), tie('type')).map(([a, b]) => n.indexedAccessType(a, b)),
    typeName.map((t) => n.keyofType(n.typeRef(t))),
    fc.array(fc.tuple(name, tie('type'), fc.boolean()), { maxLength: 3 }).map((ms) => n.typeLiteral(ms.map(([k, t, optional]) => n.propertySignature(k, t, { optional })), { singleLine: true })),
  ),
}));

/**
 * An object type built broken (one member a line, as the types target builds a schema's object), nested at
 * random: an interface's members printed as text (pretty/broken-objects.ts). A member's type may also be a
 * broken object in an array (`{ … }[]`, `{ … }[][]`) or hugged in a union with `null` on either side (`{ … } | null`).
 */
const { brokenObject } = fc.letrec<{ brokenObject: n.TypeNode }>((tie) => {
  const around = fc.tuple(tie('brokenObject'), fc.constantFrom('array', 'array2', 'null after', 'null before', 'null both')).map(([o, how]) => {
    const nul = n.keywordType('null');
    if (how === 'array') return n.arrayType(o);
    if (how === 'array2') return n.arrayType(n.arrayType(o));
    return n.unionType(how === 'null after' ? [o, nul] : how === 'null before' ? [nul, o] : [nul, o, nul]);
  });
  return {
    brokenObject: fc
      .array(fc.tuple(fc.oneof(name, fc.stringMatching(/^[a-z0-9 -]{1,12}$/)), fc.oneof({ depthSize: 'small', withCrossShrink: true }, type, tie('brokenObject'), around), fc.boolean(), fc.boolean(), doc), { minLength: 1, maxLength: 3 })
      .map((ms) => n.typeLiteral(ms.map(([k, t, optional, readonly, d]) => n.propertySignature(k, t, { optional, readonly, doc: d })))),
  };
});

const parameter = fc.record({ name: fc.oneof(name, fc.array(name, { minLength: 1, maxLength: 3 }).map((d) => ({ destructure: [...new Set(d)] }))), type: fc.option(type, { nil: undefined }), optional: fc.boolean() }).map((p) => ({ ...p, optional: p.optional && typeof p.name === 'string' && p.type !== undefined }));
const parameters = fc.uniqueArray(parameter, { maxLength: 3, selector: (p) => JSON.stringify(p.name) });

const { expression, statement } = fc.letrec<{ expression: n.Expression; statement: n.Statement }>((tie) => {
  const e = tie('expression');
  const s = tie('statement');
  return {
    expression: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      name.map((x) => n.valueRef(x)),
      fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)).map((v) => n.literalExpression(v)),
      fc.jsonValue({ maxDepth: 2 }).map((v) => n.literalExpression(v)),
      fc.tuple(e, fc.array(e, { maxLength: 4 })).map(([callee, args]) => n.callExpression(callee, args)),
      fc.tuple(name, fc.array(e, { maxLength: 3 })).map(([callee, args]) => n.newExpression(n.valueRef(callee), args)),
      fc.tuple(e, fc.oneof(name, text), fc.boolean()).map(([object, key, optional]) => n.propertyAccess(object, key, { optional })),
      fc.tuple(e, e).map(([object, index]) => n.elementAccess(object, index)),
      fc.tuple(parameters, fc.oneof(e, fc.array(s, { maxLength: 2 })), fc.boolean()).map(([ps, body, async]) => n.arrowFunction(ps.map((p) => ({ ...p, optional: false })), async && !Array.isArray(body) ? n.awaitExpression(body as n.Expression) : body, { async })),
      fc
        .tuple(
          fc.array(
            fc.oneof(
              fc.tuple(fc.oneof(name, text), e, doc).map(([k, v, d]) => n.property(k, v, d)),
              name.map((x) => n.shorthand(x)),
              e.map((v) => n.spread(v)),
            ),
            { maxLength: 4 },
          ),
          fc.boolean(),
        )
        .map(([members, multiLine]) => n.objectLiteral(members, { multiLine })),
      fc.array(e, { maxLength: 5 }).map((items) => n.arrayLiteral(items)),
      fc.tuple(e, fc.constantFrom<n.BinaryOperator>('??', '||', '&&', '===', '!==', '<', '+', '-', 'instanceof'), e).map(([l, op, r]) => n.binary(l, op, r)),
      e.map((x) => n.not(x)),
      e.map((x) => n.nonNull(x)),
      // An assignment as a call's argument (a cache filled where it is passed: `f((r ??= table()))`).
      fc.tuple(e, fc.array(e, { maxLength: 2 }), name, fc.constantFrom<'=' | '??='>('=', '??='), e).map(([callee, args, target, op, value]) => n.callExpression(callee, [n.assignment(n.valueRef(target), op, value), ...args])),
      fc.tuple(e, e, e).map(([a, b, c]) => n.conditional(a, b, c)),
      fc.tuple(e, type).map(([v, t]) => n.asType(v, t)),
      e.map((v) => n.asConst(v)),
      fc.tuple(e, type).map(([v, t]) => n.satisfies(v, t)),
      e.map((v) => n.typeofExpression(v)),
      text.map((m) => n.dynamicImport(m)),
      fc.tuple(name, fc.array(e, { maxLength: 2 })).map(([callee, args]) => n.pure(n.callExpression(n.valueRef(callee), args))),
    ),
    statement: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      e.map((x) => n.returnStatement(x)),
      fc.constant(n.returnStatement()),
      fc.tuple(fc.constantFrom<'const' | 'let'>('const', 'let'), name, e, fc.option(type, { nil: undefined })).map(([kind, x, v, t]) => n.variable(kind, x, v, { type: t })),
      fc.tuple(e, fc.oneof(s, fc.array(s, { maxLength: 2 })), fc.option(fc.array(s, { maxLength: 2 }), { nil: undefined })).map(([test, then, otherwise]) => n.ifStatement(test, then, Array.isArray(then) ? otherwise : undefined)),
      fc.tuple(name, e, fc.array(s, { maxLength: 2 })).map(([x, iterable, body]) => n.forOf(x, iterable, body)),
      fc.tuple(name, fc.array(e, { maxLength: 3 })).map(([callee, args]) => n.expressionStatement(n.callExpression(n.valueRef(callee), args))),
      fc.tuple(s, text).map(([st, comment]) => n.lineComment(st, comment)),
    ),
  };
});

const declaration = fc.oneof(
  fc.tuple(name, expression, doc, fc.option(type, { nil: undefined }), fc.boolean()).map(([x, v, d, t, exported]) => n.constDeclaration(x, v, d, { type: t, exported })),
  fc
    .record({
      name,
      typeParameters: fc.uniqueArray(fc.record({ name: typeName, constraint: fc.option(type, { nil: undefined }), default: fc.option(type, { nil: undefined }) }), { maxLength: 2, selector: (p) => p.name }),
      parameters: parameters.map((ps) => ps.map((p) => ({ ...p, type: p.type ?? n.keywordType('unknown') }))),
      returns: fc.option(type, { nil: undefined }),
      body: fc.option(fc.array(statement, { maxLength: 3 }), { nil: undefined }),
      doc,
      exported: fc.boolean(),
      async: fc.boolean(),
    })
    .map((f) => n.functionDeclaration(f.name, { typeParameters: f.typeParameters, parameters: f.parameters, returns: f.body ? f.returns : (f.returns ?? n.keywordType('void')) }, f.body, f.doc, { exported: f.exported, async: f.async && f.body !== undefined })),
  fc.tuple(typeName, fc.array(fc.tuple(name, type, doc), { maxLength: 3 }), fc.array(fc.tuple(name, parameters, type), { maxLength: 2 })).map(([x, props, methods]) =>
    n.interfaceDeclaration(x, [
      ...props.map(([k, t, d]) => n.propertySignature(k, t, { doc: d })),
      ...methods.map(([k, ps, r]) => n.methodSignature(k, { parameters: ps.map((p) => ({ ...p, type: p.type ?? n.keywordType('unknown') })), returns: r })),
    ]),
  ),
  fc.tuple(typeName, type, doc).map(([x, t, d]) => n.typeAlias(x, t, d)),
  fc.tuple(name, fc.array(fc.tuple(name, parameters, fc.array(statement, { maxLength: 2 })), { minLength: 1, maxLength: 2 })).map(([x, methods]) =>
    n.constDeclaration(x, n.objectLiteral(methods.map(([k, ps, body]) => n.method(k, { parameters: ps.map((p) => ({ ...p, type: p.type ?? n.keywordType('unknown') })), returns: n.keywordType('unknown') }, body)), { multiLine: true })),
  ),
);

/**
 * Several fixed seeds: the suite stays deterministic while its trees vary more than one seed's long run
 * (seeds 1 and 4 found the last divergences: a binary in a conditional's branch, a bracketed optional
 * chain). `SOCIALGEN_PRINT_SEED` runs other seeds instead, as many runs each (test/helpers/print-seed.ts): try new
 * seeds when changing the printer.
 */
const SEEDS = printSeeds([25, 1, 2, 3, 4, 5]);
const RUNS_PER_SEED = 250;

/**
 * What pretty/broken-objects.ts prints as text: interfaces whose members hold broken object types nested at
 * random, type aliases of unions with broken objects among their members (the types target's schemas, the
 * server's results), declarations of object literals (the client's operation specs), type aliases of
 * function types (the server's handlers), and declarations of calls with strings wider than a line (the
 * server's `JSON.parse` tables, settled by pretty/flat.ts).
 */
const { value } = fc.letrec<{ value: n.Expression }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(text, fc.integer(), fc.boolean()).map((v) => n.literalExpression(v)),
    name.map((x) => n.valueRef(x)),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => n.arrayLiteral(items)),
    fc
      .tuple(fc.array(fc.tuple(fc.oneof(name, fc.stringMatching(/^[a-z0-9 -]{1,12}$/)), tie('value'), doc), { maxLength: 4 }), fc.boolean())
      .map(([members, multiLine]) => n.objectLiteral(members.map(([k, v, d]) => n.property(k, v, d)), { multiLine })),
  ),
}));

const brokenDeclaration = fc.oneof(
  // A declaration of an object literal, built broken or too wide for its line (the client's operation specs).
  fc
    .tuple(name, fc.array(fc.tuple(fc.oneof(name, fc.stringMatching(/^[a-z0-9 -]{1,12}$/)), value, doc), { minLength: 1, maxLength: 5 }), fc.boolean(), fc.option(typeName, { nil: undefined }), doc)
    .map(([x, members, multiLine, t, d]) => n.constDeclaration(x, n.objectLiteral(members.map(([k, v, pd]) => n.property(k, v, pd)), { multiLine }), d, { type: t === undefined ? undefined : n.typeRef(t), exported: true })),
  fc.tuple(typeName, fc.array(fc.tuple(name, fc.oneof(type, brokenObject), doc), { minLength: 1, maxLength: 4 }), doc).map(([x, props, d]) =>
    n.interfaceDeclaration(x, props.map(([k, t, pd]) => n.propertySignature(k, t, { doc: pd })), d),
  ),
  fc.tuple(typeName, fc.array(fc.oneof(type, brokenObject), { minLength: 2, maxLength: 4 }), doc).map(([x, members, d]) => n.typeAlias(x, n.unionType(members), d)),
  // A type alias of a broken object type (the types target's schemas written as aliases).
  fc.tuple(typeName, brokenObject, doc).map(([x, t, d]) => n.typeAlias(x, t, d)),
  // A type alias of a function type (the server's handler types, settled as text by pretty/function-alias.ts), names long enough to break it.
  fc
    .tuple(fc.tuple(typeName, fc.stringMatching(/^[A-Za-z]{0,90}$/)), fc.uniqueArray(fc.tuple(name, type, fc.boolean()), { minLength: 1, maxLength: 3, selector: ([p]) => p }), type, doc)
    .map(([[x, suffix], ps, returns, d]) => n.typeAlias(x + suffix, n.functionType(ps.map(([p, t, optional]) => ({ name: p, type: t, optional })), returns), d)),
  // A declaration destructuring a name with nested patterns, which prettier always breaks (the validators'
  // exports of every operation's validators, settled as text by pretty/broken-objects.ts): names of every
  // length, each made unique by its place (a name bound twice is a syntax error).
  fc
    .tuple(
      fc.array(
        fc.oneof(
          name.map((x) => (i: number) => `${x}${i}`),
          fc.tuple(fc.oneof(name, fc.stringMatching(/^[a-z0-9 -]{1,12}$/)), name).map(([k, x]) => (i: number) => ({ property: k, name: `${x}${i}` })),
          fc
            .tuple(fc.oneof(name, fc.stringMatching(/^[a-z0-9 -]{1,12}$/)), fc.array(fc.tuple(fc.option(name, { nil: undefined }), name), { minLength: 1, maxLength: 4 }))
            .map(([k, parts]) => (i: number) => ({ property: k, name: { destructure: parts.map(([p, x], j) => (p === undefined ? `${x}${i}_${j}` : { property: p, name: `${x}${i}_${j}` })) } })),
        ),
        { minLength: 1, maxLength: 5 },
      ),
      name,
      fc.boolean(),
      doc,
    )
    .map(([elements, from, exported, d]) => n.variable('const', { destructure: elements.map((e, i) => e(i)) }, n.valueRef(from), { exported, doc: d })),
  // A declaration of a call of a name or of one member of a name whose arguments are strings up to three lines wide
  // and names (the server's `JSON.parse('…')` tables, settled as text by pretty/flat.ts).
  fc
    .tuple(name, fc.option(name, { nil: undefined }), fc.array(fc.oneof(fc.stringMatching(/^[a-z "'{}:,]{0,240}$/).map((v) => n.literalExpression(v)), name.map((x) => n.valueRef(x))), { minLength: 1, maxLength: 3 }), fc.option(typeName, { nil: undefined }), doc)
    .map(([x, member, args, t, d]) => n.constDeclaration(x, n.callExpression(member ? n.propertyAccess(n.valueRef('JSON'), member) : n.valueRef('parse'), args), d, { type: t === undefined ? undefined : n.typeRef(t), exported: true })),
);

/** The statement as prettier prints it, or undefined where the printer declines (its reason tallied). */
function ours(statement: n.Statement, reasons: Map<string, number>): string | undefined {
  try {
    return printer.statement(statement);
  } catch (error) {
    if (!(error instanceof printer.NotPrinted)) throw error;
    reasons.set(error.message, (reasons.get(error.message) ?? 0) + 1);
    return undefined;
  }
}

describe('the one printer agrees with prettier on random node trees', () => {
  it('prints interfaces, unions of broken object types, function type aliases and declarations of wide calls as prettier does', { timeout: 600_000 }, async () => {
    let printed = 0;
    const reasons = new Map<string, number>();
    await assertSeeded(
      fc.asyncProperty(brokenDeclaration, async (statement) => {
        const text = ours(statement, reasons);
        if (text === undefined) return;
        printed++;
        expect(text + '\n').toBe(await format(printer.plain(statement)));
      }),
      { numRuns: 450, seed: 25 },
    );
    expect(printed, JSON.stringify([...reasons])).toBeGreaterThan(300);
  });

  it('prints what prettier prints for every statement it does not decline', { timeout: 600_000 }, async () => {
    let printed = 0;
    let declined = 0;
    const reasons = new Map<string, number>();
    await assertSeeded(
      fc.asyncProperty(declaration, async (statement) => {
        let ours: string;
        try {
          ours = printer.statement(statement);
        } catch (error) {
          if (!(error instanceof printer.NotPrinted)) throw error;
          declined++;
          reasons.set(error.message, (reasons.get(error.message) ?? 0) + 1);
          return;
        }
        printed++;
        expect(ours + '\n').toBe(await format(printer.plain(statement)));
      }),
      { numRuns: RUNS_PER_SEED, seed: SEEDS },
    );
    // What the printer declines is left to prettier (the output is prettier's either way). Random trees are
    // far stranger than generated code (where the client, query, msw and server modules decline nothing).
    expect(printed, JSON.stringify([...reasons])).toBeGreaterThan(declined * 2);
  });
});
