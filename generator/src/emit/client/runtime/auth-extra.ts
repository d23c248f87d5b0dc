/**
 * Credentials of `apiKey` and http `basic` security schemes. The generated client passes this to the
 * runtime only when the spec has such schemes, so other clients do not carry it.
 */
import { base64 } from './core.js';
import { encode, type HeaderRecord } from './serialize.js';
import type { AuthKind, AuthOptions } from './types.js';

/** Applies one credential to the headers or the URL; returns the URL. */
export type ExtraAuth = (kind: AuthKind, auth: AuthOptions, headers: HeaderRecord, url: string) => string;

export const extraAuth: ExtraAuth = (k, auth, h, url) => {
  if (k === 'basic') h.authorization = 'Basic ' + base64(`${auth.basic!.username}:${auth.basic!.password}`);
  else if (typeof k === 'object') {
    const value = auth.apiKeys![k.apiKey]!;
    if (k.in === 'header') h[k.name.toLowerCase()] = value;
    else if (k.in === 'query') url += (url.includes('?') ? '&' : '?') + encode(k.name) + '=' + encode(value);
    else h.cookie = (h.cookie ? h.cookie + '; ' : '') + k.name + '=' + encode(value);
  }
  return url;
};
