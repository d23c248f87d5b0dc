/**
 * The package files from templates: every value goes through an escaping helper; spec strings that are
 * hostile to JSON or markdown (quotes, backslashes, newlines, `|`, backticks, HTML) come out intact; the
 * version rule; configurable names and scope; and the README examples are built for any spec.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Handlebars from 'handlebars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageVersion, TEMPLATE_HELPERS, TEMPLATES } from '../../generator/src/emit/package/index.ts';
import { mdCode, mdCodeCell, mdFence, mdText, shellWord } from '../../generator/src/emit/package/markdown.ts';
import { configFor, generateInMemory, writeFiles } from '../helpers/generate.ts';
import { corpusDir, repoRoot, tempDir, tscBin } from '../helpers/paths.ts';
import { shareClientRuntime } from '../helpers/shared-runtime.ts';

type Node = { type: string; path?: { original: string }; escaped?: boolean; params?: Node[]; program?: { body: Node[] }; inverse?: { body: Node[] }; original?: unknown };

/** Every `{{...}}` printing a value: its helper (or bare name) and whether handlebars would HTML-escape it. */
function mustaches(body: Node[], out: Array<{ helper: string; escaped: boolean; params: number }> = []): typeof out {
  for (const node of body) {
    if (node.type === 'MustacheStatement') out.push({ helper: node.path!.original, escaped: node.escaped!, params: node.params!.length });
    if (node.program) mustaches(node.program.body, out);
    if (node.inverse) mustaches(node.inverse.body, out);
  }
  return out;
}

describe('templates', () => {
  it.each(Object.entries(TEMPLATES))('%s (%s) prints values only through its escaping helpers, never through HTML escaping', (file, template) => {
    const source = readFileSync(path.join(repoRoot, 'generator/templates', template), 'utf8');
    const found = mustaches((Handlebars.parse(source) as unknown as { body: Node[] }).body);
    expect(found.length).toBeGreaterThan(0);
    for (const m of found) {
      expect(m.escaped, `{{${m.helper}}} in ${template}: use {{{helper value}}}`).toBe(false);
      expect(TEMPLATE_HELPERS[file as keyof typeof TEMPLATES], `{{{${m.helper} ...}}} in ${template}`).toContain(m.helper);
      expect(m.params, `{{{${m.helper}}}} in ${template} prints nothing`).toBeGreaterThan(0);
    }
  });
});

