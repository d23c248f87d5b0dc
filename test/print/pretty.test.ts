/**
 * The printer that prints declarations as prettier would (codegen/pretty/), against prettier itself:
 * each shape is printed, and prettier must leave the text exactly as it is. Shapes straddle the print width
 * (120) so both the one-line and the broken layouts are exercised, and each case also asserts the printer
 * handled it rather than leaving the statement to prettier.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import * as n from '../../generator/src/codegen/ts-nodes.ts';
import { NotPrinted } from '../../generator/src/codegen/pretty-doc.ts';
import { jsonParseConstant } from '../../generator/src/codegen/json-constant.ts';
import { plainStatement } from '../../generator/src/codegen/pretty/flat.ts';
import { prettyStatement } from '../../generator/src/codegen/pretty/index.ts';
import { printer } from '../../generator/src/codegen/printer.ts';
import { printFormattedModule } from '../../generator/src/codegen/ts-print.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { assertSeeded } from '../helpers/print-seed.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });

async function expectClean(statement: n.Statement): Promise<string> {
  const text = prettyStatement(statement) + '\n';
  expect(await format(text)).toBe(text);
  return text;
}

const ref = (name: string) => n.typeRef(name);
const lits = (count: number, prefix = 'value') => Array.from({ length: count }, (_, i) => n.literalType(`${prefix}-${i}`));
const props = (count: number, type: n.TypeNode = n.keywordType('string')) => Array.from({ length: count }, (_, i) => n.propertySignature(`member${i}`, type, { optional: i % 2 === 1 }));

describe('the one printer (codegen/pretty) prints what prettier prints', () => {
  it('type aliases: unions on one line, broken after `=` with leading bars, hugged `{…} | null`', async () => {
    expect(await expectClean(n.typeAlias('Short', n.unionType(lits(3))))).toBe(`export type Short = 'value-0' | 'value-1' | 'value-2';\n`);
    const long = await expectClean(n.typeAlias('Long', n.unionType(lits(12)), ['A long union.']));
    expect(long).toMatch(/^\/\*\* A long union\. \*\/\nexport type Long =\n {2}\| 'value-0'\n/);
    await expectClean(n.typeAlias('Hug', n.unionType([n.typeLiteral(props(3)), n.keywordType('null')])));
    await expectClean(n.typeAlias('RefOrNull', n.unionType([ref('Something'), n.keywordType('null')])));
    await expectClean(n.typeAlias('Objects', n.unionType([n.typeLiteral(props(2)), n.typeLiteral(props(3)), ref('Other')])));
    await expectClean(n.typeAlias('Plain', n.typeRef('Record', [n.keywordType('string'), n.keywordType('never')])));
    await expectClean(n.typeAlias('VeryLongNameThatFillsMostOfTheLineBeforeTheEqualsSignSoThatTheRightSideCannotFitAfterItAtAll', n.literalType('a string that does not fit')));
  });

  it('members: unions and long types inside objects, quoted and numeric keys, docs, readonly, index signatures', async () => {
    const members = [
      n.propertySignature('status', n.unionType(lits(14, 's')), { doc: ['First line.', 'Second line, with `code`.'] }),
      n.propertySignature('post.fields', n.arrayType(n.unionType(lits(15, 'field'))), { optional: true }),
      n.propertySignature('200', n.typeLiteral(props(2), { singleLine: true }), { readonly: true }),
      n.propertySignature('it\'s "quoted"', n.literalType("it's")),
      n.propertySignature('nested', n.typeLiteral(props(12), { singleLine: true })),
      n.indexSignature(n.unionType([n.keywordType('string'), n.keywordType('number')])),
    ];
    await expectClean(n.interfaceDeclaration('Members', members, ['An interface.']));
    await expectClean(n.typeAlias('Literal', n.typeLiteral(members)));
    await expectClean(n.interfaceDeclaration('Empty', []));
    await expectClean(n.typeAlias('EmptyObject', n.typeLiteral([])));
  });

  it('type arguments, intersections, tuples, functions, indexed access, template literals', async () => {
    await expectClean(n.typeAlias('Args', n.typeRef('Exclude', [n.unionType(lits(10)), n.unionType(lits(10, 'other'))])));
    await expectClean(n.typeAlias('OneArg', n.typeRef('Promise', [n.unionType(lits(16))])));
    await expectClean(n.typeAlias('Both', n.intersectionType([ref('A'), n.typeLiteral(props(3)), ref('B')])));
    await expectClean(n.typeAlias('Refs', n.intersectionType(Array.from({ length: 9 }, (_, i) => ref(`SomeRatherLongTypeName${i}`)))));
    await expectClean(n.typeAlias('WithUnion', n.intersectionType([ref('A'), n.unionType([ref('B'), ref('C')])])));
    await expectClean(n.typeAlias('Tuple', n.readonlyType(n.tupleType([{ type: n.keywordType('string') }, { type: n.keywordType('number'), optional: true }], n.keywordType('boolean')))));
    await expectClean(n.typeAlias('Handler', n.functionType([{ name: 'context', type: ref('Context') }], n.unionType([ref('Result'), n.typeRef('Promise', [ref('Result')])]))));
    // Too wide: prettier breaks the parameter list before the return type (the server's handler types).
    const wide = await expectClean(n.typeAlias('GetUserBookmarksHandler', n.functionType([{ name: 'context', type: ref('GetUserBookmarksContext') }], n.unionType([ref('GetUserBookmarksResult'), n.typeRef('Promise', [ref('GetUserBookmarksResult')])]))));
    expect(wide).toContain('(\n  context: GetUserBookmarksContext,\n) => ');
    await expectClean(n.typeAlias('ReturnsObject', n.functionType([{ name: 'context', type: ref('SomeVeryLongContextTypeNameThatTakesUpSpace') }], n.typeLiteral(props(6)))));
    await expectClean(n.typeAlias('TakesObject', n.functionType([{ name: 'options', type: n.typeLiteral(props(8), { singleLine: true }) }], n.keywordType('undefined'))));
    // Optional parameters (the Standard Schema adapters' validator types), on one line and broken one a line.
    const optionals = (width: number) => n.functionType([{ name: 'status', type: n.unionType([n.keywordType('number'), n.keywordType('string')]) }, { name: 'mediaType', type: n.keywordType('string'), optional: true }, { name: 'options', type: ref(`ValidateOptions${'X'.repeat(width)}`), optional: true }], n.typeRef('ValidationResult', [ref('T')]));
    expect(await expectClean(n.typeAlias('Short', optionals(0)))).toContain('(status: number | string, mediaType?: string, options?: ValidateOptions) => ');
    expect(await expectClean(n.typeAlias('Wide', optionals(60)))).toContain('\n  mediaType?: string,\n');
    await expectClean(n.typeAlias('Access', n.indexedAccessType(n.indexedAccessType(n.qualifiedTypeRef('T', 'Responses'), n.literalType('200')), n.literalType('application/json'))));
    await expectClean(n.typeAlias('Template', n.templateLiteralType([{ type: n.keywordType('string') }, { text: '/2/problems/`x`' }])));
    await expectClean(n.typeAlias('Numbers', n.unionType([n.literalType(-1), n.literalType(0.5), n.literalType(1e21), n.literalType(true), n.keywordType('null')])));
  });

  it('constants: objects, arrays (numbers filled), strings, `as const satisfies`', async () => {
    const value = { name: 'limit-name', value: 100, min: -1, big: 1e21, flags: [true, false], numbers: Array.from({ length: 60 }, (_, i) => i * 7), nested: { a: null, 'b-c': "it's" }, list: [{ a: 1, b: 2 }, { a: 3, b: 4 }] };
    await expectClean(n.constDeclaration('LIMIT', n.satisfies(n.asConst(n.literalExpression(value)), ref('Limit')), ['A limit.']));
    await expectClean(n.constDeclaration('SHORT', n.asConst(n.literalExpression({ title: 'x' }))));
    await expectClean(n.constDeclaration('PROTO', n.literalExpression({ __proto__: 1, key: 'a long string value that will need to go on a line of its own when it is too long'.repeat(2) })));
    // The client's operation specs: arrays of objects, always broken, as properties (broken-objects.ts `brokenArrayProperty`), an item too wide among them.
    const params = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `parameter_${i}`, in: i % 2 ? 'query' : 'path' }));
    await expectClean(n.constDeclaration('spec', n.literalExpression({ method: 'GET', path: '/repos/{owner}/{repo}', params: params(5), 'odd-key': [[1, 2], ['a', 'b']] }), [], { type: ref('OperationSpec') }));
    await expectClean(n.constDeclaration('wide', n.literalExpression({ params: [...params(2), { name: 'x'.repeat(120), in: 'query' }] })));
  });

  it('type aliases of object types built broken: `= {` on the line, the members one a line', async () => {
    const members = [n.propertySignature('id', n.keywordType('number'), { doc: ['The id.'] }), n.propertySignature('labels', n.arrayType(n.typeLiteral(props(3))), { optional: true }), ...props(4, n.unionType(lits(12)))];
    await expectClean(n.typeAlias('IssueType', n.typeLiteral(members), ['An issue type.']));
    await expectClean(n.typeAlias(`Issue${'Type'.repeat(30)}`, n.typeLiteral(members)));
  });

  it('type aliases of function types (the server handlers): on the line, else the parameters one a line', async () => {
    const handler = (name: string) => n.typeAlias(`${name}Handler`, n.functionType([{ name: 'context', type: ref(`${name}Context`) }], n.unionType([ref(`${name}Result`), n.typeRef('Promise', [ref(`${name}Result`)])])), ['A handler.']);
    await expectClean(handler('MetaRoot'));
    await expectClean(handler('AgentsSetSelectedReposForOrgVariable'));
    await expectClean(n.typeAlias('H', n.functionType([{ name: 'context', type: ref('C'.repeat(60)) }, { name: 'other', type: ref('D'.repeat(60)), optional: true }], n.keywordType('void'))));
    // Left to the documents: a return type that breaks in turn, a head too wide.
    await expectClean(n.typeAlias('H', n.functionType([{ name: 'context', type: ref('C') }], n.unionType([ref('R'.repeat(60)), n.typeRef('Promise', [ref('R'.repeat(60))])]))));
    await expectClean(n.typeAlias(`${'A'.repeat(100)}Handler`, n.functionType([{ name: 'context', type: ref('ShortContext') }], ref('Result'))));
  });

  it('a long curried call in a chain breaks its longer argument list first (prettier isLongCurriedCallChain; found by node-trees.test.ts)', async () => {
    for (const length of [10, 20, 40]) {
      const a = n.valueRef('a'.repeat(length));
      const type = n.typeRef('A', [n.indexedAccessType(n.keywordType('string'), n.typeLiteral([n.propertySignature('aAAA', n.keywordType('string'), { optional: true })], { singleLine: true }))]);
      const curried = n.callExpression(n.callExpression(a, [a, a]), [n.assignment(n.valueRef('x'), '=', a)]);
      const call = n.callExpression(n.elementAccess(curried, n.valueRef('k')), [n.asType(a, n.unionType([n.literalType(0), n.typeLiteral([n.propertySignature('b', n.keywordType('string'))], { singleLine: true })]))]);
      const text = await expectClean(n.constDeclaration('a', n.elementAccess(call, n.literalExpression('')), [], { type, exported: true }));
      if (length < 40) expect(text).toMatch(/= a+\(\n/);
    }
  });

  it("a dynamic import's module name stays on its line; the statement breaks elsewhere (prettier's module-name call; found by node-trees.test.ts, seed 11)", async () => {
    for (const length of [60, 90, 110]) {
      const type = n.unionType([n.typeLiteral([n.propertySignature('a', n.keywordType('string')), n.propertySignature('b'.repeat(30), n.typeRef('B', [n.keywordType('string')]), { optional: true })], { singleLine: true }), n.literalType(100)]);
      const value = n.asType(n.asType(n.propertyAccess(n.dynamicImport('m'.repeat(length - 59)), 'a'), n.keywordType('string')), n.keywordType('string'));
      const text = await expectClean(n.constDeclaration('a'.repeat(11), value, [], { type, exported: true }));
      expect(text).toContain(`import('${'m'.repeat(length - 59)}')`);
    }
  });

  it("a type parameter's empty object default (`Fs extends F = {}`) is printed by the printer, on one line or broken (createCore's signature)", async () => {
    for (const length of [10, 40, 70]) {
      const typeParameters = [
        { name: 'O', constraint: n.typeRef('CoreOptions', [n.typeRef('Fs')]) },
        { name: 'Fs', constraint: n.typeRef('CoreFeatures'), default: n.typeLiteral([]) },
      ];
      const parameters = [{ name: 'options', type: n.typeRef('O') }, { name: 'features', type: n.typeRef('Fs'), optional: true }];
      const returns = n.typeRef('ClientCore', [n.typeRef('Throws', [n.typeRef('O'), n.literalType(true)]), n.typeRef('Fs')]);
      const body = [n.returnStatement(n.callExpression(n.valueRef('createRuntime'), [n.valueRef('options'), n.valueRef('features')]))];
      const text = await expectClean(n.functionDeclaration('c'.repeat(length), { typeParameters, parameters, returns }, body));
      expect(text).toContain('Fs extends CoreFeatures = {}');
    }
  });

  it('a destructuring of three or more elements, one renamed, breaks its pattern before its `=` (prettier\'s isComplexDestructuringTarget; found by node-trees.test.ts, seeds 7, 42, 99)', async () => {
    for (const length of [5, 40, 80]) {
      const destructure = [{ property: 'a0 a-', name: 'renamed' }, 'plain'.repeat(6), { property: 'key', name: 'value'.repeat(4) }, 'last'];
      const text = await expectClean(n.variable('const', { destructure }, n.valueRef('v'.repeat(length)), { exported: true }));
      if (text.length > 120) expect(text).toMatch(/^export const \{\n/);
    }
    // Two elements, or none renamed: the pattern stays on its line and the value moves (prettier's fluid layout).
    await expectClean(n.variable('const', { destructure: [{ property: 'key', name: 'value'.repeat(12) }, 'plain'.repeat(12)] }, n.valueRef('v'.repeat(30)), { exported: true }));
    await expectClean(n.variable('const', { destructure: ['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(30)] }, n.valueRef('v'.repeat(30)), { exported: true }));
  });

  it('a function type whose only parameter is an object type breaks that object before its return type (prettier hugs the parameter; found by node-trees.test.ts, seed 2)', async () => {
    const object = n.typeLiteral([n.propertySignature('a', n.keywordType('string'))], { singleLine: true });
    const wide = n.typeLiteral([n.propertySignature('a', n.keywordType('string')), n.propertySignature('aA00a0aAA00', n.keywordType('string')), n.propertySignature('b', n.keywordType('boolean'))], { singleLine: true });
    for (const extra of [0, 2, 8]) {
      const members = [object, n.keywordType('string'), wide, n.arrayType(n.keywordType('string')), ...Array.from({ length: extra }, (_, i) => n.literalType(`member-${i}`))];
      const text = await expectClean(n.typeAlias('A', n.functionType([{ name: 'a', type: object }], n.unionType(members))));
      if (text.length > 121) expect(text).toMatch(/^export type A = \(a: \{\n {2}a: string;\n\}\) =>/);
    }
  });

  it("a declarator's value `f(args).name` breaks its arguments before its `.name` (prettier's printMemberExpression: a call with arguments keeps the member under a declarator or assignment; found by node-trees.test.ts, seed 3008)", async () => {
    const v = n.valueRef;
    const access = (width: number) => n.propertyAccess(n.callExpression(v('f'), [v('a'.repeat(width)), n.asType(v('b'.repeat(22)), n.keywordType('string')), v('c')]), 'name'.repeat(4));
    for (const width of [20, 60, 66, 70, 100]) {
      const text = await expectClean(n.variable('const', 'value'.repeat(4), access(width)));
      if (text.length > 121) expect(text).toMatch(/\n\)\.namenamenamename;\n$/);
      await expectClean(n.variable('const', 'value'.repeat(4), n.nonNull(access(width))));
      await expectClean(n.expressionStatement(n.callExpression(v('g'), [n.assignment(v('r'), '??=', access(width))])));
      // Elsewhere (a property's value, a statement) the `.name` breaks first, as before.
      await expectClean(n.variable('const', 'x', n.objectLiteral([n.property('key', access(width))], { multiLine: true })));
      await expectClean(n.expressionStatement(access(width + 20)));
    }
  });

  it('a member of a call of a member chain prints that chain as prettier does, and a full chain keeps its member in a declarator (found with the case above)', async () => {
    const v = n.valueRef;
    for (const width of [20, 70, 76, 80, 110]) {
      const chain = n.callExpression(n.propertyAccess(n.callExpression(n.propertyAccess(v('client'), 'get'), [v('a'.repeat(width))]), 'then'), [v('b'.repeat(10))]);
      const text = await expectClean(n.variable('const', 'x', n.propertyAccess(chain, 'name'.repeat(4))));
      if (text.length > 121) expect(text).toMatch(/^const x = client\n {2}\.get\(/);
      await expectClean(n.variable('const', 'x', n.propertyAccess(n.propertyAccess(chain, 'name'.repeat(4)), 'other')));
      await expectClean(n.expressionStatement(n.callExpression(v('g'), [n.propertyAccess(chain, 'name'.repeat(4))])));
      await expectClean(n.variable('const', 'x', n.propertyAccess(n.callExpression(n.propertyAccess(n.callExpression(n.propertyAccess(v('Object'), 'keys'), [v('a'.repeat(width))]), 'map'), [v('f')]), 'length')));
    }
  });

  it("an arrow body whose leftmost operand is an object inside the builder's brackets is left to prettier, which brackets the object itself (`(({}) satisfies T) ?? a`; found by node-trees.test.ts, seed 3017)", async () => {
    const v = n.valueRef;
    for (const width of [1, 60, 110]) {
      const casted = n.satisfies(n.objectLiteral([]), n.keywordType('string'));
      for (const body of [n.binary(casted, '??', v('a'.repeat(width))), n.binary(n.binary(n.asType(n.objectLiteral([n.property('key', v('value'))]), n.typeRef('T')), '||', v('b')), '&&', v('c'.repeat(width)))]) {
        const statement = n.variable('const', 'a', n.arrowFunction([], body));
        expect(() => prettyStatement(statement)).toThrow(NotPrinted);
        expect(await format(printer.plain(statement))).toMatch(/=>\s+\(+\{/);
      }
    }
    // Not at the start, the object needs no bracket of its own: printed.
    await expectClean(n.variable('const', 'a', n.arrowFunction([], n.binary(v('a'), '??', n.satisfies(n.objectLiteral([]), n.keywordType('string'))))));
  });

  it("an argument `new G(() => {})` does not break its call's arguments, a call `g(() => {})` or `g(() => {})!` does (prettier's isFunctionCompositionArgs counts calls only; found by node-trees.test.ts, seed 3032)", async () => {
    const v = n.valueRef;
    const arrow = n.arrowFunction([], []);
    for (const width of [1, 40, 90]) {
      const text = await expectClean(n.variable('const', 'x', n.callExpression(v('f'), [n.newExpression(v('G'), [arrow]), v('a'.repeat(width))])));
      if (text.length <= 121) expect(text).not.toContain('\n  ');
      await expectClean(n.variable('const', 'x', n.elementAccess(v('a'), n.callExpression(v('f'), [v('a'.repeat(width)), n.newExpression(v('G'), [arrow])]))));
      expect(await expectClean(n.expressionStatement(n.callExpression(v('f'), [n.callExpression(v('g'), [arrow]), v('a'.repeat(width))])))).toMatch(/^f\(\n {2}g\(/);
      expect(await expectClean(n.expressionStatement(n.callExpression(v('f'), [n.nonNull(n.callExpression(v('g'), [arrow])), v('a'.repeat(width))])))).toMatch(/^f\(\n {2}g\(/);
    }
  });

  it("a declarator's value `import(m).name` breaks before its `.name`, not after its `=` (an import is no call to prettier; found by node-trees.test.ts, seed 3043)", async () => {
    const annotation = n.typeLiteral([n.propertySignature('a'.repeat(30), n.keywordType('string')), n.propertySignature('b'.repeat(20), n.keywordType('string'), { optional: true })], { singleLine: true });
    let brokenBeforeName = 0;
    for (let width = 1; width < 40; width += 2) {
      const text = await expectClean(n.variable('const', 'x'.repeat(width), n.propertyAccess(n.dynamicImport('/--'), 'name'.repeat(3)), { type: annotation }));
      if (/= import\('\/--'\)\n {2}\.namenamename;\n$/.test(text)) brokenBeforeName++;
    }
    expect(brokenBeforeName).toBeGreaterThan(0);
  });

  it("a curried call `f(a, b)(c)` as a member's object is a group: its first arguments break only when it does (prettier's printCallExpression; found by node-trees.test.ts, seed 3036)", async () => {
    const v = n.valueRef;
    for (const width of [1, 50, 100]) {
      const curried = n.callExpression(n.callExpression(v('f'), [v('a'), v('b'.repeat(width))]), [v('c')]);
      const text = await expectClean(n.returnStatement(n.elementAccess(curried, n.literalExpression(''))));
      if (text.length <= 121) expect(text.trimEnd()).not.toContain('\n');
      await expectClean(n.variable('const', 'x', n.propertyAccess(curried, 'name')));
    }
  });

  it("a call whose lone argument is `typeof name` or a short name's call without arguments is poorly breakable: it moves below the `=` (prettier's isLoneShortArgument; found by node-trees.test.ts, seed 3045)", async () => {
    const v = n.valueRef;
    let below = 0;
    for (let width = 1; width < 100; width += 4) {
      for (const argument of [n.typeofExpression(v('a'.repeat(20))), n.callExpression(v('g'.repeat(28)), []), n.callExpression(v('g'.repeat(29)), [])]) {
        const text = await expectClean(n.variable('const', 'x'.repeat(width), n.callExpression(v('f'.repeat(30)), [argument])));
        if (/ =\n {2}f+\(/.test(text)) below++;
      }
      await expectClean(n.variable('const', 'x'.repeat(width), n.pure(n.callExpression(v('f'.repeat(30)), [n.typeofExpression(v('a'.repeat(20)))])), { type: n.unionType([n.keywordType('undefined'), n.arrayType(n.keywordType('unknown'))]) }));
      // With a comment the argument is not short (seed 3061).
      await expectClean(n.variable('const', 'x'.repeat(width), n.elementAccess(n.callExpression(v('f'), [n.pure(n.callExpression(v('g'.repeat(11)), []))]), v('k'.repeat(11)))));
    }
    expect(below).toBeGreaterThan(0);
  });

  it("a type parameter's default or constraint too wide for its line moves below its `=` or `extends`, indented (prettier's printTypeParameter; found by node-trees.test.ts, seed 3119)", async () => {
    let below = 0;
    for (const width of [40, 90, 100, 116, 130]) {
      const wide = n.literalType('x'.repeat(width));
      const declaration = n.functionDeclaration('f', { typeParameters: [{ name: 'A', constraint: n.keywordType('string'), default: wide }], parameters: [], returns: n.keywordType('void') }, undefined);
      const text = await expectClean(declaration);
      if (/ =\n {4}'x+',\n/.test(text)) below++;
      await expectClean(n.functionDeclaration('f', { typeParameters: [{ name: 'A', constraint: wide }], parameters: [], returns: n.keywordType('void') }, undefined));
    }
    expect(below).toBeGreaterThan(0);
  });

  it('imports and re-exports', async () => {
    await expectClean(n.importTypes(['A', 'B'], './schemas.js'));
    await expectClean(n.importTypes(Array.from({ length: 30 }, (_, i) => `SchemaName${i}`), './schemas.js'));
    await expectClean(n.importTypes(['Single'], './schemas.js'));
    await expectClean(n.importTypes([`Single${'VeryLong'.repeat(16)}`], './schemas.js'));
    await expectClean(n.importTypes(Array.from({ length: 400 }, (_, i) => `OperationType${i}`), '../types/operations.js'));
    await expectClean(n.importDeclaration({ names: ['serve', 'createServer'], typeNames: Array.from({ length: 12 }, (_, i) => `Principal${i}`) }, "./it's \"quoted\".js"));
    await expectClean(n.importDeclaration({ default: 'express', names: Array.from({ length: 12 }, (_, i) => `middleware${i}`) }, 'express'));
    // Named imports settled as text (pretty-doc.ts `namedListText`), across the print width, module names with quotes.
    await assertSeeded(
      fc.asyncProperty(fc.uniqueArray(fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,30}$/), { minLength: 1, maxLength: 8 }), fc.stringMatching(/^[a-z./'"-]{1,40}$/), fc.boolean(), async (names, from, typeOnly) => {
        await expectClean(typeOnly ? n.importTypes(names, from) : n.importDeclaration({ names }, from));
      }),
      { numRuns: 150, seed: 25 },
    );
    await expectClean(n.importNamespaceType('T', '@scope/types'));
    await expectClean(n.exportAll('./schemas.js'));
  });

  it('leaves what it does not reproduce to prettier, and the module says which ranges those are', async () => {
    // Control characters are printed with the compiler's escapes, which prettier keeps.
    await expectClean(n.typeAlias('Bell', n.unionType([n.literalType('bell\u0007'), n.literalType('\u0000'), n.literalType('\u00001'), n.literalType('\v\u0085\u001f'), n.literalType('lone \ud800 caf\u00e9')])));
    // A non-ASCII key: prettier unquotes it when it is an ES5 identifier name; not reproduced.
    const odd = n.typeAlias('Odd', n.typeLiteral([n.propertySignature('caf\u00e9', ref('A'))]));
    expect(() => prettyStatement(odd)).toThrow(NotPrinted);
    const printed = printFormattedModule(['Header.'], [n.typeAlias('Fine', ref('A')), odd, n.typeAlias('AlsoFine', ref('B'))]);
    expect(printed.unformatted).toHaveLength(1);
    const [start, end] = printed.unformatted[0];
    expect(printed.text.slice(start, end)).toMatch(/^export type Odd = /);
    // Formatting that range alone and putting it back (what the write stage does) gives prettier's file.
    const patched = printed.text.slice(0, start) + (await format(printed.text.slice(start, end))).trimEnd() + printed.text.slice(end);
    expect(patched).toBe(await format(printed.text));
  });
});

describe('plain statements settled as text before any document is built (pretty/flat.ts)', () => {
  const C = (name: string) => n.propertyAccess(n.valueRef('C'), name);
  const made = (name: string, factory: string, arg: n.Expression, typeArg?: n.TypeNode) =>
    n.constDeclaration(name, n.pure(n.callExpression(n.valueRef(factory), [arg], typeArg && [typeArg])));
  const rows = (count: number) => n.arrayLiteral(Array.from({ length: count }, (_, i) => n.arrayLiteral([n.jsonString(`${200 + i}`), C(`_eSomeOperationStatus${200 + i}`)])));
  const operation = (name: string, rowCount: number, params: number) =>
    n.variable('const', '_v1', n.pure(n.callExpression(n.valueRef('_operation'), [n.jsonString('/paths/~1repos~1{owner}~1{repo}/get'), n.arrayLiteral(Array.from({ length: params }, (_, i) => C(`_eReposGetPathParams${i}`))), rows(rowCount)], [n.literalType(name)])));
  // `_make(() => _validator<T.X>(C._eX))` and `_schema(() => S.validateX)`: the validators' exports (why an arrow: docs/directory-sweep.md "Type-check cost").
  const getter = (name: string, factory: string, body: n.Expression) => n.constDeclaration(name, n.pure(n.callExpression(n.valueRef(factory), [n.arrowFunction([], body)])));
  const factoryCall = (name: string) => n.callExpression(n.valueRef('_validator'), [C(`_e${name}`)], [n.qualifiedTypeRef('T', name)]);
  // Each taken shape: settled here (plainStatement answers) and what prettier prints; each declined one: the documents' answer, also prettier's.
  const taken: Record<string, n.Statement> = {
    'a declaration of a call on its line': made('isRoot', '_guard', C('_vRoot'), n.qualifiedTypeRef('T', 'Root')),
    'a call too wide: its argument on a line of its own': made('validateSecurityAdvisoryEcosystems', '_validator', C('_eSecurityAdvisoryEcosystemsWithAVeryLongName'), n.qualifiedTypeRef('T', 'SecurityAdvisoryEcosystems')),
    'an operation with one response row on its line': operation('metaRoot', 1, 0),
    'an operation with several rows: always broken, the rows one a line': operation('reposGet', 3, 1),
    'an array argument too wide: one item a line': operation('reposGet', 1, 6),
    'an arrow returning a call, on its line': getter('validatePost', '_make', factoryCall('Post')),
    'an arrow returning a call, too wide: hugged, broken after `=>`': getter('validateContextAnnotationDomainFields', '_make', factoryCall('ContextAnnotationDomainFields')),
    'an arrow returning a member, on its line': getter('PostSchema', '_schema', n.propertyAccess(n.valueRef('S'), 'validatePost')),
    'an arrow returning a member, too wide: the arrow on a line of its own': getter('ActionsCacheRetentionLimitForEnterpriseSchema', '_schema', n.propertyAccess(n.valueRef('S'), 'validateActionsCacheRetentionLimitForEnterprise')),
    'objects and arrays on the line': n.variable('const', 'x', n.callExpression(n.valueRef('f'), [n.objectLiteral([n.property('a', n.literalExpression(1))]), n.arrayLiteral([n.literalExpression('s')]), C('y')])),
    // The server's route table and mock data: a member called with one string wider than any line, which overflows on its own line.
    'a JSON.parse table: the string overflowing on its own line': jsonParseConstant('API', 'ApiTable', { routes: Array.from({ length: 40 }, (_, i) => ({ path: `/items/{id}/parts/${i}`, method: "get'\"" })) }, ['The route table.']),
    'a member called with a wide string and a name': n.constDeclaration('x', n.callExpression(n.propertyAccess(n.valueRef('Table'), 'from'), [n.literalExpression('word '.repeat(30)), n.valueRef('options')])),
  };
  const declined: Record<string, n.Statement> = {
    'a lone short argument (the call moves below the `=`)': n.variable('const', 'aVeryLongNameForAValueThatIsSetFromACallOfSomething'.repeat(2), n.callExpression(n.valueRef('someFunction'), [n.valueRef('shortName')])),
    'a last object argument (hugged)': n.variable('const', 'x', n.callExpression(n.valueRef('f'), [C('a'), n.objectLiteral(Array.from({ length: 8 }, (_, i) => n.property(`property${i}`, n.jsonString(`value number ${i}`))))])),
    'an object built broken': n.variable('const', 'x', n.objectLiteral([n.property('a', n.literalExpression(1))], { multiLine: true })),
    'an operator': n.variable('const', 'x', n.binary(n.valueRef('a'), '+', n.valueRef('b'))),
    'an arrow returning a call whose head does not fit (prettier breaks the arguments)': getter(`validate${'X'.repeat(80)}`, '_make', factoryCall('Post')),
    'an arrow returning a call too wide for its own line (prettier breaks the call too)': getter('validatePost', '_make', factoryCall('Y'.repeat(100))),
    'an arrow with a parameter': n.constDeclaration('x', n.callExpression(n.valueRef('f'), [n.arrowFunction([{ name: 'a' }], n.valueRef('a'))])),
    'a member called with a lone short string (the call moves below the `=`)': n.constDeclaration('aVeryLongNameForAValueThatIsParsedFromItsJsonTextByTheCallOfJsonParseWhichIsTooWide', n.callExpression(n.propertyAccess(n.valueRef('JSON'), 'parse'), [n.literalExpression('{"a":1}')])),
    'a member of a member called (a member chain)': n.constDeclaration('x', n.callExpression(n.propertyAccess(n.propertyAccess(n.valueRef('a'), 'b'), 'parse'), [n.literalExpression('word '.repeat(30))])),
  };
  for (const [name, statement] of Object.entries(taken)) {
    it(`${name}: settled here`, async () => {
      // Its leading comments (a doc) are printed before it, as text: they settle nothing after them.
      const own = plainStatement(statement, 0, true);
      expect(own).toBeDefined();
      const text = prettyStatement(statement);
      expect(text.endsWith(own!)).toBe(true);
      expect(await format(text + '\n')).toBe(text + '\n');
    });
  }
  for (const [name, statement] of Object.entries(declined)) {
    it(`${name}: left to the documents`, async () => {
      expect(plainStatement(statement)).toBeUndefined();
      await expectClean(statement);
    });
  }
});
