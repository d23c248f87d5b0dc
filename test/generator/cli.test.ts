/**
 * The `socialgen` command line through `main(argv, io)`: help for every command, the version, usage
 * errors (exit 2 with a message), `generate --out`, `--quiet`, and plain progress lines off a terminal.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { fixture } from '../helpers/fixtures.ts';
import { readTree } from '../helpers/generate.ts';
import { repoRoot, tempDir } from '../helpers/paths.ts';

const tmp = tempDir('socialgen-cli-');
afterAll(() => tmp.remove());

async function run(args: string[], cwd = tmp.dir): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIO(cwd);
  const code = await main(args, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

/** Option flags listed in a help text's `Options:` section. */
function optionsIn(help: string): string[] {
  const section = help.split(/\n(?=\S)/).find((s) => s.startsWith('Options:')) ?? '';
  return [...section.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]);
}

/** Commands listed in the root help. */
function commandsIn(help: string): string[] {
  const section = help.split(/\n(?=\S)/).find((s) => s.startsWith('Commands:')) ?? '';
  return [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]).filter((c) => c !== 'help');
}

const GENERATE_OPTIONS = ['--spec', '--out', '--target', '--config', '--no-format', '--quiet', '--help'];

describe('help and version', () => {
  it('--help lists the commands and the exit codes (exit 0)', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: socialgen/);
    expect(commandsIn(stdout)).toEqual(expect.arrayContaining(['generate', 'check']));
    expect(stdout).toMatch(/Exit codes: 0 ok, 1 .*2 bad input or usage/);
    expect(optionsIn(stdout)).toEqual(expect.arrayContaining(['--version', '--help']));
  });

  it('every command has --help, listing its options (exit 0)', async () => {
    const { stdout: root } = await run(['--help']);
    const commands = commandsIn(root);
    expect(commands.length).toBeGreaterThanOrEqual(2);
    for (const command of commands) {
      const { code, stdout } = await run([command, '--help']);
      expect(code, command).toBe(0);
      expect(stdout, command).toMatch(new RegExp(`^Usage: socialgen ${command}\\b`));
      const options = optionsIn(stdout);
      expect(options, command).toContain('--help');
      if (command === 'generate' || command === 'check') expect(options, command).toEqual(expect.arrayContaining(GENERATE_OPTIONS));
      if (command === 'generate') expect(options).toContain('--watch');
      // `help <command>` says the same.
      expect((await run(['help', command])).stdout, command).toBe(stdout);
    }
  });

  it.each([['--version'], ['-v']])('%s prints generator/package.json\'s version', async (flag) => {
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'generator/package.json'), 'utf8'));
    expect(await run([flag])).toEqual({ code: 0, stdout: version, stderr: '' });
  });
});

describe('usage errors: exit 2 with a message', () => {
  it.each<[string, string[], RegExp]>([
    ['an unknown command', ['bogus'], /unknown command 'bogus'/],
    ['an unknown option', ['generate', '--bogus'], /unknown option '--bogus'/],
    ['an unknown option of check', ['check', '--frobnicate'], /unknown option '--frobnicate'/],
    ['an option without its value', ['generate', '--spec'], /option '-s, --spec <file>' argument missing/],
    ['an unknown target', ['generate', '--spec', path.join(repoRoot, 'spec/social-posting.openapi.yaml'), '--target', 'sdk'], /unknown target "sdk"/],
    ['no spec named and none found', ['generate'], /no OpenAPI document named and none found in .* name it with `spec: <file>` in socialgen\.config\.yaml \(or --spec <file> on the command line\)$/],
  ])('%s', async (_, args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).toBe('');
  });
});

describe('generate', () => {
  const spec = fixture('limits').spec;

  it('writes the packages into --out and says so', async () => {
    const out = path.join(tmp.dir, 'out-a');
    const { code, stdout } = await run(['generate', '--spec', spec, '--out', out, '--target', 'types']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/✓ .*out-a: \d+ files written, 0 unchanged \(types\)/);
    for (const file of ['types/package.json', 'types/src/index.ts', 'types/src/limits.ts']) expect(existsSync(path.join(out, file)), file).toBe(true);
    expect(readFileSync(path.join(out, 'types/src/limits.ts'), 'utf8')).toContain('BOOKMARKS_MAX_RESULTS');
    // Nothing but the target folder (no temporary folders left behind).
    expect([...readTree(out).keys()].every((f) => f.startsWith('types/'))).toBe(true);

    const again = await run(['generate', '--spec', spec, '--out', out, '--target', 'types']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/up to date/);
  });

  it('--quiet prints nothing on success (generate and check)', async () => {
    const out = path.join(tmp.dir, 'out-quiet');
    expect(await run(['generate', '--spec', spec, '--out', out, '--target', 'types', '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(path.join(out, 'types/src/index.ts'))).toBe(true);
    expect(await run(['check', '--spec', spec, '--out', out, '--target', 'types', '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('without --quiet, off a terminal, progress is plain lines on stderr (stage and counts, no colour codes)', async () => {
    const out = path.join(tmp.dir, 'out-progress');
    const { code, stderr, stdout } = await run(['generate', '--spec', spec, '--out', out, '--target', 'types']);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^socialgen: load: /m);
    expect(stderr).toMatch(/^socialgen: emit: types: \d+ schemas, \d+ operations/m);
    expect(stderr + stdout).not.toMatch(/\u001b\[/);
  });

  it('relative --spec and --out resolve against the current folder', async () => {
    const { code } = await run(['generate', '--spec', path.relative(tmp.dir, spec), '--out', 'relative-out', '--target', 'types', '--quiet']);
    expect(code).toBe(0);
    expect(existsSync(path.join(tmp.dir, 'relative-out/types/package.json'))).toBe(true);
  });
});