describe('markdown escaping', () => {
  it('inline text: one line, markup characters and HTML escaped, block markers neutralised', () => {
    expect(mdText('a | b')).toBe('a \\| b');
    expect(mdText('use `x`\nand *y* _z_ [l](u) <b>&amp;</b> ~s~ \\')).toBe('use \\`x\\` and \\*y\\* \\_z\\_ \\[l\\](u) \\<b\\>&amp;amp;\\</b\\> \\~s\\~ \\\\');
    expect(mdText('# not a heading')).toBe('\\# not a heading');
    expect(mdText('- not a list')).toBe('\\- not a list');
    expect(mdText('1. not a list')).toBe('1\\. not a list');
    expect(mdText('===')).toBe('\\===');
    expect(mdText('version 2.166 of v-1')).toBe('version 2.166 of v-1');
    expect(mdText('a\u2028b\u0007c\r\nd')).toBe('a bc d');
  });

  it('code spans: fence longer than any backtick run, pipes escaped in table cells, one line', () => {
    expect(mdCode('/a/{id}')).toBe('`/a/{id}`');
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x`')).toBe('`` `x` ``');
    expect(mdCode('a|b')).toBe('`a|b`');
    expect(mdCodeCell('a|b\nc')).toBe('`a\\|b c`');
    expect(mdCode('')).toBe('` `');
  });

  it('fenced blocks outgrow the backticks inside; shell words are quoted unless plain', () => {
    expect(mdFence('const a = 1;', 'ts')).toBe('```ts\nconst a = 1;\n```');
    expect(mdFence('x = "```"', 'ts')).toBe('````ts\nx = "```"\n````');
    expect(shellWord('@acme/api-client')).toBe('@acme/api-client');
    expect(shellWord("it's; rm -rf")).toBe("'it'\\''s; rm -rf'");
  });
});

describe('package version', () => {
  it.each([
    ['2.166', 0, '2.166.0'],
    ['2.166', 7, '2.166.7'],
    ['2', 0, '2.0.0'],
    ['v3.1', 2, '3.1.2'],
    ['1.2.3', 0, '1.2.3000'],
    ['1.2.3', 4, '1.2.3004'],
    ['1.2.3-rc.01', 1, '1.2.3001-rc.1'],
    ['1.2.3+build.5', 0, '1.2.3000'],
    ['2024-05-17', 0, '2024.517.0'],
    ['2024-11-02', 3, '2024.1102.3'],
    ['latest', 0, '0.0.0'],
    ['', 5, '0.0.5'],
  ] as const)('info.version %j + patch %i → %s', (spec, patch, version) => {
    expect(packageVersion(spec, patch)).toBe(version);
  });

  it.each([
    ['23.0.2', '23.0.2'],
    ['v1.2.3', '1.2.3'],
    ['1.2.3-rc.01', '1.2.3-rc.1'],
    ['1.2.3+build.5', '1.2.3'],
    ['2.166', '2.166.0'],
    ['2024-05-17', '2024.517.0'],
    ['latest', '0.0.0'],
  ] as const)('without packages.patch, info.version %j → %s (a semver version kept as it is)', (spec, version) => {
    expect(packageVersion(spec)).toBe(version);
  });

  it('keeps the order of spec versions (dates, prereleases) and rejects a patch that would overflow into the spec patch', () => {
    const order = (a: string, b: string) => {
      const [x, y] = [a, b].map((v) => v.split(/[.-]/).slice(0, 3).map(Number));
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    };
    expect(order(packageVersion('2024-01-15', 0), packageVersion('2024-11-15', 0))).toBeLessThan(0);
    expect(order(packageVersion('2024-12-31', 9), packageVersion('2025-01-01', 0))).toBeLessThan(0);
    expect(order(packageVersion('1.2.3', 999), packageVersion('1.2.4', 0))).toBeLessThan(0);
    expect(order(packageVersion('2.166', 5), packageVersion('2.167', 0))).toBeLessThan(0);
    expect(() => packageVersion('1.0', 1000)).toThrow(/0 to 999/);
    expect(() => packageVersion('1.0', -1)).toThrow(/0 to 999/);
  });
});

const HOSTILE_TITLE = 'Evil "API" | `tick` <script>alert(1)</script> \\ ünï\nsecond line';
const HOSTILE_SPEC = `openapi: 3.1.0
info:
  title: ${JSON.stringify(HOSTILE_TITLE)}
  version: "1.2.3-rc.01"
  summary: "line one\\nline two | pipe \`code\`"
paths:
  /things/{id}:
    get:
      operationId: getThing
      summary: "Get | a \`thing\`\\nsecond line *bold* [link](http://x) <b>"
      parameters:
        - { name: id, in: path, required: true, schema: { type: string, examples: ["a|b\`\`\`c"] } }
      responses:
        '200':
          description: ok
          content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }
components:
  schemas:
    Thing: { type: object, properties: { id: { type: string } }, examples: [{ id: "x|y" }] }
`;

/** Cells of a markdown table row, split on pipes that are not backslash-escaped. */
function cells(row: string): string[] {
  return row.replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/);
}

describe('package files of a spec whose strings fight JSON and markdown', () => {
  let tmp: { dir: string; remove(): void };
  let formatted: Map<string, string>;
  let unformatted: Map<string, string>;

  beforeAll(async () => {
    tmp = tempDir('socialgen-templates-');
    const spec = path.join(tmp.dir, 'evil.yaml');
    writeFileSync(spec, HOSTILE_SPEC);
    formatted = await generateInMemory(spec, ['types', 'validators', 'client', 'server']);
    unformatted = await generateInMemory(spec, ['types', 'validators', 'client', 'server'], { format: false });
  }, 120_000);
  afterAll(() => tmp?.remove());

  it.each(['types', 'validators', 'client', 'server'])('%s/package.json is valid JSON holding the spec strings exactly (formatted or not)', (target) => {
    for (const files of [formatted, unformatted]) {
      const json = JSON.parse(files.get(`${target}/package.json`)!) as { version: string; description: string; socialgen: { spec: { title: string; version: string } } };
      expect(json.version).toBe('1.2.3-rc.1');
      expect(json.socialgen.spec).toEqual({ title: HOSTILE_TITLE, version: '1.2.3-rc.01', openapi: '3.1.0' });
      expect(json.description.startsWith(`${HOSTILE_TITLE} 1.2.3-rc.01: `)).toBe(true);
      JSON.parse(files.get(`${target}/tsconfig.json`)!);
    }
  });

  it.each(['types', 'client', 'server'])('%s/README.md: tables keep their shape, the operations one item a line, no raw HTML, the title on one line', (target) => {
    for (const files of [formatted, unformatted]) {
      const readme = files.get(`${target}/README.md`)!;
      expect(readme).not.toContain('<script>');
      expect(readme).not.toContain('<b>');
      expect(readme).toContain('**Evil "API" \\| \\`tick\\` \\<script\\>alert(1)\\</script\\> \\\\ ünï second line**');
      const table = readme.split('\n').filter((l) => l.startsWith('|'));
      for (const row of table) expect(cells(row), row).toHaveLength(cells(table[0]).length);
      const items = readme.split('\n').filter((l) => l.startsWith('- ') && (l.includes('getThing') || l.includes('GetThing')));
      expect(items).toHaveLength(1);
      expect(items[0]).toMatch(/^- `(getThing|GetThing)` `GET \/[^`]*`: /);
      expect(items[0]!.endsWith(': Get \\| a \\`thing\\` second line \\*bold\\* \\[link\\](http://x) \\<b\\>')).toBe(true);
    }
  });

  it('the README example survives backticks in spec values (the fence outgrows them)', () => {
    const readme = formatted.get('client/README.md')!;
    const fence = /^(`{3,})ts$/m.exec(readme)![1];
    expect(fence.length).toBeGreaterThan(3);
    expect(readme).toContain("getThing({ id: 'a|b```c' })");
    // Printed as prettier prints it (examples.ts), so the same without the format stage.
    expect(unformatted.get('client/README.md')!).toContain("getThing({ id: 'a|b```c' })");
  });

  it('LICENSE is plain text with the holder on one line', () => {
    expect(unformatted.get('types/LICENSE')!.split('\n').slice(0, 3)).toEqual(['MIT License', '', 'Copyright (c) the authors of the API description']);
  });

  // The built command renders the templates the build precompiled (on Handlebars' runtime alone); these
  // tests run the sources, which compile them at run time: the two must write the same bytes.
  it('the built command, on the precompiled templates, writes the same README and LICENSE files as compiling them now', async () => {
    const { PRECOMPILED } = (await import(pathToFileURL(path.join(repoRoot, 'generator/dist/emit/package/precompiled-templates.js')).href)) as { PRECOMPILED?: Record<string, unknown> };
    expect(Object.keys(PRECOMPILED ?? {}).sort(), 'dist/ is built (npm run build:cli) with every template precompiled').toEqual(Object.values(TEMPLATES).sort());
    const out = path.join(tmp.dir, 'cli');
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'generator/bin/socialgen.js'), 'generate', '-q', '--spec', path.join(tmp.dir, 'evil.yaml'), '--out', out], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const compared = [...formatted.keys()].filter((f) => /(^|\/)(README\.md|LICENSE)$/.test(f));
    expect(compared).toHaveLength(8);
    for (const file of compared) expect(readFileSync(path.join(out, file), 'utf8'), file).toBe(formatted.get(file));
  }, 60_000);
});

