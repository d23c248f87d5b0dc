/**
 * What the webhook modules export to the server and client package roots, by module (the packages declare
 * them in their symbol registries), and the names those take: an operation's generated export plans around
 * them (an operationId `sendWebhook` gets another function name; the webhook export keeps its name, which
 * docs/webhooks.md promises). Kept apart from the emitter so that the packages' name planners import no more.
 */
import type { ApiModel } from '../../model/types.ts';
import type { DeclaredSymbol } from '../symbols.ts';

/** What the server's `src/webhooks.ts` and its runtime export to the package root, by module. */
export const SERVER_WEBHOOK_SYMBOLS: [string, DeclaredSymbol[]][] = [
  ['./webhooks.js', ['createWebhookReceiver', 'fireWebhook', 'sampleWebhook'].map((name) => ({ name, typeOnly: false }))],
  [
    './runtime/webhook-receiver.js',
    ['WebhookContext', 'WebhookDispatch', 'WebhookHandler', 'WebhookHandlers', 'WebhookReceiverOptions'].map((name) => ({ name, typeOnly: true })),
  ],
  ['./runtime/webhook-mock.js', ['FireWebhookOptions', 'SampleWebhookOptions'].map((name) => ({ name, typeOnly: true }))],
  ['./runtime/webhook-sender.js', [{ name: 'SendWebhookOptions', typeOnly: true }]],
  ['./runtime/webhook-signatures.js', ['CustomSignatureScheme', 'SignatureScheme'].map((name) => ({ name, typeOnly: true }))],
];

/** What the client's `src/webhooks.ts` and its runtime export to the package root, by module. */
export const CLIENT_WEBHOOK_SYMBOLS: [string, DeclaredSymbol[]][] = [
  ['./webhooks.js', [{ name: 'sendWebhook', typeOnly: false }]],
  ['./runtime/webhook-sender.js', [{ name: 'SendWebhookOptions', typeOnly: true }]],
  ['./runtime/webhook-signatures.js', ['CustomSignatureScheme', 'SignatureScheme'].map((name) => ({ name, typeOnly: true }))],
];

/** The names `symbols` export when the spec has webhooks or callbacks (else none: other output is untouched). */
export function webhookExportNames(model: ApiModel, symbols: readonly [string, DeclaredSymbol[]][]): string[] {
  return model.webhooks?.length ? symbols.flatMap(([, list]) => list.map((s) => s.name)) : [];
}
