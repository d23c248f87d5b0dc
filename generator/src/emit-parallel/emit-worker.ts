/**
 * Emission on the machine's second core. The built-in targets that build code through the TypeScript
 * compiler API (types, client, server: loading ts-morph's TypeScript costs them 150-250 ms before any
 * work) are emitted by a worker thread, started before the spec is loaded so that loading overlaps the
 * main thread's loading of the spec; the main thread emits the others (validators, the opt-in built-ins,
 * plugins) meanwhile. The model crosses by structured clone (a few milliseconds for the bundled spec).
 *
 * The worker is the compiled `worker.js` beside this module: running from the TypeScript sources (tests,
 * tsx) there is none, and `startEmitWorker` returns undefined (the caller emits in process).
 *
 * A worker pays only for enough work, and only while the cores are not oversubscribed. It adds fixed costs
 * (its start-up, loading the TypeScript compiler a second time, a copy of the model) and about 20% more CPU,
 * which a small spec does not earn back (measured: neutral on the bundled spec, 36 operations and 113
 * schemas; ~0.7 s of ~6 s saved on GitHub's, about 1,000 of each) and a busy machine charges in full (on
 * 2 cores: 10% faster than one thread at a load of 4-5, 10% slower at 15-18). So the command (`auto`)
 * uses one only with more than one core, a 1-minute load average below twice their count (the way `make
 * --load-average` decides), and a large spec: started at once, to overlap the spec's loading, when the
 * root spec file alone is at least EARLY_START_BYTES; otherwise decided once the model is loaded (at least
 * MIN_MODEL_SIZE operations and component schemas) and started then. A small spec is emitted in one thread
 * whatever the load. SOCIALGEN_EMIT_WORKER=1 uses one always, =0 never. The output is the same bytes
 * either way. (`generate --watch` instead keeps one worker across its runs: watch-worker.ts.)
 *
 * The split is settled at the end, not fixed: on a large model the main thread, once it has emitted its own
 * targets, takes back the worker's jobs the worker has not begun (the last first: server, then client;
 * job-claims.ts). On GitHub's spec the main thread (loading, then validators) is otherwise idle about a
 * second before the worker is done (types, client, server); taking the server back costs it loading the
 * TypeScript compiler, about what the worker would have spent on the server itself (CPU per thread,
 * /proc/thread-self/stat, at a load of ~10: server on the main thread 860 ms including the load, in the
 * worker ~900 ms). Which thread emits a target never changes its bytes.
 *
 * Failure is never a hang: an exception in the worker, its exit before replying, or a reply that cannot
 * be read rejects `emit` with an error saying so.
 */
import { existsSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EmittedFile } from '../emit/emitter.ts';
import type { ApiModel } from '../model/types.ts';
import type { TargetJob } from './emit-target.ts';
import { JobClaims } from './job-claims.ts';
import { reviveError, type EmitReply, type EmitRequest, type WorkerStart } from './messages.ts';

/** Built-in targets worth a worker: their emitters load the TypeScript compiler. */
export const WORKER_TARGETS: readonly string[] = ['types', 'client', 'server'];

/** One target's outcome: its files, or the error that stopped it. */
export type TargetOutcome = { files: EmittedFile[] } | { error: Error };

export interface EmitWorker {
  /**
   * Whether it is worth sending this model (a worker the command decides on once the model is loaded);
   * absent: always.
   */
  takes?(model: ApiModel): boolean;
  /** Sends the model and the jobs (once); resolves with each job's outcome, by target, up to the first failure. */
  emit(model: ApiModel, jobs: TargetJob[]): Promise<Map<string, TargetOutcome>>;
  /**
   * After `emit`: the last of its jobs the worker has not begun, taken back for the calling thread to emit
   * (the worker leaves it out of its reply); undefined when there is none, or this worker does not give
   * jobs back. Absent: it never does.
   */
  takeBack?(): TargetJob | undefined;
  /** Stops the worker unless it was sent a request (nothing to emit, or the run failed before emitting). */
  cancel(): void;
}

export const WORKER_URL = new URL('./worker.js', import.meta.url);

/** A root spec file at least this large is a spec worth a worker before it is even loaded (GitHub's: 13 MB). */
export const EARLY_START_BYTES = 2_000_000;
/** Operations plus component schemas from which a worker pays (bundled spec: 149; DigitalOcean: 999; GitHub: ~2,000). */
export const MIN_MODEL_SIZE = 500;

/** Operations plus component schemas: the measure of a model's emission work that the thresholds above use. */
export function modelSize(model: ApiModel): number {
  return model.operations.length + model.schemas.length;
}

/**
 * Whether the one-shot worker lets the main thread take back the jobs it has not begun (job-claims.ts): only
 * for a model as large as a worker pays for. A smaller one (a worker forced on, as the bundled spec's bench
 * row does) emits as it always did: taking a target back costs the main thread loading the TypeScript
 * compiler, and no gain was measured there.
 */
export function givesJobsBack(model: ApiModel): boolean {
  return modelSize(model) >= MIN_MODEL_SIZE;
}

export interface StartOptions {
  /**
   * The command's choice: only when it can pay (cores to spare, a large spec), unless SOCIALGEN_EMIT_WORKER
   * says otherwise. Without it the worker is started and used.
   */
  auto?: boolean;
  /** The root spec file (`auto`): a large one starts the worker at once, else the model decides. */
  spec?: string;
  /** The worker module (tests); default the compiled worker.js beside this module. */
  script?: URL;
  /** Cores and 1-minute load average (tests); default this machine's. */
  machine?: { cores: number; load: number };
}

