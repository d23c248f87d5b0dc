// Open where the reference is open, and the records of what was resolved: every catalogue operation is
// open to parameters it does not list (x-open-parameters), the inputs their purposes name are modelled and
// marked (x-inferred) and listed in spec/README.md, the problem set is open (x-problem-fallback), the
// reply_settings contradiction is recorded machine-readably, and the new extensions have their shapes.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allOperations, deref, loadBundledSpec, parametersOf, readSeed, repoRoot, schemaAt, section, tables, type Json } from './helpers.ts';

const readme = fs.readFileSync(path.join(repoRoot, 'spec/README.md'), 'utf8');
const md = readSeed();
let doc: Json;
beforeAll(async () => {
  doc = await loadBundledSpec();
});

/** The catalogue rows: "METHOD /path[, METHOD /path | /suffix ...]" → purpose. */
function catalogueRows(): Array<{ method: string; path: string; purpose: string }> {
  const rows = tables(section(md, 'Catalogue of further endpoints'))[0].rows;
  return rows.flatMap(([paths, purpose]) => {
    let method = '';
    let base = '';
    return paths.split(', ').map((p) => {
      const m = /^(GET|POST|DELETE) (\S+)$/.exec(p);
      if (m) {
        method = m[1];
        base = m[2];
        return { method, path: m[2], purpose };
      }
      if (p.startsWith('/') && !p.startsWith('/2/')) return { method, path: base.replace(/\/[^/]+$/, p), purpose };
      return { method: '', path: p, purpose };
    });
  });
}

describe('x-open-parameters', () => {
  it('every catalogue operation is open; the fully specified one (bookmarks) is not', () => {
    expect(section(md, 'Catalogue of further endpoints')).toContain(
      'Path parameters, query parameters, request bodies and response bodies of every catalogue endpoint not detailed above: not shown.',
    );
    const ops = allOperations(doc);
    expect(ops.length).toBe(36);
    for (const [m, p, op] of ops) {
      const expected = p !== '/2/users/{id}/bookmarks';
      expect(op['x-open-parameters'] === true, `${m} ${p}`).toBe(expected);
    }
    for (const row of catalogueRows().filter((r) => r.method)) {
      expect(doc.paths[row.path]?.[row.method.toLowerCase()]?.['x-open-parameters'], `${row.method} ${row.path}`).toBe(true);
    }
  });
});

describe('x-inferred', () => {
  const inferred = () =>
    allOperations(doc).flatMap(([m, p, op]) => parametersOf(doc, m, p).filter((prm) => prm['x-inferred']).map((prm) => ({ op, prm })));

  it('the catalogue rows whose purpose names a query have a query parameter', () => {
    const rows = catalogueRows().filter((r) => r.method && /matching a query/.test(r.purpose));
    expect(rows.map((r) => r.path).sort()).toEqual(['/2/news/search', '/2/posts/counts/all', '/2/posts/counts/recent']);
    for (const r of rows) {
      const q = parametersOf(doc, r.method, r.path).find((x) => x.name === 'query');
      expect(q, r.path).toBeDefined();
      expect(q['x-inferred'], r.path).toMatch(/query/);
    }
  });

  it('each inferred parameter is optional, marked with its reason, constrained by nothing but its type, and in the README', () => {
    const all = inferred();
    expect(all.length).toBe(4);
    const table = tables(section(readme, 'Inferences'))[0].rows.map((r) => `${r[0]} ${/`([^`]+)`/.exec(r[1])![1]}`);
    for (const { op, prm } of all) {
      expect(prm.required ?? false, prm.name).toBe(false);
      expect(typeof prm['x-inferred']).toBe('string');
      expect(prm['x-inferred'].length).toBeGreaterThan(30);
      const s = deref(doc, prm.schema);
      const items = s.items ? deref(doc, s.items) : {};
      for (const k of ['pattern', 'enum', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'uniqueItems']) {
        expect(s[k], `${prm.name} ${k}`).toBeUndefined();
        expect(items[k], `${prm.name}[] ${k}`).toBeUndefined();
      }
      expect(table).toContain(`${op.operationId} ${prm.name}`);
      expect(op['x-open-parameters']).toBe(true);
    }
    expect(table).toHaveLength(all.length);
  });
});

describe('recorded resolutions', () => {
  it('reply_settings: the enum is kept, the pattern dropped and recorded with its exact value', () => {
    const s = schemaAt(doc, 'ReplySettings');
    expect(s.pattern).toBeUndefined();
    expect(s.enum).toContain('mentionedUsers');
    expect(s['x-reference-inconsistency']).toEqual([
      expect.objectContaining({ kept: 'enum', dropped: { pattern: '^[A-Za-z]{1,12}$' } }),
    ]);
    // The dropped pattern is the reference's, word for word, and it does reject the enum member.
    expect(md).toContain('reply_settings | string, pattern ^[A-Za-z]{1,12}$');
    expect(new RegExp(s['x-reference-inconsistency'][0].dropped.pattern).test('mentionedUsers')).toBe(false);
  });

  it('every x-reference-inconsistency entry has the documented shape', () => {
    const found: Json[] = [];
    const walk = (n: Json) => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === 'object') {
        if (n['x-reference-inconsistency']) found.push(...n['x-reference-inconsistency']);
        Object.values(n).forEach(walk);
      }
    };
    walk(doc);
    expect(found.length).toBeGreaterThan(0);
    for (const i of found) {
      expect(Object.keys(i).sort()).toEqual(['conflict', 'dropped', 'kept', 'reason']);
      expect(typeof i.conflict).toBe('string');
      expect(typeof i.reason).toBe('string');
      expect(Object.keys(i.dropped).length).toBeGreaterThan(0);
    }
  });

  it('problems: the fallback member is marked and is the only member without a slug', () => {
    const members = schemaAt(doc, 'Problem').oneOf.map((r: Json) => deref(doc, r));
    const fallbacks = members.filter((m: Json) => m['x-problem-fallback'] === true);
    expect(fallbacks).toHaveLength(1);
    expect(members.filter((m: Json) => m['x-problem-slug'] === undefined)).toEqual(fallbacks);
  });

  it('x-deprecated-at is an RFC 3339 date or date-time on deprecated operations; x-sunset only with a known date', () => {
    let seen = 0;
    for (const [, , op] of allOperations(doc)) {
      if (op['x-deprecated-at'] !== undefined) {
        seen++;
        expect(op.deprecated).toBe(true);
        expect(op['x-deprecated-at']).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/);
      }
      if (op['x-sunset'] !== undefined) expect(op.deprecated).toBe(true);
      if (op.deprecated) expect(op['x-deprecated-at'] ?? op['x-sunset'], op.operationId).toBeDefined();
    }
    expect(seen).toBe(1);
  });
});
