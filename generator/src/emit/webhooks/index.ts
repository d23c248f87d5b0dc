/**
 * Webhooks in the server and client packages (only when the spec has webhooks or callbacks; other output
 * is untouched):
 * - server (emit/server/webhooks.ts): `src/webhooks.ts` with `createWebhookReceiver` over the webhooks' table
 *   and the validators package's `webhookValidators`, and the runtime `webhook-receiver.ts` + `webhook-signatures.ts`;
 * - client (here): `src/webhooks.ts` with `sendWebhook`, typed by webhook name, and the runtime
 *   `webhook-sender.ts` + `webhook-signatures.ts`.
 * The runtime modules (../server/runtime/webhook-*.ts) are static sources copied as they are; the generated modules are nodes
 * laid out by the one printer. The tables hold only facts of the model (model/webhooks.ts).
 */
import { readFileSync } from 'node:fs';
import type { ApiModel, WebhookModel } from '../../model/types.ts';
import type { EmitContext, EmittedFile } from '../emitter.ts';

/** Webhook runtime modules, kept with the server runtime (webhook-mock.ts uses its sampler); copied only by use. */
const RUNTIME = ['webhook-signatures.ts', 'webhook-receiver.ts', 'webhook-sender.ts', 'webhook-mock.ts'] as const;
export type RuntimeName = (typeof RUNTIME)[number];

let sources: Map<RuntimeName, string> | undefined;

function runtimeSource(name: RuntimeName): string {
  sources ??= new Map(RUNTIME.map((f) => [f, readFileSync(new URL(`../server/runtime/${f}`, import.meta.url), 'utf8')]));
  return sources.get(name)!;
}

/** The runtime files a package copies (`src/runtime/<name>`), formatted at the source. */
export function runtimeFiles(names: readonly RuntimeName[], head: string): EmittedFile[] {
  // Kept prettier-clean at the source (test/print/prettier-clean.test.ts): nothing to format.
  return names.map((name) => ({ path: `src/runtime/${name}`, contents: head + runtimeSource(name), format: 'typescript', formatted: true }));
}

export function webhooksOf(model: ApiModel): readonly WebhookModel[] {
  return model.webhooks ?? [];
}

/**
 * How each webhook is sent: its method and first payload media type (the data of runtime/webhook-sender.ts's
 * `WebhookRoute`, written into the generated code; that type is not imported here, so this folder depends on
 * neither the server's folder nor the client's, which both use it).
 */
export function routeOf(w: WebhookModel): { method: string; mediaType?: string } {
  const mediaType = w.operation.requestBody?.content[0]?.mediaType;
  const method = w.operation.httpMethod;
  return mediaType === undefined ? { method } : { method, mediaType };
}

/** The client package's webhook files. */
export function clientWebhookFiles(model: ApiModel, context: EmitContext, head: string, runtimeHead: string): EmittedFile[] {
  const webhooks = webhooksOf(model);
  if (!webhooks.length) return [];
  const n = context.nodes;
  const p = context.printer;
  const routes = Object.fromEntries(webhooks.map((w) => [w.name, routeOf(w)]));
  const { namedLine, typeName } = context.moduleLines;
  const module = p
    .module()
    .line(head)
    .moduleLine(namedLine('import', ['Webhooks'], context.importPath('types', 'src/webhooks.ts'), true))
    .moduleLine(namedLine('import', ['send', typeName('SendWebhookOptions'), typeName('WebhookRoute')], './runtime/webhook-sender.js'));
  module.node(
    n.variable('const', 'ROUTES', n.callExpression(n.propertyAccess(n.valueRef('JSON'), 'parse'), [n.literalExpression(JSON.stringify(routes))]), {
      type: n.typeRef('Record', [n.keyofType(n.typeRef('Webhooks')), n.typeRef('WebhookRoute')]),
      doc: ["Each webhook's method and payload media type, by name (JSON text: every name stays an own key)."],
    }),
  );
  const name = n.typeRef('K');
  module.node(
    n.functionDeclaration(
      'sendWebhook',
      {
        typeParameters: [{ name: 'K', constraint: n.keyofType(n.typeRef('Webhooks')) }],
        parameters: [
          { name: 'name', type: name },
          { name: 'payload', type: n.indexedAccessType(n.indexedAccessType(n.typeRef('Webhooks'), name), n.literalType('payload')) },
          { name: 'options', type: n.typeRef('SendWebhookOptions') },
        ],
        returns: n.typeRef('Promise', [n.typeRef('Response')]),
      },
      [n.returnStatement(n.callExpression(n.valueRef('send'), [n.elementAccess(n.valueRef('ROUTES'), n.valueRef('name')), n.valueRef('payload'), n.valueRef('options')]))],
      [
        'Sends the webhook `name` with `payload` to `options.url`, signed with `options.secret` under',
        '`options.signature` (default Standard Webhooks); resolves to the receiver\'s Response. docs/webhooks.md.',
      ],
    ),
  );
  return [module.file('src/webhooks.ts'), ...runtimeFiles(['webhook-signatures.ts', 'webhook-sender.ts'], runtimeHead)];
}
