/**
 * The safe code builder (generator/src/codegen): every way a spec string can enter generated code is
 * escaped for its context, and the builder refuses what it cannot make safe.
 */
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  Code, access, code, docComment, docText, ident, isIdentifier, join, lit, objectKey, optionalAccess, propKey, raw, regex, sanitizeCommentText,
  stringifyLiteral,
} from '../../generator/src/codegen/index.ts';

/** No lone surrogates (String.prototype.isWellFormed, which the ES2022 lib does not declare). */
const isWellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

/** Evaluates a generated expression (it is plain JS). */
const evaluate = (expression: Code | string): unknown => new Function(`return (${String(expression)});`)();

/** TypeScript's syntax errors for a piece of source. */
function syntaxErrors(source: string): string[] {
  const result = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  return (result.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('lit: values as literals', () => {
  it.each<[string, { given: unknown; want: string }]>([
    ['a plain string', { given: 'hello', want: '"hello"' }],
    ['double quotes and backslashes', { given: 'a "b" \\ c', want: '"a \\"b\\" \\\\ c"' }],
    ['single quotes and backticks pass through a double-quoted literal', { given: "it's `x`", want: '"it\'s `x`"' }],
    ['template syntax is just text', { given: '${globalThis.x = 1}', want: '"${globalThis.x = 1}"' }],
    ['U+2028 and U+2029 are escaped', { given: 'a\u2028b\u2029c', want: '"a\\u2028b\\u2029c"' }],
    ['lone surrogates are escaped', { given: '\ud800|\udfff', want: '"\\ud800|\\udfff"' }],
    ['control characters are escaped', { given: '\n\r\t\0', want: '"\\n\\r\\t\\u0000"' }],
    ['a comment closer inside a string stays in the string', { given: '*/ x /*', want: '"*/ x /*"' }],
    ['numbers', { given: [0, -1.5, 1e21, 5e-324], want: '[0,-1.5,1e+21,5e-324]' }],
    ['non-JSON numbers', { given: [NaN, Infinity, -Infinity, -0], want: '[NaN,Infinity,-Infinity,-0]' }],
    ['null, booleans, nested arrays and objects', { given: { a: [null, true, { 'b-c': false }] }, want: '{"a":[null,true,{"b-c":false}]}' }],
    ['undefined', { given: undefined, want: 'undefined' }],
  ])('%s', (_, { given, want }) => {
    expect(lit(given).text).toBe(want);
    expect(evaluate(lit(given))).toStrictEqual(given);
  });

  it('a `__proto__` key in an object becomes an own property, at any depth, and never sets a prototype', () => {
    const value = JSON.parse('{"a":[{"__proto__":{"polluted":true},"b":1}],"__proto__":{"x":1}}');
    const text = lit(value).text;
    expect(text).toContain('["__proto__"]');
    const back = evaluate(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(['a', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ x: 1 });
    const inner = (back.a as Record<string, unknown>[])[0];
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(inner, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(back).toStrictEqual(value);
  });

  it('round-trips any JSON value (property-based), and the literal is valid TypeScript', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = lit(value).text;
        expect(evaluate(text)).toStrictEqual(value);
        expect(/[\u2028\u2029]/.test(text)).toBe(false);
      }),
      { numRuns: 300 },
    );
    const declarations: string[] = [];
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const text = stringifyLiteral(s);
        expect(evaluate(text)).toBe(s);
        declarations.push(`export const x${declarations.length} = ${text};`);
      }),
      { numRuns: 300 },
    );
    // One parse for all of them: valid TypeScript, one statement each.
    expect(syntaxErrors(declarations.join('\n'))).toEqual([]);
    expect(ts.createSourceFile('x.ts', declarations.join('\n'), ts.ScriptTarget.ES2022).statements.length).toBe(declarations.length);
  });

  it('refuses what has no literal form', () => {
    expect(() => lit(() => 1)).toThrow(TypeError);
    expect(() => lit(Symbol('s'))).toThrow(TypeError);
  });
});

describe('ident, propKey, objectKey, access', () => {
  it.each(['foo', '_bar', '$baz', 'Foo2', '__proto__', 'constructor'])('ident accepts the identifier %j', (name) => {
    expect(ident(name).text).toBe(name);
  });

  it.each(['', '1st', 'a-b', 'a b', 'naïve', 'x.y', "it's", 'class', 'default', 'delete', 'enum', 'await', 'yield', 'null', 'undefined', 'string', 'type', 'a\u2028b'])(
    'ident rejects %j (not an identifier, or a reserved word)',
    (name) => {
      expect(() => ident(name)).toThrow(TypeError);
      expect(isIdentifier(name)).toBe(false);
    },
  );

  it.each<[string, { given: string; want: string }]>([
    ['an identifier stays bare', { given: 'name', want: 'name' }],
    ['a reserved word is fine as a property name', { given: 'class', want: 'class' }],
    ['a dash is quoted', { given: 'dash-ed', want: '"dash-ed"' }],
    ['a leading digit is quoted', { given: '1st', want: '"1st"' }],
    ['quotes are escaped', { given: 'say "hi"', want: '"say \\"hi\\""' }],
    ['U+2028 is escaped', { given: 'a\u2028b', want: '"a\\u2028b"' }],
    ['the empty name is quoted', { given: '', want: '""' }],
  ])('propKey: %s', (_, { given, want }) => {
    expect(propKey(given).text).toBe(want);
    const object = evaluate(`{ ${propKey(given).text}: 1 }`) as Record<string, number>;
    expect(Object.keys(object)).toEqual([given]);
  });

  it('objectKey writes `__proto__` in the computed form that defines an own property', () => {
    expect(objectKey('__proto__').text).toBe('["__proto__"]');
    expect(objectKey('a-b').text).toBe('"a-b"');
    const object = evaluate(`{ ${objectKey('__proto__').text}: 1 }`) as object;
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(Object.keys(object)).toEqual(['__proto__']);
  });

  it.each<[string, string, string]>([
    ['name', 'x.name', 'x?.name'],
    ['class', 'x.class', 'x?.class'],
    ['a-b', 'x["a-b"]', 'x?.["a-b"]'],
    ["it's", 'x["it\'s"]', 'x?.["it\'s"]'],
    ['a\u2028b', 'x["a\\u2028b"]', 'x?.["a\\u2028b"]'],
  ])('access(x, %j)', (name, want, wantOptional) => {
    expect(access(raw('x'), name).text).toBe(want);
    expect(optionalAccess(raw('x'), name).text).toBe(wantOptional);
    expect(new Function('x', `return ${access(raw('x'), name).text};`)({ [name]: 42 })).toBe(42);
  });
});

