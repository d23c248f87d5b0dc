/**
 * The run cache's promise to the files that share work through it: two processes asking at once for the
 * same key get one build (the second waits on the lock and reads the first's folder), a failed build
 * leaves nothing, and another key is another build. Real processes, as vitest's workers are.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './paths.ts';
import { cachedFolder, RUN_CACHE } from './run-cache.ts';

const KIND = `run-cache-test-${process.pid}`;
const tmp = tempDir('socialgen-run-cache-');
afterAll(() => {
  tmp.remove();
  rmSync(path.join(RUN_CACHE, KIND), { recursive: true, force: true });
});

/** A process that asks for `key`, its build taking 1.5 s (so that the two overlap though tsx starts at its own pace) and logging itself to `log`. */
const ask = (key: string, log: string) =>
  promisify(execFile)(path.join(repoRoot, 'node_modules/.bin/tsx'), [
    '-e',
    `import { appendFileSync, writeFileSync } from 'node:fs';
     import { cachedFolder } from ${JSON.stringify(path.join(repoRoot, 'test/helpers/run-cache.ts'))};
     const dir = cachedFolder(${JSON.stringify(KIND)}, ${JSON.stringify(key)}, (out) => {
       appendFileSync(${JSON.stringify(log)}, process.pid + '\\n');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
       writeFileSync(out + '/result', 'built by ' + process.pid);
     });
     process.stdout.write(dir);`,
  ]);

describe('cachedFolder', () => {
  it('two processes asking at once for one key: one build, both read it', { timeout: 120_000 }, async () => {
    const log = path.join(tmp.dir, 'builds.log');
    const [a, b] = await Promise.all([ask('same', log), ask('same', log)]);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(a.stdout).toBe(b.stdout);
    expect(readFileSync(path.join(a.stdout, 'result'), 'utf8')).toMatch(/^built by \d+$/);
    // Nothing left of the build: no lock, no staging folder.
    expect(readdirSync(path.join(RUN_CACHE, KIND))).toEqual(['same']);
  });

  it('a build that throws leaves nothing, and the next caller builds', () => {
    expect(() => cachedFolder(KIND, 'failing', () => {
      throw new Error('no');
    })).toThrow('no');
    expect(existsSync(path.join(RUN_CACHE, KIND, 'failing'))).toBe(false);
    expect(readdirSync(path.join(RUN_CACHE, KIND)).filter((f) => f.startsWith('failing'))).toEqual([]);
    let builds = 0;
    const dir = cachedFolder(KIND, 'failing', () => void builds++);
    expect([builds, existsSync(dir)]).toEqual([1, true]);
    // Cached now: no second build.
    cachedFolder(KIND, 'failing', () => void builds++);
    expect(builds).toBe(1);
  });
});
