/**
 * What `generate --watch` keeps from one run to the next (generator/src/emit-parallel/watch-worker.ts, the
 * caches in cli/commands/generate.ts): the emit worker it keeps alive writes, run after run, the bytes of a
 * fresh run in one thread; a worker that crashes is reported and the next run gets a new one; an idle
 * worker keeps no process alive; and the parse cache never serves a file's old content.
 *
 * The worker is the compiled `generator/dist/emit-parallel/worker.js` (`npm test` builds the CLI first), so
 * the pipeline here is the compiled one too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Pipeline from '../../generator/src/pipeline.ts';
import type * as WatchWorkerModule from '../../generator/src/emit-parallel/watch-worker.ts';
import type * as EmitWorkerModule from '../../generator/src/emit-parallel/emit-worker.ts';
import type * as Load from '../../generator/src/load/index.ts';
import type { ParseCache } from '../../generator/src/load/read.ts';
import { configFor } from '../helpers/generate.ts';
import { projectSpec, repoRoot, tempDir } from '../helpers/paths.ts';
import { socialgenBin, writePipelineSpec, writeThing } from './helpers.ts';

const tmp = tempDir('socialgen-watch-worker-');
afterAll(() => tmp.remove());

const dist = (file: string) => pathToFileURL(path.join(repoRoot, 'generator/dist', file)).href;
let pipeline: typeof Pipeline;
let watchWorker: typeof WatchWorkerModule;
let emitWorker: typeof EmitWorkerModule;
let load: typeof Load;
beforeAll(async () => {
  expect(existsSync(path.join(repoRoot, 'generator/dist/emit-parallel/worker.js')), 'the CLI is built (npm run build:cli)').toBe(true);
  pipeline = await import(dist('pipeline.js'));
  watchWorker = await import(dist('emit-parallel/watch-worker.js'));
  emitWorker = await import(dist('emit-parallel/emit-worker.js'));
  load = await import(dist('load/index.js'));
});

/** A machine with a core to spare, whatever this one's load: the worker is taken on every run. */
const idle = () => ({ cores: 2, load: 0 });
const ALL_FOUR = ['types', 'validators', 'client', 'server'];

