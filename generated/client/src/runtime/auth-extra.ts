/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Credentials the core does not apply itself: http `basic`, `apiKey` schemes and OAuth 1.0a signing. The
 * generated table gives this to the entries of the operations whose security names such a kind
 * (`OperationSpec.extraAuth`), so a bundle calling only bearer/OAuth 2.0 operations does not carry it.
 */
import { base64 } from './core.js';
import { encode, type HeaderRecord } from './serialize.js';
import type { AuthKind, AuthOptions } from './types.js';

/** Applies a plan's basic, API key and OAuth 1.0a credentials to the headers or the URL; returns the URL. */
export type ExtraAuth = (
  plan: readonly AuthKind[],
  auth: AuthOptions,
  headers: HeaderRecord,
  url: string,
  method: string,
  form: URLSearchParams | undefined,
) => Promise<string>;

export const extraAuth: ExtraAuth = async (plan, auth, h, url, method, form) => {
  // API keys and basic first: an API key in the query is part of what OAuth 1.0a signs.
  for (const k of plan) {
    if (k === 'basic') h.authorization = 'Basic ' + base64(`${auth.basic!.username}:${auth.basic!.password}`);
    else if (typeof k === 'object') {
      const value = auth.apiKeys![k.apiKey]!;
      if (k.in === 'header') h[k.name.toLowerCase()] = value;
      else if (k.in === 'query') url += (url.includes('?') ? '&' : '?') + encode(k.name) + '=' + encode(value);
      else h.cookie = (h.cookie ? h.cookie + '; ' : '') + k.name + '=' + encode(value);
    }
  }
  if (plan.includes('oauth1')) h.authorization = await auth.oauth1!({ method, url, body: form });
  return url;
};
