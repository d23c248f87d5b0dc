// Resources as a real server of the Social Posting API returns them: every member the reference lists,
// every enum value somewhere, long-form text at the 25,000-character limit, and partial errors with the
// listed problem types and types this spec does not list (a server adds problem types over time).

export const USER_ID = '2244994945';
export const OTHER_USER_ID = '783214';
export const PROBLEM_BASE = 'https://api.example.invalid';

/** 25,000 characters: the long-form limit, with multi-word text rather than one repeated letter. */
export const LONG_FORM_TEXT = 'Long-form posts carry up to 25,000 characters. '.repeat(600).slice(0, 25_000);

export const REPLY_SETTINGS = ['everyone', 'mentionedUsers', 'following', 'other', 'subscribers', 'verified'] as const;
const REFERENCED = ['reposted', 'quoted', 'replied_to'] as const;

const urlEntity = (start: number) => ({
  start,
  end: start + 23,
  url: 'https://t.example/abc123',
  expanded_url: 'https://news.example.com/2026/03/story?id=1&lang=en',
  display_url: 'news.example.com/2026/03/st…',
  unwound_url: 'https://news.example.com/2026/03/story',
  title: 'A story',
  description: 'What happened',
  images: [{ url: 'https://pbs.example/img.jpg', height: 630, width: 1200 }],
  media_key: '3_1365362339449561088',
  status: 200,
});

const entities = {
  annotations: [{ start: 0, end: 3, normalized_text: 'Long', probability: 0.87, type: 'Other' }],
  cashtags: [{ start: 10, end: 15, tag: 'TSLA' }],
  hashtags: [{ start: 20, end: 28, tag: 'OpenAPI' }],
  // A mention as written in the text: handles are not checked against the User pattern.
  mentions: [
    { start: 30, end: 42, username: 'SocialDevs', id: USER_ID },
    { start: 44, end: 60, username: 'someone_renamed' },
  ],
  urls: [urlEntity(62)],
};

/** A post with every member the reference lists; `i` varies the enum members across posts. */
export function fullPost(i: number, text = `post number ${i}`) {
  const id = String(1_346_889_436_626_259_968n + BigInt(i));
  return {
    id,
    text,
    author_id: USER_ID,
    username: 'SocialDevs',
    created_at: '2026-03-25T16:00:00.000Z',
    conversation_id: id,
    in_reply_to_user_id: OTHER_USER_ID,
    lang: 'en',
    community_id: '1493446837304332290',
    attachments: { media_keys: ['3_1365362339449561088'], media_source_post_id: ['1346889436626259968'], poll_ids: ['1199786642468413448'] },
    context_annotations: [
      { domain: { id: '10', name: 'Person', description: 'Named people' }, entity: { id: '799022225751871488', name: 'Someone' } },
    ],
    display_text_range: [0, Math.max(1, Math.min(text.length, 280))],
    edit_controls: { is_edit_eligible: i % 2 === 0, editable_until: '2026-03-25T17:00:00.000Z', edits_remaining: 5 },
    edit_history_post_ids: [id],
    entities,
    geo: { coordinates: { type: 'Point', coordinates: [-73.99, 40.73] }, place_id: '01a9a39529b27f36' },
    matched_media_notes: { match_status: 'matched', note_id: '1234567890' },
    non_public_metrics: { impression_count: 2_000_000_000 },
    organic_metrics: { impression_count: 3, repost_count: 1, reply_count: 2, like_count: 4 },
    promoted_metrics: { impression_count: 1, like_count: 0, reply_count: 0, repost_count: 0 },
    public_metrics: { repost_count: 1, reply_count: 2, like_count: 3, impression_count: 10, bookmark_count: 0, quote_count: 1 },
    note_request_suggestions: { source_link: urlEntity(0), suggestion: 'Add context', suggestion_id: 's-1' },
    note_post: { text: i === 0 ? LONG_FORM_TEXT : 'The rest of the post.', entities: { cashtags: entities.cashtags, hashtags: entities.hashtags, mentions: entities.mentions, urls: entities.urls } },
    paid_partnership: i % 3 === 0,
    possibly_sensitive: false,
    referenced_posts: [{ type: REFERENCED[i % 3], id: '1346889436626259968' }],
    reply_settings: REPLY_SETTINGS[i % REPLY_SETTINGS.length],
    scopes: { followers: true },
    source: 'Social Web App',
    suggested_source_links: [],
    suggested_source_links_with_counts: { count: 2, url: urlEntity(0) },
    withheld: { copyright: false, country_codes: ['DE', 'FR'], scope: i % 2 ? 'post' : 'user' },
    article: { title: 'An article', plain_text: 'Body' },
    card_uri: 'card://1234',
    media_metadata: [{ media_key: '3_1', alt_text: 'x' }],
    // A member the reference does not list: objects are open.
    vibe: 'added later by the service',
  };
}

