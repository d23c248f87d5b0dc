/**
 * The webhook signature schemes (generator/src/emit/server/runtime/webhook-signatures.ts, copied into the
 * generated server and client) against each provider's own code and published examples: the
 * `standardwebhooks` package (its sign/verify and the spec's test vector), `@octokit/webhooks-methods` and
 * GitHub's documented example, `stripe`'s `generateTestHeaderString` / `constructEvent`, Slack's documented
 * example, and `node:crypto` for the custom scheme.
 */
import { createHmac } from 'node:crypto';
import { sign as githubSign, verify as githubVerify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { checkSecrets, signatureHeaders, verifySignature, type SignatureScheme } from '../../generator/src/emit/server/runtime/webhook-signatures.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const verify = (scheme: SignatureScheme, secret: string | string[], headers: Record<string, string>, body: string, now: number, tolerance = 300) =>
  verifySignature(scheme, secret, { headers: new Headers(headers), body: bytes(body) }, tolerance, now);

const flip = (text: string) => String.fromCharCode(text.charCodeAt(0) ^ 1) + text.slice(1);

describe('Standard Webhooks', () => {
  // The test vector of the Standard Webhooks specification (and of the standardwebhooks package's tests).
  const vector = { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: 1614265330, payload: '{"test": 2432232314}', signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' };
  const headers = (signature: string, timestamp = vector.timestamp) => ({ 'webhook-id': vector.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature });

  it('the published vector verifies, and signing reproduces it', async () => {
    expect(new Webhook(vector.secret).sign(vector.id, new Date(vector.timestamp * 1000), vector.payload)).toBe(vector.signature);
    expect(await verify('standard-webhooks', vector.secret, headers(vector.signature), vector.payload, vector.timestamp)).toBeUndefined();
    const signed = await signatureHeaders(undefined, vector.secret, bytes(vector.payload), vector.timestamp, vector.id);
    expect(signed['webhook-signature']).toBe(vector.signature);
  });

  it('refuses a secret that is not base64, whsec_-prefixed or not; an unprefixed one is the base64 of the key as the package reads it', async () => {
    expect(() => checkSecrets('standard-webhooks', 'whsec_not base64!')).toThrow(/whsec_ secret whose rest is not base64/);
    expect(() => checkSecrets(undefined, ['whsec_' + Buffer.from('k').toString('base64'), 'whsec_%%%%'])).toThrow(TypeError);
    expect(() => checkSecrets(undefined, 'plain text secret')).toThrow(/without the whsec_ prefix that is not base64/);
    expect(() => checkSecrets(undefined, [])).toThrow(/a secret/);
    // The package refuses the same text: our refusal is not stricter than the reference reader.
    expect(() => new Webhook('whsec_not base64!')).toThrow();
    expect(() => checkSecrets('github', 'plain text secret')).not.toThrow();
    const unprefixed = vector.secret.slice('whsec_'.length);
    const signed = await signatureHeaders(undefined, unprefixed, bytes(vector.payload), vector.timestamp, vector.id);
    expect(signed['webhook-signature']).toBe(new Webhook(unprefixed).sign(vector.id, new Date(vector.timestamp * 1000), vector.payload));
    expect(signed['webhook-signature']).toBe(vector.signature);
  });

  it('agrees with the standardwebhooks package both ways, several signatures and secrets included', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = '{"type":"invoice.paid","data":{"id":"in_1","total":12.5,"note":"ünïcode ✓"}}';
    const theirs = new Webhook(vector.secret).sign('msg_1', new Date(now * 1000), payload);
    expect(await verify('standard-webhooks', vector.secret, { 'webhook-id': 'msg_1', 'webhook-timestamp': String(now), 'webhook-signature': theirs }, payload, now)).toBeUndefined();
    const other = 'whsec_' + Buffer.from('another secret of 24 bytes').toString('base64');
    const ours = await signatureHeaders('standard-webhooks', [other, vector.secret], bytes(payload), now, 'msg_2');
    expect(ours['webhook-signature']!.split(' ')).toHaveLength(2);
    // Their verify accepts a header holding several signatures when one is theirs.
    expect(new Webhook(vector.secret).verify(payload, ours)).toEqual(JSON.parse(payload));
    expect(await verify('standard-webhooks', [other], ours, payload, now)).toBeUndefined();
  });

  it('refuses a flipped byte, a wrong secret, a missing header and a stale timestamp', async () => {
    const ok = headers(vector.signature);
    expect(await verify('standard-webhooks', vector.secret, ok, flip(vector.payload), vector.timestamp)).toBe('no signature matches');
    expect(await verify('standard-webhooks', 'whsec_' + Buffer.from('wrong').toString('base64'), ok, vector.payload, vector.timestamp)).toBe('no signature matches');
    const { 'webhook-id': _, ...missing } = ok;
    expect(await verify('standard-webhooks', vector.secret, missing, vector.payload, vector.timestamp)).toMatch(/headers are required/);
    expect(await verify('standard-webhooks', vector.secret, ok, vector.payload, vector.timestamp + 301)).toMatch(/outside the tolerance/);
    expect(await verify('standard-webhooks', vector.secret, ok, vector.payload, vector.timestamp + 301, 600)).toBeUndefined();
  });
});

describe('GitHub', () => {
  // GitHub's documentation ("Validating webhook deliveries"): this secret and payload give this signature.
  const doc = { secret: "It's a Secret to Everybody", payload: 'Hello, World!', signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17' };

  it("GitHub's documented example verifies and signing reproduces it", async () => {
    expect(await githubSign(doc.secret, doc.payload)).toBe(doc.signature);
    expect(await verify('github', doc.secret, { 'X-Hub-Signature-256': doc.signature }, doc.payload, 0)).toBeUndefined();
    expect((await signatureHeaders('github', doc.secret, bytes(doc.payload), 0, ''))['x-hub-signature-256']).toBe(doc.signature);
  });

  it('agrees with @octokit/webhooks-methods; refuses a flipped byte, a wrong secret and a missing header', async () => {
    const payload = JSON.stringify({ action: 'opened', issue: { title: 'é ✓' } });
    const ours = await signatureHeaders('github', 'secret-1', bytes(payload), 0, '');
    expect(await githubVerify('secret-1', payload, ours['x-hub-signature-256']!)).toBe(true);
    expect(await verify('github', ['old', 'secret-1'], { 'x-hub-signature-256': await githubSign('secret-1', payload) }, payload, 0)).toBeUndefined();
    expect(await verify('github', 'secret-1', ours, flip(payload), 0)).toBe('no signature matches');
    expect(await verify('github', 'secret-2', ours, payload, 0)).toBe('no signature matches');
    expect(await verify('github', 'secret-1', {}, payload, 0)).toMatch(/X-Hub-Signature-256 header is required/);
  });
});

describe('Stripe', () => {
  const stripe = new Stripe('sk_test_unused');
  const secret = 'whsec_test_secret';
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' });

  it("verifies stripe's test header and stripe's constructEvent accepts ours", async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now });
    expect(await verify('stripe', secret, { 'Stripe-Signature': header }, payload, now)).toBeUndefined();
    const ours = await signatureHeaders('stripe', secret, bytes(payload), now, '');
    expect(stripe.webhooks.constructEvent(payload, ours['stripe-signature']!, secret).id).toBe('evt_1');
  });

  it('accepts any of several v1 signatures; refuses a flipped byte, a wrong secret, a missing header and a stale timestamp', async () => {
    const now = 1_700_000_000;
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now });
    const ours = await signatureHeaders('stripe', ['whsec_rotated', secret], bytes(payload), now, '');
    expect(ours['stripe-signature']!.match(/v1=/g)).toHaveLength(2);
    // stripe 23's constructEvent(payload, header, secret, toleranceSeconds, cryptoProvider, receivedAtMilliseconds).
    expect(stripe.webhooks.constructEvent(payload, ours['stripe-signature']!, secret, 300, undefined, now * 1000).id).toBe('evt_1');
    expect(await verify('stripe', secret, { 'Stripe-Signature': header }, flip(payload), now)).toBe('no signature matches');
    expect(await verify('stripe', 'whsec_wrong', { 'Stripe-Signature': header }, payload, now)).toBe('no signature matches');
    expect(await verify('stripe', secret, {}, payload, now)).toMatch(/Stripe-Signature header is required/);
    expect(await verify('stripe', secret, { 'Stripe-Signature': header }, payload, now + 301)).toMatch(/outside the tolerance/);
    // The oracle agrees: the same header 301 s later is past stripe's own 300 s tolerance, 299 s later within it.
    expect(() => stripe.webhooks.constructEvent(payload, header, secret, 300, undefined, (now + 301) * 1000)).toThrow(/tolerance/);
    expect(stripe.webhooks.constructEvent(payload, header, secret, 300, undefined, (now + 299) * 1000).id).toBe('evt_1');
    expect(await verify('stripe', secret, { 'Stripe-Signature': header }, payload, now + 299)).toBeUndefined();
  });
});

