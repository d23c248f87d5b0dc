/** docs/diff.md documents every rule with its level, and nothing that does not exist. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPLICIT_RULES, FACETS, RULES } from '../../generator/src/diff/index.ts';

const doc = readFileSync(path.resolve(__dirname, '../../docs/diff.md'), 'utf8');

describe('docs/diff.md', () => {
  it('lists every explicit rule with its level', () => {
    const rows = [...doc.matchAll(/^\| `([a-z0-9-]+)` \| (breaking|warning|info) \| (?!(?:breaking|warning|info) \|)/gm)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual(EXPLICIT_RULES.map((r) => [r.id, r.level]));
  });

  it('lists every schema facet with its request and response levels', () => {
    const rows = [...doc.matchAll(/^\| `([a-z0-9-]+)` \| (breaking|warning|info) \| (breaking|warning|info) \| /gm)].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual(FACETS.map(([facet, request, response]) => [facet, request, response]));
  });

  it('states the rule count and documents the JSON shape and the marker', () => {
    expect(doc).toContain(`${RULES.size} rule ids: ${FACETS.length} facets under 6 prefixes, and ${EXPLICIT_RULES.length} explicit rules`);
    expect(doc).toContain('<!-- socialgen-diff -->');
    for (const field of ['"id"', '"level"', '"operation"', '"pointer"', '"base"', '"head"', '"message"', '"fingerprint"', '"semver"']) expect(doc).toContain(field);
  });
});
