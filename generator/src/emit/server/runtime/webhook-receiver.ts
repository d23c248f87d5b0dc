/**
 * The webhook receiver: a Web-standard `(request: Request) => Promise<Response>` that takes a request the
 * API sends through its stages, one function each: verify the signature over the raw bytes (401, nothing
 * parsed) → parse → find which webhook it is (dispatch rule, else the payload's pinned values and the
 * validators) → validate headers and payload (400) → the typed handler (2xx). Every refusal is a problem in
 * the shape the webhook's declared error response gives (runtime/shape.ts, as the operations' refusals), else
 * RFC 9457. Copied into server packages whose spec has webhooks or callbacks; no spec content, no dependency.
 */
import type { ProblemBody } from './problems.js';
import { shapedProblem } from './shape.js';
import type { TableProblemShape } from './types.js';
import { checkSecrets, verifySignature, type SignatureScheme } from './webhook-signatures.js';

/** One webhook as the receiver reads it (generated from the model: `src/webhooks.ts`). */
export interface WebhookEntry {
  name: string;
  /** Upper-case HTTP method the API sends it with. */
  method: string;
  /** Declared header parameters, as the spec spells them. */
  headers: string[];
  /** Top-level payload members the payload schema pins, with their value. */
  fixes: [string, unknown][];
  /** Declared error statuses (`400`, `4XX`, `default`) whose JSON schema gives problems a shape: its index. */
  problems?: Record<string, number>;
}

/** A webhook's validators (the validators package's `webhookValidators[name]`). */
export interface WebhookValidatorsOf {
  headers(value: unknown): WebhookCheck;
  payload(value: unknown, mediaType?: string): WebhookCheck;
  response(status: number, mediaType: string, value: unknown): WebhookCheck;
}

type WebhookCheck = { valid: true } | { valid: false; errors: { instancePath: string; message: string }[] };

/** The types of one webhook: its header parameters and payload (an entry of the types package's `Webhooks`). */
export interface WebhookTypes {
  headers: unknown;
  payload: unknown;
}

/** What a handler gets besides the payload. */
export interface WebhookContext<K extends string, H> {
  /** The webhook's name in the spec (`issues-opened`). */
  name: K;
  /** The declared header parameters, validated, by their spec names. */
  headers: H;
  /** The request as received (its body already read). */
  request: Request;
}

/** A webhook's handler: a returned Response is sent as it is, else 204. */
export type WebhookHandler<K extends string, W extends WebhookTypes> = (
  payload: W['payload'],
  context: WebhookContext<K, W['headers']>,
) => void | Response | Promise<void | Response>;

/** Handlers by webhook name; any may be left out. */
export type WebhookHandlers<M> = {
  [K in keyof M & string]?: M[K] extends WebhookTypes ? WebhookHandler<K, M[K]> : never;
};

/** Which webhook a request is: `<header value>-<member value>` in kebab case, or the header value alone. */
export interface WebhookDispatch {
  /** The request header naming the event, e.g. `X-GitHub-Event`. */
  header: string;
  /** The top-level payload member naming the variant, e.g. `action`. */
  member?: string;
}

export interface WebhookReceiverOptions<M> {
  /** The signing secret, or several at once while rotating keys (a signature under any of them is accepted). */
  secret: string | readonly string[];
  /** `standard-webhooks` (default), `github`, `stripe`, `slack`, or a custom HMAC scheme. */
  signature?: SignatureScheme;
  /** How far a signature's timestamp may be from now, in seconds (schemes with a timestamp; default 300). */
  toleranceSeconds?: number;
  handlers: WebhookHandlers<M>;
  /** The rule naming the webhook (default: `github`'s for `signature: 'github'`, else worked out from the payload). */
  dispatch?: WebhookDispatch;
  /** A valid event without a handler: acknowledged with 202 (default) or refused with a 501 problem. */
  unhandled?: 'acknowledge' | 'reject';
  /** A handler threw: called with the error; the answer is a 500 problem. */
  onError?: (error: unknown) => void;
  /** The current time in Unix seconds (default the clock). */
  now?: () => number;
}

/** GitHub's rule: `X-GitHub-Event: pull_request` and `action: opened` → `pull-request-opened`. */
const GITHUB_DISPATCH: WebhookDispatch = { header: 'X-GitHub-Event', member: 'action' };

const DEFAULT_TOLERANCE = 300;

interface Parsed {
  request: Request;
  body: Uint8Array;
  mediaType: string | undefined;
  payload: unknown;
}

/** A refusal, before it is answered: the problem and the webhooks whose error shape it may take. */
interface Refusal {
  problem: ProblemBody & { status: number };
  /** The webhooks the request could be. */
  scope: readonly WebhookEntry[];
}

