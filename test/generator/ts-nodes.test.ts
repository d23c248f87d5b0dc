/**
 * The TypeScript node builder (generator/src/codegen/ts-nodes.ts): spec strings go into compiler nodes only
 * through constructors for their context, and what the compiler's printer makes of them parses back (with
 * an independent TypeScript, the workspace's own `typescript` package) to exactly the string given.
 */
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  arrayType, asConst, callExpression, functionDeclaration, methodSignature, propertyAccess, returnStatement, valueRef, functionType, importNamespaceType, indexedAccessType, qualifiedTypeRef, constDeclaration, importTypes, interfaceDeclaration, intersectionType, keywordType, literalExpression, literalType,
  propertySignature, readonlyType, templateLiteralType, tupleType, typeAlias, typeDeclaration, typeLiteral, typeRef,
  unionType, type TypeNode,
} from '../../generator/src/codegen/ts-nodes.ts';
import { printModule, printNode } from '../../generator/src/codegen/ts-print.ts';

const HOSTILE = [
  `it's "quoted"`, '`backtick`', '*/ alert(1) /*', '${globalThis.x = 1}', '__proto__', 'constructor', 'line\u2028separator\u2029',
  'new\nline\r\n', '\\', '\0', 'class', 'naïve', '😀', '\ud800 lone', 'lone \udfff', '</script>', '\u0085', '',
];

/** No lone surrogates (String.prototype.isWellFormed, which the ES2022 lib does not declare). */
const isWellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

