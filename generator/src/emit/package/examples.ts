/**
 * The README's "Usage" example of each package: a short program for the package's main use, built from the
 * model with the codegen (names through `ident`, spec values through `lit`), that type-checks under
 * `strict` against the installed packages (test/packages checks every README example), spelled as prettier
 * spells it (`prettyLit`: single quotes, `{ a: 1 }`) so the README needs no formatting pass. The example
 * operation is the first one that is simple to call: a GET with one JSON success response, no required
 * body, and required parameters whose example values can be written down.
 */
import { code, ident, isNumericKey, isPropertyName, join, prettyLit as lit, propKey, raw, type Code } from '../../codegen/index.ts';
import { factsOf, type SchemaFacts } from '../../model/facts/index.ts';
import type { ApiModel, JsonValue, NamedSchema, OperationModel, Schema, SecurityRequirement } from '../../model/types.ts';
import type { PackageNaming, TargetName } from '../emitter.ts';
import { PRETTIER_OPTIONS } from '../../codegen/layout-options.ts';
import { callArguments, fluidAssignment, printDoc, prettyString } from '../../codegen/pretty-doc.ts';

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

/** An object literal key as prettier writes it: bare when it can be, else quoted; `__proto__` computed (an own property). */
function objectKey(name: string): Code {
  if (name === '__proto__') return code`[${lit(name)}]`;
  return isPropertyName(name) || isNumericKey(name) ? propKey(name) : lit(name);
}

/** `Operations['<method>']['<member>']` (the types package's operation map). */
function operationType(op: OperationModel, member: 'pathParams' | 'query' | 'response'): Code {
  return code`Operations[${lit(op.names.method)}][${lit(member)}]`;
}

/** The server example's data-access declaration, on one line when it fits, else one parameter a line (as prettier breaks it). */
function loadDeclaration(op: OperationModel): Code {
  const params = [code`params: ${operationType(op, 'pathParams')}`, code`query: ${operationType(op, 'query')}`];
  const returns = code`Promise<${operationType(op, 'response')}>`;
  const flat = code`declare function load(${join(params)}): ${returns};`;
  if (flat.text.length <= PRETTIER_OPTIONS.printWidth!) return flat;
  return code`declare function load(\n${join(params.map((p) => code`  ${p},`), '\n')}\n): ${returns};`;
}

