/**
 * When `generate --watch` runs (cli/watch-schedule.ts), on a fake clock: which events make one run, that
 * runs never overlap, and that a save the file watcher did not report (chokidar drops a file's changes for
 * 50 ms after one it reported) is still picked up — including when a change of another file started a
 * run in between, which the watch used to miss for good (the "coalesces a burst" test then waited until it
 * timed out). The child-process tests in watch.test.ts check the same with real files and chokidar.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchSchedule, type WatchSchedule } from '../../generator/src/cli/watch-schedule.ts';

const DEBOUNCE = 15;
const RECHECK = 60;
const RUN_MS = 40;

/** Files as versions; a run "reads" every file when it starts and takes RUN_MS. */
function harness() {
  const disk = new Map<string, number>([
    ['api.yaml', 0],
    ['thing.yaml', 0],
  ]);
  const runs: { files: string[]; read: Record<string, number> }[] = [];
  let active = 0;
  let overlapped = false;
  const schedule: WatchSchedule = watchSchedule({
    debounceMs: DEBOUNCE,
    recheckMs: RECHECK,
    stamp: (file) => String(disk.get(file)),
    run: async (files) => {
      if (++active > 1) overlapped = true;
      runs.push({ files: [...files].sort(), read: Object.fromEntries(disk) });
      await new Promise((resolve) => setTimeout(resolve, RUN_MS));
      active--;
    },
  });
  return {
    runs,
    schedule,
    overlapped: () => overlapped,
    /** A save; `report` says whether the watcher reports it (false: dropped by its throttle). */
    save(file: string, report = true) {
      disk.set(file, disk.get(file)! + 1);
      if (report) schedule.changed(file);
    },
    disk,
    /** Every run done, and nothing due: the last run read what is on disk. */
    async settle() {
      await vi.advanceTimersByTimeAsync(10_000);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watch schedule', () => {
  it('a burst of saves (one file several times, several files) is one run', async () => {
    const h = harness();
    for (let i = 0; i < 5; i++) h.save('thing.yaml');
    h.save('api.yaml');
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(h.runs).toHaveLength(0);
    await h.settle();
    expect(h.runs).toEqual([{ files: ['api.yaml', 'thing.yaml'], read: { 'api.yaml': 1, 'thing.yaml': 5 } }]);
  });

  it('saves further apart than the debounce are separate runs (it is the debounce that coalesces)', async () => {
    const h = harness();
    h.save('thing.yaml');
    await vi.advanceTimersByTimeAsync(DEBOUNCE + RUN_MS + RECHECK + 10);
    h.save('api.yaml');
    await h.settle();
    expect(h.runs.map((r) => r.files)).toEqual([['thing.yaml'], ['api.yaml']]);
  });

  it('saves during a run make exactly one more run after it, never an overlapping one', async () => {
    const h = harness();
    h.save('thing.yaml');
    await vi.advanceTimersByTimeAsync(DEBOUNCE + 1);
    expect(h.runs).toHaveLength(1);
    // During the run: three saves, spread over more than the debounce.
    h.save('thing.yaml');
    await vi.advanceTimersByTimeAsync(DEBOUNCE + 2);
    h.save('api.yaml');
    h.save('thing.yaml');
    await h.settle();
    expect(h.overlapped()).toBe(false);
    expect(h.runs.map((r) => r.files)).toEqual([['thing.yaml'], ['api.yaml', 'thing.yaml']]);
    expect(h.runs.at(-1)!.read).toEqual(Object.fromEntries(h.disk));
  });

  it('a save the watcher drops (inside its throttle) after a run read the file is picked up once the window is over', async () => {
    const h = harness();
    h.save('thing.yaml');
    await vi.advanceTimersByTimeAsync(DEBOUNCE + 1);
    h.save('thing.yaml', false);
    await h.settle();
    expect(h.runs).toHaveLength(2);
    expect(h.runs[1]!.read['thing.yaml']).toBe(2);
  });

  it('a dropped save of one file is picked up when a change of another file started a run in between', async () => {
    const h = harness();
    // Run R for thing.yaml; during it api.yaml changes (reported), which makes run S right after R.
    h.save('thing.yaml');
    await vi.advanceTimersByTimeAsync(DEBOUNCE + 1);
    h.save('api.yaml');
    await vi.advanceTimersByTimeAsync(RUN_MS);
    expect(h.runs.map((r) => r.files)).toEqual([['thing.yaml'], ['api.yaml']]);
    // S has read thing.yaml; now thing.yaml is saved again and the watcher drops it (throttled).
    h.save('thing.yaml', false);
    await h.settle();
    expect(h.runs.at(-1)!.read['thing.yaml']).toBe(2);
  });

  it('stop waits for the run under way and takes no more events', async () => {
    const h = harness();
    h.save('thing.yaml');
    await vi.advanceTimersByTimeAsync(DEBOUNCE + 1);
    let stopped = false;
    const stopping = h.schedule.stop().then(() => (stopped = true));
    h.save('api.yaml');
    await vi.advanceTimersByTimeAsync(RUN_MS - 5);
    expect(stopped).toBe(false);
    await h.settle();
    await stopping;
    expect(h.runs).toHaveLength(1);
  });
});
