/**
 * The watch's emit worker: one thread kept across the runs of `generate --watch`. A one-shot run pays a
 * worker's start-up (its thread, loading the TypeScript compiler a second time) on every run, which a small
 * spec never earns back (emit-worker.ts); the watch pays it once, and each later run only copies the model
 * across: the worker emits its targets while the main thread emits the rest. The output is the same bytes
 * (the same emitters, from a clone of the same model).
 *
 * It emits the same targets as the one-shot worker (WORKER_TARGETS: types, client, server), the split that
 * balances the two threads after an edit of the bundled spec. Measured as CPU time per thread and run
 * (/proc/self/task/<tid>/stat, 8 edits, at a load of 11-15 on 2 cores, so wall times meant nothing): main
 * thread alone 303 ms; with the worker taking types, client and server: main 163, worker 157; client and
 * server only: main 207, worker 132. V8's own helper threads (GC, compilation) took another ~300 ms per
 * run either way, on the same two cores, which is why the wall time does not halve.
 *
 * Each run decides again whether to use it: only with a core to spare (`coresToSpare`, as the one-shot
 * command decides; SOCIALGEN_EMIT_WORKER=1 always, =0 never). Failure is never a hang and never the end of
 * the watch's worker: an exception in it, its exit, or a reply that cannot be read rejects that run's
 * `emit` with an error saying so (the watch reports it and keeps the previous output), and the next run
 * starts a new thread. Between runs the thread does not keep the process alive; `close` terminates it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ApiModel } from '../model/types.ts';
import type { TargetJob } from './emit-target.ts';
import { coresToSpare, onFailure, outcomesOf, WORKER_TARGETS, WORKER_URL, type EmitWorker, type TargetOutcome, type WorkerOutcome } from './emit-worker.ts';
import type { EmitReply, EmitRequest, WorkerStart } from './messages.ts';

export interface WatchEmitWorker extends EmitWorker {
  /** Terminates the thread (if one is running); the watch is over. */
  close(): Promise<void>;
  /** How many threads were started so far (one, unless one failed). */
  readonly started: number;
}

export interface WatchWorkerOptions {
  /** The targets the watch starts with (undefined: the defaults): a selection without types, client or server starts no thread yet. */
  targets?: readonly string[];
  /** The worker module (tests); default the compiled worker.js. */
  script?: URL;
  /** Cores and 1-minute load average now (tests); default this machine's, read at every run. */
  machine?: () => { cores: number; load: number };
}

/**
 * The worker's young generation (V8's nursery), twice Node's default (48 MB: two 16 MB semi-spaces and the
 * new large-object space). An emission allocates mostly short-lived nodes and strings; a larger nursery
 * scavenges less often and promotes less of them to the old generation, and on two cores the GC's helper
 * threads compete with both of the watch's threads. Measured per edit of the bundled spec (types, client
 * and server and the rest in one worker, 12 edits, 4 alternating pairs at a load of 10-15): lower wall time
 * in every pair (median -17%) and CPU per edit 488 vs 521 ms (median of the pairs' medians). Costs up to
 * ~50 MB more memory for the life of the watch.
 */
const YOUNG_GENERATION_MB = 96;

/** The thread behind the handle: its worker and the reply (or failure) of the request in flight. */
interface Thread {
  worker: Worker;
  /** Settles the request in flight; replaced for every request. */
  settle?: (outcome: WorkerOutcome) => void;
}

/**
 * A handle that starts its thread at once (when a run would take it now), else on the first run that takes
 * it; undefined when there is no compiled worker (running the sources) or SOCIALGEN_EMIT_WORKER=0.
 */
export function watchEmitWorker({ targets, script = WORKER_URL, machine }: WatchWorkerOptions = {}): WatchEmitWorker | undefined {
  const forced = process.env.SOCIALGEN_EMIT_WORKER;
  if (forced === '0' || !existsSync(fileURLToPath(script))) return undefined;
  let thread: Thread | undefined;
  let started = 0;
  let nextId = 0;

  // What it loads before its first request; whatever a later config selects besides is loaded when asked.
  const preload = WORKER_TARGETS.filter((t) => !targets || targets.includes(t));
  const start = (): Thread => {
    const workerData: WorkerStart = { preload, persistent: true };
    const current: Thread = { worker: new Worker(script, { workerData, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }) };
    started++;
    current.worker.unref();
    current.worker.on('message', (reply: EmitReply) => current.settle?.({ reply }));
    onFailure(current.worker, (error) => {
      // This thread is done for: the next run starts another.
      if (thread === current) thread = undefined;
      current.settle?.({ error });
    });
    return current;
  };

  // Started now when the first run will likely take it: it loads its emitters while that run loads the spec.
  if (preload.length && (forced === '1' || coresToSpare(machine?.()))) thread = start();
  return {
    takes: () => forced === '1' || coresToSpare(machine?.()),
    async emit(model: ApiModel, jobs: TargetJob[]): Promise<Map<string, TargetOutcome>> {
      const current = (thread ??= start());
      if (current.settle) throw new Error("internal: the watch's emit worker takes one request at a time");
      const id = ++nextId;
      const replied = new Promise<WorkerOutcome>((resolve) => {
        current.settle = (outcome) => {
          // A stray reply (not this request's) cannot happen: requests go one at a time.
          if ('reply' in outcome && outcome.reply.id !== id) return;
          current.settle = undefined;
          resolve(outcome);
        };
      });
      const request: EmitRequest = { model, jobs, id };
      try {
        current.worker.postMessage(request);
      } catch (error) {
        // Something in the model that cannot be cloned (a bug: the model is plain data); the thread is fine.
        current.settle = undefined;
        throw error;
      }
      // While it works for this run, it keeps the process alive; between runs it does not.
      current.worker.ref();
      try {
        const outcome = await replied;
        if ('error' in outcome) {
          void current.worker.terminate();
          throw outcome.error;
        }
        return outcomesOf(outcome.reply);
      } finally {
        current.worker.unref();
      }
    },
    // Kept across runs: a run that does not use it leaves it as it is.
    cancel: () => {},
    async close() {
      const current = thread;
      thread = undefined;
      if (current) await current.worker.terminate();
    },
    get started() {
      return started;
    },
  };
}
