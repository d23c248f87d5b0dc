/**
 * The YAML fast path (load/read.ts `plainYaml`): js-yaml reads plain YAML, `yaml` everything else. `yaml`
 * is the oracle: wherever the fast path gives a value, it must be the value `yaml` gives (deep equality,
 * prototypes included), on the YAML files of the repository (the project spec, every fixture) and a sample
 * of the shared corpus, and on edge cases of the YAML 1.2 core schema where the two readers could differ.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseSpecText, plainYaml } from '../../generator/src/load/read.ts';
import { corpusDir, fixtureSpecsDir, repoRoot } from '../helpers/paths.ts';

const { parseDocument } = createRequire(import.meta.url)('yaml') as typeof import('yaml');

/** `yaml`'s reading, as read.ts does it without the fast path: the value, or why there is none. */
function oracle(text: string): { value?: unknown; problem?: string } {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) return { problem: 'error' };
  if (doc.warnings.length) return { problem: 'warning' };
  try {
    return { value: doc.toJS({ maxAliasCount: 1000 }) };
  } catch {
    return { problem: 'toJS' };
  }
}

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...yamlFiles(full));
    else if (/\.ya?ml$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** Every YAML file of the repository's specs, and every 20th of the corpus's (~180 of 3,500) with the 10 largest. */
function sample(): string[] {
  const own = [...yamlFiles(path.join(repoRoot, 'spec')), ...yamlFiles(fixtureSpecsDir)];
  let corpus: string[] = [];
  try {
    corpus = yamlFiles(corpusDir);
  } catch {
    // The shared corpus is beside the repository in development and CI; without it the repository's files still run.
  }
  const largest = [...corpus].sort((a, b) => statSync(b).size - statSync(a).size).slice(0, 10);
  return [...new Set([...own, ...corpus.filter((_, i) => i % 20 === 0), ...largest])];
}

describe('YAML fast path', () => {
  it('gives the value yaml gives on the repository specs and a corpus sample, and takes nearly all of them', () => {
    const files = sample();
    expect(files.length).toBeGreaterThan(100);
    const mismatches: string[] = [];
    let taken = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      const fast = plainYaml(file, text);
      if (!fast) continue;
      taken++;
      const expected = oracle(text);
      if (expected.problem || !isDeepStrictEqual(fast.value, expected.value)) mismatches.push(`${path.relative(repoRoot, file)}: ${expected.problem ?? 'another value'}`);
    }
    expect(mismatches).toEqual([]);
    // The point is speed: plain specs must not fall back to the slow reader.
    expect(taken / files.length).toBeGreaterThan(0.95);
  });

  // Scalars of the core schema and its neighbours (YAML 1.1 spellings, out-of-range numbers), keys, styles.
  const same = [
    'a: 1', 'a: -12', 'a: +12', 'a: 0o17', 'a: 017', 'a: 0x1F', 'a: 1_000', 'a: 0b101', 'a: 1.', 'a: .5', 'a: -.5e-3',
    'a: 1e3', 'a: 1E+3', 'a: .inf', 'a: -.Inf', 'a: .NaN', 'a: -0', 'a: 0.0', 'a: 123456789012345678901234567890',
    'a: yes', 'a: No', 'a: on', 'a: True', 'a: FALSE', 'a: ~', 'a:', 'a: Null', 'a: 2024-01-01', 'a: 12:30',
    '200: x', '1.50: x', '0x10: x', 'true: x', '__proto__: {a: 1}', 'a: "\\u00e9\\x41\\t\\N"', "a: 'it''s'", "a: ''",
    'a: |\n  x\n  y\n', 'a: >-\n  x\n  y\n', 'a: "a\\\n  b"', 'a: [1, 2, {b: c}]', '- a\n- - b\n  - c', 'a: 1 # c',
    'a: Hello!', '? a\n: b',
  ];
  it.each(same)('reads %j as yaml does', (text) => {
    const fast = plainYaml('case.yaml', text);
    expect(fast).toBeDefined();
    expect(fast!.value).toStrictEqual(oracle(text).value);
  });

  // Where js-yaml would differ from yaml (a value, a warning, an error, a bound), it must decline.
  const declined = [
    'null: x', '~: x', 'a: {~: 1}', 'a: 1e400', 'a: -1e400', '- 1e309', `a: 0x${'F'.repeat(300)}`, `a: 1${'0'.repeat(400)}`,
    'a: !!float 1', 'a: !!str 12', 'a: !custom x', 'a: &x 1\nb: *x', 'x: 1\nx: 2', '--- 1\n--- 2', '%YAML 1.1\n---\na: yes',
    'a: b: c', 'a: @x', '? [a, b]\n: x', '{: b}', '',
  ];
  it.each(declined)('leaves %j to yaml', (text) => {
    expect(plainYaml('case.yaml', text)).toBeUndefined();
    // And the reader still gives yaml's value or its diagnostics.
    const read = parseSpecText('case.yaml', text);
    const expected = oracle(text);
    if (expected.problem === 'error') expect(read.diagnostics.some((d) => d.severity === 'error' && d.line !== undefined)).toBe(true);
    else if (expected.problem === undefined) expect(read.value).toStrictEqual(expected.value);
  });
});
