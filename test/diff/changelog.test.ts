/**
 * `--format changelog`: a Keep-a-Changelog 1.1.0 section for the generated packages. Checked against the
 * format's grammar (one `## [Unreleased]` heading, `### ` sections from its fixed set in its order, `- `
 * entries), and for what goes where: breaking entries first in each section, removed exports and operations
 * under Removed, deprecations under Deprecated, the generated-API verdict deciding what is marked breaking.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecs, parseIgnoreFile } from '../../generator/src/diff/index.ts';
import { formatChangelog, sectionOf } from '../../generator/src/diff/format/changelog.ts';
import { readFileSync } from 'node:fs';

const REPO = path.resolve(__dirname, '../..');
const FIXTURES = path.join(REPO, 'test/fixtures/diff');
const NOW = new Date('2025-06-01T00:00:00Z');
/** Keep a Changelog 1.1.0's change types, in its order. */
const TYPES = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

function sections(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    const h = /^### (.+)$/.exec(line);
    if (h) out.set(h[1], (current = []));
    else if (line.startsWith('- ')) current!.push(line);
  }
  return out;
}

async function pair(name: string, ignore?: string) {
  return diffSpecs(path.join(FIXTURES, name, 'base.yaml'), path.join(FIXTURES, name, 'head.yaml'), { cwd: REPO, now: NOW, ...(ignore ? { ignore: parseIgnoreFile(readFileSync(ignore, 'utf8'), 'ignore.yaml') } : {}) });
}

describe('--format changelog', () => {
  it('is one Keep-a-Changelog section: [Unreleased], the bump, typed subsections in order, breaking first', async () => {
    const text = formatChangelog(await pair('_showcase', path.join(FIXTURES, '_showcase/ignore.yaml')));
    const lines = text.split('\n');
    expect(lines[0]).toBe('## [Unreleased]');
    expect(lines.filter((l) => l.startsWith('## '))).toHaveLength(1);
    expect(text).toContain('The generated packages need a **major** release: Social Posting Service API 2.166 → 2.167.');
    const found = sections(text);
    const names = [...found.keys()];
    for (const name of names) expect(TYPES).toContain(name);
    expect(names).toEqual([...names].sort((a, b) => TYPES.indexOf(a) - TYPES.indexOf(b)));
    for (const [name, entries] of found) {
      expect(entries.length, name).toBeGreaterThan(0);
      const breaking = entries.map((e) => e.startsWith('- **Breaking:** '));
      expect(breaking, `${name}: breaking entries first`).toEqual([...breaking].sort((a, b) => Number(b) - Number(a)));
    }
    const removed = found.get('Removed')!;
    expect(removed).toContain('- **Breaking:** client methods / server handlers: `deletePost`.');
    expect(removed.some((e) => e.includes('the operation was removed') && e.includes('(`DELETE /2/posts/{id}`)'))).toBe(true);
    // The ignore file accepted the removal of `lang`; the release still removes it from the generated types.
    expect(removed.some((e) => e.startsWith('- **Breaking:** schema `Post` › `lang`: property was removed'))).toBe(true);
    expect(found.get('Added')!.some((e) => e.includes('query parameter `expansions`: new optional parameter'))).toBe(true);
    expect(found.get('Changed')!.some((e) => e.startsWith('- **Breaking:** OAuth2UserToken now requires scope `users.read`'))).toBe(true);
  });

  it('puts deprecations under Deprecated and lets the generated-API verdict decide what is breaking', async () => {
    const deprecated = sections(formatChangelog(await pair('endpoint-deprecated')));
    expect([...deprecated.keys()]).toEqual(['Deprecated']);
    expect(deprecated.get('Deprecated')![0]).toMatch(/^- the operation became deprecated.*\(`GET \/a`\)\.$/);
    // integer → string in a query parameter: compatible on the wire, breaking for the generated client.
    const text = formatChangelog(await pair('query-integer-to-string'));
    expect(text).toContain('- **Breaking:** query parameter `q`: type widened from integer to string (`GET /items`). Generated API: breaking — the generated parameter type changes from `number` to `string`: callers passing a number no longer compile.');
  });

  it('sorts rules into the sections by what they do', () => {
    expect(sectionOf('endpoint-removed')).toBe('Removed');
    expect(sectionOf('request-parameter-removed-before-sunset')).toBe('Removed');
    expect(sectionOf('endpoint-added')).toBe('Added');
    expect(sectionOf('new-required-request-property')).toBe('Added');
    expect(sectionOf('response-property-enum-value-added')).toBe('Changed');
    expect(sectionOf('response-property-max-length-removed')).toBe('Changed');
    expect(sectionOf('request-property-became-deprecated')).toBe('Deprecated');
    expect(sectionOf('endpoint-deprecated')).toBe('Deprecated');
  });
});
