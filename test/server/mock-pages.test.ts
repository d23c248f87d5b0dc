/**
 * The mock serves every pagination style with data that adds up. Every inferred listing of DigitalOcean's
 * description (all 86: next URLs in the body, page numbers) is followed against `socialgen mock` by a plain
 * `fetch` loop written here from the styles' definitions (not the generated client): it yields the
 * listing's items exactly once — as many as the mock's pages times the spec's default page size, none
 * twice, the same sequence when paged at another size — and every page's total equals that count. The
 * fixture with one listing per style (pagination-styles.yaml) is held to the same through the generated
 * client's `paginate`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import type { ApiModel, OperationModel, PaginationModel } from '../../generator/src/model/types.ts';
import { corpusDir, fixtureSpecsDir, repoRoot } from '../helpers/paths.ts';
import { generateInMemory, writeFiles, type TargetName } from '../helpers/generate.ts';
import { RequestSampler } from './mock-requests.ts';

/** The mock's default number of pages (MockOptions.pages). */
const PAGES = 3;
const digitalocean = path.join(corpusDir, 'digitalocean/specification/DigitalOcean-public.v2.yaml');
const styles = path.join(fixtureSpecsDir, 'pagination-styles.yaml');

/* eslint-disable @typescript-eslint/no-explicit-any -- pages are JSON */
const at = (value: unknown, pointer: string) => pointer.split('/').slice(1).reduce((node: any, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], value);

/** What the mock must hold, from the spec alone: its pages at the page size parameter's default (else 10). */
const expectedCount = (p: PaginationModel) => PAGES * (p.defaultPageSize ?? 10);

/** The problems of one listing's runs (at the default size, and at another): count, repeats, same sequence. */
function check(op: OperationModel, runs: unknown[][]): string[] {
  const expected = expectedCount(op.pagination!);
  const [first, second] = runs;
  const problems: string[] = [];
  if (first!.length !== expected) problems.push(`${op.operationId}: ${first!.length} items, expected ${expected}`);
  if (new Set(first!.map((i) => JSON.stringify(i))).size !== first!.length) problems.push(`${op.operationId}: an item came twice`);
  if (second && JSON.stringify(second) !== JSON.stringify(first)) problems.push(`${op.operationId}: paged at another size, the items differ`);
  return problems;
}

describe("the mock's listings of DigitalOcean add up (followed by a plain fetch loop)", () => {
  let model: ApiModel;
  let running: Awaited<ReturnType<typeof serveMock>>;
  beforeAll(async () => {
    model = (await loadModel(digitalocean)).model;
    // The model read here is the one served (DigitalOcean takes seconds to load).
    running = await serveMock({ specPath: digitalocean, model, port: 0, seed: 7 });
  }, 300_000);
  afterAll(async () => running?.close());

  /** The first page's URL: the operation's path with sampled required parameters, and the page size. */
  function firstUrl(op: OperationModel, size: number | undefined): URL {
    const sampler = new RequestSampler(model);
    const url = new URL(running.url);
    url.pathname = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(sampler.value(op.parameters.find((p) => p.name === name)!.schema, `${op.operationId}|${name}`)) || 'x'));
    for (const p of op.parameters) if (p.required && p.in === 'query') url.searchParams.set(p.name, String(sampler.value(p.schema, `${op.operationId}|${p.name}`)));
    if (size !== undefined) url.searchParams.set(op.pagination!.pageSizeParameter!, String(size));
    return url;
  }

  it('every listing: each item once, the spec-given count, the same sequence at another page size, totals that match', async () => {
    const all = model.operations.filter((op) => op.pagination);
    expect(all.map((op) => op.pagination!.kind).sort().join()).toMatch(/^(page,)+(url,)+url$/);
    expect(all.length).toBe(86);
    const problems: string[] = [];
    for (const op of all) {
      const p = op.pagination!;
      const runs: unknown[][] = [];
      for (const size of [undefined, 7]) {
        const items: unknown[] = [];
        let url: URL | undefined = firstUrl(op, size);
        for (let n = 0; url && n < 40; n++) {
          const response = await fetch(url, { headers: { authorization: 'Bearer any-token' } });
          const page = (await response.json()) as any;
          if (response.status !== 200) {
            problems.push(`${op.operationId}: ${response.status} ${JSON.stringify(page).slice(0, 200)}`);
            break;
          }
          const pageItems = (p.itemsPointer === '' ? page : at(page, p.itemsPointer!)) as unknown[];
          items.push(...pageItems);
          if (p.totalPointer !== undefined && at(page, p.totalPointer) !== expectedCount(p)) problems.push(`${op.operationId}: total ${at(page, p.totalPointer)}, expected ${expectedCount(p)}`);
          // The styles, as the spec's next URL or page number define them.
          if (p.kind === 'url') {
            const next = at(page, p.nextUrlPointer);
            url = typeof next === 'string' ? new URL(next) : undefined;
          } else if (p.kind === 'page') {
            const limit = size ?? p.defaultPageSize!;
            url = pageItems.length < limit ? undefined : new URL(url);
            url?.searchParams.set('page', String(Number(url.searchParams.get('page') ?? p.firstPage) + 1));
          } else throw new Error(`unexpected ${p.kind}`);
        }
        runs.push(items);
      }
      problems.push(...check(op, runs));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

describe("the mock's listing of every style adds up (pagination-styles.yaml, through the generated client)", () => {
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(repoRoot, '.tmp', 'mock-pages-'));
  let model: ApiModel;
  let client: any;
  let running: Awaited<ReturnType<typeof serveMock>>;
  beforeAll(async () => {
    writeFiles(dir, await generateInMemory(styles, ['types', 'client'] as TargetName[], { layout: 'files', format: false }));
    model = (await loadModel(styles)).model;
    running = await serveMock({ specPath: styles, model, port: 0, seed: 7 });
    client = (await import(path.join(dir, 'client/index.ts'))).createClient({ baseUrl: running.url, retry: false });
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offset, page number, next URL (DigitalOcean, HAL), header cursors (string, integer), POST-body tokens (top level, nested): each item once, totals that match', async () => {
    const problems: string[] = [];
    const listings = model.operations.filter((op) => op.pagination);
    expect(listings.map((op) => op.pagination!.kind)).toEqual(['offset', 'page', 'url', 'url', 'header', 'header', 'body', 'body', 'body']);
    // The POST searches' bodies (searchPaged requires its `page`; its token goes two members down it).
    const bodies: Record<string, unknown> = { searchItems: { query: 'x' }, searchNested: { query: 'x' }, searchPaged: { page: { size: 3 } } };
    for (const op of listings) {
      const p = op.pagination!;
      const runs: unknown[][] = [];
      for (const size of [undefined, 2]) {
        const args: Record<string, unknown> = p.kind === 'body' ? { body: bodies[op.operationId] } : {};
        if (size !== undefined && p.pageSizeParameter) args[p.pageSizeParameter] = size;
        if (size !== undefined && !p.pageSizeParameter) break;
        const items: unknown[] = [];
        for await (const page of client.paginate[op.names.method](args, { maxPages: 40 })) {
          items.push(...((p.itemsPointer === '' ? page : at(page, p.itemsPointer ?? '/data')) as unknown[]));
          if (p.totalPointer !== undefined && at(page, p.totalPointer) !== expectedCount(p)) problems.push(`${op.operationId}: total ${at(page, p.totalPointer)}`);
        }
        runs.push(items);
      }
      problems.push(...check(op, runs));
    }
    expect(problems).toEqual([]);
  });
});
