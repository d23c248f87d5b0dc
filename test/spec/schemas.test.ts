// The component schemas mean what the reference says: sample payloads are
// accepted or rejected by a standard JSON Schema 2020-12 validator (Ajv, with
// formats) as expected. In particular the encodings the generator relies on:
// the Problem union told apart by the `/2/problems/<slug>` suffix without a
// discriminator, the Media union, and the DM `participant_ids` rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadBundledSpec, type Json } from './helpers.ts';

// ajv-formats is CommonJS: under NodeNext its default import is typed as the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const BASE = 'https://social-posting.invalid/spec.json';
let ajv: Ajv2020;

// `x-enum-incomplete: true` means the listed values are the known ones and any other is valid
// (spec/README.md): its `enum` does not restrict, so it goes with the extensions.
function stripExtensions(node: Json): Json {
  if (Array.isArray(node)) return node.map(stripExtensions);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('x-') || (k === 'enum' && node['x-enum-incomplete'] === true)) continue;
    out[k] = stripExtensions(v);
  }
  return out;
}

beforeAll(async () => {
  const doc = await loadBundledSpec();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: BASE, components: { schemas: stripExtensions(doc.components.schemas) } });
});

function valid(schema: string, value: unknown): boolean {
  const v = ajv.getSchema(`${BASE}#/components/schemas/${schema}`);
  if (!v) throw new Error(`no schema ${schema}`);
  return v(value) as boolean;
}

const problem = (slug: string, extra: object = {}) => ({
  type: `https://api.example.invalid/2/problems/${slug}`,
  title: 'A problem',
  ...extra,
});

describe('Problem union (suffix patterns, no discriminator)', () => {
  it('each variant is selected by the /2/problems/<slug> suffix, whatever the base', () => {
    expect(valid('Problem', problem('client-disconnected'))).toBe(true);
    expect(valid('Problem', { type: '/2/problems/rule-cap', title: 'Rule cap' })).toBe(true);
    expect(valid('Problem', { type: 'about:blank', title: 'Not Found', status: 404 })).toBe(true);
    expect(valid('ClientDisconnectedProblem', problem('client-disconnected'))).toBe(true);
    expect(valid('ClientDisconnectedProblem', problem('rule-cap'))).toBe(false);
  });

  it('accepts a type the spec does not list (the set is open) with the base members; rejects a missing title', () => {
    expect(valid('Problem', problem('no-such-problem'))).toBe(true);
    expect(valid('Problem', { type: 'https://x.invalid/2/problems/xrule-cap', title: 't' })).toBe(true);
    expect(valid('Problem', { type: 'https://x.invalid/2/problems/new-kind', title: 't', anything: [1] })).toBe(true);
    expect(valid('Problem', { type: 'about:blank' })).toBe(false);
    expect(valid('Problem', { type: 'https://x.invalid/2/problems/new-kind' })).toBe(false);
    expect(valid('Problem', { type: 42, title: 't' })).toBe(false);
  });

  it('a listed type is still checked against its own variant (the fallback does not swallow it)', () => {
    expect(valid('Problem', problem('usage-capped', { period: 'Weekly' }))).toBe(false);
    expect(valid('Problem', problem('resource-not-found', {}))).toBe(false);
    expect(valid('UnlistedProblem', problem('rule-cap'))).toBe(false);
    expect(valid('UnlistedProblem', { type: 'about:blank', title: 't' })).toBe(false);
  });

  it('checks the extra members of the variant', () => {
    expect(valid('Problem', problem('usage-capped', { period: 'Daily', scope: 'Account' }))).toBe(true);
    expect(valid('Problem', problem('usage-capped', { period: 'Weekly' }))).toBe(false);
    expect(valid('Problem', problem('client-forbidden', { reason: 'client-not-enrolled', registration_url: 'https://a.invalid/r' }))).toBe(true);
    expect(valid('Problem', problem('client-forbidden', { reason: 'other' }))).toBe(false);
    expect(valid('Problem', problem('disallowed-resource', { resource_id: '1', resource_type: 'post', section: 'data' }))).toBe(true);
    expect(valid('Problem', problem('disallowed-resource', { resource_id: '1', resource_type: 'post' }))).toBe(false);
    expect(valid('Problem', problem('resource-not-found', { resource_type: 'tweet', parameter: 'id', value: '1', resource_id: '1' }))).toBe(true);
    expect(valid('Problem', problem('resource-not-found', { resource_type: 'poll' }))).toBe(true);
    expect(valid('Problem', problem('resource-not-found', { resource_type: 'user', parameter: '' }))).toBe(false);
    expect(valid('Problem', problem('resource-not-found', {}))).toBe(false);
    expect(valid('Problem', problem('resource-unavailable', { resource_type: 'place' }))).toBe(false);
    expect(
      valid('Problem', problem('invalid-request', { errors: [{ message: 'bad', parameters: { max_results: ['101'] } }] })),
    ).toBe(true);
    expect(valid('Problem', problem('invalid-request', { errors: [] }))).toBe(false);
    expect(valid('Problem', problem('operational-disconnect', { disconnect_type: 'SlowReader' }))).toBe(true);
    expect(valid('Problem', problem('streaming-connection', { connection_issue: 'TooManyConnections' }))).toBe(true);
  });

  it('Error: code (int32) and message, both required', () => {
    expect(valid('Error', { code: 88, message: 'Rate limit exceeded' })).toBe(true);
    expect(valid('Error', { code: 1.5, message: 'x' })).toBe(false);
    expect(valid('Error', { code: 88 })).toBe(false);
  });
});