describe('code: only Code values are interpolated', () => {
  it('joins Code fragments and arrays of them', () => {
    expect(code`const ${ident('a')} = ${lit('x')};`.text).toBe('const a = "x";');
    expect(code`[${[lit(1), raw(', '), lit(2)]}]`.text).toBe('[1, 2]');
    expect(join([lit('a'), lit('b')], ' | ').text).toBe('"a" | "b"');
  });

  it('rejects a raw string at run time (a bug that slips past the compiler still cannot inject text)', () => {
    const hostile = '"; globalThis.pwned = 1; "' as unknown as Code;
    expect(() => code`const x = ${hostile};`).toThrow(TypeError);
    expect(() => code`[${[lit(1), hostile]}]`).toThrow(TypeError);
    expect(() => code`${42 as unknown as Code}`).toThrow(TypeError);
    expect(() => code`${{ text: 'fake' } as unknown as Code}`).toThrow(TypeError);
    expect(() => join([hostile])).toThrow(TypeError);
  });
});

describe('comments', () => {
  const hostile = [
    '*/ globalThis.pwned = 1; /*',
    'a /* nested */ comment',
    'line\u2028separator\u2029paragraph',
    'lone \ud800 and \udc00 surrogates',
    'control \u0000\u0007\u001b characters',
    '`${globalThis.pwned = 2}`',
    'windows\r\nand old mac\rline ends',
    '**/ and */*/ and ***/',
  ];

  it.each(hostile)('docComment neutralizes %j', (text) => {
    const comment = docComment([text, 'second line']).text;
    expect(comment.startsWith('/**')).toBe(true);
    expect(comment.trimEnd().endsWith('*/')).toBe(true);
    // Exactly one way out of the comment: its own end.
    expect(comment.indexOf('*/')).toBe(comment.trimEnd().length - 2);
    expect(/[\u2028\u2029\r]/.test(comment)).toBe(false);
    expect(isWellFormed(comment)).toBe(true);
    // It parses as a comment: the code after it is the only statement.
    const source = ts.createSourceFile('x.ts', `${comment}export const x = 1;`, ts.ScriptTarget.ES2022, true);
    expect(source.statements.length).toBe(1);
    expect(syntaxErrors(`${comment}export const x = 1;`)).toEqual([]);
  });

  it('sanitizes any text as the five replacements do (the fast path for plain text changes nothing)', () => {
    const replaced = (text: string) =>
      text
        .replace(/\r\n?|[\u2028\u2029]/g, '\n')
        .replaceAll('*/', '*\\/')
        .replaceAll('/*', '/\\*')
        .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
    const piece = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('*/', '/*', '\r\n', '\r', '\u2028', '\ud83d\ude00', '\ud800', '\u007f', '\t', 'plain text'));
    fc.assert(fc.property(fc.array(piece, { maxLength: 6 }).map((p) => p.join('')), (text) => {
        expect(sanitizeCommentText(text)).toBe(replaced(text));
      }), { numRuns: 2000, seed: 25 });
  });

  it('keeps the text readable', () => {
    expect(sanitizeCommentText('a */ b /* c')).toBe('a *\\/ b /\\* c');
    expect(docComment(['one line']).text).toBe('/** one line */\n');
    expect(docComment(['first', '', 'third']).text).toBe('/**\n * first\n *\n * third\n */\n');
    expect(docComment([undefined, null, false, '']).text).toBe('');
    expect(docText(['a */ b'])).toBe('a *\\/ b');
  });
});

describe('regex', () => {
  it.each(['^a\\/b$', '[\'"`]+', '\\d{2,}', '^\\p{L}+$', '(?<year>\\d{4})'])('builds %j from string literals', (pattern) => {
    const text = regex(pattern).text;
    expect(text.startsWith('new RegExp(')).toBe(true);
    const re = evaluate(text) as RegExp;
    expect(re).toBeInstanceOf(RegExp);
    expect(re.source).toBe(new RegExp(pattern, 'u').source);
    expect(re.flags).toBe('u');
  });

  it.each(['[', '(?<n>a', 'a{2,1}', '\\'])('rejects the invalid pattern %j at generation time', (pattern) => {
    expect(() => regex(pattern)).toThrow(SyntaxError);
  });

  it('a pattern that would close a regex literal or a string cannot break out', () => {
    const pattern = '"\\/\\); globalThis.pwned = 1; \\(\\/"';
    const re = evaluate(regex(pattern)) as RegExp;
    expect(re.test('"/); globalThis.pwned = 1; (/"')).toBe(true);
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });
});
