/**
 * The node builder's statements for programs rather than declarations (`declare function`, `try`/`catch`,
 * `throw`, `for await`, template literals, comments inside objects and after statements, default and mixed
 * imports, spread arguments, `export default`, `export {}`, destructuring (renamed, nested), async methods), printed by the one
 * printer (codegen/pretty/) and held to prettier: prettier must leave each text exactly as it is, and
 * the printer must have printed it (not left it to prettier). Shapes straddle the print width (120).
 */
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import * as n from '../../generator/src/codegen/ts-nodes.ts';
import { NotPrinted } from '../../generator/src/codegen/pretty-doc.ts';
import { prettyStatement } from '../../generator/src/codegen/pretty/index.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/codegen/layout-options.ts';

const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });

/** The statements printed one a line; prettier must agree with every byte. */
async function expectClean(...statements: n.Statement[]): Promise<string> {
  const text = `${statements.map(prettyStatement).join('\n')}\n`;
  expect(await format(text)).toBe(text);
  return text;
}

const v = n.valueRef;
const call = (callee: string, args: n.Expression[] = []) => n.callExpression(v(callee), args);
const log = (...args: n.Expression[]) => n.expressionStatement(n.callExpression(n.propertyAccess(v('console'), 'log'), args));
const word = (length: number) => 'x'.repeat(length);

