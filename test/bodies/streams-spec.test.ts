/**
 * What makes a stream, from the spec alone: the model's stream facts per media type (no extension), OAS
 * 3.2 `itemSchema`, `x-streaming` as an override with its problem rules, the dual-mode selector; bad
 * `x-streaming` members are errors at their file:line:col. Then the spec-driven reconnection rule at run
 * time: an in-stream problem the spec's `reconnect.unless` names ends the iteration, another one reconnects.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/src/index.ts';
import { isSpecError } from '../../generator/src/load/diagnostics.ts';
import { factsOf } from '../../generator/src/model/facts/index.ts';
import { createRuntime } from '../../generator/src/emit/client/runtime/core.ts';
import { ApiError } from '../../generator/src/emit/client/runtime/errors.ts';
import { ndjsonFraming } from '../../generator/src/emit/client/runtime/ndjson.ts';
import { streams } from '../../generator/src/emit/client/runtime/stream.ts';
import type { OperationSpec } from '../../generator/src/emit/client/runtime/types.ts';
import { operationSpec } from '../../generator/src/emit/client/operations.ts';
import { fixtureSpecsDir, tempDir } from '../helpers/paths.ts';

const load = async (name: string) => (await loadModel(path.join(fixtureSpecsDir, `${name}.yaml`))).model;

describe('stream facts', () => {
  it('each stream media type is a stream without any extension, with its framing and item schema', async () => {
    const model = await load('streams-media');
    const facts = factsOf(model);
    const summary = Object.fromEntries(
      model.operations.map((op) => [op.operationId, facts.stream(op)?.streams.map((m) => `${m.mediaType} ${m.format}${m.format === 'sse' ? (m.jsonData ? ' json' : ' text') : ''}`)]),
    );
    expect(summary).toEqual({
      watchTicks: ['text/event-stream sse json'],
      tailLog: ['text/event-stream sse text'],
      listTicksNdjson: ['application/x-ndjson ndjson'],
      listTicksJsonl: ['application/jsonl ndjson'],
      listTicksSeq: ['application/json-seq json-seq'],
      importTicks: undefined,
    });
    const tick = model.schemas.find((s) => s.key === 'Tick')!;
    expect(facts.target(facts.stream(model.operations[0]!)!.streams[0]!.schema)).toBe(tick.schema);
  });

  it('OAS 3.2 itemSchema is the item; x-streaming frames a JSON body and carries the problem rules', async () => {
    const model = await load('streams-item-schema');
    const facts = factsOf(model);
    const [feed, legacy] = model.operations;
    const entry = model.schemas.find((s) => s.key === 'Entry')!;
    expect(facts.target(facts.stream(feed!)!.streams[0]!.schema)).toBe(entry.schema);
    expect(facts.stream(legacy!)).toMatchObject({
      streams: [{ mediaType: 'application/json', format: 'ndjson' }],
      problems: [{ type: 'gone$' }],
      reconnectUnless: [{ reason: '^final$' }],
    });
  });

  it('dual-mode: both answers and a boolean `stream` body member; without the member it is no stream operation', async () => {
    const model = await load('streams-dual');
    const op = model.operations.find((o) => o.operationId === 'createCompletion')!;
    expect(factsOf(model).stream(op)).toMatchObject({ selector: 'stream', single: [{ status: '200', mediaType: 'application/json' }] });
    // The same spec without the member: no way to choose. Facts are memoized per model and building the model
    // already asks some (int64 positions walk streamed items), so the edited model is asked through a fresh
    // view of it, as model/discriminators.ts does.
    const fresh = await load('streams-dual');
    delete (fresh.schemas.find((s) => s.key === 'CompletionRequest')!.schema as { properties: Record<string, unknown> }).properties.stream;
    expect(factsOf({ ...fresh }).stream(fresh.operations[0]!)).toBeUndefined();
  });
});

describe('x-streaming problems are errors at their place', () => {
  const write = (streaming: string) => {
    const tmp = tempDir('socialgen-streaming-');
    const file = path.join(tmp.dir, 'api.yaml');
    writeFileSync(
      file,
      `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /s:
    get:
      operationId: s
      x-streaming:
${streaming}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object }
`,
    );
    return { file, tmp };
  };

  it.each([
    ['        format: xml', 8, 'x-streaming needs `format`'],
    ["        format: ndjson\n        problems:\n          - type: '(unclosed'", 10, 'not a valid regular expression'],
    ['        format: ndjson\n        problems: nope', 9, 'a list of problem matchers'],
    ['        format: ndjson\n        reconnect:\n          always: true', 9, 'x-streaming.reconnect takes only `unless`'],
  ])('%j', async (text, line, message) => {
    const { file, tmp } = write(text);
    try {
      const error = await loadModel(file).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isSpecError(error)).toBe(true);
      const d = (error as { diagnostics: { file: string; line: number; message: string }[] }).diagnostics.find((x) => x.message.includes(message));
      expect(d, JSON.stringify((error as { diagnostics: unknown }).diagnostics)).toBeDefined();
      expect(path.basename(d!.file)).toBe('api.yaml');
      expect(d!.line).toBe(line);
    } finally {
      tmp.remove();
    }
  });
});

describe('the spec-driven reconnection rule at run time', () => {
  it('a problem the rule names ends the iteration with ApiError; another reconnects', async () => {
    const model = await load('streams-item-schema');
    const op = operationSpec(model, model.operations.find((o) => o.operationId === 'legacyFeed')!) as unknown as OperationSpec;
    const bodies = [
      '{"id":"1"}\n{"type":"https://x/gone","title":"Gone","reason":"temporary"}\n',
      '{"id":"2"}\n{"type":"https://x/gone","title":"Gone","reason":"final"}\n',
      '{"id":"3"}\n',
    ];
    let calls = 0;
    const fetch = async () => new Response(bodies[calls++], { headers: { 'content-type': 'application/json' } });
    const rt = createRuntime({ baseUrl: 'http://x', fetch });
    const stream = streams({ ndjson: ndjsonFraming });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const item of stream(rt, op, {}, { reconnect: { initialDelayMs: 1, maxDelayMs: 1 } })) seen.push(item);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([{ id: '1' }, { id: '2' }]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toMatchObject({ reason: 'final' });
    expect(calls).toBe(2);
  });
});
