/**
 * `socialgen diff BASE HEAD`: the breaking-change review of a spec change. Each side is a file path or
 * `git:REF:PATH`. One comparison, any number of outputs: `--format` for stdout, `--output FORMAT=FILE`
 * (repeatable) for files. Exit 1 when a change at or above --fail-on exists, 0 otherwise, 2 for bad input
 * (thrown UsageError / SpecError, printed by main.ts). Rules, output shapes and the ignore file:
 * docs/diff.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { colors, EXIT } from '../io.ts';
import { cannotRead, UsageError } from '../../errors.ts';
import { LEVEL_RANK, type DiffResult } from '../../diff/types.ts';
import type { IgnoreEntry } from '../../diff/ignore.ts';

const FORMATS = ['text', 'markdown', 'comment', 'json', 'github', 'changelog'] as const;
const FAIL_ON = ['breaking', 'warning', 'info', 'never'] as const;
type Format = (typeof FORMATS)[number];
type FailOn = (typeof FAIL_ON)[number];

interface DiffFlags {
  format: Format;
  output: string[];
  failOn: FailOn;
  ignore?: string;
  now?: string;
  date?: string;
  validate?: boolean;
  link?: string;
  project?: string;
}

/** `--output FORMAT=FILE`, parsed; FILE `-` is stdout. */
export interface OutputTarget {
  format: Format;
  file: string;
}

export function parseOutput(value: string): OutputTarget {
  const eq = value.indexOf('=');
  const format = value.slice(0, eq) as Format;
  const file = value.slice(eq + 1);
  if (eq <= 0 || !file || !FORMATS.includes(format)) throw new UsageError(`--output ${JSON.stringify(value)}: expected FORMAT=FILE with FORMAT one of ${FORMATS.join(', ')} (e.g. markdown=spec-review.md)`);
  return { format, file };
}

/** True when the result should fail the run. */
export function failsOn(result: DiffResult, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  // A compile error the head causes in the project (--project) is a breaking fact, not a prediction.
  if (result.compileErrors?.length) return true;
  return result.changes.some((c) => LEVEL_RANK[c.level] <= LEVEL_RANK[failOn]);
}

/** `--project`: the project's socialgen config (next to its tsconfig, else in the working directory) and the type-check. */
async function checkProject(baseArg: string, headArg: string, result: DiffResult, tsconfigArg: string, cwd: string): Promise<DiffResult['compileErrors']> {
  const { findConfig, loadConfig } = await import('../../config.ts');
  const { projectErrors, ProjectError } = await import('../../diff/project.ts');
  const tsconfig = path.resolve(cwd, tsconfigArg);
  if (!existsSync(tsconfig)) throw new UsageError(`--project ${tsconfigArg}: file not found`);
  const configFile = findConfig(path.dirname(tsconfig)) ?? findConfig(cwd);
  if (!configFile) throw new UsageError(`--project ${tsconfigArg}: no socialgen config next to it or in the working directory; it names where the generated code goes (out, layout)`);
  try {
    return await projectErrors(baseArg, headArg, [...result.changes, ...result.ignored.map((i) => i.change)], { tsconfig, config: loadConfig(configFile, path.dirname(configFile)), cwd });
  } catch (error) {
    if (error instanceof ProjectError) throw new UsageError(error.message);
    throw error;
  }
}

