/**
 * The `errorDetails` feature: error messages that say more than the status and the problem's summary. An
 * `ApiError` whose body lists details (RFC 9457 `errors`, RFC 7807 `invalid-params`, GitHub's and X API v2's
 * `errors`) names them after its summary; a `CredentialsError` names the credentials the client has beside
 * those the operation needs. `createClient` has it built in; `createCore` has it only when given
 * `{ errorDetails }` (without it the message is the status and the problem's title and detail, and
 * `error.body`/`error.problem` still carry everything), so a bundle that does not pass it does not carry it.
 */
import type { Feature } from './core.js';
import { ApiError, CredentialsError } from './errors.js';
import type { AuthOptions } from './types.js';

/** The feature also adds the details to errors raised outside a send (an error problem on a stream). */
export interface ErrorDetails extends Feature {
  /** `error`, its message extended (an `ApiError` by its listed details, a `CredentialsError` by `auth`). */
  detail<E>(error: E, auth?: AuthOptions): E;
}

/**
 * The errors already detailed: an error detailed where it was raised (an OAuth 2.0 token request's, oauth2.ts)
 * can reach the feature again when it was raised inside a call (a refreshing token provider's).
 */
const done = new WeakSet<object>();

/** Adds the details to the message of an `ApiError` or a `CredentialsError`, once; returns the same error. */
export function detailed<E>(error: E, auth?: AuthOptions): E {
  if (!(error instanceof ApiError || error instanceof CredentialsError) || done.has(error)) return error;
  done.add(error);
  if (error instanceof ApiError) {
    const listed = listDetails(error.body);
    if (listed) error.message += ` (${listed})`;
  } else {
    const has = Object.keys(auth ?? {}).filter((k) => auth![k as keyof AuthOptions] != null);
    error.message += `; the client has ${has.map((k) => 'auth.' + k).join(', ') || 'none (createClient({ auth }))'}`;
  }
  return error;
}

/** The `errorDetails` feature (see the top of this file): what the send inside it rejects with, detailed. */
export const errorDetails: ErrorDetails = Object.assign<Feature, Pick<ErrorDetails, 'detail'>>(
  (next, rt) => (op, args, call) =>
    next(op, args, call).catch((e: unknown) => {
      throw detailed(e, rt.options.auth);
    }),
  { detail: detailed },
);

/** Longest text of one detail, and of all of them together, in an `ApiError` message. */
const DETAIL_MAX = 200;
const DETAILS_MAX = 500;

/**
 * The details an error body lists, as one line for the message (each and the whole bounded): RFC 9457
 * `errors` (`detail` at `pointer`) and RFC 7807's `invalid-params` (`name`, `reason`), bodies whose `errors`
 * items carry a `message` and the `parameters` it is about, GitHub's `errors` (`message`, or `field` and
 * `code`), and plain strings. Empty when the body lists none: the summary (title, detail) then says all.
 */
export function listDetails(body: unknown): string {
  const b = body as Record<string, unknown> | null;
  const texts = b && typeof b === 'object' ? [b.errors, b['invalid-params']].flatMap(detailTexts) : [];
  let out = '';
  for (let i = 0; i < texts.length; i++) {
    const next = (out && out + '; ') + texts[i];
    if (next.length > DETAILS_MAX) return `${out}; and ${texts.length - i} more`;
    out = next;
  }
  return out;
}

/** The non-empty texts of a list's details (none when it is not a list). */
const detailTexts = (list: unknown): string[] => (Array.isArray(list) ? list.map(detailText).filter(Boolean) : []);

/** One listed detail: where (a field, parameter name or JSON pointer) and what (its message, reason or code). */
function detailText(item: unknown): string {
  if (typeof item === 'string') return item.slice(0, DETAIL_MAX);
  const e = (item ?? {}) as Record<string, unknown>;
  // The first of the members that is a non-empty string.
  const first = (...keys: string[]) => keys.map((k) => e[k]).find((v) => typeof v === 'string' && v);
  const params = typeof e.parameters === 'object' && Object.keys(e.parameters ?? {}).join(', ');
  const text = [
    first('field', 'name', 'pointer', 'parameter') || params,
    first('message', 'detail', 'reason', 'title', 'code'),
  ]
    .filter(Boolean)
    .join(': ');
  return text.length > DETAIL_MAX ? text.slice(0, DETAIL_MAX - 1) + '…' : text;
}
