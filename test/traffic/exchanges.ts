// The real-traffic corpus: for every operation, requests a real client sends (listed parameters at their
// limits, every enum value, the inferred inputs, the extra parameters of under-documented operations) and
// responses a real server returns (maximal pages, long-form text, partial errors with listed and unlisted
// problem types). Each exchange is a client call (`args`) and the server's answer (`status`, `body`).
import { fullPost, fullUser, includes, LONG_FORM_TEXT, OTHER_USER_ID, partialErrors, REPLY_SETTINGS, USER_ID } from './resources.ts';

export interface Exchange {
  /** The client method / server handler key. */
  op: string;
  /** What varies, for messages. */
  label: string;
  /** The client call's argument (parameters by spec name, `body`, `extraQuery`). */
  args: Record<string, unknown>;
  status: number;
  body: unknown;
  /** Streaming operation: the body is one event. */
  stream?: boolean;
}

const POST_FIELDS = [
  'article', 'attachments', 'author_id', 'card_uri', 'community_id', 'context_annotations', 'conversation_id', 'created_at',
  'display_text_range', 'edit_controls', 'edit_history_post_ids', 'entities', 'geo', 'id', 'in_reply_to_user_id', 'lang',
  'matched_media_notes', 'media_metadata', 'non_public_metrics', 'note_request_suggestions', 'note_post', 'organic_metrics',
  'paid_partnership', 'possibly_sensitive', 'promoted_metrics', 'public_metrics', 'referenced_posts', 'reply_settings', 'scopes',
  'source', 'suggested_source_links', 'suggested_source_links_with_counts', 'text',
];
/** Field lists as real clients send them: the shown values, values the reference does not list, and repeats. */
const EXPANSIONS = ['attachments.media_keys', 'entities.mentions.username', 'referenced_posts.id.author_id', 'author_id', 'attachments.poll_ids', 'geo.place_id'];
const FIELD_LISTS = {
  expansions: EXPANSIONS,
  'media.fields': ['alt_text', 'url', 'preview_image_url', 'variants', 'public_metrics', 'alt_text'],
  'poll.fields': ['duration_minutes', 'end_datetime', 'voting_status'],
  'user.fields': ['created_at', 'description', 'verified_type', 'subscription_type', 'affiliation'],
  'place.fields': ['country_code', 'geo', 'place_type'],
};
const NEWS_FIELDS = ['name', 'summary', 'contexts', 'cluster_posts_results', 'last_updated_at_ms', 'category', 'keywords'];

const page = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => fullPost(offset + i, i === 0 ? LONG_FORM_TEXT.slice(0, 280) : undefined));
const envelope = (data: unknown, meta?: Record<string, unknown>) => ({ data, includes, errors: partialErrors, ...(meta ? { meta } : {}) });
const unknownData = (data: unknown) => ({ data, meta: { result_count: 1, next_token: '7140dibdnow9c7btw3z2vwioavpvutgzrzm9icis4ndix' } });
const QUERY_1024 = ('(from:SocialDevs OR #OpenAPI) has:geo -is:retweet place_country:US min_likes:10 ').repeat(13).slice(0, 1024);
/** Parameters a real client of the API sends that the spec does not list (the reference does not show them). */
const PAGING = { max_results: 100, pagination_token: '7140dibdnow9c7btw3z2vwioavpvutgzrzm9icis4ndix' };

const userList = (op: string): Exchange => ({
  op,
  label: 'a page of users, with pagination and fields the spec does not list',
  args: { id: USER_ID, extraQuery: { ...PAGING, 'user.fields': ['created_at', 'verified_type'], expansions: 'pinned_post_id' } },
  status: 200,
  body: unknownData(Array.from({ length: 4 }, (_, i) => fullUser(i))),
});
const postList = (op: string): Exchange => ({
  op,
  label: 'a page of posts, with pagination and fields the spec does not list',
  args: { id: USER_ID, extraQuery: { ...PAGING, 'post.fields': POST_FIELDS.slice(0, 5), start_time: '2026-03-01T00:00:00Z' } },
  status: 200,
  body: unknownData(page(5)),
});
const listList = (op: string): Exchange => ({
  op,
  label: 'lists, with pagination the spec does not list',
  args: { id: USER_ID, extraQuery: { ...PAGING, 'list.fields': ['follower_count', 'private'] } },
  status: 200,
  body: unknownData([{ id: '1146654567674912769', name: 'APIs', follower_count: 3, private: false }]),
});

