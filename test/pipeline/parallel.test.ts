/**
 * Emission on a worker thread (generator/src/emit-parallel): what `socialgen generate` and `check` do.
 * The parallel path must write the same bytes as the in-process one, report a spec error exactly as it
 * does (once, `file:line:col`, exit 2, nothing written), report the failing target's error as the
 * in-process run would (the first failure in plan order), and turn a worker that throws, dies or goes
 * silent into an error, never a hang.
 *
 * The worker is the compiled `generator/dist/emit-parallel/worker.js` (`npm test` builds the CLI first), so
 * the parallel runs here use the compiled pipeline; the in-process runs use the same compiled code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Pipeline from '../../generator/src/pipeline.ts';
import type * as EmitWorkerModule from '../../generator/src/emit-parallel/emit-worker.ts';
import type * as Messages from '../../generator/src/emit-parallel/messages.ts';
import type { TargetName } from '../../generator/src/emit/emitter.ts';
import { configFor } from '../helpers/generate.ts';
import { corpusDir, fixtureSpecsDir, projectSpec, repoRoot, tempDir } from '../helpers/paths.ts';
import { runCli, socialgenBin, writePipelineSpec } from './helpers.ts';

const tmp = tempDir('socialgen-parallel-');
afterAll(() => tmp.remove());

/** The built command with the worker on whatever the machine's load (the default uses it only while the cores are not oversubscribed). */
const withWorker = { ...process.env, SOCIALGEN_EMIT_WORKER: '1' };
const dist = (file: string) => pathToFileURL(path.join(repoRoot, 'generator/dist', file)).href;
let pipeline: typeof Pipeline;
let emitWorker: typeof EmitWorkerModule;
let messages: typeof Messages;
beforeAll(async () => {
  expect(existsSync(path.join(repoRoot, 'generator/dist/emit-parallel/worker.js')), 'the CLI is built (npm run build:cli)').toBe(true);
  pipeline = await import(dist('pipeline.js'));
  emitWorker = await import(dist('emit-parallel/emit-worker.js'));
  messages = await import(dist('emit-parallel/messages.js'));
});

const ALL_SIX: TargetName[] = ['types', 'validators', 'client', 'server', 'query', 'msw'] as TargetName[];

/** Both ways, with a spy proving the worker was really asked for its targets. */
async function bothWays(config: ReturnType<typeof configFor>) {
  const inProcess = await pipeline.generate(config);
  const real = emitWorker.startEmitWorker(config.targets)!;
  expect(real, 'a worker is started for these targets').toBeDefined();
  const asked: string[] = [];
  const worker: EmitWorkerModule.EmitWorker = {
    emit: (model, jobs) => {
      asked.push(...jobs.map((j) => j.target));
      return real.emit(model, jobs);
    },
    cancel: () => real.cancel(),
  };
  const parallel = await pipeline.generate(config, undefined, { worker });
  return { inProcess, parallel, asked };
}

describe('the parallel path writes the same bytes', () => {
  const specs = [
    ['the project spec', projectSpec],
    ['Petstore 3.0', path.join(corpusDir, 'petstore/petstore-3.0.openapi.yaml')],
    ['Petstore 3.1 (code-first JSON)', path.join(corpusDir, 'petstore/petstore-3.1.code-first.json')],
    ...['discriminator.yaml', 'forms-multipart.yaml', 'bodies-binary.yaml', 'all-of.yaml'].map((f) => [`fixture ${f}`, path.join(fixtureSpecsDir, f)]),
  ] as const;

  for (const [name, spec] of specs) {
    it(`${name}: all six targets, same files in the same order`, { timeout: 120_000 }, async () => {
      const { inProcess, parallel, asked } = await bothWays(configFor(spec, ALL_SIX));
      expect(asked).toEqual(['types', 'client', 'server']);
      expect([...parallel.files.keys()]).toEqual([...inProcess.files.keys()]);
      for (const [file, text] of inProcess.files) expect(parallel.files.get(file), file).toBe(text);
      expect(parallel.targets).toEqual(inProcess.targets);
      expect(parallel.warnings).toEqual(inProcess.warnings);
    });
  }

  it('layout files and a target\'s options reach the worker', { timeout: 120_000 }, async () => {
    // The server's `ownerExtension` option changes what it writes (the spec marks its owner parameter with
    // x-my-owner): the worker must be given it.
    const spec = writePipelineSpec(path.join(tmp.dir, 'options-spec'));
    const config = configFor(spec, ['types', 'validators', 'client', 'server'], { layout: 'files', dates: 'Date', options: { server: { ownerExtension: 'x-my-owner' } } });
    const { inProcess, parallel } = await bothWays(config);
    expect(parallel.files.size).toBe(inProcess.files.size);
    for (const [file, text] of inProcess.files) expect(parallel.files.get(file), file).toBe(text);
    expect([...parallel.files.keys()].some((f) => f.startsWith('client/') && !f.includes('/src/'))).toBe(true);
    const defaults = await pipeline.generate(configFor(spec, ['server'], { layout: 'files', dates: 'Date' }));
    expect([...defaults.files].filter(([f]) => f.startsWith('server/')).some(([f, text]) => parallel.files.get(f) !== text)).toBe(true);
  });

  it('the built CLI writes what the in-process pipeline makes (and `check` agrees)', { timeout: 120_000 }, () => {
    const out = path.join(tmp.dir, 'cli');
    const run = spawnSync(process.execPath, [socialgenBin, 'generate', '-q', '--spec', projectSpec, '--out', out], { encoding: 'utf8', env: withWorker });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const check = spawnSync(process.execPath, [socialgenBin, 'check', '-q', '--spec', projectSpec, '--out', out], { encoding: 'utf8', env: withWorker });
    expect(check.status).toBe(0);
    // The repository's committed output is the same generation (socialgen.config.yaml: same spec, scope).
    const committed = spawnSync(process.execPath, [socialgenBin, 'check', '-q'], { cwd: repoRoot, encoding: 'utf8', env: withWorker });
    expect(committed.stdout + committed.stderr).toBe('');
    expect(committed.status).toBe(0);
  });
});

