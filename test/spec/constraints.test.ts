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
import { constraintsOf, type Constraint, type RefStep } from './constraints-walk.ts';
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
const RESOURCE_TYPES = 'For resource_type in disallowed-resource, not-authorized-for-field and not-authorized-for-resource the enum is user, post, media, list, space.';
const SECTION = '`section` is either data or includes.';
const ERROR_BODY = 'Any other status: body is an Error object (application/json) or a Problem object (application/problem+json); see Errors.';
const PROBLEM_MEMBERS = 'Members: type (string, required), title (string, required), detail (string), status (integer). The `type` value selects the variant.';
const ENTITY_KINDS = 'Cashtag, hashtag, mention, URL entity: start';
const FULL_TEXT_ENTITIES = ['FullTextEntities members (each array min 1): annotations, cashtags, hashtags, mentions, urls.', ENTITY_KINDS];
const NOTE_POST_ENTITIES = ['entities (object with arrays cashtags, hashtags, mentions, urls, each min 1)', ENTITY_KINDS];
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
  ProblemSection: SECTION,
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
  DeprecatedActivityEventType: 'Deprecated names: ProfileBioUpdate, ProfilePictureUpdate, ProfileBannerUpdate, ProfileGeoUpdate, ProfileUrlUpdate.',
  'ActivitySubscriptionFilter.direction': 'An optional `direction` filter scopes DM and chat events to `sent`, `received`, or both.',
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
  // Places that refer to a constrained component, where the passage states the constraint itself.
  'Post.id': ID,
  'Post.username': USERNAME,
  'Post.community_id': 'community_id | string, ^[0-9]{1,19}$',
  'Post.context_annotations[]': 'Each item has required `domain` and `entity`',
  'Post.display_text_range': 'display_text_range | array of exactly 2 integers >= 0',
  'Post.edit_controls': 'Required members: is_edit_eligible (boolean), editable_until (date-time), edits_remaining (integer).',
  'Post.organic_metrics': 'Required: impression_count, repost_count, reply_count, like_count (all integers).',
  'Post.public_metrics': 'Required: repost_count, reply_count, like_count, impression_count, bookmark_count.',
  'Post.referenced_posts[]': 'Items: required `type` (enum reposted, quoted, replied_to) and `id` (post id).',
  'Post.reply_settings': 'Enum: everyone, mentionedUsers, following, other, subscribers, verified.',
  'Post.withheld': 'Required: copyright (boolean), country_codes',
  'PostWithheld.country_codes[]': COUNTRY,
  'Attachments.media_keys[]': MEDIA_KEY,
  'ContextAnnotation.domain': 'both objects with required `id` (^[0-9]{1,19}$)',
  'ContextAnnotation.entity': 'both objects with required `id` (^[0-9]{1,19}$)',
  'User.id': '| id | string ^[0-9]{1,19}$ |',
  'User.username': '| username | string ^[A-Za-z0-9_]{1,15}$ |',
  'User.connection_status[]': 'array of enum follow_request_received, follow_request_sent, blocking, followed_by, following, muting',
  'User.public_metrics': 'Required: followers_count, following_count, post_count, listed_count.',
  'User.withheld': 'withheld | object: country_codes (required',
  'MediaBase.media_key': 'media_key (^([0-9]+)_([0-9]+)$)',
  'Place.country_code': 'country_code (^[A-Z]{2}$)',
  'Poll.id': 'Required: id (string ^[0-9]{1,19}$)',
  'DisallowedResourceProblem.resource_type': RESOURCE_TYPES,
  'NotAuthorizedForFieldProblem.resource_type': RESOURCE_TYPES,
  'NotAuthorizedForResourceProblem.resource_type': RESOURCE_TYPES,
  'ResourceUnavailableProblem.resource_type': 'resource_type (required; enum user, post, media, list, space)',
  'DisallowedResourceProblem.section': SECTION,
  'NotAuthorizedForFieldProblem.section': SECTION,
  'NotAuthorizedForResourceProblem.section': SECTION,
  'GET /2/activity/stream ?backfill_minutes': 'Streaming requests accept `backfill_minutes` (whole number 1 to 5)',
  'DELETE /2/connections ?uuids[]': '| DELETE /2/connections | Terminate specific connections, identified by UUID. |',
};

