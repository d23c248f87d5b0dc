// No unmarked inventions: every constraint the spec writes (pattern, enum, required, min/max, lengths,
// formats, ...; see constraints-walk.ts) either traces to the reference, or carries the spec's own mark
// `x-spec-constraint: { <keyword>: <reason> }` on the object that holds it.
//
// A trace is a location (see `Constraint.at`) and the passage(s) of the reference that state the
// constraint. The test checks that each passage is in the reference word for word, and that it carries
// the evidence of each keyword written there: the pattern itself, every enum value, the word "required"
// and every required name, the bound's number, "unique", the format's name. A constraint without a trace
// or mark fails, and so does a trace or mark that no longer matches a constraint (no stale entries).
import { beforeAll, describe, expect, it } from 'vitest';
import { constraintsOf, type Constraint } from './constraints-walk.ts';
import { loadBundledSpec, readSeed, type Json } from './helpers.ts';

type Quote = string | string[];

const ID = 'id | string, pattern ^[0-9]{1,19}$';
const USERNAME = 'username | string, pattern ^[A-Za-z0-9_]{1,15}$';
const MEDIA_KEY = 'media_keys (array, min 1, each matches ^([0-9]+)_([0-9]+)$)';
const COUNTRY = 'country_codes (array, min 1, unique, each matches ^[A-Z]{2}$, ISO 3166-1 alpha-2)';
const INCLUDES = 'Optional arrays, each min 1: media (Media), places (Place), polls (Poll), topics (Topic), posts (Post), users (User).';
const PROBLEM_FORM = 'Type identifiers have the form {problem_base}/2/problems/<slug>';
const VIDEO_METRICS = 'non_public_metrics {playback_0_count .. playback_100_count}. All int32.';
const POLL_LIMITS = 'Poll options | 2 to 4; label 1 to 25 characters; duration 5 to 10080 minutes';
const ENTITY_INDEX = 'start (integer >= 0, inclusive), end (integer >= 0, exclusive), start < end.';
const problem = (slug: string, row: string): Quote => [PROBLEM_FORM, `| ${slug} | ${row}`];

