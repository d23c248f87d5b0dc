/** Options shared by the commands that generate: flags override the config file, which overrides defaults. */
import type { Command } from 'commander';
import { findConfig, loadConfig, type SocialgenConfig } from '../config.ts';
import { TARGETS, type TargetName } from '../emit/emitter.ts';
import path from 'node:path';
import { UsageError } from './errors.ts';

export interface GenerateFlags {
  spec?: string;
  out?: string;
  target?: string;
  config?: string;
  format?: boolean;
  quiet?: boolean;
}

export function addGenerateOptions(command: Command): Command {
  return command
    .option('-s, --spec <file>', 'the root OpenAPI document (default: spec/social-posting.openapi.yaml)')
    .option('-o, --out <dir>', 'the output folder (default: generated)')
    .option('-t, --target <list>', `comma-separated targets: ${TARGETS.join(',')} (default: all)`)
    .option('-c, --config <file>', 'config file (default: socialgen.config.json/.yaml in the current folder, if any)')
    .option('--no-format', 'skip prettier (faster; output is still deterministic)')
    .option('-q, --quiet', 'print only errors');
}

export function resolveConfig(flags: GenerateFlags, cwd: string): SocialgenConfig {
  const config = loadConfig(findConfig(cwd, flags.config), cwd);
  if (flags.spec) config.spec = path.resolve(cwd, flags.spec);
  if (flags.out) config.out = path.resolve(cwd, flags.out);
  if (flags.target) config.targets = parseTargets(flags.target);
  if (flags.format === false) config.format = false;
  return config;
}

export function parseTargets(list: string): TargetName[] {
  const names = list.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(TARGETS as readonly string[]).includes(n));
  if (unknown.length || !names.length) throw new UsageError(`unknown target${unknown.length === 1 ? '' : 's'} ${unknown.map((u) => JSON.stringify(u)).join(', ') || '(none given)'}; choose from ${TARGETS.join(', ')}`);
  return TARGETS.filter((t) => names.includes(t));
}