describe('names and scope', () => {
  it('a scope and a per-target name rename the packages, their pinned dependencies, the README install lines and imports', async () => {
    const files = await generateInMemory(path.join(repoRoot, 'spec/social-posting.openapi.yaml'), ['types', 'validators', 'client', 'server'], {
      format: false,
      packages: { scope: 'acme', names: { client: 'acme-api-client' }, patch: 3, license: 'Apache-2.0', licenseHolder: 'ACME' },
    });
    const json = (t: string) => JSON.parse(files.get(`${t}/package.json`)!) as { name: string; version: string; license: string; dependencies?: Record<string, string> };
    expect(['types', 'validators', 'client', 'server'].map((t) => json(t).name)).toEqual(['@acme/types', '@acme/validators', 'acme-api-client', '@acme/server']);
    expect(json('server').version).toBe('2.167.3');
    expect(json('server').license).toBe('Apache-2.0');
    expect(json('client').dependencies).toEqual({ '@acme/types': '2.167.3', '@acme/validators': '2.167.3' });
    expect(json('types').dependencies).toBeUndefined();
    const readme = files.get('client/README.md')!;
    expect(readme).toContain('npm install acme-api-client\n');
    expect(readme).toContain("from 'acme-api-client'");
    expect(files.get('server/README.md')!).toContain("from '@acme/types'");
    // The client modules are printed formatted even without the format stage (prettier's single quotes).
    expect(files.get('client/src/client.ts')!).toContain("'@acme/types'");
    expect(files.get('types/LICENSE')!).toMatch(/distributed under the license Apache-2\.0/);
  }, 120_000);
});

