/**
 * The infinite-query options of every pagination style (mw-pagination.yaml's token, last item and Link;
 * pagination-styles.yaml's offset, page number, next URL, header cursors (a string, an integer) and
 * POST-body tokens (top level, nested)) type-check against TanStack Query's own types: both query modules, compiled strictly with the clients they import. (The
 * item kind once cast only the `undefined` branch of its choice, `a ? b : undefined as T`, and returned
 * `unknown` where `getNextPageParam` takes the token type.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { fixtureSpecsDir, repoRoot } from '../helpers/paths.ts';
import { STRICT_COMPILER_OPTIONS, typecheck } from '../helpers/typecheck.ts';

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.tmp', 'query-pagination-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('infinite-query options', () => {
  it('of every pagination style type-check against @tanstack/query-core (one strict program over both fixtures)', async () => {
    const generate = (spec: string) => generateInMemory(path.join(fixtureSpecsDir, spec), ['types', 'client', 'server', 'query'] as unknown as TargetName[], { format: false, layout: 'files' });
    const three = await generate('mw-pagination.yaml');
    const styles = await generate('pagination-styles.yaml');
    const query = three.get('query/index.ts')!;
    // Both kinds are there: a page member followed, and an item's token sent while the page has more.
    expect(query).toMatch(/tokenAt\(page, \['meta', 'next_token'\]\)/);
    expect(query).toMatch(/tokenAt\(lastOf\(tokenAt\(page, \['data'\]\)\), \['id'\]\)/);
    // Link pages carry the next query read from the headers; the other styles read it from the page.
    expect(query).toMatch(/next: nextLinkQuery\(response\.headers\.get\('link'\)\)/);
    const other = styles.get('query/index.ts')!;
    for (const reader of ['nextOffset(', 'nextPageNumber(', 'nextUrlQuery(', "response.headers.get('x-next-cursor')", "headerToken(response.headers.get('x-next-cursor'), 'integer')", 'start_cursor: pageParam'])
      expect(other).toContain(reader);
    for (const [dir, files] of [['three', three], ['styles', styles]] as const) {
      writeFiles(path.join(root, dir), files);
      mkdirSync(path.join(root, dir, 'validators'), { recursive: true });
      writeFileSync(path.join(root, dir, 'validators/index.ts'), 'export const operationValidators: Record<string, object> = {};\n');
    }
    writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
    writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...STRICT_COMPILER_OPTIONS, types: ['node'], noUncheckedIndexedAccess: true }, include: ['three/query', 'styles/query'] }));
    const result = typecheck(root);
    expect(result.output).not.toMatch(/error TS5\d\d\d|error TS6\d\d\d/);
    expect([...result.errorsByFile].filter(([file]) => /^(three|styles)\/query\//.test(file)).flatMap(([, lines]) => lines)).toEqual([]);
    expect([...result.errorsByFile].length, result.output).toBe(0);
  }, 120_000);
});
