/**
 * A header parameter whose name is no HTTP token (the adversarial fixture's `X-"Quoted"-Header`) can never be
 * carried by a request: RFC 9110 section 5.1 makes a field name a token, and `Headers` refuses any other.
 * The model warns at the name's `file:line:col`; the generated server treats it as absent instead of letting
 * `Headers.get` throw (test/server/mock-samples.test.ts sends requests to that operation and checks no 500).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures.ts';
import { generateResult } from '../helpers/generate.ts';
import type { GenerateResult } from '../../generator/src/index.ts';

const spec = fixture('adversarial').spec;
let result: GenerateResult;

beforeAll(async () => {
  result = await generateResult(spec, ['types']);
}, 120_000);

describe('a header parameter name that is no HTTP token', () => {
  it('is a warning at its name, file:line:col', () => {
    const warnings = result.loaded.warnings.filter((w) => w.code === 'parameter-header-name');
    expect(warnings.map((w) => ({ file: w.file, line: w.line, column: w.column }))).toEqual([{ file: spec, line: 34, column: 11 }]);
    expect(warnings[0].message).toContain('"X-\\"Quoted\\"-Header" is not an HTTP token');
    // Only that one: the fixture's other header names are tokens.
    expect(new Headers([['x-ok', '1']]).get('x-ok')).toBe('1');
    expect(() => new Headers([['X-"Quoted"-Header', '1']])).toThrow(TypeError);
  });
});
