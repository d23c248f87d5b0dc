/**
 * `ApiError` messages name the details a published error body lists (issue 29): the bodies below are the
 * examples of their publishers, copied as published — X API v2's invalid-request problem, GitHub's
 * "Validation Failed" (docs.github.com, "Client errors"), RFC 9457 §3 and RFC 7807 §3. The listing is the
 * `errorDetails` feature's (`detailed`, what it does to the error a call rejects with; `createClient` has it,
 * `createCore` when given it: test/client/core-features.test.ts checks both over the wire).
 */
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../generator/src/emit/client/runtime/core.ts';
import { detailed, errorDetails, listDetails } from '../../generator/src/emit/client/runtime/error-details.ts';
import { ApiError, CredentialsError } from '../../generator/src/emit/client/runtime/errors.ts';

const apiError = (status: number, body: unknown) => detailed(new ApiError('op', status, new Headers(), body));

describe('ApiError messages carry the listed details', () => {
  it('X API v2: the parameter and its message, after title and detail', () => {
    const body = {
      errors: [
        { parameters: { max_results: ['5'] }, message: 'The `max_results` query parameter value [5] is not between 10 and 100' },
      ],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    };
    expect(apiError(400, body).message).toBe(
      'op: 400 Invalid Request: One or more parameters to your request was invalid. ' +
        '(max_results: The `max_results` query parameter value [5] is not between 10 and 100)',
    );
  });

  it('GitHub: field and code when the item has no message, the message when it has one', () => {
    const body = {
      message: 'Validation Failed',
      errors: [
        { resource: 'Issue', field: 'title', code: 'missing_field' },
        { resource: 'Label', field: 'name', code: 'custom', message: 'name is too long (maximum is 50 characters)' },
      ],
      documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
    };
    expect(apiError(422, body).message).toBe(
      'op: 422 Validation Failed (title: missing_field; name: name is too long (maximum is 50 characters))',
    );
  });

  it('GitHub: plain string errors', () => {
    expect(apiError(422, { message: 'Validation Failed', errors: ['Only one ref allowed'] }).message).toBe(
      'op: 422 Validation Failed (Only one ref allowed)',
    );
  });

  it('RFC 9457 §3: errors with detail and pointer', () => {
    const body = {
      type: 'https://example.net/validation-error',
      title: 'Your request is not valid.',
      errors: [
        { detail: 'must be a positive integer', pointer: '#/age' },
        { detail: "must be 'green', 'red' or 'blue'", pointer: '#/profile/color' },
      ],
    };
    expect(apiError(422, body).message).toBe(
      "op: 422 Your request is not valid. (#/age: must be a positive integer; #/profile/color: must be 'green', 'red' or 'blue')",
    );
  });

  it("RFC 7807 §3: invalid-params' name and reason", () => {
    const body = {
      type: 'https://example.net/validation-error',
      title: "Your request parameters didn't validate.",
      'invalid-params': [
        { name: 'age', reason: 'must be a positive integer' },
        { name: 'color', reason: "must be 'green', 'red' or 'blue'" },
      ],
    };
    expect(apiError(400, body).message).toBe(
      "op: 400 Your request parameters didn't validate. (age: must be a positive integer; color: must be 'green', 'red' or 'blue')",
    );
  });

  it('bounded: one long detail is cut, many details end with how many were left out', () => {
    const long = listDetails({ errors: [{ message: 'x'.repeat(1000) }] });
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
    const many = listDetails({ errors: Array.from({ length: 50 }, (_, i) => ({ field: `f${i}`, code: 'invalid' })) });
    expect(many.length).toBeLessThanOrEqual(520);
    expect(many).toMatch(/^f0: invalid; f1: invalid; .*; and \d+ more$/);
    const shown = many.split('; ').length - 1;
    expect(many.endsWith(`and ${50 - shown} more`)).toBe(true);
  });

  it('an error detailed where it was raised is not detailed again by the feature (an OAuth 2.0 token request failing inside a call)', async () => {
    const body = { message: 'Validation Failed', errors: [{ field: 'code', code: 'invalid' }] };
    // requestToken (oauth2.ts) throws a detailed ApiError; a refreshing provider raises it inside the send.
    const send = errorDetails(() => Promise.reject(apiError(400, body)), { options: {} } as Runtime);
    await expect(send({} as never, undefined, {})).rejects.toThrow(/^op: 400 Validation Failed \(code: invalid\)$/);
    const credentials = detailed(detailed(new CredentialsError('op', 'needs auth.oauth2'), {}), {});
    expect(credentials.message).toBe('op: needs auth.oauth2; the client has none (createClient({ auth }))');
  });

  it('bodies without a list keep the message as before', () => {
    expect(apiError(403, { code: 88, message: 'Nope' }).message).toBe('op: 403 Nope');
    expect(apiError(404, { type: 'about:blank', title: 'Not Found', status: 404 }).message).toBe('op: 404 Not Found');
    expect(apiError(500, 'oops').message).toBe('op: 500 oops');
    expect(apiError(502, undefined).message).toBe('op: 502');
    expect(listDetails({ errors: 'not a list', 'invalid-params': [null, 3, {}] })).toBe('');
  });
});
