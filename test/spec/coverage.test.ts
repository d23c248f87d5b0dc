// Coverage of the reference by the spec.
//
// Walks ../shared/seed/social-posting-api-v2.md: its tables are parsed where
// that works (Post and User fields, bookmarks parameters, post.fields members,
// endpoint catalogue, states, problem types, status codes, limits, event
// names), and the prose is turned into hand-written expectations, item by item,
// in the order of the reference. Every field, enum value, endpoint, problem
// type, scope, event name and limit must be present in the bundled spec with
// the right constraint; a missing or wrong item fails with its name.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allOperations,
  codeSpans,
  deref,
  flatten,
  listWords,
  loadBundledSpec,
  operation,
  parameter,
  parametersOf,
  readSeed,
  refName,
  resolvePointer,
  schemaAt,
  section,
  splitTopLevel,
  tables,
  type Json,
} from './helpers.ts';

const md = readSeed();
let doc: Json;
beforeAll(async () => {
  doc = await loadBundledSpec();
});

const ID = '^[0-9]{1,19}$';
const USERNAME = '^[A-Za-z0-9_]{1,15}$';
const MEDIA_KEY = '^([0-9]+)_([0-9]+)$';
const COUNTRY = '^[A-Z]{2}$';

// ---------------------------------------------------------------------------
// Expectations on a schema

interface Expect {
  type?: string;
  format?: string;
  pattern?: string;
  const?: unknown;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  deprecated?: boolean;
  /** Same values, any order. */
  enum?: unknown[];
  /** These names are in `required`. */
  required?: string[];
  /** `required` is exactly these names (nothing invented). */
  requiredExactly?: string[];
  /** The node is a `$ref` to this component. */
  ref?: string;
  /** Unconstrained, flagged `x-not-shown: true`, with a description. */
  notShown?: boolean;
  items?: Expect;
}

const sameSet = (a: unknown[], b: unknown[]) =>
  a.length === b.length && [...a].map(String).sort().join('\u0000') === [...b].map(String).sort().join('\u0000');

function mismatches(label: string, raw: Json, e: Expect): string[] {
  if (raw === undefined || raw === null) return [`${label}: missing`];
  const out: string[] = [];
  if (e.ref !== undefined && refName(raw) !== e.ref) {
    out.push(`${label}: expected a $ref to ${e.ref}, got ${raw.$ref ?? 'an inline schema'}`);
  }
  const node = flatten(doc, raw);
  const scalars = [
    'type',
    'format',
    'pattern',
    'const',
    'minItems',
    'maxItems',
    'uniqueItems',
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'default',
    'deprecated',
  ] as const;
  // A keyword the reference states but that contradicts another of its statements is dropped, and
  // recorded with its exact value under x-reference-inconsistency[].dropped (see ReplySettings).
  const dropped = (k: string) =>
    (node?.['x-reference-inconsistency'] ?? []).some((i: Json) => i?.dropped && JSON.stringify(i.dropped[k]) === JSON.stringify(e[k as keyof Expect]));
  for (const k of scalars) {
    if (e[k] !== undefined && node?.[k] !== e[k] && !(node?.[k] === undefined && dropped(k))) {
      out.push(`${label}: ${k} should be ${JSON.stringify(e[k])}, is ${JSON.stringify(node?.[k])}`);
    }
  }
  if (e.enum && !(Array.isArray(node?.enum) && sameSet(node.enum, e.enum))) {
    out.push(`${label}: enum should be ${JSON.stringify(e.enum)}, is ${JSON.stringify(node?.enum)}`);
  }
  const required: string[] = node?.required ?? [];
  for (const r of e.required ?? []) if (!required.includes(r)) out.push(`${label}: ${r} should be required`);
  if (e.requiredExactly && !sameSet(required, e.requiredExactly)) {
    out.push(`${label}: required should be ${JSON.stringify(e.requiredExactly)}, is ${JSON.stringify(required)}`);
  }
  if (e.notShown) {
    if (node['x-not-shown'] !== true) out.push(`${label}: should carry x-not-shown: true`);
    if (typeof node.description !== 'string' || !/not (documented|shown)/.test(node.description)) {
      out.push(`${label}: description should say the shape is not documented`);
    }
    const constraints = Object.keys(node).filter((k) => !k.startsWith('x-') && k !== 'description');
    if (constraints.length > 0) out.push(`${label}: should be unconstrained, has ${constraints.join(', ')}`);
  }
  if (e.items) out.push(...mismatches(`${label}[]`, node?.items, e.items));
  return out;
}

function expectSchema(dotted: string, e: Expect): void {
  expect(mismatches(dotted, schemaAt(doc, dotted, { raw: true }), e)).toEqual([]);
}

/** Runs a list of [path, expectation] items as one test each. */
function schemaItems(items: Array<[string, Expect]>): void {
  it.each(items)('%s', (dotted, e) => expectSchema(dotted, e));
}

/** An expectation read from a "Type / format" cell of the reference. */
function typeCellExpect(cell: string): Expect {
  const e: Expect = {};
  const t = cell.trim();
  if (/^(user|post) id strings?/.test(t)) e.pattern = ID;
  if (/^array|^arrays/.test(t)) {
    e.type = 'array';
    const min = /\bmin (\d+)/.exec(t);
    if (min) e.minItems = Number(min[1]);
    const exactly = /exactly (\d+)/.exec(t);
    if (exactly) e.minItems = e.maxItems = Number(exactly[1]);
    if (/integers >= 0/.test(t)) e.items = { type: 'integer', minimum: 0 };
    if (/of post ids/.test(t)) e.items = { pattern: ID };
    if (/of URL entities/.test(t)) e.items = { ref: 'UrlEntity' };
    return e;
  }
  const pat = /(\^\S+\$)/.exec(t);
  if (pat) e.pattern = pat[1];
  if (/^string\b/.test(t)) e.type = 'string';
  if (/^boolean\b/.test(t)) e.type = 'boolean';
  if (/^object\b/.test(t)) e.type = 'object';
  if (/\bdate-time\b/.test(t)) e.format = 'date-time';
  if (/^URI strings?/.test(t)) e.format = 'uri';
  const en = /^enum (.+)$/.exec(t);
  if (en) e.enum = listWords(en[1]);
  const arrEnum = /^array of enum (.+)$/.exec(t);
  if (arrEnum) Object.assign(e, { type: 'array', enum: undefined, items: { enum: listWords(arrEnum[1]) } });
  return e;
}

/** "Required: a (x), b." / "Required members: a, b." -> [a, b]. */
function requiredClause(text: string): string[] {
  const m = /Required(?: members)?: ([^.]*(?:\([^)]*\)[^.]*)*)\./.exec(text);
  if (!m) return [];
  return splitTopLevel(m[1]).map((x) => /^[A-Za-z_]+/.exec(x)![0]);
}

// ---------------------------------------------------------------------------
// Resources and their fields

describe('Post', () => {
  const table = tables(section(md, 'Post'))[0];

  it('the reference table was found', () => {
    expect(table.header[0]).toBe('Field');
    expect(table.rows.length).toBeGreaterThan(30);
  });

  it.each(table.rows.map((r) => [r[0], r[1], r[2]]))('Post.%s (%s)', (field, typeCell, notes) => {
    expectSchema(`Post.${field}`, typeCellExpect(typeCell));
    const req = requiredClause(notes);
    if (req.length > 0) expectSchema(`Post.${field}`, { requiredExactly: req });
    if (/^Deprecated/.test(notes)) expectSchema(`Post.${field}`, { deprecated: true });
    const en = /Enum: ([^.]+)\./.exec(notes);
    if (en) expectSchema(`Post.${field}`, { enum: listWords(en[1]) });
  });

  it('article, card_uri and media_metadata exist, unconstrained, marked not shown', () => {
    const m = /Shape of the fields (.+?) \(selectable/.exec(section(md, 'Post'));
    expect(m).not.toBeNull();
    const names = listWords(m![1]);
    expect(names).toEqual(['article', 'card_uri', 'media_metadata']);
    for (const n of names) expectSchema(`Post.${n}`, { notShown: true });
  });

  it('names no required members (the reference gives none)', () => {
    expect(flatten(doc, schemaAt(doc, 'Post')).required ?? []).toEqual([]);
  });

  schemaItems([
    ['Post.id', { type: 'string', pattern: ID }],
    ['Post.text', { type: 'string' }],
    ['Post.author_id', { type: 'string', pattern: ID }],
    ['Post.username', { pattern: USERNAME }],
    ['Post.created_at', { type: 'string', format: 'date-time' }],
    ['Post.conversation_id', { pattern: ID }],
    ['Post.in_reply_to_user_id', { pattern: ID }],
    ['Post.lang', { type: 'string' }],
    ['Post.community_id', { pattern: ID }],
    ['Post.attachments', { type: 'object', ref: 'Attachments' }],
    ['Post.attachments.media_keys', { type: 'array', minItems: 1, items: { pattern: MEDIA_KEY } }],
    ['Post.attachments.media_source_post_id', { type: 'array', minItems: 1, items: { pattern: ID } }],
    ['Post.attachments.poll_ids', { type: 'array', minItems: 1, items: { pattern: ID } }],
    ['Post.context_annotations', { type: 'array', minItems: 1, items: { requiredExactly: ['domain', 'entity'] } }],
    ['Post.context_annotations[].domain', { type: 'object', requiredExactly: ['id'] }],
    ['Post.context_annotations[].domain.id', { pattern: ID }],
    ['Post.context_annotations[].domain.name', { type: 'string' }],
    ['Post.context_annotations[].domain.description', { type: 'string' }],
    ['Post.context_annotations[].entity', { type: 'object', requiredExactly: ['id'] }],
    ['Post.context_annotations[].entity.id', { pattern: ID }],
    ['Post.context_annotations[].entity.name', { type: 'string' }],
    ['Post.context_annotations[].entity.description', { type: 'string' }],
    ['Post.display_text_range', { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0 } }],
    [
      'Post.edit_controls',
      { ref: 'EditControls', requiredExactly: ['is_edit_eligible', 'editable_until', 'edits_remaining'] },
    ],
    ['Post.edit_controls.is_edit_eligible', { type: 'boolean' }],
    ['Post.edit_controls.editable_until', { type: 'string', format: 'date-time' }],
    ['Post.edit_controls.edits_remaining', { type: 'integer' }],
    ['Post.edit_history_post_ids', { type: 'array', minItems: 1, items: { pattern: ID } }],
    ['Post.entities', { ref: 'FullTextEntities' }],
    ['Post.geo', { type: 'object' }],
    ['Post.geo.coordinates', { ref: 'Point' }],
    ['Post.geo.place_id', { type: 'string' }],
    ['Post.matched_media_notes.match_status', { type: 'string' }],
    ['Post.matched_media_notes.note_id', { type: 'string', pattern: ID }],
    ['Post.non_public_metrics.impression_count', { type: 'integer', format: 'int32' }],
    [
      'Post.organic_metrics',
      { requiredExactly: ['impression_count', 'repost_count', 'reply_count', 'like_count'] },
    ],
    ['Post.organic_metrics.impression_count', { type: 'integer' }],
    ['Post.organic_metrics.repost_count', { type: 'integer' }],
    ['Post.organic_metrics.reply_count', { type: 'integer' }],
    ['Post.organic_metrics.like_count', { type: 'integer' }],
    ['Post.promoted_metrics.impression_count', { type: 'integer', format: 'int32' }],
    ['Post.promoted_metrics.like_count', { type: 'integer', format: 'int32' }],
    ['Post.promoted_metrics.reply_count', { type: 'integer', format: 'int32' }],
    ['Post.promoted_metrics.repost_count', { type: 'integer', format: 'int32' }],
    [
      'Post.public_metrics',
      { requiredExactly: ['repost_count', 'reply_count', 'like_count', 'impression_count', 'bookmark_count'] },
    ],
    ['Post.public_metrics.repost_count', { type: 'integer' }],
    ['Post.public_metrics.reply_count', { type: 'integer' }],
    ['Post.public_metrics.like_count', { type: 'integer' }],
    ['Post.public_metrics.impression_count', { type: 'integer' }],
    ['Post.public_metrics.bookmark_count', { type: 'integer' }],
    ['Post.public_metrics.quote_count', { type: 'integer' }],
    ['Post.note_request_suggestions.source_link', { ref: 'UrlEntity' }],
    ['Post.note_request_suggestions.suggestion', { type: 'string' }],
    ['Post.note_request_suggestions.suggestion_id', { type: 'string' }],
    ['Post.note_post', { ref: 'NotePost' }],
    ['Post.note_post.text', { type: 'string' }],
    ['Post.note_post.entities.cashtags', { type: 'array', minItems: 1, items: { ref: 'Cashtag' } }],
    ['Post.note_post.entities.hashtags', { type: 'array', minItems: 1, items: { ref: 'Hashtag' } }],
    ['Post.note_post.entities.mentions', { type: 'array', minItems: 1, items: { ref: 'Mention' } }],
    ['Post.note_post.entities.urls', { type: 'array', minItems: 1, items: { ref: 'UrlEntity' } }],
    ['Post.paid_partnership', { type: 'boolean' }],
    ['Post.possibly_sensitive', { type: 'boolean' }],
    ['Post.referenced_posts', { type: 'array', minItems: 1, items: { requiredExactly: ['type', 'id'] } }],
    ['Post.referenced_posts[].type', { type: 'string', enum: ['reposted', 'quoted', 'replied_to'] }],
    ['Post.referenced_posts[].id', { pattern: ID }],
    [
      'Post.reply_settings',
      {
        type: 'string',
        pattern: '^[A-Za-z]{1,12}$',
        enum: ['everyone', 'mentionedUsers', 'following', 'other', 'subscribers', 'verified'],
      },
    ],
    ['Post.scopes.followers', { type: 'boolean' }],
    ['Post.source', { type: 'string', deprecated: true }],
    ['Post.suggested_source_links', { type: 'array', minItems: 0, items: { ref: 'UrlEntity' } }],
    ['Post.suggested_source_links_with_counts.count', { type: 'integer' }],
    ['Post.suggested_source_links_with_counts.url', { ref: 'UrlEntity' }],
    ['Post.withheld', { requiredExactly: ['copyright', 'country_codes'] }],
    ['Post.withheld.copyright', { type: 'boolean' }],
    ['Post.withheld.country_codes', { type: 'array', minItems: 1, uniqueItems: true, items: { pattern: COUNTRY } }],
    ['Post.withheld.scope', { enum: ['post', 'user'] }],
  ]);
});

