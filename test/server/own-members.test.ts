/**
 * Names taken from a spec are data, never object plumbing: a query object member named `__proto__` must be
 * an own entry of the server's coercion table, and must not become the table's prototype (which would lose
 * the member and make every undeclared name inherit its coercion).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/src/load-model.ts';
import { coercionOf, SchemaResolver } from '../../generator/src/emit/server/table.ts';

const SPEC = `openapi: 3.1.0
info: { title: own members, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - name: filter
          in: query
          style: deepObject
          explode: true
          schema:
            type: object
            properties:
              __proto__: { type: integer }
              name: { type: string }
      responses:
        '204': { description: none }
`;

describe('the server coercion table keeps spec names as own members', () => {
  it('a member named __proto__ is an own entry and the prototype is untouched', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-own-'));
    writeFileSync(path.join(dir, 'openapi.yaml'), SPEC);
    const { model } = await loadModel(path.join(dir, 'openapi.yaml'));
    const param = model.operations[0]!.parameters.find((p) => p.name === 'filter')!;
    const coercion = coercionOf(param.schema, new SchemaResolver(model));
    expect(coercion.type).toBe('object');
    const properties = (coercion as { properties: Record<string, { type: string }> }).properties;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__', 'name']);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'number' });
    // An undeclared name finds nothing (with the bug it inherited `type: 'number'` through the prototype).
    expect((properties as Record<string, unknown>).type).toBeUndefined();
    expect(JSON.parse(JSON.stringify(properties))).toHaveProperty(['__proto__']);
  });
});
