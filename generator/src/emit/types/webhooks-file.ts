/**
 * `src/webhooks.ts` (only when the spec has webhooks or callbacks): the `Webhooks` map from each webhook's
 * name to what the API sends, its header parameters (`headers`) and its payload (`payload`, the request
 * body), typed as an operation's are (operations-file.ts): `Webhooks["issues-opened"]["payload"]`.
 */
import { interfaceDeclaration, propertySignature, typeLiteral, type Statement } from '../../codegen/ts-nodes.ts';
import type { ModelIndex, WebhookModel } from '../../model/types.ts';
import type { TypeContext } from './context.ts';
import { parameterObject, requestBodyType } from './operations-file.ts';
import { NoMembers } from './responses.ts';

/** The statements in order; `used` collects the schema type names they refer to (complete once iterated). */
export function* webhookStatements(webhooks: readonly WebhookModel[], index: ModelIndex, writeDiffers: ReadonlySet<string>, used: Set<string>): Generator<Statement> {
  // The API writes the payload: it is typed in the request (write) view, as a request body is.
  const ctx: TypeContext = { index, view: 'write', writeDiffers, used };
  const noMembers = new NoMembers();
  const entries = webhooks.map((w) => {
    const op = w.operation;
    const members = [
      propertySignature('headers', parameterObject(op.parameters.filter((p) => p.in === 'header'), ctx, noMembers), { doc: ['Header parameters the API sends.'] }),
      propertySignature('payload', requestBodyType(op, ctx), { doc: [`The payload (request body${op.requestBody?.required ? ', required' : ''}).`, op.requestBody?.description] }),
    ];
    const doc = [`\`${op.httpMethod}\` ${w.kind} \`${w.name}\`${op.summary ? `: ${op.summary}` : ''}`, op.deprecated ? '@deprecated' : undefined];
    return propertySignature(w.name, typeLiteral(members), { doc });
  });
  yield interfaceDeclaration('Webhooks', entries, ['Every webhook and callback the API sends, by name, with its types: `Webhooks["<name>"]["payload"]`.']);
  const empty = noMembers.declaration();
  if (empty) yield empty;
}
