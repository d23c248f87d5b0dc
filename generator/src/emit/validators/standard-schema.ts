/**
 * `src/standard-schema.ts` of the validators target: every validator also as a Standard Schema v1 object
 * (https://standardschema.dev), so tRPC, TanStack Form, Hono's validator and the rest of that ecosystem
 * take them directly. The interface is declared in the module (structurally the spec's own), so the
 * package keeps no runtime or type dependency: it and `toStandardSchema` are the same for every spec, a
 * checked runtime module (runtime/standard-schema.ts) copied in whole.
 *
 * - `<Schema>Schema` per schema (`validate<Schema>` with its defaults);
 * - per operation, for the parts it declares (openapi/operations-file.ts `declaredParts`, as the
 *   `validate<Op>…` exports): `<Op>PathParamsSchema`, `…QuerySchema`, `…HeadersSchema`, `…CookiesSchema`,
 *   `…RequestBodySchema` (the first declared media type), and always `<Op>ResponseSchema(status, mediaType?)`;
 * - `toStandardSchema(validate, options?)` for other options (e.g. `{ direction: 'request' }` for a form).
 *
 * Each is one line, `export const X = /* @__PURE__ *\/ _schema(() => S.validateX);` (`_schema` calls
 * `toStandardSchema` with the validator the arrow returns; its type inferred from the validator's, so a bundler
 * drops the ones a program does not use). The arrow is for strict tsc: a reference to an import in a top-level
 * statement is checked by walking back through every constant before it (a cost growing with the square of the
 * exports: 35,767 on microsoft.com/graph), one inside a function by walking that function only. Laid out by
 * the one printer.
 *
 * Names: each is a name the model planned for the types target plus `Schema`, so they are as unique as
 * the type names are.
 */
import { ident, raw, type Code } from '../../codegen/index.ts';
import { ModulePrinter } from '../../codegen/pretty-module.ts';
import { namedLine, namespaceImport } from '../../codegen/module-lines.ts';
import type { ApiModel } from '../../model/types.ts';
import * as n from '../../codegen/ts-nodes.ts';
import { printStatement as printNodeStatement } from '../../codegen/ts-print.ts';
import { printStatement as printTreeStatement } from '../../codegen/statement-printer.ts';
import * as t from '../../codegen/statements.ts';
import { prettyImports } from './module/pretty.ts';
import { declaredParts } from './openapi/operations-file.ts';
import { copiedWhole } from './runtime/library.ts';

/**
 * The adapters the exports call, as nodes: `_schema` (a validator as a Standard Schema), `_body` (a request
 * body validator as one, its first declared media type's) and `_response` (a response validator per status
 * and media type). Written only where called: not in the runtime module copied whole, so a spec whose
 * exports call none of them (no schemas, operations without bodies) declares nothing unused.
 */
