/**
 * When `generate --watch` runs: file events in, runs out. Events within DEBOUNCE_MS of each other are one
 * change (an editor's save is often several events, a "save all" several files); runs never overlap, and
 * events during a run make one more run after it.
 *
 * chokidar reports at most one change of a file per 50 ms and drops the others (its throttle, not
 * configurable), so a save in that window, after a run read the file, would go unseen. Every run therefore
 * notes how the files changed since the previous one looked when it started (their stamps), and once the
 * window is over checks them again: a file that is not as it was is taken as changed. A run that starts
 * before the previous run's check takes the files that check was to look at into its own stamps (it reads
 * them again and checks them after itself); dropping them instead loses a save of one file made while a
 * change of another started a run.
 */

/** A file's state as far as a save changes it (or that it is gone). */
export type Stamp = (file: string) => string;

export interface WatchSchedule {
  /** A file event: the file changed. */
  changed(file: string): void;
  /** Waits for the runs under way or due, then stops taking events. */
  stop(): Promise<void>;
}

export interface ScheduleOptions {
  /** One run; `files` are those changed since the previous run started. Errors are the caller's to handle. */
  run(files: ReadonlySet<string>): Promise<void>;
  stamp: Stamp;
  /** Events closer together than this are one change. */
  debounceMs: number;
  /** How long after a run its files are checked again (longer than the watcher's throttle). */
  recheckMs: number;
}

export function watchSchedule(options: ScheduleOptions): WatchSchedule {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = Promise.resolve();
  let started = 0;
  let stopped = false;
  /** Files changed since the last run started. */
  const pending = new Set<string>();
  /** Files the latest run will check again after itself (its own and any a newer run took over). */
  let toCheck = new Set<string>();

  const changed = (file: string): void => {
    if (stopped) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        // Several timers can fire during one run; the first run after it takes all their files.
        if (!pending.size) return;
        const files = new Set(pending);
        pending.clear();
        const check = new Set([...toCheck, ...files]);
        toCheck = check;
        const stamps = new Map([...check].map((f) => [f, options.stamp(f)]));
        const run = ++started;
        await options.run(files);
        setTimeout(() => {
          // A newer run has these files in its own stamps.
          if (started !== run) return;
          toCheck = new Set();
          for (const [f, stamp] of stamps) if (options.stamp(f) !== stamp) changed(f);
        }, options.recheckMs);
      });
    }, options.debounceMs);
  };

  return {
    changed,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
