/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * OAuth 2.0 on behalf of a user: the authorization code flow with PKCE (RFC 7636, S256) and an access-token
 * provider that refreshes (RFC 6749 section 6). The reference does not give the authorization and token
 * endpoints, so they are options. Import it only when you use it.
 */
import { base64 } from './core.js';
import { detailed } from './error-details.js';
import { ApiError } from './errors.js';

/** A token endpoint answer (RFC 6749 5.1), plus `expires_at` (epoch ms) computed on receipt. */
export interface OAuth2Tokens {
  access_token: string;
  token_type?: string;
  expires_in?: number;
  refresh_token?: string | undefined;
  scope?: string;
  expires_at?: number;
  [member: string]: unknown;
}

export interface OAuth2ClientOptions {
  /** Token endpoint: code exchange and refresh. */
  tokenUrl: string;
  clientId: string;
  /** Confidential clients only: sent with HTTP basic authentication. Public clients omit it. */
  clientSecret?: string;
  fetch?: typeof fetch;
}

export interface OAuth2FlowOptions extends OAuth2ClientOptions {
  /** Authorization endpoint the user is sent to. */
  authorizeUrl: string;
  redirectUri: string;
}

/** base64url without padding. */
function base64url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A PKCE code verifier (RFC 7636 4.1): `bytes` random bytes, base64url (32 bytes → 43 characters). */
export function createCodeVerifier(bytes = 32): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The S256 code challenge of a verifier (RFC 7636 4.2): base64url(SHA-256(ASCII(verifier))). */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export interface AuthorizationUrlOptions {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  codeChallenge: string;
  /** Further query parameters. */
  extra?: Record<string, string>;
}

/** The URL to send the user to (RFC 6749 4.1.1 with RFC 7636 4.3). */
export function buildAuthorizationUrl(o: AuthorizationUrlOptions): string {
  const url = new URL(o.authorizeUrl);
  const q = url.searchParams;
  q.set('response_type', 'code');
  q.set('client_id', o.clientId);
  q.set('redirect_uri', o.redirectUri);
  q.set('scope', o.scopes.join(' '));
  q.set('state', o.state);
  q.set('code_challenge', o.codeChallenge);
  q.set('code_challenge_method', 'S256');
  for (const [k, v] of Object.entries(o.extra ?? {})) q.set(k, v);
  return url.toString();
}

/** An authorization server's answer: its JSON, or its text when it is not JSON (kept for the error). */
export async function jsonOrText(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** POSTs a grant to the token endpoint; a failure rejects with an `ApiError` (operation `oauth2.token`). */
export async function requestToken(o: OAuth2ClientOptions, grant: Record<string, string>): Promise<OAuth2Tokens> {
  const form = new URLSearchParams(grant);
  const headers = new Headers({ accept: 'application/json' });
  // RFC 6749 2.3.1: form-encoded id and secret in HTTP basic; public clients send client_id in the body.
  if (o.clientSecret !== undefined)
    headers.set(
      'authorization',
      'Basic ' + base64(`${encodeURIComponent(o.clientId)}:${encodeURIComponent(o.clientSecret)}`),
    );
  else form.set('client_id', o.clientId);
  const res = await (o.fetch ?? globalThis.fetch)(o.tokenUrl, { method: 'POST', headers, body: form });
  const body = await jsonOrText(res);
  const tokens = body as OAuth2Tokens;
  if (!res.ok || typeof tokens?.access_token !== 'string')
    throw detailed(new ApiError('oauth2.token', res.status, res.headers, body));
  if (typeof tokens.expires_in === 'number') tokens.expires_at = Date.now() + tokens.expires_in * 1000;
  return tokens;
}

/** Exchanges an authorization code (RFC 6749 4.1.3 with the PKCE verifier). */
export function exchangeCode(
  o: OAuth2ClientOptions & { code: string; codeVerifier: string; redirectUri: string },
): Promise<OAuth2Tokens> {
  return requestToken(o, {
    grant_type: 'authorization_code',
    code: o.code,
    redirect_uri: o.redirectUri,
    code_verifier: o.codeVerifier,
  });
}

export interface OAuth2SessionOptions extends OAuth2ClientOptions {
  tokens: OAuth2Tokens;
  /** Called with the new tokens after every refresh: persist them (the refresh token may rotate). */
  onRefresh?: ((tokens: OAuth2Tokens) => void | Promise<void>) | undefined;
  /** Refresh this long before `expires_at`. Default 60 s. */
  skewMs?: number;
}

export interface OAuth2Session {
  getAccessToken(forceRefresh?: boolean): Promise<string>;
  /** The current tokens. */
  readonly tokens: OAuth2Tokens;
}

/**
 * An access-token provider for `createClient({ auth: { oauth2: session } })`: refreshes with the refresh
 * token shortly before expiry and once after a 401; concurrent callers share one refresh.
 */
export function oauth2Session(o: OAuth2SessionOptions): OAuth2Session {
  let tokens = o.tokens;
  let pending: Promise<OAuth2Tokens> | undefined;
  const refresh = () =>
    (pending ??= requestToken(o, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })
      .then(async (t) => {
        tokens = { ...t, refresh_token: t.refresh_token ?? tokens.refresh_token };
        await o.onRefresh?.(tokens);
        return tokens;
      })
      .finally(() => (pending = undefined)));
  return {
    get tokens() {
      return tokens;
    },
    async getAccessToken(force) {
      const stale = tokens.expires_at !== undefined && tokens.expires_at - (o.skewMs ?? 60_000) <= Date.now();
      if ((force || stale) && tokens.refresh_token) await refresh();
      return tokens.access_token;
    },
  };
}

/**
 * The authorization code flow with PKCE, with the endpoints as options:
 * `start()` gives the URL to send the user to (and the state and verifier to keep), `finish()` exchanges
 * the code, `session()` makes the token provider for the client.
 */
export function oauth2Flow(o: OAuth2FlowOptions) {
  return {
    async start(scopes: readonly string[], state = createCodeVerifier(16)) {
      const codeVerifier = createCodeVerifier();
      const url = buildAuthorizationUrl({
        ...o,
        scopes,
        state,
        codeChallenge: await createCodeChallenge(codeVerifier),
      });
      return { url, state, codeVerifier };
    },
    finish(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
      return exchangeCode({ ...o, code, codeVerifier });
    },
    session(tokens: OAuth2Tokens, onRefresh?: OAuth2SessionOptions['onRefresh']): OAuth2Session {
      return oauth2Session({ ...o, tokens, onRefresh });
    },
  };
}