describe('README usage examples for other specs type-check (strict) against the generated sources', () => {
  const PACKAGES = ['types', 'validators', 'client', 'server'] as const;
  const specs: Array<[string, string | (() => string)]> = [
    ['petstore 3.0 (api key, OAuth 2.0, XML alternatives)', path.join(corpusDir, 'petstore/petstore-3.0.openapi.yaml')],
    ['petstore 3.1 (design first)', path.join(corpusDir, 'petstore/petstore-3.1.design-first.yaml')],
    ['the hostile spec above (no security, backticks in values)', () => HOSTILE_SPEC],
    ['a spec whose operations all need a body (no simple operation: fallback examples)', () => `openapi: 3.1.0
info: { title: Bodies, version: "1" }
paths:
  /things:
    post:
      operationId: makeThing
      requestBody: { required: true, content: { application/json: { schema: { type: object } } } }
      responses: { '201': { description: made } }
components:
  schemas:
    Thing: { type: object }
`],
  ];

  /**
   * One strict tsc program for the four specs (a program each cost a compiler start and the libraries'
   * parse each time): spec i is generated with the scope `readme-i`, so its examples import `@readme-i/…`
   * and `paths` sends each scope to its own generated sources. The scope only names the packages (the
   * rename itself is tested above); what the examples call is what the default scope would give.
   */
  let tmp: { dir: string; remove(): void };
  /** Per spec: the examples found (undefined when its corpus file is absent on this machine). */
  const examples = new Map<number, Array<string | undefined>>();
  let compiled: { status: number | null; output: string };
  let sharedRuntime = 0;
  beforeAll(async () => {
    tmp = tempDir('socialgen-readme-');
    const files: string[] = [];
    const paths: Record<string, string[]> = {};
    for (const [i, [, spec]] of specs.entries()) {
      const dir = path.join(tmp.dir, `spec${i}`);
      mkdirSync(dir, { recursive: true });
      const specFile = typeof spec === 'string' ? spec : path.join(dir, 'spec.yaml');
      if (typeof spec === 'function') writeFileSync(specFile, spec());
      if (!existsSync(specFile)) continue; // the shared corpus is absent on this machine
      const scope = `readme-${i}`;
      const generated = await generateInMemory(specFile, [...PACKAGES], { format: false, packages: { ...configFor(specFile, [...PACKAGES]).packages, scope } });
      writeFiles(path.join(dir, 'pkgs'), generated);
      const found: Array<string | undefined> = [];
      for (const target of PACKAGES) {
        const example = /^(`{3,})ts\n([\s\S]*?)\n\1$/m.exec(generated.get(`${target}/README.md`)!)?.[2];
        found.push(example);
        paths[`@${scope}/${target}`] = [`./spec${i}/pkgs/${target}/src/index.ts`];
        if (example === undefined) continue;
        writeFileSync(path.join(dir, `readme-${target}.ts`), example);
        files.push(`spec${i}/readme-${target}.ts`);
      }
      examples.set(i, found);
    }
    // The client runtime checked once (shared-runtime.ts): the later specs' copies are the first's.
    const outputs = [...examples.keys()].map((i) => path.join(tmp.dir, `spec${i}`, 'pkgs'));
    sharedRuntime = shareClientRuntime(outputs).stubbed;
    writeFileSync(path.join(tmp.dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      path.join(tmp.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], strict: true, noEmit: true, skipLibCheck: true,
          types: ['node'], typeRoots: [path.join(repoRoot, 'node_modules/@types')],
          paths,
        },
        files,
      }),
    );
    const run = spawnSync(tscBin, ['-p', 'tsconfig.json', '--pretty', 'false'], { cwd: tmp.dir, encoding: 'utf8' });
    compiled = { status: run.status, output: run.stdout + run.stderr };
  }, 240_000);
  afterAll(() => tmp?.remove());

  it.each(specs.map(([name], i) => [name, i] as const))('%s', (_name, i) => {
    const found = examples.get(i);
    if (!found) return; // the shared corpus is absent on this machine
    PACKAGES.forEach((target, t) => expect(found[t], `${target} README has a ts example`).toBeDefined());
    // The program's diagnostics are printed with paths relative to its folder.
    expect(compiled.output.split('\n').filter((line) => line.startsWith(`spec${i}/`))).toEqual([]);
  });

  it('the one program compiles: no diagnostic anywhere', () => {
    // Every later spec's client runtime was the first's, so the program held one copy.
    if (examples.size > 1) expect(sharedRuntime).toBe((examples.size - 1) * readdirSync(path.join(tmp.dir, `spec${[...examples.keys()][0]}`, 'pkgs/client/src/runtime')).length);
    expect(compiled.output).toBe('');
    expect(compiled.status).toBe(0);
  });
});
