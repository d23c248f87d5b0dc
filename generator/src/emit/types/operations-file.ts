/**
 * `src/operations.ts`: the `Operations` map from method name to that operation's types (parameters by
 * location, request body, responses by status and media type, success and error unions). The types live
 * inside the map, reached by indexed access (`Operations["getPost"]["response"]`, see operation-refs.ts),
 * instead of eight top-level aliases per operation: a consumer's compiler binds one name, not thousands.
 * Responses shared through `components.responses` are declared once, in the `Responses` map (responses.ts).
 */
import {
  interfaceDeclaration, keywordType, propertySignature, typeLiteral, typeRef, unionType, type Statement, type TypeElement, type TypeNode,
} from '../../codegen/ts-nodes.ts';
import type { ModelIndex, OperationModel, ParameterLocation, ParameterModel } from '../../model/types.ts';
import type { TypeContext } from './context.ts';
import { schemaDocLines } from './jsdoc.ts';
import { LOCATION_MEMBER } from './operation-members.ts';
import { NoMembers, ResponseTypes } from './responses.ts';
import { transformSchema } from './transform/schema.ts';

const LOCATION_TITLE: Record<ParameterLocation, string> = { path: 'Path', query: 'Query', header: 'Header', cookie: 'Cookie' };

/** The statements in order; `used` collects the schema type names they refer to (complete once iterated). */
export function* operationStatements(operations: OperationModel[], index: ModelIndex, writeDiffers: ReadonlySet<string>, used: Set<string>): Generator<Statement> {
  const request: TypeContext = { index, view: 'write', writeDiffers, used };
  const noMembers = new NoMembers();
  const responses = new ResponseTypes({ index, view: 'read', writeDiffers, used }, noMembers);
  const entries = operations.map((op) => {
    const title = `${op.httpMethod} ${op.path}`;
    const members: TypeElement[] = [];
    for (const location of ['path', 'query', 'header', 'cookie'] as const) {
      const params = op.parameters.filter((p) => p.in === location);
      members.push(propertySignature(LOCATION_MEMBER[location], parameterObject(params, request, noMembers), { doc: [`${LOCATION_TITLE[location]} parameters.`] }));
    }
    members.push(propertySignature('requestBody', requestBodyType(op, request), { doc: [`Request body${op.requestBody?.required ? ' (required)' : ''}.`, op.requestBody?.description] }));
    members.push(propertySignature('responses', typeLiteral(responses.members(op)), { doc: ['Responses by status and media type.'] }));
    members.push(propertySignature('response', responses.bodyUnion(op, true), { doc: ['Body of a successful response.'] }));
    members.push(propertySignature('errorResponse', responses.bodyUnion(op, false), { doc: ['Body of a failed response.'] }));
    const doc = [`\`${title}\`${op.summary ? `: ${op.summary}` : ''}`, op.deprecated ? '@deprecated' : undefined];
    return propertySignature(op.names.method, typeLiteral(members), { doc });
  });
  yield interfaceDeclaration('Operations', entries, ['Every operation, by method name (the operationId), with its types: `Operations["<method>"]["response"]`.']);
  const shared = responses.declaration();
  if (shared) yield shared;
  const empty = noMembers.declaration();
  if (empty) yield empty;
}

export function parameterObject(params: ParameterModel[], ctx: TypeContext, noMembers: NoMembers): TypeNode {
  if (!params.length) return noMembers.ref();
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

export function requestBodyType(op: OperationModel, ctx: TypeContext): TypeNode {
  if (!op.requestBody || !op.requestBody.content.length) return keywordType('never');
  const facts = ctx.index.facts;
  return unionType(op.requestBody.content.map((m) => (facts.media(m, 'request').kind === 'binary' ? binaryRequestType() : transformSchema(m.schema, ctx))));
}
