/**
 * The infinite-query options of both pagination kinds the query target drives (a next-page token in the
 * page; the last item's token while the page says there is more) type-check against TanStack Query's own
 * types: mw-pagination.yaml's query module, compiled strictly with the client and types it imports. (The
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
  it('of token and item pagination type-check against @tanstack/query-core', async () => {
    const files = await generateInMemory(path.join(fixtureSpecsDir, 'mw-pagination.yaml'), ['types', 'client', 'server', 'query'] as unknown as TargetName[], { format: false, layout: 'files' });
    const query = files.get('query/index.ts')!;
    // Both kinds are there: a page member followed, and an item's token sent while the page has more.
    expect(query).toMatch(/tokenAt\(page, \['meta', 'next_token'\]\)/);
    expect(query).toMatch(/tokenAt\(lastOf\(tokenAt\(page, \['data'\]\)\), \['id'\]\)/);
    writeFiles(root, files);
    mkdirSync(path.join(root, 'validators'), { recursive: true });
    writeFileSync(path.join(root, 'validators/index.ts'), 'export const operationValidators: Record<string, object> = {};\n');
    writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
    writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...STRICT_COMPILER_OPTIONS, types: ['node'], noUncheckedIndexedAccess: true }, include: ['query'] }));
    const result = typecheck(root);
    expect(result.output).not.toMatch(/error TS5\d\d\d|error TS6\d\d\d/);
    expect([...result.errorsByFile].filter(([file]) => file.startsWith('query/')).flatMap(([, lines]) => lines)).toEqual([]);
  }, 120_000);
});
