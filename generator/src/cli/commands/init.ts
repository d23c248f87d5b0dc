/**
 * `socialgen init`: sets a project up — a commented `socialgen.config.yaml` and a `generate` script in its
 * package.json. It refuses to overwrite: an existing config file or a different script of that name stops
 * it before anything is written. The targets come from `--target`, else (on a terminal) an answer, else the
 * default, with every target listed in the config's comments. The files layout wants an ESM package: a
 * package.json without `"type": "module"` is set to it after a yes on a terminal, else named in a warning.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { UsageError } from '../../errors.ts';
import { colors } from '../io.ts';
import { CONFIG_FILES, findSpec } from '../../config.ts';
import { parseTargets } from '../options.ts';

interface InitFlags {
  spec?: string;
  out: string;
  layout: string;
  script: string;
  target?: string;
}

/** Every target `init` offers, with what it is (the config comment and the question list them). */
const TARGET_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ['types', 'TypeScript types of every schema and operation (no runtime code)'],
  ['validators', 'compiled runtime validators, also as Standard Schema'],
  ['client', 'a typed fetch client (uses types; loads validators only when validation is on)'],
  ['server', 'typed server stubs on Request/Response, validating every request, and a mock'],
  ['query', 'TanStack Query options and hooks over the client (opt-in)'],
  ['msw', 'Mock Service Worker handlers from the spec (opt-in)'],
  ['express', 'the server handler as Express middleware (opt-in)'],
  ['fastify', 'the server handler as a Fastify plugin (opt-in)'],
  ['hono', 'the server handler as a Hono app (opt-in)'],
  ['koa', 'the server handler as Koa middleware (opt-in)'],
  ['next', 'the server handler as Next.js App Router route handlers (opt-in)'],
  ['zod', 'Zod 4 schemas meaning what the validators mean (opt-in)'],
  ['mcp', 'an MCP server with a tool per operation, over the client (opt-in; uses zod)'],
];
const DEFAULT_TARGETS = ['types', 'validators', 'client', 'server'];

