/**
 * The verdicts issue 33 found noisy or wrong, each a fixture of test/fixtures/diff/ (written by
 * make-fixtures.ts; scenarios.test.ts checks their rule ids and levels): here, the reason a reviewer reads —
 * the message names the right schema or member, reads well, and the verdicts are the ones the issue asks for.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecs, type DiffResult } from '../../generator/src/diff/index.ts';

const ROOT = path.resolve(__dirname, '../fixtures/diff');
const REPO = path.resolve(__dirname, '../..');

function run(name: string): Promise<DiffResult> {
  return diffSpecs(path.join(ROOT, name, 'base.yaml'), path.join(ROOT, name, 'head.yaml'), { cwd: REPO, now: new Date('2025-06-01T00:00:00Z') });
}

describe('review noise (issue 33)', () => {
  it('reports a shared enum change once, with both operations that reach it', async () => {
    const { changes } = await run('shared-enum-two-operations');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ component: 'Kind', operation: null, operations: ['GET /r', 'GET /s'], message: expect.stringContaining('schema `Kind`: enum value "c" was added') });
  });

  it('reports a shared response added to several operations once, listing them', async () => {
    const { changes } = await run('shared-response-added-once');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ operation: null, operations: ['GET /r', 'GET /s'], pointer: '/components/responses/TooMany', message: 'response 429: new error status (Too many requests)' });
  });

  it('maxLength removed while an enum is added is a narrowing (became-enum), not a removed constraint', async () => {
    const { changes } = await run('enum-replaces-max-length');
    expect(changes.map((c) => c.message)).toEqual([
      'request body (application/json) › `status`: is now restricted to the enum ["failed","pending","succeeded"] — requests that were valid may now be rejected',
      'response 200 (application/json) › `status`: is now restricted to the enum ["failed","pending","succeeded"]',
    ]);
  });

  it('anyOf of two objects and type: object + anyOf of required accept the same values: nothing reported', async () => {
    const result = await run('any-of-objects-as-required-alternatives');
    expect(result.changes).toEqual([]);
    expect(result.summary.semver).toBe('patch');
  });

  it('properties moved into the schema’s own allOf member are not removed: info, for the component’s generated type', async () => {
    const result = await run('property-moved-into-own-all-of');
    expect(result.changes.map((c) => [c.level, c.message])).toEqual([
      ['info', 'schema `ResponseProperties` › `reasoning`: moved out of this component into another member of the `allOf` that uses it — the schema that extends it still has it, so nothing sent or received changes (the generated type `ResponseProperties` loses it)'],
      ['info', 'schema `ResponseProperties` › `truncation`: moved out of this component into another member of the `allOf` that uses it — the schema that extends it still has it, so nothing sent or received changes (the generated type `ResponseProperties` loses it)'],
    ]);
    expect(result.summary.semver).toBe('minor');
  });

  it('judges response-side widenings as a client sees them: breaking on the wire, the generated API unchanged', async () => {
    const result = await run('response-widenings-as-a-client-sees-them');
    for (const c of result.changes) {
      expect(c.level).toBe('breaking');
      expect(c.api).toEqual({ level: 'info', reason: 'the generated types do not change; only clients that validate responses against the old spec reject the new values' });
    }
    // The generated-API verdict decides the bump: the validators change, the types do not.
    expect(result.summary.semver).toBe('minor');
  });

  it('query parameter integer → string: compatible on the wire, breaking for the generated API (which decides the bump)', async () => {
    const result = await run('query-integer-to-string');
    expect(result.changes).toHaveLength(1);
    const [c] = result.changes;
    expect(c.level).toBe('info');
    expect(c.message).toBe('query parameter `q`: type widened from integer to string');
    expect(c.api).toEqual({ level: 'breaking', reason: 'the generated parameter type changes from `number` to `string`: callers passing a number no longer compile' });
    expect(result.summary.semver).toBe('major');
  });

  it('names the property, not the component it stopped referencing', async () => {
    const [c] = (await run('property-stops-referencing-component')).changes;
    expect(c.message).toBe('response 200 (application/json) › `id`: pattern `^[0-9]+$` was removed — clients may receive values they do not expect');
    expect(c.component).toBeNull();
  });

  it('names the union member, not the component it stopped referencing', async () => {
    const [c] = (await run('union-member-stops-referencing')).changes;
    expect(c.message).toBe('response 200 (application/json) › `<ChatConversation>`: type changed from object to string — clients may receive values they do not expect');
    expect(c.component).toBeNull();
  });

  it('reads well: "became an anyOf"', async () => {
    const [c] = (await run('became-any-of')).changes;
    expect(c.message).toMatch(/^response 200 \(application\/json\): became an anyOf; new alternative #2/);
  });

  it('prints the x-pagination change as text, not JSON', async () => {
    const [c] = (await run('endpoint-pagination-changed')).changes;
    expect(c.message).toBe('GET /a: pagination changed: token parameter `pagination_token` → `next` (the generated paginator follows the new one)');
    expect(c.message).not.toMatch(/[{}"]/);
  });
});

describe('x-streaming changes read as words, not JSON', () => {
  it('a stream added says how the response is now read', async () => {
    const { changes } = await run('endpoint-streaming-changed');
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(c.message).toMatch(/^GET \/\w+: x-streaming changed: the response is now read as a ndjson stream$/);
  });

  it("the project spec's backfill parameter, named by field (the undefined of JSON text was the old message)", async () => {
    const { mkdtempSync, cpSync, readFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(path.join(tmpdir(), 'diff-streaming-'));
    cpSync(path.join(REPO, 'spec'), dir, { recursive: true });
    const file = path.join(dir, 'paths/activity.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('backfillParameter: backfill_minutes');
    writeFileSync(file, text.replace(/\n\s*backfillParameter: backfill_minutes/, ''));
    const result = await diffSpecs(path.join(dir, 'social-posting.openapi.yaml'), path.join(REPO, 'spec/social-posting.openapi.yaml'), { cwd: REPO });
    const streaming = result.changes.filter((c) => c.id === 'endpoint-streaming-changed');
    expect(streaming.map((c) => c.message)).toEqual(['GET /2/activity/stream: x-streaming changed: backfill parameter none → `backfill_minutes`']);
  });
});
