/**
 * The README examples built as nodes and laid out by the one printer (emit/package/examples.ts, the
 * adapters', msw's) against prettier: each example of each spec of a sample (fixtures, Petstore, the OpenAPI
 * examples, the project's spec) is claimed printed and prettier leaves it exactly as it is; operation names
 * and argument values of every length (fast-check) push its calls, declarations and chains across the print
 * width. That the examples type-check is test/packages/templates.test.ts's and publish.test.ts's; that the
 * README around them is prettier's is test/print/prettier-clean.test.ts's.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import * as prettier from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';
import { adapterEmitters } from '../../generator/src/emit/adapters/index.ts';
import { createEmitContext, type TargetEmitter } from '../../generator/src/emit/emitter.ts';
import { mswEmitter } from '../../generator/src/emit/msw/index.ts';
import { exampleOperation, packageExample } from '../../generator/src/emit/package/examples.ts';
import { packageFiles } from '../../generator/src/emit/package/index.ts';
import { loadEmitter } from '../../generator/src/emit/registry.ts';
import { queryEmitter } from '../../generator/src/emit/query/index.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/codegen/layout-options.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import type { ApiModel, SecuritySchemeModel } from '../../generator/src/model/types.ts';
import { corpusDir, fixtureSpecsDir, projectSpec } from '../helpers/paths.ts';

const TARGETS = ['types', 'validators', 'client', 'server'] as const;
const names = Object.fromEntries(['types', 'validators', 'client', 'server', 'msw', 'query', ...Object.keys(adapterEmitters)].map((t) => [t, `@p/${t}`]));
const packages = { scope: 'p', names, version: '1.0.0' };
const context = createEmitContext({ packages, generatorVersion: '0.0.0-test' });
const format = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' });

const SPECS = [
  projectSpec,
  ...readdirSync(fixtureSpecsDir).filter((f) => f.endsWith('.yaml')).map((f) => path.join(fixtureSpecsDir, f)),
  ...readdirSync(path.join(corpusDir, 'petstore')).filter((f) => /\.(ya?ml|json)$/.test(f)).map((f) => path.join(corpusDir, 'petstore', f)),
  ...['v3.0', 'v3.1'].flatMap((v) => readdirSync(path.join(corpusDir, 'oai-examples', v)).filter((f) => f.endsWith('.yaml')).map((f) => path.join(corpusDir, 'oai-examples', v, f))),
];

const models = new Map<string, ApiModel>();

beforeAll(async () => {
  for (const spec of SPECS) {
    try {
      models.set(path.basename(spec), (await loadModel(spec)).model);
    } catch {
      // A fixture meant to be refused (malformed on purpose) has no README.
    }
  }
}, 120_000);

async function expectPrinted(target: (typeof TARGETS)[number], model: ApiModel, label: string): Promise<string> {
  const example = packageExample(target, model, packages);
  expect([label, target, example.printed]).toEqual([label, target, true]);
  expect(await format(example.text), `${label} ${target}`).toBe(example.text);
  return example.text;
}

describe('the README examples are printed as prettier prints them', () => {
  it('every built-in example of every sampled spec: claimed printed, and prettier agrees', async () => {
    expect(models.size).toBeGreaterThan(30);
    for (const [label, model] of models) for (const target of TARGETS) await expectPrinted(target, model, label);
  });

  it('operation names and argument values of every length cross the print width', async () => {
    const model = models.get('social-posting.openapi.yaml')!;
    const example = exampleOperation(model)!;
    const lengths = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z][A-Za-z0-9]{0,90}$/), fc.string({ minLength: 0, maxLength: 90 }), async (method, value) => {
        const op = { ...example.op, names: { ...example.op.names, method }, parameters: example.op.parameters.map((p) => (p.required ? { ...p, examples: [value] } : p)) };
        const renamed = { ...model, operations: [op] };
        for (const target of TARGETS) lengths.add((await expectPrinted(target, renamed, method)).split('\n').reduce((m, l) => Math.max(m, l.length), 0));
      }),
      { numRuns: 15 },
    );
    // Some layouts broke (lines at the width) and some did not.
    expect([...lengths].some((l) => l > 100)).toBe(true);
  });

  it("every kind of credential in the client's auth and the server's authenticate option", async () => {
    const model = models.get('social-posting.openapi.yaml')!;
    const example = exampleOperation(model)!;
    const scheme = (name: string, type: SecuritySchemeModel['type'], scheme?: string) => ({ name, type, scheme, deprecated: false, extensions: {}, pointer: `/components/securitySchemes/${name}` });
    const schemes = [scheme('key', 'apiKey'), scheme('proto-key', 'apiKey'), scheme('basicAuth', 'http', 'basic'), scheme('signed', 'http', 'oauth'), scheme('token', 'http', 'bearer'), scheme('oidc', 'openIdConnect')];
    const alternatives = [[{ signed: [] }], [{ key: [], 'proto-key': [] }], [{ basicAuth: [] }], [{ token: [] }], [{ oidc: [] }], [{ signed: [], key: [] }]];
    const texts: string[] = [];
    for (const security of alternatives) {
      const op = { ...example.op, security };
      for (const target of ['client', 'server'] as const) texts.push(await expectPrinted(target, { ...model, securitySchemes: schemes, operations: [op] }, JSON.stringify(security)));
    }
    const all = texts.join('\n');
    for (const expected of ["apiKeys: { key: '<API key>', 'proto-key': '<API key>' }", 'oauth1: oauth1({', "credentials.scheme === 'oauth1' ? verify(credentials.params.oauth_token ?? '') : null", "basic: { username: '<user>', password: '<password>' }"]) expect(all).toContain(expected);
  });

  it('an example with a statement the printer does not reproduce is the compiler\'s text, and its README goes to prettier', async () => {
    const model = models.get('social-posting.openapi.yaml')!;
    const example = exampleOperation(model)!;
    // A non-ASCII key: prettier unquotes it when it is an identifier name, which the printer leaves to it.
    const op = { ...example.op, parameters: example.op.parameters.map((p) => (p.required && p.in === 'path' ? { ...p, name: 'caf\u00e9' } : p)), path: example.op.path.replace(/\{[^}]+\}/, '{caf\u00e9}') };
    const renamed = { ...model, operations: [op] };
    const client = packageExample('client', renamed, packages);
    expect(client.printed).toBe(false);
    expect(await format(client.text)).toContain("await client.getUserBookmarks({ café: '");
    const emitter = await loadEmitter('client');
    const readme = packageFiles(emitter, renamed, context, { license: 'MIT', licenseHolder: 'x' }).find((f) => f.path === 'README.md')!;
    expect(readme.formatted).toBeUndefined();
    expect(readme.contents).toContain(client.text.trimEnd());
  });

  it("the adapters' examples: each framework's setup, as before, in prettier's layout", async () => {
    const model = models.get('social-posting.openapi.yaml')!;
    const examples = Object.fromEntries(await Promise.all(Object.entries(adapterEmitters).map(async ([name, emitter]) => [name, example(emitter, model)] as const)));
    for (const text of Object.values(examples)) expect(await format(text)).toBe(text);
    const packagesImports = (fn: string, name: string) => `import { createHandler } from '@p/server';\nimport { ${fn} } from '@p/${name}';\nimport { handlers } from './handlers.js';\n\n`;
    expect(examples.express).toBe(`import express from 'express';\n${packagesImports('toExpress', 'express')}const app = express();\napp.use(toExpress(createHandler(handlers)));\napp.listen(3000);\n`);
    expect(examples.fastify).toBe(`import Fastify from 'fastify';\n${packagesImports('toFastify', 'fastify')}const app = Fastify();\nawait app.register(toFastify(createHandler(handlers)));\nawait app.listen({ port: 3000 });\n`);
    expect(examples.hono).toBe(`import { Hono } from 'hono';\n${packagesImports('toHono', 'hono')}const app = new Hono();\napp.route('/', toHono(createHandler(handlers)));\nexport default app;\n`);
    expect(examples.koa).toBe(`import Koa from 'koa';\n${packagesImports('toKoa', 'koa')}const app = new Koa();\napp.use(toKoa(createHandler(handlers)));\napp.listen(3000);\n`);
    expect(examples.next).toBe(
      `// app/api/[...path]/route.ts\n${packagesImports('toNext', 'next')}export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = toNext(createHandler(handlers, { basePath: '/api' }));\n`,
    );
  });

  it("msw's example spreads its handlers; query's module of a spec without operations is an empty module", async () => {
    const model = models.get('social-posting.openapi.yaml')!;
    const msw = example(mswEmitter, model);
    expect(msw).toContain('\n\nconst server = setupServer(...handlers);\nserver.listen();\n');
    expect(await format(msw)).toBe(msw);
    const [index] = queryEmitter.emit({ ...model, operations: [] }, context);
    expect(index!.formatted).toBe(true);
    expect(index!.contents).toMatch(/\*\/\n\nexport \{\};\n$/);
    expect(await format(index!.contents)).toBe(index!.contents);
  });
});

function example(emitter: TargetEmitter, model: ApiModel): string {
  const given = emitter.package?.example;
  return typeof given === 'function' ? given(model, context) : given ?? '';
}
