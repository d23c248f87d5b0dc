/**
 * docs/plugins.md promises that a plugin's README example built only from its API (statements as nodes in
 * a module of the printer, returned by `package.example`) lands in the README as prettier prints it, with
 * no prettier run and no width measured by anyone but the printer. This test takes the document's example
 * (the `js` block under "The README example") verbatim, puts it in a plugin, and writes its package files
 * for hostile and real specs: the README must be claimed formatted and prettier (markdown, the formatter of
 * record) must leave it exactly as it is. The other side of the claim: a module with a statement the
 * printer left to prettier, and an example given as text, send the README to prettier. The targets built
 * on the same API (query, zod, mcp, msw, the server adapters) are held to the same claim.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRETTIER_OPTIONS } from '../../generator/src/codegen/layout-options.ts';
import { adapterEmitters } from '../../generator/src/emit/adapters/index.ts';
import { createEmitContext, type EmitContext, type PackageInfo, type TargetEmitter } from '../../generator/src/emit/emitter.ts';
import { mcpEmitter } from '../../generator/src/emit/mcp/index.ts';
import { mswEmitter } from '../../generator/src/emit/msw/index.ts';
import { queryEmitter } from '../../generator/src/emit/query/index.ts';
import { zodEmitter } from '../../generator/src/emit/zod/index.ts';
import { packageFiles, pluginExample } from '../../generator/src/emit/package/index.ts';
import { loadModel } from '../../generator/src/load-model.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { corpusDir, fixtureSpecsDir, projectSpec, repoRoot, tempDir } from '../helpers/paths.ts';

const tmp = tempDir('socialgen-readme-example-');
afterAll(() => tmp.remove());

/** The document's README example, as written there. */
function documentedExample(): string {
  const doc = readFileSync(path.join(repoRoot, 'docs/plugins.md'), 'utf8');
  const block = /```js\n([\s\S]*?)\n```/.exec(doc.slice(doc.indexOf('### The README example')));
  if (!block) throw new Error('docs/plugins.md has no README example');
  return block[1]!;
}

const SPECS = [path.join(fixtureSpecsDir, 'adversarial.yaml'), path.join(fixtureSpecsDir, 'parameters.yaml'), projectSpec, path.join(corpusDir, 'petstore/petstore-3.0.openapi.yaml')];
const models = new Map<string, ApiModel>();
let documented: PackageInfo;
beforeAll(async () => {
  const file = path.join(tmp.dir, 'routes-example.js');
  mkdirSync(tmp.dir, { recursive: true });
  writeFileSync(file, documentedExample());
  documented = ((await import(file)) as { pkg: PackageInfo }).pkg;
  for (const spec of SPECS) models.set(spec, (await loadModel(spec)).model);
}, 60_000);

const API_TARGETS = [queryEmitter, zodEmitter, mcpEmitter, mswEmitter, ...Object.values(adapterEmitters)];
const names = Object.fromEntries(['routes', 'types', 'client', 'server', ...API_TARGETS.map((e) => e.name)].map((t) => [t, `@my-api/${t}`]));
const context: EmitContext = createEmitContext({ packages: { scope: 'my-api', names, version: '1.0.0' }, generatorVersion: '0.0.0-test' });
const plugin = (pkg: PackageInfo): TargetEmitter => ({ name: 'routes', dependsOn: [], files: ['src/index.ts'], package: pkg, emit: () => [] });
const readmeOf = (emitter: TargetEmitter, model: ApiModel) => packageFiles(emitter, model, context, { license: 'MIT', licenseHolder: 'x' }).find((f) => f.path === 'README.md')!;
const readme = (pkg: PackageInfo, model: ApiModel) => readmeOf(plugin(pkg), model);
const markdown = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'markdown' });

describe("the README example of docs/plugins.md", () => {
  it.each(SPECS.map((spec) => [path.basename(spec), spec]))('lands in the README as prettier prints it, claimed formatted: %s', async (_, spec) => {
    const model = models.get(spec)!;
    const file = readme(documented, model);
    const example = pluginExample(plugin(documented), model, context);
    expect(example.printed).toBe(true);
    expect(example.text).toMatch(/^import \{ routes \} from '@my-api\/routes';\n\nconsole\.log\(routes\.\w+\.method, /);
    expect(file.contents).toContain(`\`\`\`ts\n${example.text}\`\`\``);
    expect(file.formatted).toBe(true);
    expect(await markdown(file.contents)).toBe(file.contents);
  });

  it('a statement the printer leaves to prettier sends the README to prettier, which then has the last word', async () => {
    const model = models.get(projectSpec)!;
    const pkg: PackageInfo = {
      example(m, c) {
        // What `node()` does with a shape the printer does not reproduce: the compiler's text, left to prettier.
        return c.printer.module().node(c.nodes.importDeclaration({ names: ['routes'] }, '@my-api/routes')).statement('const  wide = {a:1}', false);
      },
    };
    expect(pluginExample(plugin(pkg), model, context).printed).toBe(false);
    const file = readme(pkg, model);
    expect(file.formatted).toBeUndefined();
    expect(file.format).toBe('markdown');
  });

  it("an example given as text goes to prettier, unless the plugin gives its word that the printer wrote it", async () => {
    const model = models.get(projectSpec)!;
    const text = pluginExample(plugin(documented), model, context).text;
    expect(readme({ ...documented, example: text }, model).formatted).toBeUndefined();
    const claimed = readme({ ...documented, example: () => text, examplePrinted: true }, model);
    expect(claimed.formatted).toBe(true);
    expect(await markdown(claimed.contents)).toBe(claimed.contents);
    // The same README either way: the printer's markdown layout is what prettier makes of the text.
    expect(claimed.contents).toBe(readme(documented, model).contents);
  });

  it.each(API_TARGETS.map((e) => [e.name, e]))("the %s target's README (its example a module of the printer, or msw's printed text): claimed formatted, prettier's", async (_, emitter) => {
    for (const spec of [projectSpec, path.join(fixtureSpecsDir, 'adversarial.yaml')]) {
      const file = readmeOf(emitter, models.get(spec)!);
      expect(file.formatted, spec).toBe(true);
      expect(await markdown(file.contents), spec).toBe(file.contents);
    }
  });
});
