// Coverage of the reference by the spec: Authentication, Events and Errors.
// Part of the walk over the reference described in coverage-resources.test.ts.
import { describe, expect, it } from 'vitest';
import {
  allOperations,
  codeSpans,
  deref,
  flatten,
  listWords,
  operation,
  parameter,
  refName,
  schemaAt,
  section,
  splitTopLevel,
  tables,
  type Json,
} from './helpers.ts';
import {
  loadSpecBeforeAll,
  ID,
  expectSchema,
  catalogue,
  referenceOperations,
  schemaChecks,
  md,
  doc,
  type Expect,
} from './coverage-shared.ts';

loadSpecBeforeAll();

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
    expect(text).toContain(
      'app-only bearer token, OAuth 2.0 user context (confidential and public clients, PKCE), OAuth 1.0a user context',
    );
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
      expect(
        schemes.some((s: string) => s === 'OAuth2UserToken' || s === 'UserToken'),
        id,
      ).toBe(true);
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

  it('activity event types: every dot-separated name of the table, and open to the names not shown', () => {
    const names = tables(typesText)[0].rows.flatMap(([n]) => n.split(', '));
    expect(names).toHaveLength(12);
    for (const n of names) expect(n).toMatch(/^[a-z]+(\.[a-z_]+)+$/);
    expectSchema('ActivityEventType', { type: 'string', enum: names });
    // "Dot-separated names of the four of these other than the bio one: not shown", and news and chat
    // events are mentioned without names: the listed names are the known ones (x-enum-incomplete).
    expect(typesText).toContain('Dot-separated names of the four of these other than the bio one: not shown.');
    expect(deliveryText).toMatch(/useful for news events/);
    expect(deliveryText).toMatch(/DM and chat events/);
    const s = schemaAt(doc, 'ActivityEventType');
    expect(s['x-enum-incomplete']).toBe(true);
    expect(s['x-undocumented'].join('\n')).toMatch(/^values: .*not shown.*news and chat/m);
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
    // "seen": the kinds listed are not all there are. DmEventType is open, and DmEvent is a plain oneOf
    // (a discriminator's mapping is closed) with a fallback for the other kinds.
    expectSchema('DmEventType', { enum: kinds });
    expect(schemaAt(doc, 'DmEventType')['x-enum-incomplete']).toBe(true);
    const dm = schemaAt(doc, 'DmEvent');
    expect(dm.discriminator).toBeUndefined();
    const variants = dm.oneOf.map(refName);
    expect(variants).toEqual(['DmMessageCreateEvent', 'DmParticipantsJoinEvent', 'DmParticipantsLeaveEvent', 'DmUnlistedEvent']);
    kinds.forEach((k, i) => {
      expectSchema(`${variants[i]}.event_type`, { const: k });
      expectSchema(variants[i], { required: ['event_type'] });
    });
    expectSchema('DmUnlistedEvent', { required: ['event_type'] });
    expect(schemaAt(doc, 'DmUnlistedEvent.event_type').not).toEqual({ enum: kinds });
    // MessageCreate: participant_ids must be absent (the `false` schema).
    expect(schemaAt(doc, 'DmMessageCreateEvent').properties.participant_ids).toBe(false);
    expectSchema('DmParticipantsJoinEvent.participant_ids', { type: 'array', items: { pattern: ID } });
    expectSchema('DmParticipantsLeaveEvent.participant_ids', { type: 'array', items: { pattern: ID } });
    // The items' type is not given: the user-id pattern is the spec's own, marked next to the reference.
    for (const v of ['DmParticipantsJoinEvent', 'DmParticipantsLeaveEvent']) {
      expect(schemaAt(doc, v).properties.participant_ids.items['x-spec-constraint'].pattern).toMatch(/user ids/);
    }
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
      expect(op['x-streaming'].problems.map((m: Record<string, string>) => Object.keys(m)[0])).toEqual([
        'type',
        'disconnect_type',
        'connection_issue',
      ]);
      expect(op['x-streaming'].reconnect.unless).toContainEqual({
        disconnect_type: '^(ForceDisconnect|InvalidRules|ClientApplicationStateDegraded)$',
      });
      // "retry behavior: not shown": the reconnection rule is the spec's own, and says so.
      expect(deliveryText).toContain('signature verification and retry behavior: not shown.');
      expect(op['x-streaming']['x-spec-constraint'].reconnect).toMatch(/no reconnection rule/);
      // "Streaming requests accept `backfill_minutes` (whole number 1 to 5)": a typed, optional parameter
      // of the stream, named by x-streaming; the other parameters stay open.
      expect(section(md, 'Catalogue of further endpoints')).toContain('Streaming requests accept `backfill_minutes` (whole number 1 to 5)');
      const backfill = parameter(doc, c.method!, c.path, 'backfill_minutes');
      expect(backfill).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 1, maximum: 5 } });
      expect(backfill.required ?? false).toBe(false);
      expect(op['x-streaming'].backfillParameter).toBe('backfill_minutes');
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
    expect(text).toContain(
      'Members: type (string, required), title (string, required), detail (string), status (integer).',
    );
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
    expect(slugs.sort()).toEqual(
      problemRows
        .map((r) => r[0])
        .filter((s) => s !== 'about:blank')
        .sort(),
    );
    expect(problem['x-undocumented'].join('\n')).toMatch(/HTTP status of each problem type is not shown/);
  });

  it('each invented status is marked on its variant; no invented title', () => {
    expect(errorsText).toContain('Mapping of every problem type to an HTTP status: not shown.');
    // "Members: type (string, required), title (string, required) ...": no title value is given.
    expect(problemText).not.toMatch(/title[^.]*"/);
    for (const [name, s] of Object.entries<Json>(doc.components.schemas)) {
      expect(s['x-problem-title'], name).toBeUndefined();
      const status = s['x-problem-status'];
      if (status === undefined) continue;
      const notes = (s['x-undocumented'] ?? []).filter((n: string) => n.startsWith('problem-status: '));
      expect(notes, name).toHaveLength(1);
      expect(notes[0], name).toMatch(new RegExp(`^problem-status: the HTTP status of ${s['x-problem-slug']} is not shown \\(modelled as ${status}: .{10,}\\)$`));
    }
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
