import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha1, oauth1, oauth1Header, percentEncode, signatureBaseString } from '../../generator/src/emit/client/runtime/oauth1.ts';
import {
  buildAuthorizationUrl,
  createCodeChallenge,
  createCodeVerifier,
  oauth2Flow,
  oauth2Session,
} from '../../generator/src/emit/client/runtime/oauth2.ts';
import { fakeFetch, json } from './helpers.ts';

describe('OAuth 1.0a (RFC 5849)', () => {
  it('3.4.1.1: the signature base string of the worked example, byte for byte', () => {
    // POST /request?b5=%3D%253D&a3=a&c%40=&a2=r%20b, host example.com, form body "c2&a3=2+q".
    const base = signatureBaseString('POST', 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b', [
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ...new URLSearchParams('c2&a3=2+q'),
    ]);
    expect(base).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('3.4.1.2: base string URI lower-cases scheme and host and drops the default port', () => {
    expect(signatureBaseString('get', 'HTTP://EXAMPLE.COM:80/r%20v/X?id=123', [])).toBe(
      'GET&http%3A%2F%2Fexample.com%2Fr%2520v%2FX&id%3D123',
    );
    expect(signatureBaseString('GET', 'https://www.example.net:8080/?q=1', [])).toBe('GET&https%3A%2F%2Fwww.example.net%3A8080%2F&q%3D1');
  });

  it('1.2: the signed photo request gives the RFC signature MdpQcU8iPSUjWoN/UDMsK2sui9I=', async () => {
    const header = await oauth1Header(
      {
        consumerKey: 'dpf43f3p2l4k3l03',
        consumerSecret: 'kd94hf93k423kf44',
        token: 'nnch734d00sl2jdk',
        tokenSecret: 'pfkkdhi9sl3r4s00',
        realm: 'Photos',
        nonce: () => 'chapoH',
        timestamp: () => 137131202,
      },
      { method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' },
    );
    expect(header).toBe(
      'OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_nonce="chapoH", oauth_signature_method="HMAC-SHA1", ' +
        'oauth_timestamp="137131202", oauth_token="nnch734d00sl2jdk", oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"',
    );
  });

  it("signs form body parameters (the platform's published example, hCtSmYh+iHYCEqBWrE7C7hYmtUk=)", async () => {
    const sign = oauth1({
      consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
      consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
      token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
      tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      nonce: () => 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
      timestamp: () => 1318622958,
      extra: { oauth_version: '1.0' },
    });
    const header = await sign({
      method: 'POST',
      url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
      body: new URLSearchParams({ status: 'Hello Ladies + Gentlemen, a signed OAuth request!' }),
    });
    expect(header).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
  });

  it('3.6 percent-encoding: unreserved stays, the rest is UTF-8 percent-encoded upper-case', () => {
    expect(percentEncode("Ladies + Gentlemen!*'()~-._é☃")).toBe('Ladies%20%2B%20Gentlemen%21%2A%27%28%29~-._%C3%A9%E2%98%83');
  });

  it('Web Crypto HMAC-SHA1 equals node:crypto for any key and text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (key, text) => {
        const expected = createHmac('sha1', Buffer.from(new TextEncoder().encode(key)))
          .update(Buffer.from(new TextEncoder().encode(text)))
          .digest('base64');
        expect(await hmacSha1(key, text)).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('uses a fresh nonce and the current timestamp by default', async () => {
    const sign = oauth1({ consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' });
    const a = await sign({ method: 'GET', url: 'https://h/x' });
    const b = await sign({ method: 'GET', url: 'https://h/x' });
    const nonceOf = (h: string) => /oauth_nonce="([^"]+)"/.exec(h)![1];
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    const ts = Number(/oauth_timestamp="(\d+)"/.exec(a)![1]);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(5);
  });
});

describe('OAuth 2.0 PKCE (RFC 7636)', () => {
  it('appendix B: S256 challenge of the example verifier', async () => {
    expect(await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('verifiers are 43+ unreserved characters and random', () => {
    const a = createCodeVerifier();
    expect(a).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(createCodeVerifier(96)).toHaveLength(128);
    expect(createCodeVerifier()).not.toBe(a);
  });

  it('builds the authorization URL on the given authorize URL', () => {
    const url = new URL(
      buildAuthorizationUrl({
        authorizeUrl: 'https://auth.example/oauth2/authorize?prompt=consent',
        clientId: 'client 1',
        redirectUri: 'https://app.example/cb',
        scopes: ['bookmark.read', 'post.read', 'users.read', 'offline.access'],
        state: 'st',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.example/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'consent',
      response_type: 'code',
      client_id: 'client 1',
      redirect_uri: 'https://app.example/cb',
      scope: 'bookmark.read post.read users.read offline.access',
      state: 'st',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
  });

  it('flow: start gives a matching challenge; finish exchanges the code at the token URL (public client)', async () => {
    const f = fakeFetch(() => json({ access_token: 'at', refresh_token: 'rt', expires_in: 7200, token_type: 'bearer' }));
    const flow = oauth2Flow({
      authorizeUrl: 'https://a/authorize',
      tokenUrl: 'https://a/token',
      clientId: 'cid',
      redirectUri: 'https://app/cb',
      fetch: f,
    });
    const { url, state, codeVerifier } = await flow.start(['post.read']);
    const q = new URL(url).searchParams;
    expect(q.get('state')).toBe(state);
    expect(q.get('code_challenge')).toBe(await createCodeChallenge(codeVerifier));
    const tokens = await flow.finish('the-code', codeVerifier);
    expect(tokens.access_token).toBe('at');
    expect(tokens.expires_at).toBeGreaterThan(Date.now() + 7000_000);
    expect(f.calls[0].url).toBe('https://a/token');
    expect(f.calls[0].method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(f.calls[0].body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'https://app/cb',
      code_verifier: codeVerifier,
      client_id: 'cid',
    });
    expect(f.calls[0].headers.has('authorization')).toBe(false);
  });

  it('session refreshes before expiry, shares one refresh, keeps the refresh token, basic-auths confidential clients', async () => {
    const f = fakeFetch(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return json({ access_token: 'new', expires_in: 3600 });
    });
    const seen: string[] = [];
    const session = oauth2Session({
      tokenUrl: 'https://a/token',
      clientId: 'id',
      clientSecret: 's:ecret',
      fetch: f,
      tokens: { access_token: 'old', refresh_token: 'rt', expires_at: Date.now() + 10_000 },
      onRefresh: (t) => void seen.push(t.access_token),
    });
    const [a, b] = await Promise.all([session.getAccessToken(), session.getAccessToken()]);
    expect([a, b]).toEqual(['new', 'new']);
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0].headers.get('authorization')).toBe('Basic ' + btoa('id:s%3Aecret'));
    expect(Object.fromEntries(new URLSearchParams(f.calls[0].body))).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt' });
    expect(session.tokens.refresh_token).toBe('rt');
    expect(seen).toEqual(['new']);
    expect(await session.getAccessToken()).toBe('new');
    expect(f.calls).toHaveLength(1);
  });

  it('a failed token request rejects with an ApiError carrying the OAuth error body', async () => {
    const f = fakeFetch(() => json({ error: 'invalid_grant' }, 400));
    const session = oauth2Session({
      tokenUrl: 'https://a/token',
      clientId: 'id',
      fetch: f,
      tokens: { access_token: 'x', refresh_token: 'bad' },
    });
    await expect(session.getAccessToken(true)).rejects.toMatchObject({ name: 'ApiError', status: 400, body: { error: 'invalid_grant' } });
  });
});
