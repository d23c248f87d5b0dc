/** `--format text` (the default): for a terminal, coloured when it is one. */
import type { DiffResult, Level } from '../types.ts';
import { countsLine, exportsLine, groups, where } from './common.ts';

/** The colours the text format uses (picocolors' `createColors` fits; identity functions for none). */
export interface Paint {
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

export const NO_PAINT: Paint = { red: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s };

const MARK: Record<Level, string> = { breaking: '✗', warning: '!', info: '·' };

export function formatText(result: DiffResult, c: Paint = NO_PAINT): string {
  const paint: Record<Level, (s: string) => string> = { breaking: c.red, warning: c.yellow, info: c.dim };
  const lines: string[] = [];
  const s = result.summary;
  const headline = `socialgen diff: ${countsLine(result)} — ${s.semver === 'none' ? 'no release of the generated packages is needed' : `the generated packages need a ${s.semver} release`}`;
  lines.push(c.bold(s.breaking ? c.red(headline) : s.warning ? c.yellow(headline) : headline));
  lines.push(c.dim(`base ${result.base.label} (${result.base.title} ${result.base.version}) → head ${result.head.label} (${result.head.title} ${result.head.version})`));
  if (result.compileErrors) {
    lines.push('');
    lines.push(c.bold(result.compileErrors.length ? c.red(`Your code: ${result.compileErrors.length} compile error${result.compileErrors.length === 1 ? '' : 's'} against the head's generated packages`) : "Your code: still compiles against the head's generated packages"));
    for (const e of result.compileErrors) {
      lines.push(`  ${c.red('✗')} ${e.file}:${e.line}:${e.column}  ${e.message}`);
      lines.push(c.dim(`             ${e.change ? `${e.change.id} · ${e.change.message}` : 'not traced to one change'}`));
    }
  }
  for (const g of groups(result.changes)) {
    lines.push('');
    lines.push(c.bold(g.title));
    if (g.kind !== 'operation' && g.operations.length) lines.push(c.dim(`  used by ${g.operations.join(', ')}`));
    for (const ch of g.changes) {
      lines.push(`  ${paint[ch.level](`${MARK[ch.level]} ${ch.level.padEnd(8)}`)} ${ch.message}`);
      if (ch.api) lines.push(`             ${paint[ch.api.level](`generated API: ${ch.api.level}`)} — ${ch.api.reason}`);
      const at = [ch.head ? `head ${where(ch.head)}` : '', ch.base ? `base ${where(ch.base)}` : ''].filter(Boolean).join(' · ');
      lines.push(c.dim(`             ${ch.id}${at ? ` · ${at}` : ''}`));
    }
  }
  if (result.ignored.length) {
    lines.push('');
    lines.push(c.bold(`Ignored (${result.ignored.length})`));
    for (const i of result.ignored) lines.push(c.dim(`  ${i.change.id} ${i.change.pointer}: ${i.reason}${i.expires ? ` (until ${i.expires})` : ''}`));
  }
  if (result.notes.length) {
    lines.push('');
    for (const n of result.notes) lines.push(c.yellow(`note: ${n}`));
  }
  lines.push('');
  lines.push(c.dim(`exports: ${exportsLine(result)}`));
  return lines.join('\n');
}
