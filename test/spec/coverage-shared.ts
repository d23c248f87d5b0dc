// The reference and the bundled spec, and the expectation checks shared by the coverage-*.test.ts files
// (which together walk ../shared/seed/social-posting-api-v2.md, see coverage-resources.test.ts).
import { beforeAll, expect, it } from 'vitest';
import {
  flatten,
  loadBundledSpec,
  readSeed,
  listWords,
  operation,
  refName,
  schemaAt,
  section,
  splitTopLevel,
  tables,
  type Json,
} from './helpers.ts';

export const md = readSeed();
/** The bundled spec; loaded before the tests of the file that calls `loadSpecBeforeAll`. */
export let doc: Json;
export function loadSpecBeforeAll(): void {
  beforeAll(async () => {
    doc = await loadBundledSpec();
  });
}

export const ID = '^[0-9]{1,19}$';
export const USERNAME = '^[A-Za-z0-9_]{1,15}$';
export const MEDIA_KEY = '^([0-9]+)_([0-9]+)$';
export const COUNTRY = '^[A-Z]{2}$';

// ---------------------------------------------------------------------------
// Expectations on a schema

export interface Expect {
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

export const sameSet = (a: unknown[], b: unknown[]) =>
  a.length === b.length && [...a].map(String).sort().join('\u0000') === [...b].map(String).sort().join('\u0000');

export function mismatches(label: string, raw: Json, e: Expect): string[] {
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
    (node?.['x-reference-inconsistency'] ?? []).some(
      (i: Json) => i?.dropped && JSON.stringify(i.dropped[k]) === JSON.stringify(e[k as keyof Expect]),
    );
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

export function expectSchema(dotted: string, e: Expect): void {
  expect(mismatches(dotted, schemaAt(doc, dotted, { raw: true }), e)).toEqual([]);
}

/** Runs a list of [path, expectation] items as one test each. */
export function schemaItems(items: Array<[string, Expect]>): void {
  it.each(items)('%s', (dotted, e) => expectSchema(dotted, e));
}

/** An expectation read from a "Type / format" cell of the reference. */
export function typeCellExpect(cell: string): Expect {
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
export function requiredClause(text: string): string[] {
  const m = /Required(?: members)?: ([^.]*(?:\([^)]*\)[^.]*)*)\./.exec(text);
  if (!m) return [];
  return splitTopLevel(m[1]).map((x) => /^[A-Za-z_]+/.exec(x)![0]);
}

// ---------------------------------------------------------------------------
// Resources and their fields

// ---------------------------------------------------------------------------
// Endpoints

/** What the spec must say about every operation (also: no operation beyond the reference). */
export function checkOperationBasics(method: string, p: string): void {
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
      if (s.type === 'oauth2')
        for (const sc of scopes) expect(Object.keys(s.flows.authorizationCode.scopes)).toContain(sc);
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
export function endpointsOfCell(cell: string): Array<[string | null, string]> {
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

export const catalogueText = section(md, 'Catalogue of further endpoints');
export const catalogue = tables(catalogueText)[0].rows.flatMap(([cell, purpose]) =>
  endpointsOfCell(cell).map(([method, p]) => ({ method, path: p, purpose })),
);
export const bookmarksText = section(md, 'Get bookmarks (fully specified)');
export const bookmarksEndpoint = /`(GET) (\/2\/users\/\{id\}\/bookmarks)`/.exec(bookmarksText)!;
export const referenceOperations: Array<[string, string]> = [
  [bookmarksEndpoint[1], bookmarksEndpoint[2]],
  ...catalogue.filter((c) => c.method).map((c): [string, string] => [c.method!, c.path]),
];

// The operationIds are API surface (client method and server handler names): a
// rename must be deliberate, so they are pinned here.
export const OPERATION_IDS: Record<string, string> = {
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

export function schemaChecks(items: Array<[string, Expect]>): void {
  const problems = items.flatMap(([p, e]) => mismatches(p, schemaAt(doc, p, { raw: true }), e));
  expect(problems).toEqual([]);
}