function refusal(
  scope: readonly WebhookEntry[],
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
): Refusal {
  return { problem: { type: 'about:blank', title, status, detail, ...extra }, scope };
}

/** The shape a webhook's declared error response for `status` gives: exact, then its range (`4XX`), then `default`. */
function declaredShape(entry: WebhookEntry, status: number): number | undefined {
  const problems = entry.problems ?? {};
  const code = String(status);
  for (const key of [code, code[0] + 'XX', code[0] + 'xx', 'default'])
    if (Object.hasOwn(problems, key)) return problems[key];
  return undefined;
}

/**
 * A refusal as a Response: in the error shape the webhooks it may be about declare for its status, when
 * those that declare one agree (a refusal before the webhook is known, a 401, takes the shape the spec's
 * webhooks give their errors), checked with the validator of one declaring it (runtime/shape.ts picks and
 * fills the variant); else, or when no variant holds it, RFC 9457.
 */
function answer(
  { problem, scope }: Refusal,
  shapes: readonly TableProblemShape[],
  validators: Record<string, WebhookValidatorsOf>,
): Response {
  const status = problem.status;
  const declaring = scope.filter((e) => declaredShape(e, status) !== undefined);
  const indices = new Set(declaring.map((e) => declaredShape(e, status)));
  const shape = indices.size === 1 ? shapes[[...indices][0]!] : undefined;
  if (shape) {
    const check = validators[declaring[0]!.name]!;
    const body = shapedProblem(shape, status, problem, (b) => check.response(status, shape.mediaType, b).valid);
    if (body !== undefined) return json(status, shape.mediaType, body);
  }
  return json(status, 'application/problem+json', problem);
}

function json(status: number, mediaType: string, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': mediaType } });
}

/** `pull_request` → `pull-request`; `Issues Opened` → `issues-opened`; `checkRun` → `check-run`. */
export function kebab(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** The payload as JSON, form fields or text by the request's media type; undefined for an empty body. */
function parse(body: Uint8Array, mediaType: string | undefined): { value: unknown } | { error: string } {
  if (body.length === 0) return { value: undefined };
  const text = new TextDecoder().decode(body);
  const essence = (mediaType ?? '').split(';')[0]!.trim().toLowerCase();
  if (essence === 'application/x-www-form-urlencoded') return { value: Object.fromEntries(new URLSearchParams(text)) };
  if (essence !== '' && !/[/+]json$/.test(essence)) return { value: text };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: 'the payload is not JSON' };
  }
}

/** The declared header parameters the request carries, by their spec names. */
function headersOf(entry: WebhookEntry, headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of entry.headers) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

function memberOf(payload: unknown, member: string): unknown {
  return typeof payload === 'object' && payload !== null && Object.hasOwn(payload, member)
    ? (payload as Record<string, unknown>)[member]
    : undefined;
}

function pins(entry: WebhookEntry, payload: unknown): boolean {
  return entry.fixes.every(([member, value]) => JSON.stringify(memberOf(payload, member)) === JSON.stringify(value));
}

function valid(entry: WebhookEntry, validators: Record<string, WebhookValidatorsOf>, parsed: Parsed): boolean {
  const v = validators[entry.name]!;
  return v.headers(headersOf(entry, parsed.request.headers)).valid && v.payload(parsed.payload, parsed.mediaType).valid;
}

/**
 * The webhook named by the rule: `<event>-<variant>`, else `<event>`, else the one webhook of the event's
 * family (`repository_dispatch` with any `action`: `repository-dispatch-<example>`), else the payload decides
 * among the family's webhooks; or the problem saying why none is.
 */
function byRule(
  entries: WebhookEntry[],
  rule: WebhookDispatch,
  validators: Record<string, WebhookValidatorsOf>,
  parsed: Parsed,
) {
  const event = parsed.request.headers.get(rule.header);
  if (event === null) return refusal(entries, 400, 'Bad Request', 'the ' + rule.header + ' header is required');
  const variant = rule.member === undefined ? undefined : memberOf(parsed.payload, rule.member);
  const names = typeof variant === 'string' ? [kebab(event + '-' + variant), kebab(event)] : [kebab(event)];
  const entry = names.map((n) => entries.find((e) => kebab(e.name) === n)).find((e) => e !== undefined);
  if (entry) return entry;
  const family = entries.filter((e) => kebab(e.name).startsWith(kebab(event) + '-'));
  if (family.length === 1) return family[0]!;
  if (family.length > 1) return byPayload(family, validators, parsed);
  return refusal(entries, 400, 'Bad Request', 'no webhook is named ' + JSON.stringify(names[0]), { candidates: [] });
}