const VERIFIED = ['blue', 'government', 'business', 'none'] as const;
const SUBSCRIPTION = ['Basic', 'Premium', 'PremiumPlus', 'None'] as const;

export function fullUser(i: number) {
  return {
    id: i === 0 ? USER_ID : String(1000 + i),
    name: 'Social Devs',
    username: i === 0 ? 'SocialDevs' : `user_${i}`,
    created_at: '2013-12-14T04:35:55.000Z',
    description: 'Posting about APIs #OpenAPI',
    location: 'somewhere, over there',
    url: 'https://t.example/xyz',
    profile_image_url: 'https://pbs.example/profile.jpg',
    profile_banner_url: 'https://pbs.example/banner.jpg',
    protected: false,
    verified: true,
    verified_type: VERIFIED[i % 4],
    subscription_type: SUBSCRIPTION[i % 4],
    receives_your_dm: true,
    connection_status: ['follow_request_received', 'follow_request_sent', 'blocking', 'followed_by', 'following', 'muting'],
    most_recent_post_id: '1346889436626259968',
    pinned_post_id: '1346889436626259968',
    entities: { description: { hashtags: [{ start: 23, end: 31, tag: 'OpenAPI' }] }, url: { urls: [urlEntity(0)] } },
    public_metrics: { followers_count: 10, following_count: 2, post_count: 3, listed_count: 1, like_count: 9 },
    affiliation: { badge_url: 'https://pbs.example/badge.png', description: 'Example Corp', url: 'https://corp.example', user_id: [OTHER_USER_ID] },
    withheld: { country_codes: ['DE'], scope: 'user' },
  };
}

const PLACE_TYPES = ['poi', 'neighborhood', 'city', 'admin', 'country', 'unknown'] as const;
const videoMetrics = { playback_0_count: 1, playback_25_count: 1, playback_50_count: 1, playback_75_count: 1, playback_100_count: 1, view_count: 5 };
const variants = [{ bit_rate: 2_176_000, content_type: 'video/mp4', url: 'https://video.example/v.mp4' }, { content_type: 'application/x-mpegURL', url: 'https://video.example/v.m3u8' }];

export const includes = {
  media: [
    { type: 'photo', media_key: '3_1365362339449561088', height: 1080, width: 1920, alt_text: 'A chart', url: 'https://pbs.example/p.jpg' },
    {
      type: 'video',
      media_key: '7_1365362339449561089',
      height: 720,
      width: 1280,
      duration_ms: 46_120,
      preview_image_url: 'https://pbs.example/v.jpg',
      variants,
      public_metrics: { view_count: 5 },
      organic_metrics: videoMetrics,
      promoted_metrics: videoMetrics,
      non_public_metrics: { playback_0_count: 1, playback_25_count: 1, playback_50_count: 1, playback_75_count: 1, playback_100_count: 1 },
    },
    { type: 'animated_gif', media_key: '16_1365362339449561090', height: 200, width: 200, preview_image_url: 'https://pbs.example/g.jpg', variants },
  ],
  places: PLACE_TYPES.map((place_type, i) => ({
    id: `01a9a39529b27f3${i}`,
    full_name: 'Manhattan, NY',
    name: 'Manhattan',
    country: 'United States',
    country_code: 'US',
    contained_within: ['96683cc9126741d1'],
    place_type,
    geo: { type: 'Feature', bbox: [-74.026675, 40.683935, -73.910408, 40.877483], properties: {}, geometry: { type: 'Point', coordinates: [-73.99, 40.73] } },
  })),
  polls: (['open', 'closed'] as const).map((voting_status, i) => ({
    id: `119978664246841344${i}`,
    options: [
      { position: 1, label: 'Yes', votes: 10 },
      { position: 2, label: 'No', votes: 3 },
      { position: 3, label: 'x'.repeat(25), votes: 0 },
      { position: 4, label: 'Maybe', votes: 1 },
    ],
    duration_minutes: i ? 10_080 : 5,
    end_datetime: '2026-03-26T16:00:00.000Z',
    voting_status,
  })),
  topics: [{ id: '848920371311001600', name: 'Technology', description: 'All about technology' }],
  posts: [fullPost(100)],
  users: [fullUser(0), fullUser(1), fullUser(2), fullUser(3)],
};

