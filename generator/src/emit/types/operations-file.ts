/**
 * `src/operations.ts`: per-operation types (parameters by location, request body, responses by status and
 * media type, success and error unions) and the `Operations` map from method name to them.
 */
import { Code, code, docComment, ident, propKey, raw } from '../../codegen/index.ts';
import type { HeaderModel, MediaTypeModel, ModelIndex, OperationModel, ParameterLocation, ParameterModel, ResponseModel } from '../../model/types.ts';
import type { TypeContext } from './context.ts';
import { schemaDocLines } from './jsdoc.ts';
import { transformSchema } from './transform/schema.ts';
import { union } from './transform/combine.ts';

const LOCATION_NAME: Record<ParameterLocation, keyof OperationModel['names']> = {
  path: 'pathParams',
  query: 'query',
  header: 'headers',
  cookie: 'cookies',
};

export function operationStatements(operations: OperationModel[], index: ModelIndex, writeDiffers: ReadonlySet<string>, used: Set<string>): Code[] {
  const statements: Code[] = [];
  const request: TypeContext = { index, view: 'write', writeDiffers, used };
  const response: TypeContext = { index, view: 'read', writeDiffers, used };
  for (const op of operations) {
    const n = op.names;
    const title = `${op.method.toUpperCase()} ${op.path}`;
    for (const location of ['path', 'query', 'header', 'cookie'] as const) {
      const params = op.parameters.filter((p) => p.in === location);
      const doc = docComment([`${location === 'path' ? 'Path' : location === 'query' ? 'Query' : location === 'header' ? 'Header' : 'Cookie'} parameters of \`${title}\`.`]);
      statements.push(code`${doc}export type ${ident(n[LOCATION_NAME[location]])} = ${parameterObject(params, request)};`);
    }
    statements.push(code`${docComment([`Request body of \`${title}\`${op.requestBody?.required ? ' (required)' : ''}.`, op.requestBody?.description])}export type ${ident(n.requestBody)} = ${requestBodyType(op, request)};`);
    statements.push(code`${docComment([`Responses of \`${title}\` by status and media type.`])}export interface ${ident(n.responses)} ${responsesType(op.responses, response)}`);
    statements.push(code`${docComment([`Body of a successful \`${title}\`.`])}export type ${ident(n.success)} = ${bodyUnion(op.responses.filter(isSuccess), response)};`);
    statements.push(code`${docComment([`Body of a failed \`${title}\`.`])}export type ${ident(n.error)} = ${bodyUnion(op.responses.filter((r) => !isSuccess(r)), response)};`);
  }
  const members = operations.map((op) => {
    const n = op.names;
    const doc = docComment([`\`${op.method.toUpperCase()} ${op.path}\`${op.summary ? `: ${op.summary}` : ''}`, op.deprecated ? '@deprecated' : undefined]);
    return code`${doc}${propKey(n.method)}: { pathParams: ${ident(n.pathParams)}; query: ${ident(n.query)}; headers: ${ident(n.headers)}; cookies: ${ident(n.cookies)}; requestBody: ${ident(n.requestBody)}; responses: ${ident(n.responses)}; response: ${ident(n.success)}; errorResponse: ${ident(n.error)} };`;
  });
  statements.push(code`${docComment(['Every operation, by method name (the operationId).'])}export interface Operations {\n${joinLines(members)}\n}`);
  return statements;
}

export function isSuccess(response: ResponseModel): boolean {
  return /^2/.test(response.status);
}

function parameterObject(params: ParameterModel[], ctx: TypeContext): Code {
  if (!params.length) return raw('Record<string, never>');
  const members = params.map((p) => {
    const type = transformSchema(p.schema, ctx);
    const doc = docComment([p.description, p.deprecated ? '@deprecated' : undefined, ...schemaDocLines(p.schema).filter((l) => !p.description || l !== p.description)]);
    return new Code(`${doc.text}${propKey(p.name).text}${p.required ? '' : '?'}: ${type.text};`);
  });
  return new Code(`{\n${members.map((m) => m.text).join('\n')}\n}`);
}

/** What a client may send as a binary body (the model's media fact says `binary`). */
export const BINARY_REQUEST_TYPE = 'Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array>';

function requestBodyType(op: OperationModel, ctx: TypeContext): Code {
  if (!op.requestBody || !op.requestBody.content.length) return raw('never');
  const facts = ctx.index.facts;
  return union(op.requestBody.content.map((m) => (facts.media(m, 'request').kind === 'binary' ? raw(BINARY_REQUEST_TYPE) : transformSchema(m.schema, ctx))));
}

/** A response body's type: `Blob` for binary media (the client's default reading), else the schema's. */
function responseBodyType(m: MediaTypeModel, ctx: TypeContext): Code {
  return ctx.index.facts.media(m, 'response').kind === 'binary' ? raw('Blob') : transformSchema(m.schema, ctx);
}

function headersType(headers: HeaderModel[], ctx: TypeContext): Code {
  if (!headers.length) return raw('Record<string, never>');
  const members = headers.map((h) => `${docComment([h.description, h.deprecated ? '@deprecated' : undefined]).text}${propKey(h.name.toLowerCase()).text}${h.required ? '' : '?'}: ${transformSchema(h.schema, ctx).text};`);
  return new Code(`{\n${members.join('\n')}\n}`);
}

function responsesType(responses: ResponseModel[], ctx: TypeContext): Code {
  if (!responses.length) return raw('{}');
  const members = responses.map((r) => {
    const content = r.content.length
      ? `{\n${r.content.map((m) => `${propKey(m.mediaType).text}: ${responseBodyType(m, ctx).text};`).join('\n')}\n}`
      : 'Record<string, never>';
    const doc = docComment([r.description]);
    return `${doc.text}${propKey(r.status).text}: {\nheaders: ${headersType(r.headers, ctx).text};\ncontent: ${content};\n};`;
  });
  return new Code(`{\n${members.join('\n')}\n}`);
}

function bodyUnion(responses: ResponseModel[], ctx: TypeContext): Code {
  if (!responses.length) return raw('never');
  return union(responses.flatMap((r) => (r.content.length ? r.content.map((m) => responseBodyType(m, ctx)) : [raw('undefined')])));
}

function joinLines(parts: Code[]): Code {
  return new Code(parts.map((p) => p.text).join('\n'));
}
