/**
 * JSON-Schema-Test-Suite (draft 2020-12) through the validators compiler: the main folder (formats as
 * annotations, as 2020-12 specifies), optional/format for the formats we assert, and the other optional
 * files. Every failure must be listed in known-failures.json with a reason, and every listed one must
 * still fail. Run: npx vitest run test/validators/conformance.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRAFT, runSuiteFile, suiteFiles, type TestOutcome } from './helpers/suite.ts';

interface KnownFailure { file: string; group: string; test: string; reason: string }

/** The formats the validators assert (issue 4); other optional/format files are out of scope. */
const FORMAT_FILES = ['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'uuid', 'regex', 'ecmascript-regex', 'unknown'];

const FAMILIES: Record<string, string[]> = {
  'type, enum, const': ['type', 'enum', 'const', 'boolean_schema'],
  numbers: ['multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
  strings: ['minLength', 'maxLength', 'pattern'],
  arrays: ['items', 'prefixItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems'],
  objects: ['properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'required', 'dependentRequired', 'dependentSchemas', 'minProperties', 'maxProperties'],
  applicators: ['allOf', 'anyOf', 'oneOf', 'not', 'if-then-else', 'infinite-loop-detection'],
  unevaluated: ['unevaluatedProperties', 'unevaluatedItems'],
  'references ($ref, $id, $anchor, $dynamicRef, $defs)': ['ref', 'refRemote', 'anchor', 'defs', 'dynamicRef'],
};

function family(file: string): string {
  if (file.startsWith('optional/format/')) return 'formats (optional/format)';
  if (file.startsWith('optional/')) return 'other optional';
  const base = file.replace(/\.json$/, '');
  for (const [name, files] of Object.entries(FAMILIES)) if (files.includes(base)) return name;
  return 'other (format annotation, content, default, vocabulary)';
}

const key = (f: { file: string; group: string; test: string }): string => `${f.file} | ${f.group} | ${f.test}`;

describe('JSON-Schema-Test-Suite draft 2020-12', () => {
  // Errors functions with property tables (the default) and with every test compiled.
  it.each([true, false])('passes every test that is not a listed known failure (property tables: %s)', { timeout: 300_000 }, async (propertyTables) => {
    const runs: [string, string, boolean][] = [
      ...suiteFiles(DRAFT).map((f): [string, string, boolean] => [join(DRAFT, f), f, false]),
      ...FORMAT_FILES.map((f): [string, string, boolean] => [join(DRAFT, 'optional/format', `${f}.json`), `optional/format/${f}.json`, true]),
      ...suiteFiles(join(DRAFT, 'optional')).map((f): [string, string, boolean] => [join(DRAFT, 'optional', f), `optional/${f}`, f === 'format-assertion.json']),
    ];
    const outcomes: TestOutcome[] = [];
    const lines: string[] = [];
    for (const [path, name, formats] of runs) {
      const results = await runSuiteFile(path, name, formats, propertyTables);
      outcomes.push(...results);
      lines.push(`${name.padEnd(48)} ${results.filter((r) => r.passed).length}/${results.length}`);
    }
    const byFamily = new Map<string, [number, number]>();
    for (const o of outcomes) {
      const entry = byFamily.get(family(o.file)) ?? [0, 0];
      entry[0] += o.passed ? 1 : 0;
      entry[1] += 1;
      byFamily.set(family(o.file), entry);
    }
    const passed = outcomes.filter((o) => o.passed).length;
    lines.push('', ...[...byFamily].map(([name, [p, t]]) => `${name.padEnd(48)} ${p}/${t}`), '', `${'total'.padEnd(48)} ${passed}/${outcomes.length}`);
    console.log(lines.join('\n'));

    const known = JSON.parse(readFileSync(new URL('./known-failures.json', import.meta.url), 'utf8')) as KnownFailure[];
    const listed = new Set(known.map(key));
    const unexpected = outcomes.filter((o) => !o.passed && !listed.has(key(o))).map((o) => `${key(o)}: ${o.detail}`);
    const fixed = outcomes.filter((o) => o.passed && listed.has(key(o))).map(key);
    const ran = new Set(outcomes.map(key));
    const stale = known.filter((k) => !ran.has(key(k))).map(key);
    expect(unexpected, 'failures not listed in known-failures.json').toEqual([]);
    expect(fixed, 'listed known failures that now pass (remove them from known-failures.json)').toEqual([]);
    expect(stale, 'known failures that match no test').toEqual([]);
    for (const k of known) expect(k.reason, key(k)).toBeTruthy();
  });
});