describe('Entities', () => {
  const text = section(md, 'Entities');

  it('FullTextEntities: each member an array, min 1', () => {
    const m = /FullTextEntities members \(each array min 1\): ([^.]+)\./.exec(text);
    expect(m).not.toBeNull();
    const names = listWords(m![1]);
    expect(names).toEqual(['annotations', 'cashtags', 'hashtags', 'mentions', 'urls']);
    const itemRef: Record<string, string> = {
      annotations: 'Annotation',
      cashtags: 'Cashtag',
      hashtags: 'Hashtag',
      mentions: 'Mention',
      urls: 'UrlEntity',
    };
    for (const n of names) expectSchema(`FullTextEntities.${n}`, { type: 'array', minItems: 1, items: { ref: itemRef[n] } });
  });

  schemaItems([
    // Annotation: start and end inclusive, >= 0.
    ['Annotation', { requiredExactly: [] }],
    ['Annotation.start', { type: 'integer', minimum: 0 }],
    ['Annotation.end', { type: 'integer', minimum: 0 }],
    ['Annotation.normalized_text', { type: 'string' }],
    ['Annotation.probability', { type: 'number', minimum: 0, maximum: 1 }],
    ['Annotation.type', { type: 'string' }],
    // Cashtag, hashtag, mention, URL entity: start inclusive, end exclusive, >= 0.
    ...(['Cashtag', 'Hashtag', 'Mention', 'UrlEntity'] as const).flatMap((k): Array<[string, Expect]> => [
      [`${k}.start`, { type: 'integer', minimum: 0 }],
      [`${k}.end`, { type: 'integer', minimum: 0 }],
    ]),
    ['Cashtag', { requiredExactly: ['tag'] }],
    ['Cashtag.tag', { type: 'string' }],
    ['Hashtag', { requiredExactly: ['tag'] }],
    ['Hashtag.tag', { type: 'string' }],
    ['Mention', { requiredExactly: ['username'] }],
    // Named without a type or pattern: plain strings (no User pattern is carried over).
    ['Mention.username', { type: 'string' }],
    ['Mention.id', { type: 'string' }],
    ['UrlEntity', { requiredExactly: ['url'] }],
    ['UrlEntity.url', { type: 'string', format: 'uri' }],
    ['UrlEntity.expanded_url', { type: 'string', format: 'uri' }],
    ['UrlEntity.display_url', { type: 'string' }],
    ['UrlEntity.unwound_url', { type: 'string', format: 'uri' }],
    ['UrlEntity.title', { type: 'string' }],
    ['UrlEntity.description', { type: 'string' }],
    ['UrlEntity.images', { type: 'array', minItems: 1, items: { ref: 'UrlImage' } }],
    ['UrlEntity.images[].url', { type: 'string' }],
    ['UrlEntity.images[].height', { type: 'integer' }],
    ['UrlEntity.images[].width', { type: 'integer' }],
    ['UrlEntity.media_key', { type: 'string' }],
    ['UrlEntity.status', { type: 'integer', minimum: 100, maximum: 599 }],
  ]);

  it('index conventions are described (start < end, inclusive/exclusive)', () => {
    expect(schemaAt(doc, 'EntityIndicesInclusiveInclusive').description).toMatch(/both inclusive.*start < end/s);
    expect(schemaAt(doc, 'EntityIndicesInclusiveExclusive').description).toMatch(/exclusive.*start < end/s);
  });
});

describe('Includes', () => {
  it('optional arrays, each min 1, of the named resources', () => {
    const m = /Optional arrays, each min 1: ([^\n]+)\./.exec(section(md, 'Includes (expansion container)'));
    expect(m).not.toBeNull();
    const members = splitTopLevel(m![1]).map((x) => /^(\w+) \((\w+)\)$/.exec(x)!);
    expect(members).toHaveLength(6);
    expectSchema('Includes', { requiredExactly: [] });
    for (const [, name, type] of members) {
      expectSchema(`Includes.${name}`, { type: 'array', minItems: 1, items: { ref: type } });
    }
  });
});

describe('User', () => {
  const text = section(md, 'User');
  const table = tables(text)[0];
  const rows = table.rows.flatMap(([fields, type]) => fields.split(', ').map((f) => [f, type] as [string, string]));

  it('required members', () => {
    expect(requiredClause(text)).toEqual(['id', 'name', 'username']);
    expectSchema('User', { requiredExactly: requiredClause(text) });
  });

  it.each(rows)('User.%s (%s)', (field, typeCell) => {
    expectSchema(`User.${field}`, typeCellExpect(typeCell));
  });

  schemaItems([
    ['User.id', { type: 'string', pattern: ID }],
    ['User.name', { type: 'string' }],
    ['User.username', { type: 'string', pattern: USERNAME }],
    ['User.created_at', { format: 'date-time' }],
    ['User.description', { type: 'string' }],
    ['User.location', { type: 'string' }],
    ['User.url', { type: 'string' }],
    ['User.profile_image_url', { type: 'string', format: 'uri' }],
    ['User.profile_banner_url', { type: 'string', format: 'uri' }],
    ['User.protected', { type: 'boolean' }],
    ['User.verified', { type: 'boolean' }],
    ['User.verified_type', { enum: ['blue', 'government', 'business', 'none'] }],
    ['User.subscription_type', { enum: ['Basic', 'Premium', 'PremiumPlus', 'None'] }],
    ['User.receives_your_dm', { type: 'boolean' }],
    [
      'User.connection_status',
      {
        type: 'array',
        items: {
          enum: ['follow_request_received', 'follow_request_sent', 'blocking', 'followed_by', 'following', 'muting'],
        },
      },
    ],
    ['User.most_recent_post_id', { pattern: ID }],
    ['User.pinned_post_id', { pattern: ID }],
    ['User.entities.description', { ref: 'FullTextEntities' }],
    ['User.entities.url.urls', { type: 'array', minItems: 1, items: { ref: 'UrlEntity' } }],
    [
      'User.public_metrics',
      { requiredExactly: ['followers_count', 'following_count', 'post_count', 'listed_count'] },
    ],
    ['User.public_metrics.followers_count', { type: 'integer' }],
    ['User.public_metrics.following_count', { type: 'integer' }],
    ['User.public_metrics.post_count', { type: 'integer' }],
    ['User.public_metrics.listed_count', { type: 'integer' }],
    ['User.public_metrics.like_count', { type: 'integer' }],
    ['User.affiliation', { ref: 'Affiliation' }],
    ['User.affiliation.badge_url', { type: 'string', format: 'uri' }],
    ['User.affiliation.description', { type: 'string' }],
    ['User.affiliation.url', { type: 'string', format: 'uri' }],
    ['User.affiliation.user_id', { type: 'array', minItems: 1, items: { pattern: ID } }],
    ['User.withheld', { requiredExactly: ['country_codes'] }],
    ['User.withheld.country_codes', { type: 'array', minItems: 1, uniqueItems: true, items: { pattern: COUNTRY } }],
    ['User.withheld.scope', { enum: ['user'] }],
  ]);
});

