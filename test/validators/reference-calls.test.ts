/**
 * A `$ref` in errors mode (compile/keywords/ref.ts) is a prefilter the compiled code writes out: it calls
 * the target's check function and, when that fails (or below a failed check), its errors function itself.
 * Until wave 17 a runtime helper (`_ref(x, o, p, k, E, _vX, _eX)`) made both calls; there the engine inlined
 * neither (the helper's calls were megamorphic), which cost the broken Post 6–8% in both error modes
 * (docs/benchmarks.md, wave 17). The errors themselves must not change: every failing member reported once,
 * at its own instance path, at any depth, with all errors and with the first one, for a target called
 * directly and for one shared by equal copies (called with its copy's schema path).
 */
import { describe, expect, it } from 'vitest';
import { compileSchema } from './helpers/compile.ts';

/** An inline object large enough to be one function shared by its copies (called with the copy's path). */
const SHARED = {
  type: 'object',
  properties: Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((k) => [k, { type: 'string', minLength: 1 }])),
};

const SCHEMA = {
  type: 'object',
  properties: {
    first: { $ref: '#/$defs/Outer' },
    items: { type: 'array', items: { $ref: '#/$defs/Inner' } },
    left: SHARED,
    right: SHARED,
  },
  $defs: {
    Outer: { type: 'object', properties: { inner: { $ref: '#/$defs/Inner' }, name: { type: 'string' } }, required: ['name'] },
    Inner: { type: 'object', properties: { url: { type: 'string', format: 'uri' }, n: { type: 'integer' } } },
  },
};

const valid = {
  first: { inner: { url: 'https://example.com/a', n: 1 }, name: 'x' },
  items: [{ url: 'https://example.com/b', n: 2 }, { n: 3 }],
  left: { a: 'a', j: 'j' },
  right: { b: 'b' },
};

/** `valid` with one wrong member at each depth: inside a reference's reference, an item, both shared copies. */
const broken = {
  first: { inner: { url: 'https://example.com/a', n: 'one' }, name: 'x' },
  items: [{ url: 'https://example.com/b', n: 2 }, { url: 42, n: 3 }],
  left: { a: '', j: 'j' },
  right: { b: 'b', c: 7 },
};

describe('references in errors mode', () => {
  it('call the target functions directly: no function is passed to a helper', async () => {
    const { files } = await compileSchema(SCHEMA);
    const compiled = [...files].find(([name]) => name.endsWith('compiled.ts'))![1];
    // The prefilter is there, written out (check, then errors below it with bit 16) ...
    expect(compiled).toMatch(/\(\(o & 16\) !== 0 \|\| !_v\w+\(x\d+, o\)\) && !_e\w+\(x\d+, o \| 16, p \+ '\/first', E\)/);
    // ... and no check or errors function is an argument of a call.
    expect(compiled).not.toMatch(/[(,]\s*_[ve]\w+\s*[,)]/);
  });

  it('report each failing member once, at its path, in both error modes', async () => {
    const { validate, is } = await compileSchema(SCHEMA);
    expect(validate(valid)).toEqual({ valid: true, value: valid });
    expect(is(broken)).toBe(false);
    const all = validate(broken);
    expect(all.valid).toBe(false);
    expect(all.errors!.map((e) => [e.instancePath, e.schemaPath, e.keyword])).toEqual([
      ['/first/inner/n', '#/$defs/Inner/properties/n/type', 'type'],
      ['/items/1/url', '#/$defs/Inner/properties/url/type', 'type'],
      ['/left/a', '#/properties/left/properties/a/minLength', 'minLength'],
      ['/right/c', '#/properties/right/properties/c/type', 'type'],
    ]);
    const first = validate(broken, { allErrors: false });
    expect(first.errors).toEqual([all.errors![0]]);
  });
});
