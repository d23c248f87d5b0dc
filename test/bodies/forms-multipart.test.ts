/**
 * multipart/form-data bodies by the Encoding Object, end to end over loopback: the generated client against
 * a plain node:http server (the exact bytes, and the platform's own multipart parser, undici's
 * `Request.formData()`, as the oracle) and against the generated server (typed values and files with their
 * names back); the generated server against a plain fetch + FormData client, bad bodies answered with
 * RFC 7807 400 problems.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';
import { startRecorder, type Recorder } from './recorder.ts';

let built: Built;
let generated: { url: string; close(): Promise<void> };
let plain: Recorder;

const sha = async (b: Blob) => createHash('sha256').update(new Uint8Array(await b.arrayBuffer())).digest('hex');

/** What the upload handler saw, as JSON: files by name, type, size and digest. */
async function describeUpload(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v instanceof Blob) out[k] = { file: v instanceof File ? v.name : null, type: v.type, size: v.size, sha: await sha(v) };
    else if (Array.isArray(v) && v.some((x) => x instanceof Blob)) out[k] = await Promise.all(v.map(async (x: Blob) => ({ file: x instanceof File ? x.name : null, type: x.type, size: x.size, sha: await sha(x) })));
    else out[k] = { value: v, type: typeof v };
  }
  return out;
}

beforeAll(async () => {
  built = await buildFixture(path.join(fixtureSpecsDir, 'forms-multipart.yaml'));
  const handlers = {
    uploadFiles: async (ctx: { body: Record<string, unknown> }) => ({ status: 201, body: await describeUpload(ctx.body) }),
    search: (ctx: { body: unknown }) => ({ status: 200, body: ctx.body }),
  };
  generated = await built.server.serve(built.server.createHandler(handlers), { port: 0 });
  plain = await startRecorder({ '/uploads': { status: 201, body: {} }, '/searches': { status: 200, body: {} } });
}, 120_000);

afterAll(async () => {
  await generated?.close();
  await plain?.close();
  built?.remove();
});

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0d, 0x0a, 0x2d, 0x2d]);

/** Parses a recorded body with the platform's multipart parser (independent of the generated code). */
async function oracle(rec: { bytes: Buffer; contentType: string }): Promise<FormData> {
  return new Request('http://x/', { method: 'POST', body: new Uint8Array(rec.bytes), headers: { 'content-type': rec.contentType } }).formData();
}

