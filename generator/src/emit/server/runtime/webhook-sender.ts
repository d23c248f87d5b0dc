/**
 * Sending a webhook: the payload serialized for its declared media type, signed with the same schemes the
 * server's receiver verifies (webhook-signatures.ts), and POSTed (or sent with the webhook's method) with
 * `fetch`. For tests of a receiver, and for APIs whose users send webhooks. Copied into client packages
 * whose spec has webhooks or callbacks; no spec content, no dependency.
 */
import { checkSecrets, signatureHeaders, type SignatureScheme } from './webhook-signatures.js';

/** How one webhook is sent (generated from the model: `src/webhooks.ts`). */
export interface WebhookRoute {
  /** Upper-case HTTP method. */
  method: string;
  /** The payload's declared media type (the first one); absent when the webhook declares no payload. */
  mediaType?: string;
}

export interface SendWebhookOptions {
  /** Where the receiver listens. */
  url: string | URL;
  /** The signing secret; several sign once each (schemes with one signature header take the first). */
  secret: string | readonly string[];
  /** `standard-webhooks` (default), `github`, `stripe`, `slack`, or a custom HMAC scheme. */
  signature?: SignatureScheme;
  /** More headers (the webhook's declared header parameters, e.g. `X-GitHub-Event`). */
  headers?: Record<string, string>;
  /** The delivery id (Standard Webhooks' `webhook-id`; default a random UUID). */
  id?: string;
  /** The signing time in Unix seconds (default now). */
  timestamp?: number;
  /** The fetch to send with (default the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

function serialize(payload: unknown, mediaType: string | undefined): string {
  if (payload === undefined) return '';
  const essence = (mediaType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (essence === 'application/x-www-form-urlencoded') {
    const fields = Object.entries(payload as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]);
    return new URLSearchParams(fields).toString();
  }
  return /[/+]json$/.test(essence) ? JSON.stringify(payload) : String(payload);
}

/** Sends `payload` as the webhook `route` describes, signed; resolves to the receiver's Response. */
export async function send(route: WebhookRoute, payload: unknown, options: SendWebhookOptions): Promise<Response> {
  checkSecrets(options.signature, options.secret);
  const body = new TextEncoder().encode(serialize(payload, route.mediaType));
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const id = options.id ?? crypto.randomUUID();
  const signed = await signatureHeaders(options.signature, options.secret, body, timestamp, id);
  const headers = new Headers(options.headers);
  if (route.mediaType !== undefined && !headers.has('content-type')) headers.set('content-type', route.mediaType);
  for (const [name, value] of Object.entries(signed)) headers.set(name, value);
  const request = new Request(options.url, { method: route.method, headers, ...(body.length ? { body } : {}) });
  return (options.fetch ?? fetch)(request);
}