/** Location → the passage(s) of the reference that state its constraints. `X.*`: every member of X. */
const TRACES: Record<string, Quote> = {
  PostId: ID,
  UserId: ['author_id | user id string | Same pattern as id.', ID],
  Username: USERNAME,
  MediaKey: MEDIA_KEY,
  PollId: 'Required: id (string ^[0-9]{1,19}$), options (array, 2 to 4 items)',
  CommunityId: 'community_id | string, ^[0-9]{1,19}$',
  CountryCode: 'country_code (^[A-Z]{2}$)',
  'Post.created_at': 'created_at | string, date-time',
  'Post.context_annotations': 'context_annotations | array, min 1',
  'Post.edit_history_post_ids': 'edit_history_post_ids | array of post ids, min 1',
  'Post.referenced_posts': 'referenced_posts | array, min 1',
  'Post.suggested_source_links': 'suggested_source_links | array of URL entities, min 0',
  'Attachments.media_keys': MEDIA_KEY,
  'Attachments.media_source_post_id': 'media_source_post_id (array of post ids, min 1',
  'Attachments.poll_ids': 'poll_ids (array of poll ids, min 1)',
  ContextAnnotation: 'Each item has required `domain` and `entity`, both objects with required `id` (^[0-9]{1,19}$)',
  ContextAnnotationDomainFields: 'both objects with required `id` (^[0-9]{1,19}$)',
  'ContextAnnotationDomainFields.id': 'both objects with required `id` (^[0-9]{1,19}$)',
  ContextAnnotationEntityFields: 'both objects with required `id` (^[0-9]{1,19}$)',
  'ContextAnnotationEntityFields.id': 'both objects with required `id` (^[0-9]{1,19}$)',
  DisplayTextRange: 'display_text_range | array of exactly 2 integers >= 0',
  'DisplayTextRange[]': 'display_text_range | array of exactly 2 integers >= 0',
  EditControls: 'Required members: is_edit_eligible (boolean), editable_until (date-time), edits_remaining (integer).',
  'EditControls.editable_until': 'editable_until (date-time)',
  'MatchedMediaNotes.note_id': 'note_id (string, ^[0-9]{1,19}$)',
  'PostNonPublicMetrics.impression_count': 'Member: impression_count (int32).',
  PostOrganicMetrics: 'Required: impression_count, repost_count, reply_count, like_count (all integers).',
  'PostPromotedMetrics.*': 'Members (int32): impression_count, like_count, reply_count, repost_count.',
  PostPublicMetrics: 'Required: repost_count, reply_count, like_count, impression_count, bookmark_count.',
  'NotePostEntities.*': 'entities (object with arrays cashtags, hashtags, mentions, urls, each min 1)',
  ReferencedPost: 'Items: required `type` (enum reposted, quoted, replied_to) and `id` (post id).',
  'ReferencedPost.type': 'Items: required `type` (enum reposted, quoted, replied_to)',
  ReplySettings: 'Enum: everyone, mentionedUsers, following, other, subscribers, verified.',
  PostWithheld: 'Required: copyright (boolean), country_codes',
  'PostWithheld.country_codes': COUNTRY,
  'PostWithheld.scope': 'Optional scope: enum post, user.',
  'FullTextEntities.*': 'FullTextEntities members (each array min 1): annotations, cashtags, hashtags, mentions, urls.',
  'EntityIndicesInclusiveInclusive.*': 'Annotation: start and end (integers >= 0, both inclusive, start < end)',
  'EntityIndicesInclusiveExclusive.*': ENTITY_INDEX,
  'Annotation.probability': 'probability (number 0..1)',
  Cashtag: 'Cashtag and hashtag add required `tag`.',
  Hashtag: 'Cashtag and hashtag add required `tag`.',
  Mention: 'Mention adds required `username` and optional `id`.',
  UrlEntity: 'URL entity adds required `url` (URI)',
  'UrlEntity.url': 'URL entity adds required `url` (URI)',
  // "(URI)" closes the list expanded_url, display_url, unwound_url; display_url is a display form
  // without a scheme and is left unformatted (see entities.yaml).
  'UrlEntity.expanded_url': 'optional expanded_url, display_url, unwound_url (URI)',
  'UrlEntity.unwound_url': 'optional expanded_url, display_url, unwound_url (URI)',
  'UrlEntity.images': 'images (array min 1 of {url, height, width})',
  'UrlEntity.status': 'status (integer 100..599)',
  'Includes.*': INCLUDES,
  User: 'Required: id, name, username.',
  'User.created_at': '| created_at | date-time |',
  'User.profile_image_url': '| profile_image_url, profile_banner_url | URI strings |',
  'User.profile_banner_url': '| profile_image_url, profile_banner_url | URI strings |',
  'User.verified_type': 'verified_type | enum blue, government, business, none',
  'User.subscription_type': 'subscription_type | enum Basic, Premium, PremiumPlus, None',
  ConnectionStatus: 'array of enum follow_request_received, follow_request_sent, blocking, followed_by, following, muting',
  'UserUrlEntities.urls': '`url` ({urls: array min 1 of URL entities})',
  UserPublicMetrics: 'Required: followers_count, following_count, post_count, listed_count.',
  'Affiliation.badge_url': 'affiliation | object: badge_url (URI), description (string), url (URI)',
  'Affiliation.url': 'affiliation | object: badge_url (URI), description (string), url (URI)',
  'Affiliation.user_id': 'user_id (array of user ids, min 1)',
  UserWithheld: 'withheld | object: country_codes (required',
  'UserWithheld.country_codes': 'country_codes (required, array min 1 unique ISO alpha-2)',
  'UserWithheld.scope': 'scope (enum user)',
  MediaBase: 'Common members: type (required string; discriminator: photo, video, animated_gif)',
  'MediaBase.height': 'height and width (integers >= 0, pixels)',
  'MediaBase.width': 'height and width (integers >= 0, pixels)',
  Photo: 'type (required string; discriminator: photo, video, animated_gif)',
  'Photo.type': 'type (required string; discriminator: photo, video, animated_gif)',
  'Photo.url': 'photo adds alt_text (string), url (URI).',
  Video: 'type (required string; discriminator: photo, video, animated_gif)',
  'Video.type': 'type (required string; discriminator: photo, video, animated_gif)',
  'Video.preview_image_url': 'video adds duration_ms (integer), preview_image_url (URI)',
  AnimatedGif: 'type (required string; discriminator: photo, video, animated_gif)',
  'AnimatedGif.type': 'type (required string; discriminator: photo, video, animated_gif)',
  'AnimatedGif.preview_image_url': 'animated_gif adds preview_image_url (URI), variants.',
  'MediaVariant.url': 'variants: array of {bit_rate (integer), content_type (string), url (URI)}.',
  'VideoPublicMetrics.*': VIDEO_METRICS,
  'VideoOrganicMetrics.*': VIDEO_METRICS,
  'VideoPromotedMetrics.*': VIDEO_METRICS,
  'VideoNonPublicMetrics.*': VIDEO_METRICS,
  Place: 'Required: id (string), full_name (string).',
  'Place.contained_within': 'contained_within (array of place ids, min 1)',
  'Place.place_type': 'place_type (enum poi, neighborhood, city, admin, country, unknown)',
  Geo: 'Geo: required type (enum Feature), bbox (array of exactly 4 numbers each -180..180), properties (object)',
  'Geo.type': 'Geo: required type (enum Feature)',
  'Geo.bbox': 'bbox (array of exactly 4 numbers each -180..180)',
  'Geo.bbox[]': 'bbox (array of exactly 4 numbers each -180..180)',
  'Point.type': 'Point: type (enum Point)',
  'Point.coordinates': 'coordinates (array of exactly 2 numbers, order longitude then latitude)',
  Poll: 'Required: id (string ^[0-9]{1,19}$), options (array, 2 to 4 items).',
  'Poll.options': 'options (array, 2 to 4 items)',
  'Poll.duration_minutes': 'duration_minutes (int32, 5..10080)',
  'Poll.end_datetime': 'end_datetime (date-time)',
  'Poll.voting_status': 'voting_status (enum open, closed)',
  PollOption: 'Poll option: required position (integer), label (string, 1..25 characters), votes (integer).',
  'PollOption.label': 'label (string, 1..25 characters)',
  Topic: 'Required: id (string), name (string).',
  Error: ['| code | int32 | yes |', '| message | string | yes |', '| Field | Type | Required |'],
  'Error.code': '| code | int32 | yes |',
  ProblemBase: 'Members: type (string, required), title (string, required)',
  ProblemResourceType: 'not-authorized-for-resource the enum is user, post, media, list, space',
  ProblemSection: '`section` is either data or includes.',
  'GenericProblem.type': 'the generic one is `about:blank`',
  'ClientDisconnectedProblem.type': problem('client-disconnected', 'Client has gone away'),
  'ClientForbiddenProblem.type': problem('client-forbidden', 'Client is forbidden'),
  'ClientForbiddenProblem.reason': 'reason (enum official-client-forbidden, client-not-enrolled), registration_url (URI)',
  'ClientForbiddenProblem.registration_url': 'registration_url (URI)',
  'ConflictProblem.type': problem('conflict', 'Creating a job'),
  DisallowedResourceProblem: 'resource_id, resource_type, section (all required)',
  'DisallowedResourceProblem.type': problem('disallowed-resource', 'Resource violates API rules'),
  'DuplicateRulesProblem.type': problem('duplicate-rules', 'Submitted rule is a duplicate'),
  'InvalidRequestProblem.type': problem('invalid-request', 'Request invalid'),
  'InvalidRequestProblem.errors': 'errors: array min 1 of {message, parameters: map from name to array of strings}',
  'InvalidRulesProblem.type': problem('invalid-rules', 'Submitted rule invalid'),
  'NoncompliantRulesProblem.type': problem('noncompliant-rules', 'Rule set not compliant'),
  NotAuthorizedForFieldProblem: 'field, resource_type, section (all required)',
  'NotAuthorizedForFieldProblem.type': problem('not-authorized-for-field', 'Not allowed to see a field'),
  NotAuthorizedForResourceProblem: 'value, resource_id, resource_type, section, parameter (all required)',
  'NotAuthorizedForResourceProblem.type': problem('not-authorized-for-resource', 'Not allowed to see a resource'),
  'OperationalDisconnectProblem.type': problem('operational-disconnect', 'Disconnected for operational reasons'),
  'OperationalDisconnectProblem.disconnect_type':
    'disconnect_type (enum OperationalDisconnect, UpstreamOperationalDisconnect, ForceDisconnect, UpstreamUncleanDisconnect, SlowReader, InternalError, ClientApplicationStateDegraded, InvalidRules)',
  ResourceNotFoundProblem: 'resource_type (required; enum user, tweet-kind post, media, list, space, place, poll)',
  'ResourceNotFoundProblem.type': problem('resource-not-found', 'Resource does not exist'),
  'ResourceNotFoundProblem.parameter': '| resource-not-found | Resource does not exist | parameter (min length 1)',
  // "tweet-kind post": both words are accepted (see errors.yaml).
  'ResourceNotFoundProblem.resource_type': 'resource_type (required; enum user, tweet-kind post, media, list, space, place, poll)',
  ResourceUnavailableProblem: 'resource_type (required; enum user, post, media, list, space)',
  'ResourceUnavailableProblem.type': problem('resource-unavailable', 'Resource not available to caller'),
  'ResourceUnavailableProblem.parameter': '| resource-unavailable | Resource not available to caller | parameter (min length 1)',
  'RuleCapProblem.type': problem('rule-cap', 'Maximum number of rules exceeded'),
  'StreamingConnectionProblem.type': problem('streaming-connection', 'Connection trouble'),
  'StreamingConnectionProblem.connection_issue':
    'connection_issue (enum TooManyConnections, ProvisioningSubscription, RuleConfigurationIssue, RulesInvalidIssue)',
  'UnsupportedAuthenticationProblem.type': problem('unsupported-authentication', 'Authentication method unsupported'),
  'UsageCappedProblem.type': problem('usage-capped', 'Usage cap exceeded'),
  'UsageCappedProblem.period': 'period (enum Daily, Monthly)',
  'UsageCappedProblem.scope': 'scope (enum Account, Product)',
  ActivityEventType: [
    '| profile.update.bio | a user',
    '| profile.update.verified | a user',
    '| profile.update.affiliate | a user',
    '| profile.update.screenname | a user',
    '| post.create | a user',
    '| post.delete | a user',
    '| spaces.start | a Space',
    '| spaces.end | a Space',
    '| dm.received, dm.sent, dm.read, dm.indicate_typing | legacy',
  ],
  DeprecatedActivityEventType: 'Deprecated names: ProfileBioUpdate, ProfilePictureUpdate, ProfileBannerUpdate, ProfileGeoUpdate, ProfileUrlUpdate.',
  'ActivitySubscriptionFilter.direction': 'An optional `direction` filter scopes DM and chat events to `sent`, `received`, or both.',
  DmEventType: 'Direct-message conversation events seen: MessageCreate, ParticipantsJoin, ParticipantsLeave.',
  'DmMessageCreateEvent.event_type': 'Direct-message conversation events seen: MessageCreate',
  'DmMessageCreateEvent.participant_ids': 'MessageCreate events carry no `participant_ids`.',
  'DmParticipantsJoinEvent.event_type': 'Direct-message conversation events seen: MessageCreate, ParticipantsJoin',
  'DmParticipantsLeaveEvent.event_type': 'Direct-message conversation events seen: MessageCreate, ParticipantsJoin, ParticipantsLeave.',
  'GetUserBookmarksEnvelope.data': 'optional `data` (array of Post, min 1)',
  'GetUserBookmarksEnvelope.errors': '`errors` (array of Problem, min 1)',
  'GetUserBookmarksMeta.next_token': 'next_token (string, min 1)',
  'GetUserBookmarksMeta.previous_token': 'previous_token (string, min 1)',
  'GetUserBookmarksMeta.result_count': 'result_count (int32, count of results in this response)',
  'CreatePostRequest.text': '| Post length for long-form creation | 25,000 characters (up from 4,000) |',
  'CreatePostPoll.options': POLL_LIMITS,
  'CreatePostPoll.options[]': POLL_LIMITS,
  'CreatePostPoll.duration_minutes': [POLL_LIMITS, 'duration_minutes (int32, 5..10080)'],
  'param PaginationToken': '| pagination_token | query | string, min length 1 |',
  'param PostFields': '| post.fields | query | array, min 1, unique |',
  'response TooManyRequests header x-rate-limit-reset': [
    'the response header `x-rate-limit-reset` says when to retry',
    '| Field | Type | Required |',
  ],
  'GET /2/users/{id}/bookmarks ?max_results': '| max_results | query | int32 | no | 1 to 100. |',
  'GET /2/posts/search/recent ?query': '| Query or rule length | 512 characters (standard basic) or 1,024 (academic) |',
  'GET /2/posts/search/all ?query': '| Query or rule length | 512 characters (standard basic) or 1,024 (academic) |',
  'GET /2/posts/search/all ?max_results': '`max_results` (default 10, maximum 500)',
  'GET /2/posts/search/all ?start_time': '`start_time` and `end_time` (RFC 3339 date-times)',
  'GET /2/posts/search/all ?end_time': '`start_time` and `end_time` (RFC 3339 date-times)',
  'DELETE /2/connections ?uuids[]': '| DELETE /2/connections | Terminate specific connections, identified by UUID. |',
};