/**
 * Places that refer to a component (`$ref`) → the passage saying the place holds it. Through an
 * application, the component's constraints are judged at its own place (the TRACES above); a place
 * without one needs a passage of its own or the mark. `* -> Target`: every reference to Target (the
 * shared error responses, which every operation refers to: "Any other status ... see Errors").
 */
interface Application {
  target: string;
  quote: Quote;
}
const APPLIES: Record<string, Application> = {
  'Post.author_id': { target: 'UserId', quote: '| author_id | user id string | Same pattern as id. |' },
  'Post.conversation_id': { target: 'PostId', quote: '| conversation_id | post id string |' },
  'Post.in_reply_to_user_id': { target: 'UserId', quote: '| in_reply_to_user_id | user id string |' },
  'Post.edit_history_post_ids[]': { target: 'PostId', quote: 'edit_history_post_ids | array of post ids, min 1' },
  'Post.suggested_source_links[]': { target: 'UrlEntity', quote: 'suggested_source_links | array of URL entities, min 0' },
  'Attachments.media_source_post_id[]': { target: 'PostId', quote: 'media_source_post_id (array of post ids, min 1' },
  'Attachments.poll_ids[]': { target: 'PollId', quote: 'poll_ids (array of poll ids, min 1)' },
  'ReferencedPost.id': { target: 'PostId', quote: 'Items: required `type` (enum reposted, quoted, replied_to) and `id` (post id).' },
  'NoteRequestSuggestions.source_link': { target: 'UrlEntity', quote: 'source_link (URL entity)' },
  'SuggestedSourceLinksWithCounts.url': { target: 'UrlEntity', quote: 'Members: count (integer), url (URL entity).' },
  'NotePostEntities.cashtags[]': { target: 'Cashtag', quote: NOTE_POST_ENTITIES },
  'NotePostEntities.hashtags[]': { target: 'Hashtag', quote: NOTE_POST_ENTITIES },
  'NotePostEntities.mentions[]': { target: 'Mention', quote: NOTE_POST_ENTITIES },
  'NotePostEntities.urls[]': { target: 'UrlEntity', quote: NOTE_POST_ENTITIES },
  'FullTextEntities.cashtags[]': { target: 'Cashtag', quote: FULL_TEXT_ENTITIES },
  'FullTextEntities.hashtags[]': { target: 'Hashtag', quote: FULL_TEXT_ENTITIES },
  'FullTextEntities.mentions[]': { target: 'Mention', quote: FULL_TEXT_ENTITIES },
  'FullTextEntities.urls[]': { target: 'UrlEntity', quote: FULL_TEXT_ENTITIES },
  'Includes.places[]': { target: 'Place', quote: INCLUDES },
  'Includes.polls[]': { target: 'Poll', quote: INCLUDES },
  'Includes.topics[]': { target: 'Topic', quote: INCLUDES },
  'Includes.users[]': { target: 'User', quote: INCLUDES },
  'User.most_recent_post_id': { target: 'PostId', quote: '| most_recent_post_id, pinned_post_id | post id strings |' },
  'User.pinned_post_id': { target: 'PostId', quote: '| most_recent_post_id, pinned_post_id | post id strings |' },
  'UserUrlEntities.urls[]': { target: 'UrlEntity', quote: '`url` ({urls: array min 1 of URL entities})' },
  'Affiliation.user_id[]': { target: 'UserId', quote: 'user_id (array of user ids, min 1)' },
  'UserWithheld.country_codes[]': { target: 'CountryCode', quote: 'country_codes (required, array min 1 unique ISO alpha-2)' },
  'Media/oneOf/0': { target: 'Photo', quote: 'Common members: type (required string; discriminator: photo, video, animated_gif)' },
  'Media/oneOf/1': { target: 'Video', quote: 'Common members: type (required string; discriminator: photo, video, animated_gif)' },
  'Media/oneOf/2': { target: 'AnimatedGif', quote: 'Common members: type (required string; discriminator: photo, video, animated_gif)' },
  'Place.geo': { target: 'Geo', quote: ['place_type (enum poi, neighborhood, city, admin, country, unknown), geo.', 'Geo: required type (enum Feature)'] },
  'Poll.options[]': { target: 'PollOption', quote: ['options (array, 2 to 4 items)', 'Poll option: required position (integer)'] },
  '* -> ProblemBase': { target: 'ProblemBase', quote: PROBLEM_MEMBERS },
  'Problem/oneOf/0': { target: 'GenericProblem', quote: problem('about:blank', 'Generic problem carrying only the HTTP status') },
  'Problem/oneOf/1': { target: 'ClientDisconnectedProblem', quote: problem('client-disconnected', 'Client has gone away') },
  'Problem/oneOf/2': { target: 'ClientForbiddenProblem', quote: problem('client-forbidden', 'Client is forbidden') },
  'Problem/oneOf/3': { target: 'ConflictProblem', quote: problem('conflict', 'Creating a job') },
  'Problem/oneOf/4': { target: 'DisallowedResourceProblem', quote: problem('disallowed-resource', 'Resource violates API rules') },
  'Problem/oneOf/5': { target: 'DuplicateRulesProblem', quote: problem('duplicate-rules', 'Submitted rule is a duplicate') },
  'Problem/oneOf/6': { target: 'InvalidRequestProblem', quote: problem('invalid-request', 'Request invalid') },
  'Problem/oneOf/7': { target: 'InvalidRulesProblem', quote: problem('invalid-rules', 'Submitted rule invalid') },
  'Problem/oneOf/8': { target: 'NoncompliantRulesProblem', quote: problem('noncompliant-rules', 'Rule set not compliant') },
  'Problem/oneOf/9': { target: 'NotAuthorizedForFieldProblem', quote: problem('not-authorized-for-field', 'Not allowed to see a field') },
  'Problem/oneOf/10': { target: 'NotAuthorizedForResourceProblem', quote: problem('not-authorized-for-resource', 'Not allowed to see a resource') },
  'Problem/oneOf/11': { target: 'OperationalDisconnectProblem', quote: problem('operational-disconnect', 'Disconnected for operational reasons') },
  'Problem/oneOf/12': { target: 'ResourceNotFoundProblem', quote: problem('resource-not-found', 'Resource does not exist') },
  'Problem/oneOf/13': { target: 'ResourceUnavailableProblem', quote: problem('resource-unavailable', 'Resource not available to caller') },
  'Problem/oneOf/14': { target: 'RuleCapProblem', quote: problem('rule-cap', 'Maximum number of rules exceeded') },
  'Problem/oneOf/15': { target: 'StreamingConnectionProblem', quote: problem('streaming-connection', 'Connection trouble') },
  'Problem/oneOf/16': { target: 'UnsupportedAuthenticationProblem', quote: problem('unsupported-authentication', 'Authentication method unsupported') },
  'Problem/oneOf/17': { target: 'UsageCappedProblem', quote: problem('usage-capped', 'Usage cap exceeded') },
  // The open end of the problem set (x-problem-fallback): "The `type` value selects the variant", not "the table lists every type".
  'Problem/oneOf/18': { target: 'UnlistedProblem', quote: PROBLEM_MEMBERS },
  'ActivitySubscriptionFilter.user_id': { target: 'UserId', quote: 'Subscriptions are created by POST /2/activity/subscriptions and filter by user id.' },
  'ActivitySubscriptionCreateRequest.event_type/anyOf/1': {
    target: 'DeprecatedActivityEventType',
    quote: ['| POST /2/activity/subscriptions | Create an activity subscription (event types, filters). |', 'The earlier PascalCase names are deprecated'],
  },
  'FindUserByUsernameEnvelope.data': { target: 'User', quote: 'User lookup by handle. Optional `user.fields`. Response `data` holds id, name, username by default' },
  'EditOptions.previous_post_id': { target: 'PostId', quote: '`edit_options` (object with `previous_post_id`, editing a recent post)' },
  'param AuthenticatedUserId': { target: 'UserId', quote: '| id | path | user id string | yes | Must equal the id of the authenticated user. |' },
  'GET /2/users/{id}/bookmarks ?id': { target: 'AuthenticatedUserId', quote: '| id | path | user id string | yes | Must equal the id of the authenticated user. |' },
  'GET /2/users/{id}/bookmarks ?pagination_token': { target: 'PaginationToken', quote: '| pagination_token | query | string, min length 1 |' },
  'GET /2/users/{id}/bookmarks ?post.fields': { target: 'PostFields', quote: '| post.fields | query | array, min 1, unique |' },
  'GET /2/posts/{id} ?post.fields': { target: 'PostFields', quote: '| GET /2/posts/{id} | Post lookup by id. Optional `post.fields`. |' },
  'GET /2/posts/search/recent ?post.fields': { target: 'PostFields', quote: 'Search posts of the last 7 days. Query parameter `query` (string). Optional `post.fields`.' },
  // context_annotations is a member of post.fields: the limit on it requested is a limit of post.fields on this search.
  'GET /2/posts/search/all ?post.fields': { target: 'PostFields', quote: '| Full-archive search with context_annotations requested | maximum 100 per page |' },
  'response Unauthorized application/json': { target: 'Error', quote: ERROR_BODY },
  'response Forbidden application/json': { target: 'Error', quote: ERROR_BODY },
  'response TooManyRequests application/json': { target: 'Error', quote: ERROR_BODY },
  'response ServiceUnavailable application/json': { target: 'Error', quote: ERROR_BODY },
  'response DefaultError application/json': { target: 'Error', quote: ERROR_BODY },
  // Every operation answers these statuses with the shared responses (the status table is not per endpoint).
  '* -> Unauthorized': { target: 'Unauthorized', quote: '| 401 | Bearer token wrong, regenerated, or malformed Authorization header. |' },
  '* -> Forbidden': { target: 'Forbidden', quote: '| 403 | App lacks access to the endpoint' },
  '* -> TooManyRequests': { target: 'TooManyRequests', quote: '| 429 | Rate limit hit; the response header `x-rate-limit-reset` says when to retry. |' },
  '* -> ServiceUnavailable': { target: 'ServiceUnavailable', quote: '| 503 | Service unavailable; reduced in frequency for search endpoints. |' },
  '* -> DefaultError': { target: 'DefaultError', quote: ERROR_BODY },
};