function fileBytes(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // the run reports it
  }
}

/**
 * A worker preloading the emitters of the selected `targets` (undefined: the defaults) that it runs (those
 * of WORKER_TARGETS); undefined when it would run none of them, no compiled worker is at hand, or (`auto`)
 * it would not pay. With `auto` and a root spec file smaller than EARLY_START_BYTES, the thread is not
 * started yet: the handle `takes` the model only when it is large, and starts the thread when sent one.
 * Whoever starts one hands it to `generate` (GenerateOptions.worker), which sends it the model (if it
 * takes it) or cancels it.
 */
export function startEmitWorker(targets: readonly string[] | undefined, { auto = false, spec, script = WORKER_URL, machine }: StartOptions = {}): EmitWorker | undefined {
  const preload = WORKER_TARGETS.filter((t) => !targets || targets.includes(t));
  if (!preload.length || !existsSync(fileURLToPath(script))) return undefined;
  if (!auto) return spawnWorker(script, preload);
  const forced = process.env.SOCIALGEN_EMIT_WORKER;
  if (forced === '1' || forced === '0') return forced === '1' ? spawnWorker(script, preload) : undefined;
  if (!coresToSpare(machine)) return undefined;
  if (spec !== undefined && fileBytes(spec) >= EARLY_START_BYTES) return spawnWorker(script, preload);
  return deferredWorker(() => spawnWorker(script, preload));
}

/** More than one core and a 1-minute load average below twice their count (as `make --load-average` decides). */
export function coresToSpare(machine?: { cores: number; load: number }): boolean {
  const { cores, load } = machine ?? { cores: availableParallelism(), load: loadavg()[0]! };
  return cores > 1 && load < 2 * cores;
}

/** Decided by the loaded model: started (late, so without the overlap with loading) only for a large one. */
function deferredWorker(start: () => EmitWorker): EmitWorker {
  let started: EmitWorker | undefined;
  return {
    takes: (model) => modelSize(model) >= MIN_MODEL_SIZE,
    emit: (model, jobs) => (started ??= start()).emit(model, jobs),
    takeBack: () => started?.takeBack?.(),
    cancel: () => started?.cancel(),
  };
}

function spawnWorker(script: URL, preload: string[]): EmitWorker {
  const start: WorkerStart = { preload };
  const worker = new Worker(script, { workerData: start });
  // Until it is sent work, it does not keep the process alive (a run that fails before that still exits).
  worker.unref();
  // Whatever ends the worker, settled once: a reply, an exception, an exit without a reply.
  let settle!: (outcome: WorkerOutcome) => void;
  const ended = new Promise<WorkerOutcome>((resolve) => {
    let done = false;
    settle = (outcome) => {
      if (!done) resolve(outcome);
      done = true;
    };
  });
  worker.once('message', (reply: EmitReply) => settle({ reply }));
  onFailure(worker, (error) => settle({ error }));
  let sent = false;
  let back: { claims: JobClaims; jobs: TargetJob[] } | undefined;
  return {
    async emit(model, jobs) {
      if (sent) throw new Error('internal: the emit worker takes one request');
      sent = true;
      if (givesJobsBack(model)) back = { claims: JobClaims.create(jobs.length), jobs };
      const request: EmitRequest = { model, jobs, claims: back?.claims.buffer };
      try {
        worker.postMessage(request);
      } catch (error) {
        // Something in the model that cannot be cloned (a bug: the model is plain data).
        void worker.terminate();
        throw error;
      }
      worker.ref();
      const outcome = await ended;
      if ('error' in outcome) {
        void worker.terminate();
        throw outcome.error;
      }
      return outcomesOf(outcome.reply);
    },
    takeBack() {
      const index = back?.claims.takeBackLast();
      return index === undefined ? undefined : back!.jobs[index];
    },
    cancel() {
      // Once asked, it is waited for: it ends by itself after replying (and writes its compile cache then).
      if (sent) return;
      settle({ error: new Error('cancelled') });
      void worker.terminate();
    },
  };
}

/** A reply, or what ended the worker without one. */
export type WorkerOutcome = { reply: EmitReply } | { error: Error };

/** The emit worker itself failed (not a target in it): a bug, but the watch goes on with a new worker. */
export class WorkerFailure extends Error {}

/** Every way a worker ends without replying, as the error to report (the first one that happens). */
export function onFailure(worker: Worker, fail: (error: WorkerFailure) => void): void {
  worker.once('messageerror', (error) => fail(new WorkerFailure(`the emit worker's reply could not be read: ${error.message}`)));
  worker.once('error', (error) => fail(new WorkerFailure(`the emit worker failed: ${error?.message ?? String(error)}`, { cause: error })));
  worker.once('exit', (code) => fail(new WorkerFailure(`the emit worker stopped (exit code ${code}) before it replied`)));
}

/** A reply's results by target, errors revived as their kind. */
export function outcomesOf(reply: EmitReply): Map<string, TargetOutcome> {
  const results = new Map<string, TargetOutcome>();
  for (const r of reply.results) results.set(r.target, 'error' in r ? { error: reviveError(r.error) } : { files: r.files });
  return results;
}
