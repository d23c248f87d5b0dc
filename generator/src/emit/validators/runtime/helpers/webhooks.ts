/** Webhook validators: a webhook's header parameters and its payload, checked as an operation's request is. */
import { _opts, type ValidateOptions, type ValidationResult } from '../public.ts';
import { _request, _run, type _Body, type _Check } from './operations.ts';

/** A webhook's validators, typed by its entry in the types package's `Webhooks` map. */
export interface _WebhookValidators<W extends { headers: unknown; payload: unknown }> {
  headers(value: unknown, options?: ValidateOptions): ValidationResult<W['headers']>;
  payload(value: unknown, mediaType?: string, options?: ValidateOptions): ValidationResult<W['payload']>;
}

/**
 * The validators of the webhook whose JSON pointer in the spec is `at`: `headers` checks its header
 * parameters (an object keyed by their declared names), `body` its payload by media type (none declared:
 * any payload is accepted). Both in the `request` direction: the API writes them.
 */
export function _webhook<W extends { headers: unknown; payload: unknown }>(
  at: string,
  headers: _Check,
  body?: _Body,
): _WebhookValidators<W> {
  return {
    headers: (value, options) => _run(headers, value, _opts(options, true), '#' + at + '/parameters'),
    payload: (value, mediaType, options) =>
      body ? _request(body, value, mediaType, options) : { valid: true, value: value as W['payload'] },
  };
}