/** How the reference names a component, where that is not the component's own name. */
const NAMES: Record<string, RegExp> = {
  PostId: /\bpost ids?\b|_post_id\b/,
  UserId: /\buser ids?\b/,
  PollId: /\bpoll ids?\b/,
  CountryCode: /\balpha-2\b/,
  UrlEntity: /\bURL entit(y|ies)\b/,
  AnimatedGif: /\banimated_gif\b/,
  PollOption: /\bPoll option\b/,
  ProblemBase: /\bMembers: type \(string, required\), title \(string, required\)/,
  UnlistedProblem: /The `type` value selects the variant\./,
  DeprecatedActivityEventType: /\bPascalCase names are deprecated\b/,
  AuthenticatedUserId: /the id of the authenticated user/,
  PaginationToken: /\bpagination_token\b/,
  PostFields: /\bpost\.fields\b|context_annotations requested/,
  Error: /\bError object\b/,
  Unauthorized: /^\| 401 \|/,
  Forbidden: /^\| 403 \|/,
  TooManyRequests: /^\| 429 \|/,
  ServiceUnavailable: /^\| 503 \|/,
  DefaultError: /^Any other status/,
};

/** Whether `text` names the component `target` (a problem variant by its slug's row). */
function namesTarget(target: string, text: string, schema: Json): boolean {
  const slug = schema?.['x-problem-slug'];
  if (typeof slug === 'string') return text.includes(`| ${slug} |`);
  if (NAMES[target]) return NAMES[target].test(text);
  return text.toLowerCase().includes(target.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase());
}

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

