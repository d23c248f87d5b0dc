/**
 * Idempotency keys (issue 29), the parts without a generated package: the config key (validated, with the
 * place of a bad value), which operations take a key (the model's fact: declared, or every POST/PATCH
 * named by the config), the table entry the client emits, and the runtime feature over a fake fetch — a
 * key per logical call, the same on every retry, the caller's own kept. End to end (a committed POST,
 * a dropped connection, one record): test/bodies/idempotency.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/src/config.ts';
import { operationSpec } from '../../generator/src/emit/client/operations.ts';
import { bindOperations } from '../../generator/src/emit/client/runtime/bind.ts';
import { idempotency } from '../../generator/src/emit/client/runtime/idempotency.ts';
import type { OperationSpec } from '../../generator/src/emit/client/runtime/types.ts';
import { loadModel } from '../../generator/src/index.ts';
import { idempotencyHeader } from '../../generator/src/model/idempotency.ts';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { createPostOp, fakeFetch, json } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the config key idempotencyKey', () => {
  it('is a header name; anything else is a config error at its line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-idem-'));
    try {
      const file = path.join(dir, 'socialgen.config.yaml');
      const spec = path.join(fixtureSpecsDir, 'mw-middleware.yaml');
      writeFileSync(file, `spec: ${JSON.stringify(spec)}\nidempotencyKey: Idempotency-Key\n`);
      expect(loadConfig(file, dir).idempotencyKey).toBe('Idempotency-Key');
      writeFileSync(file, `spec: ${JSON.stringify(spec)}\nidempotencyKey: 'not a header'\n`);
      let error: unknown;
      try {
        loadConfig(file, dir);
      } catch (e) {
        error = e;
      }
      expect((error as { diagnostics: unknown[] }).diagnostics).toEqual([
        expect.objectContaining({ file, line: 2, column: 1, message: expect.stringMatching(/^config idempotencyKey must match pattern/) }),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes every POST and PATCH take a key in that header; declared headers need no config', async () => {
    const { model } = await loadModel(path.join(fixtureSpecsDir, 'mw-middleware.yaml'));
    const byId = (id: string) => model.operations.find((op) => op.operationId === id)!;
    expect(model.operations.map((op) => idempotencyHeader(model, op)).filter(Boolean)).toEqual([]);
    model.idempotencyKey = 'X-Idempotency-Key';
    expect(idempotencyHeader(model, byId('createThing'))).toBe('X-Idempotency-Key');
    expect(idempotencyHeader(model, byId('listThings'))).toBeUndefined();
    expect(operationSpec(model, byId('createThing')).idempotencyKey).toBe('X-Idempotency-Key');
    const declared = (await loadModel(path.join(fixtureSpecsDir, 'idempotency.yaml'))).model;
    const create = declared.operations.find((op) => op.operationId === 'createOrder')!;
    expect(idempotencyHeader(declared, create)).toBe('Idempotency-Key');
    expect(operationSpec(declared, create).idempotencyKey).toBe('Idempotency-Key');
  });
});

describe('the client feature', () => {
  const keyed: OperationSpec = { ...createPostOp, idempotencyKey: 'X-Idempotency-Key', hooks: [idempotency] };
  const retry = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 };
  const drop = () => Promise.reject(new TypeError('fetch failed: other side closed'));

  it('sends one fresh key per call, the same on every retry, and retries the write after a network failure', async () => {
    const f = fakeFetch([drop, () => json({ data: { id: '1' } }, 201), () => json({ data: { id: '2' } }, 201)]);
    const c = bindOperations([keyed], { baseUrl: 'https://api.test', auth: { oauth2: 'u' }, fetch: f as typeof fetch, retry }) as Record<string, (a?: unknown, o?: object) => Promise<unknown>>;
    await c.createPost!({ body: { text: 'x' } });
    await c.createPost!({ body: { text: 'y' } });
    const keys = f.calls.map((r) => r.headers.get('x-idempotency-key'));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(UUID);
    expect(keys[2]).not.toBe(keys[0]);
    // Without the key the same write is not retried after a dropped connection.
    const plain = fakeFetch([drop, () => json({}, 201)]);
    const p = bindOperations([createPostOp], { baseUrl: 'https://api.test', auth: { oauth2: 'u' }, fetch: plain as typeof fetch, retry }) as typeof c;
    await expect(p.createPost!({ body: { text: 'x' } })).rejects.toThrow(/network error/);
    expect(plain.calls).toHaveLength(1);
  });

  it("keeps the caller's key: a call's or the client's header", async () => {
    const f = fakeFetch([drop, () => json({}, 201)]);
    const c = bindOperations([keyed], { baseUrl: 'https://api.test', auth: { oauth2: 'u' }, fetch: f as typeof fetch, retry }) as Record<string, (a?: unknown, o?: object) => Promise<unknown>>;
    await c.createPost!({ body: { text: 'x' } }, { headers: { 'X-Idempotency-Key': 'mine' } });
    expect(f.calls.map((r) => r.headers.get('x-idempotency-key'))).toEqual(['mine', 'mine']);
    const g = fakeFetch(() => json({}, 201));
    const d = bindOperations([keyed], { baseUrl: 'https://api.test', auth: { oauth2: 'u' }, fetch: g as typeof fetch, headers: { 'x-idempotency-key': 'client' } }) as typeof c;
    await d.createPost!({ body: { text: 'x' } });
    expect(g.calls[0]!.headers.get('x-idempotency-key')).toBe('client');
  });
});
