/**
 * Who emits each job sent to the one-shot emit worker, decided as late as possible: the worker claims a
 * job when it is about to begin it, and the main thread, once it has emitted its own targets, takes back
 * the last job nobody has claimed yet (then the one before, and so on). On GitHub's spec the main thread
 * (loading, then validators) is done about a second before the worker (types, client, server), which
 * otherwise leaves one core idle at the end of the run; which thread emits a target never changes its
 * bytes (the same emitter, the same model's data).
 *
 * One Int32 slot per job in a SharedArrayBuffer, set once by an atomic compare-and-exchange, so exactly one
 * thread wins each job whatever the timing.
 */
const FREE = 0;
const WORKER = 1;
const MAIN = 2;

export class JobClaims {
  private readonly slots: Int32Array;

  constructor(buffer: SharedArrayBuffer) {
    this.slots = new Int32Array(buffer);
  }

  /** Slots for `count` jobs, none claimed. */
  static create(count: number): JobClaims {
    return new JobClaims(new SharedArrayBuffer(count * Int32Array.BYTES_PER_ELEMENT));
  }

  get buffer(): SharedArrayBuffer {
    return this.slots.buffer as SharedArrayBuffer;
  }

  /** The worker is about to begin job `index`: true if it is its to emit (the main thread did not take it back). */
  claimForWorker(index: number): boolean {
    return Atomics.compareExchange(this.slots, index, FREE, WORKER) === FREE;
  }

  /**
   * The main thread takes back the last job the worker has not begun: its index, or undefined when the
   * worker has begun the last job still free (the jobs before it are the worker's already). The first job
   * is always the worker's: it loaded that job's emitter (the TypeScript compiler) while the main thread
   * loaded the spec, and a run that sends the worker one job (`--target types`) gives the main thread
   * nothing of its own to be done with first.
   */
  takeBackLast(): number | undefined {
    for (let i = this.slots.length - 1; i >= 1; i--) {
      const was = Atomics.compareExchange(this.slots, i, FREE, MAIN);
      if (was === FREE) return i;
      if (was === WORKER) return undefined;
    }
    return undefined;
  }
}
