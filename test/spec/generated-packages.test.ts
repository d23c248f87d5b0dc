// What the spec's readings of the reference mean in the committed generated packages (issue 27), checked
// against the generated validators, the generated server behind a plain node:http socket (exact request
// lines and bodies), the generated client (request validation on), and tsc over a consumer of its types:
// - "Streaming requests accept `backfill_minutes` (whole number 1 to 5)": the stream declares it, so the
//   client offers it typed and 1..5 is checked whenever it is sent;
// - the sets the reference leaves open stay open: a subscription to an event name it does not show, a
//   DM event of a kind it has not seen;
// - no invented problem title, and the home timeline limits are floors.
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';
import { loadGeneratedPackages, type GeneratedPackages } from '../traffic/packages.ts';
import { HOME_TIMELINE_RECENT_POSTS, HOME_TIMELINE_WINDOW } from '../../generated/types/src/limits.ts';
import { readSeed } from './helpers.ts';

let pkgs: GeneratedPackages;
let server: Server;
let base: string;
/** The query each call of the stream handler saw. */
const seen: unknown[] = [];

beforeAll(async () => {
  pkgs = await loadGeneratedPackages();
  const handler = pkgs.server.createHandler(
    {
      createActivitySubscription: ({ body }: { body: unknown }) => {
        seen.push(body);
        return { status: 201, body: { data: {} } };
      },
      streamActivity: ({ query }: { query: unknown }) => {
        seen.push(query);
        return { status: 200, body: (async function* () {
          yield { event_type: 'post.create' };
        })() };
      },
    },
    { authenticate: (c: { scheme: string; token?: string }) => (c.scheme === 'bearer' && c.token === 'app-token' ? { kind: 'app' } : null) },
  );
  server = createServer(pkgs.server.createNodeListener(handler));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.close();
  pkgs?.cleanup();
});

/**
 * One request with exactly this target (and JSON body), on a fresh socket (no keep-alive reuse of a socket
 * the server may be closing after a stream): status, content type and body.
 */