describe('Media', () => {
  const text = section(md, 'Media');
  const INT32 = { type: 'integer', format: 'int32' };
  const playbacks = ['playback_0_count', 'playback_25_count', 'playback_50_count', 'playback_75_count', 'playback_100_count'];

  it('is a union discriminated by type, one variant per kind', () => {
    const m = /discriminator: ([^)]+)\)/.exec(text);
    expect(m).not.toBeNull();
    const kinds = listWords(m![1]);
    expect(kinds).toEqual(['photo', 'video', 'animated_gif']);
    const media = schemaAt(doc, 'Media');
    expect(media.discriminator.propertyName).toBe('type');
    const variants: Record<string, string> = { photo: 'Photo', video: 'Video', animated_gif: 'AnimatedGif' };
    expect(Object.keys(media.discriminator.mapping).sort()).toEqual([...kinds].sort());
    for (const k of kinds) {
      expect(media.discriminator.mapping[k]).toBe(`#/components/schemas/${variants[k]}`);
      expect(media.oneOf.map(refName)).toContain(variants[k]);
      expectSchema(variants[k], { required: ['type'] });
      expectSchema(`${variants[k]}.type`, { type: 'string', const: k });
      expectSchema(`${variants[k]}.media_key`, { pattern: MEDIA_KEY });
      expectSchema(`${variants[k]}.height`, { type: 'integer', minimum: 0 });
      expectSchema(`${variants[k]}.width`, { type: 'integer', minimum: 0 });
    }
    expect(media.oneOf).toHaveLength(kinds.length);
  });

  schemaItems([
    ['Photo.alt_text', { type: 'string' }],
    ['Photo.url', { type: 'string', format: 'uri' }],
    ['Video.duration_ms', { type: 'integer' }],
    ['Video.preview_image_url', { type: 'string', format: 'uri' }],
    ['Video.variants', { type: 'array', items: { ref: 'MediaVariant' } }],
    ['Video.public_metrics.view_count', INT32],
    ...(['organic_metrics', 'promoted_metrics'] as const).flatMap((m): Array<[string, Expect]> =>
      [...playbacks, 'view_count'].map((f) => [`Video.${m}.${f}`, INT32]),
    ),
    ...playbacks.map((f): [string, Expect] => [`Video.non_public_metrics.${f}`, INT32]),
    ['AnimatedGif.preview_image_url', { type: 'string', format: 'uri' }],
    ['AnimatedGif.variants', { type: 'array', items: { ref: 'MediaVariant' } }],
    ['MediaVariant.bit_rate', { type: 'integer' }],
    ['MediaVariant.content_type', { type: 'string' }],
    ['MediaVariant.url', { type: 'string', format: 'uri' }],
  ]);

  it('variants hold only their own members', () => {
    const own = (name: string) => Object.keys(flatten(doc, schemaAt(doc, name)).properties).sort();
    expect(own('Photo')).toEqual(['alt_text', 'height', 'media_key', 'type', 'url', 'width']);
    expect(own('AnimatedGif')).toEqual(['height', 'media_key', 'preview_image_url', 'type', 'variants', 'width']);
    expect(own('Video')).toEqual(
      [
        'duration_ms',
        'height',
        'media_key',
        'non_public_metrics',
        'organic_metrics',
        'preview_image_url',
        'promoted_metrics',
        'public_metrics',
        'type',
        'variants',
        'width',
      ].sort(),
    );
    expect(Object.keys(schemaAt(doc, 'Video.non_public_metrics').properties).sort()).toEqual([...playbacks].sort());
  });

  it('alt_text documents that it needs expansions=attachments.media_keys with media.fields=alt_text', () => {
    expect(text).toContain('`expansions=attachments.media_keys` together with `media.fields=alt_text`');
    const d = schemaAt(doc, 'Photo.alt_text').description;
    expect(d).toContain('expansions=attachments.media_keys');
    expect(d).toContain('media.fields=alt_text');
  });
});

describe('Place, Geo, Point', () => {
  const text = section(md, 'Place');
  it('the reference text is as expected', () => {
    expect(text).toContain('Required: id (string), full_name (string).');
    expect(text).toContain('place_type (enum poi, neighborhood, city, admin, country, unknown)');
    expect(text).toContain('bbox (array of exactly 4 numbers each -180..180)');
  });
  schemaItems([
    ['Place', { requiredExactly: ['id', 'full_name'] }],
    ['Place.id', { type: 'string' }],
    ['Place.full_name', { type: 'string' }],
    ['Place.name', { type: 'string' }],
    ['Place.country', { type: 'string' }],
    ['Place.country_code', { pattern: COUNTRY }],
    ['Place.contained_within', { type: 'array', minItems: 1, items: { type: 'string' } }],
    ['Place.place_type', { enum: ['poi', 'neighborhood', 'city', 'admin', 'country', 'unknown'] }],
    ['Place.geo', { ref: 'Geo' }],
    ['Geo', { requiredExactly: ['type', 'bbox', 'properties'] }],
    ['Geo.type', { enum: ['Feature'] }],
    ['Geo.bbox', { type: 'array', minItems: 4, maxItems: 4, items: { type: 'number', minimum: -180, maximum: 180 } }],
    ['Geo.properties', { type: 'object' }],
    ['Geo.geometry', { ref: 'Point' }],
    ['Point.type', { enum: ['Point'] }],
    ['Point.coordinates', { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } }],
  ]);
  it('Point coordinates are documented as longitude then latitude', () => {
    expect(text).toContain('order longitude then latitude');
    expect(schemaAt(doc, 'Point.coordinates').description).toMatch(/longitude, latitude/);
  });
});

describe('Poll, PollOption, Topic', () => {
  schemaItems([
    ['Poll', { requiredExactly: ['id', 'options'] }],
    ['Poll.id', { type: 'string', pattern: ID }],
    ['Poll.options', { type: 'array', minItems: 2, maxItems: 4, items: { ref: 'PollOption' } }],
    ['Poll.duration_minutes', { type: 'integer', format: 'int32', minimum: 5, maximum: 10080 }],
    ['Poll.end_datetime', { type: 'string', format: 'date-time' }],
    ['Poll.voting_status', { enum: ['open', 'closed'] }],
    ['PollOption', { requiredExactly: ['position', 'label', 'votes'] }],
    ['PollOption.position', { type: 'integer' }],
    ['PollOption.label', { type: 'string', minLength: 1, maxLength: 25 }],
    ['PollOption.votes', { type: 'integer' }],
    ['Topic', { requiredExactly: ['id', 'name'] }],
    ['Topic.id', { type: 'string' }],
    ['Topic.name', { type: 'string' }],
    ['Topic.description', { type: 'string' }],
  ]);
});

// ---------------------------------------------------------------------------
// States and transitions

describe('States and transitions', () => {
  const text = section(md, 'States and transitions');
  const table = tables(text)[0];
  const schemaOf: Record<string, string> = { Poll: 'Poll', Post: 'Post' };

  it.each(table.rows)('%s.%s: %s', (resource, field, states) => {
    const path = `${schemaOf[resource]}.${field}`;
    const values = listWords(states);
    if (values.join() === 'true,false') expectSchema(path, { type: 'boolean' });
    else expectSchema(path, { enum: values });
  });

  it('edit rules: window, edits_remaining, premium requirement', () => {
    expect(text).toMatch(/edits_remaining counts the edits left/);
    const ec = schemaAt(doc, 'EditControls');
    expect(ec['x-edit-window-minutes']).toBe(60);
    expect(ec.description).toMatch(/edits_remaining/);
    const eo = schemaAt(doc, 'EditOptions');
    expect(eo['x-edit-window-minutes']).toBe(60);
    expect(eo['x-edit-requirements']).toEqual(expect.arrayContaining(['premium-subscription', 'own-post', 'within-edit-window']));
    expect(eo.description).toMatch(/premium/);
    expect(operation(doc, 'POST', '/2/posts')['x-edit-window-minutes']).toBe(60);
    expect(schemaAt(doc, 'Poll')['x-states']).toEqual({ voting_status: ['open', 'closed'] });
  });

  it('transitions are recorded as not shown', () => {
    expect(text).toContain('Transitions: not shown.');
    expect(doc['x-undocumented'].join('\n')).toMatch(/^states: transitions/m);
  });
});

// ---------------------------------------------------------------------------
// Endpoints

/** What the spec must say about every operation (also: no operation beyond the reference). */
function checkOperationBasics(method: string, p: string): void {
  const op = operation(doc, method, p);
  expect(op, `${method} ${p} is missing`).toBeDefined();
  expect(op.operationId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  expect(op.summary, `${method} ${p}: summary`).toMatch(/\S/);
  expect(op.tags?.length, `${method} ${p}: tags`).toBeGreaterThan(0);
  const tagNames = doc.tags.map((t: Json) => t.name);
  for (const t of op.tags) expect(tagNames).toContain(t);
  expect(Array.isArray(op.security) && op.security.length > 0, `${method} ${p}: security`).toBe(true);
  for (const req of op.security) {
    for (const [scheme, scopes] of Object.entries<string[]>(req)) {
      const s = doc.components.securitySchemes[scheme];
      expect(s, `${method} ${p}: scheme ${scheme}`).toBeDefined();
      if (s.type === 'oauth2') for (const sc of scopes) expect(Object.keys(s.flows.authorizationCode.scopes)).toContain(sc);
    }
  }
  const undocumented = op['x-undocumented'];
  expect(Array.isArray(undocumented) && undocumented.length > 0, `${method} ${p}: x-undocumented`).toBe(true);
  for (const u of undocumented) expect(u).toMatch(/^[a-z][a-z0-9-]*: \S/);
  const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
  expect(success.length, `${method} ${p}: a success response`).toBeGreaterThan(0);
  for (const s of success) expect(op.responses[s].content?.['application/json']?.schema).toBeDefined();
  const shared: Record<string, string> = {
    '401': 'Unauthorized',
    '403': 'Forbidden',
    '429': 'TooManyRequests',
    '503': 'ServiceUnavailable',
    default: 'DefaultError',
  };
  for (const [status, name] of Object.entries(shared)) {
    expect(op.responses[status]?.$ref, `${method} ${p}: ${status}`).toBe(`#/components/responses/${name}`);
  }
}

/** The (method, path) pairs of a catalogue cell such as "GET /2/users/{id}/followers, /following". */
function endpointsOfCell(cell: string): Array<[string | null, string]> {
  const out: Array<[string | null, string]> = [];
  let method: string | null = null;
  let prefix = '';
  for (const part of cell.split(', ')) {
    const full = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+)$/.exec(part);
    if (full) {
      method = full[1];
      prefix = full[2].replace(/\/[^/]+$/, '');
      out.push([method, full[2]]);
    } else if (/^\/[a-z_]+$/.test(part) && method) {
      out.push([method, prefix + part]);
    } else if (/^\/\S+$/.test(part)) {
      out.push([null, part]);
    } else throw new Error(`cannot read the catalogue cell: ${cell}`);
  }
  return out;
}

