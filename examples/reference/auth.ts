/**
 * Demo credentials for the reference server: a static token table standing in for a real token store.
 * `authenticate` receives what the request carried and returns the principal, or nothing (→ 401).
 */
import type { Credentials, Principal } from '@social-posting/server';

export const ALL_SCOPES = ['bookmark.read', 'post.read', 'users.read', 'tweet.write', 'offline.access'];

/** Bearer tokens: `app-token` is app-only; `user-<id>-token` acts for user `<id>` with every scope. */
export function demoAuthenticate(extra: Record<string, Principal> = {}) {
  return (credentials: Credentials): Principal | undefined => {
    if (credentials.scheme === 'bearer') {
      if (credentials.token in extra) return extra[credentials.token];
      if (credentials.token === 'app-token') return { kind: 'app' };
      const m = /^user-([0-9]{1,19})-token$/.exec(credentials.token);
      return m ? { kind: 'user', userId: m[1], scopes: ALL_SCOPES } : undefined;
    }
    if (credentials.scheme === 'oauth1') {
      // A real server verifies oauth_signature against the consumer and token secrets.
      const m = /^([0-9]{1,19})-oauth1$/.exec(credentials.params.oauth_token ?? '');
      return m ? { kind: 'user', userId: m[1], scopes: ALL_SCOPES } : undefined;
    }
    return undefined;
  };
}
