/**
 * The README's "Usage" example of each package: a short program for the package's main use, built from the
 * model as nodes (ts-nodes.ts: names checked, spec values as literals) and laid out by the one printer, so
 * the README's fence holds what prettier prints and needs no formatting pass; a statement the printer does
 * not reproduce leaves the README to prettier. Every example type-checks under `strict` against the
 * installed packages (test/packages checks them). The example operation is the first one that is simple to
 * call: a GET with one JSON success response, no required body, and required parameters whose example
 * values can be written down.
 */
import * as n from '../../codegen/ts-nodes.ts';
import { NodeModulePrinter } from '../../codegen/ts-print.ts';
import { factsOf, type SchemaFacts } from '../../model/facts/index.ts';
import type { ApiModel, JsonValue, NamedSchema, OperationModel, Schema, SecurityRequirement } from '../../model/types.ts';
import type { PackageNaming, TargetName } from '../emitter.ts';

export interface ExampleOperation {
  op: OperationModel;
  /** Required parameters (path and query) with a value each. */
  args: Array<{ name: string; in: 'path' | 'query'; value: JsonValue }>;
  /** The one 2XX status. */
  status: number;
}

/** The operation the examples use, or undefined when the spec has none that is simple to call. */
export function exampleOperation(model: ApiModel): ExampleOperation | undefined {
  const facts = factsOf(model);
  const candidates = [...model.operations].sort((a, b) => rank(a) - rank(b));
  for (const op of candidates) {
    if (op.deprecated || op.streaming || op.requestBody?.required) continue;
    const success = op.responses.filter((r) => /^2\d\d$/.test(r.status));
    if (success.length !== 1 || success[0].content.length !== 1 || facts.media(success[0].content[0], 'response').kind !== 'json') continue;
    const args: ExampleOperation['args'] = [];
    let ok = true;
    for (const p of op.parameters) {
      if (!p.required) continue;
      if (p.in !== 'path' && p.in !== 'query') {
        ok = false;
        break;
      }
      const value = p.examples.length ? scalarOrList(p.examples[0]) : exampleValue(p.schema, facts, 0);
      if (value === undefined) {
        ok = false;
        break;
      }
      args.push({ name: p.name, in: p.in, value });
    }
    if (ok) return { op, args, status: Number(success[0].status) };
  }
  return undefined;
}

/** GETs first, then the other methods; document order within each. */
function rank(op: OperationModel): number {
  return op.method === 'get' ? 0 : 1;
}

function scalarOrList(value: JsonValue): JsonValue | undefined {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value;
  return undefined;
}

/** A value for a parameter schema: its example, const, first enum value, default, or one from its type. */
function exampleValue(schema: Schema, facts: SchemaFacts, depth: number): JsonValue | undefined {
  if (typeof schema === 'boolean' || depth > 8) return schema ? 'example' : undefined;
  if (schema.$ref) {
    const target = facts.resolveRef(schema.$ref);
    return target ? exampleValue(target.schema, facts, depth + 1) : undefined;
  }
  for (const value of [schema.examples?.[0], schema.const, schema.enum?.[0], schema.default]) {
    if (value !== undefined) return scalarOrList(value as JsonValue);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return exampleValue(alternatives[0], facts, depth + 1);
  if (schema.allOf?.length === 1) return exampleValue(schema.allOf[0], facts, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date-time') return '2024-01-01T00:00:00Z';
      if (schema.format === 'date') return '2024-01-01';
      if (schema.pattern || schema.format) return undefined;
      return 'example'.padEnd(schema.minLength ?? 0, 'x').slice(0, Math.max(schema.maxLength ?? 7, 1));
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : 1);
      const value = Math.max(low, 1);
      return schema.maximum !== undefined && value > schema.maximum ? schema.maximum : value;
    }
    case 'boolean':
      return true;
    case 'array': {
      const item = schema.items === undefined ? 'example' : exampleValue(schema.items, facts, depth + 1);
      return item === undefined || (item !== null && typeof item === 'object') ? undefined : [item];
    }
    default:
      return undefined;
  }
}

/** An example program as the README shows it. */
export interface PackageExample {
  text: string;
  /** Every statement printed as prettier prints it (else the README is left to prettier). */
  printed: boolean;
}

type Statement = n.Statement;
type Expression = n.Expression;

