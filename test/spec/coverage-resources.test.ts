// Coverage of the reference by the spec: Resources: Post, Entities, Includes, User, Media, Place, Poll, States.
//
// Walks ../shared/seed/social-posting-api-v2.md: its tables are parsed where
// that works (Post and User fields, bookmarks parameters, post.fields members,
// endpoint catalogue, states, problem types, status codes, limits, event
// names), and the prose is turned into hand-written expectations, item by item,
// in the order of the reference. Every field, enum value, endpoint, problem
// type, scope, event name and limit must be present in the bundled spec with
// the right constraint; a missing or wrong item fails with its name.
import { describe, expect, it } from 'vitest';
import { flatten, listWords, operation, refName, schemaAt, section, splitTopLevel, tables } from './helpers.ts';
import {
  loadSpecBeforeAll,
  ID,
  USERNAME,
  MEDIA_KEY,
  COUNTRY,
  expectSchema,
  schemaItems,
  typeCellExpect,
  requiredClause,
  md,
  doc,
  type Expect,
} from './coverage-shared.ts';

loadSpecBeforeAll();

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
    ['Post.organic_metrics', { requiredExactly: ['impression_count', 'repost_count', 'reply_count', 'like_count'] }],
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
    for (const n of names)
      expectSchema(`FullTextEntities.${n}`, { type: 'array', minItems: 1, items: { ref: itemRef[n] } });
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
    ['User.public_metrics', { requiredExactly: ['followers_count', 'following_count', 'post_count', 'listed_count'] }],
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
  const playbacks = [
    'playback_0_count',
    'playback_25_count',
    'playback_50_count',
    'playback_75_count',
    'playback_100_count',
  ];

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
    expect(eo['x-edit-requirements']).toEqual(
      expect.arrayContaining(['premium-subscription', 'own-post', 'within-edit-window']),
    );
    expect(eo.description).toMatch(/premium/);
    expect(operation(doc, 'POST', '/2/posts')['x-edit-window-minutes']).toBe(60);
    expect(schemaAt(doc, 'Poll')['x-states']).toEqual({ voting_status: ['open', 'closed'] });
  });

  it('transitions are recorded as not shown', () => {
    expect(text).toContain('Transitions: not shown.');
    expect(doc['x-undocumented'].join('\n')).toMatch(/^states: transitions/m);
  });
});