function get(target: string, body?: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: 'Bearer app-token', ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) };
    const req = httpRequest(`${base}${target}`, { method: body === undefined ? 'GET' : 'POST', headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('backfill_minutes on streamActivity', () => {
  it('is the reference rule', () => {
    expect(readSeed()).toContain('Streaming requests accept `backfill_minutes` (whole number 1 to 5)');
  });

  it('the generated validators check 1..5, whole numbers, when it is sent', () => {
    const validate = pkgs.validators.validateStreamActivityQuery;
    for (const ok of [{}, { backfill_minutes: 1 }, { backfill_minutes: 3 }, { backfill_minutes: 5 }]) expect(validate(ok).valid, JSON.stringify(ok)).toBe(true);
    for (const bad of [0, 6, -1, 2.5, '3']) {
      const r = validate({ backfill_minutes: bad });
      expect(r.valid, String(bad)).toBe(false);
      expect(JSON.stringify(r.errors), String(bad)).toMatch(/backfill_minutes/);
    }
  });

  it('the generated server answers 0 and 6 with a 400 problem, and hands 1..5 to the handler as numbers', async () => {
    for (const target of ['/2/activity/stream?backfill_minutes=0', '/2/activity/stream?backfill_minutes=6', '/2/activity/stream?backfill_minutes=2.5']) {
      const r = await get(target);
      expect(r.status, target).toBe(400);
      expect(r.type, target).toBe('application/problem+json');
      expect(JSON.parse(r.body).type, target).toMatch(/\/2\/problems\/invalid-request$/);
      expect(r.body, target).toMatch(/backfill_minutes/);
    }
    expect(seen).toEqual([]);
    for (const [target, query] of [
      ['/2/activity/stream?backfill_minutes=1', { backfill_minutes: 1 }],
      ['/2/activity/stream?backfill_minutes=5', { backfill_minutes: 5 }],
      ['/2/activity/stream', {}],
    ] as const) {
      const r = await get(target);
      expect(r.status, target).toBe(200);
      expect(JSON.parse(r.body.trim().split('\n')[0])).toEqual({ event_type: 'post.create' });
      expect(seen.pop(), target).toEqual(query);
    }
  });

  it('the generated client sends it as a declared query parameter, and refuses 6 before sending', async () => {
    const client = pkgs.client.createClient({ baseUrl: base, auth: { bearer: 'app-token' }, validate: { request: true, response: true }, retry: false });
    const events: unknown[] = [];
    for await (const e of client.streamActivity({ backfill_minutes: 4 }, { reconnect: false })) events.push(e);
    expect(events).toEqual([{ event_type: 'post.create' }]);
    expect(seen.pop()).toEqual({ backfill_minutes: 4 });
    const refused = await (async () => {
      for await (const e of client.streamActivity({ backfill_minutes: 6 }, { reconnect: false })) void e;
    })().then(
      () => undefined,
      (e: Error) => e,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused?.message)).toMatch(/backfill_minutes/);
    expect(seen).toEqual([]);
  });

  it('the generated client types it: a number is accepted, a string is a type error', () => {
    const tmp = tempDir('socialgen-backfill-');
    try {
      const src = (p: string) => path.join(repoRoot, 'generated', p, 'src/index.ts');
      writeProject(tmp.dir, ['check.ts'], { paths: { '@social-posting/types': [src('types')], '@social-posting/validators': [src('validators')] } });
      const client = path.join(repoRoot, 'generated/client/src/index.js');
      writeFileSync(
        path.join(tmp.dir, 'check.ts'),
        [
          `import { createClient, type StreamActivityArgs } from ${JSON.stringify(client)};`,
          `const client = createClient({ baseUrl: 'http://127.0.0.1' });`,
          `const minutes: number | undefined = ({} as StreamActivityArgs).backfill_minutes;`,
          `export const ok = [minutes, client.streamActivity({ backfill_minutes: 3 }), client.streamActivity()];`,
          `// @ts-expect-error a string is not a number of minutes`,
          `export const wrong = client.streamActivity({ backfill_minutes: '3' });`,
          `// @ts-expect-error nor is a list`,
          `export const list = client.streamActivity({ backfill_minutes: [1, 2] });`,
          '',
        ].join('\n'),
      );
      // An unused `@ts-expect-error` is itself an error: the check fails if the string were accepted.
      const result = typecheck(tmp.dir);
      expect(result.output).toBe('');
      expect(result.ok).toBe(true);
    } finally {
      tmp.remove();
    }
  }, 120_000);
});

describe('open where the reference is open', () => {
  it('the server accepts a subscription to an event name the reference does not show, and still checks the filter', async () => {
    const body = '{"event_type":"profile.update.picture","filter":{"user_id":"2244994945","direction":"both"}}';
    const r = await get('/2/activity/subscriptions', body);
    expect(r.status).toBe(201);
    expect(seen.pop()).toEqual(JSON.parse(body));
    const bad = await get('/2/activity/subscriptions', '{"event_type":"profile.update.picture","filter":{"direction":"all"}}');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/direction/);
    expect(seen).toEqual([]);
  });

  it('the validators accept a DM event of a kind not seen, and keep the rule of the kinds seen', () => {
    const { validateDmEvent } = pkgs.validators;
    expect(validateDmEvent({ event_type: 'ConversationRenamed', name: 'x' }).valid).toBe(true);
    expect(validateDmEvent({ event_type: 'ParticipantsJoin', participant_ids: ['1'] }).valid).toBe(true);
    expect(validateDmEvent({ event_type: 'MessageCreate', participant_ids: ['1'] }).valid).toBe(false);
    expect(validateDmEvent({ participant_ids: ['1'] }).valid).toBe(false);
  });
});

describe('no invented title, floors not caps', () => {
  it('a resource-not-found problem takes the default title (the reference gives none)', () => {
    const result = pkgs.server.problems.resourceNotFound({ resource_type: 'post' });
    expect(result.status).toBe(404);
    expect(result.body.title).toBe('Resource Not Found');
  });

  it('the home timeline limits are floors in the generated limits.ts', () => {
    for (const limit of [HOME_TIMELINE_WINDOW, HOME_TIMELINE_RECENT_POSTS]) {
      expect(limit.bound).toBe('floor');
      expect(limit.min).toBe(limit.value);
      expect('max' in limit).toBe(false);
    }
  });
});