const norm = (s: string) => s.replace(/\s+/g, ' ').replace(/(\d),(\d{3})/g, '$1$2');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hasWord = (text: string, word: string) => new RegExp(`(^|[^A-Za-z0-9_.:-])${escapeRe(word)}($|[^A-Za-z0-9_])`).test(text);

/** Why `text` does not show `keyword: value`, or undefined when it does. */
function missingEvidence(keyword: string, value: Json, text: string): string | undefined {
  const t = norm(text);
  const num = (n: number) => new RegExp(`(^|[^0-9])${escapeRe(String(n))}($|[^0-9])`).test(t) || (n === 0 && />= 0|min 0/.test(t));
  switch (keyword) {
    case 'pattern': {
      if (t.includes(value)) return undefined;
      const slug = /^\/2\/problems\/([a-z-]+)\$$/.exec(value)?.[1];
      return slug && t.includes('/2/problems/<slug>') && t.includes(`| ${slug} |`) ? undefined : `pattern ${value}`;
    }
    case 'enum':
      for (const v of value) if (!hasWord(t, String(v)) && !t.includes(`\`${v}\``)) return `enum value ${v}`;
      return undefined;
    case 'const':
      return t.includes(String(value)) ? undefined : `const ${value}`;
    case 'required': {
      if (!/required|Required|\| yes \||must|says when/.test(t)) return 'the word "required"';
      if (Array.isArray(value)) for (const n of value) if (!hasWord(t, n) && !t.includes(`\`${n}\``)) return `required member ${n}`;
      return undefined;
    }
    case 'uniqueItems':
      return /unique/.test(t) ? undefined : '"unique"';
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      return num(value) || (keyword === 'minItems' && value === 1 && /min 1|min length 1/.test(t)) ? undefined : `${keyword} ${value}`;
    case 'format': {
      const words: Record<string, RegExp> = { 'date-time': /date-time|RFC 3339/, uri: /URI|URL/, int32: /int32/, uuid: /UUID/ };
      return words[value]?.test(t) ? undefined : `format ${value}`;
    }
    case 'false':
      return /no|only/.test(t) ? undefined : 'absence';
    default:
      return `${keyword} (no rule to trace it)`;
  }
}

