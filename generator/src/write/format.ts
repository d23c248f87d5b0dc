/**
 * Formatting generated files with prettier, with fixed options: the output must not depend on a prettier
 * config that happens to be lying around, so none is read.
 *
 * Large TypeScript files are split at top-level statement boundaries (a blank line followed by an
 * unindented line: our emitters indent everything nested) and the pieces are formatted on worker threads,
 * one per core. The result depends only on the content, so it is as deterministic as a whole-file format.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Options } from 'prettier';
import type { EmittedFile } from '../emit/emitter.ts';

export const PRETTIER_OPTIONS: Options = {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: true,
  trailingComma: 'all',
  bracketSpacing: true,
  arrowParens: 'always',
  endOfLine: 'lf',
  proseWrap: 'preserve',
};

const PARSERS = { typescript: 'typescript', json: 'json', markdown: 'markdown' } as const;
/** Below this much TypeScript in total, workers cost more to start than they save. */
const PARALLEL_THRESHOLD = 400_000;
const CHUNK_SIZE = 64_000;

interface Job {
  text: string;
  options: Options;
}

/** Formats every file; returns contents in the same order. */
export async function formatFiles(files: EmittedFile[]): Promise<string[]> {
  const jobs: Job[] = [];
  const plan: Array<{ kind: 'raw'; text: string } | { kind: 'jobs'; indices: number[] } | { kind: 'pieces'; pieces: Array<string | number> }> = [];
  let tsBytes = 0;
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
    const pieces = file.format === 'typescript' ? splitStatements(text) : [text];
    if (file.format === 'typescript') tsBytes += text.length;
    plan.push({ kind: 'jobs', indices: pieces.map((piece) => jobs.push({ text: piece, options }) - 1) });
  }
  const results = tsBytes >= PARALLEL_THRESHOLD && availableParallelism() > 1 ? await formatOnWorkers(jobs) : await formatInProcess(jobs);
  return plan.map((p) =>
    p.kind === 'raw' ? p.text
    : p.kind === 'pieces' ? p.pieces.map((piece) => (typeof piece === 'string' ? piece : results[piece].replace(/\n$/, ''))).join('')
    : p.indices.map((i) => results[i]).join('\n'),
  );
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

/** Top-level statement groups of about CHUNK_SIZE characters. */
export function splitStatements(text: string): string[] {
  if (text.length <= CHUNK_SIZE) return [text];
  const boundaries = text.split(/\n\n(?=[^\s])/);
  const chunks: string[] = [];
  let current = '';
  for (const part of boundaries) {
    if (current && current.length + part.length > CHUNK_SIZE) {
      chunks.push(current);
      current = part;
    } else current = current ? `${current}\n\n${part}` : part;
  }
  if (current) chunks.push(current);
  return chunks;
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
