/**
 * Types generation speed and memory: `socialgen generate --target types` against openapi-typescript on
 * the bundled spec and on GitHub's REST API description (13 MB, 1,223 operations), in the same run.
 * Target (issue 3): GitHub types in no more time than openapi-typescript, under 1 GB.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCommand, printTable } from './_measure.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GITHUB = path.resolve(root, '../shared/corpus/specs/github/api.github.com.octokit-openapi-23.0.2.json');
const BUNDLED = path.join(root, 'spec/social-posting.openapi.yaml');

export async function run(): Promise<void> {
  const out = mkdtempSync(path.join(tmpdir(), 'socialgen-bench-types-'));
  const node = process.execPath;
  const socialgen = path.join(root, 'generator/bin/socialgen.js');
  const ots = path.join(root, 'node_modules/openapi-typescript/bin/cli.js');
  try {
    for (const [name, spec] of [['bundled spec', BUNDLED], ['GitHub spec', GITHUB]] as const) {
      if (!existsSync(spec)) {
        console.log(`${name}: ${spec} not found, skipped`);
        continue;
      }
      console.log(`\n${name} (${path.relative(root, spec)})`);
      const peer = measureCommand('openapi-typescript 7', node, [ots, spec, '-o', path.join(out, 'ots.ts')]);
      const raw = measureCommand('socialgen generate --target types --no-format', node, [socialgen, 'generate', '-q', '--target', 'types', '--no-format', '--spec', spec, '--out', path.join(out, 'raw')]);
      const formatted = measureCommand('socialgen generate --target types (prettier)', node, [socialgen, 'generate', '-q', '--target', 'types', '--spec', spec, '--out', path.join(out, 'fmt')], 1);
      printTable([peer, raw, formatted], peer);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