export function registerDiff(program: Command, ctx: CommandContext): void {
  program
    .command('diff')
    .description('report the changes between two versions of a spec that matter to its users (breaking first)')
    .argument('<base>', 'the old spec: a file, or git:REF:PATH (e.g. git:origin/main:openapi.yaml)')
    .argument('<head>', 'the new spec: a file, or git:REF:PATH')
    .addOption(new Option('-f, --format <format>', 'output format on stdout').choices(FORMATS).default('text'))
    .option('-o, --output <format=file>', `also write FORMAT (${FORMATS.join('|')}) to FILE, from the same comparison; repeatable ('-' is stdout)`, (value: string, list: string[]) => [...list, value], [] as string[])
    .addOption(new Option('--fail-on <level>', 'exit 1 when a change at or above this level exists').choices(FAIL_ON).default('breaking'))
    .option('--ignore <file>', 'YAML/JSON list of accepted changes: {id, pointer, reason, expires?}')
    .option('--now <date>', 'judge x-sunset dates and ignore expiries as of this date (YYYY-MM-DD; default today)')
    .option('--date <date>', 'the same as --now')
    .option('--validate', 'also validate both sides against the OpenAPI meta-schema (default: compare whatever can be read)')
    .option('--link <url>', 'markdown: link head locations under this URL prefix (e.g. https://github.com/OWNER/REPO/blob/SHA)')
    .option('--project <tsconfig>', "type-check this project against the head's generated packages (generated in memory with the socialgen config next to it) and list the compile errors the head causes")
    .addHelpText('after', '\nExit codes: 0 no change at or above --fail-on, 1 there is one, 2 bad input or usage.\nRules, output shapes and the ignore file: docs/diff.md.')
    .action(async (baseArg: string, headArg: string, flags: DiffFlags) => {
      // Loaded here, not at startup: `socialgen --help` and the other commands do not pay for the diff engine.
      const { diffSpecs, DiffInputError, parseIgnoreFile } = await import('../../diff/index.ts');
      const { parseSunset } = await import('../../diff/sunset.ts');
      const { formatText } = await import('../../diff/format/text.ts');
      const { formatMarkdown, COMMENT_LIMIT } = await import('../../diff/format/markdown.ts');
      const { formatChangelog } = await import('../../diff/format/changelog.ts');
      const { formatJson } = await import('../../diff/format/json.ts');
      const { formatGithub } = await import('../../diff/format/github.ts');
      const outputs = flags.output.map(parseOutput);
      if (flags.now !== undefined && flags.date !== undefined && flags.now !== flags.date) throw new UsageError('--now and --date name the same date; give one');
      const dateFlag = flags.now !== undefined ? ['--now', flags.now] : flags.date !== undefined ? ['--date', flags.date] : undefined;
      let now = new Date();
      if (dateFlag) {
        const time = parseSunset(dateFlag[1]);
        if (time === undefined) throw new UsageError(`${dateFlag[0]} ${JSON.stringify(dateFlag[1])} is not a date (YYYY-MM-DD or an RFC 3339 date-time)`);
        now = new Date(time);
      }
      let ignore: IgnoreEntry[] = [];
      if (flags.ignore !== undefined) {
        const file = path.resolve(ctx.io.cwd, flags.ignore);
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (error) {
          throw new UsageError(`${flags.ignore}: ${cannotRead(error)} (--ignore)`);
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
        if (flags.project !== undefined) result = { ...result, compileErrors: await checkProject(baseArg, headArg, result, flags.project, ctx.io.cwd) };
      } catch (error) {
        if (error instanceof DiffInputError) throw new UsageError(error.message);
        throw error;
      }
      const render = (format: Format, terminal: boolean): string => {
        switch (format) {
          case 'json':
            return formatJson(result).trimEnd();
          case 'markdown':
            return formatMarkdown(result, { link: flags.link }).trimEnd();
          case 'comment':
            return formatMarkdown(result, { link: flags.link, limit: COMMENT_LIMIT }).trimEnd();
          case 'changelog':
            return formatChangelog(result).trimEnd();
          case 'github':
            return formatGithub(result);
          default:
            return formatText(result, terminal ? colors(ctx.io) : colors({ ...ctx.io, color: false }));
        }
      };
      // Every file is rendered before any is written: a failure leaves no half-written set.
      const files = outputs.filter((o) => o.file !== '-').map((o) => ({ path: path.resolve(ctx.io.cwd, o.file), text: render(o.format, false) + '\n' }));
      for (const warning of result.warnings) ctx.io.err(warning);
      ctx.io.out(render(flags.format, true));
      for (const o of outputs) if (o.file === '-') ctx.io.out(render(o.format, true));
      for (const file of files) {
        try {
          mkdirSync(path.dirname(file.path), { recursive: true });
          writeFileSync(file.path, file.text);
        } catch (error) {
          throw new UsageError(`--output ${path.relative(ctx.io.cwd, file.path) || file.path}: cannot write (${(error as Error).message})`);
        }
      }
      ctx.setExit(failsOn(result, flags.failOn) ? EXIT.failed : EXIT.ok);
    });
}

