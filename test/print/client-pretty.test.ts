/**
 * The client's statements as nodes, printed by the one printer (codegen/pretty/), against prettier
 * itself: each shape is printed and prettier
 * must leave the text exactly as it is. Shapes straddle the print width (120) so both the one-line and the
 * broken layouts are exercised. Then the client target as a whole: generated WITHOUT the format stage, its
 * modules must already be what prettier prints, with nothing left to prettier (`fallbacks` stays empty).
 */
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import * as n from '../../generator/src/codegen/ts-nodes.ts';
import { resolveConfig } from '../../generator/src/config.ts';
import { fallbacks } from '../../generator/src/emit/client/pretty.ts';
import { namedLine, namespaceImport } from '../../generator/src/codegen/module-lines.ts';
import { printModuleLine } from '../../generator/src/codegen/pretty-doc.ts';
import { prettyString } from '../../generator/src/codegen/pretty-doc.ts';
import { printer } from '../../generator/src/codegen/printer.ts';
import { quoteKey } from '../../generator/src/codegen/quote.ts';
import { generate } from '../../generator/src/pipeline.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { fixtureSpecsDir, projectSpec, repoRoot } from '../helpers/paths.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });

async function expectClean(text: string): Promise<string> {
  const withNewline = text + '\n';
  expect(await format(withNewline)).toBe(withNewline);
  return text;
}

const ref = (name: string) => n.typeRef(name);
const args = (name: string): n.ParameterSpec => ({ name: 'args', type: ref(name) });
const options: n.ParameterSpec = { name: 'options', type: ref('CallOptions'), optional: true };
const promise = (op: string) => n.typeRef('ApiPromise', [n.indexedAccessType(n.qualifiedTypeRef('T', 'Operations'), n.literalType(op)), n.unionType([n.literalType(200), n.literalType(201)])]);

const print = (statement: n.Statement) => printer.statement(statement);
const v = (name: string) => n.valueRef(name);
/** `export const name: Type = value;` (the client's table entries). */
const constant = (name: string, type: n.TypeNode | undefined, value: n.Expression) => print(n.constDeclaration(name, value, [], type ? { type } : {}));