/** The application of a `$ref` at a place: its own entry, else the one for every reference to its target. */
function applicationFor(step: RefStep): [string, Application] | undefined {
  const own = APPLIES[step.at];
  if (own !== undefined && own.target === step.target) return [step.at, own];
  const every = `* -> ${step.target}`;
  return APPLIES[every] !== undefined ? [every, APPLIES[every]] : undefined;
}

let doc: Json;
let constraints: Constraint[];

const markFor = (holder: Json, keyword: string): boolean => {
  const mark = holder?.['x-spec-constraint'];
  return !!mark && typeof mark === 'object' && typeof mark[keyword] === 'string' && mark[keyword].length > 10;
};

/**
 * Why `c` is not justified where it applies, or undefined when it is: it is marked as the spec's own
 * (on its holder, or next to a `$ref` that brought it to this place), or a passage traced to this
 * place states it, or this place refers to a component the reference says it holds (an application)
 * and the constraint is justified at that component's own place. `used` collects the table entries
 * that judged it.
 */
function unjustified(c: Constraint, used?: Set<string>): string | undefined {
  if (markFor(c.holder, c.keyword) || c.via.some((step) => markFor(step.site, c.keyword))) return undefined;
  const trace = traceFor(c.at);
  if (trace) {
    used?.add(trace[0]);
    const text = Array.isArray(trace[1]) ? trace[1].join(' ') : trace[1];
    const why = missingEvidence(c.keyword, c.value, text);
    if (why === undefined) return undefined;
    if (c.via.length === 0) return `the passage traced to ${c.at} does not state ${why}`;
  }
  const [step, ...rest] = c.via;
  if (step === undefined) return `it neither traces to the reference at ${c.at} nor is marked x-spec-constraint`;
  const application = applicationFor(step);
  if (!application) {
    return `nothing says ${step.at} holds a ${step.target} (no application, no passage traced there, no x-spec-constraint mark)`;
  }
  used?.add(application[0]);
  // Judge it again at the component's own place: the rest of the path is the same below it.
  const moved = (at: string) => step.place + at.slice(step.at.length);
  return unjustified({ ...c, at: moved(c.at), via: rest.map((s) => ({ ...s, at: moved(s.at) })) }, used);
}