const v = n.valueRef;
const str = (value: string) => n.literalExpression(value);
const call = (callee: Expression, args: readonly Expression[] = []) => n.callExpression(callee, args);
const method = (object: Expression, name: string, args: readonly Expression[] = []) => call(n.propertyAccess(object, name), args);
const log = (...args: Expression[]) => n.expressionStatement(method(v('console'), 'log', args));

/** The program: blocks after a blank line each, their statements one a line. */
function printExample(blocks: readonly (readonly Statement[])[]): PackageExample {
  const module = new NodeModulePrinter();
  for (const block of blocks) block.forEach((statement, i) => module.node(statement, i ? 'line' : 'blank'));
  const { text, ranges } = module.build();
  return { text, printed: ranges.length === 0 };
}

/** `Operations['<method>']['<member>']` (the types package's operation map). */
function operationType(op: OperationModel, member: 'pathParams' | 'query' | 'response'): n.TypeNode {
  return n.indexedAccessType(n.indexedAccessType(n.typeRef('Operations'), n.literalType(op.names.method)), n.literalType(member));
}

/** `{ id: '2244994945' }`: the required arguments as an object literal (keys as the spec names them). */
function argsLiteral(example: ExampleOperation): Expression {
  return n.objectLiteral(example.args.map((a) => n.property(a.name, n.literalExpression(a.value))));
}

/** The example's server URL: the spec's first absolute server URL with variables at their defaults. */
function serverUrl(model: ApiModel): string {
  for (const server of model.servers) {
    const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables[name]?.default ?? name);
    if (/^https?:\/\/[^\s]+$/.test(url)) return url.replace(/\/+$/, '');
  }
  return 'https://api.example.com';
}

/** The `auth` option of `createClient` for the operation's first usable security alternative. */
function clientAuth(model: ApiModel, security: SecurityRequirement[]): { auth?: Expression; imports: string[] } {
  // Prefer an alternative of plain credentials (tokens, API keys, basic) over OAuth 1.0a signing.
  const plain = (name: string) => authEntry(model, name) !== undefined || model.securitySchemes.find((s) => s.name === name)?.type === 'apiKey';
  const usable = security.find((alt) => Object.keys(alt).length > 0 && Object.keys(alt).every(plain)) ?? security.find((alt) => Object.keys(alt).length > 0);
  if (!usable || !Object.keys(usable).length) return { imports: [] };
  const entries: n.ObjectMember[] = [];
  const imports: string[] = [];
  const apiKeys: n.ObjectMember[] = [];
  for (const name of Object.keys(usable)) {
    const scheme = model.securitySchemes.find((s) => s.name === name);
    if (!scheme) continue;
    if (scheme.type === 'apiKey') apiKeys.push(n.property(name, str('<API key>')));
    else if (scheme.type === 'http' && scheme.scheme === 'oauth') {
      imports.push('oauth1');
      const credentials = { consumerKey: '<consumer key>', consumerSecret: '<consumer secret>', token: '<access token>', tokenSecret: '<access token secret>' };
      entries.push(n.property('oauth1', call(v('oauth1'), [n.literalExpression(credentials)])));
    } else {
      const entry = authEntry(model, name);
      if (entry) entries.push(entry);
    }
  }
  if (apiKeys.length) entries.push(n.property('apiKeys', n.objectLiteral(apiKeys)));
  return entries.length ? { auth: n.objectLiteral(entries), imports } : { imports };
}

function authEntry(model: ApiModel, name: string): n.ObjectMember | undefined {
  const scheme = model.securitySchemes.find((s) => s.name === name);
  if (!scheme) return undefined;
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return n.property('oauth2', str('<OAuth 2.0 access token>'));
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return n.property('bearer', str('<bearer token>'));
  if (scheme.type === 'http' && scheme.scheme === 'basic') return n.property('basic', n.literalExpression({ username: '<user>', password: '<password>' }));
  return undefined;
}

/** The README example of `target`, as TypeScript source. */
export function packageExample(target: TargetName, model: ApiModel, packages: PackageNaming): PackageExample {
  const names = packages.names;
  const example = exampleOperation(model);
  switch (target) {
    case 'types':
      return printExample(typesExample(model, names.types, example));
    case 'validators':
      return printExample(validatorsExample(model, names.validators));
    case 'client':
      return printExample(clientExample(model, names.client, example));
    case 'server':
      return printExample(serverExample(model, names.server, names.types, example));
  }
}

