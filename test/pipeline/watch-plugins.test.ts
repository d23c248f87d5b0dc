/**
 * `socialgen generate --watch` with a config file and a local plugin (a child process, as a developer runs
 * it): an edit of the plugin's module is imported again and its new output lands on disk; a plugin that
 * breaks is shown (naming the plugin) and the watch goes on with the previous output; an edit of the config
 * file (its options, its targets) applies on the next run; a broken config is shown and the watch goes on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { socialgenBin, writePipelineSpec } from './helpers.ts';

const tmp = tempDir('socialgen-watch-plugins-');
const dir = tmp.dir;
let child: ChildProcess | undefined;
let stdout = '';
let stderr = '';
/** Resolves the waiters whenever the child prints something (what every awaited condition depends on). */
let printed: () => void = () => {};

const pluginFile = path.join(dir, 'plugin.js');
const configFile = path.join(dir, 'socialgen.config.yaml');
const wordsFile = () => path.join(dir, 'out/words/index.ts');
const words = () => (existsSync(wordsFile()) ? readFileSync(wordsFile(), 'utf8') : '');
/** Runs that finished: each prints one `✓ out: …` line after its output is on disk. */
const runs = () => stdout.split('\n').filter((l) => l.startsWith('✓ ')).length;

/**
 * A save as editors make it: the new text written beside the file, then renamed over it. A write in place
 * (truncate, then write) can be seen half done: under load the watch once read the config empty, reported
 * that problem, and the test took it for the one it waited for. The watch survives such a read (its next
 * look at the file, cli/watch-schedule.ts, runs again), but what each step here asserts is the run of the
 * text it wrote.
 */
function save(file: string, text: string): void {
  writeFileSync(`${file}.saving`, text);
  renameSync(`${file}.saving`, file);
}

/** A plugin target `words`: one module with the plugin's version and the target's `word` option. */
function writePlugin(version: string, body = ''): void {
  save(
    pluginFile,
    `${body}export default {
  name: 'words',
  files: ['src/index.ts'],
  emit: (model, context) => [{ path: 'src/index.ts', format: 'typescript', contents: \`export const version = '${version}';\\nexport const word = '\${context.options.word ?? 'none'}';\\nexport const operations = \${model.operations.length};\\n\` }],
};
`,
  );
}

function writeConfig(extra = ''): void {
  save(configFile, `spec: api.yaml\nout: out\nlayout: files\nformat: false\nplugins: [./plugin.js]\ntargets: [types, words]\n${extra}`);
}

/** Waits for `condition` (checked whenever the child prints, and on a slow poll as a fallback), bounded. */
async function until(what: string, condition: () => boolean, timeoutMs = 40_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`the watch exited (${child.exitCode}) while waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 500);
      printed = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/**
 * An edit, then the run it causes: its `✓` line (output on disk) or its problem on stderr. The edits come
 * right after the previous run's output, inside the 50 ms in which chokidar drops a file's further change
 * events: the watch must see them anyway (cli/watch.ts checks the files once that window is over).
 */
async function edit(what: string, write: () => void, done: () => boolean): Promise<void> {
  write();
  await until(what, done);
}

beforeAll(async () => {
  writePipelineSpec(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'watch-plugins', private: true, type: 'module' }));
  writePlugin('v1');
  writeConfig();
  child = spawn(process.execPath, [socialgenBin, 'generate', '--watch'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    printed();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    printed();
  });
  await until('the first generation and the watch', () => runs() === 1 && stderr.includes('watching for changes'));
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  tmp.remove();
});

describe('generate --watch with a config file and a local plugin', () => {
  it('generates the plugin\'s target at start', () => {
    expect(words()).toContain("export const version = 'v1';");
    expect(words()).toContain("export const word = 'none';");
  });

  it('imports the plugin again when its file changes, and writes its new output', async () => {
    const before = runs();
    await edit('v2 on disk', () => writePlugin('v2'), () => runs() > before && words().includes("'v2'"));
    expect(words()).toContain('export const operations = 1;');
  }, 120_000);

  it('a plugin that breaks is shown, naming it; the watch goes on and keeps the previous output', async () => {
    const errorsBefore = stderr.length;
    await edit('the plugin\'s problem', () => writePlugin('v3', 'export const broken = ;\n'), () => stderr.slice(errorsBefore).includes('previous output is kept'));
    expect(stderr.slice(errorsBefore)).toContain('plugin "./plugin.js" could not be loaded');
    expect(stderr.slice(errorsBefore)).not.toMatch(/^\s+at /m);
    expect(child!.exitCode).toBeNull();
    expect(words()).toContain("'v2'");
    // An emitter that throws is the plugin's problem too.
    const again = stderr.length;
    await edit('the emitter\'s failure', () => save(pluginFile, "export default { name: 'words', files: ['src/index.ts'], emit: () => { throw new Error('no words today'); } };\n"), () => stderr.slice(again).includes('no words today'));
    expect(stderr.slice(again)).toContain('the emitter of "words" failed: no words today');
    expect(words()).toContain("'v2'");
  }, 120_000);

  it('generates again once the plugin is fixed', async () => {
    const before = runs();
    await edit('v4 on disk', () => writePlugin('v4'), () => runs() > before && words().includes("'v4'"));
  }, 120_000);

  it('a config change applies on the next run: the target\'s options', async () => {
    const before = runs();
    await edit('the option on disk', () => writeConfig('options:\n  words:\n    word: hello\n'), () => runs() > before && words().includes("word = 'hello'"));
    expect(words()).toContain("'v4'");
  }, 120_000);

  it('a broken config is shown with file:line:column; the watch goes on; fixed, its out and targets apply', async () => {
    const errorsBefore = stderr.length;
    await edit('the config problem', () => writeConfig('colour: blue\n'), () => stderr.slice(errorsBefore).includes('previous output is kept'));
    expect(stderr.slice(errorsBefore)).toMatch(/socialgen\.config\.yaml:7:1: unknown config key "colour"/);
    expect(child!.exitCode).toBeNull();
    const before = runs();
    await edit('a run into out2 without the plugin\'s target', () => save(configFile, 'spec: api.yaml\nout: out2\nlayout: files\nformat: false\ntargets: [types]\n'), () => existsSync(path.join(dir, 'out2/types/schemas.ts')));
    await until('its ✓ line', () => stdout.includes('✓ out2: '));
    expect(existsSync(path.join(dir, 'out2/words'))).toBe(false);
  }, 120_000);

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
