/**
 * Every scenario under test/fixtures/diff/<name>/ (written by make-fixtures.ts): base.yaml vs head.yaml must
 * report exactly the rule ids and levels in expected.json. Then: every rule of the catalog is exercised by
 * some scenario, and every schema facet in both directions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecs, EXPLICIT_RULES, FACETS, RULES, facetOf } from '../../generator/src/diff/index.ts';

const ROOT = path.resolve(__dirname, '../fixtures/diff');
const REPO = path.resolve(__dirname, '../..');

interface Expected {
  description: string;
  now?: string;
  changes: Array<{ id: string; level: string }>;
}

const scenarios = readdirSync(ROOT)
  .filter((name) => !name.startsWith('_'))
  .sort()
  .map((name) => ({ name, expected: JSON.parse(readFileSync(path.join(ROOT, name, 'expected.json'), 'utf8')) as Expected }));

const key = (c: { id: string; level: string }): string => `${c.level} ${c.id}`;

describe('diff scenarios', () => {
  it('has at least 80 named scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(80);
  });

  for (const { name, expected } of scenarios) {
    it(`${name}: ${expected.description}`, async () => {
      const result = await diffSpecs(path.join(ROOT, name, 'base.yaml'), path.join(ROOT, name, 'head.yaml'), { cwd: REPO, now: new Date(`${expected.now ?? '2025-06-01'}T00:00:00Z`) });
      expect(result.changes.map(key).sort()).toEqual(expected.changes.map(key).sort());
      for (const c of result.changes) {
        expect(c.message.length).toBeGreaterThan(10);
        expect(c.fingerprint).toMatch(/^[0-9a-f]{16}$/);
        expect(c.base ?? c.head).not.toBeNull();
      }
      // Fingerprints are unique within a result.
      expect(new Set(result.changes.map((c) => c.fingerprint)).size).toBe(result.changes.length);
    });
  }

  it('reports a change inside a shared component once, with every operation that uses it', async () => {
    const dir = path.join(ROOT, 'shared-component-once');
    const result = await diffSpecs(path.join(dir, 'base.yaml'), path.join(dir, 'head.yaml'), { cwd: REPO });
    expect(result.changes).toHaveLength(1);
    const [c] = result.changes;
    expect(c.component).toBe('Post');
    expect(c.operation).toBeNull();
    expect(c.operations).toEqual(['GET /posts', 'GET /posts/{id}', 'GET /users/{id}/posts']);
    expect(c.pointer).toBe('/components/schemas/Post/properties/text/maxLength');
    expect(c.head).toEqual({ file: 'test/fixtures/diff/shared-component-once/head.yaml', line: expect.any(Number), column: expect.any(Number) });
    // A maxLength changes what validators accept, not a generated signature or type: a looser bound on
    // what clients receive breaks on the wire, but the generated API does not change (the bump is minor).
    expect(result.summary.exports.types.changed).toEqual([]);
    expect(result.summary.exports.methods.changed).toEqual([]);
    expect(c.level).toBe('breaking');
    expect(c.api).toEqual({ level: 'info', reason: expect.stringContaining('the generated types do not change') });
    expect(result.summary.semver).toBe('minor');
  });

  it('lists the generated exports a change alters', async () => {
    const dir = path.join(ROOT, 'property-added-required');
    const result = await diffSpecs(path.join(dir, 'base.yaml'), path.join(dir, 'head.yaml'), { cwd: REPO });
    expect(result.summary.exports.methods).toEqual({ added: [], removed: [], changed: ['createItem'] });
    expect(result.summary.exports.types).toEqual({ added: [], removed: [], changed: ['Operations["createItem"]["requestBody"]', 'Operations["createItem"]["response"]', 'Operations["createItem"]["responses"]'] });
    const added = await diffSpecs(path.join(ROOT, 'endpoint-added', 'base.yaml'), path.join(ROOT, 'endpoint-added', 'head.yaml'), { cwd: REPO });
    expect(added.summary.exports.methods.added).toEqual(['getA']);
    expect(added.summary.exports.types.added).toContain('Operations["getA"]["response"]');
    expect(added.summary.semver).toBe('minor');
  });

  it('gives opposite verdicts for the same change in a request and a response', () => {
    for (const [facet, request, response] of FACETS) {
      const req = RULES.get(`request-property-${facet}`)!;
      const res = RULES.get(`response-property-${facet}`)!;
      expect([req.level, res.level]).toEqual([request, response]);
    }
    // Narrowing breaks requests, widening breaks responses.
    expect(RULES.get('request-property-enum-value-removed')!.level).toBe('breaking');
    expect(RULES.get('response-property-enum-value-removed')!.level).toBe('info');
    expect(RULES.get('request-property-enum-value-added')!.level).toBe('info');
    expect(RULES.get('response-property-enum-value-added')!.level).toBe('breaking');
  });

  it('exercises every rule of the catalog, and every facet in both directions', () => {
    const seen = new Set(scenarios.flatMap((s) => s.expected.changes.map((c) => c.id)));
    const missing = [...RULES.keys()].filter((id) => !seen.has(id));
    expect(missing).toEqual([]);
    for (const [facet] of FACETS) {
      const directions = new Set([...seen].map(facetOf).filter((f) => f?.facet === facet).map((f) => f!.direction));
      expect([facet, [...directions].sort()]).toEqual([facet, ['request', 'response']]);
    }
    expect(EXPLICIT_RULES.length).toBeGreaterThan(90);
  });

  it('uses only kebab-case rule ids and levels that exist', () => {
    for (const rule of RULES.values()) {
      expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(['breaking', 'warning', 'info']).toContain(rule.level);
    }
  });
});