/** `{ id: '2244994945' }`: the required arguments as an object literal (keys as the spec names them). */
function argsLiteral(example: ExampleOperation): Code {
  if (!example.args.length) return code`{}`;
  return code`{ ${join(example.args.map((a) => code`${objectKey(a.name)}: ${lit(a.value)}`))} }`;
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
function clientAuth(model: ApiModel, security: SecurityRequirement[]): { auth?: Code; imports: string[] } {
  // Prefer an alternative of plain credentials (tokens, API keys, basic) over OAuth 1.0a signing.
  const plain = (name: string) => authEntry(model, name) !== undefined || model.securitySchemes.find((s) => s.name === name)?.type === 'apiKey';
  const usable = security.find((alt) => Object.keys(alt).length > 0 && Object.keys(alt).every(plain)) ?? security.find((alt) => Object.keys(alt).length > 0);
  if (!usable || !Object.keys(usable).length) return { imports: [] };
  const entries: Code[] = [];
  const imports: string[] = [];
  const apiKeys: Code[] = [];
  for (const name of Object.keys(usable)) {
    const scheme = model.securitySchemes.find((s) => s.name === name);
    if (!scheme) continue;
    if (scheme.type === 'apiKey') apiKeys.push(code`${objectKey(name)}: ${lit('<API key>')}`);
    else if (scheme.type === 'http' && scheme.scheme === 'oauth') {
      imports.push('oauth1');
      entries.push(code`oauth1: oauth1({ consumerKey: ${lit('<consumer key>')}, consumerSecret: ${lit('<consumer secret>')}, token: ${lit('<access token>')}, tokenSecret: ${lit('<access token secret>')} })`);
    } else {
      const entry = authEntry(model, name);
      if (entry) entries.push(entry);
    }
  }
  if (apiKeys.length) entries.push(code`apiKeys: { ${join(apiKeys)} }`);
  return entries.length ? { auth: code`{ ${join(entries)} }`, imports } : { imports };
}

function authEntry(model: ApiModel, name: string): Code | undefined {
  const scheme = model.securitySchemes.find((s) => s.name === name);
  if (!scheme) return undefined;
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return code`oauth2: ${lit('<OAuth 2.0 access token>')}`;
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return code`bearer: ${lit('<bearer token>')}`;
  if (scheme.type === 'http' && scheme.scheme === 'basic') return code`basic: { username: ${lit('<user>')}, password: ${lit('<password>')} }`;
  return undefined;
}

function importLine(names: string[], from: string, typeOnly = false): Code {
  return code`import ${typeOnly ? code`type ` : code``}{ ${join([...new Set(names)].sort().map((n) => ident(n)))} } from ${lit(from)};`;
}

/**
 * Whether `target`'s example is printed whole as prettier prints it, whatever the spec (its width-dependent
 * statements laid out by prettier's document printer), so the README may carry it without a check of its lines.
 */
export function examplePrinted(target: TargetName): boolean {
  return target === 'validators';
}

/** The README example of `target`, as TypeScript source. */
export function packageExample(target: TargetName, model: ApiModel, packages: PackageNaming): string {
  const names = packages.names;
  const example = exampleOperation(model);
  switch (target) {
    case 'types':
      return typesExample(model, names.types, example).text;
    case 'validators':
      return validatorsExample(model, names.validators).text;
    case 'client':
      return clientExample(model, names.client, example).text;
    case 'server':
      return serverExample(model, names.server, names.types, example).text;
  }
}

function typesExample(model: ApiModel, pkg: string, example: ExampleOperation | undefined): Code {
  if (!example) {
    const schema = model.schemas.find((s) => !s.synthetic) ?? model.schemas[0];
    return schema
      ? code`${importLine([schema.typeName], pkg, true)}\n\nexport function show(value: ${ident(schema.typeName)}): string {\n  return JSON.stringify(value);\n}\n`
      : code`${importLine(['Operations'], pkg, true)}\n\nexport type OperationNames = keyof Operations;\n`;
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
  return code`${importLine(['Operations'], pkg, true)}

// The spec's types on a plain fetch of operation ${ident(op.names.method)}:
const response = await fetch(${lit(url)});
const body = (await response.json()) as ${operationType(op, 'response')};
console.log(body);
`;
}

function validatorsExample(model: ApiModel, pkg: string): Code {
  // A schema with an example to validate: an object one if there is, else any; else the first schema.
  const hasExample = (s: NamedSchema, object: boolean) =>
    !s.synthetic && typeof s.schema === 'object' && s.schema.examples !== undefined && s.schema.examples.length > 0 && (!object || (typeof s.schema.examples[0] === 'object' && s.schema.examples[0] !== null));
  const withExample = model.schemas.find((s) => hasExample(s, true)) ?? model.schemas.find((s) => hasExample(s, false));
  const schema = withExample ?? model.schemas.find((s) => !s.synthetic) ?? model.schemas[0];
  if (!schema) return code`import { operationValidators } from ${lit(pkg)};\n\nconsole.log(Object.keys(operationValidators));\n`;
  const sample = withExample && typeof withExample.schema === 'object' ? JSON.stringify(withExample.schema.examples![0]) : '{}';
  const fn = ident(`validate${schema.typeName}`).text;
  // The call is as wide as the schema's name and example: laid out as prettier lays it out (the arguments
  // broken one a line when it does not fit; the string in prettier's quotes, escapes as written).
  const call = printDoc([fluidAssignment('const result =', [fn, callArguments([['JSON.parse', callArguments([prettyString(sample)])]])]), ';']);
  return code`${importLine([fn], pkg)}

${raw(call)}
if (result.valid) {
  console.log(result.value); // typed as ${ident(schema.typeName)}
} else {
  for (const error of result.errors) console.error(\`\${error.instancePath}: \${error.message}\`);
}
`;
}

function clientExample(model: ApiModel, pkg: string, example: ExampleOperation | undefined): Code {
  const baseUrl = lit(serverUrl(model));
  if (!example) return code`import { createClient } from ${lit(pkg)};\n\nexport const client = createClient({ baseUrl: ${baseUrl} });\n`;
  const { op } = example;
  const { auth, imports } = clientAuth(model, op.security);
  const method = ident(op.names.method);
  const paginated = op.pagination
    ? code`

// Every page, item by item:
for await (const item of client.paginate.${method}(${argsLiteral(example)}).items()) console.log(item);`
    : code``;
  return code`${importLine(['ApiError', 'createClient', ...imports], pkg)}

const client = createClient({
  baseUrl: ${baseUrl},${auth ? code`\n  auth: ${auth},` : code``}
});

try {
  const body = await client.${method}(${argsLiteral(example)});
  console.log(body);
  // With the status, headers and rate-limit information:
  const { data, status, rateLimit } = await client.${method}(${argsLiteral(example)}).withResponse();
  console.log(status, rateLimit, data);
} catch (error) {
  // Non-2XX answers are ApiErrors; an RFC 7807 body is in \`problem\`.
  if (error instanceof ApiError) console.error(error.status, error.problem ?? error.body);
  else throw error;
}${paginated}
`;
}

/** The `authenticate` option for the example operation's first security alternative (none when it has none). */
function serverAuthenticate(model: ApiModel, security: SecurityRequirement[]): Code | undefined {
  const alternative = security.find((alt) => Object.keys(alt).length > 0);
  if (!alternative) return undefined;
  const scheme = model.securitySchemes.find((s) => s.name === Object.keys(alternative)[0]);
  let check: Code;
  if (scheme?.type === 'apiKey') check = code`credentials.scheme === 'apiKey' ? verify(credentials.value) : null`;
  else if (scheme?.type === 'http' && scheme.scheme === 'basic') check = code`credentials.scheme === 'basic' ? verify(credentials.password) : null`;
  else if (scheme?.type === 'http' && scheme.scheme === 'oauth') check = code`credentials.scheme === 'oauth1' ? verify(credentials.params.oauth_token ?? '') : null`;
  else check = code`credentials.scheme === 'bearer' ? verify(credentials.token) : null`;
  return code`
  {
    // Turns the request's credentials into a principal ({ kind: 'user', userId, scopes } or { kind: 'app' }); null → 401.
    authenticate: (credentials) => (${check}),
  },`;
}

function serverExample(model: ApiModel, pkg: string, typesPkg: string, example: ExampleOperation | undefined): Code {
  if (!example) return code`import { createHandler, serve } from ${lit(pkg)};\n\nconst server = await serve(createHandler({}), { port: 3000 });\nconsole.log(\`listening on \${server.url}\`);\n`;
  const { op, status } = example;
  const authenticate = serverAuthenticate(model, op.security);
  // `pad`: the object's own indentation (spaces the generator chooses).
  const handlers = (pad: string) => code`${raw(pad)}{
${raw(pad)}  // Parameters arrive parsed and validated; the result must be one of the declared responses.
${raw(pad)}  async ${ident(op.names.method)}({ params, query }) {
${raw(pad)}    return { status: ${lit(status)}, body: await load(params, query) };
${raw(pad)}  },
${raw(pad)}}`;
  // A sole object argument hugs the parentheses (as prettier prints it); with the options it is one argument a line.
  return code`${authenticate ? code`import { createHandler, serve, type Principal } from ${lit(pkg)};` : code`import { createHandler, serve } from ${lit(pkg)};`}
${importLine(['Operations'], typesPkg, true)}

// Yours: data access${authenticate ? code` and credential checks` : code``}.
${loadDeclaration(op)}${authenticate ? code`\ndeclare function verify(secret: string): Promise<Principal | null>;` : code``}

${authenticate ? code`const handler = createHandler(\n${handlers('  ')},${authenticate}\n);` : code`const handler = createHandler(${handlers('')});`}

const server = await serve(handler, { port: 3000 });
console.log(\`listening on \${server.url}\`);
`;
}

