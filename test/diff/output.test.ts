/**
 * The output formats on the showcase fixture (a release of a small API: split head, shared schema, removed
 * endpoint, ignore file with one live and one expired entry): file snapshots of markdown, json, text and
 * github annotations, and the shape the JSON documentation promises.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecs, parseIgnoreFile, type DiffResult } from '../../generator/src/diff/index.ts';
import { formatJson } from '../../generator/src/diff/format/json.ts';
import { COMMENT_LIMIT, formatMarkdown, MARKER } from '../../generator/src/diff/format/markdown.ts';
import { formatText } from '../../generator/src/diff/format/text.ts';
import { formatGithub } from '../../generator/src/diff/format/github.ts';
import { readFileSync } from 'node:fs';

const REPO = path.resolve(__dirname, '../..');
const SHOWCASE = path.join(REPO, 'test/fixtures/diff/_showcase');
const NOW = new Date('2025-06-01T00:00:00Z');

async function showcase(): Promise<DiffResult> {
  const ignore = parseIgnoreFile(readFileSync(path.join(SHOWCASE, 'ignore.yaml'), 'utf8'), 'ignore.yaml');
  return diffSpecs('test/fixtures/diff/_showcase/base.yaml', 'test/fixtures/diff/_showcase/head.yaml', { cwd: REPO, now: NOW, ignore });
}

describe('output formats', () => {
  it('markdown (a pull-request comment)', async () => {
    const md = formatMarkdown(await showcase(), { link: 'https://github.com/example/socialgen/blob/0123abc' });
    expect(md.split('\n')[0]).toBe(MARKER);
    expect(md).toMatch(/^### ❌ Spec review: 6 breaking changes, 0 warnings, 5 info, 1 ignored — the generated packages need a \*\*major\*\* release$/m);
    await expect(md).toMatchFileSnapshot('__snapshots__/showcase.md');
  });

  it('json (the documented shape)', async () => {
    const result = await showcase();
    const text = formatJson(result);
    await expect(text).toMatchFileSnapshot('__snapshots__/showcase.json');
    const json = JSON.parse(text);
    expect(Object.keys(json)).toEqual(['version', 'summary', 'changes', 'ignored', 'notes', 'warnings', 'base', 'head']);
    expect(Object.keys(json.summary)).toEqual(['breaking', 'warning', 'info', 'semver', 'ignored', 'exports']);
    expect(json.summary).toMatchObject({ breaking: 6, warning: 0, info: 5, semver: 'major', ignored: 1 });
    for (const c of json.changes) {
      expect(Object.keys(c)).toEqual(['id', 'level', 'operation', 'operations', 'component', 'pointer', 'base', 'head', 'message', 'fingerprint']);
      for (const side of [c.base, c.head]) if (side) expect(Object.keys(side)).toEqual(['file', 'line', 'column']);
    }
    // Breaking first.
    const levels = json.changes.map((c: { level: string }) => c.level);
    expect(levels).toEqual([...levels].sort((a: string, b: string) => ['breaking', 'warning', 'info'].indexOf(a) - ['breaking', 'warning', 'info'].indexOf(b)));
    // The split head: the shared schema's change is located in the second file.
    const enumAdded = json.changes.find((c: { id: string }) => c.id === 'response-property-enum-value-added');
    expect(enumAdded.head.file).toBe('test/fixtures/diff/_showcase/head-schemas.yaml');
    expect(enumAdded.operations).toEqual(['POST /2/posts', 'GET /2/posts/{id}', 'GET /2/users/{id}/bookmarks']);
  });

  it('text (the default)', async () => {
    await expect(formatText(await showcase())).toMatchFileSnapshot('__snapshots__/showcase.txt');
  });

  it('github annotations', async () => {
    const out = formatGithub(await showcase());
    await expect(out).toMatchFileSnapshot('__snapshots__/showcase.github.txt');
    const lines = out.split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(6);
    expect(lines.at(-1)).toMatch(/^::notice title=socialgen diff::/);
    // A removed endpoint has no head location: annotated on its path item's nearest head ancestor or without a file.
    for (const l of lines.filter((x) => x.startsWith('::error file='))) expect(l).toMatch(/^::error file=test\/fixtures\/diff\/_showcase\/head[-\w]*\.yaml,line=\d+,col=\d+,title=/);
  });

  it('a comment stays under the size limit, spends it on rows, and says what it leaves out outside any fold', async () => {
    const result = await showcase();
    const many = { ...result, changes: Array.from({ length: 3000 }, (_, i) => ({ ...result.changes[0], message: `${result.changes[0].message} (copy ${i})`, operation: `GET /things/${i}`, operations: [`GET /things/${i}`], fingerprint: String(i).padStart(16, '0') })) };
    const md = formatMarkdown(many, { limit: COMMENT_LIMIT });
    expect(md.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    // The budget is spent: less than one row's length is left unused.
    const rowLength = md.split('\n').find((l) => l.startsWith('| ❌ | DELETE'))?.length ?? 0;
    expect(rowLength).toBeGreaterThan(100);
    expect(COMMENT_LIMIT - md.length).toBeLessThan(rowLength + 1300);
    const shown = md.split('\n').filter((l) => l.startsWith('| ❌ | DELETE')).length;
    expect(md).toContain(`> **${shown} of 3000 changes are shown** (the ones that break most first)`);
    // The note is not folded away: no <details> opens before it.
    expect(md.indexOf('<details>') === -1 || md.indexOf('<details>') > md.indexOf('changes are shown')).toBe(true);
    expect((md.match(/<details>/g) ?? []).length).toBe((md.match(/<\/details>/g) ?? []).length);
    // The full report (no limit) has every row.
    expect(formatMarkdown(many).split('\n').filter((l) => l.startsWith('| ❌ | DELETE'))).toHaveLength(3000);
  });

  it('markdown folds informational changes and says when nothing changed', async () => {
    const same = await diffSpecs('test/fixtures/diff/_showcase/base.yaml', 'test/fixtures/diff/_showcase/base.yaml', { cwd: REPO, now: NOW });
    const md = formatMarkdown(same);
    expect(md).toContain('✅ Spec review: no contract changes — no release of the generated packages is needed');
    const info = await diffSpecs('test/fixtures/diff/endpoint-added/base.yaml', 'test/fixtures/diff/endpoint-added/head.yaml', { cwd: REPO, now: NOW });
    expect(formatMarkdown(info)).toMatch(/<details><summary>ℹ️ Informational changes \(1\)<\/summary>/);
  });
});
