/**
 * `--format markdown`: a pull-request comment. First line is a hidden marker (`<!-- socialgen-diff -->`) so
 * a CI job can find and update its one comment; then a one-line summary with counts and the needed bump;
 * then the changes grouped by operation (shared schemas and the document after), breaking first. Groups
 * with only informational changes and long groups are folded in `<details>`.
 */
import type { Change, DiffResult, Level } from '../types.ts';
import { countsLine, groups, where, type Group } from './common.ts';

export const MARKER = '<!-- socialgen-diff -->';

const ICON: Record<Level, string> = { breaking: '❌', warning: '⚠️', info: 'ℹ️' };
/** Rows shown before the rest of a group is folded. */
const OPEN_ROWS = 8;
/** GitHub rejects comments over 65 536 characters. */
const MAX_LENGTH = 60_000;

export interface MarkdownOptions {
  /** Prefix for links to head files, e.g. `https://github.com/o/r/blob/<sha>`; plain text when absent. */
  link?: string;
}

function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

function location(c: Change, options: MarkdownOptions): string {
  if (c.head) {
    const text = `${c.head.file}:${c.head.line}`;
    return options.link && !c.head.ref ? `[\`${text}\`](${options.link.replace(/\/$/, '')}/${c.head.file}#L${c.head.line})` : `\`${text}\``;
  }
  if (c.base) return `\`${where(c.base).replace(/:\d+$/, '')}\` (base)`;
  return '';
}

function table(changes: Change[], options: MarkdownOptions): string[] {
  const lines = ['| | Change | Rule | Where |', '|---|---|---|---|'];
  for (const c of changes) lines.push(`| ${ICON[c.level]} | ${cell(c.message)} | \`${c.id}\` | ${location(c, options)} |`);
  return lines;
}

function heading(g: Group): string {
  if (g.kind === 'operation') return `#### \`${g.title}\``;
  if (g.kind === 'schema') {
    const users = g.operations.length ? ` — used by ${g.operations.map((o) => `\`${o}\``).join(', ')}` : '';
    return `#### Schema \`${g.title.replace(/^schema /, '')}\`${users}`;
  }
  return '#### Document';
}

function section(g: Group, options: MarkdownOptions): string[] {
  const lines = [heading(g), ''];
  const open = g.changes.slice(0, OPEN_ROWS);
  const rest = g.changes.slice(OPEN_ROWS);
  lines.push(...table(open, options));
  if (rest.length) lines.push('', `<details><summary>${rest.length} more change${rest.length === 1 ? '' : 's'} in ${g.title}</summary>`, '', ...table(rest, options), '', '</details>');
  lines.push('');
  return lines;
}

export function formatMarkdown(result: DiffResult, options: MarkdownOptions = {}): string {
  const s = result.summary;
  const icon = s.breaking ? '❌' : s.warning ? '⚠️' : '✅';
  const bump = s.semver === 'none' ? 'no release of the generated packages is needed' : `the generated packages need a **${s.semver}** release`;
  const out: string[] = [MARKER, `### ${icon} Spec review: ${result.changes.length || result.ignored.length ? countsLine(result) : 'no contract changes'} — ${bump}`, ''];
  out.push(`<sub>base \`${result.base.label}\` (${cell(result.base.title)} ${cell(result.base.version)}) → head \`${result.head.label}\` (${cell(result.head.title)} ${cell(result.head.version)})</sub>`, '');

  const all = groups(result.changes);
  const loud = all.filter((g) => g.level !== 'info');
  const quiet = all.filter((g) => g.level === 'info');
  const body: string[] = [];
  for (const g of loud) body.push(...section(g, options));
  if (quiet.length) {
    const n = quiet.reduce((sum, g) => sum + g.changes.length, 0);
    body.push(`<details><summary>${ICON.info} ${n} informational change${n === 1 ? '' : 's'} in ${quiet.length} place${quiet.length === 1 ? '' : 's'}</summary>`, '');
    for (const g of quiet) body.push(...section(g, options));
    body.push('</details>', '');
  }

  const tail: string[] = [];
  const { methods, types } = s.exports;
  const list = (names: string[]): string => (names.length ? names.map((n) => `\`${n}\``).join(', ') : '—');
  if (methods.added.length + methods.removed.length + methods.changed.length + types.added.length + types.removed.length + types.changed.length) {
    tail.push('<details><summary>Generated exports that change</summary>', '');
    tail.push('| | Added | Removed | Changed |', '|---|---|---|---|');
    tail.push(`| Client methods / server handlers | ${list(methods.added)} | ${list(methods.removed)} | ${list(methods.changed)} |`);
    tail.push(`| Types | ${list(types.added)} | ${list(types.removed)} | ${list(types.changed)} |`);
    tail.push('', '</details>', '');
  }
  if (result.ignored.length) {
    tail.push(`<details><summary>${result.ignored.length} change${result.ignored.length === 1 ? '' : 's'} accepted by the ignore file</summary>`, '');
    tail.push('| | Change | Rule | Reason |', '|---|---|---|---|');
    for (const i of result.ignored) tail.push(`| ${ICON[i.change.level]} | ${cell(i.change.message)} | \`${i.change.id}\` | ${cell(i.reason)}${i.expires ? ` (until ${i.expires})` : ''} |`);
    tail.push('', '</details>', '');
  }
  for (const n of result.notes) tail.push(`> **Note:** ${cell(n)}`, '');
  if (result.warnings.length) {
    tail.push(`<details><summary>${ICON.warning} ${result.warnings.length} problem${result.warnings.length === 1 ? '' : 's'} in the spec (compared anyway)</summary>`, '');
    for (const w of result.warnings) tail.push(`- ${cell(w)}`);
    tail.push('', '</details>', '');
  }

  let text = body.join('\n');
  const budget = MAX_LENGTH - out.join('\n').length - tail.join('\n').length - 200;
  if (text.length > budget) {
    const cut = text.lastIndexOf('\n|', budget);
    text = text.slice(0, cut > 0 ? cut : budget) + `\n\n… the report is too long for a comment; run \`socialgen diff\` locally or see the job log for all ${result.changes.length} changes.\n`;
    // Close any <details> the cut left open.
    const opened = (text.match(/<details>/g) ?? []).length - (text.match(/<\/details>/g) ?? []).length;
    for (let i = 0; i < opened; i++) text += '\n</details>\n';
  }
  return [...out, text, ...tail].join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}
