/**
 * Form bodies of an OpenAPI 3.0 document (`format: binary` files, `nullable`, styled urlencoded members),
 * generated client against the generated server and against a plain node:http server.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { buildFixture, type Built } from './build.ts';
import { startRecorder, type Recorder } from './recorder.ts';

let built: Built;
let generated: { url: string; close(): Promise<void> };
let plain: Recorder;
const seen: unknown[] = [];

beforeAll(async () => {
  built = await buildFixture(path.join(fixtureSpecsDir, 'forms-30.yaml'));
  const handlers = {
    async putAvatar(ctx: { body: { avatar: File; thumbnails?: File[]; crop?: unknown } }) {
      const { avatar, thumbnails = [], crop } = ctx.body;
      return { status: 200, body: { avatar: [avatar.name, await avatar.text()], thumbnails: thumbnails.map((t) => t.name), crop } };
    },
    setPreferences(ctx: { body: unknown }) {
      seen.push(ctx.body);
      return { status: 204 };
    },
  };
  generated = await built.server.serve(built.server.createHandler(handlers), { port: 0 });
  plain = await startRecorder({ '/preferences': { status: 204, body: null } });
}, 120_000);

afterAll(async () => {
  await generated?.close();
  await plain?.close();
  built?.remove();
});

describe('OpenAPI 3.0 form bodies', () => {
  it('format: binary members are files with their names; a JSON member may be null', async () => {
    const client = built.client.createClient({ baseUrl: generated.url });
    const got = await client.putAvatar({
      body: { avatar: new File(['me'], 'me.jpg', { type: 'image/jpeg' }), thumbnails: [new File(['s'], 's.jpg'), new File(['m'], 'm.jpg')], crop: null },
    });
    expect(got).toEqual({ avatar: ['me.jpg', 'me'], thumbnails: ['s.jpg', 'm.jpg'], crop: null });
  });

  it('deepObject and pipeDelimited members are written as query strings are, and read back typed', async () => {
    const body = { notify: { email: true, digest: 'weekly' }, langs: ['en', 'fr'] };
    await built.client.createClient({ baseUrl: plain.url }).setPreferences({ body });
    expect(plain.last().text).toBe('notify[email]=true&notify[digest]=weekly&langs=en|fr');
    await built.client.createClient({ baseUrl: generated.url }).setPreferences({ body });
    expect(seen.pop()).toEqual(body);
  });
});
