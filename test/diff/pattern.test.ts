/**
 * A `pattern` added to what the client sends breaks requests, unless every value allowed before still matches
 * it: the base's enum/const strings all match, or the pattern matches every string (JSON Schema patterns are
 * unanchored). Checked on the request body of a one-operation spec held in memory.
 */
import { describe, expect, it } from 'vitest';
import { diffSides, loadSide } from '../../generator/src/diff/index.ts';
import type { SideSource } from '../../generator/src/diff/side.ts';

function spec(schema: object): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/x': { post: { operationId: 'send', requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '204': { description: 'ok' } } } } },
  });
}

function memory(name: string, text: string): SideSource {
  return { label: name, file: `/memory/${name}.json`, readText: () => text };
}

async function patternChanges(base: object, head: object): Promise<string[]> {
  const b = await loadSide(memory('base', spec(base)), 'base');
  const h = await loadSide(memory('head', spec(head)), 'head');
  return diffSides(b, h).changes.filter((c) => c.id.includes('pattern')).map((c) => `${c.id}:${c.level}`);
}

describe('pattern added to a request', () => {
  it('breaks when values allowed before may not match', async () => {
    expect(await patternChanges({ type: 'string' }, { type: 'string', pattern: '^[a-z]+$' })).toEqual(['request-body-pattern-added:breaking']);
    // Anchored `.*` rejects strings with a line break.
    expect(await patternChanges({ type: 'string' }, { type: 'string', pattern: '^.*$' })).toEqual(['request-body-pattern-added:breaking']);
    expect(await patternChanges({ type: 'string', enum: ['abc', 'D1'] }, { type: 'string', enum: ['abc', 'D1'], pattern: '^[a-z]+$' })).toEqual(['request-body-pattern-added:breaking']);
  });

  it('is not reported when every value allowed before matches', async () => {
    expect(await patternChanges({ type: 'string' }, { type: 'string', pattern: '.*' })).toEqual([]);
    expect(await patternChanges({ type: 'string' }, { type: 'string', pattern: '[a-z]*' })).toEqual([]);
    expect(await patternChanges({ type: 'string', enum: ['abc', 'def'] }, { type: 'string', enum: ['abc', 'def'], pattern: '^[a-z]+$' })).toEqual([]);
    expect(await patternChanges({ type: 'string', const: 'abc' }, { type: 'string', const: 'abc', pattern: '^a' })).toEqual([]);
  });
});