/** A pins every member B pins and more: a payload matching both is A's (`order-created` over a catch-all `ping`). */
function moreSpecific(a: WebhookEntry, b: WebhookEntry): boolean {
  return a.fixes.length > b.fixes.length && b.fixes.every(([member]) => a.fixes.some(([m]) => m === member));
}

/**
 * The webhook a payload is: those whose pinned values it has, the most specific of them, then the one the
 * validators accept; else the problem naming the candidates.
 */
function byPayload(entries: WebhookEntry[], validators: Record<string, WebhookValidatorsOf>, parsed: Parsed) {
  const pinned = entries.filter((e) => pins(e, parsed.payload));
  const specific = pinned.filter((e) => !pinned.some((o) => moreSpecific(o, e)));
  // One candidate by its pinned values: its validation errors say what is wrong.
  if (specific.length === 1) return specific[0]!;
  const accepted = specific.filter((e) => valid(e, validators, parsed));
  if (accepted.length === 1) return accepted[0]!;
  const scope = accepted.length ? accepted : specific.length ? specific : entries;
  const candidates = (accepted.length ? accepted : specific).map((e) => e.name);
  const detail = accepted.length
    ? 'the request is valid for several webhooks: ' + candidates.join(', ')
    : 'the request matches no webhook';
  return refusal(scope, 400, 'Bad Request', detail, { candidates });
}

/** Validation problems of the chosen webhook's headers and payload, or undefined. */
function invalid(entry: WebhookEntry, validators: Record<string, WebhookValidatorsOf>, parsed: Parsed) {
  const v = validators[entry.name]!;
  const headers = v.headers(headersOf(entry, parsed.request.headers));
  const payload = v.payload(parsed.payload, parsed.mediaType);
  const errors = [
    ...(headers.valid ? [] : headers.errors.map((e) => ({ in: 'header', path: e.instancePath, message: e.message }))),
    ...(payload.valid ? [] : payload.errors.map((e) => ({ in: 'body', path: e.instancePath, message: e.message }))),
  ];
  if (!errors.length) return undefined;
  return refusal([entry], 400, 'Bad Request', 'the ' + entry.name + ' webhook is invalid', {
    webhook: entry.name,
    errors,
  });
}

/** The receiver over a generated table, validators and error shapes (the server package's `createWebhookReceiver`). */
export function createReceiver<M>(
  table: readonly WebhookEntry[],
  validators: Record<string, WebhookValidatorsOf>,
  options: WebhookReceiverOptions<M>,
  shapes: readonly TableProblemShape[] = [],
): (request: Request) => Promise<Response> {
  // A secret the scheme cannot use is a mistake of the caller's: refused now, not as 401s later.
  checkSecrets(options.signature, options.secret);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE;
  const rule = options.dispatch ?? (options.signature === 'github' ? GITHUB_DISPATCH : undefined);
  const handlers = options.handlers as Record<string, WebhookHandler<string, WebhookTypes> | undefined>;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const refuse = (r: Refusal) => answer(r, shapes, validators);
  return async (request) => {
    const entries = table.filter((e) => e.method === request.method.toUpperCase());
    if (!entries.length) {
      return refuse(refusal(table, 405, 'Method Not Allowed', request.method + ' is not a webhook method'));
    }
    const body = new Uint8Array(await request.arrayBuffer());
    const failure = await verifySignature(
      options.signature,
      options.secret,
      { headers: request.headers, body },
      tolerance,
      now(),
    );
    if (failure !== undefined) return refuse(refusal(entries, 401, 'Unauthorized', failure));
    const mediaType = request.headers.get('content-type') ?? undefined;
    const payload = parse(body, mediaType);
    if ('error' in payload) return refuse(refusal(entries, 400, 'Bad Request', payload.error));
    const parsed: Parsed = { request, body, mediaType, payload: payload.value };
    const entry = rule ? byRule(entries, rule, validators, parsed) : byPayload(entries, validators, parsed);
    if ('scope' in entry) return refuse(entry);
    const refused = invalid(entry, validators, parsed);
    if (refused) return refuse(refused);
    const handler = handlers[entry.name];
    if (!handler) {
      return options.unhandled === 'reject'
        ? refuse(refusal([entry], 501, 'Not Implemented', 'no handler for the ' + entry.name + ' webhook'))
        : new Response(null, { status: 202 });
    }
    try {
      const answered = await handler(parsed.payload, {
        name: entry.name,
        headers: headersOf(entry, request.headers),
        request,
      });
      return answered instanceof Response ? answered : new Response(null, { status: 204 });
    } catch (error) {
      options.onError?.(error);
      return refuse(refusal([entry], 500, 'Internal Server Error', 'the ' + entry.name + ' handler failed'));
    }
  };
}
