/**
 * `src/operations.ts`: per-operation types (parameters by location, request body, responses by status and
 * media type, success and error unions) and the `Operations` map from method name to them.
 */
import {
  interfaceDeclaration, keywordType, propertySignature, typeAlias, typeLiteral, typeRef, unionType, type Statement, type TypeElement, type TypeNode,
} from '../../codegen/ts-nodes.ts';
import type { HeaderModel, MediaTypeModel, ModelIndex, OperationModel, ParameterLocation, ParameterModel, ResponseModel } from '../../model/types.ts';
import type { TypeContext } from './context.ts';
import { schemaDocLines } from './jsdoc.ts';
import { transformSchema } from './transform/schema.ts';

const LOCATION_NAME: Record<ParameterLocation, keyof OperationModel['names']> = {
  path: 'pathParams',
  query: 'query',
  header: 'headers',
  cookie: 'cookies',
};

const LOCATION_TITLE: Record<ParameterLocation, string> = { path: 'Path', query: 'Query', header: 'Header', cookie: 'Cookie' };

/** The members of each `Operations` entry, in order, with the per-operation name each refers to. */
const OPERATION_MEMBERS = [
  ['pathParams', 'pathParams'],
  ['query', 'query'],
  ['headers', 'headers'],
  ['cookies', 'cookies'],
  ['requestBody', 'requestBody'],
  ['responses', 'responses'],
  ['response', 'success'],
  ['errorResponse', 'error'],
] as const satisfies readonly (readonly [string, keyof OperationModel['names']])[];

/** The statements in order; `used` collects the schema type names they refer to (complete once iterated). */
export function* operationStatements(operations: OperationModel[], index: ModelIndex, writeDiffers: ReadonlySet<string>, used: Set<string>): Generator<Statement> {
  const request: TypeContext = { index, view: 'write', writeDiffers, used };
  const response: TypeContext = { index, view: 'read', writeDiffers, used };
  for (const op of operations) {
    const n = op.names;
    const title = `${op.method.toUpperCase()} ${op.path}`;
    for (const location of ['path', 'query', 'header', 'cookie'] as const) {
      const params = op.parameters.filter((p) => p.in === location);
      yield typeAlias(n[LOCATION_NAME[location]], parameterObject(params, request), [`${LOCATION_TITLE[location]} parameters of \`${title}\`.`]);
    }
    yield typeAlias(n.requestBody, requestBodyType(op, request), [`Request body of \`${title}\`${op.requestBody?.required ? ' (required)' : ''}.`, op.requestBody?.description]);
    yield interfaceDeclaration(n.responses, responseMembers(op.responses, response), [`Responses of \`${title}\` by status and media type.`]);
    yield typeAlias(n.success, bodyUnion(op.responses.filter(isSuccess), response), [`Body of a successful \`${title}\`.`]);
    yield typeAlias(n.error, bodyUnion(op.responses.filter((r) => !isSuccess(r)), response), [`Body of a failed \`${title}\`.`]);
  }
  const members = operations.map((op) => {
    const entry = typeLiteral(OPERATION_MEMBERS.map(([member, name]) => propertySignature(member, typeRef(op.names[name]))), { singleLine: true });
    const doc = [`\`${op.method.toUpperCase()} ${op.path}\`${op.summary ? `: ${op.summary}` : ''}`, op.deprecated ? '@deprecated' : undefined];
    return propertySignature(op.names.method, entry, { doc });
  });
  yield interfaceDeclaration('Operations', members, ['Every operation, by method name (the operationId).']);
}

export function isSuccess(response: ResponseModel): boolean {
  return /^2/.test(response.status);
}

function emptyRecord(): TypeNode {
  return typeRef('Record', [keywordType('string'), keywordType('never')]);
}

function parameterObject(params: ParameterModel[], ctx: TypeContext): TypeNode {
  if (!params.length) return emptyRecord();
  return typeLiteral(
    params.map((p) => {
      const doc = [p.description, p.deprecated ? '@deprecated' : undefined, ...schemaDocLines(p.schema).filter((l) => !p.description || l !== p.description)];
      return propertySignature(p.name, transformSchema(p.schema, ctx), { optional: !p.required, doc });
    }),
  );
}

/** What a client may send as a binary body (the model's media fact says `binary`). */
function binaryRequestType(): TypeNode {
  return unionType([typeRef('Blob'), typeRef('ArrayBuffer'), typeRef('Uint8Array'), typeRef('ReadableStream', [typeRef('Uint8Array')])]);
}

function requestBodyType(op: OperationModel, ctx: TypeContext): TypeNode {
  if (!op.requestBody || !op.requestBody.content.length) return keywordType('never');
  const facts = ctx.index.facts;
  return unionType(op.requestBody.content.map((m) => (facts.media(m, 'request').kind === 'binary' ? binaryRequestType() : transformSchema(m.schema, ctx))));
}

/** A response body's type: `Blob` for binary media (the client's default reading), else the schema's. */
function responseBodyType(m: MediaTypeModel, ctx: TypeContext): TypeNode {
  return ctx.index.facts.media(m, 'response').kind === 'binary' ? typeRef('Blob') : transformSchema(m.schema, ctx);
}

function headersType(headers: HeaderModel[], ctx: TypeContext): TypeNode {
  if (!headers.length) return emptyRecord();
  return typeLiteral(
    headers.map((h) => propertySignature(h.name.toLowerCase(), transformSchema(h.schema, ctx), { optional: !h.required, doc: [h.description, h.deprecated ? '@deprecated' : undefined] })),
  );
}

function responseMembers(responses: ResponseModel[], ctx: TypeContext): TypeElement[] {
  return responses.map((r) => {
    const content = r.content.length ? typeLiteral(r.content.map((m) => propertySignature(m.mediaType, responseBodyType(m, ctx)))) : emptyRecord();
    const body = typeLiteral([propertySignature('headers', headersType(r.headers, ctx)), propertySignature('content', content)]);
    return propertySignature(r.status, body, { doc: [r.description] });
  });
}

function bodyUnion(responses: ResponseModel[], ctx: TypeContext): TypeNode {
  if (!responses.length) return keywordType('never');
  return unionType(responses.flatMap((r) => (r.content.length ? r.content.map((m) => responseBodyType(m, ctx)) : [keywordType('undefined')])));
}