const catalogueText = section(md, 'Catalogue of further endpoints');
const catalogue = tables(catalogueText)[0].rows.flatMap(([cell, purpose]) =>
  endpointsOfCell(cell).map(([method, p]) => ({ method, path: p, purpose })),
);
const bookmarksText = section(md, 'Get bookmarks (fully specified)');
const bookmarksEndpoint = /`(GET) (\/2\/users\/\{id\}\/bookmarks)`/.exec(bookmarksText)!;
const referenceOperations: Array<[string, string]> = [
  [bookmarksEndpoint[1], bookmarksEndpoint[2]],
  ...catalogue.filter((c) => c.method).map((c): [string, string] => [c.method!, c.path]),
];

// The operationIds are API surface (client method and server handler names): a
// rename must be deliberate, so they are pinned here.
const OPERATION_IDS: Record<string, string> = {
  'GET /2/users/{id}/bookmarks': 'getUserBookmarks',
  'GET /2/users/by/username/{username}': 'findUserByUsername',
  'GET /2/posts/{id}': 'findPostById',
  'GET /2/posts/search/recent': 'searchRecentPosts',
  'GET /2/posts/search/all': 'searchAllPosts',
  'GET /2/posts/counts/recent': 'countRecentPosts',
  'GET /2/posts/counts/all': 'countAllPosts',
  'GET /2/users/{id}/posts': 'getUserPosts',
  'GET /2/users/{id}/mentions': 'getUserMentions',
  'GET /2/users/{id}/liked_posts': 'getUserLikedPosts',
  'GET /2/users/{id}/followers': 'getUserFollowers',
  'GET /2/users/{id}/following': 'getUserFollowing',
  'GET /2/users/{id}/blocking': 'getUserBlocking',
  'GET /2/users/{id}/muting': 'getUserMuting',
  'GET /2/users/{id}/pinned_lists': 'getUserPinnedLists',
  'GET /2/users/{id}/owned_lists': 'getUserOwnedLists',
  'GET /2/users/{id}/followed_lists': 'getUserFollowedLists',
  'GET /2/users/{id}/list_memberships': 'getUserListMemberships',
  'POST /2/users/{id}/likes': 'likePost',
  'POST /2/users/{id}/following': 'followUser',
  'POST /2/posts': 'createPost',
  'GET /2/news/search': 'searchNews',
  'GET /2/news/{id}': 'findNewsById',
  'GET /2/connections': 'listConnections',
  'DELETE /2/connections/all': 'deleteAllConnections',
  'DELETE /2/connections/{endpoint_id}': 'deleteConnectionsByEndpoint',
  'DELETE /2/connections': 'deleteConnectionsByUuid',
  'GET /2/notes/search/posts_eligible_for_notes': 'searchPostsEligibleForNotes',
  'GET /2/notes/search/notes_written': 'searchNotesWritten',
  'POST /2/notes': 'createNote',
  'POST /2/evaluate_note': 'evaluateNote',
  'POST /2/activity/subscriptions': 'createActivitySubscription',
  'GET /2/activity/stream': 'streamActivity',
  'POST /2/webhooks/replay': 'replayWebhookEvents',
  'POST /2/account_activity/replay/webhooks/{webhook_id}/subscriptions/all': 'replayAccountActivity',
  'GET /2/powerstream/rules': 'getPowerstreamRules',
};

describe('Endpoints: every operation of the reference', () => {
  it('the catalogue was read', () => {
    expect(referenceOperations.length).toBe(36);
  });

  it.each(referenceOperations)('%s %s', (method, p) => checkOperationBasics(method, p));

  it('the spec has no operation the reference does not name', () => {
    const inSpec = allOperations(doc).map(([m, p]) => `${m} ${p}`).sort();
    expect(inSpec).toEqual(referenceOperations.map(([m, p]) => `${m} ${p}`).sort());
  });

  it('operationIds are unique and as pinned', () => {
    const ids = allOperations(doc).map(([m, p, op]) => [`${m} ${p}`, op.operationId]);
    expect(Object.fromEntries(ids)).toEqual(OPERATION_IDS);
    expect(new Set(ids.map(([, id]) => id)).size).toBe(ids.length);
  });

  it('the stream rules path, whose methods are not shown, is a path item without operations', () => {
    const rows = catalogue.filter((c) => c.method === null);
    expect(rows.map((r) => r.path)).toEqual(['/2/posts/search/stream/rules']);
    expect(catalogueText).toContain('the HTTP methods of the stream rules path: not shown');
    const item = doc.paths['/2/posts/search/stream/rules'];
    expect(item).toBeDefined();
    expect(Object.keys(item).filter((k) => /^(get|put|post|delete|patch|head|options|trace)$/.test(k))).toEqual([]);
    expect(item.summary).toMatch(/rule/i);
    expect(item.description).toMatch(/stream webhooks/);
    expect(item['x-undocumented'].join('\n')).toMatch(/^methods: /m);
  });

  it('every path is under the version prefix /2', () => {
    for (const p of Object.keys(doc.paths)) expect(p.startsWith('/2/')).toBe(true);
  });
});

describe('Get bookmarks (fully specified)', () => {
  const table = tables(bookmarksText)[0];
  const rows = table.rows.flatMap(([names, where, type, required, rule]) =>
    names.split(', ').map((name) => ({ name, where, type, required: required === 'yes', rule })),
  );
  const B = '/2/users/{id}/bookmarks';

  it.each(rows.map((r) => [r.name, r]))('parameter %s', (name, row) => {
    const prm = parameter(doc, 'GET', B, name);
    expect(prm, `parameter ${name}`).toBeDefined();
    expect(prm.in).toBe(row.where);
    expect(prm.required ?? false).toBe(row.required);
    const s = deref(doc, prm.schema);
    if (/^user id string/.test(row.type)) expect(s.pattern).toBe(ID);
    if (/int32/.test(row.type)) expect(s).toMatchObject({ type: 'integer', format: 'int32' });
    if (/min length 1/.test(row.type)) expect(s).toMatchObject({ type: 'string', minLength: 1 });
    if (/^arrays?/.test(row.type)) {
      // Lists are comma separated: form style, not exploded.
      expect(s.type).toBe('array');
      expect(prm).toMatchObject({ style: 'form', explode: false });
    }
    if (/min 1/.test(row.type)) expect(s.minItems).toBe(1);
    if (/unique/.test(row.type)) expect(s.uniqueItems).toBe(true);
    const range = /^(\d+) to (\d+)\.$/.exec(row.rule);
    if (range) expect(s).toMatchObject({ minimum: Number(range[1]), maximum: Number(range[2]) });
    if (/Must equal the id of the authenticated user/.test(row.rule)) {
      expect(prm['x-equals-authenticated-user']).toBe(true);
      expect(prm.description).toMatch(/authenticated user/);
    }
    if (/Base36 token/.test(row.rule)) expect(prm.description).toMatch(/Base36/);
  });

  it('takes no parameter beyond the table', () => {
    expect(parametersOf(doc, 'GET', B).map((p) => p.name).sort()).toEqual(rows.map((r) => r.name).sort());
  });

  it('post.fields: the members shown, in order, marked incomplete', () => {
    const m = /Members of `post\.fields` as shown: ([^\n]+?)\. Any members after `text`: not shown\./.exec(bookmarksText);
    expect(m).not.toBeNull();
    const members = listWords(m![1]);
    expect(members[members.length - 1]).toBe('text');
    const items = deref(doc, deref(doc, parameter(doc, 'GET', B, 'post.fields').schema).items);
    expect(items.enum).toEqual(members);
    expect(items['x-enum-incomplete']).toBe(true);
    expect(items.description).toMatch(/after `text` are\s+not shown/);
    // Every member names a Post field.
    for (const f of members) expect(schemaAt(doc, `Post.${f}`), `Post.${f}`).toBeDefined();
  });

  it('response 200: data, errors, includes, meta', () => {
    expect(bookmarksText).toContain(
      'object with optional `data` (array of Post, min 1), `errors` (array of Problem, min 1), `includes` (Includes), and `meta` {next_token (string, min 1), previous_token (string, min 1), result_count (int32',
    );
    const ok = operation(doc, 'GET', B).responses['200'];
    const body = ok.content['application/json'].schema;
    expect(refName(body)).toBe('GetUserBookmarksEnvelope');
    expectSchema('GetUserBookmarksEnvelope', { type: 'object', requiredExactly: [] });
    expectSchema('GetUserBookmarksEnvelope.data', { type: 'array', minItems: 1, items: { ref: 'Post' } });
    expectSchema('GetUserBookmarksEnvelope.errors', { type: 'array', minItems: 1, items: { ref: 'Problem' } });
    expectSchema('GetUserBookmarksEnvelope.includes', { ref: 'Includes' });
    expectSchema('GetUserBookmarksEnvelope.meta.next_token', { type: 'string', minLength: 1 });
    expectSchema('GetUserBookmarksEnvelope.meta.previous_token', { type: 'string', minLength: 1 });
    expectSchema('GetUserBookmarksEnvelope.meta.result_count', { type: 'integer', format: 'int32' });
  });

  it('any other status: Error (application/json) or Problem (application/problem+json)', () => {
    const op = operation(doc, 'GET', B);
    for (const status of Object.keys(op.responses).filter((s) => !/^2/.test(s))) {
      const r = deref(doc, op.responses[status]);
      expect(refName(r.content['application/json'].schema)).toBe('Error');
      expect(refName(r.content['application/problem+json'].schema)).toBe('Problem');
    }
  });

  it('security: OAuth2UserToken with bookmark.read, post.read, users.read', () => {
    const m = /Get bookmarks: security scheme (\w+) with scopes (.+?)\. /.exec(section(md, 'Authentication'));
    expect(m).not.toBeNull();
    const scopes = codeSpans(m![2]);
    expect(scopes).toEqual(['bookmark.read', 'post.read', 'users.read']);
    expect(operation(doc, 'GET', B).security).toEqual([{ [m![1]]: scopes }]);
  });

  it('is paginated with pagination_token / meta.next_token / max_results', () => {
    expect(operation(doc, 'GET', B)['x-pagination']).toEqual({
      tokenParameter: 'pagination_token',
      nextTokenPointer: '/meta/next_token',
      pageSizeParameter: 'max_results',
      itemsPointer: '/data',
    });
  });
});