/** The constraints that are not justified where they apply, each with its place, the references that led there, and why. */
function untraced(list: Constraint[], used?: Set<string>): string[] {
  return list.flatMap((c) => {
    const why = unjustified(c, used);
    if (why === undefined) return [];
    const via = c.via.length > 0 ? ` (through ${c.via.map((s) => s.target).join(' > ')})` : '';
    return [`${c.at}: ${c.keyword} ${JSON.stringify(c.value)}${via}: ${why}`];
  });
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
    const quotes: Array<[string, Quote]> = [...Object.entries(TRACES), ...Object.entries(APPLIES).map(([at, a]): [string, Quote] => [at, a.quote])];
    const missing = quotes.flatMap(([at, q]) => (Array.isArray(q) ? q : [q]).filter((s) => !reference.includes(norm(s))).map((s) => `${at}: ${s}`));
    expect(missing).toEqual([]);
  });

  it('every application names the component it applies (and the member it is written at)', () => {
    const wrong = Object.entries(APPLIES).flatMap(([at, { target, quote }]) => {
      const lines = Array.isArray(quote) ? quote : [quote];
      const schema = doc.components.schemas[target];
      const member = at.includes(' ') ? undefined : /\.([a-z_]+)(\[\])?$/.exec(at)?.[1];
      const problems: string[] = [];
      if (!lines.some((l) => namesTarget(target, norm(l), schema))) problems.push(`${at}: the passage does not name ${target}`);
      if (member && !lines.some((l) => hasWord(norm(l), member) || norm(l).includes(member.replace(/_/g, ' ')))) problems.push(`${at}: the passage does not name the member ${member}`);
      return problems;
    });
    expect(wrong).toEqual([]);
    expect(namesTarget('UserId', 'poll_ids (array of poll ids, min 1)', undefined)).toBe(false);
  });

  it('every constraint traces to the reference or carries x-spec-constraint, at every place it applies', () => {
    expect(untraced(constraints)).toEqual([]);
  });

  it('follows $ref: the constraints of a referenced schema are judged where it is referenced', () => {
    const at = (place: string, keyword: string) => constraints.filter((c) => c.at === place && c.keyword === keyword).map((c) => c.via.map((s) => s.target).join(' > '));
    expect(at('GET /2/posts/{id} ?id', 'pattern')).toEqual(['PostIdPath > PostId']);
    expect(at('/2/users/{id}/posts ?id', 'pattern')).toEqual(['UserIdPath > UserId']);
    expect(at('CreatePostRequest.reply_settings', 'enum')).toEqual(['ReplySettings']);
    expect(at('SearchAllPostsMeta.newest_id', 'pattern')).toEqual(['PostId']);
    expect(at('DmParticipantsJoinEvent.participant_ids[]', 'pattern')).toEqual(['UserId']);
    expect(at('GET /2/activity/stream 429 header x-rate-limit-reset', 'minimum')).toEqual(['TooManyRequests']);
  });

  it('an invented constraint fails the walk (the minItems the issue found on expansions, a pattern on Mention)', () => {
    const copy = structuredClone(doc);
    copy.components.parameters.Expansions.schema.minItems = 1;
    copy.components.schemas.Mention.allOf[1].properties.username.pattern = '^[A-Za-z0-9_]{1,15}$';
    const found = untraced(constraintsOf(copy));
    expect(found.join('\n')).toMatch(/^param Expansions: minItems 1: it neither traces/m);
    expect(found.join('\n')).toMatch(/^Mention\.username: pattern /m);
    // And at every operation that takes expansions (through the parameter).
    expect(found.join('\n')).toMatch(/^GET \/2\/users\/\{id\}\/bookmarks \?expansions: minItems 1 \(through Expansions\)/m);
    expect(found.length).toBe(2 + constraintsOf(copy).filter((c) => c.keyword === 'minItems' && c.via[0]?.target === 'Expansions').length);
  });

  it('a constraint behind a reference fails at every place it applies', () => {
    // A constraint injected into UserId, which is only ever reached by reference.
    const copy = structuredClone(doc);
    copy.components.schemas.UserId.minLength = 3;
    const found = untraced(constraintsOf(copy));
    const places = found.map((f) => f.slice(0, f.indexOf(': ')));
    expect(places).toEqual(
      expect.arrayContaining(['UserId', 'Post.author_id', 'Affiliation.user_id[]', 'param AuthenticatedUserId', 'GET /2/users/{id}/bookmarks ?id', '/2/users/{id}/posts ?id', 'DmParticipantsJoinEvent.participant_ids[]']),
    );
    expect(found.every((f) => /minLength 3/.test(f))).toBe(true);
    expect(places.length).toBe(constraintsOf(copy).filter((c) => c.keyword === 'minLength' && c.value === 3).length);
  });

  it('a new reference to a constrained schema fails where it is written', () => {
    // The case: a place pointing at a constrained schema (the spec's own community_id, a post id of a Topic).
    const copy = structuredClone(doc);
    copy.components.schemas.Topic.properties.post_id = { $ref: '#/components/schemas/PostId' };
    copy.components.schemas.Topic.properties.settings = { $ref: '#/components/schemas/ReplySettings' };
    const found = untraced(constraintsOf(copy));
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^Topic\.post_id: pattern "\^\[0-9\]\{1,19\}\$" \(through PostId\): nothing says Topic\.post_id holds a PostId/);
    expect(found[1]).toMatch(/^Topic\.settings: enum .* \(through ReplySettings\): nothing says Topic\.settings holds a ReplySettings/);
    // Marked next to the reference, it is the spec's own there (and only there).
    copy.components.schemas.Topic.properties.post_id['x-spec-constraint'] = { pattern: 'an injected reason, long enough' };
    expect(untraced(constraintsOf(copy))).toHaveLength(1);
  });

  it('no stale entries: every trace, application and mark matches a constraint', () => {
    const used = new Set<string>();
    untraced(constraints, used);
    expect(Object.keys(TRACES).filter((k) => !used.has(k))).toEqual([]);
    expect(Object.keys(APPLIES).filter((k) => !used.has(k))).toEqual([]);
    const stale: string[] = [];
    for (const c of constraints) {
      for (const holder of [c.holder, ...c.via.map((s) => s.site)]) {
        const mark = holder?.['x-spec-constraint'];
        if (!mark) continue;
        for (const k of Object.keys(mark)) {
          const written = constraints.some((o) => (o.holder === holder || o.via.some((s) => s.site === holder)) && o.keyword === k);
          if (!written) stale.push(`${c.at}: x-spec-constraint names ${k}, which is not written there`);
        }
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
