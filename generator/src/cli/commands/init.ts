/**
 * `socialgen init`: sets a project up — a commented `socialgen.config.yaml` and a `generate` script in its
 * package.json. It refuses to overwrite: an existing config file or a different script of that name stops
 * it before anything is written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { UsageError } from '../../errors.ts';
import { colors } from '../io.ts';
import { CONFIG_FILES, findSpec } from '../../config.ts';

interface InitFlags {
  spec?: string;
  out: string;
  layout: string;
  script: string;
}

export function registerInit(program: Command, ctx: CommandContext): void {
  program
    .command('init')
    .description('write a commented socialgen.config.yaml and a "generate" npm script into this project')
    .option('-s, --spec <file>', 'the OpenAPI document (default: openapi.yaml/.yml/.json in this folder, in openapi/ or in spec/, if one exists, else openapi.yaml)')
    .option('-o, --out <dir>', 'the output folder', 'src/api')
    .option('-l, --layout <layout>', 'files (plain modules your application compiles) or packages (npm packages)', 'files')
    .option('--script <name>', 'the npm script to add', 'generate')
    .action((flags: InitFlags) => {
      const cwd = ctx.io.cwd;
      if (flags.layout !== 'files' && flags.layout !== 'packages') throw new UsageError(`unknown layout ${JSON.stringify(flags.layout)}; choose files or packages`);
      const existing = CONFIG_FILES.find((name) => existsSync(path.join(cwd, name)));
      if (existing) throw new UsageError(`${existing} already exists; init changes nothing (edit it, or delete it to start over)`);
      const packageFile = path.join(cwd, 'package.json');
      if (!existsSync(packageFile)) throw new UsageError(`no package.json in ${cwd}: run \`npm init\` first (init adds a script to it); nothing was written`);
      const packageText = readFileSync(packageFile, 'utf8');
      let pkg: { scripts?: Record<string, unknown> } & Record<string, unknown>;
      try {
        pkg = JSON.parse(packageText) as typeof pkg;
      } catch (error) {
        throw new UsageError(`package.json is not valid JSON (${(error as Error).message}); nothing was written`);
      }
      if (!pkg || typeof pkg !== 'object' || Array.isArray(pkg)) throw new UsageError('package.json is not a JSON object; nothing was written');
      const command = 'socialgen generate';
      const current = pkg.scripts?.[flags.script];
      if (current !== undefined && current !== command) {
        throw new UsageError(`package.json already has a ${JSON.stringify(flags.script)} script (${JSON.stringify(current)}); choose another name with --script; nothing was written`);
      }
      const found = findSpec(cwd);
      const spec = flags.spec ?? (found ? path.relative(cwd, found).split(path.sep).join('/') : 'openapi.yaml');

      // The config first, with `wx` so a file that appeared meanwhile is not overwritten either.
      writeFileSync(path.join(cwd, 'socialgen.config.yaml'), configText(spec, flags.out, flags.layout), { flag: 'wx' });
      if (current === undefined) {
        pkg.scripts = { ...pkg.scripts, [flags.script]: command };
        const indent = /^[\t ]+(?=")/m.exec(packageText)?.[0] ?? '  ';
        writeFileSync(packageFile, JSON.stringify(pkg, null, indent) + (packageText.endsWith('\n') ? '\n' : ''));
      }
      const c = colors(ctx.io);
      ctx.io.out(`${c.green('✓')} wrote socialgen.config.yaml (spec: ${spec}, out: ${flags.out}, layout: ${flags.layout})`);
      ctx.io.out(current === undefined ? `${c.green('✓')} added the "${flags.script}" script to package.json: ${command}` : `  package.json already has the "${flags.script}" script`);
      if (!existsSync(path.join(cwd, spec))) ctx.io.out(`  note: ${spec} does not exist yet; put your OpenAPI document there or change \`spec\` in socialgen.config.yaml`);
      ctx.io.out(`Next: npm run ${flags.script}`);
    });
}

/** The config file: every key, the chosen ones set, the rest commented out with their defaults. */
export function configText(spec: string, out: string, layout: string): string {
  // Values are JSON strings: valid YAML scalars whatever characters a path has.
  return `# socialgen configuration (written by \`socialgen init\`). Every key is optional; flags of
# \`socialgen generate\` override it. \`socialgen check\` (in CI) fails when the output is not current.

# The OpenAPI 3.0/3.1 document, YAML or JSON; relative $refs to other files are followed.
spec: ${JSON.stringify(spec)}

# Where the generated code goes: one folder per target, <out>/<target>/.
out: ${JSON.stringify(out)}

# files:    plain TypeScript modules your application compiles with its own sources
#           (import { createClient } from './api/client/index.js').
# packages: each target an npm package (package.json, README, LICENSE) to build and publish.
layout: ${JSON.stringify(layout)}

# The targets to generate; default: all of them, plugins' targets included.
# targets: [types, validators, client, server]

# Format the output with prettier (fixed settings; no prettier config is read).
# format: true

# Your own targets: modules that export an emitter (see socialgen's docs/plugins.md).
# plugins: [./tools/my-plugin.js]

# With layout: packages, the package names are @<scope>/<target>; the scope defaults to a slug of the
# spec's info.title.
# packages:
#   scope: my-api
#   names: { client: my-api-client }
#   license: MIT

# Options passed to one target's emitter.
# options:
#   server:
#     ownerExtension: x-owner
`;
}