export function registerInit(program: Command, ctx: CommandContext): void {
  program
    .command('init')
    .description('write a commented socialgen.config.yaml and a "generate" npm script into this project')
    .option('-s, --spec <file>', 'the OpenAPI document (default: openapi.yaml/.yml/.json in this folder, in openapi/ or in spec/, if one exists, else openapi.yaml)')
    .option('-o, --out <dir>', 'the output folder', 'src/api')
    .option('-l, --layout <layout>', 'files (plain modules your application compiles) or packages (npm packages)', 'files')
    .option('--script <name>', 'the npm script to add', 'generate')
    .option('-t, --target <list>', `the targets to write, comma-separated (default: ${DEFAULT_TARGETS.join(',')}; on a terminal init asks): ${TARGET_CHOICES.map(([t]) => t).join(', ')}`)
    .action(async (flags: InitFlags) => {
      const cwd = ctx.io.cwd;
      if (flags.layout !== 'files' && flags.layout !== 'packages') throw new UsageError(`unknown layout ${JSON.stringify(flags.layout)}; choose files or packages`);
      const chosen = flags.target === undefined ? undefined : parseTargets(flags.target);
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
      const targets = chosen ?? (ctx.io.ask ? await askTargets(ctx.io.ask) : undefined);
      // The files layout's modules import each other by `.js` paths, which Node and TypeScript read as ESM only in a "type": "module" package.
      const notEsm = flags.layout === 'files' && pkg.type !== 'module';
      const makeEsm = notEsm && ctx.io.ask !== undefined && /^(y|yes|)$/i.test(await ctx.io.ask(`package.json has ${pkg.type === undefined ? 'no "type"' : `"type": ${JSON.stringify(pkg.type)}`}; the files layout needs "type": "module". Set it? [Y/n] `));

      // The config first, with `wx` so a file that appeared meanwhile is not overwritten either.
      writeFileSync(path.join(cwd, 'socialgen.config.yaml'), configText(spec, flags.out, flags.layout, targets), { flag: 'wx' });
      if (makeEsm) pkg.type = 'module';
      if (current === undefined || makeEsm) {
        if (current === undefined) pkg.scripts = { ...pkg.scripts, [flags.script]: command };
        const indent = /^[\t ]+(?=")/m.exec(packageText)?.[0] ?? '  ';
        writeFileSync(packageFile, JSON.stringify(pkg, null, indent) + (packageText.endsWith('\n') ? '\n' : ''));
      }
      const c = colors(ctx.io);
      ctx.io.out(`${c.green('✓')} wrote socialgen.config.yaml (spec: ${spec}, out: ${flags.out}, layout: ${flags.layout})`);
      ctx.io.out(current === undefined ? `${c.green('✓')} added the "${flags.script}" script to package.json: ${command}` : `  package.json already has the "${flags.script}" script`);
      if (makeEsm) ctx.io.out(`${c.green('✓')} set "type": "module" in package.json (the files layout is ESM)`);
      else if (notEsm) {
        ctx.io.err(`socialgen: warning: package.json has ${pkg.type === undefined ? 'no "type"' : `"type": ${JSON.stringify(pkg.type)}`}, but the files layout writes ESM modules (imports ending in .js): set it with \`npm pkg set type=module\` (or use --layout packages)`);
      }
      if (!existsSync(path.join(cwd, spec))) ctx.io.out(`  note: ${spec} does not exist yet; put your OpenAPI document there or change \`spec\` in socialgen.config.yaml`);
      ctx.io.out(`Next: npm run ${flags.script}`);
    });
}

/** The question `init` asks on a terminal; an empty answer keeps the default (no `targets` key written). */
async function askTargets(ask: (question: string) => Promise<string>): Promise<string[] | undefined> {
  const list = TARGET_CHOICES.map(([t, what]) => `  ${t.padEnd(11)}${what}`).join('\n');
  const answer = await ask(`Which targets? (comma-separated; Enter for ${DEFAULT_TARGETS.join(',')})\n${list}\n> `);
  return answer ? parseTargets(answer) : undefined;
}

/** The config file: every key, the chosen ones set, the rest commented out with their defaults. */
export function configText(spec: string, out: string, layout: string, targets?: readonly string[]): string {
  const targetList = TARGET_CHOICES.map(([t, what]) => `#   ${t.padEnd(11)}${what}`).join('\n');
  const targetLine = targets ? `targets: [${targets.map((t) => JSON.stringify(t)).join(', ')}]` : `# targets: [${DEFAULT_TARGETS.join(', ')}]`;
  // Values are JSON strings: valid YAML scalars whatever characters a path has.
  return `# socialgen configuration (written by \`socialgen init\`). Every key is optional; flags of
# \`socialgen generate\` override it. \`socialgen check\` (in CI) fails when the output is not current.
# An unknown key is an error (with a "did you mean").

# The OpenAPI 3.0/3.1 document, YAML or JSON, a file or an http(s) URL; relative $refs are followed
# (against the URL for a remote spec). A URL is fetched on every generate and check.
spec: ${JSON.stringify(spec)}

# Request headers for a spec given as a URL (sent to its host only); \${NAME} reads an environment variable.
# headers:
#   Authorization: "Bearer \${API_TOKEN}"

# Where the generated code goes: one folder per target, <out>/<target>/, each with a README on its use.
out: ${JSON.stringify(out)}

# files:    plain TypeScript modules your application compiles with its own sources
#           (import { createClient } from './api/client/index.js'); needs "type": "module".
# packages: each target an npm package (package.json, README, LICENSE) to build and publish.
layout: ${JSON.stringify(layout)}

# The targets to write. Default: types, validators, client and server (and every plugin's target);
# query, msw, zod, mcp and the server adapters are opt-in. With layout: files a target brings the ones it imports (client: types, validators).
${targetList}
${targetLine}

# Format the output with prettier (fixed settings; no prettier config is read).
# format: true

# Date: date-time and date members are Date objects in the types, client and server (default: string).
# dates: Date

# bigint: integer/int64 members are bigints in the types, client, server, validators and mock, read
# and written without precision loss above 2^53 (default: number; the flag --int64 bigint does the same).
# int64: bigint

# How a listing pages, by operationId, for specs without x-pagination (false: not paginated); see
# socialgen's docs/pagination.md.
# pagination:
#   listPosts: { tokenParameter: cursor, nextTokenPointer: /next_cursor, itemsPointer: /data }

# Your own targets: modules that export an emitter (see socialgen's docs/plugins.md).
# plugins: [./tools/my-plugin.js]

# With layout: packages, the package names are @<scope>/<target>; the scope defaults to the spec's
# info.title without words about the document ("GitHub's official OpenAPI spec" → github). The version is
# info.version when it is semver (23.0.2), else MAJOR.MINOR.patch; setting patch (0-999) counts
# regenerations of one spec version (1.2.3 → 1.2.3000 + patch).
# packages:
#   scope: my-api
#   names: { client: my-api-client }
#   patch: 0
#   license: MIT

# Options passed to one target's emitter.
# options:
#   validators:
#     inlineLimit: 30
`;
}