const t = (slug: string) => `${PROBLEM_BASE}/2/problems/${slug}`;

/** One problem of every listed type, with the members each requires, and the enum values spread over them. */
export const listedProblems = [
  { type: 'about:blank', title: 'Not Found', status: 404 },
  { type: t('client-disconnected'), title: 'Client Disconnected' },
  { type: t('client-forbidden'), title: 'Client Forbidden', reason: 'official-client-forbidden', registration_url: 'https://developer.example/enroll' },
  { type: t('client-forbidden'), title: 'Client Forbidden', reason: 'client-not-enrolled' },
  { type: t('conflict'), title: 'Conflict' },
  { type: t('disallowed-resource'), title: 'Disallowed', resource_id: '1', resource_type: 'media', section: 'includes' },
  { type: t('duplicate-rules'), title: 'Duplicate', id: '1', value: 'from:x' },
  { type: t('invalid-request'), title: 'Invalid Request', errors: [{ message: 'bad', parameters: { max_results: ['101'] } }] },
  { type: t('invalid-rules'), title: 'Invalid Rules' },
  { type: t('noncompliant-rules'), title: 'Noncompliant Rules' },
  { type: t('not-authorized-for-field'), title: 'Not Authorized', field: 'non_public_metrics', resource_type: 'post', section: 'data' },
  { type: t('not-authorized-for-resource'), title: 'Not Authorized', value: '1', resource_id: '1', resource_type: 'user', section: 'data', parameter: 'id' },
  ...['OperationalDisconnect', 'UpstreamOperationalDisconnect', 'ForceDisconnect', 'UpstreamUncleanDisconnect', 'SlowReader', 'InternalError', 'ClientApplicationStateDegraded', 'InvalidRules'].map(
    (disconnect_type) => ({ type: t('operational-disconnect'), title: 'Disconnected', disconnect_type }),
  ),
  ...['user', 'tweet', 'post', 'media', 'list', 'space', 'place', 'poll'].map((resource_type) => ({
    type: t('resource-not-found'),
    title: 'Not Found Error',
    parameter: 'ids',
    value: '1',
    resource_id: '1',
    resource_type,
  })),
  ...['user', 'post', 'media', 'list', 'space'].map((resource_type) => ({ type: t('resource-unavailable'), title: 'Unavailable', resource_type })),
  { type: t('rule-cap'), title: 'Rule Cap' },
  ...['TooManyConnections', 'ProvisioningSubscription', 'RuleConfigurationIssue', 'RulesInvalidIssue'].map((connection_issue) => ({
    type: t('streaming-connection'),
    title: 'Connection',
    connection_issue,
  })),
  { type: t('unsupported-authentication'), title: 'Unsupported Authentication' },
  { type: t('usage-capped'), title: 'Usage Capped', period: 'Daily', scope: 'Account' },
  { type: t('usage-capped'), title: 'Usage Capped', period: 'Monthly', scope: 'Product' },
];

/** Problem types this spec does not list: the set is open. */
export const unlistedProblems = [
  { type: t('brand-new-problem'), title: 'Something new', detail: 'A type added after this description', status: 400, extra: { any: 'shape' } },
  { type: 'https://problems.example.org/quota', title: 'Quota' },
  { type: 'urn:problem-type:example:throttled', title: 'Throttled', status: 429 },
];

export const partialErrors = [...listedProblems, ...unlistedProblems];
