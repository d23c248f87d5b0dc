/**
 * OpenAPI 3.2, part B (docs/openapi-3.2.md): one fixture using every item (test/oas32/b-features.yaml),
 * generated once into every target and type-checked in one strict program; then each item against an
 * independent oracle: `discriminator.defaultMapping` verdicts against Ajv on the same schemas with the
 * selection written as plain `if`/`then`/`else`, the device authorization flow against a plain `node:http`
 * authorization server scripted from RFC 8628 section 3.5 (and RFC 8414 discovery), the bundle against the
 * official 3.2 meta-schema (the shared corpus), the tag hierarchy's errors at their `file:line:column`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { SpecError } from '../../generator/src/load/diagnostics.ts';
import type { GenerateResult } from '../../generator/src/pipeline.ts';
import { bundleGenerated } from '../bodies/build.ts';
import { generateResult } from '../helpers/generate.ts';
import { repoRoot, sharedCorpusDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';

const here = path.join(repoRoot, 'test/oas32');
const FIXTURE = path.join(here, 'b-features.yaml');
const SPLIT = path.join(here, 'b-split/openapi.yaml');
const TARGETS = ['types', 'validators', 'client', 'server', 'zod'] as const;

// Under the repository's node_modules, so the generated zod target resolves `zod` as a consumer would.
const cache = path.join(repoRoot, 'node_modules/.cache/socialgen-test');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(path.join(cache, 'oas32b-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let result: GenerateResult;
let built: Record<string, Record<string, any>>;

beforeAll(async () => {
  result = await generateResult(FIXTURE, [...TARGETS]);
  built = await bundleGenerated(dir, result.files, TARGETS, ['client', 'server', 'validators', 'zod']);
}, 120_000);

/** The warning every 3.2 document gets until the 3.2 loader lands (issue 31, part A); none is ours. */
const ownWarnings = (r: GenerateResult) => r.warnings.filter((w) => w.code !== 'version');

