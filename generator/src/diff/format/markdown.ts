/**
 * `--format markdown` (the full review) and `--format comment` (the same, within a pull-request comment's
 * size): laid out as a reviewer reads it. First a hidden marker (`<!-- socialgen-diff -->`) so a CI job can
 * find and update its one comment, the counts and the bump; then a summary by severity and rule (every
 * breaking and warning rule, always); the compile errors the head causes in the project (`--project`); then
 * the changes as rows, the ones that break most first (removed operations, new required input, type changes)
 * and widenings last, the values one enum gained merged into one row, long operation lists capped. A comment
 * spends its whole budget on rows and says, outside any folded block, how many it shows and where the rest is.
 */
import type { Change, DiffResult, Level } from '../types.ts';
import { countsLine, where } from './common.ts';
import { capped, reviewRows, ruleCounts, type ReviewRow } from './review.ts';

export const MARKER = '<!-- socialgen-diff -->';

const ICON: Record<Level, string> = { breaking: '❌', warning: '⚠️', info: 'ℹ️' };
const TITLE: Record<Level, string> = { breaking: 'Breaking changes', warning: 'Warnings', info: 'Informational changes' };
/** GitHub rejects comments over 65 536 characters; the rest is headroom for what CI appends. */
export const COMMENT_LIMIT = 60_000;
/** Operations named in a row of a comment before "and N more" (the full report names them all). */
const ROW_OPERATIONS = 3;
/** Names per cell of the generated-exports table, and entries of the ignored / problems lists. */
const LIST_CAP = 12;
/** Info rules named in the summary (breaking and warning rules are always all named). */
const INFO_RULES = 12;

export interface MarkdownOptions {
  /** Prefix for links to head files, e.g. `https://github.com/o/r/blob/<sha>`; plain text when absent. */
  link?: string;
  /** Maximum length (a pull-request comment: COMMENT_LIMIT); unlimited when absent (the full report). */
  limit?: number;
  /** Where a reader of a shortened comment finds the full report. */
  fullReport?: string;
}

const DEFAULT_FULL_REPORT = 'run `socialgen diff BASE HEAD --output markdown=FILE` (in CI: the `spec-review` artifact of this job)';

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

function codeList(names: string[], max: number): string {
  return names.length ? capped(names.map((n) => `\`${cell(n)}\``), max) : '—';
}

const TABLE_HEAD = ['| | Change | Rule | Operations | Where |', '|---|---|---|---|---|'];

function row(r: ReviewRow, options: MarkdownOptions): string {
  const api = r.api ? ` — **generated API: ${r.api.level}**: ${r.api.reason}` : '';
  return `| ${ICON[r.level]} | ${cell(r.message + api)} | \`${r.id}\` | ${codeList(r.operations, options.limit === undefined ? Infinity : ROW_OPERATIONS)} | ${location(r.changes[0], options)} |`;
}

function summary(result: DiffResult): string[] {
  const counts = ruleCounts(result.changes);
  const rules = (list: Array<[string, number]>, max: number): string => capped(list.map(([id, n]) => `\`${id}\` ×${n}`), max);
  const lines = ['| | Changes | Rules |', '|---|---|---|'];
  for (const level of ['breaking', 'warning', 'info'] as const) {
    const n = result.summary[level];
    lines.push(`| ${ICON[level]} ${level} | ${n} | ${n ? rules(counts[level], level === 'info' ? INFO_RULES : Infinity) : '—'} |`);
  }
  const apiBreaks = result.changes.filter((c) => c.api?.level === 'breaking').length;
  const apiSafe = result.changes.filter((c) => c.level === 'breaking' && c.api && c.api.level !== 'breaking').length;
  const notes: string[] = [];
  if (apiBreaks) notes.push(`${apiBreaks} change${apiBreaks === 1 ? ' that is' : 's that are'} compatible on the wire break${apiBreaks === 1 ? 's' : ''} the generated API (the generated-API verdict decides the bump)`);
  if (apiSafe) notes.push(`${apiSafe} breaking change${apiSafe === 1 ? '' : 's'} on the wire leave${apiSafe === 1 ? 's' : ''} the generated API unchanged (only clients validating responses see ${apiSafe === 1 ? 'it' : 'them'}; listed last)`);
  if (notes.length) lines.push('', `<sub>${notes.join('; ')}.</sub>`);
  return lines;
}

/** The changes by tag, nested as the OAS 3.2 tag hierarchy nests (only tags some change touches). */
function byTag(result: DiffResult): string[] {
  const groups = result.tagGroups?.filter((g) => g.breaking + g.warning + g.info > 0);
  if (!groups?.length) return [];
  const lines = ['| Tag | ❌ | ⚠️ | ℹ️ |', '|---|---|---|---|'];
  for (const g of groups) lines.push(`| ${'&nbsp;&nbsp;'.repeat(g.depth)}${g.depth ? '└ ' : ''}${cell(g.title)} | ${g.breaking} | ${g.warning} | ${g.info} |`);
  return lines;
}

