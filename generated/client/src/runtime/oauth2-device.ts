/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * OAuth 2.0 on an input-constrained device: the device authorization grant (RFC 8628, OpenAPI 3.2's
 * `flows.deviceAuthorization`), and the authorization server metadata (RFC 8414, OpenAPI 3.2's
 * `oauth2MetadataUrl`) the endpoints can be discovered from. The token requests, the refreshing session
 * and the errors are those of the authorization code flow (./oauth2.ts). Import it only when you use it.
 */
import { detailed } from './error-details.js';
import { ApiError } from './errors.js';
import {
  jsonOrText,
  oauth2Session,
  requestToken,
  type OAuth2ClientOptions,
  type OAuth2Session,
  type OAuth2SessionOptions,
  type OAuth2Tokens,
} from './oauth2.js';

/** The grant type of a device access token request (RFC 8628 section 3.4). */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** An authorization server's metadata (RFC 8414 section 2): the members the helpers read, and the rest. */
export interface OAuth2ServerMetadata {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  device_authorization_endpoint?: string;
  [member: string]: unknown;
}

/**
 * Reads the metadata document at `metadataUrl` (a scheme's `oauth2MetadataUrl`). A failure rejects with an
 * `ApiError` (operation `oauth2.metadata`); so does a document without an `issuer` (RFC 8414 section 3.2).
 */
export async function discoverOAuth2(
  metadataUrl: string,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<OAuth2ServerMetadata> {
  const res = await fetchFn(metadataUrl, {
    headers: { accept: 'application/json' },
  });
  const body = await jsonOrText(res);
  const metadata = body as OAuth2ServerMetadata | undefined;
  if (!res.ok || typeof metadata?.issuer !== 'string')
    throw detailed(new ApiError('oauth2.metadata', res.status, res.headers, body));
  return metadata;
}

/** A device authorization response (RFC 8628 section 3.2): what to show the user, and the code to poll with. */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete?: string;
  expires_in: number;
  /** Seconds between token requests; 5 when absent. */
  interval?: number;
  /** `expires_in` as epoch ms, computed on receipt. */
  expires_at: number;
  [member: string]: unknown;
}

export interface DeviceFlowOptions extends Partial<OAuth2ClientOptions> {
  clientId: string;
  /** The device authorization endpoint; read from `metadataUrl` when absent. */
  deviceAuthorizationUrl?: string;
  /** The token endpoint; read from `metadataUrl` when absent. */
  tokenUrl?: string;
  /** The authorization server's metadata document (RFC 8414), for the endpoints not given. */
  metadataUrl?: string;
  /** How polling waits (default `setTimeout`); a test may pass a faster one. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Why polling stopped without tokens (RFC 8628 section 3.5): `access_denied`, `expired_token`, or another error code. */
export class DeviceFlowError extends Error {
  override name = 'DeviceFlowError';
  constructor(
    readonly code: string,
    readonly description?: string,
  ) {
    super(description ? `${code}: ${description}` : code);
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * The device authorization grant, with the endpoints as options or discovered from `metadataUrl`:
 * `start(scopes)` asks for a user code (show `user_code` and `verification_uri` to the user), `poll(...)`
 * asks for the tokens every `interval` seconds until the user has decided (slowing down by 5 s whenever the
 * server says `slow_down`), and `session()` makes the refreshing token provider for the client.
 */
export function oauth2DeviceFlow(o: DeviceFlowOptions) {
  const fetchFn = o.fetch ?? globalThis.fetch;
  let metadata: Promise<OAuth2ServerMetadata> | undefined;
  const endpoint = async (
    given: string | undefined,
    member: 'device_authorization_endpoint' | 'token_endpoint',
  ): Promise<string> => {
    if (given !== undefined) return given;
    if (o.metadataUrl === undefined)
      throw new TypeError(
        `oauth2DeviceFlow needs ${member === 'token_endpoint' ? 'tokenUrl' : 'deviceAuthorizationUrl'} or metadataUrl`,
      );
    const found = (await (metadata ??= discoverOAuth2(o.metadataUrl, fetchFn)))[member];
    if (typeof found !== 'string')
      throw new TypeError(`the authorization server metadata at ${o.metadataUrl} has no ${member}`);
    return found;
  };
  const client = async (): Promise<OAuth2ClientOptions> => ({
    ...o,
    tokenUrl: await endpoint(o.tokenUrl, 'token_endpoint'),
    fetch: fetchFn,
  });
  return {
    /** The device authorization request (RFC 8628 section 3.1). */
    async start(scopes: readonly string[] = []): Promise<DeviceAuthorization> {
      const form = new URLSearchParams({ client_id: o.clientId });
      if (scopes.length) form.set('scope', scopes.join(' '));
      const url = await endpoint(o.deviceAuthorizationUrl, 'device_authorization_endpoint');
      const res = await fetchFn(url, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: form,
      });
      const body = await jsonOrText(res);
      const answer = body as DeviceAuthorization | undefined;
      if (!res.ok || typeof answer?.device_code !== 'string' || typeof answer.user_code !== 'string')
        throw detailed(new ApiError('oauth2.deviceAuthorization', res.status, res.headers, body));
      return { ...answer, expires_at: Date.now() + answer.expires_in * 1000 };
    },
    /**
     * Polls the token endpoint (RFC 8628 sections 3.4 and 3.5) until it answers with tokens; rejects with a
     * `DeviceFlowError` on `access_denied`, `expired_token` (or when `expires_in` has passed), or another
     * error code, with an `ApiError` on an answer that is no OAuth error at all, and with the signal's reason.
     */
    async poll(authorization: DeviceAuthorization, options: { signal?: AbortSignal } = {}): Promise<OAuth2Tokens> {
      const sleep = o.sleep ?? wait;
      const token = await client();
      let interval = (authorization.interval ?? 5) * 1000;
      for (;;) {
        if (Date.now() >= authorization.expires_at)
          throw new DeviceFlowError('expired_token', 'the device code expired before the user decided');
        await sleep(interval, options.signal);
        try {
          return await requestToken(token, {
            grant_type: DEVICE_CODE_GRANT,
            device_code: authorization.device_code,
          });
        } catch (error) {
          const body =
            error instanceof ApiError
              ? (error.body as { error?: unknown; error_description?: unknown } | undefined)
              : undefined;
          const code = typeof body?.error === 'string' ? body.error : undefined;
          if (code === undefined) throw error;
          if (code === 'authorization_pending') continue;
          // RFC 8628 section 3.5: the interval grows by 5 seconds for this and every later request.
          if (code === 'slow_down') {
            interval += 5000;
            continue;
          }
          throw new DeviceFlowError(
            code,
            typeof body?.error_description === 'string' ? body.error_description : undefined,
          );
        }
      }
    },
    /** The refreshing token provider for `createClient({ auth: { oauth2: session } })`. */
    async session(tokens: OAuth2Tokens, onRefresh?: OAuth2SessionOptions['onRefresh']): Promise<OAuth2Session> {
      return oauth2Session({ ...(await client()), tokens, onRefresh });
    },
  };
}