describe('Slack', () => {
  // Slack's documentation ("Verifying requests from Slack"): this secret, timestamp and body give this signature.
  const doc = {
    secret: '8f742231b10e8888abcd99yyyzzz85a5',
    timestamp: '1531420618',
    body: 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c',
    signature: 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
  };
  const headers = { 'X-Slack-Signature': doc.signature, 'X-Slack-Request-Timestamp': doc.timestamp };

  it("Slack's documented example verifies and signing reproduces it", async () => {
    expect(await verify('slack', doc.secret, headers, doc.body, Number(doc.timestamp))).toBeUndefined();
    const ours = await signatureHeaders('slack', doc.secret, bytes(doc.body), Number(doc.timestamp), '');
    expect(ours).toEqual({ 'x-slack-request-timestamp': doc.timestamp, 'x-slack-signature': doc.signature });
  });

  it('refuses a flipped byte, a wrong secret, a missing header and a stale timestamp', async () => {
    const now = Number(doc.timestamp);
    expect(await verify('slack', doc.secret, headers, flip(doc.body), now)).toBe('no signature matches');
    expect(await verify('slack', 'wrong', headers, doc.body, now)).toBe('no signature matches');
    expect(await verify('slack', doc.secret, { 'X-Slack-Signature': doc.signature }, doc.body, now)).toMatch(/headers are required/);
    expect(await verify('slack', doc.secret, headers, doc.body, now - 301)).toMatch(/outside the tolerance/);
  });
});

