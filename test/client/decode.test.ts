/**
 * The core's body reading (`decodeJson`, body.ts) against the full one (`decodeBody`, which the entries of
 * operations declaring other media carry): the same answer for JSON, UTF-8 text and bytes; where they part
 * (a charset other than UTF-8, XML), the core keeps the bytes and never decodes lossily.
 */
import { describe, expect, it } from 'vitest';
import { decodeBody, decodeJson } from '../../generator/src/emit/client/runtime/body.ts';
import type { OperationSpec } from '../../generator/src/emit/client/runtime/types.ts';

const op = { id: 'op', method: 'GET', path: '/' } as OperationSpec;
const answer = (body: BodyInit | null, status: number, type?: string) =>
  new Response(body, { status, headers: type === undefined ? {} : { 'content-type': type } });
const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]); // "café" in ISO-8859-1: not UTF-8
const both = async (body: () => BodyInit | null, status: number, type?: string) => [
  await decodeJson(op, answer(body(), status, type), undefined).catch((e: Error) => e),
  await decodeBody(op, answer(body(), status, type), undefined).catch((e: Error) => e),
];

/** A case: its name, the body (made anew for each read), the status and the Content-Type (none: undefined). */
type Case = [string, () => BodyInit | null, number, string | undefined];

describe('decodeJson reads as decodeBody does where the spec declares JSON', () => {
  it.each<Case>([
    ['JSON', () => '{"a":[1,"é"]}', 200, 'application/json; charset=utf-8'],
    ['problem+json', () => '{"type":"about:blank","title":"Nope"}', 404, 'application/problem+json'],
    ['text/json', () => '[true]', 200, 'text/json'],
    ['UTF-8 text', () => 'plain é', 200, 'text/plain'],
    ['a gateway HTML error page', () => '<h1>502</h1>', 502, 'text/html; charset=UTF-8'],
    ['an error JSON body that does not parse', () => '{oops', 500, 'application/json'],
    ['204, no body', () => null, 204, undefined],
    ['empty JSON', () => '', 200, 'application/json'],
    ['an empty error without a media type', () => '', 500, undefined],
  ])('%s', async (_, body, status, type) => {
    const [lean, full] = await both(body, status, type);
    expect(lean).toEqual(full);
  });

  it('bytes stay a Blob with their media type; an empty typed body is an empty Blob', async () => {
    const [lean, full] = await both(() => new Uint8Array([1, 2, 3]), 200, 'application/octet-stream');
    expect(lean).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (lean as Blob).arrayBuffer())).toEqual(new Uint8Array(await (full as Blob).arrayBuffer()));
    const [empty] = await both(() => '', 200, 'image/png');
    expect((empty as Blob).size).toBe(0);
  });

  it('invalid JSON text of a success rejects, as with decodeBody', async () => {
    const [lean, full] = await both(() => '{oops', 200, 'application/json');
    expect(lean).toBeInstanceOf(SyntaxError);
    expect(full).toBeInstanceOf(SyntaxError);
  });
});

describe('where decodeJson parts from decodeBody, nothing is decoded lossily', () => {
  it('text in another charset: decodeBody decodes it; the core rejects a success and keeps an error body as bytes', async () => {
    const [lean, full] = await both(() => latin1, 200, 'text/plain; charset=iso-8859-1');
    expect(full).toBe('café');
    expect(lean).toBeInstanceOf(TypeError);
    expect(String(lean)).toMatch(/not valid UTF-8/);
    const [error] = await both(() => latin1, 503, 'text/plain; charset=iso-8859-1');
    expect(new Uint8Array(await (error as Blob).arrayBuffer())).toEqual(latin1);
  });

  it('JSON that is not UTF-8 (RFC 8259 §8.1) rejects for a success, is bytes for an error, on both', async () => {
    const bad = () => new Uint8Array([0x22, 0xff, 0x22]);
    const [lean, full] = await both(bad, 200, 'application/json');
    expect(lean).toBeInstanceOf(TypeError);
    expect(full).toBeInstanceOf(TypeError);
    const [leanError, fullError] = await both(bad, 400, 'application/json');
    expect(leanError).toBeInstanceOf(Blob);
    expect(fullError).toBeInstanceOf(Blob);
  });

  it('XML: text for decodeBody, bytes for the core', async () => {
    const [lean, full] = await both(() => '<a/>', 200, 'application/xml');
    expect(full).toBe('<a/>');
    expect(await (lean as Blob).text()).toBe('<a/>');
  });

  it('parseAs is honoured for a success, ignored for an error', async () => {
    const res = answer('{"a":1}', 200, 'application/json');
    expect(await decodeJson(op, res, 'response')).toBe(res);
    expect(await ((await decodeJson(op, answer('{"a":1}', 200, 'application/json'), 'blob')) as Blob).text()).toBe('{"a":1}');
    expect(await decodeJson(op, answer('{"a":1}', 400, 'application/json'), 'blob')).toEqual({ a: 1 });
  });
});