function traceFor(at: string): [string, Quote] | undefined {
  if (TRACES[at] !== undefined) return [at, TRACES[at]];
  const parent = at.replace(/\.[^.[\]]+(\[\])?$/, '');
  const wildcard = `${parent}.*`;
  if (parent !== at && TRACES[wildcard] !== undefined && !at.slice(parent.length + 1).includes('.')) return [wildcard, TRACES[wildcard]];
  return undefined;
}

let doc: Json;
let constraints: Constraint[];

/** The constraints that neither trace to the reference nor carry the mark, each with why. */
function untraced(list: Constraint[]): string[] {
  const failures: string[] = [];
  for (const c of list) {
    const mark = c.holder?.['x-spec-constraint'];
    if (mark && typeof mark === 'object' && typeof mark[c.keyword] === 'string' && mark[c.keyword].length > 10) continue;
    const trace = traceFor(c.at);
    if (!trace) {
      failures.push(`${c.at}: ${c.keyword} ${JSON.stringify(c.value)} neither traces to the reference nor is marked x-spec-constraint`);
      continue;
    }
    const text = Array.isArray(trace[1]) ? trace[1].join(' ') : trace[1];
    const why = missingEvidence(c.keyword, c.value, text);
    if (why) failures.push(`${c.at}: ${c.keyword} ${JSON.stringify(c.value)}: the traced passage does not state ${why}`);
  }
  return failures;
}
const reference = norm(readSeed());

