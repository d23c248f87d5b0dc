/**
 * The Encoding Object as the model's media facts give it to every target (OpenAPI 3.1.1 §4.8.15): which
 * members are styled (style/explode/allowReserved written: contentType ignored), the default contentType
 * by the member's type, fixed part-header values, and which members hold files.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/src/index.ts';
import { factsOf, type PartEncoding } from '../../generator/src/model/facts/index.ts';
import { fixtureSpecsDir } from '../helpers/paths.ts';

async function partsOf(fixture: string, operationId: string): Promise<Map<string, PartEncoding>> {
  const { model } = await loadModel(path.join(fixtureSpecsDir, fixture));
  const op = model.operations.find((o) => o.operationId === operationId)!;
  const [media] = factsOf(model).requestMedia(op);
  return new Map(media!.parts.map((p) => [p.name, p]));
}

describe('form media facts', () => {
  it('multipart: default content types by type, explicit ones, fixed header values, files', async () => {
    const parts = await partsOf('forms-multipart.yaml', 'uploadFiles');
    const pick = (name: string) => {
      const p = parts.get(name)!;
      return { contentType: p.contentType, explicit: p.explicit, styled: p.styled, binary: p.binary, headerValues: p.headerValues };
    };
    expect(pick('title')).toEqual({ contentType: 'text/plain', explicit: false, styled: false, binary: false, headerValues: [] });
    expect(pick('count').contentType).toBe('text/plain');
    expect(pick('meta').contentType).toBe('application/json');
    expect(pick('points').contentType).toBe('application/json'); // array: by its items
    expect(pick('attachments')).toMatchObject({ contentType: 'application/octet-stream', binary: true });
    expect(pick('image')).toEqual({
      contentType: 'image/png, image/jpeg',
      explicit: true,
      styled: false,
      binary: true,
      // X-Caption has no fixed value: the caller gives it per call.
      headerValues: [{ name: 'X-Source', value: 'camera' }],
    });
    expect(pick('settings')).toMatchObject({ contentType: 'application/merge-patch+json', explicit: true });
  });

  it('urlencoded: any of style/explode/allowReserved makes a member styled, with the others defaulted', async () => {
    const parts = await partsOf('forms-urlencoded.yaml', 'sendStyles');
    const styled = (name: string) => {
      const p = parts.get(name)!;
      return p.styled ? { style: p.style, explode: p.explode, allowReserved: p.allowReserved } : false;
    };
    expect(styled('formFlat')).toEqual({ style: 'form', explode: false, allowReserved: false });
    expect(styled('colorSpaced')).toEqual({ style: 'spaceDelimited', explode: false, allowReserved: false });
    expect(styled('redirect')).toEqual({ style: 'form', explode: true, allowReserved: true });
    expect(styled('filter')).toEqual({ style: 'deepObject', explode: true, allowReserved: false });
    // contentType alone (or nothing): by content type.
    expect(styled('jsonText')).toBe(false);
    expect(styled('note')).toBe(false);
  });
});
