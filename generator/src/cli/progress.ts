/** Progress lines: stage and counts, dimmed on a terminal, plain otherwise; nothing with --quiet. */
import path from 'node:path';
import type { Stage } from '../pipeline.ts';
import { isUrl } from '../load/remote.ts';
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

/** A path as the user would type it: relative when inside the current folder, absolute otherwise; a URL as it is. */
export function displayPath(cwd: string, file: string): string {
  if (isUrl(file)) return file;
  const rel = path.relative(cwd, file);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}