beforeAll(async () => {
  doc = await loadBundledSpec();
  constraints = constraintsOf(doc);
});

describe('no unmarked inventions', () => {
  it('found the constraints of the spec (the walker is running)', () => {
    expect(constraints.length).toBeGreaterThan(150);
    expect(constraints.some((c) => c.at === 'PostId' && c.keyword === 'pattern')).toBe(true);
    expect(constraints.some((c) => c.at === 'GET /2/posts/search/all ?max_results' && c.keyword === 'maximum')).toBe(true);
  });

  it('every traced passage is in the reference word for word', () => {
    const missing = Object.entries(TRACES).flatMap(([at, q]) => (Array.isArray(q) ? q : [q]).filter((s) => !reference.includes(norm(s))).map((s) => `${at}: ${s}`));
    expect(missing).toEqual([]);
  });

  it('every constraint traces to the reference or carries x-spec-constraint', () => {
    expect(untraced(constraints)).toEqual([]);
  });

  it('an invented constraint fails the walk (the minItems the issue found on expansions, a pattern on Mention)', () => {
    const copy = structuredClone(doc);
    copy.components.parameters.Expansions.schema.minItems = 1;
    copy.components.schemas.Mention.allOf[1].properties.username.pattern = '^[A-Za-z0-9_]{1,15}$';
    const found = untraced(constraintsOf(copy));
    expect(found).toHaveLength(2);
    expect(found.join('\n')).toMatch(/param Expansions: minItems/);
    expect(found.join('\n')).toMatch(/Mention\.username: pattern/);
  });

  it('no stale entries: every trace and every mark matches a constraint', () => {
    const used = new Set(constraints.map((c) => traceFor(c.at)?.[0]).filter(Boolean));
    expect(Object.keys(TRACES).filter((k) => !used.has(k))).toEqual([]);
    const stale: string[] = [];
    for (const c of constraints) {
      const mark = c.holder?.['x-spec-constraint'];
      if (!mark) continue;
      for (const k of Object.keys(mark)) {
        const written = constraints.some((o) => o.holder === c.holder && o.keyword === k);
        if (!written) stale.push(`${c.at}: x-spec-constraint names ${k}, which is not written there`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('the evidence check rejects what the reference does not say (it can fail)', () => {
    expect(missingEvidence('minItems', 1, 'media.fields, poll.fields | query | arrays')).toBeDefined();
    expect(missingEvidence('uniqueItems', true, 'expansions | query | array')).toBeDefined();
    expect(missingEvidence('pattern', '^[A-Za-z]{1,12}$', 'Enum: everyone, mentionedUsers')).toBeDefined();
    expect(missingEvidence('enum', ['sent', 'received'], 'scopes events to `sent`')).toBeDefined();
    expect(missingEvidence('maximum', 25000, 'Stream webhook rules | 25,000 or more per project')).toBeUndefined();
    expect(missingEvidence('required', ['previous_post_id'], '`edit_options` (object with `previous_post_id`')).toBeDefined();
  });
});
