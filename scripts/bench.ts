/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (or only those named: `npm run bench -- types diff`).
 * Each prints its numbers next to the peer measured in the same run; none of them asserts anything.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const only = process.argv.slice(2);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((n) => !only.length || only.includes(n))
  .sort();

for (const name of names) {
  console.log(`\n=== ${name} ===`);
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as { run?: () => Promise<void> };
  if (typeof mod.run !== 'function') {
    console.log(`(scripts/bench/${name}.ts exports no run())`);
    continue;
  }
  const started = performance.now();
  await mod.run();
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
