/**
 * The command and the API load dist/bundle/ (generator/scripts/bundle-cli.mjs: the compiled modules bundled
 * by esbuild, code-split, one build for both entries). A plugin imports the package's API and the command
 * runs it: both must see the same classes. Each bundled module's `import.meta.url` must still name its own
 * compiled module in dist/, where its assets are read. Runs the built command (`npm test` builds it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../helpers/paths.ts';
import { socialgenBin, writePipelineSpec } from './helpers.ts';

const tmp = tempDir('socialgen-bundle-');
afterAll(() => tmp.remove());
const bundle = path.join(repoRoot, 'generator/dist/bundle');

describe('the bundled command and API', () => {
  it("a plugin's OptionError, imported from the package, is the command's own class (a config error, exit 2)", { timeout: 60_000 }, () => {
    const dir = path.join(tmp.dir, 'plugin');
    writePipelineSpec(dir);
    // `socialgen` resolves as in a project that installed it: through the package's exports.
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(path.join(repoRoot, 'generator'), path.join(dir, 'node_modules/socialgen'), 'dir');
    writeFileSync(path.join(dir, 'plugin.js'), "import { OptionError } from 'socialgen';\nexport default { name: 'styled', emit: () => { throw new OptionError('options.styled.style must be \"a\" or \"b\"'); } };\n");
    writeFileSync(path.join(dir, 'socialgen.config.yaml'), 'spec: api.yaml\nplugins: [./plugin.js]\n');
    const run = spawnSync(process.execPath, [socialgenBin, 'generate', '-q', '--target', 'types,styled'], { cwd: dir, encoding: 'utf8' });
    expect(run.stderr).toBe('socialgen: config: options.styled.style must be "a" or "b"\n');
    expect(run.status).toBe(2);
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it("every bundled module's import.meta.url names its own compiled module in dist/", () => {
    const own = /new URL\("([^"]+)", import\.meta\.url\)\.href/g;
    let count = 0;
    for (const file of readdirSync(bundle).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(bundle, file), 'utf8');
      for (const [, relative] of text.matchAll(own)) {
        count++;
        expect(relative, file).toMatch(/^\.\.\/(?!bundle\/).+\.m?js$/);
        expect(existsSync(path.join(bundle, relative!)), `${file}: ${relative}`).toBe(true);
      }
      expect(text.replace(own, ''), file).not.toContain('import.meta.url');
    }
    // The client and server runtimes, the validators' helpers, the templates, the workers, createRequire's bases...
    expect(count).toBeGreaterThan(20);
  });
});
