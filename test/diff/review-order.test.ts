/**
 * The order and merging of the review (format/review.ts), as the markdown and the changelog show it: what
 * breaks most first, widenings and wire-only breaks last, one row for the values one enum gained at one place,
 * one row for the same sentence in several operations.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecs, type Change } from '../../generator/src/diff/index.ts';
import { impactRank, reviewRows } from '../../generator/src/diff/format/review.ts';
import { formatMarkdown } from '../../generator/src/diff/format/markdown.ts';

const REPO = path.resolve(__dirname, '../..');
const pair = (name: string) => diffSpecs(`test/fixtures/diff/${name}/base.yaml`, `test/fixtures/diff/${name}/head.yaml`, { cwd: REPO, now: new Date('2025-06-01T00:00:00Z') });
const change = (id: string, level: Change['level'], extra: Partial<Change> = {}): Change => ({ id, level, operation: 'GET /a', operations: ['GET /a'], component: null, pointer: '', base: null, head: null, message: `GET /a: ${id}`, fingerprint: id, ...extra });

describe('the review order', () => {
  it('ranks removed operations, then new required input, then type changes, then the rest, then widenings, then wire-only breaks', () => {
    const ids: Array<[string, Change['level'], Partial<Change>?]> = [
      ['response-property-max-length-increased', 'breaking', { api: { level: 'info', reason: 'types unchanged' } }],
      ['response-property-enum-value-added', 'breaking'],
      ['request-parameter-max-decreased', 'breaking'],
      ['response-property-type-changed', 'breaking'],
      ['new-required-request-parameter', 'breaking'],
      ['endpoint-removed', 'breaking'],
    ];
    const rows = reviewRows(ids.map(([id, level, extra]) => change(id, level, extra)));
    expect(rows.map((r) => r.id)).toEqual(['endpoint-removed', 'new-required-request-parameter', 'response-property-type-changed', 'request-parameter-max-decreased', 'response-property-enum-value-added', 'response-property-max-length-increased']);
    expect(rows.map((r) => impactRank(r.changes[0]))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('merges the values one enum gained at one place into one row', async () => {
    const result = await pair('facet-enum-value-added');
    expect(result.changes.filter((c) => c.id === 'response-body-enum-value-added')).toHaveLength(2);
    const md = formatMarkdown(result);
    expect(md).toContain('| ❌ | response 200 (application/json): 2 enum values were added: "c", "d" — clients may receive values they do not expect | `response-body-enum-value-added` | `POST /items` |');
    expect(md).not.toContain('enum value "c" was added');
  });

  it('lists a change operations share once, naming them (at most three in a comment)', () => {
    const ops = ['GET /a', 'GET /b', 'GET /c', 'GET /d', 'GET /e'];
    const same = ops.map((op) => change('response-non-success-status-added', 'info', { operation: op, operations: [op], message: `${op}: response 429: new error status`, fingerprint: op }));
    const rows = reviewRows(same);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: 'response 429: new error status', operations: ops });
    const result = { summary: { breaking: 0, warning: 0, info: 5, semver: 'minor' as const, ignored: 0, exports: { methods: { added: [], removed: [], changed: [] }, types: { added: [], removed: [], changed: [] } } }, changes: same, ignored: [], notes: [], warnings: [], base: { label: 'a', title: 't', version: '1' }, head: { label: 'b', title: 't', version: '2' } };
    expect(formatMarkdown(result, { limit: 60_000 })).toContain('| ℹ️ | response 429: new error status | `response-non-success-status-added` | `GET /a`, `GET /b`, `GET /c` and 2 more |');
    expect(formatMarkdown(result)).toContain('`GET /a`, `GET /b`, `GET /c`, `GET /d`, `GET /e` |');
  });
});