describe('spec errors surface as in process', () => {
  it('a broken spec: the same lines on stderr, exit 2, nothing written', { timeout: 120_000 }, async () => {
    const dir = path.join(tmp.dir, 'broken');
    const spec = writePipelineSpec(path.join(dir, 'spec'), 'name: { type: string');
    const inProcess = await runCli(['generate', '--quiet', '--spec', spec, '--out', path.join(dir, 'a')], dir);
    const child = spawnSync(process.execPath, [socialgenBin, 'generate', '--quiet', '--spec', spec, '--out', path.join(dir, 'b')], { cwd: dir, encoding: 'utf8', env: withWorker });
    expect(inProcess.code).toBe(2);
    expect(child.status).toBe(2);
    expect(child.stderr.trimEnd()).toBe(inProcess.stderr);
    expect(child.stderr).toMatch(/^spec\/thing\.yaml:\d+:\d+: /m);
    expect(child.stderr.match(/nothing was written/g)).toHaveLength(1);
    expect(existsSync(path.join(dir, 'b'))).toBe(false);
  });

  it('a model error (duplicate operationId) likewise', { timeout: 120_000 }, async () => {
    const dir = path.join(tmp.dir, 'model-error');
    const spec = path.join(dir, 'api.yaml');
    mkdirSync(dir, { recursive: true });
    const op = (id: string) => `    get:\n      operationId: ${id}\n      responses:\n        '204': { description: none }\n`;
    writeFileSync(spec, `openapi: 3.1.0\ninfo: { title: Dup, version: '1' }\npaths:\n  /a:\n${op('same')}  /b:\n${op('same')}`);
    const inProcess = await runCli(['generate', '--spec', spec, '--out', path.join(dir, 'a')], dir);
    const child = spawnSync(process.execPath, [socialgenBin, 'generate', '--spec', spec, '--out', path.join(dir, 'b')], { cwd: dir, encoding: 'utf8', env: withWorker });
    expect(child.status).toBe(inProcess.code);
    expect(child.status).toBe(2);
    // The progress lines differ (all targets announced at once in parallel); the problems do not.
    const problems = (text: string) => text.split('\n').filter((l) => !l.startsWith('socialgen: load:') && !l.startsWith('socialgen: emit:'));
    expect(problems(child.stderr.trimEnd())).toEqual(problems(inProcess.stderr));
    expect(child.stderr).toMatch(/api\.yaml:\d+:\d+: .*same/);
    expect(existsSync(path.join(dir, 'b'))).toBe(false);
  });
});

