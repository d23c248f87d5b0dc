/**
 * Memory of a large streamed upload and download through the generated client and server.
 * Run: `node --expose-gc --import tsx scripts/bodies-memory.ts 200` (megabytes; default 200).
 */
import { measureLargeBodies, type Phase } from '../test/bodies/memory.ts';

const mb = Number(process.argv[2] ?? 200);
const r = await measureLargeBodies(mb * 1024 * 1024);
const m = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const line = (name: string, p: Phase) => `${name.padEnd(9)} ${m(p.size)} in ${p.ms} ms; peak live memory +${m(p.live)}, peak RSS +${m(p.rss)}`;
console.log(`body ${m(r.bytes)}, baseline RSS ${m(r.baselineRss)}`);
r.rounds.forEach((round, i) => {
  console.log(`round ${i + 1}`);
  console.log(line('  upload', round.upload));
  console.log(line('  download', round.download));
});
