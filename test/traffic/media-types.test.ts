/**
 * Issue 26 point 1: the generated client reads a body by the media type the answer actually carries, not the
 * one the spec declares — JSON parsed, text decoded by its charset, everything else the exact bytes in a Blob —
 * and never decodes lossily. The independent side is a plain node:http server writing exact bytes (OpenAI's
 * `POST /audio/speech` declares application/octet-stream and answers audio/mpeg); the types are checked by
 * strict tsc.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type Built } from '../bodies/build.ts';
import { listenPlain, typecheckConsumer } from '../bodies/plain.ts';

const spec = path.join(import.meta.dirname, 'fixtures/media-types.yaml');
/** An MP3 frame header and bytes that are not UTF-8 (a lone continuation byte, an overlong form, 0xFE). */
const MP3 = Uint8Array.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0x80, 0xc0, 0xaf, 0xfe, 0xff, 0x00, 0x0d, 0x0a, 0xe9]);

/** What the plain server answers next: status, headers and the exact bytes. */
let answer: { status: number; headers: Record<string, string>; body: Uint8Array | string } = { status: 200, headers: {}, body: '' };
let built: Built;
let plain: Awaited<ReturnType<typeof listenPlain>>;
let url: string;

beforeAll(async () => {
  built = await buildFixture(spec);
  plain = await listenPlain((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  });
  url = plain.url;
}, 120_000);

afterAll(() => {
  plain?.close();
  built?.remove();
});

const client = () => built.client.createClient({ baseUrl: url, retry: false });
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('the answer’s own Content-Type decides how its body is read', () => {
  it('audio/mpeg under a declared application/octet-stream arrives as the identical bytes', async () => {
    answer = { status: 200, headers: { 'content-type': 'audio/mpeg' }, body: MP3 };
    const audio = await client().createSpeech({ body: { input: 'hello' } });
    expect(audio).toBeInstanceOf(Blob);
    expect(audio.type).toBe('audio/mpeg');
    expect(await bytesOf(audio)).toEqual(MP3);
    const buffer = await client().createSpeech({ body: { input: 'hello' } }, { parseAs: 'arrayBuffer' });
    expect(new Uint8Array(buffer)).toEqual(MP3);
  });

  it('a media type that is neither JSON nor text is bytes, whatever the schema says (string)', async () => {
    answer = { status: 200, headers: { 'content-type': 'application/vnd.ms-excel' }, body: MP3 };
    const report = await client().getReport({ id: 'r' });
    expect(report).toBeInstanceOf(Blob);
    expect(await bytesOf(report)).toEqual(MP3);
  });

  it('a body without a Content-Type is bytes (RFC 9110 §8.3); an empty one is no body', async () => {
    answer = { status: 200, headers: {}, body: MP3 };
    expect(await bytesOf(await client().getReport({ id: 'r' }))).toEqual(MP3);
    answer = { status: 200, headers: { 'content-length': '0' }, body: '' };
    expect(await client().getReport({ id: 'r' })).toBeUndefined();
  });

  it('text is decoded by its charset; text that is not valid in it is refused, never patched with U+FFFD', async () => {
    answer = { status: 200, headers: { 'content-type': 'text/plain; charset=ISO-8859-1' }, body: Uint8Array.from([0x63, 0x61, 0x66, 0xe9]) };
    expect(await client().getNote({ id: 'n' })).toBe('café');
    answer = { status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from('café ☕', 'utf8') };
    expect(await client().getNote({ id: 'n' })).toBe('café ☕');
    answer = { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: MP3 };
    const error = await client().getNote({ id: 'n' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(built.client.NetworkError);
    expect(String(error.message)).toMatch(/text\/plain body is not valid text/);
  });

  it('a wildcard declaration is read by what arrives: JSON parsed, text as text, anything else bytes', async () => {
    answer = { status: 200, headers: { 'content-type': 'application/problem+json' }, body: '{"type":"t","title":"T"}' };
    expect(await client().getAnything()).toEqual({ type: 't', title: 'T' });
    answer = { status: 200, headers: { 'content-type': 'text/csv' }, body: 'a,b\n1,2\n' };
    expect(await client().getAnything()).toBe('a,b\n1,2\n');
    answer = { status: 200, headers: { 'content-type': 'application/xml' }, body: '<a>é</a>' };
    expect(await client().getAnything()).toBe('<a>é</a>');
    answer = { status: 200, headers: { 'content-type': 'image/png' }, body: MP3 };
    expect(await bytesOf(await client().getAnything())).toEqual(MP3);
  });

  it('error bodies follow the same rule: a problem parsed, bytes kept as bytes, undecodable text as bytes', async () => {
    const failed = async () => (await client().createSpeech({ body: { input: 'x' } }).catch((e: unknown) => e)) as { status: number; body: unknown };
    answer = { status: 400, headers: { 'content-type': 'application/problem+json' }, body: '{"type":"about:blank","title":"Bad"}' };
    expect((await failed()).body).toEqual({ type: 'about:blank', title: 'Bad' });
    answer = { status: 502, headers: { 'content-type': 'image/gif' }, body: MP3 };
    const gif = await failed();
    expect(gif.status).toBe(502);
    expect(await bytesOf(gif.body as Blob)).toEqual(MP3);
    answer = { status: 503, headers: { 'content-type': 'text/html' }, body: MP3 };
    expect(await bytesOf((await failed()).body as Blob)).toEqual(MP3);
    answer = { status: 500, headers: { 'content-type': 'application/json' }, body: 'not json' };
    expect((await failed()).body).toBe('not json');
  });
});

describe('the types admit what the client returns', () => {
  it('bytes are Blob (parseAs picks the rest), a wildcard is the schema, text or Blob (strict tsc)', async () => {
    const run = await typecheckConsumer(
      spec,
      `import { createClient } from '@social-posting/client';
import type { Problem } from '@social-posting/types';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const client = createClient({ baseUrl: 'http://x' });
export async function use(): Promise<void> {
  const audio = await client.createSpeech({ body: { input: 'x' } });
  const a: Equal<typeof audio, Blob> = true;
  const buffer = await client.createSpeech({ body: { input: 'x' } }, { parseAs: 'arrayBuffer' });
  const b: Equal<typeof buffer, ArrayBuffer> = true;
  const report = await client.getReport({ id: 'r' });
  const c: Equal<typeof report, Blob> = true;
  const note = await client.getNote({ id: 'n' });
  const d: Equal<typeof note, string> = true;
  const any = await client.getAnything();
  const e: Equal<typeof any, Problem | string | Blob> = true;
  void [a, b, c, d, e];
}
`,
    );
    expect(run.output).toBe('');
    expect(run.ok).toBe(true);
  }, 120_000);
});
