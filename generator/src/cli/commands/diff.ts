/**
 * `socialgen diff BASE HEAD`: the breaking-change review of a spec change. Each side is a file path or
 * `git:REF:PATH`. Exit 1 when a change at or above --fail-on exists, 0 otherwise, 2 for bad input
 * (thrown UsageError / SpecError, printed by main.ts). Rules, output shapes and the ignore file:
 * docs/diff.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { colors, EXIT } from '../io.ts';
import { UsageError } from '../errors.ts';
import type { DiffResult, IgnoreEntry, Level } from '../../diff/index.ts';

const FORMATS = ['text', 'markdown', 'json', 'github'] as const;
const FAIL_ON = ['breaking', 'warning', 'info', 'never'] as const;
type Format = (typeof FORMATS)[number];
type FailOn = (typeof FAIL_ON)[number];

interface DiffFlags {
  format: Format;
  failOn: FailOn;
  ignore?: string;
  now?: string;
  validate?: boolean;
  link?: string;
}

const RANK: Record<Level, number> = { breaking: 0, warning: 1, info: 2 };

/** True when the result should fail the run. */
export function failsOn(result: DiffResult, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  return result.changes.some((c) => RANK[c.level] <= RANK[failOn]);
}

export function registerDiff(program: Command, ctx: CommandContext): void {
  program
    .command('diff')
    .description('report the changes between two versions of a spec that matter to its users (breaking first)')
    .argument('<base>', 'the old spec: a file, or git:REF:PATH (e.g. git:origin/main:spec/social-posting.openapi.yaml)')
    .argument('<head>', 'the new spec: a file, or git:REF:PATH')
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMATS).default('text'))
    .addOption(new Option('--fail-on <level>', 'exit 1 when a change at or above this level exists').choices(FAIL_ON).default('breaking'))
    .option('--ignore <file>', 'YAML/JSON list of accepted changes: {id, pointer, reason, expires?}')
    .option('--now <date>', 'judge x-sunset dates and ignore expiries as of this date (YYYY-MM-DD; default today)')
    .option('--validate', 'also validate both sides against the OpenAPI meta-schema (default: compare whatever can be read)')
    .option('--link <url>', 'markdown: link head locations under this URL prefix (e.g. https://github.com/OWNER/REPO/blob/SHA)')
    .addHelpText('after', '\nExit codes: 0 no change at or above --fail-on, 1 there is one, 2 bad input or usage.\nRules, output shapes and the ignore file: docs/diff.md.')
    .action(async (baseArg: string, headArg: string, flags: DiffFlags) => {
      // Loaded here, not at startup: `socialgen --help` and the other commands do not pay for the diff engine.
      const { diffSpecs, DiffInputError, parseIgnoreFile } = await import('../../diff/index.ts');
      const { parseSunset } = await import('../../diff/sunset.ts');
      const { formatText } = await import('../../diff/format/text.ts');
      const { formatMarkdown } = await import('../../diff/format/markdown.ts');
      const { formatJson } = await import('../../diff/format/json.ts');
      const { formatGithub } = await import('../../diff/format/github.ts');
      let now = new Date();
      if (flags.now !== undefined) {
        const time = parseSunset(flags.now);
        if (time === undefined) throw new UsageError(`--now ${JSON.stringify(flags.now)} is not a date (YYYY-MM-DD or an RFC 3339 date-time)`);
        now = new Date(time);
      }
      let ignore: IgnoreEntry[] = [];
      if (flags.ignore !== undefined) {
        const file = path.resolve(ctx.io.cwd, flags.ignore);
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (error) {
          throw new UsageError(`--ignore ${flags.ignore}: cannot read (${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message})`);
        }
        try {
          ignore = parseIgnoreFile(text, flags.ignore);
        } catch (error) {
          if (error instanceof DiffInputError) throw new UsageError(`invalid ignore file:\n${error.message}`);
          throw error;
        }
      }
      let result: DiffResult;
      try {
        result = await diffSpecs(baseArg, headArg, { cwd: ctx.io.cwd, now, ignore, validate: flags.validate });
      } catch (error) {
        if (error instanceof DiffInputError) throw new UsageError(error.message);
        throw error;
      }
      switch (flags.format) {
        case 'json':
          ctx.io.out(formatJson(result).trimEnd());
          break;
        case 'markdown':
          ctx.io.out(formatMarkdown(result, { link: flags.link }).trimEnd());
          break;
        case 'github':
          ctx.io.out(formatGithub(result));
          break;
        default:
          ctx.io.out(formatText(result, colors(ctx.io)));
      }
      ctx.setExit(failsOn(result, flags.failOn) ? EXIT.failed : EXIT.ok);
    });
}