function typesExample(model: ApiModel, pkg: string, example: ExampleOperation | undefined): Statement[][] {
  if (!example) {
    const schema = model.schemas.find((s) => !s.synthetic) ?? model.schemas[0];
    if (!schema) return [[n.importTypes(['Operations'], pkg)], [n.typeAlias('OperationNames', n.keyofType(n.typeRef('Operations')))]];
    const show = n.functionDeclaration('show', { parameters: [{ name: 'value', type: n.typeRef(schema.typeName) }], returns: n.keywordType('string') }, [
      n.returnStatement(method(v('JSON'), 'stringify', [v('value')])),
    ]);
    return [[n.importTypes([schema.typeName], pkg)], [show]];
  }
  const { op } = example;
  let path = op.path;
  const query = new URLSearchParams();
  for (const a of example.args) {
    const text = Array.isArray(a.value) ? a.value.map(String).join(',') : String(a.value);
    if (a.in === 'path') path = path.split(`{${a.name}}`).join(encodeURIComponent(text));
    else query.append(a.name, text);
  }
  const url = `${serverUrl(model)}${path}${query.size ? `?${query}` : ''}`;
  const fetchCall = n.variable('const', 'response', n.awaitExpression(call(v('fetch'), [str(url)])));
  return [
    [n.importTypes(['Operations'], pkg)],
    [
      n.lineComment(fetchCall, `The spec's types on a plain fetch of operation ${op.names.method}:`),
      n.variable('const', 'body', n.asType(n.awaitExpression(method(v('response'), 'json')), operationType(op, 'response'))),
      log(v('body')),
    ],
  ];
}

function validatorsExample(model: ApiModel, pkg: string): Statement[][] {
  // A schema with an example to validate: an object one if there is, else any; else the first schema.
  const hasExample = (s: NamedSchema, object: boolean) =>
    !s.synthetic && typeof s.schema === 'object' && s.schema.examples !== undefined && s.schema.examples.length > 0 && (!object || (typeof s.schema.examples[0] === 'object' && s.schema.examples[0] !== null));
  const withExample = model.schemas.find((s) => hasExample(s, true)) ?? model.schemas.find((s) => hasExample(s, false));
  const schema = withExample ?? model.schemas.find((s) => !s.synthetic) ?? model.schemas[0];
  if (!schema) return [[n.importDeclaration({ names: ['operationValidators'] }, pkg)], [log(method(v('Object'), 'keys', [v('operationValidators')]))]];
  const sample = withExample && typeof withExample.schema === 'object' ? JSON.stringify(withExample.schema.examples![0]) : '{}';
  const fn = `validate${schema.typeName}`;
  const result = (name: string) => n.propertyAccess(v('result'), name);
  const error = (name: string) => n.propertyAccess(v('error'), name);
  const message = n.templateExpression([{ value: error('instancePath') }, { text: ': ' }, { value: error('message') }]);
  const check = n.ifStatement(
    result('valid'),
    [n.trailingComment(log(result('value')), `typed as ${schema.typeName}`)],
    [n.forOf('error', result('errors'), n.expressionStatement(method(v('console'), 'error', [message])))],
  );
  return [[n.importDeclaration({ names: [fn] }, pkg)], [n.variable('const', 'result', call(v(fn), [method(v('JSON'), 'parse', [str(sample)])])), check]];
}

function clientExample(model: ApiModel, pkg: string, example: ExampleOperation | undefined): Statement[][] {
  const baseUrl = n.property('baseUrl', str(serverUrl(model)));
  if (!example) return [[n.importDeclaration({ names: ['createClient'] }, pkg)], [n.constDeclaration('client', call(v('createClient'), [n.objectLiteral([baseUrl])]))]];
  const { op } = example;
  const { auth, imports } = clientAuth(model, op.security);
  const client = v('client');
  const operation = () => method(client, op.names.method, [argsLiteral(example)]);
  const withResponse = n.variable('const', { destructure: ['data', 'status', 'rateLimit'] }, n.awaitExpression(method(operation(), 'withResponse')));
  const error = (name: string) => n.propertyAccess(v('error'), name);
  const reported = n.ifStatement(
    n.binary(v('error'), 'instanceof', v('ApiError')),
    n.expressionStatement(method(v('console'), 'error', [error('status'), n.binary(error('problem'), '??', error('body'))])),
    n.throwStatement(v('error')),
  );
  const attempt = n.tryStatement(
    [
      n.variable('const', 'body', n.awaitExpression(operation())),
      log(v('body')),
      n.lineComment(withResponse, 'With the status, headers and rate-limit information:'),
      log(v('status'), v('rateLimit'), v('data')),
    ],
    'error',
    [n.lineComment(reported, 'Non-2XX answers are ApiErrors; an RFC 7807 body is in `problem`.')],
  );
  const blocks = [
    [n.importDeclaration({ names: ['ApiError', 'createClient', ...imports] }, pkg)],
    [n.variable('const', 'client', call(v('createClient'), [n.objectLiteral(auth ? [baseUrl, n.property('auth', auth)] : [baseUrl], { multiLine: true })]))],
    [attempt],
  ];
  if (op.pagination) {
    const items = method(method(n.propertyAccess(client, 'paginate'), op.names.method, [argsLiteral(example)]), 'items');
    blocks.push([n.lineComment(n.forOf('item', items, log(v('item')), { await: true }), 'Every page, item by item:')]);
  }
  return blocks;
}