describe('multipart: generated client → plain node:http server', () => {
  it('writes every part as the Encoding Object says, byte for byte', async () => {
    const client = built.client.createClient({ baseUrl: plain.url });
    const image = new File([png], 'cat.png', { type: 'image/png' });
    await client.uploadFiles(
      { body: { title: 'Hello\r\nworld', count: 3, image, meta: { source: 'phone', tags: ['a'] }, note: '# hi', settings: { dark: true } } },
      { partHeaders: { image: { 'X-Caption': 'a cat' } } },
    );
    const sent = plain.last();
    const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(sent.contentType)?.[1];
    expect(boundary).toBeTruthy();
    const part = (headers: string[], data: string) => `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n${data}\r\n`;
    const expected =
      part(['Content-Disposition: form-data; name="title"'], 'Hello\r\nworld') +
      part(['Content-Disposition: form-data; name="count"'], '3') +
      part(['Content-Disposition: form-data; name="image"; filename="cat.png"', 'Content-Type: image/png', 'X-Source: camera', 'x-caption: a cat'], Buffer.from(png).toString('latin1')) +
      part(['Content-Disposition: form-data; name="meta"', 'Content-Type: application/json'], '{"source":"phone","tags":["a"]}') +
      part(['Content-Disposition: form-data; name="note"', 'Content-Type: text/markdown'], '# hi') +
      part(['Content-Disposition: form-data; name="settings"', 'Content-Type: application/merge-patch+json'], '{"dark":true}') +
      `--${boundary}--\r\n`;
    expect(sent.text).toBe(expected);

    const form = await oracle(sent);
    expect(form.get('title')).toBe('Hello\r\nworld');
    const file = form.get('image') as File;
    expect(file.name).toBe('cat.png');
    expect(file.type).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
    expect(JSON.parse(form.get('meta') as string)).toEqual({ source: 'phone', tags: ['a'] });
  });

  it('arrays of files are repeated parts; a Blob without a name is "blob" with the declared type', async () => {
    const client = built.client.createClient({ baseUrl: plain.url });
    await client.uploadFiles({
      body: {
        title: 't',
        image: new Blob([png]),
        attachments: [new File(['one'], 'a.txt', { type: 'text/plain' }), new Blob([new Uint8Array([0, 1, 2])])],
        points: [{ x: 1, y: 2 }, { x: 3, y: 4 }],
      },
    });
    const sent = plain.last();
    expect(sent.text).toContain('Content-Disposition: form-data; name="image"; filename="blob"\r\nContent-Type: image/png\r\nX-Source: camera\r\n\r\n');
    expect(sent.text).toContain('Content-Disposition: form-data; name="attachments"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n');
    expect(sent.text.match(/name="points"\r\nContent-Type: application\/json\r\n\r\n/g)).toHaveLength(2);
    const form = await oracle(sent);
    const files = form.getAll('attachments') as File[];
    expect(files.map((f) => f.name)).toEqual(['a.txt', 'blob']);
    expect(await files[0]!.text()).toBe('one');
    expect(new Uint8Array(await files[1]!.arrayBuffer())).toEqual(new Uint8Array([0, 1, 2]));
    expect(form.getAll('points').map((p) => JSON.parse(p as string))).toEqual([{ x: 1, y: 2 }, { x: 3, y: 4 }]);
  });

  it('quotes names as the HTML standard does (", CR, LF percent-encoded)', async () => {
    const client = built.client.createClient({ baseUrl: plain.url });
    await client.uploadFiles({ body: { title: 't', image: new File([png], 'we"ird\r\n.png') } });
    expect(plain.last().text).toContain('name="image"; filename="we%22ird%0D%0A.png"');
  });

  it('styled members (deepObject, form without explode) become the parts a query string would have', async () => {
    const client = built.client.createClient({ baseUrl: plain.url });
    await client.search({ body: { query: 'q', filter: { lang: 'ts', minStars: 5 }, fields: ['name', 'stars'] } });
    const form = await oracle(plain.last());
    expect([...form.entries()]).toEqual([
      ['query', 'q'],
      ['filter[lang]', 'ts'],
      ['filter[minStars]', '5'],
      ['fields', 'name,stars'],
    ]);
  });

  it('refuses part headers that could break the framing', async () => {
    const client = built.client.createClient({ baseUrl: plain.url });
    const call = client.uploadFiles({ body: { title: 't', image: new Blob([png]) } }, { partHeaders: { image: [['X-Bad Name', 'x']] } });
    await expect(call).rejects.toThrow(/X-Bad Name/);
  });
});

