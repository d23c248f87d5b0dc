// The spec passes Redocly's `recommended` ruleset (@redocly/openapi-core's
// programmatic `lint`) with zero errors. Warnings are allowed but printed (the
// spec has none today; keep it so).
import { describe, expect, it } from 'vitest';
import { lint, type NormalizedProblem } from '@redocly/openapi-core';
import { recommendedConfig, repoRoot, specPath } from './helpers.ts';

function describeProblem(p: NormalizedProblem): string {
  const loc = p.location?.[0];
  const file = loc?.source?.absoluteRef?.replace(`${repoRoot}/`, '') ?? '?';
  return `${p.severity} ${p.ruleId}: ${p.message} (${file} ${loc?.pointer ?? ''})`;
}

describe('Redocly lint (recommended)', () => {
  it('reports no errors (warnings printed)', async () => {
    const config = await recommendedConfig();
    const problems = await lint({ ref: specPath, config });
    const lines = problems.map(describeProblem);
    if (lines.length > 0) console.log(`Redocly lint:\n${lines.join('\n')}`);
    expect(problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
  });

  it('detects a broken spec (the linter is really running)', async () => {
    const config = await recommendedConfig();
    const { lintFromString } = await import('@redocly/openapi-core');
    const broken = [
      'openapi: 3.1.0',
      'info: {title: t, version: "1"}',
      'paths:',
      '  /a:',
      '    get:',
      '      responses:',
      "        '200': {description: ok}",
    ].join('\n');
    const problems = await lintFromString({ source: broken, absoluteRef: `${repoRoot}/broken.yaml`, config });
    // operation-summary is an error in `recommended`.
    expect(problems.some((p) => p.ruleId === 'operation-summary' && p.severity === 'error')).toBe(true);
  });
});
