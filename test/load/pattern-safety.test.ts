/**
 * Patterns checked once: a `pattern` that can backtrack exponentially is a warning at its file:line:col
 * when the spec is loaded; safe patterns, polynomial ones and pattern-looking data (examples) are not.
 * Known limit of the detector (scslre): ambiguity through an alternation alone, `(a|a)*`, is not found.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadModel } from '../../generator/src/index.ts';
import { exponentialBacktracking } from '../../generator/src/load/pattern-safety.ts';
import { projectSpec, repoRoot } from '../helpers/paths.ts';

const fixture = path.join(repoRoot, 'test/fixtures/redos/openapi.yaml');

describe('exponentialBacktracking', () => {
  it.each(['^(a+)+$', '^(\\w+\\s?)*$', '^([a-z0-9]+-?)*$', '(x+x+)+y', '^(\\d+)*$'])('flags %s', (p) => {
    expect(exponentialBacktracking(p)).toMatch(/can backtrack exponentially/);
  });

  it.each(['^[0-9]{1,19}$', '^([0-9]+)_([0-9]+)$', '/2/problems/invalid-request$', '^[A-Za-z0-9_]{1,15}$', '^.*a.*a.*$', 'not a (valid regex'])('leaves %s alone', (p) => {
    expect(exponentialBacktracking(p)).toBeUndefined();
  });

  it('really is slow on the flagged pattern (the oracle: V8 itself)', () => {
    const attack = 'a'.repeat(21) + '!';
    const time = (re: RegExp) => {
      const t = performance.now();
      re.test(attack);
      return performance.now() - t;
    };
    expect(time(/^(a+)+$/u)).toBeGreaterThan(20 * Math.max(0.05, time(/^a+$/u)));
  });
});

describe('loading a spec', () => {
  it('warns at file:line:col for each catastrophic pattern, and only those', async () => {
    const { warnings } = await loadModel(fixture);
    const redos = warnings.filter((w) => w.code === 'pattern-redos').map((w) => formatDiagnostic(w, repoRoot));
    expect(redos).toEqual([
      expect.stringMatching(/^test\/fixtures\/redos\/openapi\.yaml:15:13: warning: pattern "\^\(\[a-z0-9\]\+-\?\)\*\$" can backtrack exponentially .*\(at #\/paths\/~1items~1\{slug\}\/get\/parameters\/0\/schema\/pattern\)$/),
      expect.stringMatching(/^test\/fixtures\/redos\/openapi\.yaml:33:11: warning: pattern "\^\(\\\\w\+\\\\s\?\)\*\$" can backtrack exponentially/),
      expect.stringMatching(/^test\/fixtures\/redos\/openapi\.yaml:42:9: warning: pattern "\^\(x\+x\+\)\+y\$" can backtrack exponentially/),
    ]);
  });

  it('finds nothing in the project spec', async () => {
    const { warnings } = await loadModel(projectSpec);
    expect(warnings.filter((w) => w.code === 'pattern-redos')).toEqual([]);
  });
});