describe('multipart: generated client → generated server (typed values, files with names)', () => {
  it('the handler receives numbers, booleans, JSON objects and Files', async () => {
    const client = built.client.createClient({ baseUrl: generated.url });
    const image = new File([png], 'cat.png', { type: 'image/png' });
    const got = await client.uploadFiles({
      body: {
        title: 'Hi',
        count: 3,
        draft: false,
        image,
        attachments: [new File(['one'], 'a.txt', { type: 'text/plain' }), new Blob([new Uint8Array(300_000).fill(7)])],
        meta: { source: 'phone', tags: ['a', 'b'] },
        points: [{ x: 1, y: 2 }],
        note: '# hi',
        settings: { dark: true },
      },
    });
    expect(got).toEqual({
      title: { value: 'Hi', type: 'string' },
      count: { value: 3, type: 'number' },
      draft: { value: false, type: 'boolean' },
      image: { file: 'cat.png', type: 'image/png', size: png.length, sha: await sha(image) },
      attachments: [
        { file: 'a.txt', type: 'text/plain', size: 3, sha: await sha(new Blob(['one'])) },
        { file: 'blob', type: 'application/octet-stream', size: 300_000, sha: await sha(new Blob([new Uint8Array(300_000).fill(7)])) },
      ],
      meta: { value: { source: 'phone', tags: ['a', 'b'] }, type: 'object' },
      points: { value: [{ x: 1, y: 2 }], type: 'object' },
      note: { value: '# hi', type: 'string' },
      settings: { value: { dark: true }, type: 'object' },
    });
  });

  it('client-side request validation accepts files where the schema declares raw bytes', async () => {
    const client = built.client.createClient({ baseUrl: generated.url, validate: { request: true } });
    const got = await client.uploadFiles({ body: { title: 'ok', image: new File([png], 'v.png', { type: 'image/png' }), attachments: [new Blob(['x'])] } });
    expect(got.image.file).toBe('v.png');
    const error = await client.uploadFiles({ body: { title: '', image: new Blob([png]) } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(built.client.RequestValidationError);
    expect(error.location).toBe('body');
  });

  it('styled members come back as nested objects and arrays', async () => {
    const client = built.client.createClient({ baseUrl: generated.url });
    const body = { query: 'q', filter: { lang: 'ts', minStars: 5 }, fields: ['name', 'stars'] };
    expect(await client.search({ body })).toEqual(body);
  });
});

async function send(path: string, body: BodyInit, headers?: Record<string, string>) {
  const res = await fetch(generated.url + path, { method: 'POST', body, headers });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
}

describe('multipart: plain fetch + FormData client → generated server', () => {
  it('reads a browser-style FormData into typed values', async () => {
    const form = new FormData();
    form.append('title', 'From a form');
    form.append('count', '12');
    form.append('draft', 'true');
    form.append('image', new File([png], 'x.png', { type: 'image/png' }));
    form.append('attachments', new File(['a'], 'one.txt'));
    form.append('meta', '{"source":"web"}');
    const res = await send('/uploads', form);
    expect(res.status).toBe(201);
    expect(res.body.count).toEqual({ value: 12, type: 'number' });
    expect(res.body.draft).toEqual({ value: true, type: 'boolean' });
    expect(res.body.image.file).toBe('x.png');
    expect(res.body.attachments).toHaveLength(1);
    expect(res.body.meta).toEqual({ value: { source: 'web' }, type: 'object' });
  });

  const valid = () => {
    const form = new FormData();
    form.append('title', 't');
    form.append('image', new File([png], 'x.png'));
    return form;
  };
  const bad: [string, () => [BodyInit, Record<string, string>?], RegExp][] = [
    ['a count that is not a number', () => { const f = valid(); f.append('count', 'many'); return [f]; }, /count/],
    ['a JSON part that is not JSON', () => { const f = valid(); f.append('meta', '{oops'); return [f]; }, /meta.*JSON/],
    ['a missing required file', () => { const f = new FormData(); f.append('title', 't'); return [f]; }, /image/],
    ['a JSON part that breaks its schema', () => { const f = valid(); f.append('meta', '{"tags":[1]}'); return [f]; }, /source|tags/],
    ['a file where text is expected', () => { const f = valid(); f.append('title', new File(['x'], 'x.txt')); return [f]; }, /title/],
    ['a file of a media type the encoding does not allow', () => { const f = new FormData(); f.append('title', 't'); f.append('image', new File(['GIF89a'], 'x.gif', { type: 'image/gif' })); return [f]; }, /image\/png or image\/jpeg/],
    ['a body without its boundary', () => ['--x\r\n\r\n', { 'content-type': 'multipart/form-data' }], /multipart/],
    ['a truncated body', () => ['--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated', { 'content-type': 'multipart/form-data; boundary=b' }], /multipart/],
  ];
  it.each(bad)('%s is a 400 problem', async (_, make, mention) => {
    const [body, headers] = make();
    const res = await send('/uploads', body, headers);
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(res.body)).toMatch(mention);
  });
});
