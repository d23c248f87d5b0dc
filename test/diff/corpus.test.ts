/**
 * Every base/revision pair of the oasdiff corpus (paired by name, see corpus-pairs.ts) is compared without
 * crashing. A side that cannot be loaded (not OpenAPI, a model error such as a duplicate operationId) is a
 * recorded result, not a crash. Where the two sides differ in contract — a signature built from the model
 * with references resolved and annotations left out — the result must not be empty. Each file is loaded
 * once.
 */
import { describe, expect, it } from 'vitest';
import { isSpecError } from '../../generator/src/index.ts';
import { diffSides, loadSide, sideSource, type SideModel } from '../../generator/src/diff/index.ts';
import { shapeHash } from '../../generator/src/diff/schema/shape.ts';
import { canonical } from '../../generator/src/diff/schema/canonical.ts';
import { corpusPairs, CORPUS } from './corpus-pairs.ts';

const pairs = corpusPairs();

/** Pairs whose contract signatures differ but where an empty result is right, with the reason. */
const EMPTY_BY_DESIGN: Record<string, string> = {
  'checker/request_property_all_of_annotation_only_added_at_property_base': 'an allOf member with only a description was added: the merged schema is the same',
  'checker/request_property_all_of_annotation_only_added_base': 'an allOf member with only a description was added: the merged schema is the same',
  'checker/response_property_all_of_annotation_only_added_base': 'an allOf member with only a description was added: the merged schema is the same',
  'checker/common_request_parameter_max_items_updated_base': 'maxItems changed on string-typed items: it constrains arrays only, so nothing changed',
  'checker/request_parameter_max_items_updated_base': 'maxItems changed on string-typed items: it constrains arrays only, so nothing changed',
  'checker/request_parameter_max_updated_base': 'maximum changed on string-typed items: it constrains numbers only, so nothing changed',
};

const cache = new Map<string, Promise<SideModel | { error: string }>>();
function load(file: string, name: 'base' | 'head'): Promise<SideModel | { error: string }> {
  const key = `${name}\0${file}`;
  let p = cache.get(key);
  if (!p) {
    p = loadSide(sideSource(file), name).catch((error: unknown) => {
      if (isSpecError(error)) return { error: error.diagnostics.find((d) => d.severity === 'error')?.message ?? 'invalid' };
      throw error;
    });
    cache.set(key, p);
  }
  return p;
}

/** What the API promises, as one string: operations, parameters, bodies, responses, security, schemas, servers, limits. */
function signature(side: SideModel): string {
  const h = (s: unknown) => shapeHash(s as never, side);
  const m = side.model;
  const ops = m.operations.map((o) => ({
    key: `${o.method} ${o.path.replace(/\{[^}]*\}/g, '{}')}`,
    id: o.operationId,
    deprecated: o.deprecated,
    ext: [o.extensions['x-sunset'], o.extensions['x-stability-level'], o.pagination, o.streaming],
    tags: [...o.tags].sort(),
    security: o.security.map((r) => canonical(r)).sort(),
    params: o.parameters.map((p) => [p.in, p.in === 'header' ? p.name.toLowerCase() : p.name, p.required, p.deprecated, p.style, p.explode, p.allowReserved, p.allowEmptyValue, p.contentType, h(p.schema)].join('|')).sort(),
    body: o.requestBody ? [o.requestBody.required, o.requestBody.content.map((c) => `${c.mediaType}|${h(c.schema)}`).sort()] : null,
    responses: o.responses
      .map((r) => [r.status.toUpperCase(), r.content.map((c) => `${c.mediaType}|${h(c.schema)}`).sort(), r.headers.filter((x) => x.name.toLowerCase() !== 'content-type').map((x) => `${x.name.toLowerCase()}|${x.required}|${x.deprecated}|${h(x.schema)}`).sort()])
      .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
  }));
  ops.sort((a, b) => (a.key < b.key ? -1 : 1));
  return canonical({
    openapi: m.openapiVersion,
    ops,
    schemes: m.securitySchemes.map((s) => canonical({ ...s, description: undefined, pointer: undefined, extensions: undefined })).sort(),
    schemas: m.schemas.filter((s) => !s.synthetic).map((s) => `${s.key}|${h(s.schema)}`).sort(),
    servers: m.servers.map((s) => canonical({ url: s.url, variables: s.variables })).sort(),
    limits: m.limits.map((l) => `${l.name}|${l.value}`).sort(),
  });
}

describe('oasdiff corpus pairs', () => {
  it('finds the pairs', () => {
    expect(pairs.length).toBeGreaterThan(150);
  });

  it('compares every pair without crashing; a contract difference is never an empty result', async () => {
    const outcomes: string[] = [];
    const emptyButDifferent: string[] = [];
    let compared = 0;
    for (const pair of pairs) {
      const base = await load(pair.base, 'base');
      const head = await load(pair.revision, 'head');
      if ('error' in base || 'error' in head) {
        outcomes.push(`${pair.name}: not compared: ${'error' in base ? `base: ${base.error}` : `head: ${(head as { error: string }).error}`}`);
        continue;
      }
      const result = diffSides(base, head, { now: new Date('2025-06-01T00:00:00Z') });
      compared++;
      for (const c of result.changes) {
        expect(c.id).toMatch(/^[a-z0-9-]+$/);
        expect(c.message).not.toMatch(/(?<!`)undefined(?!`)|\[object Object\]|NaN/);
      }
      const differs = signature(base) !== signature(head);
      if (differs && result.changes.length === 0 && !(pair.name in EMPTY_BY_DESIGN)) emptyButDifferent.push(pair.name);
      outcomes.push(`${pair.name}: ${result.summary.breaking}B ${result.summary.warning}W ${result.summary.info}I ${result.summary.semver}`);
    }
    expect(emptyButDifferent).toEqual([]);
    // Load failures are results too: they are listed, and few.
    const skipped = outcomes.filter((o) => o.includes('not compared'));
    expect(skipped.length).toBeLessThan(5);
    expect(compared + skipped.length).toBe(pairs.length);
    expect(skipped).toMatchInlineSnapshot(`
      [
        "ref-chain-example/base/schemas/pet: not compared: base: unsupported document (no \`openapi\` field); socialgen reads OpenAPI 3.0.x, 3.1.x and 3.2.x",
      ]
    `);
  });

  it('loads every corpus file at most once per side', () => {
    expect(cache.size).toBeLessThanOrEqual(pairs.length * 2);
    expect(CORPUS).toContain('oasdiff-data');
  });
});