function compileErrors(result: DiffResult, options: MarkdownOptions): string[] {
  const errors = result.compileErrors;
  if (!errors) return [];
  if (!errors.length) return [`**Your code:** the project still compiles against the head's generated packages.`];
  const lines = [`#### ❌ ${errors.length} compile error${errors.length === 1 ? '' : 's'} in your code against the head's generated packages`, '', '| Where | Error | Change | Rule |', '|---|---|---|---|'];
  for (const e of errors) {
    const at = `${e.file}:${e.line}`;
    const place = options.link ? `[\`${at}\`](${options.link.replace(/\/$/, '')}/${e.file}#L${e.line})` : `\`${at}\``;
    lines.push(`| ${place} | ${cell(e.message)} | ${e.change ? cell(e.change.message) : 'not traced to one change'} | ${e.change ? `\`${e.change.id}\`` : '—'} |`);
  }
  return lines;
}

function tail(result: DiffResult): string[] {
  const out: string[] = [];
  const { methods, types } = result.summary.exports;
  if (methods.added.length + methods.removed.length + methods.changed.length + types.added.length + types.removed.length + types.changed.length) {
    out.push('<details><summary>Generated exports that change</summary>', '');
    out.push('| | Added | Removed | Changed |', '|---|---|---|---|');
    out.push(`| Client methods / server handlers | ${codeList(methods.added, LIST_CAP)} | ${codeList(methods.removed, LIST_CAP)} | ${codeList(methods.changed, LIST_CAP)} |`);
    out.push(`| Types | ${codeList(types.added, LIST_CAP)} | ${codeList(types.removed, LIST_CAP)} | ${codeList(types.changed, LIST_CAP)} |`);
    out.push('', '</details>', '');
  }
  if (result.ignored.length) {
    out.push(`<details><summary>${result.ignored.length} change${result.ignored.length === 1 ? '' : 's'} accepted by the ignore file</summary>`, '');
    out.push('| | Change | Rule | Reason |', '|---|---|---|---|');
    for (const i of result.ignored.slice(0, LIST_CAP)) out.push(`| ${ICON[i.change.level]} | ${cell(i.change.message)} | \`${i.change.id}\` | ${cell(i.reason)}${i.expires ? ` (until ${i.expires})` : ''} |`);
    if (result.ignored.length > LIST_CAP) out.push(`| | and ${result.ignored.length - LIST_CAP} more | | |`);
    out.push('', '</details>', '');
  }
  for (const n of result.notes.slice(0, LIST_CAP)) out.push(`> **Note:** ${cell(n)}`, '');
  if (result.warnings.length) {
    out.push(`<details><summary>${ICON.warning} ${result.warnings.length} problem${result.warnings.length === 1 ? '' : 's'} in the spec (compared anyway)</summary>`, '');
    for (const w of result.warnings.slice(0, LIST_CAP)) out.push(`- ${cell(w)}`);
    if (result.warnings.length > LIST_CAP) out.push(`- and ${result.warnings.length - LIST_CAP} more`);
    out.push('', '</details>', '');
  }
  return out;
}

/** The rows of one level as a section: breaking and warnings open, info folded. */
function section(level: Level, lines: string[], total: number): string[] {
  const heading = level === 'info' ? [`<details><summary>${ICON.info} ${TITLE.info} (${total})</summary>`, ''] : [`#### ${ICON[level]} ${TITLE[level]} (${total})`, ''];
  return [...heading, ...TABLE_HEAD, ...lines, '', ...(level === 'info' ? ['</details>', ''] : [])];
}

export function formatMarkdown(result: DiffResult, options: MarkdownOptions = {}): string {
  const s = result.summary;
  const icon = s.breaking ? '❌' : s.warning ? '⚠️' : '✅';
  const bump = s.semver === 'none' ? 'no release of the generated packages is needed' : `the generated packages need a **${s.semver}** release`;
  const head: string[] = [MARKER, `### ${icon} Spec review: ${result.changes.length || result.ignored.length ? countsLine(result) : 'no contract changes'} — ${bump}`, ''];
  head.push(`<sub>base \`${result.base.label}\` (${cell(result.base.title)} ${cell(result.base.version)}) → head \`${result.head.label}\` (${cell(result.head.title)} ${cell(result.head.version)})</sub>`, '');
  if (result.changes.length) head.push(...summary(result), '');
  const tagged = byTag(result);
  if (tagged.length) head.push(...tagged, '');
  const errors = compileErrors(result, options);
  if (errors.length) head.push(...errors, '');

  const rows = reviewRows(result.changes);
  const lines = rows.map((r) => row(r, options));
  const end = tail(result);
  const limit = options.limit ?? Infinity;
  const render = (n: number): string => {
    const shown: Record<Level, string[]> = { breaking: [], warning: [], info: [] };
    const shownChanges: Record<Level, number> = { breaking: 0, warning: 0, info: 0 };
    rows.slice(0, n).forEach((r, i) => {
      shown[r.section].push(lines[i]);
      shownChanges[r.level] += r.changes.length;
    });
    const body: string[] = [];
    const count = shownChanges.breaking + shownChanges.warning + shownChanges.info;
    if (count < result.changes.length) {
      const hidden = result.changes.length - count;
      const hiddenBreaking = s.breaking - shownChanges.breaking;
      // Outside any folded block, before the rows: the reader sees at once that the comment is not all.
      body.push('> [!NOTE]', `> **${count} of ${result.changes.length} changes are shown** (the ones that break most first); ${hidden} more${hiddenBreaking > 0 ? `, ${hiddenBreaking} of them breaking,` : ''} did not fit in a comment. For the full report, ${options.fullReport ?? DEFAULT_FULL_REPORT}.`, '');
    }
    const totals: Record<Level, number> = { breaking: 0, warning: 0, info: 0 };
    for (const r of rows) totals[r.section] += r.changes.length;
    for (const level of ['breaking', 'warning', 'info'] as const) if (shown[level].length) body.push(...section(level, shown[level], totals[level]));
    return [...head, ...body, ...end].join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
  };
  // The whole budget goes to rows, in order: as many as fit (the estimate, then one fewer until it fits).
  const fixed = render(0).length + 1200;
  let n = 0;
  for (let used = fixed; n < rows.length && used + lines[n].length + 1 <= limit; n++) used += lines[n].length + 1;
  let text = render(n);
  while (text.length > limit && n > 0) text = render(--n);
  return text;
}