describe('the watch keeps one emit worker', () => {
  it('run after run (an edit between), the same bytes as a fresh run in one thread, from one thread started once', { timeout: 120_000 }, async () => {
    const dir = path.join(tmp.dir, 'reuse');
    const spec = writePipelineSpec(dir);
    const worker = watchWorker.watchEmitWorker({ machine: idle })!;
    try {
      const asked: string[][] = [];
      const counting: EmitWorkerModule.EmitWorker = { takes: worker.takes, cancel: worker.cancel, emit: (model, jobs) => (asked.push(jobs.map((j) => j.target)), worker.emit(model, jobs)) };
      // What the watch keeps across runs.
      const kept = { worker: counting, parseCache: new Map(), formatCache: new Map<string, string>() };
      for (const properties of ['name: { type: string }', 'colour: { type: string, enum: [red, green] }', 'name: { type: string }']) {
        writeThing(dir, properties);
        const fresh = await pipeline.generate(configFor(spec, ALL_FOUR));
        const watched = await pipeline.generate(configFor(spec, ALL_FOUR), undefined, kept);
        expect([...watched.files]).toEqual([...fresh.files]);
      }
      // Every run sent its share to the worker, and the worker is the one thread started with the handle.
      expect(asked).toEqual([0, 1, 2].map(() => [...emitWorker.WORKER_TARGETS]));
      expect(worker.started).toBe(1);
    } finally {
      await worker.close();
    }
  });

  it('the bundled spec through the kept worker: the bytes of the in-process run', { timeout: 120_000 }, async () => {
    const worker = watchWorker.watchEmitWorker({ machine: idle })!;
    try {
      const config = configFor(projectSpec, ALL_FOUR);
      const [fresh, watched] = await Promise.all([pipeline.generate(config), pipeline.generate(config, undefined, { worker, parseCache: new Map(), formatCache: new Map() })]);
      expect([...watched.files]).toEqual([...fresh.files]);
    } finally {
      await worker.close();
    }
  });

  it('a busy machine, or nothing for it to emit: the run stays in one thread and starts none', { timeout: 60_000 }, async () => {
    const before = process.env.SOCIALGEN_EMIT_WORKER;
    delete process.env.SOCIALGEN_EMIT_WORKER;
    try {
      let load = 9;
      const worker = watchWorker.watchEmitWorker({ machine: () => ({ cores: 2, load }) })!;
      // Not started while the machine is busy.
      expect(worker.started).toBe(0);
      expect(worker.takes!({} as never)).toBe(false);
      load = 1;
      expect(worker.takes!({} as never)).toBe(true);
      await worker.close();
      expect(watchWorker.watchEmitWorker({ machine: () => ({ cores: 1, load: 0 }) })!.takes!({} as never)).toBe(false);
      // A selection the worker has nothing of starts no thread (a later config that selects more starts it when needed).
      const validatorsOnly = watchWorker.watchEmitWorker({ targets: ['validators'], machine: idle })!;
      expect(validatorsOnly.started).toBe(0);
      const result = await pipeline.generate(configFor(writePipelineSpec(path.join(tmp.dir, 'validators-only')), ['validators']), undefined, { worker: validatorsOnly });
      expect(result.files.size).toBeGreaterThan(0);
      expect(validatorsOnly.started).toBe(0);
    } finally {
      if (before !== undefined) process.env.SOCIALGEN_EMIT_WORKER = before;
    }
  });

  /** A stand-in persistent worker: replies with no files; crashes or throws when the model says so. */
  const script = (): URL => {
    const file = path.join(tmp.dir, 'workers/persistent.mjs');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ model, id }) => {
  if (model.crash) process.exit(7);
  if (model.fail) throw new Error('boom in the worker');
  parentPort.postMessage({ id, results: [] });
});
`,
    );
    return pathToFileURL(file);
  };

  it('a worker that crashes fails that run (an error saying so, never a hang), and the next run starts a new one', { timeout: 60_000 }, async () => {
    const worker = watchWorker.watchEmitWorker({ script: script(), machine: idle })!;
    try {
      expect(await worker.emit({} as never, [])).toEqual(new Map());
      const crashed = await worker.emit({ crash: true } as never, []).catch((e: unknown) => e);
      expect(crashed).toBeInstanceOf(emitWorker.WorkerFailure);
      expect((crashed as Error).message).toBe('the emit worker stopped (exit code 7) before it replied');
      expect(await worker.emit({} as never, [])).toEqual(new Map());
      expect(worker.started).toBe(2);
      await expect(worker.emit({ fail: true } as never, [])).rejects.toThrow('the emit worker failed: boom in the worker');
      expect(await worker.emit({} as never, [])).toEqual(new Map());
      expect(worker.started).toBe(3);
    } finally {
      await worker.close();
    }
  });

  it('the watch reports a failed worker and goes on (keeping the output); a bug of another kind still ends it', async () => {
    const { runFailure } = await import('../../generator/src/cli/watch.ts');
    const { WorkerFailure } = await import('../../generator/src/emit-parallel/emit-worker.ts');
    expect(runFailure(new WorkerFailure('the emit worker stopped (exit code 7) before it replied'))).toEqual([
      'socialgen: the emit worker stopped (exit code 7) before it replied',
      'socialgen: the previous output is kept; the next run starts a new emit worker. Watching for changes…',
    ]);
    expect(runFailure(new TypeError('a bug'))).toBeUndefined();
  });

  it('a model that cannot cross is that run\'s error; the thread serves the next run', { timeout: 60_000 }, async () => {
    const worker = watchWorker.watchEmitWorker({ script: script(), machine: idle })!;
    try {
      await expect(worker.emit({ notData: () => 1 } as never, [])).rejects.toThrow(/could not be cloned/);
      expect(await worker.emit({} as never, [])).toEqual(new Map());
      expect(worker.started).toBe(1);
    } finally {
      await worker.close();
    }
  });

  it('between runs the worker keeps no process alive; SOCIALGEN_EMIT_WORKER=0 starts none', { timeout: 60_000 }, () => {
    // A process that uses the real worker once and then has nothing left to do must end by itself.
    const program = `const { watchEmitWorker } = await import(${JSON.stringify(dist('emit-parallel/watch-worker.js'))});
