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
 * A worker pays only while the cores are not oversubscribed: it adds its own start-up and a second copy of
 * the model to the work (about 20% more CPU), which a busy machine charges in full (measured on 2 cores:
 * 10% faster than one thread at a load of 4-5, 10% slower at 15-18). So the command (`auto`) uses one only
 * with more than one core and a 1-minute load average below twice their count, the way `make
 * --load-average` decides; SOCIALGEN_EMIT_WORKER=1 uses one always, =0 never. The output is the same
 * bytes either way.
 *
 * Failure is never a hang: an exception in the worker, its exit before replying, or a reply that cannot
 * be read rejects `emit` with an error saying so.
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EmittedFile } from '../emit/emitter.ts';
import type { ApiModel } from '../model/types.ts';
import type { TargetJob } from './emit-target.ts';
import { reviveError, type EmitReply, type EmitRequest, type WorkerStart } from './messages.ts';

/** Built-in targets worth a worker: their emitters load the TypeScript compiler. */
export const WORKER_TARGETS: readonly string[] = ['types', 'client', 'server'];

/** One target's outcome: its files, or the error that stopped it. */
export type TargetOutcome = { files: EmittedFile[] } | { error: Error };

export interface EmitWorker {
  /** Sends the model and the jobs (once); resolves with each job's outcome, by target, up to the first failure. */
  emit(model: ApiModel, jobs: TargetJob[]): Promise<Map<string, TargetOutcome>>;
  /** Stops the worker unless it was sent a request (nothing to emit, or the run failed before emitting). */
  cancel(): void;
}

const WORKER_URL = new URL('./worker.js', import.meta.url);

/** SOCIALGEN_EMIT_WORKER=1/0, else: more than one core and a 1-minute load average below twice their count. */
function workerPays(): boolean {
  const forced = process.env.SOCIALGEN_EMIT_WORKER;
  if (forced === '1' || forced === '0') return forced === '1';
  const cores = availableParallelism();
  return cores > 1 && loadavg()[0] < 2 * cores;
}

export interface StartOptions {
  /** Only when it can pay (cores to spare), unless SOCIALGEN_EMIT_WORKER says otherwise. */
  auto?: boolean;
  /** The worker module (tests); default the compiled worker.js beside this module. */
  script?: URL;
}

/**
 * A worker preloading the emitters of the selected `targets` (undefined: the defaults) that it runs (those
 * of WORKER_TARGETS); undefined when it would run none of them, no compiled worker is at hand, or (`auto`)
 * it would not pay. Whoever starts one hands it to `generate` (GenerateOptions.worker), which sends it the
 * model or cancels it.
 */
export function startEmitWorker(targets: readonly string[] | undefined, { auto = false, script = WORKER_URL }: StartOptions = {}): EmitWorker | undefined {
  const preload = WORKER_TARGETS.filter((t) => !targets || targets.includes(t));
  if (!preload.length || (auto && !workerPays()) || !existsSync(fileURLToPath(script))) return undefined;
  const start: WorkerStart = { preload };
  const worker = new Worker(script, { workerData: start });
  // Until it is sent work, it does not keep the process alive (a run that fails before that still exits).
  worker.unref();
  // Whatever ends the worker, settled once: a reply, an exception, an exit without a reply.
  let settle!: (outcome: { reply: EmitReply } | { error: Error }) => void;
  const ended = new Promise<{ reply: EmitReply } | { error: Error }>((resolve) => {
    let done = false;
    settle = (outcome) => {
      if (!done) resolve(outcome);
      done = true;
    };
  });
  worker.once('message', (reply: EmitReply) => settle({ reply }));
  worker.once('messageerror', (error) => settle({ error: new Error(`the emit worker's reply could not be read: ${error.message}`) }));
  worker.once('error', (error) => settle({ error: new Error(`the emit worker failed: ${error?.message ?? String(error)}`, { cause: error }) }));
  worker.once('exit', (code) => settle({ error: new Error(`the emit worker stopped (exit code ${code}) before it replied`) }));
  let sent = false;
  return {
    async emit(model, jobs) {
      if (sent) throw new Error('internal: the emit worker takes one request');
      sent = true;
      const request: EmitRequest = { model, jobs };
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
      const results = new Map<string, TargetOutcome>();
      for (const r of outcome.reply.results) results.set(r.target, 'error' in r ? { error: reviveError(r.error) } : { files: r.files });
      return results;
    },
    cancel() {
      // Once asked, it is waited for: it ends by itself after replying (and writes its compile cache then).
      if (sent) return;
      settle({ error: new Error('cancelled') });
      void worker.terminate();
    },
  };
}
