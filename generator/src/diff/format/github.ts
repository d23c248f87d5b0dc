/**
 * `--format github`: workflow commands that GitHub Actions shows as annotations on the changed lines. The
 * runner shows at most 10 errors and 10 warnings per step, so only the top findings are annotated
 * (breaking as errors, warnings as warnings); a notice carries the summary.
 */
import { anchors } from '../meta.ts';
import type { Change, ChangeLocation, DiffResult } from '../types.ts';
import { countsLine } from './common.ts';
import { impactRank } from './review.ts';

export const MAX_ANNOTATIONS = 10;

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function annotation(kind: 'error' | 'warning', c: Change): string {
  const loc: ChangeLocation | null | undefined = c.head ?? anchors.get(c);
  const props: string[] = [];
  if (loc && !loc.ref) props.push(`file=${escapeProperty(loc.file)}`, `line=${loc.line}`, `col=${loc.column}`);
  props.push(`title=${escapeProperty(`${c.id}${c.operation ? ` (${c.operation})` : c.operations.length ? ` (${c.operations.length} operations)` : ''}`)}`);
  const affects = !c.operation && c.operations.length ? `\nAffects: ${c.operations.join(', ')}` : '';
  return `::${kind} ${props.join(',')}::${escapeData(c.message + affects)}`;
}

export function formatGithub(result: DiffResult): string {
  const lines: string[] = [];
  // The ten shown are the ones that break most (removed operations, new required input, type changes first).
  const byImpact = (a: Change, b: Change): number => impactRank(a) - impactRank(b);
  const breaking = result.changes.filter((c) => c.level === 'breaking').sort(byImpact);
  const warnings = result.changes.filter((c) => c.level === 'warning').sort(byImpact);
  // Compile errors in the project (--project) are facts about this repository: annotated first, on the call site.
  const compile = result.compileErrors ?? [];
  for (const e of compile.slice(0, MAX_ANNOTATIONS)) lines.push(`::error file=${escapeProperty(e.file)},line=${e.line},col=${e.column},title=${escapeProperty(`compile error${e.change ? ` (${e.change.id})` : ''}`)}::${escapeData(`${e.message}${e.change ? `\nCaused by: ${e.change.message}` : ''}`)}`);
  for (const c of breaking.slice(0, Math.max(0, MAX_ANNOTATIONS - compile.length))) lines.push(annotation('error', c));
  for (const c of warnings.slice(0, MAX_ANNOTATIONS)) lines.push(annotation('warning', c));
  const hidden = Math.max(0, compile.length + breaking.length - MAX_ANNOTATIONS) + Math.max(0, warnings.length - MAX_ANNOTATIONS);
  const summary = `${countsLine(result)}; the generated packages need ${result.summary.semver === 'none' ? 'no' : `a ${result.summary.semver}`} release${hidden ? ` (${hidden} more not annotated; see the job log or the PR comment)` : ''}`;
  lines.push(`::notice title=socialgen diff::${escapeData(summary)}`);
  return lines.join('\n');
}