describe('the client printer prints what prettier prints', () => {
  it('strings as prettier spells their JSON spelling: quotes, escapes, line separators', async () => {
    const texts = ['plain', "it's", 'say "hi"', `it's "both" '`, 'back\\slash', 'new\nline\ttab', '\u2028\u2029', '\u0001 control', 'ünïcode ☃', '/2/problems/x$', '(^|/)a\\-b$'];
    for (const text of texts) {
      for (const printed of [await expectClean(`export const x = ${prettyString(text)};`), await expectClean(constant('x', undefined, n.literalExpression(text)))]) {
        // What it says is unchanged: the literal evaluates to the text.
        expect(new Function(`return ${printed.slice('export const x = '.length, -1)}`)()).toBe(text);
      }
    }
    expect(quoteKey('post.fields')).toBe("'post.fields'");
    expect(quoteKey('plain_key')).toBe('plain_key');
  });

  it('object literals: one line when they fit, broken with trailing commas, arrays of objects always broken, numbers filled', async () => {
    const spec = n.typeRef('OperationSpec');
    const entry = { id: 'getUserBookmarks', method: 'GET', path: '/2/users/{id}/bookmarks', params: [{ name: 'id', in: 'path' }, { name: 'max_results', in: 'query' }] };
    const broken = await expectClean(constant('getUserBookmarks', spec, n.literalExpression(entry)));
    expect(broken).toMatch(/^export const getUserBookmarks: OperationSpec = \{\n {2}id: 'getUserBookmarks',\n/);
    expect(broken).toContain("  params: [\n    { name: 'id', in: 'path' },\n");
    expect(await expectClean(constant('short', spec, n.literalExpression({ id: 'short', method: 'GET', path: '/a' })))).toBe("export const short: OperationSpec = { id: 'short', method: 'GET', path: '/a' };");
    await expectClean(constant('numbers', undefined, n.literalExpression(Array.from({ length: 60 }, (_, i) => i * 1001))));
    await expectClean(constant('security', undefined, n.literalExpression([['bearer'], ['oauth2'], ['oauth1'], [{ apiKey: 'key', in: 'header', name: 'X-Api-Key' }]])));
    // A long string after a long key breaks after the colon; after a short key it never does.
    await expectClean(constant('strings', undefined, n.literalExpression({ aLongerKey: 'x'.repeat(110), k: 'y'.repeat(118), 'quoted-key': true, n: 1e21, m: -2.5 })));
    const members = [n.property('id', n.literalExpression('createPost')), n.property('encode', v('encodeForm')), n.shorthand('extraAuth'), n.property('dates', n.objectLiteral([n.spread(n.literalExpression({ body: { r: 'Post' } })), n.property('codec', v('dates'))]))];
    await expectClean(constant('withFeatures', spec, n.objectLiteral(members)));
    const regexp = n.newExpression(v('RegExp'), [n.literalExpression(`(^|/)${'very-long-slug-'.repeat(6)}$`), n.literalExpression('u')]);
    await expectClean(print(n.variable('const', 'table', n.arrayLiteral([n.literalExpression(['about:blank', 'about:blank']), n.arrayLiteral([n.literalExpression('not-authorized-for-resource'), regexp])]))));
    const list = n.readonlyType(n.arrayType(spec));
    await expectClean(constant('operations', list, n.arrayLiteral(['a', 'b'].map(v))));
    await expectClean(constant('operations', list, n.arrayLiteral(Array.from({ length: 30 }, (_, i) => v(`operationNumber${i}`)))));
  });

  it('interfaces of methods and functions: signatures on one line, or one parameter a line, type parameters, broken return types', async () => {
    const methods = [
      n.methodSignature('short', { parameters: [args('ShortArgs'), options], returns: ref('R') }, ['A short one.']),
      n.methodSignature('getUserBookmarks', { parameters: [args('GetUserBookmarksArgs'), options], returns: promise('getUserBookmarks') }, ['Get bookmarks', '', 'More.']),
      n.methodSignature('download', { typeParameters: [{ name: 'O', constraint: ref('CallOptions'), default: ref('CallOptions') }], parameters: [args('DownloadArgs'), { name: 'options', type: ref('O'), optional: true }], returns: n.typeRef('ApiPromise', [n.typeRef('Parsed', [ref('Blob'), ref('O')]), n.literalType(200)]) }),
      n.methodSignature('paged', { parameters: [args('PagedArgs'), options], returns: n.typeRef('Paginator', [ref('SomeRatherLongResponseTypeName'), n.typeRef('ItemOf', [n.typeRef('At', [ref('SomeRatherLongResponseTypeName'), n.tupleType([{ type: n.literalType('data') }])])])]) }),
      n.propertySignature('paginate', ref('Paginators'), { readonly: true, doc: ['Paginated.'] }),
    ];
    const printed = await expectClean(print(n.interfaceDeclaration('Client', methods, ['The client.'])));
    expect(printed).toContain('  short(args: ShortArgs, options?: CallOptions): R;\n');
    expect(printed).toContain('  getUserBookmarks(\n    args: GetUserBookmarksArgs,\n    options?: CallOptions,\n  ): ApiPromise<');
    const body = [n.returnStatement(n.callExpression(v('call'), [v('core'), n.propertyAccess(v('ops'), 'getUserBookmarks'), v('args'), v('options')]))];
    const core: n.ParameterSpec = { name: 'core', type: ref('ClientCore') };
    await expectClean(print(n.functionDeclaration('getUserBookmarks', { parameters: [core, args('GetUserBookmarksArgs'), options], returns: promise('getUserBookmarks') }, body)));
    await expectClean(print(n.functionDeclaration('s', { parameters: [core, args('A'), options], returns: ref('R') }, body)));
    await expectClean(print(n.functionDeclaration('one', { parameters: [{ name: 'value', type: n.typeLiteral([n.propertySignature('a', ref('A'))], { singleLine: true }) }], returns: n.keywordType('void') }, undefined)));
    const union = n.unionType([n.typeRef('EventStream', [ref(`SomeLongItemType${'X'.repeat(40)}`)]), n.typeRef('ApiPromise', [ref(`SomeLongBodyType${'Y'.repeat(40)}`), n.literalType(200)])]);
    await expectClean(print(n.functionDeclaration('either', { parameters: [core, args('EitherArgs'), options], returns: union }, undefined)));
    const framings = n.objectLiteral([n.property('ndjson', v('ndjsonFraming')), n.property('sse', v('sseFraming'))]);
    for (const name of ['stream', `stream${'Long'.repeat(20)}`]) {
      const call = n.callExpression(v(name), [v('core'), n.propertyAccess(v('ops'), 'streamSomething'), v('args'), v('options'), framings]);
      await expectClean(print(n.functionDeclaration('f', { parameters: [], returns: n.keywordType('void') }, [n.returnStatement(call)])));
    }
  });

  it('import and export lists: one line when they fit, else one name a line (never a single name)', async () => {
    const many = Array.from({ length: 14 }, (_, i) => `SomeExportedName${i}`);
    await expectClean(printModuleLine(namedLine('import', many, './runtime/types.js', true)));
    await expectClean(printModuleLine(namedLine('export', ['a', 'b'], './client.js')));
    await expectClean(printModuleLine(namedLine('import', ['OneVeryLongName'.repeat(9)], './runtime/core.js')));
    await expectClean(printModuleLine(namespaceImport('T', '@social-posting/types', true)));
  });
});

describe('the client target needs no formatting', () => {
  const specs = [projectSpec, ...['streams-dual.yaml', 'adversarial.yaml', 'forms-multipart.yaml', 'mw-dates.yaml'].map((f) => path.join(fixtureSpecsDir, f))];
  it.each(specs.map((s) => [path.relative(repoRoot, s), s]))('%s: printed as prettier prints it, nothing left to prettier', { timeout: 120_000 }, async (_, spec) => {
    fallbacks.clear();
    for (const extra of [{}, { dates: 'Date', layout: 'files' }]) {
      const result = await generate(resolveConfig({ spec, targets: ['client'], format: false, ...extra } as never, repoRoot));
      const modules = [...result.files].filter(([file]) => /client\/(src\/)?(client|operations|problems|index)\.ts$/.test(file));
      expect(modules).toHaveLength(4);
      for (const [file, text] of modules) expect(await format(text), file).toBe(text);
    }
    expect([...fallbacks]).toEqual([]);
  });
});
