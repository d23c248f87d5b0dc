/**
 * annotation-blind.ts, the watch's reuse key for the targets that do not print schemas' texts: equal for
 * models that differ only in the text of a schema's description, title or `$comment`, and different for
 * everything those targets do read (whether there is one, whether it is empty, whether a schema's JSON is
 * short enough for the validators to inline it) and for texts that are not a schema's (a property named
 * `description`, example data, an operation's description).
 */
import { describe, expect, it } from 'vitest';
import { schemaTextBlindKey } from '../../generator/src/emit-parallel/annotation-blind.ts';
import { INLINE_JSON_LENGTH } from '../../generator/src/emit/validators/compile/inline-limit.ts';
import type { ApiModel, SchemaObject } from '../../generator/src/model/types.ts';

/** A model of one named schema and one operation whose parameter and response hold schemas too. */
function model(edit: (parts: { named: SchemaObject; parameter: SchemaObject; response: SchemaObject; operation: Record<string, unknown> }) => void = () => {}): ApiModel {
  const named: SchemaObject = { type: 'object', description: 'A user.', properties: { description: { type: 'string', title: 'Bio' }, id: { $ref: '#/components/schemas/Id' } }, examples: [{ description: 'data' }] };
  const parameter: SchemaObject = { type: 'string', description: 'The id.' };
  const response: SchemaObject = { $ref: '#/components/schemas/User', $comment: 'why' };
  const operation: Record<string, unknown> = {
    operationId: 'getUser',
    description: 'Gets a user.',
    parameters: [{ name: 'id', in: 'path', schema: parameter }],
    responses: [{ status: '200', description: 'OK', headers: [], content: [{ mediaType: 'application/json', schema: response, examples: [] }] }],
  };
  edit({ named, parameter, response, operation });
  return { openapiVersion: '3.1.0', info: { title: 'T', version: '1', extensions: {} }, servers: [], tags: [], schemas: [{ key: 'User', typeName: 'User', schema: named, pointer: '/components/schemas/User', synthetic: false }], operations: [operation], securitySchemes: [], security: [], limits: [], extensions: {} } as unknown as ApiModel;
}

describe('schemaTextBlindKey', () => {
  it('the same key when only schemas\' description, title or $comment texts differ', () => {
    const base = schemaTextBlindKey(model());
    const edits: Array<Parameters<typeof model>[0]> = [
      ({ named }) => void (named.description = 'Someone else.'),
      ({ named }) => void ((named.properties!.description as SchemaObject).title = 'Biography'),
      ({ parameter }) => void (parameter.description = 'The id of the user, as a string.'),
      ({ response }) => void (response.$comment = 'another reason'),
    ];
    for (const edit of edits) expect(schemaTextBlindKey(model(edit)), String(edit)).toBe(base);
  });

  it('another key when what the blind targets read changes, or a text that is not a schema\'s', () => {
    const base = schemaTextBlindKey(model());
    const edits: Array<Parameters<typeof model>[0]> = [
      // There is one, or none; empty, or not.
      ({ named }) => void delete named.description,
      ({ named }) => void (named.description = ''),
      ({ response }) => void (response.description = 'A user.'),
      // The parameter's schema grows past the validators' inlining limit.
      ({ parameter }) => void (parameter.description = 'x'.repeat(INLINE_JSON_LENGTH)),
      // Not a schema's texts: a property named `description`, example data, the operation's description.
      ({ named }) => void (named.properties = { biography: named.properties!.description!, id: named.properties!.id! }),
      ({ named }) => void (named.examples = [{ description: 'other data' }]),
      ({ operation }) => void (operation.description = 'Reads a user.'),
      // And what is not an annotation at all.
      ({ parameter }) => void (parameter.type = 'integer'),
    ];
    for (const edit of edits) expect(schemaTextBlindKey(model(edit)), String(edit)).not.toBe(base);
  });
});
