// spec/README.md documents what the spec uses: every `x-` extension (a
// `### \`x-name\`` section), every operationId, and every x-limits entry.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { allOperations, loadBundledSpec, repoRoot, type Json } from './helpers.ts';

const specDir = path.join(repoRoot, 'spec');
const readme = fs.readFileSync(path.join(specDir, 'README.md'), 'utf8');

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(p);
    return e.name.endsWith('.yaml') ? [p] : [];
  });
}

function extensionKeys(node: Json, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => extensionKeys(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      // Keys of a `headers` map are header names (x-rate-limit-reset), not extensions.
      if (k === 'headers' && v && typeof v === 'object') {
        Object.values(v).forEach((h) => extensionKeys(h, out));
        continue;
      }
      if (k.startsWith('x-')) out.add(k);
      extensionKeys(v, out);
    }
  }
  return out;
}

let doc: Json;
beforeAll(async () => {
  doc = await loadBundledSpec();
});

describe('spec/README.md', () => {
  it('documents every extension the spec files use', () => {
    const used = new Set<string>();
    for (const f of yamlFiles(specDir)) extensionKeys(parse(fs.readFileSync(f, 'utf8')), used);
    expect(used.size).toBeGreaterThan(10);
    const documented = new Set([...readme.matchAll(/^### `(x-[a-z-]+)`/gm)].map((m) => m[1]));
    expect([...used].filter((x) => !documented.has(x)).sort()).toEqual([]);
    // Documented for a case the spec has none of today: x-sunset, a KNOWN removal date (the replay
    // endpoint's date is a deprecation date, x-deprecated-at). The README must say so.
    // x-problem-title likewise: the reference gives no problem titles.
    const reserved = ['x-sunset', 'x-problem-title'];
    for (const r of reserved) expect(readme).toMatch(new RegExp(`### \`${r}\`[^#]+No (operation|schema) has one today`));
    expect([...documented].filter((x) => !used.has(x) && !reserved.includes(x)).sort()).toEqual([]);
  });

  it('lists every operationId', () => {
    for (const [m, p, op] of allOperations(doc)) {
      expect(readme, `${m} ${p}`).toContain(`| ${m} ${p} | ${op.operationId}`);
    }
  });

  it('lists every x-limits entry', () => {
    for (const l of doc['x-limits']) expect(readme).toContain(`| ${l.name} | ${l.value} |`);
  });

  it('says how to change the spec', () => {
    expect(readme).toContain('npx vitest run test/spec');
    expect(readme).toContain('socialgen diff');
  });
});