describe('Media union (discriminated by type)', () => {
  it('accepts each kind with its own members', () => {
    expect(valid('Media', { type: 'photo', media_key: '3_1', width: 10, height: 10, url: 'https://a.invalid/p.jpg', alt_text: 'x' })).toBe(true);
    expect(
      valid('Media', {
        type: 'video',
        media_key: '7_2',
        duration_ms: 1000,
        variants: [{ bit_rate: 1, content_type: 'video/mp4', url: 'https://a.invalid/v.mp4' }],
        public_metrics: { view_count: 3 },
      }),
    ).toBe(true);
    expect(valid('Media', { type: 'animated_gif', preview_image_url: 'https://a.invalid/g.jpg' })).toBe(true);
  });

  it('rejects an unknown kind, a bad media key, negative sizes', () => {
    expect(valid('Media', { type: 'audio' })).toBe(false);
    expect(valid('Media', { media_key: '3_1' })).toBe(false);
    expect(valid('Media', { type: 'photo', media_key: 'abc' })).toBe(false);
    expect(valid('Media', { type: 'photo', width: -1 })).toBe(false);
  });
});

describe('Post and its constraints', () => {
  const post = {
    id: '1346889436626259968',
    text: 'Hello',
    author_id: '2244994945',
    created_at: '2026-01-02T03:04:05Z',
    display_text_range: [0, 5],
    edit_controls: { is_edit_eligible: true, editable_until: '2026-01-02T04:04:05Z', edits_remaining: 5 },
    edit_history_post_ids: ['1346889436626259968'],
    reply_settings: 'everyone',
    withheld: { copyright: false, country_codes: ['DE', 'FR'], scope: 'post' },
    geo: { coordinates: { type: 'Point', coordinates: [-73.99, 40.73] }, place_id: 'abc' },
    card_uri: { anything: ['goes'] },
  };

  it('accepts a fully featured post', () => {
    expect(valid('Post', post)).toBe(true);
  });

  it.each([
    ['an id with letters', { id: 'abc' }],
    ['an id of 20 digits', { id: '12345678901234567890' }],
    ['display_text_range of one item', { display_text_range: [0] }],
    ['display_text_range with a negative index', { display_text_range: [-1, 4] }],
    ['edit_controls without edits_remaining', { edit_controls: { is_edit_eligible: true, editable_until: '2026-01-02T04:04:05Z' } }],
    ['an unknown reply setting', { reply_settings: 'nobody' }],
    ['duplicate withheld countries', { withheld: { copyright: false, country_codes: ['DE', 'DE'] } }],
    ['a lowercase country code', { withheld: { copyright: false, country_codes: ['de'] } }],
    ['an empty edit history', { edit_history_post_ids: [] }],
    ['a bad created_at', { created_at: 'yesterday' }],
  ])('rejects %s', (_label, patch) => {
    expect(valid('Post', { ...post, ...patch })).toBe(false);
  });

  it('polls: 2..4 options, label 1..25 characters, duration 5..10080', () => {
    const option = (position: number, label = 'yes') => ({ position, label, votes: 0 });
    const poll = { id: '1', options: [option(1), option(2)], duration_minutes: 60, voting_status: 'open' };
    expect(valid('Poll', poll)).toBe(true);
    expect(valid('Poll', { ...poll, options: [option(1)] })).toBe(false);
    expect(valid('Poll', { ...poll, options: [1, 2, 3, 4, 5].map((i) => option(i)) })).toBe(false);
    expect(valid('Poll', { ...poll, options: [option(1, ''), option(2)] })).toBe(false);
    expect(valid('Poll', { ...poll, options: [option(1, 'x'.repeat(26)), option(2)] })).toBe(false);
    expect(valid('Poll', { ...poll, duration_minutes: 4 })).toBe(false);
    expect(valid('Poll', { ...poll, duration_minutes: 10081 })).toBe(false);
    expect(valid('Poll', { ...poll, voting_status: 'paused' })).toBe(false);
  });

  it('create post: text up to 25,000 characters; poll limits', () => {
    expect(valid('CreatePostRequest', { text: 'x'.repeat(25000) })).toBe(true);
    expect(valid('CreatePostRequest', { text: 'x'.repeat(25001) })).toBe(false);
    expect(valid('CreatePostRequest', { text: 'q', poll: { options: ['a', 'b'], duration_minutes: 5 } })).toBe(true);
    expect(valid('CreatePostRequest', { text: 'q', poll: { options: ['a'], duration_minutes: 5 } })).toBe(false);
    expect(valid('CreatePostRequest', { edit_options: { previous_post_id: '123' } })).toBe(true);
    expect(valid('CreatePostRequest', { edit_options: { previous_post_id: 'abc' } })).toBe(false);
    // No member is stated as required: partial objects are not refused.
    expect(valid('CreatePostRequest', { edit_options: {} })).toBe(true);
    expect(valid('CreatePostRequest', { poll: { options: ['a', 'b'] } })).toBe(true);
    expect(valid('CreatePostRequest', { reply_settings: 'mentionedUsers' })).toBe(true);
    expect(valid('CreatePostRequest', { reply_settings: 'nobody' })).toBe(false);
  });

  it('a bookmarks page with includes', () => {
    const page = {
      data: [post],
      includes: {
        users: [{ id: '2244994945', name: 'Dev', username: 'SocialDevs' }],
        media: [{ type: 'photo', media_key: '3_1' }],
      },
      meta: { result_count: 1, next_token: 'abc123' },
    };
    expect(valid('GetUserBookmarksEnvelope', page)).toBe(true);
    expect(valid('GetUserBookmarksEnvelope', { ...page, data: [] })).toBe(false);
    expect(valid('GetUserBookmarksEnvelope', { ...page, meta: { next_token: '' } })).toBe(false);
    expect(valid('GetUserBookmarksEnvelope', { ...page, errors: [problem('resource-not-found', { resource_type: 'post' })] })).toBe(true);
    expect(valid('GetUserBookmarksEnvelope', { ...page, includes: { users: [{ id: '1' }] } })).toBe(false);
  });
});