function parse(text: string): ts.SourceFile {
  return ts.createSourceFile('t.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
}

function syntaxErrors(text: string): string[] {
  const result = ts.transpileModule(text, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  return (result.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** The one type alias of a printed `export type T = ...;`, parsed back. */
function aliasType(type: TypeNode): ts.TypeNode {
  const text = printNode(typeAlias('T', type));
  const file = parse(text);
  expect(file.statements, text).toHaveLength(1);
  const statement = file.statements[0];
  if (!ts.isTypeAliasDeclaration(statement)) throw new Error(`not a type alias: ${text}`);
  return statement.type;
}

const printed = (type: TypeNode) => printNode(typeAlias('T', type)).replace(/^export type T = |;$/g, '');

describe('literal types', () => {
  it.each(HOSTILE)('%j prints as a literal type holding exactly that string', (value) => {
    const text = printNode(typeAlias('T', literalType(value)));
    expect(syntaxErrors(text)).toEqual([]);
    expect(isWellFormed(text)).toBe(true);
    expect(/[\u2028\u2029]/.test(text)).toBe(false);
    const node = aliasType(literalType(value));
    expect(ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) && node.literal.text).toBe(value);
  });

  it('keeps readable non-ASCII text unescaped, and escapes all of it only beside a lone surrogate', () => {
    expect(printed(literalType('naïve 😀'))).toBe('"naïve 😀"');
    expect(printed(literalType('naïve \ud800'))).toBe('"na\\u00EFve \\uD800"');
  });

  it('numbers, negative numbers, booleans and null', () => {
    expect(printed(unionType([literalType(1), literalType(-1.5), literalType(1e21), literalType(true), literalType(null)]))).toBe('1 | -1.5 | 1e+21 | true | null');
    expect(() => literalType(Infinity)).toThrow(/no literal type/);
  });

  it('any string round-trips (property-based)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const node = aliasType(literalType(value));
        expect(ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) && node.literal.text).toBe(value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('property names', () => {
  it.each<[string, string]>([
    ['id', 'id'],
    ['default', 'default'],
    ['$ref', '$ref'],
    ['200', '200'],
    ['0200', '"0200"'],
    ['a-b', '"a-b"'],
    ['naïve', '"naïve"'],
    ['__proto__', '__proto__'],
    ["ki'nd", `"ki'nd"`],
    ['*/', '"*/"'],
  ])('%j is written as %s and names exactly that property', (name, want) => {
    const type = typeLiteral([propertySignature(name, keywordType('string'))]);
    const text = printed(type);
    expect(text).toContain(`${want}: string;`);
    const back = aliasType(type);
    if (!ts.isTypeLiteralNode(back)) throw new Error(text);
    const member = back.members[0];
    expect(member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) || ts.isNumericLiteral(member.name)) && member.name.text).toBe(name);
  });

  it('any name round-trips (property-based)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const back = aliasType(typeLiteral([propertySignature(name, keywordType('number'), { optional: true })]));
        if (!ts.isTypeLiteralNode(back)) throw new Error('not a type literal');
        const member = back.members[0] as ts.PropertySignature;
        expect((member.name as ts.StringLiteral).text).toBe(name);
        expect(member.questionToken).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe('names of declared and referenced types are checked, never repaired', () => {
  it.each(['a b', 'x;y', 'class', 'string', 'naïve', '1a', '', 'a/*', 'T = 1; alert(1)'])('%j is refused', (name) => {
    expect(() => typeRef(name)).toThrow(/not a safe identifier/);
    expect(() => typeAlias(name, keywordType('string'))).toThrow(/not a safe identifier/);
    expect(() => interfaceDeclaration(name, [])).toThrow(/not a safe identifier/);
    expect(() => constDeclaration(name, literalExpression(1))).toThrow(/not a safe identifier/);
    expect(() => importTypes([name], './x.js')).toThrow(/not a safe identifier/);
  });
});

describe('JSDoc', () => {
  it.each(HOSTILE)('%j stays inside one closed comment before the declaration', (text) => {
    const source = printNode(typeAlias('T', keywordType('string'), [text, 'second line']));
    expect(syntaxErrors(source)).toEqual([]);
    expect(isWellFormed(source)).toBe(true);
    expect(/[\u2028\u2029]/.test(source)).toBe(false);
    const file = parse(source);
    expect(file.statements).toHaveLength(1);
    const ranges = ts.getLeadingCommentRanges(source, 0) ?? [];
    expect(ranges).toHaveLength(1);
    expect(source.slice(ranges[0].end)).toBe('\nexport type T = string;');
  });

  it('is indented with the member it documents', () => {
    const type = typeLiteral([propertySignature('a', keywordType('string'), { doc: ['first', 'second'] })]);
    expect(printNode(typeAlias('T', type))).toBe('export type T = {\n    /**\n     * first\n     * second\n     */\n    a: string;\n};');
  });
});

describe('template literal types', () => {
  it('escapes backticks, `${` and backslashes in the literal text', () => {
    expect(printed(templateLiteralType([{ text: 'a`b${c}\\d' }, { type: keywordType('string') }]))).toBe('`a\\`b\\${c}\\\\d${string}`');
  });

  it.each(HOSTILE)('%j on both sides of a placeholder, on one line', (value) => {
    const type = templateLiteralType([{ text: value }, { type: keywordType('string') }, { text: value }]);
    const text = printed(type);
    expect(/[\u2028\u2029\n\r]/.test(text)).toBe(false);
    expect(isWellFormed(text)).toBe(true);
    const back = aliasType(type);
    if (!ts.isTemplateLiteralTypeNode(back)) throw new Error(text);
    expect([back.head.text, back.templateSpans[0].literal.text]).toEqual([value, value]);
  });

  it('the literal text means exactly itself (property-based)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (before, after) => {
        const type = templateLiteralType([{ text: before }, { type: keywordType('string') }, { text: after }]);
        const text = printed(type);
        expect(/[\u2028\u2029\n\r]/.test(text)).toBe(false);
        const back = aliasType(type);
        if (!ts.isTemplateLiteralTypeNode(back)) throw new Error(text);
        expect(back.head.text).toBe(before);
        expect(back.templateSpans[0].literal.text).toBe(after);
      }),
      { numRuns: 300 },
    );
  });

  it('text alone is a no-substitution template', () => {
    const back = aliasType(templateLiteralType([{ text: '`x`' }]));
    expect(ts.isLiteralTypeNode(back) && ts.isNoSubstitutionTemplateLiteral(back.literal) && back.literal.text).toBe('`x`');
  });
});

describe('unions and intersections: the printer parenthesizes', () => {
  const a = typeRef('A');
  const b = typeRef('B');
  const c = typeRef('C');
  it.each<[string, () => TypeNode, string]>([
    ['a union as an array element', () => arrayType(unionType([a, b])), '(A | B)[]'],
    ['an intersection as an array element', () => arrayType(intersectionType([a, b])), '(A & B)[]'],
    ['a union inside an intersection', () => intersectionType([unionType([a, b]), c]), '(A | B) & C'],
    ['an intersection inside a union', () => unionType([intersectionType([a, b]), c]), '(A & B) | C'],
    ['an object literal in a union, on one line', () => unionType([typeLiteral([propertySignature('k', literalType('x'))], { singleLine: true }), c]), '{ k: "x"; } | C'],
    ['the open-enum idiom', () => unionType([literalType('a'), intersectionType([keywordType('string'), typeLiteral([], { singleLine: true })])]), '"a" | (string & {})'],
    ['nested unions flatten', () => unionType([unionType([a, b]), unionType([b, c])]), 'A | B | C'],
    ['nested intersections flatten', () => intersectionType([intersectionType([a, b]), c]), 'A & B & C'],
    ['never drops out of a union, unknown absorbs it', () => unionType([a, keywordType('never'), keywordType('unknown')]), 'unknown'],
    ['unknown drops out of an intersection, never absorbs it', () => intersectionType([a, keywordType('unknown'), keywordType('never')]), 'never'],
    ['nothing left', () => unionType([keywordType('never')]), 'never'],
    ['a readonly tuple of literals', () => readonlyType(tupleType([{ type: literalType(1) }, { type: literalType('x'), optional: true }], keywordType('string'))), 'readonly [1, "x"?, ...string[]]'],
    ['Record', () => typeRef('Record', [keywordType('string'), keywordType('never')]), 'Record<string, never>'],
  ])('%s', (_, build, want) => {
    expect(printed(build())).toBe(want);
  });

  it('duplicates are dropped by structure, including object types and their docs', () => {
    const object = (doc: string) => typeLiteral([propertySignature('a', unionType([literalType(1), literalType(2)]), { doc: [doc] })]);
    expect(printed(unionType([object('x'), c, object('x')])).match(/a: 1 \| 2/g)).toHaveLength(1);
    expect(printed(unionType([object('x'), object('y')])).match(/a: 1 \| 2/g)).toHaveLength(2);
    expect(printed(unionType([literalType('1'), literalType(1), literalType('1')]))).toBe('"1" | 1');
    expect(printed(unionType([arrayType(a), arrayType(a), arrayType(b)]))).toBe('A[] | B[]');
    const template = (text: string) => templateLiteralType([{ text }]);
    expect(printed(unionType([template('a'), template('b'), template('a')]))).toBe('`a` | `b`');
    const prefixed = (text: string) => templateLiteralType([{ text }, { type: keywordType('string') }]);
    expect(printed(unionType([prefixed('a'), prefixed('b'), prefixed('a')]))).toBe('`a${string}` | `b${string}`');
    const tuple = (optional: boolean) => tupleType([{ type: a, optional }]);
    expect(printed(unionType([tuple(true), tuple(false), tuple(true)]))).toBe('[A?] | [A]');
    expect(printed(unionType([readonlyType(arrayType(a)), arrayType(a)]))).toBe('readonly A[] | A[]');
  });
});

describe('references into another module', () => {
  it.each(HOSTILE)('an indexed access by %j reads exactly that key', (key) => {
    const type = indexedAccessType(qualifiedTypeRef('T', 'Responses'), literalType(key));
    const back = aliasType(type);
    if (!ts.isIndexedAccessTypeNode(back) || !ts.isLiteralTypeNode(back.indexType) || !ts.isStringLiteral(back.indexType.literal)) throw new Error(printed(type));
    expect(back.indexType.literal.text).toBe(key);
    expect(printed(type).startsWith('T.Responses[')).toBe(true);
  });

  it('function types parenthesize a union return only where needed; names are checked', () => {
    const fn = functionType([{ name: 'context', type: typeRef('Ctx') }], unionType([typeRef('R'), typeRef('Promise', [typeRef('R')])]));
    expect(printed(fn)).toBe('(context: Ctx) => R | Promise<R>');
    expect(printed(unionType([fn, keywordType('undefined')]))).toBe('((context: Ctx) => R | Promise<R>) | undefined');
    expect(() => functionType([{ name: 'a b', type: typeRef('X') }], typeRef('X'))).toThrow(/not a safe identifier/);
    expect(() => qualifiedTypeRef('T', 'x.y')).toThrow(/not a safe identifier/);
  });

  it.each(HOSTILE)('a namespace import from %j names exactly that module', (specifier) => {
    const text = printNode(importNamespaceType('T', specifier));
    const statement = parse(text).statements[0];
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) throw new Error(text);
    expect(statement.moduleSpecifier.text).toBe(specifier);
    expect(statement.importClause?.isTypeOnly).toBe(true);
  });
});

describe('declarations', () => {
  it('a plain object type becomes an interface, anything else an alias', () => {
    expect(printNode(typeDeclaration('P', typeLiteral([propertySignature('a', keywordType('string'))])))).toBe('export interface P {\n    a: string;\n}');
    expect(printNode(typeDeclaration('P', unionType([typeLiteral([propertySignature('a', keywordType('string'))]), keywordType('null')])))).toMatch(/^export type P = \{/);
  });
});

describe('literal values', () => {
  const evaluate = (text: string): unknown => new Function(`return (${text});`)();

  it('a `__proto__` key becomes an own property at any depth and never sets a prototype', () => {
    const value = JSON.parse('{"a":[{"__proto__":{"polluted":true},"b":1}],"__proto__":{"x":1}}');
    const text = printNode(literalExpression(value));
    expect(text).toContain('["__proto__"]');
    const back = evaluate(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(back).toStrictEqual(value);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('numbers JSON has no form for', () => {
    expect(evaluate(printNode(literalExpression([NaN, Infinity, -Infinity, -0, 5e-324])))).toStrictEqual([NaN, Infinity, -Infinity, -0, 5e-324]);
  });

  it('any JSON value round-trips (property-based), as a valid `as const` declaration', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = printNode(literalExpression(value));
        expect(isWellFormed(text)).toBe(true);
        expect(evaluate(text)).toStrictEqual(value);
        expect(syntaxErrors(printNode(constDeclaration('x', asConst(literalExpression(value)))))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it.each(HOSTILE)('%j as a value', (value) => {
    expect(evaluate(printNode(literalExpression({ [value]: value })))).toStrictEqual({ [value]: value });
  });
});

describe('printModule', () => {
  it('header, imports, then a blank line before each statement; imports asked for after the statements', () => {
    const used: string[] = [];
    function* statements() {
      used.push('B');
      yield typeAlias('X', typeRef('B'));
      used.push('A');
      yield typeAlias('Y', typeRef('A'));
    }
    const text = printModule(['Header */ here'], statements(), () => [importTypes(used, './schemas.js')]);
    expect(text).toBe('/** Header *\\/ here */\nimport type { A, B } from \'./schemas.js\';\n\nexport type X = B;\n\nexport type Y = A;\n');
    expect(syntaxErrors(text)).toEqual([]);
  });
});

describe('signatures and calls (the client declarations)', () => {
  it.each(HOSTILE)('a method named %j declares exactly that member, with its doc kept inside the comment', (name) => {
    const text = printNode(interfaceDeclaration('C', [methodSignature(name, { parameters: [{ name: 'a', type: literalType(name), optional: true }], returns: keywordType('void') }, [name])]));
    expect(syntaxErrors(text)).toEqual([]);
    const decl = parse(text).statements[0];
    if (!ts.isInterfaceDeclaration(decl)) throw new Error(text);
    expect(decl.members).toHaveLength(1);
    const member = decl.members[0];
    if (!ts.isMethodSignature(member)) throw new Error(text);
    const key = member.name;
    expect(ts.isIdentifier(key) || ts.isStringLiteral(key) || ts.isNumericLiteral(key) ? key.text : undefined).toBe(name);
    const param = member.parameters[0];
    expect(param.questionToken).toBeDefined();
    expect(param.type && ts.isLiteralTypeNode(param.type) && ts.isStringLiteral(param.type.literal) && param.type.literal.text).toBe(name);
  });

  it.each(HOSTILE)('a property access by %j reads exactly that property', (name) => {
    const text = printNode(constDeclaration('x', callExpression(valueRef('f'), [propertyAccess(valueRef('ops'), name)])));
    expect(syntaxErrors(text)).toEqual([]);
    const statement = parse(text).statements[0];
    if (!ts.isVariableStatement(statement)) throw new Error(text);
    const init = statement.declarationList.declarations[0].initializer;
    if (!init || !ts.isCallExpression(init)) throw new Error(text);
    const arg = init.arguments[0];
    const read = ts.isPropertyAccessExpression(arg) ? arg.name.text : ts.isElementAccessExpression(arg) && ts.isStringLiteral(arg.argumentExpression) ? arg.argumentExpression.text : undefined;
    expect(read).toBe(name);
  });

  it('function declarations: checked names, type parameters, optional parameters, a return statement', () => {
    const sig = {
      typeParameters: [{ name: 'O', constraint: typeRef('CallOptions'), default: typeRef('CallOptions') }],
      parameters: [{ name: 'core', type: typeRef('Core') }, { name: 'options', type: typeRef('O'), optional: true }],
      returns: typeRef('R', [typeRef('O')]),
    };
    const text = printNode(functionDeclaration('go', sig, [returnStatement(callExpression(valueRef('call'), [valueRef('core'), valueRef('options')]))], ['*/ x']));
    expect(syntaxErrors(text)).toEqual([]);
    expect(text).toContain('export function go<O extends CallOptions = CallOptions>(core: Core, options?: O): R<O> {');
    expect(text).toContain('return call(core, options);');
    expect(parse(text).statements).toHaveLength(1);
    for (const bad of ['class', 'a b', '__proto__"', '']) {
      expect(() => functionDeclaration(bad, sig, [])).toThrow(/not a safe identifier/);
      expect(() => valueRef(bad)).toThrow(/not a safe identifier/);
      expect(() => methodSignature('m', { parameters: [{ name: bad, type: keywordType('string') }], returns: keywordType('void') })).toThrow(/not a safe identifier/);
    }
  });
});
