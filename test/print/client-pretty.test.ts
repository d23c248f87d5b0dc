/**
 * The client's printer (emit/client/pretty.ts) against prettier itself: each shape is printed and prettier
 * must leave the text exactly as it is. Shapes straddle the print width (120) so both the one-line and the
 * broken layouts are exercised. Then the client target as a whole: generated WITHOUT the format stage, its
 * modules must already be what prettier prints, with nothing left to prettier (`fallbacks` stays empty).
 */
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import * as n from '../../generator/src/codegen/ts-nodes.ts';
import { resolveConfig } from '../../generator/src/config.ts';
import {
  callDoc, callWithObjectDoc, constStatement, fallbacks, functionDoc, Ident, keyDoc, moduleLine, NewCall, ObjectExpr, prettyClientStatement, Spread, valueDoc,
} from '../../generator/src/emit/client/pretty.ts';
import { printDoc, prettyString } from '../../generator/src/codegen/pretty-doc.ts';
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

describe('the client printer prints what prettier prints', () => {
  it('strings as prettier spells their JSON spelling: quotes, escapes, line separators', async () => {
    const texts = ['plain', "it's", 'say "hi"', `it's "both" '`, 'back\\slash', 'new\nline\ttab', '\u2028\u2029', '\u0001 control', 'ünïcode ☃', '/2/problems/x$', '(^|/)a\\-b$'];
    for (const text of texts) {
      const printed = await expectClean(`export const x = ${prettyString(text)};`);
      // What it says is unchanged: the literal evaluates to the text.
      expect(new Function(`return ${printed.slice('export const x = '.length, -1)}`)()).toBe(text);
    }
    expect(keyDoc('post.fields')).toBe("'post.fields'");
    expect(keyDoc('plain_key')).toBe('plain_key');
  });

  it('object literals: one line when they fit, broken with trailing commas, arrays of objects always broken, numbers filled', async () => {
    const entry = { id: 'getUserBookmarks', method: 'GET', path: '/2/users/{id}/bookmarks', params: [{ name: 'id', in: 'path' }, { name: 'max_results', in: 'query' }] };
    const broken = await expectClean(constStatement('getUserBookmarks: OperationSpec', entry));
    expect(broken).toMatch(/^export const getUserBookmarks: OperationSpec = \{\n {2}id: 'getUserBookmarks',\n/);
    expect(broken).toContain("  params: [\n    { name: 'id', in: 'path' },\n");
    expect(await expectClean(constStatement('short: OperationSpec', { id: 'short', method: 'GET', path: '/a' }))).toBe(
      "export const short: OperationSpec = { id: 'short', method: 'GET', path: '/a' };",
    );
    await expectClean(constStatement('numbers', Array.from({ length: 60 }, (_, i) => i * 1001)));
    await expectClean(constStatement('security', [['bearer'], ['oauth2'], ['oauth1'], [{ apiKey: 'key', in: 'header', name: 'X-Api-Key' }]]));
    // A long string after a long key breaks after the colon; after a short key it never does.
    await expectClean(constStatement('strings', { aLongerKey: 'x'.repeat(110), k: 'y'.repeat(118), 'quoted-key': true, n: 1e21, m: -2.5 }));
    const members = [['id', 'createPost'], ['encode', new Ident('encodeForm')], new Ident('extraAuth', true), ['dates', new ObjectExpr([new Spread({ body: { r: 'Post' } }), ['codec', new Ident('dates')]])]] as const;
    await expectClean(constStatement('withFeatures: OperationSpec', new ObjectExpr(members)));
    await expectClean(constStatement('table', [['about:blank', 'about:blank'], ['not-authorized-for-resource', new NewCall('RegExp', [`(^|/)${'very-long-slug-'.repeat(6)}$`, 'u'])]], '', false));
    await expectClean(constStatement('operations: readonly OperationSpec[]', ['a', 'b'].map((x) => new Ident(x))));
    await expectClean(constStatement('operations: readonly OperationSpec[]', Array.from({ length: 30 }, (_, i) => new Ident(`operationNumber${i}`))));
  });

  it('interfaces of methods and functions: signatures on one line, or one parameter a line, type parameters, broken return types', async () => {
    const methods = [
      n.methodSignature('short', { parameters: [args('ShortArgs'), options], returns: ref('R') }, ['A short one.']),
      n.methodSignature('getUserBookmarks', { parameters: [args('GetUserBookmarksArgs'), options], returns: promise('getUserBookmarks') }, ['Get bookmarks', '', 'More.']),
      n.methodSignature('download', { typeParameters: [{ name: 'O', constraint: ref('CallOptions'), default: ref('CallOptions') }], parameters: [args('DownloadArgs'), { name: 'options', type: ref('O'), optional: true }], returns: n.typeRef('ApiPromise', [n.typeRef('Parsed', [ref('Blob'), ref('O')]), n.literalType(200)]) }),
      n.methodSignature('paged', { parameters: [args('PagedArgs'), options], returns: n.typeRef('Paginator', [ref('SomeRatherLongResponseTypeName'), n.typeRef('ItemOf', [n.typeRef('At', [ref('SomeRatherLongResponseTypeName'), n.tupleType([{ type: n.literalType('data') }])])])]) }),
      n.propertySignature('paginate', ref('Paginators'), { readonly: true, doc: ['Paginated.'] }),
    ];
    const printed = await expectClean(prettyClientStatement(n.interfaceDeclaration('Client', methods, ['The client.'])));
    expect(printed).toContain('  short(args: ShortArgs, options?: CallOptions): R;\n');
    expect(printed).toContain('  getUserBookmarks(\n    args: GetUserBookmarksArgs,\n    options?: CallOptions,\n  ): ApiPromise<');
    const body = [['return ', callDoc('call', ['core', 'ops.getUserBookmarks', 'args', 'options']), ';']];
    const core: n.ParameterSpec = { name: 'core', type: ref('ClientCore') };
    await expectClean(printDoc(functionDoc('getUserBookmarks', { parameters: [core, args('GetUserBookmarksArgs'), options], returns: promise('getUserBookmarks') }, body)));
    await expectClean(printDoc(functionDoc('s', { parameters: [core, args('A'), options], returns: ref('R') }, body)));
    await expectClean(printDoc(functionDoc('one', { parameters: [{ name: 'value', type: n.typeLiteral([n.propertySignature('a', ref('A'))], { singleLine: true }) }], returns: n.keywordType('void') })));
    const union = n.unionType([n.typeRef('EventStream', [ref(`SomeLongItemType${'X'.repeat(40)}`)]), n.typeRef('ApiPromise', [ref(`SomeLongBodyType${'Y'.repeat(40)}`), n.literalType(200)])]);
    await expectClean(printDoc(functionDoc('either', { parameters: [core, args('EitherArgs'), options], returns: union })));
    const framings = new ObjectExpr([['ndjson', new Ident('ndjsonFraming')], ['sse', new Ident('sseFraming')]]);
    for (const name of ['stream', `stream${'Long'.repeat(20)}`]) {
      const call = callWithObjectDoc(name, ['core', 'ops.streamSomething', 'args', 'options'], valueDoc(framings));
      await expectClean(printDoc(functionDoc('f', { parameters: [], returns: n.keywordType('void') }, [['return ', call, ';']])));
    }
  });

  it('import and export lists: one line when they fit, else one name a line (never a single name)', async () => {
    const many = Array.from({ length: 14 }, (_, i) => `SomeExportedName${i}`).join(', ');
    await expectClean(moduleLine(`import type { ${many} } from "./runtime/types.js";`));
    await expectClean(moduleLine(`export { a, b } from "./client.js";`));
    await expectClean(moduleLine(`import { ${'OneVeryLongName'.repeat(9)} } from "./runtime/core.js";`));
    await expectClean(moduleLine(`import type * as T from "@social-posting/types";`));
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