describe('Catalogue: the parameters and body members each row names', () => {
  const ENVELOPE_WORDS = new Set(['data', 'meta', 'includes', 'errors']);
  const named = catalogue
    .filter((c) => c.method)
    .flatMap((c) =>
      codeSpans(c.purpose)
        .filter((w) => /^[a-z][a-z_]*(\.[a-z]+)?$/.test(w) && !ENVELOPE_WORDS.has(w))
        .map((w): [string, string, string] => [c.method!, c.path, w]),
    );

  it('found the named members', () => {
    expect(named.length).toBeGreaterThan(10);
  });

  it.each(named)('%s %s: %s', (method, p, name) => {
    const op = operation(doc, method, p);
    if (method === 'GET') {
      expect(parameter(doc, method, p, name), `${name} parameter`).toBeDefined();
    } else {
      // A member of the request body, at any depth.
      const found: string[] = [];
      const walk = (s: Json, depth: number) => {
        const f = flatten(doc, s);
        if (!f || depth > 4) return;
        for (const [k, v] of Object.entries<Json>(f.properties ?? {})) {
          found.push(k);
          walk(v, depth + 1);
        }
      };
      walk(op.requestBody.content['application/json'].schema, 0);
      expect(found).toContain(name);
    }
  });

  it('user lookup: data is a User', () => {
    expect(catalogue.find((c) => c.path === '/2/users/by/username/{username}')!.purpose).toContain(
      'Response `data` holds id, name, username',
    );
    expectSchema('FindUserByUsernameEnvelope.data', { ref: 'User' });
    expect(deref(doc, parameter(doc, 'GET', '/2/users/by/username/{username}', 'username').schema).pattern).toBe(USERNAME);
  });

  it('full-archive search: parameters, operators and meta', () => {
    const row = catalogue.find((c) => c.path === '/2/posts/search/all')!.purpose;
    const P = '/2/posts/search/all';
    expect(row).toContain('`max_results` (default 10, maximum 500)');
    expect(deref(doc, parameter(doc, 'GET', P, 'max_results').schema)).toMatchObject({
      type: 'integer',
      default: 10,
      maximum: 500,
    });
    expect(row).toContain('`start_time` and `end_time` (RFC 3339 date-times)');
    for (const n of ['start_time', 'end_time']) {
      expect(deref(doc, parameter(doc, 'GET', P, n).schema)).toMatchObject({ type: 'string', format: 'date-time' });
    }
    expect(parameter(doc, 'GET', P, 'start_time').description).toMatch(/30 days/);
    expect(operation(doc, 'GET', P).description).toMatch(/March 2006/);
    const meta = /Response meta has ([^.]+)\./.exec(row)!;
    for (const n of listWords(meta[1])) expect(schemaAt(doc, `SearchAllPostsEnvelope.meta.${n}`), n).toBeDefined();
    expect(operation(doc, 'GET', P)['x-pagination']).toEqual({
      tokenParameter: 'next_token',
      nextTokenPointer: '/meta/next_token',
      pageSizeParameter: 'max_results',
      itemsPointer: '/data',
    });
    // Query operators: each one the row shows is listed on the query parameter.
    const ops = /Query operators shown: (.+)\.$/.exec(row)!;
    const shown = splitTopLevel(ops[1]).map((t) => codeSpans(t)[0] ?? /^[^\s(]+/.exec(t)![0]);
    expect(shown).toContain('min_likes:');
    const listed = parameter(doc, 'GET', P, 'query')['x-query-operators'].map((o: Json) => o.operator);
    for (const o of shown) expect(listed).toContain(o);
    const streamOnly = parameter(doc, 'GET', P, 'query')['x-query-operators'].filter((o: Json) => o.streamOnly);
    expect(streamOnly.map((o: Json) => o.operator)).toContain('bio_location');
  });

  it('create post: reply settings and poll, edit_options.previous_post_id, and the long-form text', () => {
    const row = catalogue.find((c) => c.path === '/2/posts' && c.method === 'POST')!.purpose;
    expect(row).toContain('reply settings, polls');
    const body = operation(doc, 'POST', '/2/posts').requestBody.content['application/json'].schema;
    expect(refName(body)).toBe('CreatePostRequest');
    schemaChecks([
      ['CreatePostRequest.paid_partnership', { type: 'boolean' }],
      ['CreatePostRequest.community_id', { type: 'string', pattern: ID }],
      ['CreatePostRequest.share_with_followers', { type: 'boolean' }],
      // The reference does not say which members are required: none is.
      ['CreatePostRequest.edit_options', { ref: 'EditOptions', requiredExactly: [] }],
      ['CreatePostRequest.edit_options.previous_post_id', { pattern: ID }],
      ['CreatePostRequest.reply_settings', { ref: 'ReplySettings' }],
      ['CreatePostRequest.poll', { requiredExactly: [] }],
      ['CreatePostRequest.poll.options', { type: 'array', minItems: 2, maxItems: 4, items: { minLength: 1, maxLength: 25 } }],
      ['CreatePostRequest.poll.duration_minutes', { type: 'integer', minimum: 5, maximum: 10080 }],
      ['CreatePostRequest.text', { type: 'string', maxLength: 25000 }],
    ]);
    expect(schemaAt(doc, 'CreatePostRequest.share_with_followers').description).toMatch(/community_id/);
  });

  it('news.fields: the five values listed, the list marked incomplete ("all that is given", not all there is)', () => {
    expect(catalogueText).toContain('What is stated in the table is all that is given.');
    const row = catalogue.find((c) => c.path === '/2/news/search')!.purpose;
    const values = listWords(/`news\.fields` \(([^)]+)\)/.exec(row)![1]);
    expect(values).toHaveLength(5);
    for (const p of ['/2/news/search', '/2/news/{id}']) {
      const s = deref(doc, parameter(doc, 'GET', p, 'news.fields').schema);
      expect(s.type).toBe('array');
      expect(s.minItems).toBeUndefined();
      expect(s.uniqueItems).toBeUndefined();
      expect(deref(doc, s.items).enum).toEqual(values);
      expect(deref(doc, s.items)['x-enum-incomplete']).toBe(true);
    }
  });

  it('expansions: the names the interface mentions are examples, the list is marked incomplete', () => {
    const m = /except these expansion names that the interface mentions: ([^\n]+)\./.exec(catalogueText)!;
    const names = listWords(m[1]);
    expect(names).toHaveLength(5);
    const prm = parameter(doc, 'GET', '/2/users/{id}/bookmarks', 'expansions');
    const items = deref(doc, prm.schema).items;
    expect(items.type).toBe('string');
    expect(items.enum).toBeUndefined();
    expect(items.examples).toEqual(names);
    expect(prm['x-undocumented'].join('\n')).toMatch(/allowed values of expansions are not shown/);
    for (const f of ['media.fields', 'poll.fields', 'user.fields', 'place.fields']) {
      const p = parameter(doc, 'GET', '/2/users/{id}/bookmarks', f);
      expect(p['x-undocumented'].join('\n')).toContain(`allowed values of ${f} are not shown`);
    }
  });

  it('list-valued query parameters are comma separated; only post.fields is min 1, unique (the only one stated)', () => {
    const stated = tables(section(md, 'Get bookmarks (fully specified)'))[0].rows.filter((r) => /min 1, unique/.test(r[2]));
    expect(stated.map((r) => r[0])).toEqual(['post.fields']);
    let lists = 0;
    for (const [m, p] of referenceOperations) {
      for (const prm of parametersOf(doc, m, p).filter((x) => x.in === 'query')) {
        const s = deref(doc, prm.schema);
        if (s.type !== 'array') continue;
        lists++;
        expect(prm, `${m} ${p} ${prm.name}`).toMatchObject({ style: 'form', explode: false });
        if (prm.name === 'post.fields') expect(s, `${m} ${p} ${prm.name}`).toMatchObject({ minItems: 1, uniqueItems: true });
        else {
          expect(s.minItems, `${m} ${p} ${prm.name}`).toBeUndefined();
          expect(s.uniqueItems, `${m} ${p} ${prm.name}`).toBeUndefined();
        }
      }
    }
    expect(lists).toBeGreaterThan(8);
  });

  it('behavioural rules are stated where they apply', () => {
    expect(operation(doc, 'POST', '/2/posts').description).toMatch(/summoned/);
    expect(operation(doc, 'POST', '/2/posts').description).toMatch(/premium/);
    for (const p of ['/2/posts/search/recent', '/2/posts/search/all']) {
      expect(operation(doc, 'GET', p).description).toMatch(/no\s+longer include reposts/);
    }
    expect(operation(doc, 'GET', '/2/activity/stream').description).toMatch(/connected twice/);
    expect(doc.info.description).toMatch(/complete list/);
    expect(doc.info.description).toMatch(/800/);
    for (const p of ['/2/users/{id}/likes', '/2/users/{id}/following']) {
      expect(operation(doc, 'POST', p)['x-access']).toEqual({ selfServe: false });
      expect(operation(doc, 'POST', p).description).toMatch(/Removed from self-serve tiers/);
    }
    expect(operation(doc, 'GET', '/2/powerstream/rules')['x-access']).toEqual({ plans: ['enterprise'] });
    expect(operation(doc, 'GET', '/2/posts/search/all')['x-access']).toEqual({ tracks: ['academic'] });
  });
});

function schemaChecks(items: Array<[string, Expect]>): void {
  const problems = items.flatMap(([p, e]) => mismatches(p, schemaAt(doc, p, { raw: true }), e));
  expect(problems).toEqual([]);
}

// ---------------------------------------------------------------------------
// Authentication

