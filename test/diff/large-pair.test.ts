/**
 * The review on a real version pair of a large spec: GitHub's REST description from `@octokit/openapi` at
 * 17.0.0 (December 2024) and 23.0.2, fetched by npm into the test cache (test/helpers/npm-package.ts; the specs
 * are not committed). Over 1,000 changes: the pull-request comment stays under GitHub's limit, its summary
 * names every breaking rule that fired, and the breaking changes come first. Run alone (two 11 MB documents):
 * `npx vitest run test/diff/large-pair.test.ts`.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffSides, loadSide, sideSource, type DiffResult } from '../../generator/src/diff/index.ts';
import { COMMENT_LIMIT, formatMarkdown } from '../../generator/src/diff/format/markdown.ts';
import { npmPackage, npmPackageAvailable } from '../helpers/npm-package.ts';

const BASE = '17.0.0';
const HEAD = '23.0.2';
// Skipped only when the registry cannot be reached and nothing is cached (an offline machine).
const available = npmPackageAvailable('@octokit/openapi', BASE) && npmPackageAvailable('@octokit/openapi', HEAD);

describe.skipIf(!available)(`GitHub REST API, @octokit/openapi ${BASE} → ${HEAD}`, () => {
  let result: DiffResult;
  let comment: string;
  beforeAll(async () => {
    const spec = (version: string): string => path.join(npmPackage('@octokit/openapi', version), 'generated/api.github.com.json');
    const base = await loadSide(sideSource(spec(BASE)), 'base');
    const head = await loadSide(sideSource(spec(HEAD)), 'head');
    result = diffSides(base, head, { now: new Date('2026-01-01T00:00:00Z') });
    comment = formatMarkdown(result, { limit: COMMENT_LIMIT });
    console.log(`GitHub ${BASE} → ${HEAD}: ${result.changes.length} changes, ${result.summary.breaking} breaking; comment ${comment.length} characters`);
  }, 180_000);

  it('has over 1,000 changes, and the comment stays under the limit', () => {
    expect(result.changes.length).toBeGreaterThan(1000);
    expect(comment.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(comment.length).toBeLessThan(65_536);
    expect((comment.match(/<details>/g) ?? []).length).toBe((comment.match(/<\/details>/g) ?? []).length);
  });

  it('names every breaking rule in the summary, with its count', () => {
    const summary = comment.slice(0, comment.indexOf('\n#### '));
    const line = summary.split('\n').find((l) => l.startsWith('| ❌ breaking |'))!;
    const counts = new Map<string, number>();
    for (const c of result.changes) if (c.level === 'breaking') counts.set(c.id, (counts.get(c.id) ?? 0) + 1);
    expect(counts.size).toBeGreaterThan(10);
    for (const [id, n] of counts) expect(line, id).toContain(`\`${id}\` ×${n}`);
  });

  it('lists the breaking changes first, removed operations at the top, and says what it leaves out', () => {
    // The first section of rows is the breaking one, and no breaking row comes after it.
    const breakingAt = comment.indexOf('\n#### ❌ Breaking changes');
    expect(breakingAt).toBeGreaterThan(0);
    const afterBreaking = comment.slice(breakingAt + 1).search(/\n(#### |<details>)/) + breakingAt + 1;
    const rowsOf = (text: string): string[] => text.split('\n').filter((l) => /^\| (❌|⚠️|ℹ️) \| /.test(l));
    const breakingRows = rowsOf(comment.slice(breakingAt, afterBreaking));
    expect(breakingRows.length).toBeGreaterThan(50);
    expect(rowsOf(comment.slice(0, breakingAt))).toEqual([]);
    expect(rowsOf(comment.slice(afterBreaking)).filter((r) => r.startsWith('| ❌'))).toEqual([]);
    expect(breakingRows[0]).toMatch(/`endpoint-removed(-before-sunset)?`|`endpoint-moved`/);
    const shown = /\*\*(\d+) of (\d+) changes are shown\*\*/.exec(comment);
    expect(shown).not.toBeNull();
    expect(Number(shown![2])).toBe(result.changes.length);
    // The budget is spent: the comment is within one long row of the limit.
    expect(COMMENT_LIMIT - comment.length).toBeLessThan(3000);
  });
});