/** The `authenticate` option for the example operation's first security alternative (none when it has none). */
function serverAuthenticate(model: ApiModel, security: SecurityRequirement[]): Expression | undefined {
  const alternative = security.find((alt) => Object.keys(alt).length > 0);
  if (!alternative) return undefined;
  const scheme = model.securitySchemes.find((s) => s.name === Object.keys(alternative)[0]);
  const credentials = (name: string) => n.propertyAccess(v('credentials'), name);
  const [kind, secret]: [string, Expression] =
    scheme?.type === 'apiKey' ? ['apiKey', credentials('value')]
    : scheme?.type === 'http' && scheme.scheme === 'basic' ? ['basic', credentials('password')]
    : scheme?.type === 'http' && scheme.scheme === 'oauth' ? ['oauth1', n.binary(n.propertyAccess(credentials('params'), 'oauth_token'), '??', str(''))]
    : ['bearer', credentials('token')];
  const check = n.conditional(n.binary(credentials('scheme'), '===', str(kind)), call(v('verify'), [secret]), n.literalExpression(null));
  const authenticate = n.property('authenticate', n.arrowFunction([{ name: 'credentials' }], check));
  return n.objectLiteral([n.lineComment(authenticate, "Turns the request's credentials into a principal ({ kind: 'user', userId, scopes } or { kind: 'app' }); null → 401.")]);
}

function serverExample(model: ApiModel, pkg: string, typesPkg: string, example: ExampleOperation | undefined): Statement[][] {
  const listening = log(n.templateExpression([{ text: 'listening on ' }, { value: n.propertyAccess(v('server'), 'url') }]));
  const port = n.objectLiteral([n.property('port', n.literalExpression(3000))]);
  if (!example) {
    const server = n.variable('const', 'server', n.awaitExpression(call(v('serve'), [call(v('createHandler'), [n.objectLiteral([])]), port])));
    return [[n.importDeclaration({ names: ['createHandler', 'serve'] }, pkg)], [server, listening]];
  }
  const { op, status } = example;
  const authenticate = serverAuthenticate(model, op.security);
  const load = n.declareFunction('load', {
    parameters: [{ name: 'params', type: operationType(op, 'pathParams') }, { name: 'query', type: operationType(op, 'query') }],
    returns: n.typeRef('Promise', [operationType(op, 'response')]),
  });
  const verify = n.declareFunction('verify', { parameters: [{ name: 'secret', type: n.keywordType('string') }], returns: n.typeRef('Promise', [n.unionType([n.typeRef('Principal'), n.keywordType('null')])]) });
  const answer = n.objectLiteral([n.property('status', n.literalExpression(status)), n.property('body', n.awaitExpression(call(v('load'), [v('params'), v('query')])))]);
  const handle = n.method(op.names.method, { parameters: [{ name: { destructure: ['params', 'query'] } }] }, [n.returnStatement(answer)], [], { async: true });
  const handlers = n.objectLiteral([n.lineComment(handle, 'Parameters arrive parsed and validated; the result must be one of the declared responses.')]);
  return [
    [n.importDeclaration({ names: ['createHandler', 'serve'], typeNames: authenticate ? ['Principal'] : [] }, pkg), n.importTypes(['Operations'], typesPkg)],
    [n.lineComment(load, `Yours: data access${authenticate ? ' and credential checks' : ''}.`), ...(authenticate ? [verify] : [])],
    [n.variable('const', 'handler', call(v('createHandler'), authenticate ? [handlers, authenticate] : [handlers]))],
    [n.variable('const', 'server', n.awaitExpression(call(v('serve'), [v('handler'), port]))), listening],
  ];
}