describe('custom HMAC scheme', () => {
  const payload = '{"event":"created"}';

  it.each([
    ['SHA-1', 'sha1', 'hex'],
    ['SHA-512', 'sha512', 'base64'],
  ] as const)('%s, %s', async (algorithm, nodeName, encoding) => {
    const scheme = { header: 'X-Signature', algorithm, encoding, prefix: 'sig=', signed: '{timestamp}:{id}:{body}', timestampHeader: 'X-Timestamp', idHeader: 'X-Id' } as const;
    const expected = 'sig=' + createHmac(nodeName, 'k').update(`1700000000:d-1:${payload}`).digest(encoding);
    const ours = await signatureHeaders(scheme, 'k', bytes(payload), 1_700_000_000, 'd-1');
    expect(ours).toEqual({ 'x-signature': expected, 'x-timestamp': '1700000000', 'x-id': 'd-1' });
    expect(await verify(scheme, 'k', ours, payload, 1_700_000_000)).toBeUndefined();
    expect(await verify(scheme, 'k', ours, flip(payload), 1_700_000_000)).toBe('no signature matches');
    expect(await verify(scheme, 'k', { ...ours, 'x-id': 'd-2' }, payload, 1_700_000_000)).toBe('no signature matches');
    expect(await verify(scheme, 'k', ours, payload, 1_700_000_400)).toMatch(/outside the tolerance/);
  });

  it('the body alone by default, without a timestamp', async () => {
    const scheme = { header: 'X-Sig' };
    const ours = await signatureHeaders(scheme, 'k', bytes(payload), 0, '');
    expect(ours['x-sig']).toBe(createHmac('sha256', 'k').update(payload).digest('hex'));
    expect(await verify(scheme, 'k', ours, payload, 9_999_999_999)).toBeUndefined();
  });
});
