/**
 * Who emits each job sent to the one-shot emit worker (generator/src/emit-parallel/job-claims.ts): the
 * worker claims jobs in order as it begins them, the main thread takes back the last unclaimed ones, and
 * every job has exactly one owner whatever the timing. The race runs the built module in a real worker
 * thread against this one.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { JobClaims } from '../../generator/src/emit-parallel/job-claims.ts';
import { repoRoot } from '../helpers/paths.ts';

describe('job claims', () => {
  it('the main thread takes back the jobs the worker has not begun, the last first', () => {
    const claims = JobClaims.create(3);
    expect(claims.claimForWorker(0)).toBe(true);
    expect(claims.takeBackLast()).toBe(2);
    // The worker, reaching the job taken back, leaves it.
    expect(claims.claimForWorker(1)).toBe(true);
    expect(claims.claimForWorker(2)).toBe(false);
    // Everything is claimed: nothing more to take back.
    expect(claims.takeBackLast()).toBeUndefined();
  });

  it('nothing is taken back from behind the job the worker is on', () => {
    const claims = JobClaims.create(3);
    for (const i of [0, 1, 2]) expect(claims.claimForWorker(i)).toBe(true);
    expect(claims.takeBackLast()).toBeUndefined();
    // A slot left free before one the worker holds is the worker's to reach, not the main thread's.
    const gap = JobClaims.create(2);
    expect(gap.claimForWorker(1)).toBe(true);
    expect(gap.takeBackLast()).toBeUndefined();
    expect(gap.claimForWorker(0)).toBe(true);
  });

  it('the first job is always the worker\'s, even before it begins: a single job is never taken back', () => {
    const claims = JobClaims.create(3);
    expect([claims.takeBackLast(), claims.takeBackLast(), claims.takeBackLast()]).toEqual([2, 1, undefined]);
    expect([claims.claimForWorker(0), claims.claimForWorker(1), claims.claimForWorker(2)]).toEqual([true, false, false]);
    const single = JobClaims.create(1);
    expect(single.takeBackLast()).toBeUndefined();
    expect(single.claimForWorker(0)).toBe(true);
  });

  it('racing threads: every job has exactly one owner, the worker a prefix and the main thread the rest', { timeout: 60_000 }, async () => {
    const built = pathToFileURL(path.join(repoRoot, 'generator/dist/emit-parallel/job-claims.js')).href;
    const count = 200_000;
    const claims = JobClaims.create(count);
    // Set by the worker once it holds its first job, so that the main thread races it from then on.
    const begun = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       import(${JSON.stringify(built)}).then(({ JobClaims }) => {
         const claims = new JobClaims(workerData.claims);
         const won = [];
         for (let i = 0; i < ${count}; i++) {
           if (claims.claimForWorker(i)) won.push(i);
           if (i === 0) (Atomics.store(workerData.begun, 0, 1), Atomics.notify(workerData.begun, 0));
         }
         parentPort.postMessage(won);
       });`,
      { eval: true, workerData: { claims: claims.buffer, begun } },
    );
    const workerWon = new Promise<number[]>((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject)));
    expect(Atomics.wait(begun, 0, 0, 30_000)).not.toBe('timed-out');
    const mainWon: number[] = [];
    for (let i = claims.takeBackLast(); i !== undefined; i = claims.takeBackLast()) mainWon.push(i);
    const theirs = await workerWon;
    await worker.terminate();
    expect(theirs[0]).toBe(0);
    expect(theirs.length + mainWon.length).toBe(count);
    // The worker's are 0..k-1 in order, the main thread's count down from the last to k.
    expect(theirs).toEqual(Array.from({ length: theirs.length }, (_, i) => i));
    expect(mainWon).toEqual(Array.from({ length: mainWon.length }, (_, i) => count - 1 - i));
  });
});