describe('a worker that fails is an error, not a hang', () => {
  const script = (name: string, body: string): URL => {
    const file = path.join(tmp.dir, 'workers', `${name}.mjs`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `import { parentPort, workerData } from 'node:worker_threads';\n${body}\n`);
    return pathToFileURL(file);
  };
  const config = () => configFor(path.join(fixtureSpecsDir, 'all-of.yaml'), ['types', 'validators', 'client', 'server']);

  it('an exception in the worker', { timeout: 60_000 }, async () => {
    const worker = emitWorker.startEmitWorker(undefined, { script: script('throws', "parentPort.once('message', () => { throw new Error('boom in the worker'); });") })!;
    await expect(pipeline.generate(config(), undefined, { worker })).rejects.toThrow('the emit worker failed: boom in the worker');
  });

  it('a worker that exits without replying', { timeout: 60_000 }, async () => {
    const worker = emitWorker.startEmitWorker(undefined, { script: script('exits', "parentPort.once('message', () => process.exit(7));") })!;
    await expect(pipeline.generate(config(), undefined, { worker })).rejects.toThrow('the emit worker stopped (exit code 7) before it replied');
  });

  it('a worker that ends quietly without replying', { timeout: 60_000 }, async () => {
    const worker = emitWorker.startEmitWorker(undefined, { script: script('quiet', "parentPort.once('message', () => parentPort.close());") })!;
    await expect(pipeline.generate(config(), undefined, { worker })).rejects.toThrow('the emit worker stopped (exit code 0) before it replied');
  });

  it("a target's error in the worker is the run's error, as its kind (a spec error stays one)", { timeout: 60_000 }, async () => {
    const diagnostics = [{ severity: 'error', code: 'x', file: '/a.yaml', line: 3, column: 4, message: 'types cannot' }];
    const reply = { results: [{ target: 'types', error: { kind: 'spec', diagnostics } }] };
    const worker = emitWorker.startEmitWorker(undefined, { script: script('spec-error', `parentPort.once('message', () => { parentPort.postMessage(${JSON.stringify(reply)}); parentPort.close(); });`) })!;
    const error = await pipeline.generate(config(), undefined, { worker }).catch((e: unknown) => e);
    expect((error as { name: string }).name).toBe('SpecError');
    expect((error as { diagnostics: unknown }).diagnostics).toEqual(diagnostics);
  });

  it('the first failure in plan order wins: a worker target before a failing main-thread target', { timeout: 60_000 }, async () => {
    // The plugin's target comes after the built-ins in the plan; the worker's `server` fails before it.
    const plugin = path.join(tmp.dir, 'failing-plugin.mjs');
    writeFileSync(plugin, "export default { name: 'late', dependsOn: [], emit() { throw new Error('plugin broke'); } };\n");
    const reply = { results: [{ target: 'types', files: [] }, { target: 'client', files: [] }, { target: 'server', error: { kind: 'other', name: 'Error', message: 'server broke' } }] };
    const worker = emitWorker.startEmitWorker(undefined, { script: script('server-error', `parentPort.once('message', () => { parentPort.postMessage(${JSON.stringify(reply)}); parentPort.close(); });`) })!;
    const withPlugin = { ...config(), targets: ['types', 'validators', 'client', 'server', 'late'], plugins: [{ specifier: plugin, baseDir: tmp.dir }] };
    await expect(pipeline.generate(withPlugin, undefined, { worker })).rejects.toThrow('server broke');
    // In process the plugin's failure is reported, as a usage error naming it.
    await expect(pipeline.generate({ ...withPlugin, targets: ['types', 'late'] })).rejects.toThrow(/failing-plugin\.mjs": the emitter of "late" failed: plugin broke/);
  });

  it('a model that cannot cross (not plain data) is an error, and the worker is stopped', { timeout: 60_000 }, async () => {
    const worker = emitWorker.startEmitWorker(['types'])!;
    await expect(worker.emit({ operations: [], schemas: [], notData: () => 1 } as never, [])).rejects.toThrow(/could not be cloned/);
  });

  it('a worker not needed is stopped: a validators-only run starts none, and a load error cancels one', { timeout: 60_000 }, async () => {
    expect(emitWorker.startEmitWorker(['validators'])).toBeUndefined();
    let cancelled = 0;
    const real = emitWorker.startEmitWorker(['types'])!;
    const worker = { emit: real.emit, cancel: () => (cancelled++, real.cancel()) };
    await expect(pipeline.generate(configFor(path.join(tmp.dir, 'missing.yaml')), undefined, { worker })).rejects.toThrow();
    expect(cancelled).toBe(1);
  });

  /** Runs `fn` with SOCIALGEN_EMIT_WORKER set to `value` (undefined: unset). */
  function withEnv<T>(value: string | undefined, fn: () => T): T {
    const before = process.env.SOCIALGEN_EMIT_WORKER;
    if (value === undefined) delete process.env.SOCIALGEN_EMIT_WORKER;
    else process.env.SOCIALGEN_EMIT_WORKER = value;
    try {
      return fn();
    } finally {
      if (before === undefined) delete process.env.SOCIALGEN_EMIT_WORKER;
      else process.env.SOCIALGEN_EMIT_WORKER = before;
    }
  }
  const idle = { cores: 2, load: 0 };

  it('the command decides: SOCIALGEN_EMIT_WORKER=0 never, =1 always (whatever the spec and the load)', () => {
    withEnv('0', () => {
      expect(emitWorker.startEmitWorker(undefined, { auto: true, spec: projectSpec, machine: idle })).toBeUndefined();
      // Without `auto` (the programmatic callers that ask for it) the variable is not consulted.
      const asked = emitWorker.startEmitWorker(undefined);
      expect(asked).toBeDefined();
      asked!.cancel();
    });
    withEnv('1', () => {
      const forced = emitWorker.startEmitWorker(['types'], { auto: true, spec: projectSpec, machine: { cores: 1, load: 50 } });
      expect(forced).toBeDefined();
      // Started and used, not decided by the model.
      expect(forced!.takes).toBeUndefined();
      forced!.cancel();
    });
  });

  it('otherwise: never on one core or a busy machine; on a spare core, by the size of the spec', () => {
    withEnv(undefined, () => {
      expect(emitWorker.startEmitWorker(undefined, { auto: true, spec: projectSpec, machine: { cores: 1, load: 0 } })).toBeUndefined();
      expect(emitWorker.startEmitWorker(undefined, { auto: true, spec: projectSpec, machine: { cores: 2, load: 4 } })).toBeUndefined();
      // A root spec file of EARLY_START_BYTES or more: started at once, to load while the spec loads.
      const big = path.join(tmp.dir, 'big-root.yaml');
      writeFileSync(big, `# ${'x'.repeat(emitWorker.EARLY_START_BYTES)}\n`);
      const early = emitWorker.startEmitWorker(undefined, { auto: true, spec: big, machine: idle })!;
      expect(early.takes).toBeUndefined();
      early.cancel();
      // A smaller one: decided by the model, from MIN_MODEL_SIZE operations plus component schemas.
      const later = emitWorker.startEmitWorker(undefined, { auto: true, spec: projectSpec, machine: idle })!;
      const model = (operations: number, schemas: number) => ({ operations: new Array(operations), schemas: new Array(schemas) }) as never;
      expect(later.takes!(model(36, 113))).toBe(false);
      expect(later.takes!(model(400, emitWorker.MIN_MODEL_SIZE - 401))).toBe(false);
      expect(later.takes!(model(400, emitWorker.MIN_MODEL_SIZE - 400))).toBe(true);
      later.cancel();
    });
  });

  /** The in-process reference both tests below compare with: generated once (the pipeline is deterministic). */
  let reference: ReturnType<typeof pipeline.generate> | undefined;
  const projectInProcess = () => (reference ??= pipeline.generate(configFor(projectSpec, ['types', 'validators', 'client', 'server'])));

  it('a small spec is emitted in one thread whatever the load: the worker the command holds is never started', { timeout: 120_000 }, async () => {
    const config = configFor(projectSpec, ['types', 'validators', 'client', 'server']);
    const held = withEnv(undefined, () => emitWorker.startEmitWorker(config.targets, { auto: true, spec: config.spec, machine: idle }))!;
    let sent = 0;
    const worker: EmitWorkerModule.EmitWorker = { takes: held.takes, emit: (model, jobs) => (sent++, held.emit(model, jobs)), cancel: () => held.cancel() };
    const result = await pipeline.generate(config, undefined, { worker });
    expect(sent).toBe(0);
    expect([...result.files]).toEqual([...(await projectInProcess()).files]);
  });

  it('a worker decided by the model starts when sent one, and writes the same bytes', { timeout: 120_000 }, async () => {
    const config = configFor(projectSpec, ['types', 'validators', 'client', 'server']);
    const held = withEnv(undefined, () => emitWorker.startEmitWorker(config.targets, { auto: true, spec: config.spec, machine: idle }))!;
    expect(held.takes).toBeDefined();
    // As a model over the threshold would be: taken, so the thread starts now, after the load.
    const asked: string[] = [];
    const worker: EmitWorkerModule.EmitWorker = { takes: () => true, emit: (model, jobs) => (asked.push(...jobs.map((j) => j.target)), held.emit(model, jobs)), cancel: () => held.cancel() };
    const parallel = await pipeline.generate(config, undefined, { worker });
    expect(asked).toEqual(['types', 'client', 'server']);
    expect([...parallel.files]).toEqual([...(await projectInProcess()).files]);
  });

  /** A spec of `count` operations, each with its own component schema: a model of 2 × count. */
  function writeWideSpec(name: string, count: number): string {
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      schemas[`Item${i}`] = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, label: { type: 'string', maxLength: 20 + i } } };
      paths[`/items${i}/{id}`] = {
        get: {
          operationId: `getItem${i}`,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '200': { description: 'The item', content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i}` } } } } },
        },
      };
    }
    const file = path.join(tmp.dir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'Wide', version: '1.0.0' }, paths, components: { schemas } }));
    return file;
  }

  /**
   * The real worker, with its last job taken back the moment the request is sent (before the worker can
   * begin anything), so the main thread's share is known: what `takeBack` returned then, handed to the
   * pipeline once it asks. `replied`: the targets in the worker's reply.
   */
  function takingBackAtOnce(real: EmitWorkerModule.EmitWorker) {
    const seen = { takenBack: [] as string[], replied: [] as string[] };
    let taken: Messages.EmitRequest['jobs'][number] | undefined;
    const worker: EmitWorkerModule.EmitWorker = {
      emit: (model, jobs) => {
        const reply = real.emit(model, jobs).then((outcomes) => (seen.replied.push(...outcomes.keys()), outcomes));
        taken = real.takeBack!();
        if (taken) seen.takenBack.push(taken.target);
        return reply;
      },
      takeBack: () => [taken, (taken = undefined)][0],
      cancel: () => real.cancel(),
    };
    return { worker, seen };
  }

  it('a large model: the main thread takes back the jobs the worker has not begun, and writes the same bytes', { timeout: 180_000 }, async () => {
    const size = emitWorker.MIN_MODEL_SIZE;
    expect(emitWorker.givesJobsBack({ operations: new Array(size - 1), schemas: [] } as never)).toBe(false);
    expect(emitWorker.givesJobsBack({ operations: new Array(size / 2), schemas: new Array(size / 2) } as never)).toBe(true);
    const config = configFor(writeWideSpec('wide', size / 2), ['types', 'validators', 'client', 'server']);
    const inProcess = await pipeline.generate(config);
    const { worker, seen } = takingBackAtOnce(emitWorker.startEmitWorker(config.targets)!);
    const parallel = await pipeline.generate(config, undefined, { worker });
    // The worker left the job the main thread took, and the main thread emitted it.
    expect(seen).toEqual({ takenBack: ['server'], replied: ['types', 'client'] });
    expect([...parallel.files.keys()]).toEqual([...inProcess.files.keys()]);
    for (const [file, text] of inProcess.files) expect(parallel.files.get(file), file).toBe(text);
  });

  it('a large model, --target types: the worker keeps its only job (it loaded its emitter during the load)', { timeout: 120_000 }, async () => {
    const config = configFor(writeWideSpec('wide-types', emitWorker.MIN_MODEL_SIZE / 2), ['types']);
    const inProcess = await pipeline.generate(config);
    const { worker, seen } = takingBackAtOnce(emitWorker.startEmitWorker(config.targets)!);
    const parallel = await pipeline.generate(config, undefined, { worker });
    expect(seen).toEqual({ takenBack: [], replied: ['types'] });
    expect([...parallel.files]).toEqual([...inProcess.files]);
  });

  it('a smaller model: the worker gives nothing back and emits every job it was sent', { timeout: 120_000 }, async () => {
    const config = configFor(projectSpec, ['types', 'validators', 'client', 'server']);
    const { worker, seen } = takingBackAtOnce(emitWorker.startEmitWorker(config.targets)!);
    const parallel = await pipeline.generate(config, undefined, { worker });
    expect(seen).toEqual({ takenBack: [], replied: ['types', 'client', 'server'] });
    expect([...parallel.files]).toEqual([...(await projectInProcess()).files]);
  });

  it('errors cross the thread boundary as the same kinds', async () => {
    const { RegistryError } = await import(dist('emit/registry.js'));
    const { SpecError } = await import(dist('load/diagnostics.js'));
    const cross = (error: unknown) => messages.reviveError(structuredClone(messages.sendError(error)));
    expect(cross(new TypeError('bad'))).toMatchObject({ name: 'TypeError', message: 'bad' });
    expect(cross(new RegistryError('a usage error'))).toBeInstanceOf(RegistryError);
    const diagnostics = [{ severity: 'error', code: 'c', message: 'm', file: '/x.yaml', line: 1, column: 2 }];
    const spec = cross(new SpecError(diagnostics));
    expect(spec).toBeInstanceOf(SpecError);
    expect((spec as InstanceType<typeof SpecError>).diagnostics).toEqual(diagnostics);
    expect(cross('a string thrown')).toMatchObject({ message: 'a string thrown' });
  });
});