describe('the 3.2 fixture', () => {
  it('generates every target with no warning of its own', () => {
    expect(ownWarnings(result).map((w) => w.message)).toEqual([]);
  });

  it('type-checks strictly, every target in one program', () => {
    writeProject(dir, ['*/src/**/*.ts'], { types: ['node'], typeRoots: [path.join(repoRoot, 'node_modules/@types')], noUncheckedIndexedAccess: true, paths: { '@social-posting/*': ['./*/src/index.ts'] } });
    const checked = typecheck(dir);
    expect(checked.output).toBe('');
  }, 120_000);

  it('reads response summaries (description optional), server names, tags, 3.2 security and Example Objects', () => {
    const model = result.loaded.model;
    const list = model.operations.find((op) => op.operationId === 'listPets')!;
    expect(list.responses.map((r) => [r.status, r.summary, r.description])).toEqual([['200', 'The pets', ''], ['404', 'No pets at all', '']]);
    expect(model.servers.map((s) => s.name)).toEqual(['production', 'sandbox']);
    expect(model.tags.find((t) => t.name === 'uploads')).toEqual({ name: 'uploads', summary: 'Uploads', parent: 'media', kind: 'nav', description: undefined });
    const device = model.securitySchemes.find((s) => s.name === 'device')!;
    expect(device.oauth2MetadataUrl).toBe('https://auth.example.com/.well-known/oauth-authorization-server');
    expect(device.flows?.deviceAuthorization).toMatchObject({ deviceAuthorizationUrl: 'https://auth.example.com/device', tokenUrl: 'https://auth.example.com/token' });
    expect(model.securitySchemes.map((s) => [s.name, s.deprecated])).toEqual([['device', false], ['legacyKey', true]]);
    const media = list.responses[0].content[0];
    expect(media.examples).toEqual([[{ kind: 'cat', name: 'Tom', lives: 9 }, { kind: 'parrot', name: 'Polly' }]]);
    // The wire form is the data form, serialized: the two spellings of the example agree.
    expect(JSON.parse(media.serializedExamples![0]!)).toEqual(media.examples[0]);
    const upload = model.operations.find((op) => op.operationId === 'uploadBatch')!.requestBody!.content[0];
    expect(upload.prefixEncoding).toEqual([{ contentType: 'application/json', headers: [] }]);
    expect(upload.itemEncoding).toEqual({ contentType: 'text/plain', headers: [] });
  });

  it('documents groups by tag hierarchy, response summaries and deprecated schemes in the client; names the servers', () => {
    const client = result.files.get('client/src/client.ts')!;
    expect(client).toContain('   * Group: Media › Uploads\n');
    expect(client).toContain('   * Group: Beta (badge)\n');
    expect(client).toContain('   * Responses:\n   * - `200`: The pets\n   * - `404`: No pets at all\n');
    expect(client).toContain('   * - API key (legacyKey), deprecated\n');
    expect(built.client.servers).toEqual({ production: 'https://api.example.com/v1', sandbox: 'https://sandbox.example.com/v1' });
    const types = result.files.get('types/src/operations.ts')!;
    expect(types).toContain('/** The pets */');
    // serializedValue: the wire form, beside the type of the body it is an example of.
    expect(types).toContain(`* @example two (as sent)\n           * ${JSON.stringify([{ kind: 'cat', name: 'Tom', lives: 9 }, { kind: 'parrot', name: 'Polly' }])}\n           */\n          'application/json': Pet[];`);
    // The package README nests the methods by tag (a tag without operations, `beta`, gets no section).
    const readme = result.files.get('client/README.md')!;
    expect(readme.match(/^#{3,} .*$|^- `\w+`/gm)).toEqual(['### Media', '- `streamEvents`', '#### Uploads', '- `uploadBatch`', '### Pets', '- `listPets`', '- `createPet`']);
  });

  it('the mock answers a named example with its dataValue', async () => {
    const mock = built.server.createMockHandler({ seed: 1 });
    const res: Response = await mock(new Request('http://localhost/pets', { headers: { prefer: 'example=two', authorization: 'Bearer t' } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ kind: 'cat', name: 'Tom', lives: 9 }, { kind: 'parrot', name: 'Polly' }]);
  });
});

describe('discriminator.defaultMapping', () => {
  // The oracle: the fixture's own schemas under Ajv, the selection spelled out as the 3.2 text says it:
  // a mapped value selects its schema, an absent or unmapped one the default.
  const raw = parse(readFileSync(FIXTURE, 'utf8')).components.schemas;
  const defs = JSON.parse(JSON.stringify(raw).replaceAll('#/components/schemas/', '#/$defs/'));
  const tagged = (value: string) => ({ type: 'object', required: ['kind'], properties: { kind: { const: value } } });
  const oracle = new Ajv2020({ strict: false }).compile({
    $defs: defs,
    if: tagged('cat'),
    then: { $ref: '#/$defs/Cat' },
    else: { if: tagged('dog'), then: { $ref: '#/$defs/Dog' }, else: { $ref: '#/$defs/OtherPet' } },
  });
  const values: unknown[] = [
    { kind: 'cat', name: 'Tom', lives: 9 },
    { kind: 'cat', name: 'Tom' }, // mapped to Cat: not rescued by the default although OtherPet would accept it
    { kind: 'dog', name: 'Rex', good: true },
    { kind: 'dog', name: 'Rex', good: 'yes' },
    { kind: 'parrot', name: 'Polly' }, // unmapped: the default
    { name: 'Nameless' }, // absent: the default
    { kind: 'OtherPet', name: 'Self' },
    { kind: 5, name: 'Five' },
    { kind: 'parrot' },
    {},
    'cat',
    null,
    [],
  ];

  it('the validators and zod give Ajv\'s verdict on every value', () => {
    const verdicts = values.map((v) => [v, oracle(v)]);
    expect(verdicts.filter(([, ok]) => ok).length).toBe(5); // the fixture's values exercise both verdicts
    expect(values.map((v) => [v, built.validators.isPet(v)])).toEqual(verdicts);
    expect(values.map((v) => [v, built.zod.zPet.safeParse(v).success])).toEqual(verdicts);
  });
});

describe('tags: the hierarchy is checked at its place', () => {
  const broken = (name: string, tags: string): string => {
    const file = path.join(dir, name);
    writeFileSync(file, `openapi: 3.2.0\ninfo: { title: t, version: '1' }\ntags:\n${tags}paths: {}\n`);
    return file;
  };
  const errors = async (file: string) => {
    const error = await generateResult(file, ['types']).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    return (error as SpecError).diagnostics.filter((d) => d.severity === 'error').map((d) => `${path.basename(d.file!)}:${d.line}:${d.column}: ${d.message}`);
  };

  it('an unknown parent is an error at that parent', async () => {
    expect(await errors(broken('unknown.yaml', '  - name: a\n  - name: b\n    parent: nope\n'))).toEqual(['unknown.yaml:6:5: tag "b" names parent "nope", which is not a declared tag']);
  });

  it('a cycle is one error, at its first member', async () => {
    expect(await errors(broken('cycle.yaml', '  - name: a\n    parent: c\n  - name: b\n    parent: a\n  - name: c\n    parent: b\n'))).toEqual([
      'cycle.yaml:5:5: tag parents form a cycle: "a" → "c" → "b" → "a"',
    ]);
  });
});

describe('OAuth 2.0 device authorization (RFC 8628) against a plain node:http authorization server', () => {
  let server: Server;
  let base: string;
  const forms: { path: string; form: Record<string, string> }[] = [];
  let script: { status: number; body: unknown }[] = [];
  let bearer: string | undefined;

  const body = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve(text));
  });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const send = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const url = req.url ?? '';
      if (url === '/.well-known/oauth-authorization-server') return send(200, { issuer: base, device_authorization_endpoint: `${base}/device`, token_endpoint: `${base}/token` });
      if (url === '/v1/pets') {
        bearer = req.headers.authorization;
        return send(200, []);
      }
      const form = Object.fromEntries(new URLSearchParams(await body(req)));
      forms.push({ path: url, form });
      if (url === '/device') return send(200, { device_code: 'dc-1', user_code: 'WDJB-MJHT', verification_uri: `${base}/activate`, expires_in: 600, interval: 2 });
      const next = script.shift() ?? { status: 400, body: { error: 'invalid_grant' } };
      send(next.status, next.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const pending = { status: 400, body: { error: 'authorization_pending' } };
  const flow = (waits: number[]) => built.client.oauth2DeviceFlow({ clientId: 'cli', metadataUrl: `${base}/.well-known/oauth-authorization-server`, sleep: async (ms: number) => void waits.push(ms) });

  it('discovers the endpoints, polls through authorization_pending and slow_down, and the tokens authenticate the client', async () => {
    forms.length = 0;
    script = [pending, { status: 400, body: { error: 'slow_down' } }, pending, { status: 200, body: { access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt-1' } }];
    const waits: number[] = [];
    const device = flow(waits);
    const authorization = await device.start(['pets:read', 'pets:write']);
    expect(authorization).toMatchObject({ device_code: 'dc-1', user_code: 'WDJB-MJHT', verification_uri: `${base}/activate` });
    const tokens = await device.poll(authorization);
    expect(tokens).toMatchObject({ access_token: 'at-1', refresh_token: 'rt-1' });
    // RFC 8628 3.5: the interval (2 s) grows by 5 s at slow_down, for that and every later request.
    expect(waits).toEqual([2000, 2000, 7000, 7000]);
    const grant = { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: 'dc-1', client_id: 'cli' };
    expect(forms).toEqual([{ path: '/device', form: { client_id: 'cli', scope: 'pets:read pets:write' } }, ...Array.from({ length: 4 }, () => ({ path: '/token', form: grant }))]);
    const client = built.client.createClient({ baseUrl: `${base}/v1`, auth: { oauth2: await device.session(tokens) } });
    expect(await client.listPets()).toEqual([]);
    expect(bearer).toBe('Bearer at-1');
  });

  it('stops at expired_token and access_denied with their codes, and at its own expiry without asking', async () => {
    const device = flow([]);
    for (const error of ['expired_token', 'access_denied']) {
      script = [pending, { status: 400, body: { error, error_description: `the ${error}` } }];
      await expect(device.poll(await device.start())).rejects.toMatchObject({ name: 'DeviceFlowError', code: error, description: `the ${error}` });
    }
    forms.length = 0;
    await expect(device.poll({ device_code: 'dc-1', user_code: 'x', verification_uri: base, expires_in: 0, expires_at: Date.now() - 1 })).rejects.toMatchObject({ code: 'expired_token' });
    expect(forms).toEqual([]);
  });
});

describe('multipart/mixed by prefixEncoding and itemEncoding', () => {
  let generated: { url: string; close(): Promise<void> };
  let plain: Server;
  let plainUrl: string;
  let received: { contentType: string; bytes: Buffer } | undefined;

  beforeAll(async () => {
    const handlers = { uploadBatch: (ctx: { body: [{ title: string }, ...string[]] }) => ({ status: 200, body: { title: ctx.body[0].title, files: ctx.body.slice(1) } }) };
    // Any bearer token is a user with the spec's scopes (the document requires `device` with pets:read).
    const authenticate = () => ({ kind: 'user', userId: 'u1', scopes: ['pets:read', 'pets:write'] });
    generated = await built.server.serve(built.server.createHandler(handlers, { authenticate }), { port: 0 });
    plain = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        received = { contentType: String(req.headers['content-type']), bytes: Buffer.concat(chunks) };
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"x","files":[]}');
      });
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await generated?.close();
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  });

  const manifest = { title: 'Batch\r\n--not a boundary' };
  const body = [manifest, 'first file', 'second\r\nline'];

  it('the client writes one part per item, in order, typed by its position (RFC 2046 framing, byte for byte)', async () => {
    await built.client.createClient({ baseUrl: plainUrl, auth: { oauth2: 't' } }).uploadBatch({ body });
    const boundary = /^multipart\/mixed; boundary=(\S+)$/.exec(received!.contentType)?.[1];
    expect(boundary).toBeTruthy();
    const part = (type: string, data: string) => `--${boundary}\r\nContent-Type: ${type}\r\n\r\n${data}\r\n`;
    expect(received!.bytes.toString('utf8')).toBe(
      part('application/json', JSON.stringify(body[0])) + part('text/plain', 'first file') + part('text/plain', 'second\r\nline') + `--${boundary}--\r\n`,
    );
  });

  it('round-trips through the generated server: the handler gets the array back', async () => {
    const client = built.client.createClient({ baseUrl: generated.url, auth: { oauth2: 't' } });
    expect(await client.uploadBatch({ body })).toEqual({ title: manifest.title, files: ['first file', 'second\r\nline'] });
  });

  it('the server answers a bad body with a 400 problem: bad JSON in a JSON position, a part the schema refuses, broken framing', async () => {
    const send = (text: string, type = 'multipart/mixed; boundary=b') =>
      fetch(`${generated.url}/uploads`, { method: 'POST', headers: { 'content-type': type, authorization: 'Bearer t' }, body: text });
    const framed = (...parts: [string, string][]) => parts.map(([type, data]) => `--b\r\nContent-Type: ${type}\r\n\r\n${data}\r\n`).join('') + '--b--\r\n';
    // A preamble before the first boundary is allowed (RFC 2046 5.1.1) and ignored.
    const ok = await send('preamble\r\n' + framed(['application/json', '{"title":"t"}'], ['text/plain', 'a']));
    expect([ok.status, await ok.json()]).toEqual([200, { title: 't', files: ['a'] }]);
    for (const bad of [framed(['application/json', '{"title":']), framed(['application/json', '{"name":"t"}']), '--b\r\nContent-Type: text/plain\r\n\r\nno end']) {
      const res = await send(bad);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('socialgen bundle writes valid 3.2', () => {
  // The official meta-schema, with `$dynamicRef: "#meta"` made static (Schema Objects as any object or
  // boolean, as the published `schema` file means; Ajv's dynamic scope misreads `unevaluatedProperties`).
  const metaSchema = JSON.parse(readFileSync(path.join(sharedCorpusDir, 'oas-schemas/spec.openapis.org/oas/3.2/schema/2025-11-23.json'), 'utf8'));
  const staticRefs = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(staticRefs)
      : node && typeof node === 'object'
        ? Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$dynamicAnchor').map(([k, v]) => (k === '$dynamicRef' && v === '#meta' ? ['$ref', '#/$defs/schema'] : [k, staticRefs(v)])))
        : node;
  const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(staticRefs(metaSchema) as object);

  it.each([FIXTURE, SPLIT])('%s', async (spec) => {
    const io = memoryIO(repoRoot);
    const out = path.join(dir, `${path.basename(path.dirname(spec))}-${path.basename(spec)}.json`);
    expect(await main(['bundle', spec, '--out', out], io), io.stderr.join('\n')).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    // The validator can fail: a 3.2 field of the wrong type is refused.
    expect(validate({ ...doc, tags: [{ name: 'x', parent: 5 }] })).toBe(false);
  });

  it('rewrites a defaultMapping written relative to another file to its bundled place', () => {
    const doc = JSON.parse(readFileSync(path.join(dir, 'b-split-openapi.yaml.json'), 'utf8'));
    const schema = doc.paths['/pets'].get.responses['200'].content['application/json'].schema;
    expect(schema.discriminator.defaultMapping).toBe('#/paths/~1pets/get/responses/200/content/application~1json/schema/oneOf/1');
    expect(schema.oneOf[1].required).toEqual(['name']);
  });
});

describe('socialgen diff of two 3.2 documents', () => {
  it('reports a scheme that became deprecated, and counts the changes by tag hierarchy', async () => {
    const head = path.join(dir, 'head.yaml');
    const text = readFileSync(FIXTURE, 'utf8');
    writeFileSync(head, text.replace('      type: oauth2\n', '      type: oauth2\n      deprecated: true\n').replace(/  \/uploads:\n[\s\S]*?(?=  \/events:)/, ''));
    const io = memoryIO(repoRoot);
    await main(['diff', FIXTURE, head, '--format', 'json'], io);
    const report = JSON.parse(io.stdout.join('\n'));
    expect(report.changes.map((c: { id: string }) => c.id).sort()).toEqual(['endpoint-removed', 'security-scheme-deprecated']);
    expect(report.tagGroups).toEqual([
      { tag: 'media', title: 'Media', depth: 0, breaking: 1, warning: 0, info: 0 },
      { tag: 'uploads', title: 'Uploads', depth: 1, breaking: 1, warning: 0, info: 0 },
      { tag: 'pets', title: 'Pets', depth: 0, breaking: 0, warning: 0, info: 0 },
      { tag: 'beta', title: 'Beta', depth: 0, breaking: 0, warning: 0, info: 0 },
    ]);
  });
});