describe('program statements as nodes, printed as prettier prints them', () => {
  it('declare function: on one line, or one parameter a line', async () => {
    const access = (member: string) => n.indexedAccessType(n.indexedAccessType(n.typeRef('Operations'), n.literalType('getUserBookmarks')), n.literalType(member));
    const params = [{ name: 'params', type: access('pathParams') }, { name: 'query', type: access('query') }];
    const wide = await expectClean(n.declareFunction('load', { parameters: params, returns: n.typeRef('Promise', [access('response')]) }, ['Yours.']));
    expect(wide).toBe(
      "/** Yours. */\ndeclare function load(\n  params: Operations['getUserBookmarks']['pathParams'],\n  query: Operations['getUserBookmarks']['query'],\n): Promise<Operations['getUserBookmarks']['response']>;\n",
    );
    const narrow = await expectClean(n.declareFunction('verify', { parameters: [{ name: 'secret', type: n.keywordType('string') }], returns: n.typeRef('Promise', [n.unionType([n.typeRef('Principal'), n.keywordType('null')])]) }));
    expect(narrow).toBe('declare function verify(secret: string): Promise<Principal | null>;\n');
  });

  it('try/catch with comments, throw, and if/else of lone statements', async () => {
    const guard = n.ifStatement(n.binary(v('error'), 'instanceof', v('ApiError')), log(n.propertyAccess(v('error'), 'status')), n.throwStatement(v('error')));
    const text = await expectClean(
      n.tryStatement([n.variable('const', 'body', n.awaitExpression(call('load'))), n.lineComment(log(v('body')), 'Logged.')], 'error', [n.lineComment(guard, 'Non-2XX answers.')]),
    );
    expect(text).toBe('try {\n  const body = await load();\n  // Logged.\n  console.log(body);\n} catch (error) {\n  // Non-2XX answers.\n  if (error instanceof ApiError) console.log(error.status);\n  else throw error;\n}\n');
    // A lone statement too wide for the `if` line goes to the next one; `else` still starts its own line.
    await expectClean(n.ifStatement(v('ok'), log(...Array.from({ length: 12 }, (_, i) => v(`argument${i}`))), n.throwStatement(call('fail', [n.literalExpression(word(100))]))));
    await expectClean(n.tryStatement([], 'error', []));
    await expectClean(n.throwStatement(n.binary(v('a'), '??', v('b'))));
  });

  it('for await and for-of with a lone statement body; template literals', async () => {
    const items = n.callExpression(n.propertyAccess(n.callExpression(n.propertyAccess(n.propertyAccess(v('client'), 'paginate'), 'getUserBookmarks'), [n.objectLiteral([n.property('id', n.literalExpression('2244994945'))])]), 'items'), []);
    expect(await expectClean(n.forOf('item', items, log(v('item')), { await: true }))).toBe(
      "for await (const item of client.paginate.getUserBookmarks({ id: '2244994945' }).items()) console.log(item);\n",
    );
    const message = n.templateExpression([{ value: n.propertyAccess(v('error'), 'instancePath') }, { text: ': ' }, { value: n.propertyAccess(v('error'), 'message') }]);
    const errors = n.forOf('error', n.propertyAccess(v('result'), 'errors'), n.expressionStatement(n.callExpression(n.propertyAccess(v('console'), 'error'), [message])));
    expect(await expectClean(errors)).toBe('for (const error of result.errors) console.error(`${error.instancePath}: ${error.message}`);\n');
    // Too wide: the lone statement moves to the next line, the template never breaks.
    await expectClean(n.forOf('error', n.propertyAccess(v('result'), 'errors'), log(n.templateExpression([{ text: word(90) }, { value: v('error') }, { text: '`${}\\' }]))));
    await expectClean(n.forOf('item', v('items'), [log(v('item'))], { await: true }));
    await expectClean(log(n.templateExpression([{ text: 'no placeholders ` ${ \\ \n' }])));
  });

  it('comments inside objects and after statements; async methods', async () => {
    const handlers = n.objectLiteral([
      n.lineComment(
        n.method('getUserBookmarks', { parameters: [{ name: { destructure: ['params', 'query'] } }] }, [n.returnStatement(n.objectLiteral([n.property('status', n.literalExpression(200)), n.property('body', n.awaitExpression(call('load', [v('params'), v('query')])))]))], [], { async: true }),
        'Parameters arrive parsed and validated.',
      ),
    ]);
    const check = n.conditional(n.binary(n.propertyAccess(v('credentials'), 'scheme'), '===', n.literalExpression('bearer')), call('verify', [n.propertyAccess(v('credentials'), 'token')]), n.literalExpression(null));
    const options = n.objectLiteral([n.lineComment(n.property('authenticate', n.arrowFunction([{ name: 'credentials' }], check)), 'Credentials into a principal; null → 401.')]);
    const text = await expectClean(n.variable('const', 'handler', call('createHandler', [handlers, options])));
    expect(text).toContain('  {\n    // Parameters arrive parsed and validated.\n    async getUserBookmarks({ params, query }) {\n');
    expect(await expectClean(n.variable('const', 'handler', call('createHandler', [handlers])))).toMatch(/^const handler = createHandler\(\{\n {2}\/\/ Parameters/);
    expect(await expectClean(n.trailingComment(log(n.propertyAccess(v('result'), 'value')), 'typed as PostId'))).toBe('console.log(result.value); // typed as PostId\n');
    // A trailing comment breaks nothing before it on its line but keeps its line.
    await expectClean(n.ifStatement(v('ok'), [n.trailingComment(log(v('a')), word(130))], [log(v('b'))]));
    // After a lone statement prettier gives it to the statement or to the `if`, by where it stands: left to prettier.
    expect(() => prettyStatement(n.ifStatement(v('ok'), n.trailingComment(log(v('a')), 'c')))).toThrow(NotPrinted);
  });

  it('imports: default, default with names, type-only names among values', async () => {
    expect(await expectClean(n.importDeclaration({ default: 'express' }, 'express'))).toBe("import express from 'express';\n");
    expect(await expectClean(n.importDeclaration({ names: ['serve', 'createHandler'], typeNames: ['Principal'] }, '@social-posting/server'))).toBe(
      "import { createHandler, serve, type Principal } from '@social-posting/server';\n",
    );
    await expectClean(n.importDeclaration({ default: 'Koa', names: ['one'] }, 'koa'));
    await expectClean(n.importDeclaration({ default: 'Koa', names: [word(60), word(61)] }, 'koa'));
    await expectClean(n.importDeclaration({ names: [word(120)] }, 'm'));
    await expectClean(n.importDeclaration({ default: word(100), names: [word(20)] }, 'm'));
  });

  it('spread arguments, export default, export {}, destructuring declarations, `(await x) as T`', async () => {
    expect(await expectClean(n.variable('const', 'server', call('setupServer', [n.spreadArgument(v('handlers'))])))).toBe('const server = setupServer(...handlers);\n');
    await expectClean(n.expressionStatement(call('f', [v(word(60)), n.spreadArgument(v(word(60)))])));
    expect(await expectClean(n.exportDefault(v('app')))).toBe('export default app;\n');
    expect(await expectClean(n.exportNothing())).toBe('export {};\n');
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
    const next = call('toNext', [call('createHandler', [v('handlers'), n.objectLiteral([n.property('basePath', n.literalExpression('/api'))])])]);
    expect(await expectClean(n.variable('const', { destructure: methods }, next, { exported: true }))).toBe(
      "export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = toNext(createHandler(handlers, { basePath: '/api' }));\n",
    );
    await expectClean(n.variable('const', { destructure: [...methods, 'TRACE', 'CONNECT'] }, call('toNext', [call('createHandler', [v('handlers'), n.objectLiteral([n.property('basePath', n.literalExpression('/api/v1'))])])]), { exported: true }));
    const response = n.callExpression(n.propertyAccess(n.callExpression(n.propertyAccess(v('client'), 'getUserBookmarks'), [n.objectLiteral([n.property('id', n.literalExpression('2244994945'))])]), 'withResponse'), []);
    await expectClean(n.variable('const', { destructure: ['data', 'status', 'rateLimit'] }, n.awaitExpression(response)));
    await expectClean(n.variable('const', { destructure: ['data', 'status', 'rateLimit'] }, n.awaitExpression(n.callExpression(n.propertyAccess(n.callExpression(n.propertyAccess(v('client'), word(50)), [n.objectLiteral([n.property('id', n.literalExpression(word(20)))])]), 'withResponse'), []))));
    const body = n.asType(n.awaitExpression(n.callExpression(n.propertyAccess(v('response'), 'json'), [])), n.typeRef('Body'));
    expect(await expectClean(n.variable('const', 'body', body))).toBe('const body = (await response.json()) as Body;\n');
  });

  // The validators' operations.ts exports: renamed properties, nested patterns (always broken, as prettier's
  // printObject breaks a declaration's pattern that nests one), short keys, names past the print width.
  it('destructuring with renamed and nested properties', async () => {
    const op = (key: string, parts: [string, string][]) => ({ property: key, name: { destructure: parts.map(([property, name]) => ({ property, name })) } });
    const one = n.variable('const', { destructure: [op('getPost', [['query', 'validateGetPostQuery']])] }, v('_v'), { exported: true });
    expect(await expectClean(one)).toBe('export const {\n  getPost: { query: validateGetPostQuery },\n} = _v;\n');
    const many = n.variable(
      'const',
      {
        destructure: [
          op('a', [['query', 'validateAQuery'], ['response', 'validateAResponse']]),
          op(word(40), [['pathParams', `validate${word(40)}PathParams`], ['query', `validate${word(40)}Query`], ['response', `validate${word(40)}Response`]]),
          op('get', [['requestBody', `validate${word(110)}RequestBody`]]),
          'plain',
          { property: 'renamed', name: 'other' },
          { property: 'delete', name: 'remove' },
        ],
      },
      v('_v'),
      { exported: true },
    );
    await expectClean(many);
  });
});