export const EXCHANGES: Exchange[] = [
  {
    op: 'getUserBookmarks',
    label: 'a maximal page (100) with every expansion, partial errors of listed and unlisted types',
    args: { id: USER_ID, max_results: 100, pagination_token: 'c3lvM', 'post.fields': [...POST_FIELDS, 'future_field'], ...FIELD_LISTS },
    status: 200,
    body: envelope(page(100), { result_count: 100, next_token: '7140dibdnow9c7btw3z2vwioavpvutgzrzm9icis4ndix', previous_token: 'a1' }),
  },
  { op: 'getUserBookmarks', label: 'the last page: no data, no next token', args: { id: USER_ID, max_results: 1 }, status: 200, body: { meta: { result_count: 0 } } },
  {
    op: 'findUserByUsername',
    label: 'a user with every member',
    args: { username: 'SocialDevs', 'user.fields': FIELD_LISTS['user.fields'], extraQuery: { expansions: 'pinned_post_id' } },
    status: 200,
    body: { data: fullUser(0), includes: { posts: [fullPost(1)] }, errors: partialErrors },
  },
  ...REPLY_SETTINGS.map((_, i) => ({
    op: 'findPostById',
    label: `a long-form post, reply_settings ${REPLY_SETTINGS[i]}`,
    args: { id: '1346889436626259968', 'post.fields': POST_FIELDS, extraQuery: FIELD_LISTS },
    status: 200,
    body: { data: fullPost(i, LONG_FORM_TEXT), includes, errors: partialErrors },
  })),
  {
    op: 'searchRecentPosts',
    label: 'a 1,024-character query, with parameters the spec does not list',
    args: { query: QUERY_1024, 'post.fields': ['created_at', 'lang'], extraQuery: { ...PAGING, sort_order: 'recency', since_id: '1346889436626259968' } },
    status: 200,
    body: { data: page(10), includes, errors: partialErrors, meta: { newest_id: '1', oldest_id: '1', result_count: 10 } },
  },
  {
    op: 'searchAllPosts',
    label: 'a maximal page (500) of the full archive',
    args: {
      query: '$TSLA point_radius:[-73.99 40.73 5mi] -is:nullcast has:cashtags',
      max_results: 500,
      start_time: '2006-03-21T00:00:00Z',
      end_time: '2026-05-04T00:00:00.000Z',
      next_token: 'b26v89c19zqg8o3fpds',
      'post.fields': ['context_annotations'],
      extraQuery: { sort_order: 'relevancy' },
    },
    status: 200,
    body: { data: page(500), meta: { newest_id: '1346889436626259968', oldest_id: '1346889436626259000', result_count: 500, next_token: 'b26v89c19zqg8o3fpdt' } },
  },
  ...['countRecentPosts', 'countAllPosts'].map((op) => ({
    op,
    label: 'counts of a query (the inferred input), with a granularity the spec does not list',
    args: { query: 'from:SocialDevs -is:retweet', extraQuery: { granularity: 'hour', start_time: '2026-03-20T00:00:00Z', search_count: true } },
    status: 200,
    body: { data: [{ start: '2026-03-20T00:00:00.000Z', end: '2026-03-20T01:00:00.000Z', post_count: 12 }], meta: { total_post_count: 12 } },
  })),
  {
    op: 'getUserPosts',
    label: 'the timeline at a large page, pagination not listed',
    args: { id: USER_ID, max_results: 100, extraQuery: { pagination_token: 'x1', exclude: ['replies', 'reposts'] } },
    status: 200,
    body: unknownData(page(100)),
  },
  postList('getUserMentions'),
  postList('getUserLikedPosts'),
  userList('getUserFollowers'),
  userList('getUserFollowing'),
  userList('getUserBlocking'),
  userList('getUserMuting'),
  listList('getUserPinnedLists'),
  listList('getUserOwnedLists'),
  listList('getUserFollowedLists'),
  listList('getUserListMemberships'),
  { op: 'likePost', label: 'like a post', args: { id: USER_ID, body: { post_id: '1346889436626259968' } }, status: 200, body: { data: { liked: true } } },
  { op: 'followUser', label: 'follow an account', args: { id: USER_ID, body: { target_user_id: OTHER_USER_ID } }, status: 200, body: { data: { following: true, pending_follow: false } } },
  ...REPLY_SETTINGS.map((reply_settings) => ({
    op: 'createPost',
    label: `a 25,000-character post with a poll, reply_settings ${reply_settings}`,
    args: {
      body: {
        text: LONG_FORM_TEXT,
        reply_settings,
        poll: { options: ['Yes', 'No', 'x'.repeat(25), 'Maybe'], duration_minutes: 10_080 },
        paid_partnership: true,
        community_id: '1493446837304332290',
        share_with_followers: true,
        media: { media_ids: ['1455952740635586573'] },
      },
      extraQuery: { dry_run: true },
    },
    status: 201,
    body: { data: { id: '1346889436626259968', text: LONG_FORM_TEXT.slice(0, 280), edit_history_post_ids: ['1346889436626259968'] } },
  })),
  { op: 'createPost', label: 'an edit: edit_options alone', args: { body: { edit_options: { previous_post_id: '1346889436626259968' }, text: 'fixed' } }, status: 201, body: { data: { id: '2' } } },
  { op: 'createPost', label: 'a poll with only its options', args: { body: { text: 'q', poll: { options: ['a', 'b'] } } }, status: 201, body: { data: { id: '3' } } },
  {
    op: 'searchNews',
    label: 'news matching a query (the inferred input), fields the catalogue does not list',
    args: { query: 'space launch', 'news.fields': NEWS_FIELDS, extraQuery: { max_age_hours: 24, max_results: 10 } },
    status: 200,
    body: { data: [{ id: '1', name: 'Launch', summary: 'A rocket', contexts: {}, cluster_posts_results: [], last_updated_at_ms: 1774454400000, category: 'Science' }] },
  },
  { op: 'findNewsById', label: 'one story', args: { id: '1885390428127834112', 'news.fields': NEWS_FIELDS }, status: 200, body: { data: { id: '1885390428127834112', name: 'Launch' } } },
  { op: 'listConnections', label: 'connections, filtered by a status the spec does not list', args: { extraQuery: { status: 'active', endpoints: ['filtered_stream', 'sample_stream'] } }, status: 200, body: { data: [{ uuid: 'a', endpoint: 'filtered_stream' }], meta: { result_count: 1 } } },
  {
    op: 'deleteConnectionsByUuid',
    label: 'terminate connections by UUID (the inferred input)',
    args: { uuids: ['0f8fad5b-d9cb-469f-a165-70867728950e', '7c9e6679-7425-40de-944b-e07fc1f90ae7'] },
    status: 200,
    body: { data: { killed_connections: 2 } },
  },
  { op: 'deleteAllConnections', label: 'terminate all', args: {}, status: 200, body: { data: { killed_connections: 3 } } },
  { op: 'deleteConnectionsByEndpoint', label: 'terminate one endpoint', args: { endpoint_id: 'filtered_stream' }, status: 200, body: { data: { killed_connections: 1 } } },
  { op: 'searchPostsEligibleForNotes', label: 'eligible posts, test mode', args: { extraQuery: { test_mode: true, max_results: 100 } }, status: 200, body: unknownData(page(3)) },
  { op: 'searchNotesWritten', label: 'notes written, test mode', args: { extraQuery: { test_mode: true } }, status: 200, body: unknownData([{ id: '1', info: { text: 'note' } }]) },
  { op: 'createNote', label: 'submit a note', args: { body: { test_mode: true, post_id: '1', info: { text: 'Context', classification: 'misinformed_or_potentially_misleading' } } }, status: 201, body: { data: { note_id: '1' } } },
  { op: 'evaluateNote', label: 'evaluate a draft', args: { body: { post_id: '1', note_text: 'Context' } }, status: 200, body: { data: { claim_opinion_score: 0.2 } } },
  ...[
    'profile.update.bio', 'profile.update.verified', 'profile.update.affiliate', 'profile.update.screenname', 'post.create', 'post.delete',
    'spaces.start', 'spaces.end', 'dm.received', 'dm.sent', 'dm.read', 'dm.indicate_typing',
    'ProfileBioUpdate', 'ProfilePictureUpdate', 'ProfileBannerUpdate', 'ProfileGeoUpdate', 'ProfileUrlUpdate',
  ].map((event_type, i) => ({
    op: 'createActivitySubscription',
    label: `subscribe to ${event_type}`,
    args: { body: { event_type, filter: { user_id: USER_ID, keyword: 'launch', direction: (['sent', 'received', 'both'] as const)[i % 3] }, tag: 'mine' } },
    status: 201,
    body: { data: { subscription_id: String(i) } },
  })),
  { op: 'createActivitySubscription', label: 'a filter by keyword only', args: { body: { event_type: 'post.create', filter: { keyword: 'news' } } }, status: 201, body: { data: {} } },
  {
    op: 'streamActivity',
    label: 'one event, with backfill_minutes (declared: a whole number 1 to 5)',
    args: { backfill_minutes: 5 },
    status: 200,
    body: { data: { event_type: 'post.create', payload: fullPost(0) } },
    stream: true,
  },
  { op: 'replayWebhookEvents', label: 'replay a window', args: { body: { webhook_id: '1', from_date: '202603250000', to_date: '202603251200' } }, status: 200, body: { data: { job_id: '1' } } },
  { op: 'replayAccountActivity', label: 'the deprecated replay', args: { webhook_id: '1146654567674912769', body: { from_date: '202603250000' } }, status: 200, body: { data: { job_id: '2' } } },
  { op: 'getPowerstreamRules', label: 'rules, with a parameter the spec does not list', args: { extraQuery: { instance: 'prod' } }, status: 200, body: { data: [{ value: 'from:SocialDevs', tag: 'devs' }] } },
];