describe('Authentication', () => {
  const text = section(md, 'Authentication');

  it('the scopes the reference names, and only those', () => {
    const named = [...new Set(codeSpans(text).filter((s) => /^[a-z]+\.[a-z]+$/.test(s)))];
    expect(named.sort()).toEqual(['bookmark.read', 'follow.read', 'post.read', 'users.read']);
    const scopes = doc.components.securitySchemes.OAuth2UserToken.flows.authorizationCode.scopes;
    expect(Object.keys(scopes).sort()).toEqual(named.sort());
  });

  it('the three methods: app-only bearer, OAuth 2.0 user context (PKCE), OAuth 1.0a user context', () => {
    expect(text).toContain('app-only bearer token, OAuth 2.0 user context (confidential and public clients, PKCE), OAuth 1.0a user context');
    const s = doc.components.securitySchemes;
    expect(s.BearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(s.BearerToken.description).toMatch(/Authorization: Bearer <ACCESS_TOKEN>/);
    expect(s.OAuth2UserToken.type).toBe('oauth2');
    expect(Object.keys(s.OAuth2UserToken.flows)).toEqual(['authorizationCode']);
    expect(s.OAuth2UserToken.description).toMatch(/PKCE/);
    expect(s.OAuth2UserToken['x-pkce']).toBe(true);
    expect(s.UserToken).toMatchObject({ type: 'http', scheme: 'OAuth' });
    expect(s.UserToken.description).toMatch(/RFC 5849/);
  });

  it('authorization and token URLs are not shown: placeholders under .invalid, flagged', () => {
    expect(text).toMatch(/Token issuance endpoints, authorization URLs, .* not shown/);
    const o = doc.components.securitySchemes.OAuth2UserToken;
    expect(o['x-not-shown']).toEqual(['authorizationUrl', 'tokenUrl']);
    for (const u of [o.flows.authorizationCode.authorizationUrl, o.flows.authorizationCode.tokenUrl]) {
      expect(new URL(u).hostname).toMatch(/\.invalid$/);
    }
  });

  it('endpoints that act on behalf of a user require user context (no app-only token)', () => {
    const userContext = [
      'getUserBookmarks',
      'createPost',
      'likePost',
      'followUser',
      'getUserBlocking',
      'getUserMuting',
      'searchPostsEligibleForNotes',
      'searchNotesWritten',
      'createNote',
      'evaluateNote',
    ];
    const byId = Object.fromEntries(allOperations(doc).map(([, , op]) => [op.operationId, op]));
    for (const id of userContext) {
      const schemes = byId[id].security.flatMap((r: Json) => Object.keys(r));
      expect(schemes, id).not.toContain('BearerToken');
      expect(schemes.some((s: string) => s === 'OAuth2UserToken' || s === 'UserToken'), id).toBe(true);
    }
    // And lookups and searches allow the app-only token.
    for (const id of ['findUserByUsername', 'findPostById', 'searchRecentPosts', 'searchAllPosts']) {
      expect(byId[id].security).toContainEqual({ BearerToken: [] });
    }
  });

  it('403 is documented for app-only tokens on user-context endpoints', () => {
    expect(text).toContain('Using an app-only token there yields 403.');
    expect(deref(doc, doc.components.responses.Forbidden).description).toMatch(/user-context/);
  });
});

// ---------------------------------------------------------------------------
// Events

describe('Events', () => {
  const typesText = section(md, 'Activity event types');
  const deliveryText = section(md, 'Subscriptions and delivery');

  it('activity event types: every dot-separated name of the table', () => {
    const names = tables(typesText)[0].rows.flatMap(([n]) => n.split(', '));
    expect(names).toHaveLength(12);
    for (const n of names) expect(n).toMatch(/^[a-z]+(\.[a-z_]+)+$/);
    expectSchema('ActivityEventType', { type: 'string', enum: names });
  });

  it('deprecated PascalCase names, with the mapping the reference gives', () => {
    const m = /Deprecated names: ([^.]+)\./.exec(typesText)!;
    const names = listWords(m[1]);
    expect(names).toHaveLength(5);
    expectSchema('DeprecatedActivityEventType', { type: 'string', enum: names, deprecated: true });
    const mapping = schemaAt(doc, 'DeprecatedActivityEventType')['x-event-name-mapping'];
    expect(mapping).toEqual({
      ProfileBioUpdate: 'profile.update.bio',
      ProfilePictureUpdate: null,
      ProfileBannerUpdate: null,
      ProfileGeoUpdate: null,
      ProfileUrlUpdate: null,
    });
    expect(schemaAt(doc, 'ActivityEventType').enum).toContain(mapping.ProfileBioUpdate);
  });

  it('DM conversation events and the participant_ids rule', () => {
    const m = /Direct-message conversation events seen: ([^.]+)\./.exec(deliveryText)!;
    const kinds = listWords(m[1]);
    expect(kinds).toEqual(['MessageCreate', 'ParticipantsJoin', 'ParticipantsLeave']);
    expectSchema('DmEventType', { enum: kinds });
    const dm = schemaAt(doc, 'DmEvent');
    expect(dm.discriminator.propertyName).toBe('event_type');
    expect(Object.keys(dm.discriminator.mapping)).toEqual(kinds);
    for (const k of kinds) {
      const variant = refName({ $ref: dm.discriminator.mapping[k] })!;
      expect(dm.oneOf.map(refName)).toContain(variant);
      expectSchema(`${variant}.event_type`, { const: k });
      expectSchema(variant, { required: ['event_type'] });
    }
    // MessageCreate: participant_ids must be absent (the `false` schema).
    expect(schemaAt(doc, 'DmMessageCreateEvent').properties.participant_ids).toBe(false);
    expectSchema('DmParticipantsJoinEvent.participant_ids', { type: 'array', items: { pattern: ID } });
    expectSchema('DmParticipantsLeaveEvent.participant_ids', { type: 'array', items: { pattern: ID } });
  });

  it('subscription filters: user id, keyword, direction sent, received or both; no member required', () => {
    expect(deliveryText).toContain('`direction` filter scopes DM and chat events to `sent`, `received`, or both');
    schemaChecks([
      ['ActivitySubscriptionFilter', { type: 'object', requiredExactly: [] }],
      ['ActivitySubscriptionCreateRequest', { type: 'object', requiredExactly: [] }],
      ['ActivitySubscriptionFilter.user_id', { pattern: ID }],
      ['ActivitySubscriptionFilter.keyword', { type: 'string' }],
      ['ActivitySubscriptionFilter.direction', { type: 'string', enum: ['sent', 'received', 'both'] }],
      ['ActivitySubscriptionCreateRequest.filter', { ref: 'ActivitySubscriptionFilter' }],
    ]);
    const et = schemaAt(doc, 'ActivitySubscriptionCreateRequest.event_type');
    expect(et.anyOf.map(refName)).toEqual(['ActivityEventType', 'DeprecatedActivityEventType']);
    const body = operation(doc, 'POST', '/2/activity/subscriptions').requestBody.content['application/json'].schema;
    expect(refName(body)).toBe('ActivitySubscriptionCreateRequest');
  });

  it('delivery by persistent HTTP stream: newline-delimited JSON, one event per value', () => {
    const streams = catalogue.filter((c) => /\bstream of\b/i.test(c.purpose));
    expect(streams.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /2/activity/stream']);
    for (const c of streams) {
      const op = operation(doc, c.method!, c.path);
      expect(op['x-streaming'].format).toBe('ndjson');
      // The reference's disconnect problems end the connection; reconnecting cannot fix a forced disconnect,
      // invalid rules, a degraded client application or connection trouble (x-streaming.reconnect.unless).
      expect(op['x-streaming'].problems.map((m: Record<string, string>) => Object.keys(m)[0])).toEqual(['type', 'disconnect_type', 'connection_issue']);
      expect(op['x-streaming'].reconnect.unless).toContainEqual({ disconnect_type: '^(ForceDisconnect|InvalidRules|ClientApplicationStateDegraded)$' });
      // backfill_minutes belongs to "streaming requests ... on the academic track", which this stream is
      // not said to be: not listed, but the operation is open to parameters it does not list.
      expect(parameter(doc, c.method!, c.path, 'backfill_minutes')).toBeUndefined();
      expect(op['x-open-parameters']).toBe(true);
      expect(refName(op.responses['200'].content['application/json'].schema)).toBe('ActivityStreamEvent');
    }
    expectSchema('ActivityStreamEvent', { notShown: true });
  });
});

// ---------------------------------------------------------------------------
// Errors

describe('Errors', () => {
  const errorsText = section(md, 'Errors');

  it('Error object', () => {
    const rows = tables(section(md, 'Error object'))[0].rows;
    expectSchema('Error', { type: 'object', requiredExactly: rows.filter((r) => r[2] === 'yes').map((r) => r[0]) });
    for (const [field, type] of rows) {
      expectSchema(`Error.${field}`, type === 'int32' ? { type: 'integer', format: 'int32' } : { type });
    }
  });

  it('Problem object: common members', () => {
    const text = section(md, 'Problem object (RFC 7807)');
    expect(text).toContain('Members: type (string, required), title (string, required), detail (string), status (integer).');
    schemaChecks([
      ['ProblemBase', { requiredExactly: ['type', 'title'] }],
      ['ProblemBase.type', { type: 'string' }],
      ['ProblemBase.title', { type: 'string' }],
      ['ProblemBase.detail', { type: 'string' }],
      ['ProblemBase.status', { type: 'integer' }],
    ]);
  });

  const problemText = section(md, 'Problem object (RFC 7807)');
  const problemRows = tables(problemText)[0].rows;
  const slugToVariant = () =>
    Object.fromEntries(
      Object.entries<Json>(doc.components.schemas)
        .filter(([, s]) => deref(doc, s)['x-problem-slug'])
        .map(([name, s]) => [deref(doc, s)['x-problem-slug'], name]),
    );
  const common = ['type', 'title', 'detail', 'status'];

  it('18 problem types, Problem is a oneOf of them and of the fallback for unlisted types, without discriminator', () => {
    expect(problemRows).toHaveLength(18);
    expect(problemText).toContain('The `type` value selects the variant.');
    const problem = schemaAt(doc, 'Problem');
    expect(problem.discriminator).toBeUndefined();
    const variants = slugToVariant();
    expect(Object.keys(variants).sort()).toEqual(problemRows.map((r) => r[0]).sort());
    expect(problem.oneOf.map(refName).sort()).toEqual([...Object.values(variants), 'UnlistedProblem'].sort());
    // The fallback: the base members, marked, and excluding exactly the listed types.
    const fallback = schemaAt(doc, 'UnlistedProblem');
    expect(fallback['x-problem-fallback']).toBe(true);
    expect(fallback['x-problem-slug']).toBeUndefined();
    expect(fallback.allOf.map(refName)[0]).toBe('ProblemBase');
    const excluded = flatten(doc, fallback).properties.type.not.anyOf;
    expect(excluded[0]).toEqual({ const: 'about:blank' });
    const slugs = /^\/2\/problems\/\((.+)\)\$$/.exec(excluded[1].pattern)![1].split('|');
    expect(slugs.sort()).toEqual(problemRows.map((r) => r[0]).filter((s) => s !== 'about:blank').sort());
    expect(problem['x-undocumented'].join('\n')).toMatch(/HTTP status of each problem type is not shown/);
  });

  // Prose: "For resource_type in a, b and c the enum is ... `section` is either data or includes."
  const rtProse = /For resource_type in ([^\n]+?) the enum is ([^.]+)\./.exec(problemText)!;
  const rtSlugs = listWords(rtProse[1]);
  const rtEnum = listWords(rtProse[2]);
  const sectionEnum = listWords(/`section` is either ([^.]+)\./.exec(problemText)![1]);

  it.each(problemRows.map((r) => [r[0], r[2]]))('problem %s: %s', (slug, extra) => {
    const name = slugToVariant()[slug];
    expect(name, `variant for ${slug}`).toBeDefined();
    const v = flatten(doc, schemaAt(doc, name));
    expect(v.allOf ?? []).toEqual([]);
    // The type identifier.
    if (slug === 'about:blank') expectSchema(`${name}.type`, { type: 'string', const: 'about:blank' });
    else expectSchema(`${name}.type`, { type: 'string', pattern: `/2/problems/${slug}$` });
    expect(v.required).toEqual(expect.arrayContaining(['type', 'title']));
    // Extra members.
    const own = Object.keys(v.properties).filter((k) => !common.includes(k));
    if (extra === 'none') {
      expect(own).toEqual([]);
      expect(v.required.sort()).toEqual(['title', 'type']);
      return;
    }
    const allRequired = /\(all required\)$/.test(extra);
    const members = splitTopLevel(extra.replace(/\s*\(all required\)$/, ''));
    const expectedRequired: string[] = [];
    for (const m of members) {
      const memberName = /^[a-z_]+/.exec(m)![0];
      const paren = /\(([^)]*)\)/.exec(m)?.[1] ?? '';
      const e: Expect = {};
      const en = /enum (.+)$/.exec(paren);
      if (en) {
        // "tweet-kind post": the post kind under its legacy wire value `tweet`;
        // both `tweet` and `post` are accepted (see errors.yaml).
        e.enum = listWords(en[1]).flatMap((x) => (x === 'tweet-kind post' ? ['tweet', 'post'] : [x]));
      }
      if (/min length 1/.test(paren)) e.minLength = 1;
      if (/^URI$/.test(paren)) e.format = 'uri';
      if (allRequired || /\brequired\b/.test(paren)) expectedRequired.push(memberName);
      if (memberName === 'resource_type' && rtSlugs.includes(slug)) e.enum = rtEnum;
      if (memberName === 'section') e.enum = sectionEnum;
      expectSchema(`${name}.${memberName}`, e);
    }
    expect(own.sort()).toEqual(members.map((m) => /^[a-z_]+/.exec(m)![0]).sort());
    expect(v.required.filter((r: string) => !common.includes(r)).sort()).toEqual(expectedRequired.sort());
  });

  it('invalid-request errors: array min 1 of {message, parameters: map of string arrays}', () => {
    const row = problemRows.find((r) => r[0] === 'invalid-request')!;
    expect(row[2]).toBe('errors: array min 1 of {message, parameters: map from name to array of strings}');
    schemaChecks([
      ['InvalidRequestProblem.errors', { type: 'array', minItems: 1 }],
      ['InvalidRequestProblem.errors[].message', { type: 'string' }],
      ['InvalidRequestProblem.errors[].parameters', { type: 'object' }],
    ]);
    const params = schemaAt(doc, 'InvalidRequestProblem.errors[].parameters');
    expect(params.additionalProperties).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('status codes: each one a shared response offering Error and Problem', () => {
    const rows = tables(section(md, 'Status codes'))[0].rows;
    expect(rows.map((r) => r[0])).toEqual(['401', '403', '429', '503']);
    for (const [m, p] of referenceOperations) {
      for (const status of [...rows.map((r) => r[0]), 'default']) {
        const r = deref(doc, operation(doc, m, p).responses[status]);
        expect(refName(r.content['application/json'].schema), `${m} ${p} ${status}`).toBe('Error');
        expect(refName(r.content['application/problem+json'].schema), `${m} ${p} ${status}`).toBe('Problem');
      }
    }
    const tooMany = deref(doc, doc.components.responses.TooManyRequests);
    expect(rows.find((r) => r[0] === '429')![1]).toContain('`x-rate-limit-reset`');
    expect(tooMany.headers['x-rate-limit-reset'].schema.type).toBe('integer');
    expect(tooMany.headers['x-rate-limit-reset']['x-not-shown']).toEqual(['unit']);
    expect(tooMany.headers['x-rate-limit-reset'].description).toMatch(/epoch/);
  });

  it('partial failures and the unknown status mapping are recorded', () => {
    expect(errorsText).toContain('Mapping of every problem type to an HTTP status: not shown.');
    expect(doc['x-undocumented'].join('\n')).toMatch(/^problem-statuses: /m);
    // "min 1" is stated for the bookmarks response only.
    expectSchema('PartialErrors', { type: 'array', items: { ref: 'Problem' } });
    expect(schemaAt(doc, 'PartialErrors').minItems).toBeUndefined();
    expectSchema('GetUserBookmarksEnvelope.errors', { type: 'array', minItems: 1, items: { ref: 'Problem' } });
    expect(schemaAt(doc, 'Error')['x-undocumented'].join('\n')).toMatch(/values of code are not shown/);
  });
});

// ---------------------------------------------------------------------------
// Limits

interface Limit {
  name: string;
  description: string;
  value: number;
  /** A floor: at least this. */
  min?: number;
  /** A cap: at most this. */
  max?: number;
  default?: number;
  unit: string;
  plan?: string;
  track?: string;
  appliesTo?: string;
}

// Each row of the reference's Limits table and the x-limits entries it becomes.
const LIMIT_ROWS: Record<string, Array<Omit<Limit, 'description'>>> = {
  'Get bookmarks max_results': [
    { name: 'bookmarks-max-results', value: 100, max: 100, min: 1, unit: 'results', appliesTo: 'getUserBookmarks.max_results' },
  ],
  'Full-archive search max_results': [
    { name: 'full-archive-search-max-results', value: 500, max: 500, default: 10, unit: 'results', appliesTo: 'searchAllPosts.max_results' },
  ],
  'Full-archive search with context_annotations requested': [
    { name: 'full-archive-search-max-results-with-context-annotations', value: 100, max: 100, unit: 'results' },
  ],
  'Default full-archive search window': [{ name: 'full-archive-search-default-window', value: 30, unit: 'days' }],
  'Recent search window': [{ name: 'recent-search-window', value: 7, max: 7, unit: 'days' }],
  'Post length for long-form creation': [{ name: 'long-form-post-length', value: 25000, max: 25000, unit: 'characters' }],
  'Post length before the note_post field is used': [
    { name: 'note-post-threshold-length', value: 280, unit: 'characters' },
  ],
  'Edit window': [{ name: 'edit-window', value: 1, max: 1, unit: 'hours' }],
  'Poll options': [
    { name: 'poll-options', value: 4, max: 4, min: 2, unit: 'options' },
    { name: 'poll-option-label-length', value: 25, max: 25, min: 1, unit: 'characters' },
    { name: 'poll-duration', value: 10080, max: 10080, min: 5, unit: 'minutes' },
  ],
  backfill_minutes: [{ name: 'backfill-minutes', value: 5, max: 5, min: 1, unit: 'minutes' }],
  'Monthly post cap': [
    { name: 'monthly-post-cap-standard-basic', value: 500000, max: 500000, unit: 'posts', track: 'standard-basic' },
    { name: 'monthly-post-cap-academic', value: 10000000, max: 10000000, unit: 'posts', track: 'academic' },
  ],
  'Concurrent filtered-stream rules': [
    { name: 'filtered-stream-rules-standard-basic', value: 25, max: 25, unit: 'rules', track: 'standard-basic' },
    { name: 'filtered-stream-rules-academic', value: 1000, max: 1000, unit: 'rules', track: 'academic' },
  ],
  'Query or rule length': [
    { name: 'query-length-standard-basic', value: 512, max: 512, unit: 'characters', track: 'standard-basic' },
    { name: 'query-length-academic', value: 1024, max: 1024, unit: 'characters', track: 'academic' },
  ],
  'Stream webhook rules': [
    { name: 'stream-webhook-rules-per-project', value: 25000, min: 25000, unit: 'rules', plan: 'enterprise' },
    { name: 'stream-webhook-rule-length', value: 2048, max: 2048, unit: 'characters', plan: 'enterprise' },
  ],
  'Redundant stream connections': [{ name: 'redundant-stream-connections', value: 2, max: 2, unit: 'connections' }],
  'Video-view metrics': [{ name: 'video-view-metrics-max-post-age', value: 1800, max: 1800, unit: 'days', plan: 'enterprise' }],
};

/** The numbers of a limits cell: "500,000 ... or 10 million" -> [500000, 10000000]. */
function numbersIn(cell: string): number[] {
  return [...cell.replace(/(\d),(\d)/g, '$1$2').matchAll(/(\d+(?:\.\d+)?)( million)?/g)].map(
    (m) => Number(m[1]) * (m[2] ? 1_000_000 : 1),
  );
}

describe('Limits', () => {
  const text = section(md, 'Limits');
  const rows = tables(text)[0].rows;
  const limits = (): Limit[] => doc['x-limits'];
  const byName = (n: string) => limits().find((l) => l.name === n);

  it('every row of the Limits table is mapped (a new row fails here)', () => {
    expect(rows.map((r) => r[0]).sort()).toEqual(Object.keys(LIMIT_ROWS).sort());
  });

  it.each(rows)('%s: %s', (label, value) => {
    for (const expected of LIMIT_ROWS[label]) {
      const got = byName(expected.name);
      expect(got, expected.name).toBeDefined();
      expect(got).toMatchObject(expected);
      // The value (and min/default) really are numbers of the reference's row.
      const nums = numbersIn(value);
      for (const n of [expected.value, expected.min, expected.max, expected.default].filter((x) => x !== undefined)) {
        expect(nums, `${label}: ${n}`).toContain(n);
      }
      // The direction: "or more" is a floor only; no entry of the table is a floor otherwise.
      if (/or more/.test(value) && expected.min === expected.value) expect(got!.max, expected.name).toBeUndefined();
      expect(got!.min === undefined && got!.max === undefined ? 'none' : 'bound', expected.name).toBe(
        expected.min === undefined && expected.max === undefined ? 'none' : 'bound',
      );
    }
  });

  it('pay-per-use prices, without an invented currency', () => {
    const pricing = /Pricing under pay-per-use: ([^\n]+)/.exec(text)![1];
    const prices = [...pricing.matchAll(/costs? ([0-9]+(?:\.[0-9]+)?)/g)].map((m) => Number(m[1]));
    expect(prices).toEqual([0.001, 0.015, 0.2, 0.01]);
    const priceEntries = limits().filter((l) => l.unit === 'price-per-resource');
    expect(priceEntries.map((l) => l.value).sort()).toEqual([...prices].sort());
    for (const l of priceEntries) {
      expect(l.plan).toBe('pay-per-use');
      expect(l.description).toMatch(/currency is not shown/);
      expect(Object.keys(l)).not.toContain('currency');
    }
    // Owned reads: each kind the reference lists is one of the operations the price applies to.
    const owned = listWords(/owned reads \(the caller's own ([^)]+)\)/.exec(pricing)![1]);
    const opOf: Record<string, string> = {
      bookmarks: 'getUserBookmarks',
      blocking: 'getUserBlocking',
      muting: 'getUserMuting',
      'pinned lists': 'getUserPinnedLists',
      posts: 'getUserPosts',
      mentions: 'getUserMentions',
      'liked posts': 'getUserLikedPosts',
      followers: 'getUserFollowers',
      following: 'getUserFollowing',
      'owned lists': 'getUserOwnedLists',
      'followed lists': 'getUserFollowedLists',
      'list memberships': 'getUserListMemberships',
    };
    expect(owned.sort()).toEqual(Object.keys(opOf).sort());
    const appliesTo = byName('price-owned-read')!.appliesTo!;
    for (const kind of owned) expect(appliesTo).toMatch(new RegExp(`\\b${opOf[kind]}\\b`));
    expect(byName('price-owned-read')!.value).toBe(0.001);
    expect(byName('price-create-post')!.value).toBe(0.015);
    expect(byName('price-create-post-with-url')!.value).toBe(0.2);
    expect(byName('price-summoned-reply')!.value).toBe(0.01);
  });

  it('x-limits entries have the documented shape', () => {
    const allowed = ['name', 'description', 'value', 'min', 'max', 'default', 'unit', 'plan', 'track', 'appliesTo'];
    const ids = new Set(allOperations(doc).map(([, , op]) => op.operationId));
    const names = new Set<string>();
    for (const l of limits()) {
      expect(Object.keys(l).filter((k) => !allowed.includes(k)), l.name).toEqual([]);
      expect(l.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(names.has(l.name), `duplicate ${l.name}`).toBe(false);
      names.add(l.name);
      expect(typeof l.description).toBe('string');
      expect(typeof l.value).toBe('number');
      expect(typeof l.unit).toBe('string');
      for (const k of ['min', 'max', 'default'] as const) if (l[k] !== undefined) expect(typeof l[k]).toBe('number');
      // A bound's figure is its floor or its cap.
      if (l.min !== undefined || l.max !== undefined) expect([l.min, l.max], l.name).toContain(l.value);
      if (l.min !== undefined && l.max !== undefined) expect(l.min, l.name).toBeLessThanOrEqual(l.max);
      if (l.plan) expect(['pay-per-use', 'enterprise']).toContain(l.plan);
      if (l.track) expect(['standard-basic', 'academic']).toContain(l.track);
      const a = l.appliesTo;
      if (a?.startsWith('#/')) expect(resolvePointer(doc, a), `${l.name}: ${a}`).toBeDefined();
      else if (a && /^[a-z][A-Za-z]+(\.[a-z_.]+)?$/.test(a)) {
        const [id, prm] = a.split(/\.(.*)/s);
        expect(ids.has(id), `${l.name}: operation ${id}`).toBe(true);
        if (prm) {
          const [m, p] = allOperations(doc).find(([, , op]) => op.operationId === id)!;
          expect(parameter(doc, m, p, prm), `${l.name}: parameter ${prm}`).toBeDefined();
        }
      }
    }
  });

  it('limits are schema constraints where they apply', () => {
    expect(deref(doc, parameter(doc, 'GET', '/2/users/{id}/bookmarks', 'max_results').schema)).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect(deref(doc, parameter(doc, 'GET', '/2/posts/search/all', 'max_results').schema)).toMatchObject({
      default: 10,
      maximum: 500,
    });
    expect(parameter(doc, 'GET', '/2/posts/search/all', 'max_results').description).toMatch(/100 when `context_annotations`/);
    expect(byName('stream-webhook-rules-per-project')).toMatchObject({ value: 25000, min: 25000 });
    expect(byName('stream-webhook-rules-per-project')!.max).toBeUndefined();
    for (const p of ['/2/posts/search/recent', '/2/posts/search/all']) {
      expect(deref(doc, parameter(doc, 'GET', p, 'query').schema).maxLength).toBe(1024);
    }
    schemaChecks([
      ['CreatePostRequest.text', { maxLength: 25000 }],
      ['Poll.options', { minItems: 2, maxItems: 4 }],
      ['PollOption.label', { minLength: 1, maxLength: 25 }],
      ['Poll.duration_minutes', { minimum: 5, maximum: 10080 }],
      ['CreatePostPoll.options', { minItems: 2, maxItems: 4, items: { minLength: 1, maxLength: 25 } }],
      ['CreatePostPoll.duration_minutes', { minimum: 5, maximum: 10080 }],
    ]);
  });

  it('behavioural limits outside the table: home timeline', () => {
    expect(md).toContain('returns posts of the last 7 days and the most recent 800 regardless of date');
    expect(byName('home-timeline-window')).toMatchObject({ value: 7, max: 7, unit: 'days' });
    expect(byName('home-timeline-recent-posts')).toMatchObject({ value: 800, max: 800, unit: 'posts' });
  });
});

// ---------------------------------------------------------------------------
// Versioning

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
function isoDate(text: string): string {
  const m = /(January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}), (\d{4})/.exec(text)!;
  return `${m[3]}-${String(MONTHS.indexOf(m[1]) + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}`;
}
const changelogDates = (node: Json): string[] => (node['x-changelog'] ?? []).map((c: Json) => c.date);

describe('Versioning', () => {
  const items = section(md, 'Versioning')
    .split('\n')
    .filter((l) => /^\d+\. /.test(l));
  const item = (re: RegExp) => items.find((l) => re.test(l))!;

  it('info.version is the published version label', () => {
    const m = /carries the version label ([0-9.]*[0-9])/.exec(item(/version label/))!;
    expect(doc.info.version).toBe(m[1]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('the replay endpoint is deprecated from a date (12:00 PM US Eastern); its sunset is unknown', () => {
    const text = item(/replay endpoint is deprecated/);
    expect(text).toMatch(/deprecated effective/);
    const op = operation(doc, 'POST', '/2/account_activity/replay/webhooks/{webhook_id}/subscriptions/all');
    expect(op.deprecated).toBe(true);
    // "deprecated effective <date>" is the date of the deprecation, not of the removal.
    expect(op['x-sunset']).toBeUndefined();
    expect(op['x-deprecated-at']).toBe('2026-03-25T12:00:00-04:00');
    expect(op['x-deprecated-at'].slice(0, 10)).toBe(isoDate(text));
    // 12:00 PM Eastern on 2026-03-25 is daylight time (EDT, UTC-4): 16:00 UTC.
    expect(new Date(op['x-deprecated-at']).toISOString()).toBe('2026-03-25T16:00:00.000Z');
    expect(op['x-undocumented'].join('\n')).toMatch(/^sunset: /m);
    expect(op['x-replaced-by']).toBe('replayWebhookEvents');
    expect(operation(doc, 'POST', '/2/webhooks/replay').operationId).toBe('replayWebhookEvents');
  });

  it('the event-name change date is recorded', () => {
    const date = isoDate(item(/Activity event type names changed/));
    expect(date).toBe('2026-03-18');
    expect(changelogDates(schemaAt(doc, 'ActivityEventType'))).toContain(date);
    expect(changelogDates(schemaAt(doc, 'DeprecatedActivityEventType'))).toContain(date);
    expect(changelogDates(doc)).toContain(date);
  });

  it('the search index move is recorded on the four search endpoints', () => {
    const text = item(/moved to a new index/);
    const date = isoDate(text);
    expect(date).toBe('2026-05-04');
    expect(text).toContain('(recent, full-archive, counts recent, counts all)');
    for (const p of ['/2/posts/search/recent', '/2/posts/search/all', '/2/posts/counts/recent', '/2/posts/counts/all']) {
      expect(changelogDates(operation(doc, 'GET', p)), p).toContain(date);
    }
    expect(changelogDates(doc)).toContain(date);
  });

  it('source is deprecated; affiliation.user_id is an array (earlier a string)', () => {
    expect(item(/`source` field of posts is deprecated/)).toBeDefined();
    expectSchema('Post.source', { deprecated: true });
    expect(item(/`affiliation.user_id` is an array/)).toBeDefined();
    expectSchema('Affiliation.user_id', { type: 'array', items: { pattern: ID } });
    expect(schemaAt(doc, 'Affiliation.user_id').description).toMatch(/single user id string/);
  });

  it('version selection other than by prefix is recorded as not shown', () => {
    expect(item(/How a client selects a version/)).toMatch(/not shown/);
    expect(doc['x-undocumented'].join('\n')).toMatch(/^versioning: /m);
  });
});

// ---------------------------------------------------------------------------
// Document-wide conventions

describe('Document conventions', () => {
  it('a server {base_url} with a variable, the host marked as not shown', () => {
    expect(doc.servers).toHaveLength(1);
    expect(doc.servers[0].url).toBe('{base_url}');
    expect(new URL(doc.servers[0].variables.base_url.default).hostname).toMatch(/\.invalid$/);
    expect(doc.servers[0].description).toMatch(/does not show the\s+host/);
  });

  it('component names are PascalCase', () => {
    for (const kind of ['schemas', 'parameters', 'responses', 'securitySchemes']) {
      for (const n of Object.keys(doc.components[kind])) expect(n).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    }
  });

  it('every paginated operation has x-pagination whose pointers resolve', () => {
    for (const [m, p, op] of allOperations(doc)) {
      const names = parametersOf(doc, m, p).map((x) => x.name);
      const paginated = names.includes('pagination_token') || names.includes('next_token');
      expect(Boolean(op['x-pagination']), `${m} ${p}`).toBe(paginated);
      if (!paginated) continue;
      const xp = op['x-pagination'];
      expect(Object.keys(xp).sort()).toEqual(['itemsPointer', 'nextTokenPointer', 'pageSizeParameter', 'tokenParameter']);
      expect(names).toContain(xp.tokenParameter);
      expect(names).toContain(xp.pageSizeParameter);
      const body = op.responses['200'].content['application/json'].schema;
      const at = (pointer: string) =>
        pointer
          .split('/')
          .slice(1)
          .reduce((s: Json, key: string) => deref(doc, flatten(doc, s)?.properties?.[key]), body);
      expect(at(xp.nextTokenPointer)?.type, `${m} ${p} next token`).toBe('string');
      expect(at(xp.itemsPointer)?.type, `${m} ${p} items`).toBe('array');
    }
  });

  it('x-streaming only where the reference describes a stream', () => {
    const streaming = allOperations(doc).filter(([, , op]) => op['x-streaming']).map(([, , op]) => op.operationId);
    expect(streaming).toEqual(['streamActivity']);
  });

  it('document-wide gaps are recorded in the root x-undocumented', () => {
    const u: string[] = doc['x-undocumented'];
    for (const u1 of u) expect(u1).toMatch(/^[a-z][a-z0-9-]*: \S/);
    const text = u.join('\n');
    for (const topic of ['host', 'rate-limits', 'problem-statuses', 'error-codes', 'resources', 'states', 'endpoints', 'authentication', 'events', 'versioning']) {
      expect(text).toMatch(new RegExp(`^${topic}: `, 'm'));
    }
    expect(section(md, 'Limits')).toContain('Numeric rate limits per endpoint and time window: not shown.');
  });
});
