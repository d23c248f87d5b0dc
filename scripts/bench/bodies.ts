/**
 * `npm run bench -- bodies`: peak memory of a 200 MB binary upload and download through the generated client
 * and server over loopback (scripts/bodies-memory.ts, run with --expose-gc in its own process). A memory
 * target lives here, not in a unit test: RSS depends on what else the machine is doing. The peer is the body
 * size itself: a buffered body would add about as much RSS as it is large; a streamed one adds a few MB once
 * warmed up (the first upload round also grows with a raw fetch, which is Node's own fetch, not ours).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function run(): Promise<void> {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(root, 'scripts/bodies-memory.ts'), '200'], { cwd: root, encoding: 'utf8' });
  process.stdout.write(out);
}
