/** Options shared by the commands that generate: flags override the config file, which overrides defaults. */
import type { Command } from 'commander';
import { findConfig, loadConfig, type DatesOption, type Int64Option, type Layout, type SocialgenConfig } from '../config.ts';
import { TARGETS } from '../emit/emitter.ts';
import path from 'node:path';
import { UsageError } from '../errors.ts';
import { isUrl } from '../load/remote.ts';

export interface GenerateFlags {
  spec?: string;
  out?: string;
  target?: string;
  config?: string;
  format?: boolean;
  layout?: string;
  dates?: string;
  int64?: string;
  quiet?: boolean;
}

/** The help of every command's `--spec`: where the spec comes from when the flag is not given. */
export const SPEC_HELP = 'the root OpenAPI document, a file or an http(s) URL (default: the config file\'s `spec`, else openapi.yaml/.yml/.json in this folder, in openapi/ or in spec/)';

/** The help of `--int64` (generate, mock). */
export const INT64_HELP = 'number (default) or bigint: integer/int64 members as bigint in the types, client, server and validators, without precision loss';

/** The help of the positional spec argument of generate, check, mock and bundle. */
export const SPEC_ARGUMENT_HELP = 'the OpenAPI document, a file or an http(s) URL (the same as --spec)';

/**
 * The spec of a command that takes it as `[spec]` or `--spec`: either one, or both when they agree. The
 * positional form is openapi-typescript's (`socialgen generate openapi.yaml`).
 */
export function specArgument(positional: string | undefined, flag: string | undefined): string | undefined {
  if (positional !== undefined && flag !== undefined && positional !== flag) throw new UsageError(`two specs named: ${JSON.stringify(positional)} and --spec ${JSON.stringify(flag)}; give one`);
  return positional ?? flag;
}

export function addGenerateOptions(command: Command): Command {
  return command
    .option('-s, --spec <file>', SPEC_HELP)
    .option('-o, --out <dir>', 'the output folder (default: generated)')
    .option('-t, --target <list>', `comma-separated targets: ${TARGETS.join(',')}, the opt-in query,msw, or a plugin's (default: the four and every plugin's)`)
    .option('-l, --layout <layout>', 'packages (each target an npm package) or files (plain TypeScript modules) (default: packages)')
    .option('--dates <kind>', 'string (default) or Date: date-time/date members as Date objects in the types, client and server')
    .option('--int64 <kind>', INT64_HELP)
    .option('-c, --config <file>', 'config file (default: socialgen.config.json/.yaml in the current folder, if any)')
    .option('--no-format', 'skip prettier (faster; output is still deterministic)')
    .option('-q, --quiet', 'print only errors');
}

/**
 * The config of a run: the config file (`--config`, else one in `cwd`) with the flags over it. The spec is
 * `--spec`, else the config's, else found by its conventional name (config.ts, SPEC_FILES), else a usage
 * error saying how to name it.
 */
export function resolveConfig(flags: GenerateFlags, cwd: string): SocialgenConfig {
  const config = loadConfig(findConfig(cwd, flags.config), cwd, { spec: flags.spec === undefined ? undefined : isUrl(flags.spec) ? flags.spec : path.resolve(cwd, flags.spec) });
  if (flags.out) config.out = path.resolve(cwd, flags.out);
  if (flags.target) config.targets = parseTargets(flags.target);
  if (flags.format === false) config.format = false;
  if (flags.layout !== undefined) config.layout = parseLayout(flags.layout);
  if (flags.dates !== undefined) config.dates = parseDates(flags.dates);
  if (flags.int64 !== undefined) config.int64 = parseInt64(flags.int64);
  return config;
}

/** A comma-separated list of target names (checked against the registered targets when the run starts). */
export function parseTargets(list: string): string[] {
  const names = [...new Set(list.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!names.length) throw new UsageError(`no target given; choose from ${TARGETS.join(', ')} or a plugin's target`);
  return names;
}

function parseDates(value: string): DatesOption {
  if (value === 'string' || value === 'Date') return value;
  throw new UsageError(`unknown --dates ${JSON.stringify(value)}; choose string or Date`);
}

function parseInt64(value: string): Int64Option {
  if (value === 'number' || value === 'bigint') return value;
  throw new UsageError(`unknown --int64 ${JSON.stringify(value)}; choose number or bigint`);
}

function parseLayout(value: string): Layout {
  if (value === 'packages' || value === 'files') return value;
  throw new UsageError(`unknown layout ${JSON.stringify(value)}; choose packages or files`);
}
