/**
 * Formatting generated files with prettier, with fixed options: the output must not depend on a prettier
 * config that happens to be lying around, so none is read.
 *
 * Most output is printed formatted by construction (EmittedFile.formatted); prettier is loaded only when
 * something is left for it. Large pending TypeScript is split between top-level statements (found by
 * parsing, so a blank line inside a template literal or a comment is never a cut) and, when there is
 * enough of it, the pieces are formatted on worker threads, one per core. The result depends only on the
 * content, so it is as deterministic as a whole-file format.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Options } from 'prettier';
import type { ts as TS } from 'ts-morph';
import { PRETTIER_OPTIONS } from '../codegen/layout-options.ts';
import type { EmittedFile } from '../emit/emitted-file.ts';

// Defined with the printers that lay code out to them; exported here too for whoever formats like the write stage.
export { PRETTIER_OPTIONS };

const PARSERS = { typescript: 'typescript', json: 'json', markdown: 'markdown' } as const;
/** Below this much pending text in total, workers (each loads prettier, ~150 ms) cost more than they save. */
const PARALLEL_THRESHOLD = 400_000;
const CHUNK_SIZE = 64_000;

interface Job {
  text: string;
  options: Options;
}

/**
 * Formatted text by what was formatted, kept across the runs of one process (`generate --watch`): a run
 * formats only the statements that changed since the last. Holds what the last run used, nothing older.
 */
export type FormatCache = Map<string, string>;

/** Smaller pieces when caching: an edit then invalidates little, and cached pieces cost nothing. */
const CACHED_CHUNK_SIZE = 8_000;

/** Formats every file; returns contents in the same order. */
export async function formatFiles(files: EmittedFile[], cache?: FormatCache): Promise<string[]> {
  const jobs: Job[] = [];
  const plan: Array<{ kind: 'raw'; text: string } | { kind: 'jobs'; indices: number[] } | { kind: 'pieces'; pieces: Array<string | number> }> = [];
  // Cutting files into statement groups (a parse) pays only for worker threads or for the watch's cache.
  const split = cache !== undefined || pendingSize(files) >= PARALLEL_THRESHOLD;
  // The codegen's TypeScript (its namespace alone: requiring all of ts-morph costs 50-90 ms more).
  if (split) ts ??= (await import('../codegen/typescript.mjs')).ts;
  for (const file of files) {
    const text = file.contents.endsWith('\n') ? file.contents : file.contents + '\n';
    if (file.format === 'none' || file.formatted === true || (file.formatted && !file.formatted.length)) {
      plan.push({ kind: 'raw', text });
      continue;
    }
    const options = { ...PRETTIER_OPTIONS, parser: PARSERS[file.format] };
    if (file.formatted) {
      // Only the statements the printer left unformatted: each is formatted on its own (prettier's output
      // for a top-level statement does not depend on its neighbours) and put back in place.
      const pieces = splitAt(text, file.formatted);
      plan.push({ kind: 'pieces', pieces: pieces.map((p) => (typeof p === 'string' ? p : jobs.push({ text: p.pending, options }) - 1)) });
      continue;
    }
    const pieces = split && file.format === 'typescript' ? splitStatements(text, cache ? CACHED_CHUNK_SIZE : CHUNK_SIZE) : [text];
    plan.push({ kind: 'jobs', indices: pieces.map((piece) => jobs.push({ text: piece, options }) - 1) });
  }
  const results = await formatJobs(jobs, cache);
  return plan.map((p) =>
    p.kind === 'raw' ? p.text
    : p.kind === 'pieces' ? p.pieces.map((piece) => (typeof piece === 'string' ? piece : results[piece].replace(/\n$/, ''))).join('')
    : p.indices.map((i) => results[i]).join('\n'),
  );
}

/** How much text prettier would be given (before any cache). */
function pendingSize(files: EmittedFile[]): number {
  let size = 0;
  for (const f of files) {
    if (f.format === 'none' || f.formatted === true) continue;
    size += f.formatted ? f.formatted.reduce((sum, [start, end]) => sum + (end - start), 0) : f.contents.length;
  }
  return size;
}

/** The text cut at `ranges`: formatted text as strings, the ranges as `{ pending }`. */
function splitAt(text: string, ranges: readonly (readonly [number, number])[]): Array<string | { pending: string }> {
  const out: Array<string | { pending: string }> = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    out.push(text.slice(at, start), { pending: text.slice(start, end) });
    at = end;
  }
  out.push(text.slice(at));
  return out;
}

