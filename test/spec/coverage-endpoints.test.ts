// Coverage of the reference by the spec: Endpoints: every operation, bookmarks, the catalogue's parameters and members.
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
  parametersOf,
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
  USERNAME,
  expectSchema,
  checkOperationBasics,
  catalogueText,
  catalogue,
  bookmarksText,
  referenceOperations,
  OPERATION_IDS,
  schemaChecks,
  md,
  doc,
} from './coverage-shared.ts';

loadSpecBeforeAll();

describe('Endpoints: every operation of the reference', () => {
  it('the catalogue was read', () => {
    expect(referenceOperations.length).toBe(36);
  });

  it.each(referenceOperations)('%s %s', (method, p) => checkOperationBasics(method, p));

  it('the spec has no operation the reference does not name', () => {
    const inSpec = allOperations(doc)
      .map(([m, p]) => `${m} ${p}`)
      .sort();
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
    expect(
      parametersOf(doc, 'GET', B)
        .map((p) => p.name)
        .sort(),
    ).toEqual(rows.map((r) => r.name).sort());
  });

  it('post.fields: the members shown, in order, marked incomplete', () => {
    const m = /Members of `post\.fields` as shown: ([^\n]+?)\. Any members after `text`: not shown\./.exec(
      bookmarksText,
    );
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
    expect(deref(doc, parameter(doc, 'GET', '/2/users/by/username/{username}', 'username').schema).pattern).toBe(
      USERNAME,
    );
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
      [
        'CreatePostRequest.poll.options',
        { type: 'array', minItems: 2, maxItems: 4, items: { minLength: 1, maxLength: 25 } },
      ],
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
    const stated = tables(section(md, 'Get bookmarks (fully specified)'))[0].rows.filter((r) =>
      /min 1, unique/.test(r[2]),
    );
    expect(stated.map((r) => r[0])).toEqual(['post.fields']);
    let lists = 0;
    for (const [m, p] of referenceOperations) {
      for (const prm of parametersOf(doc, m, p).filter((x) => x.in === 'query')) {
        const s = deref(doc, prm.schema);
        if (s.type !== 'array') continue;
        lists++;
        expect(prm, `${m} ${p} ${prm.name}`).toMatchObject({ style: 'form', explode: false });
        if (prm.name === 'post.fields')
          expect(s, `${m} ${p} ${prm.name}`).toMatchObject({ minItems: 1, uniqueItems: true });
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
