/**
 * Hostile schemas and hostile values: schema strings that try to break out of the generated code, keys
 * that name Object.prototype members, prototype pollution, absurd nesting, huge arrays, lone surrogates,
 * and inputs built to make the validator's own work grow faster than the input.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileSchema } from './helpers/compile.ts';

const g = globalThis as { pwned?: unknown };
afterEach(() => {
  delete g.pwned;
});

const EVIL = [
  `"; globalThis.pwned = 1; "`,
  `'; globalThis.pwned = 2; '`,
  '`${globalThis.pwned = 3}`',
  '*/ globalThis.pwned = 4; /*',
  '\u2028globalThis.pwned = 5;\u2029',
  '\\"); globalThis.pwned = 6; //',
  '__proto__',
  '</script><script>globalThis.pwned = 7</script>',
];

describe('injection safety', () => {
  it('compiles schema strings in every position without executing them, and means exactly them', async () => {
    const properties: Record<string, unknown> = {};
    for (const [i, name] of EVIL.entries()) Object.defineProperty(properties, name, { value: { const: EVIL[(i + 1) % EVIL.length], description: name, default: name, title: name }, enumerable: true });
    const schema = {
      $id: 'https://example.test/`${globalThis.pwned = 8}`/*/',
      $comment: EVIL.join(' '),
      type: 'object',
      properties,
      required: EVIL,
      additionalProperties: false,
      patternProperties: Object.fromEntries(EVIL.slice(0, 3).map((e) => [e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), { enum: EVIL }])),
      propertyNames: { enum: EVIL },
      $defs: Object.fromEntries(EVIL.map((e, i) => [e, { pattern: `^${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, description: `d${i}` }])),
    };
    const v = await compileSchema(schema);
    expect(g.pwned).toBeUndefined();
    const good: Record<string, unknown> = {};
    for (const [i, name] of EVIL.entries()) Object.defineProperty(good, name, { value: EVIL[(i + 1) % EVIL.length], enumerable: true });
    expect(v.validate(good)).toEqual({ valid: true, value: good });
    expect(v.is(good)).toBe(true);
    const bad = JSON.parse(JSON.stringify(good, (k, val) => (k === EVIL[2] ? 'x' : val)));
    // JSON.parse keeps "__proto__" as an own key, as instances from the wire have it.
    Object.defineProperty(bad, '__proto__', { value: 'not the const', enumerable: true });
    const r = v.validate(bad);
    expect(r.valid).toBe(false);
    // EVIL[2] fails its const and its pattern property's enum; __proto__ fails its const.
    expect(r.errors!.map((e) => `${e.instancePath} ${e.keyword}`).sort()).toEqual(['/__proto__ const', '/`${globalThis.pwned = 3}` const', '/`${globalThis.pwned = 3}` enum']);
    expect(g.pwned).toBeUndefined();
  });

  it('regexes are built once per module, from string literals', async () => {
    const v = await compileSchema({ type: 'array', items: { type: 'string', pattern: '^a`\\$\\{x\\}"\'\u2028$' } });
    const compiled = v.files.get('src/compiled.ts')!;
    expect(compiled.match(/new RegExp\(/g)).toHaveLength(1);
    expect(compiled).not.toMatch(/^\s*function[^\n]*\n[^]*new RegExp[^]*\n}/m);
    expect(v.validate(['a`${x}"\'\u2028']).valid).toBe(true);
    expect(v.validate(['a`${x}"\'']).valid).toBe(false);
  });

  it('const and enum values with a __proto__ key are own data, compared as JSON', async () => {
    const v = await compileSchema({ const: JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') });
    expect(v.validate(JSON.parse('{"a": 1, "__proto__": {"polluted": true}}')).valid).toBe(true);
    expect(v.validate({ a: 1 }).valid).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('Object.prototype member names in instances', () => {
  const schema = {
    type: 'object',
    required: ['constructor', 'toString'],
    properties: { constructor: { type: 'string' }, toString: { type: 'integer' }, __proto__: { type: 'boolean' }, hasOwnProperty: {} },
    additionalProperties: false,
  };
  // `properties` above is an object literal whose __proto__ key set its prototype: rebuild it as JSON data.
  const json = JSON.parse(JSON.stringify(schema).replace('"hasOwnProperty":{}', '"hasOwnProperty":{},"__proto__":{"type":"boolean"}'));

  it('does not see inherited members as present', async () => {
    const v = await compileSchema(json);
    const r = v.validate({});
    expect(r.valid).toBe(false);
    expect(r.errors!.map((e) => e.params.missingProperty)).toEqual(['constructor', 'toString']);
    expect(v.is({})).toBe(false);
  });

  it('checks own members with those names like any other', async () => {
    const v = await compileSchema(json);
    expect(v.validate(JSON.parse('{"constructor": "c", "toString": 1, "__proto__": true}')).valid).toBe(true);
    const r = v.validate(JSON.parse('{"constructor": 1, "toString": "x", "__proto__": 0, "valueOf": 1}'));
    expect(r.errors!.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual(['/constructor type', '/toString type', '/__proto__ type', ' additionalProperties']);
  });

  it('stays exact when Object.prototype is polluted', async () => {
    const v = await compileSchema({ type: 'object', required: ['isAdmin'], properties: { isAdmin: { const: true } } });
    const proto = Object.prototype as Record<string, unknown>;
    proto.isAdmin = true;
    try {
      expect(v.validate({}).valid).toBe(false);
      expect(v.is({})).toBe(false);
      expect(v.validate({ isAdmin: true }).valid).toBe(true);
    } finally {
      delete proto.isAdmin;
    }
  });
});

describe('absurd input', () => {
  const tree = { $defs: { node: { anyOf: [{ type: 'integer' }, { type: 'array', items: { $ref: '#/$defs/node' } }] } }, $ref: '#/$defs/node' };

  function nested(depth: number, leaf: unknown): unknown {
    let v: unknown = leaf;
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  }

  it('reports nesting too deep for the stack as an error instead of crashing', async () => {
    const v = await compileSchema(tree);
    const deep = nested(200_000, 1);
    const r = v.validate(deep);
    expect(r.valid).toBe(false);
    expect(r.errors![0].keyword).toBe('depth');
    expect(v.is(deep)).toBe(false);
    const u = await compileSchema({ type: 'array', uniqueItems: true });
    expect(u.validate([nested(200_000, 1), nested(200_000, 1)]).errors![0].keyword).toBe('depth');
  });

  it('stays linear on deep invalid input (errors walk after a failed check is bounded)', async () => {
    const v = await compileSchema(tree);
    // The fastest of several runs: robust against other work on the machine.
    const time = (depth: number): number => {
      const value = nested(depth, 'leaf');
      let best = Infinity;
      for (let run = 0; run < 7; run++) {
        const start = performance.now();
        for (let i = 0; i < 5; i++) expect(v.validate(value).valid).toBe(false);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    time(500);
    const small = time(1000);
    const large = time(4000);
    // Quadratic work would make 4× the depth 16× slower; allow generous noise above linear.
    expect(large / Math.max(small, 0.5)).toBeLessThan(9);
  });

  // No wall-clock bound (speed lives in benchmarks): the sizes make a pairwise (quadratic) check take
  // about 10^12 comparisons for the numbers and 10^10 deep comparisons for the objects, hours rather than
  // the test's timeout, so only a hashing (linear) check passes, whatever the machine's load.
  it('checks uniqueItems on huge arrays without pairwise comparison', { timeout: 60_000 }, async () => {
    const v = await compileSchema({ type: 'array', uniqueItems: true });
    const numbers = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(v.validate(numbers).valid).toBe(true);
    const objects = Array.from({ length: 100_000 }, (_, i) => ({ id: i, tags: ['a', i % 7] }));
    objects.push({ tags: ['a', 99_998 % 7], id: 99_998 } as never);
    const r = v.validate(objects);
    expect(r.errors![0].params).toEqual({ i: 100_000, j: 99_998 });
  });

  it('counts code points, and handles lone surrogates in lengths, patterns and formats', async () => {
    const v = await compileSchema({ type: 'string', minLength: 2, maxLength: 3, pattern: '^.+$' });
    expect(v.validate('\u{1F600}\u{1F600}').valid).toBe(true); // 4 UTF-16 units, 2 code points
    expect(v.validate('\u{1F600}').valid).toBe(false);
    expect(v.validate('\ud800\ud800\ud800').valid).toBe(true); // three lone surrogates: 3 code points
    expect(v.validate('\ud800\ud800\ud800\udfff').valid).toBe(true);
    expect(v.validate('\ud800a\ud800b').valid).toBe(false);
    for (const format of ['date-time', 'email', 'hostname', 'uri', 'uri-reference', 'ipv6', 'duration', 'uuid']) {
      const f = await compileSchema({ format });
      expect(f.validate('\ud800x\udc00@\ud83d').valid, format).toBe(false);
    }
  });

  it('keeps instance paths as escaped JSON pointers', async () => {
    const v = await compileSchema({ additionalProperties: { type: 'integer' } });
    expect(v.validate({ 'a/b~c': 'x' }).errors![0].instancePath).toBe('/a~1b~0c');
  });
});