const worker = watchEmitWorker({ machine: () => ({ cores: 2, load: 0 }) });
const replies = await worker.emit({}, []);
console.log('replied', replies.size, worker.started);`;
    const run = (name: string, text: string, env: NodeJS.ProcessEnv = process.env) => {
      const file = path.join(tmp.dir, `workers/${name}.mjs`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      return spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000, env });
    };
    const child = run('idle', program);
    expect(child.error, 'the process ended by itself').toBeUndefined();
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('replied 0 1');
    expect(child.status).toBe(0);
    const off = run('off', `const { watchEmitWorker } = await import(${JSON.stringify(dist('emit-parallel/watch-worker.js'))});\nconsole.log(watchEmitWorker());`, { ...process.env, SOCIALGEN_EMIT_WORKER: '0' });
    expect(off.stdout.trim()).toBe('undefined');
  });
});

describe('generate --watch with its worker (the command)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => child?.kill('SIGKILL'));

  it('an edit regenerates what a one-shot generate writes; SIGTERM ends the watch and its worker at once', { timeout: 120_000 }, async () => {
    const dir = path.join(tmp.dir, 'command');
    writePipelineSpec(dir);
    let stdout = '';
    let stderr = '';
    child = spawn(process.execPath, [socialgenBin, 'generate', '--watch', '--spec', 'api.yaml', '--out', 'out'], { cwd: dir, env: { ...process.env, NO_COLOR: '1', SOCIALGEN_EMIT_WORKER: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const runs = () => stdout.split('\n').filter((l) => l.startsWith('✓ ')).length;
    const until = async (what: string, condition: () => boolean): Promise<void> => {
      const started = Date.now();
      while (!condition()) {
        if (child!.exitCode !== null) throw new Error(`the watch exited while waiting for ${what}:\n${stderr}`);
        if (Date.now() - started > 60_000) throw new Error(`timed out waiting for ${what}:\n${stdout}\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until('the first run', () => runs() === 1 && stderr.includes('watching for changes'));
    // chokidar reports ready a moment after the message (as a user would, a save not seen is made again).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const edited = () => runs() >= 2 && readFileSync(path.join(dir, 'out/types/src/schemas.ts'), 'utf8').includes('edited in the watch');
    const save = () => writeThing(dir, 'colour: { type: string, description: edited in the watch }');
    save();
    let saved = Date.now();
    await until('the edit', () => {
      if (edited()) return true;
      if (Date.now() - saved > 10_000) (save(), (saved = Date.now()));
      return false;
    });
    // What the watch wrote is what `check` makes of the edited spec in one thread, byte for byte.
    const check = spawnSync(process.execPath, [socialgenBin, 'check', '--spec', 'api.yaml', '--out', 'out'], { cwd: dir, encoding: 'utf8', env: { ...process.env, SOCIALGEN_EMIT_WORKER: '0' } });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const stopped = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child!.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(10_000);
    expect(stderr).not.toMatch(/emit worker/);
  });
});

describe("the watch's parse cache", () => {
  it('never serves old content: edit a file, revert it, edit another; each load equals a fresh one', { timeout: 60_000 }, async () => {
    const dir = path.join(tmp.dir, 'stale');
    cpSync(path.dirname(projectSpec), dir, { recursive: true });
    const root = path.join(dir, path.basename(projectSpec));
    const common = path.join(dir, 'components/schemas/common.yaml');
    const other = path.join(dir, 'components/schemas/posts.yaml');
    expect(existsSync(other), other).toBe(true);
    const commonText = readFileSync(common, 'utf8');
    const otherText = readFileSync(other, 'utf8');
    const cache: ParseCache = new Map();
    const same = async (): Promise<string> => {
      const cached = JSON.stringify((await load.loadSpec(root, { parseCache: cache })).document);
      expect(cached).toBe(JSON.stringify((await load.loadSpec(root)).document));
      return cached;
    };
    const original = await same();
    writeFileSync(common, commonText.replace('description: The handle of a User', 'description: Edited handle'));
    expect(await same()).toContain('Edited handle');
    writeFileSync(common, commonText);
    expect(await same()).toBe(original);
    writeFileSync(other, `${otherText}\n# a comment only\n`);
    expect(await same()).toBe(original);
    writeFileSync(other, otherText.replace(/description: .*/, 'description: Edited post'));
    const last = await same();
    expect(last).toContain('Edited post');
    expect(last).not.toContain('Edited handle');
  });
});
