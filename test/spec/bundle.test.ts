// One document for every tool: `socialgen bundle` writes the split spec as a single file, and two
// independent tools accept it: openapi-typescript (types from the bundle, discriminated unions included)
// and Redocly (lint `recommended`, zero errors). The discriminator mappings of the split files survive
// a bundler that does not rewrite them (json-schema-ref-parser), and `socialgen bundle` rewrites the
// file-relative mappings of other specs. Bad input: a clear message, exit 2, no file written.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { lintFromString } from '@redocly/openapi-core';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { recommendedConfig, repoRoot, specPath, type Json } from './helpers.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'socialgen-bundle-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundleCli(...args: string[]) {
  const io = memoryIO(repoRoot);
  const code = await main(['bundle', ...args], io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

/** Every `$ref` and discriminator mapping value of a document. */
function references(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => references(n, out));
  else if (node && typeof node === 'object') {
    if (typeof node.$ref === 'string') out.push(node.$ref);
    if (node.discriminator?.mapping) out.push(...Object.values<string>(node.discriminator.mapping));
    for (const [k, v] of Object.entries(node)) if (k !== 'examples' && k !== 'example') references(v, out);
  }
  return out;
}

function resolves(doc: Json, ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  let node = doc;
  for (const part of ref.slice(2).split('/')) node = node?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  return node !== undefined;
}

describe('socialgen bundle', () => {
  let yamlText: string;
  let doc: Json;

  beforeAll(async () => {
    const out = path.join(dir, 'bundled.yaml');
    const r = await bundleCli('--spec', specPath, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    yamlText = readFileSync(out, 'utf8');
    doc = parse(yamlText);
  });

  it('writes one document whose every $ref and mapping is internal and resolves', () => {
    const refs = references(doc);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((r) => !resolves(doc, r))).toEqual([]);
    expect(doc.components.schemas.Media.discriminator.mapping).toEqual({
      photo: '#/components/schemas/Photo',
      video: '#/components/schemas/Video',
      animated_gif: '#/components/schemas/AnimatedGif',
    });
  });

  it('openapi-typescript turns it into types, the Media union discriminated by type', async () => {
    const ts = astToString(await openapiTS(yamlText));
    expect(ts).toMatch(/Media: components\["schemas"\]\["Photo"\] \| components\["schemas"\]\["Video"\] \| components\["schemas"\]\["AnimatedGif"\]/);
    // The discriminator narrowed each variant's `type` to its mapping key.
    expect(ts).toMatch(/Photo:[\s\S]*?type: "photo"/);
    expect(ts).toContain('"/2/users/{id}/bookmarks"');
  });

  it('Redocly lints it (recommended) with zero errors', async () => {
    const config = await recommendedConfig();
    const problems = await lintFromString({ source: yamlText, absoluteRef: path.join(dir, 'bundled.yaml'), config });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('JSON output (by --format, or by the .json extension) is the same document', async () => {
    const r = await bundleCli('--spec', specPath, '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(doc);
    const out = path.join(dir, 'bundled.json');
    expect((await bundleCli('--spec', specPath, '--out', out)).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(doc);
  });

  it('the split mappings survive a bundler that does not rewrite them (json-schema-ref-parser)', async () => {
    const bundled = (await new $RefParser().bundle(specPath)) as Json;
    const mappings = references(bundled).filter((r) => r.startsWith('#/components/schemas/Dm') || /Photo|Video|AnimatedGif/.test(r));
    expect(mappings.length).toBeGreaterThan(5);
    expect(references(bundled).filter((r) => !resolves(bundled, r))).toEqual([]);
  });

  it('rewrites file-relative mappings of another split spec to the bundled pointers', async () => {
    const spec = path.join(dir, 'split');
    mkdirSync(spec, { recursive: true });
    writeFileSync(
      path.join(spec, 'api.yaml'),
      `openapi: 3.1.0
info: { title: Pets, version: '1', license: { name: MIT, identifier: MIT } }
servers: [{ url: 'https://pets.invalid' }]
security: []
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema: { type: array, items: { $ref: './pets.yaml#/Pet' } }
        '4XX': { description: Bad request }
components:
  schemas:
    Pet: { $ref: './pets.yaml#/Pet' }
    Cat: { $ref: './pets.yaml#/Cat' }
    Dog: { $ref: './pets.yaml#/Dog' }
`,
    );
    writeFileSync(
      path.join(spec, 'pets.yaml'),
      `Pet:
  oneOf: [{ $ref: '#/Cat' }, { $ref: '#/Dog' }]
  discriminator: { propertyName: kind, mapping: { cat: '#/Cat', dog: '#/Dog' } }
Cat: { type: object, required: [kind], properties: { kind: { const: cat } } }
Dog: { type: object, required: [kind], properties: { kind: { const: dog } } }
`,
    );
    const r = await bundleCli('--spec', path.join(spec, 'api.yaml'), '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const mapping = out.components.schemas.Pet.discriminator.mapping;
    expect(Object.values<string>(mapping).every((m) => resolves(out, m))).toBe(true);
    expect(resolves(out, '#/Cat')).toBe(false);
    expect(out.components.schemas[mapping.cat.split('/').pop()].properties.kind.const ?? resolvesTo(out, mapping.cat).properties.kind.const).toBe('cat');
  });

  it('bad input: a clear message, exit 2, nothing written', async () => {
    const out = path.join(dir, 'never.yaml');
    const missing = await bundleCli('--spec', path.join(dir, 'nope.yaml'), '--out', out);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.yaml.*file not found/);
    expect(existsSync(out)).toBe(false);
    const format = await bundleCli('--spec', specPath, '--format', 'xml', '--out', out);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('unknown --format "xml"; choose yaml or json');
    expect(existsSync(out)).toBe(false);
    const broken = path.join(dir, 'broken.yaml');
    writeFileSync(broken, 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: "./missing.yaml#/A"\n');
    const bad = await bundleCli('--spec', broken, '--out', out);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/broken\.yaml:\d+:\d+: .*missing\.yaml/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });
});

function resolvesTo(doc: Json, ref: string): Json {
  let node = doc;
  for (const part of ref.slice(2).split('/')) node = node?.[part];
  return node;
}
