// Coverage of the reference by the spec: Limits, Versioning and document conventions.
// Part of the walk over the reference described in coverage-resources.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allOperations,
  deref,
  flatten,
  listWords,
  operation,
  parameter,
  parametersOf,
  repoRoot,
  resolvePointer,
  schemaAt,
  section,
  tables,
  type Json,
} from './helpers.ts';
import { loadSpecBeforeAll, ID, expectSchema, schemaChecks, md, doc } from './coverage-shared.ts';

loadSpecBeforeAll();

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
    {
      name: 'bookmarks-max-results',
      value: 100,
      max: 100,
      min: 1,
      unit: 'results',
      appliesTo: 'getUserBookmarks.max_results',
    },
  ],
  'Full-archive search max_results': [
    {
      name: 'full-archive-search-max-results',
      value: 500,
      max: 500,
      default: 10,
      unit: 'results',
      appliesTo: 'searchAllPosts.max_results',
    },
  ],
  'Full-archive search with context_annotations requested': [
    { name: 'full-archive-search-max-results-with-context-annotations', value: 100, max: 100, unit: 'results' },
  ],
  'Default full-archive search window': [{ name: 'full-archive-search-default-window', value: 30, unit: 'days' }],
  'Recent search window': [{ name: 'recent-search-window', value: 7, max: 7, unit: 'days' }],
  'Post length for long-form creation': [
    { name: 'long-form-post-length', value: 25000, max: 25000, unit: 'characters' },
  ],
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
  'Video-view metrics': [
    { name: 'video-view-metrics-max-post-age', value: 1800, max: 1800, unit: 'days', plan: 'enterprise' },
  ],
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
      expect(
        Object.keys(l).filter((k) => !allowed.includes(k)),
        l.name,
      ).toEqual([]);
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
    expect(parameter(doc, 'GET', '/2/posts/search/all', 'max_results').description).toMatch(
      /100 when `context_annotations`/,
    );
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
    // A union of two guarantees: at least the last 7 days, and at least the most recent 800. Floors, not caps.
    expect(byName('home-timeline-window')).toMatchObject({ value: 7, min: 7, unit: 'days' });
    expect(byName('home-timeline-recent-posts')).toMatchObject({ value: 800, min: 800, unit: 'posts' });
    for (const name of ['home-timeline-window', 'home-timeline-recent-posts']) {
      expect(byName(name)?.max, name).toBeUndefined();
      expect(byName(name)?.description, name).toMatch(/guarantee, not a cap/);
    }
  });
});

// ---------------------------------------------------------------------------
// Versioning

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
function isoDate(text: string): string {
  const m =
    /(January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}), (\d{4})/.exec(
      text,
    )!;
  return `${m[3]}-${String(MONTHS.indexOf(m[1]) + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}`;
}
const changelogDates = (node: Json): string[] => (node['x-changelog'] ?? []).map((c: Json) => c.date);

describe('Versioning', () => {
  const items = section(md, 'Versioning')
    .split('\n')
    .filter((l) => /^\d+\. /.test(l));
  const item = (re: RegExp) => items.find((l) => re.test(l))!;

  it('info.version is the published version label, raised by the minor revisions of this description', () => {
    const m = /carries the version label ([0-9.]*[0-9])/.exec(item(/version label/))!;
    const [major, minor] = m[1].split('.').map(Number);
    const [ownMajor, ownMinor, ...rest] = doc.info.version.split('.').map(Number);
    expect(ownMajor).toBe(major);
    expect(ownMinor).toBeGreaterThanOrEqual(minor);
    expect(rest).toEqual([]);
    // The label stays quoted, and each revision is listed with the bump socialgen diff gave it.
    expect(doc.info.description.replace(/\s+/g, ' ')).toContain(`carries the version label ${m[1]}`);
    const readme = fs.readFileSync(path.join(repoRoot, 'spec/README.md'), 'utf8');
    const versions = tables(section(readme, 'Versions of this description'))[0].rows.map((r) => r[0]);
    expect(versions[0]).toBe(m[1]);
    expect(versions.at(-1)).toBe(doc.info.version);
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
    for (const p of [
      '/2/posts/search/recent',
      '/2/posts/search/all',
      '/2/posts/counts/recent',
      '/2/posts/counts/all',
    ]) {
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
      expect(Object.keys(xp).sort()).toEqual([
        'itemsPointer',
        'nextTokenPointer',
        'pageSizeParameter',
        'tokenParameter',
      ]);
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
    const streaming = allOperations(doc)
      .filter(([, , op]) => op['x-streaming'])
      .map(([, , op]) => op.operationId);
    expect(streaming).toEqual(['streamActivity']);
  });

  it('document-wide gaps are recorded in the root x-undocumented', () => {
    const u: string[] = doc['x-undocumented'];
    for (const u1 of u) expect(u1).toMatch(/^[a-z][a-z0-9-]*: \S/);
    const text = u.join('\n');
    for (const topic of [
      'host',
      'rate-limits',
      'problem-statuses',
      'error-codes',
      'resources',
      'states',
      'endpoints',
      'authentication',
      'events',
      'versioning',
    ]) {
      expect(text).toMatch(new RegExp(`^${topic}: `, 'm'));
    }
    expect(section(md, 'Limits')).toContain('Numeric rate limits per endpoint and time window: not shown.');
  });
});