function adapters(): { name: string; text: string; formatted: boolean }[] {
  const T = n.typeRef('T');
  const options = { name: 'options', type: n.typeRef('ValidateOptions'), optional: true };
  const result = n.typeRef('ValidationResult', [T]);
  const schema = n.typeRef('SyncStandardSchema', [T]);
  const status = { name: 'status', type: n.unionType([n.keywordType('number'), n.keywordType('string')]) };
  const validate = n.valueRef('validate');
  // `toStandardSchema((body, options) => validate(…args))`, `validate` the validator `get` returns
  const adapt = (args: string[]) =>
    n.callExpression(n.valueRef('toStandardSchema'), [n.arrowFunction([{ name: 'body' }, { name: 'options' }], n.callExpression(validate, args.map((a) => (a === 'undefined' ? n.literalExpression(undefined) : n.valueRef(a)))))]);
  const got = n.variable('const', 'validate', n.callExpression(n.valueRef('get'), []));
  const schemaAdapter = n.functionDeclaration(
    '_schema',
    {
      typeParameters: [{ name: 'T' }],
      parameters: [{ name: 'get', type: n.functionType([], n.functionType([{ name: 'value', type: n.keywordType('unknown') }, options], result)) }],
      returns: schema,
    },
    [n.returnStatement(n.callExpression(n.valueRef('toStandardSchema'), [n.callExpression(n.valueRef('get'), [])]))],
    [
      '`toStandardSchema` of the validator `get` returns. The exports below pass `() => S.validateX`: strict tsc',
      'checks a reference to an import in a top-level statement by walking back through every constant declared',
      'before it, one inside a function by walking that function only.',
    ],
    { exported: false },
  );
  const body = n.functionDeclaration(
    '_body',
    {
      typeParameters: [{ name: 'T' }],
      parameters: [{ name: 'get', type: n.functionType([], n.functionType([{ name: 'body', type: n.keywordType('unknown') }, { name: 'mediaType', type: n.keywordType('string'), optional: true }, options], result)) }],
      returns: schema,
    },
    [got, n.returnStatement(adapt(['body', 'undefined', 'options']))],
    ['The request body validator `get` returns as a Standard Schema: the body of its first declared media type.'],
    { exported: false },
  );
  const response = n.functionDeclaration(
    '_response',
    {
      typeParameters: [{ name: 'T' }],
      parameters: [{ name: 'get', type: n.functionType([], n.functionType([status, { name: 'mediaType', type: n.keywordType('string') }, { name: 'body', type: n.keywordType('unknown') }, options], result)) }],
      returns: n.functionType([status, { name: 'mediaType', type: n.keywordType('string'), optional: true }], schema),
    },
    [got, n.returnStatement(n.arrowFunction([{ name: 'status' }, { name: 'mediaType', initializer: n.literalExpression('application/json') }], adapt(['status', 'mediaType', 'body', 'options'])))],
    ['The response validator `get` returns as a Standard Schema per status and media type (default `application/json`).'],
    { exported: false },
  );
  return [
    { name: '_schema', ...printNodeStatement(schemaAdapter) },
    { name: '_body', ...printNodeStatement(body) },
    { name: '_response', ...printNodeStatement(response) },
  ];
}

/**
 * `export const <name> = /* @__PURE__ *\/ <adapter>(() => <namespace>.<validator>);`. The validator is behind
 * an arrow so that strict tsc's flow analysis of the import stops at the arrow (`_schema`).
 */
function adapted(name: string, adapter: string, namespace: string, validator: string): { text: string; formatted: boolean } {
  // On the statement tree: thousands of one-line constants a module, printed as text without building nodes.
  const get = t.arrow(t.member(raw(namespace), validator));
  return printTreeStatement(t.exportedConst(ident(name), t.pure(t.call(raw(adapter), get))));
}

export function standardSchemaFile(model: ApiModel, header: Code): ModulePrinter {
  const imports = [
    namedLine('import', ['ValidateOptions', 'ValidationResult'], './runtime.js', true),
    ...(model.schemas.length ? [namespaceImport('S', './schemas.js')] : []),
    ...(model.operations.length ? [namespaceImport('O', './operations.js')] : []),
  ];
  const module = new ModulePrinter().statement(header.text).statement(prettyImports(imports));
  const constants = [
    ...model.schemas.map((s) => ({ name: `${s.typeName}Schema`, adapter: '_schema', namespace: 'S', validator: `validate${s.typeName}` })),
    ...model.operations.flatMap((op) =>
      declaredParts(op).map(({ part, name }) => ({
        name: `${name}Schema`,
        adapter: part === 'requestBody' ? '_body' : part === 'response' ? '_response' : '_schema',
        namespace: 'O',
        validator: `validate${name}`,
      })),
    ),
  ];
  // An adapter no constant calls is left out (a spec without schemas, operations without bodies).
  const called = new Set(constants.map((c) => c.adapter));
  // The interface and `toStandardSchema`, the same for every spec: copied from the checked runtime module.
  for (const text of copiedWhole(new URL('./runtime/standard-schema.ts', import.meta.url))) module.statement(text);
  for (const { name, text, formatted } of adapters()) if (called.has(name)) module.statement(text, formatted);
  for (const c of constants) {
    const { text, formatted } = adapted(c.name, c.adapter, c.namespace, ident(c.validator).text);
    module.statement(text, formatted);
  }
  return module;
}
