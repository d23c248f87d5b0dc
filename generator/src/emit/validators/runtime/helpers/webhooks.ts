/**
 * Webhook validators: a webhook's header parameters and its payload, checked as an operation's request is,
 * and the answers it declares (the receiver's refusals in the spec's error shape), as an operation's responses.
 */
import { _opts, type ValidateOptions, type ValidationResult } from '../public.ts';
import { _request, _respond, _run, type _Body, type _Check, type _Responses } from './operations.ts';

/** A webhook's validators, typed by its entry in the types package's `Webhooks` map. */
export interface _WebhookValidators<W extends { headers: unknown; payload: unknown }> {
  headers(value: unknown, options?: ValidateOptions): ValidationResult<W['headers']>;
  payload(value: unknown, mediaType?: string, options?: ValidateOptions): ValidationResult<W['payload']>;
  /** An answer to the webhook by status (exact, range, `default`) and media type, in the `response` direction. */
  response(
    status: number | string,
    mediaType: string,
    value: unknown,
    options?: ValidateOptions,
  ): ValidationResult<unknown>;
}

const NO_RESPONSES: _Responses = { s: [], m: [], f: [] };

/**
 * The validators of the webhook whose JSON pointer in the spec is `at`: `headers` checks its header
 * parameters (an object keyed by their declared names), `body` its payload by media type (none declared:
 * any payload is accepted). Both in the `request` direction: the API writes them. `response` checks an
 * answer against the declared responses (`responses`; none declared: every status is undeclared).
 */
export function _webhook<W extends { headers: unknown; payload: unknown }>(
  at: string,
  headers: _Check,
  body?: _Body,
  responses: _Responses = NO_RESPONSES,
): _WebhookValidators<W> {
  return {
    headers: (value, options) => _run(headers, value, _opts(options, true), '#' + at + '/parameters'),
    payload: (value, mediaType, options) =>
      body ? _request(body, value, mediaType, options) : { valid: true, value: value as W['payload'] },
    response: (status, mediaType, value, options) => _respond(responses, status, mediaType, value, options),
  };
}
