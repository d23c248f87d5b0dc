/**
 * Webhooks and callbacks in the model (generator/src/model/webhooks.ts): names, the operation each holds,
 * the payload members they pin, which pin the same values, and the warning naming those at their place;
 * on the OpenAPI Initiative's own examples (3.1 `webhooks`, 3.0 `callbacks`) and the events fixture.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/src/load-model.ts';
import { corpusDir } from '../helpers/paths.ts';

const oai = (file: string) => path.join(corpusDir, 'oai-examples', file);

describe('webhooks in the model', () => {
  it("the OAI 3.1 webhook example: `newPet`, its payload a Pet, no warning", async () => {
    const { model, warnings } = await loadModel(oai('v3.1/webhook-example.yaml'));
    expect(model.webhooks?.map((w) => [w.name, w.kind, w.operation.method, w.pointer])).toEqual([['newPet', 'webhook', 'post', '/webhooks/newPet/post']]);
    expect(model.webhooks![0]!.operation.requestBody?.content[0]?.schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(model.operations).toEqual([]);
    expect(warnings.filter((w) => w.code === 'webhook-overlap')).toEqual([]);
  });

  it('the OAI 3.0 callback example: each callback of the operation, named by its key', async () => {
    const { model } = await loadModel(oai('v3.0/callback-example.yaml'));
    expect(model.webhooks?.map((w) => [w.name, w.kind, w.operation.method, w.operation.path])).toEqual([['onData', 'callback', 'post', '{$request.query.callbackUrl}/data']]);
    // The callback's operation has its own planned names, apart from the operations'.
    expect(model.operations.map((o) => o.names.method)).not.toContain(model.webhooks![0]!.operation.names.method);
  });

  it('pinned members and the webhooks only the validators tell apart (the events fixture)', async () => {
    const { model, warnings } = await loadModel(path.join(import.meta.dirname, 'fixtures/events.yaml'));
    const facts = Object.fromEntries(model.webhooks!.map((w) => [w.name, { fixes: w.fixes, overlaps: w.overlaps }]));
    expect(facts).toEqual({
      'order-created': { fixes: [{ member: 'action', value: 'created' }], overlaps: [] },
      'order-cancelled': { fixes: [{ member: 'action', value: 'cancelled' }], overlaps: [] },
      ping: { fixes: [], overlaps: ['delivered'] },
      'refund-issued': { fixes: [{ member: 'action', value: 'issued' }], overlaps: [] },
      delivered: { fixes: [], overlaps: ['ping'] },
    });
    const overlap = warnings.filter((w) => w.code === 'webhook-overlap');
    expect(overlap.map((w) => [w.line, w.column, w.severity])).toEqual([[97, 5, 'warning']]);
    expect(overlap[0]!.message).toContain('"ping", "delivered"');
  });
});
