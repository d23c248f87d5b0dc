/**
 * Webhooks in msw tests: a handler that delivers the requests code under test sends to a webhook URL to a
 * receiver (the server package's `createWebhookReceiver`, or any `(request) => Promise<Response>`), so the
 * receiver's answer is what the sender sees. Copied into msw packages whose spec has webhooks or callbacks.
 */
import { http, type HttpHandler } from 'msw';

/** An msw handler answering every request to `url` (an msw path pattern) with `receiver`'s Response. */
export function webhookHandler(url: string, receiver: (request: Request) => Promise<Response>): HttpHandler {
  return http.all(url, ({ request }) => receiver(request));
}