async function formatJobs(jobs: Job[], cache: FormatCache | undefined): Promise<string[]> {
  const run = async (list: Job[]): Promise<string[]> => {
    if (!list.length) return [];
    const pending = list.reduce((sum, job) => sum + job.text.length, 0);
    return pending >= PARALLEL_THRESHOLD && availableParallelism() > 1 && list.length > 1 ? formatOnWorkers(list) : formatInProcess(list);
  };
  if (!cache) return run(jobs);
  const key = (job: Job) => `${job.options.parser}\0${job.text}`;
  const missing = jobs.filter((job) => !cache.has(key(job)));
  const fresh = await run(missing);
  const used = new Map<string, string>();
  missing.forEach((job, i) => used.set(key(job), fresh[i]));
  const results = jobs.map((job) => {
    const k = key(job);
    const text = used.get(k) ?? cache.get(k)!;
    used.set(k, text);
    return text;
  });
  cache.clear();
  for (const [k, v] of used) cache.set(k, v);
  return results;
}

/**
 * Top-level statement groups of about `size` characters, cut only where a blank line separates two
 * top-level statements (prettier formats each the same alone as in the file, and keeps one blank line
 * between them, which joining the pieces with a blank line restores). Text that does not parse is not cut:
 * prettier reports its error.
 */
export function splitStatements(text: string, size = CHUNK_SIZE): string[] {
  if (text.length <= size) return [text];
  const chunks: string[] = [];
  let from = 0;
  let last = 0;
  for (const cut of statementCuts(text)) {
    if (cut - from > size && last > from) {
      chunks.push(text.slice(from, last));
      from = last + 2;
    }
    last = cut;
  }
  if (text.length - from > size && last > from) {
    chunks.push(text.slice(from, last));
    from = last + 2;
  }
  chunks.push(text.slice(from));
  return chunks;
}

/** Positions of the `\n\n` of blank lines between top-level statements (outside comments). */
function statementCuts(text: string): number[] {
  const ts = typescript();
  const file = ts.createSourceFile('pending.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  if ((file as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics?.length) return [];
  const cuts: number[] = [];
  const statements = file.statements;
  for (let i = 0; i + 1 < statements.length; i++) {
    const gapStart = statements[i].end;
    // The gap up to the next statement's first token, and that token's first character (the `\S`).
    const gap = text.slice(gapStart, statements[i + 1].getStart(file) + 1);
    const comments = [...(ts.getTrailingCommentRanges(text, gapStart) ?? []), ...(ts.getLeadingCommentRanges(text, gapStart) ?? [])];
    for (const m of gap.matchAll(/\n\n(?=\S)/g)) {
      const at = gapStart + m.index;
      if (!comments.some((c) => at >= c.pos && at < c.end)) {
        cuts.push(at);
        break;
      }
    }
  }
  return cuts;
}

let ts: typeof TS | undefined;
/** The TypeScript parser (ts-morph's; formatFiles loads it through the codegen's module before splitting). */
function typescript(): typeof TS {
  ts ??= (createRequire(import.meta.url)('ts-morph') as { ts: typeof TS }).ts;
  return ts;
}

async function formatInProcess(jobs: Job[]): Promise<string[]> {
  const prettier = await import('prettier');
  const out: string[] = [];
  for (const job of jobs) out.push(await prettier.format(job.text, job.options));
  return out;
}

async function formatOnWorkers(jobs: Job[]): Promise<string[]> {
  const count = Math.min(availableParallelism(), 4, jobs.length);
  const workers = Array.from({ length: count }, () => new Worker(new URL('./format-worker.mjs', import.meta.url)));
  const results: string[] = new Array(jobs.length);
  // Largest first, so the last job to finish is a small one.
  const order = jobs.map((_, i) => i).sort((a, b) => jobs[b].text.length - jobs[a].text.length);
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= order.length) return resolve();
              const id = order[next++];
              worker.postMessage({ id, text: jobs[id].text, options: jobs[id].options });
            };
            worker.on('message', (message: { id: number; text?: string; error?: string }) => {
              if (message.error !== undefined) return reject(new Error(`prettier: ${message.error}`));
              results[message.id] = message.text!;
              send();
            });
            worker.on('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