describe('Events', () => {
  it('DM events: participant_ids only on ParticipantsJoin and ParticipantsLeave', () => {
    expect(valid('DmEvent', { event_type: 'MessageCreate' })).toBe(true);
    expect(valid('DmEvent', { event_type: 'MessageCreate', participant_ids: ['1'] })).toBe(false);
    expect(valid('DmEvent', { event_type: 'ParticipantsJoin', participant_ids: ['1', '2'] })).toBe(true);
    expect(valid('DmEvent', { event_type: 'ParticipantsLeave', participant_ids: ['3'] })).toBe(true);
    expect(valid('DmEvent', { event_type: 'ParticipantsLeave', participant_ids: ['x'] })).toBe(false);
    // The kinds listed are those "seen": another kind is valid, with anything but a kind member.
    expect(valid('DmEvent', { event_type: 'Typing' })).toBe(true);
    expect(valid('DmEvent', { event_type: 'Typing', participant_ids: ['x'] })).toBe(true);
    expect(valid('DmEvent', { participant_ids: ['1'] })).toBe(false);
    expect(valid('DmEvent', { event_type: 7 })).toBe(false);
    expect(valid('DmEventType', 'ConversationRenamed')).toBe(true);
  });

  it('subscriptions: event type (current or deprecated name) and filter', () => {
    const filter = { user_id: '2244994945', keyword: 'news', direction: 'sent' };
    expect(valid('ActivitySubscriptionCreateRequest', { event_type: 'profile.update.bio', filter })).toBe(true);
    expect(valid('ActivitySubscriptionCreateRequest', { event_type: 'ProfileBioUpdate', filter })).toBe(true);
    // Open: the names of four replacements, and of news and chat events, are not shown.
    expect(valid('ActivitySubscriptionCreateRequest', { event_type: 'profile.update.picture', filter })).toBe(true);
    expect(valid('ActivitySubscriptionCreateRequest', { event_type: 42, filter })).toBe(false);
    // "sent, received, or both".
    expect(valid('ActivitySubscriptionCreateRequest', { event_type: 'post.create', filter: { ...filter, direction: 'both' } })).toBe(true);
    expect(valid('ActivitySubscriptionCreateRequest', { event_type: 'post.create', filter: { ...filter, direction: 'all' } })).toBe(false);
    // Which members are required is not shown.
    expect(valid('ActivitySubscriptionCreateRequest', { event_type: 'post.create', filter: { keyword: 'x' } })).toBe(true);
    expect(valid('ActivitySubscriptionCreateRequest', { filter: { user_id: 'x' } })).toBe(false);
  });
});
