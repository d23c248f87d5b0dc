/**
 * Patterns compiled to scans (compile/pattern-scan.ts) against the engine's own `RegExp` with the `u` flag
 * (JSON Schema's `pattern` semantics, the independent oracle): the project spec's, GitHub's and the
 * JSON-Schema-Test-Suite's patterns and hand-picked edge cases, each in one generated module, on strings
 * that match (fast-check `stringMatching`), their one-character mutations, and strings from an alphabet
 * of class boundaries, punctuation, non-ASCII letters, an astral character and a lone surrogate.
 */
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scannable } from '../../generator/src/emit/validators/compile/pattern-scan.ts';
import { loadModel } from '../../generator/src/index.ts';
import { projectSpec, sharedCorpusDir } from '../helpers/paths.ts';
import { compileSchema, type Compiled } from './helpers/compile.ts';
import { DRAFT } from './helpers/suite.ts';

const GITHUB = path.join(sharedCorpusDir, 'specs/github/api.github.com.octokit-openapi-23.0.2.json');

/** Scanned: the shapes the module takes over from RegExp. */
const SCANNED = [
  '^[0-9]{1,19}$',
  '^[A-Za-z0-9_]{1,15}$',
  '^([0-9]+)_([0-9]+)$',
  '^[A-Z]{2}$',
  '^\\d+\\.\\d+\\.\\d+$',
  '^sha256:[a-f0-9]{64}$',
  '^[a-z]*[0-9]*$',
  '^a?b?c?$',
  '^[a-c]{2,}x?$',
  '^\\w{3}-\\d{2}$',
  '^[-a]+$',
  '^[a-]+$',
  '^[\\]\\\\]+$',
  '^[A-Za-z0-9.\\-_]+$',
  '^(?:[0-9]{3})$',
  '^[0-9]{2}[0-9]$',
  '^$',
];

/** Left to RegExp: backtracking would matter, or a construct the scan does not model. */
const NOT_SCANNED = [
  '^[a-z]*a$',
  '^[0-9]{1,2}[0-9]$',
  '^[0-9]?[a-z]?[0-9]$',
  '^(?:ab)+$',
  '^(a)+$',
  '^[^a]$',
  '^.$',
  '^[a-z]+?$',
  '^x{0}$',
  '^a|b$',
  '^[a-z]+',
  '[a-z]+$',
  '^\\s+$',
  '^é+$',
  '^(?=a)a$',
  '^\\1$',
  '^a\\$',
];

function collectPatterns(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collectPatterns(v, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'pattern' && typeof v === 'string') into.add(v);
      else if (k === 'patternProperties' && typeof v === 'object' && v !== null) for (const p of Object.keys(v)) into.add(p);
      collectPatterns(v, into);
    }
  }
}

const ALPHABET = ['0', '9', '/', ':', '@', 'A', 'Z', '[', '`', 'a', 'z', '{', '_', '-', '.', ' ', ']', '\\', 'x', 'é', 'ü', '😀', '\ud800'];

function strings(pattern: string): string[] {
  const re = new RegExp(pattern, 'u');
  const out = new Set<string>(['', ...ALPHABET]);
  let matching: string[] = [];
  try {
    matching = fc.sample(fc.stringMatching(re), { numRuns: 8, seed: 7 });
  } catch {
    // fast-check does not generate for every construct (e.g. back-references); the alphabet strings remain.
  }
  for (const m of matching) {
    out.add(m);
    for (const ch of ['0', 'a', 'Z', '_', '.', 'é', '😀']) {
      out.add(m + ch);
      out.add(ch + m);
      out.add(m.slice(0, m.length >> 1) + ch + m.slice(m.length >> 1));
    }
    out.add(m.slice(1));
    out.add(m.slice(0, -1));
  }
  for (const s of fc.sample(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 }), { numRuns: 30, seed: 11 })) out.add(s.join(''));
  return [...out];
}

describe('patterns compiled to scans', () => {
  let patterns: string[];
  let mod: Compiled;

  beforeAll(async () => {
    const found = new Set<string>([...SCANNED, ...NOT_SCANNED]);
    collectPatterns((await loadModel(projectSpec)).model.schemas.map((s) => s.schema), found);
    if (existsSync(GITHUB)) collectPatterns(JSON.parse(readFileSync(GITHUB, 'utf8')), found);
    for (const file of ['pattern.json', 'patternProperties.json']) collectPatterns(JSON.parse(readFileSync(path.join(DRAFT, file), 'utf8')), found);
    patterns = [...found].filter((p) => {
      try {
        new RegExp(p, 'u');
        return true;
      } catch {
        return false;
      }
    });
    // One module for every pattern: property `pK` has the K-th.
    const properties = Object.fromEntries(patterns.map((p, k) => [`p${k}`, { type: 'string', pattern: p }]));
    mod = await compileSchema({ type: 'object', properties });
  }, 60_000);

  it('takes over exactly the simple shapes', () => {
    for (const p of SCANNED) expect(scannable(p), p).toBeDefined();
    for (const p of NOT_SCANNED) expect(scannable(p), p).toBeUndefined();
    // The generated module holds a scan function per scanned pattern, and RegExps only for the others.
    const compiled = mod.files.get('src/compiled.ts')!;
    const scans = patterns.filter((p) => scannable(p)).length;
    expect(compiled.match(/^function _m\d+\(s: string\): boolean \{$/gm)?.length).toBe(scans);
    expect(compiled.match(/new RegExp\(/g)?.length).toBe(patterns.length - scans);
  });

  it('agrees with RegExp (u flag) on every pattern, for the guard and the errors', () => {
    let compared = 0;
    for (const [k, pattern] of patterns.entries()) {
      const re = new RegExp(pattern, 'u');
      for (const s of strings(pattern)) {
        const expected = re.test(s);
        const value = { [`p${k}`]: s };
        expect(mod.is(value), `${pattern} on ${JSON.stringify(s)}`).toBe(expected);
        const result = mod.validate(value);
        expect(result.valid, `${pattern} on ${JSON.stringify(s)}`).toBe(expected);
        if (!expected) expect(result.errors?.map((e) => e.keyword)).toEqual(['pattern']);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(patterns.length * 20);
  });
});
