/**
 * The mock's side of webhooks: a webhook's payload and declared headers sampled as the mock samples its
 * answers (runtime/sample.ts, deterministic from a seed; an example in the spec wins), and fired at a
 * receiver signed like the real API (webhook-sender.ts). Copied into server packages whose spec has
 * webhooks or callbacks; no spec content, no dependency.
 */
import { sample, seededRandom, type SamplePlan } from './sample.js';
import { send, type SendWebhookOptions, type WebhookRoute } from './webhook-sender.js';

/** What the mock samples for each webhook (generated from the model: `src/webhooks.ts`). */
export interface WebhookSamples {
  /** Plans of named schemas, by key. */
  plans: Record<string, SamplePlan>;
  webhooks: Record<
    string,
    { route: WebhookRoute; payload?: SamplePlan; example?: unknown; headers: Record<string, SamplePlan> }
  >;
}

export interface SampleWebhookOptions {
  /** The seed of the sampled values (default `socialgen`); the spec's example is used when there is one. */
  seed?: string;
}

export interface FireWebhookOptions extends SendWebhookOptions, SampleWebhookOptions {
  /** The payload to send instead of a sample. */
  payload?: unknown;
}

/** A webhook's payload and declared header parameters, sampled. */
export function sampleOf(
  samples: WebhookSamples,
  name: string,
  options: SampleWebhookOptions = {},
): { payload: unknown; headers: Record<string, string> } {
  const entry = samples.webhooks[name];
  if (!entry) throw new TypeError('no webhook is named ' + JSON.stringify(name));
  const random = seededRandom((options.seed ?? 'socialgen') + '\u0000' + name);
  const sampleOptions = { plans: samples.plans, random, optionalDepth: 1 };
  const payload =
    entry.example !== undefined
      ? structuredClone(entry.example)
      : entry.payload && sample(entry.payload, sampleOptions);
  const headers: Record<string, string> = {};
  for (const [header, plan] of Object.entries(entry.headers)) headers[header] = String(sample(plan, sampleOptions));
  return { payload, headers };
}

/** Sends a webhook (a sample, or `options.payload`) signed to `options.url`; resolves to the receiver's Response. */
export function fire(samples: WebhookSamples, name: string, options: FireWebhookOptions): Promise<Response> {
  const sampled = sampleOf(samples, name, options);
  const payload = options.payload !== undefined ? options.payload : sampled.payload;
  // Header names are case-insensitive: `X-GitHub-Event` given replaces the sampled `X-Github-Event`.
  const headers = new Headers(sampled.headers);
  for (const [header, value] of Object.entries(options.headers ?? {})) headers.set(header, value);
  return send(samples.webhooks[name]!.route, payload, { ...options, headers: Object.fromEntries(headers) });
}
