import path from 'node:path';
/** Progress lines: stage and counts, dimmed on a terminal, plain otherwise; nothing with --quiet. */
import type { Stage } from '../pipeline.ts';
import { colors, type CliIO } from './io.ts';

export function progressReporter(io: CliIO, quiet: boolean | undefined): ((stage: Stage, detail: string) => void) | undefined {
  if (quiet) return undefined;
  const c = colors(io);
  const started = Date.now();
  return (stage, detail) => {
    const elapsed = ((Date.now() - started) / 1000).toFixed(1);
    io.err(io.isTTY ? c.dim(`[${elapsed}s] ${stage}: ${detail}`) : `socialgen: ${stage}: ${detail}`);
  };
}

/** A path as the user would type it: relative when inside the current folder, absolute otherwise. */
export function displayPath(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}
