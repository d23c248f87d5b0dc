/**
 * `--format changelog`: a Keep-a-Changelog section (https://keepachangelog.com/en/1.1.0/) for the generated
 * packages, usable as release notes: `## [Unreleased]`, the bump, then Added / Changed / Deprecated / Removed,
 * each with the changes that break the packages' users first (marked **Breaking:**; the generated-API verdict
 * decides, Change.api). Rows are the review's (format/review.ts): the same change in several operations is
 * one entry naming them, one enum's new values one entry.
 */
import { LEVEL_RANK } from '../types.ts';
import type { DiffResult, ExportDelta } from '../types.ts';
import { facetOf } from '../rules.ts';
import { reviewRows, type ReviewRow } from './review.ts';

type Section = 'Added' | 'Changed' | 'Deprecated' | 'Removed';
const SECTIONS: Section[] = ['Added', 'Changed', 'Deprecated', 'Removed'];

/** Which Keep-a-Changelog section a rule belongs in. */
export function sectionOf(id: string): Section {
  const facet = facetOf(id)?.facet;
  if (facet !== undefined) return facet === 'became-deprecated' ? 'Deprecated' : 'Changed';
  if (/-deprecated$/.test(id)) return 'Deprecated';
  // Security requirements and OAuth scopes change how an operation is called; they are not new features.
  if (id.startsWith('api-security-')) return 'Changed';
  if (/-removed(-before-sunset|-after-sunset|-unused)?$/.test(id)) return 'Removed';
  if (/^new-|-added(-required|-optional)?$/.test(id)) return 'Added';
  return 'Changed';
}

function entry(r: ReviewRow): string {
  const level = r.api?.level ?? r.level;
  const where = r.operations.length ? ` (${r.operations.map((o) => `\`${o}\``).join(', ')})` : '';
  const api = r.api ? ` Generated API: ${r.api.level} — ${r.api.reason}.` : '';
  return `- ${level === 'breaking' ? '**Breaking:** ' : ''}${r.message}${where}.${api}`.replace(/\.\.$/, '.');
}

function exportsLines(section: Section, methods: ExportDelta, types: ExportDelta): string[] {
  const names = (list: string[]): string => list.map((n) => `\`${n}\``).join(', ');
  const out: string[] = [];
  if (section === 'Added') {
    if (methods.added.length) out.push(`- Client methods / server handlers: ${names(methods.added)}.`);
    if (types.added.length) out.push(`- Types: ${names(types.added)}.`);
  }
  if (section === 'Removed') {
    if (methods.removed.length) out.push(`- **Breaking:** client methods / server handlers: ${names(methods.removed)}.`);
    if (types.removed.length) out.push(`- **Breaking:** types: ${names(types.removed)}.`);
  }
  return out;
}

export function formatChangelog(result: DiffResult): string {
  const s = result.summary;
  const lines = ['## [Unreleased]', ''];
  const bump = s.semver === 'none' ? 'No release of the generated packages is needed' : `The generated packages need a **${s.semver}** release`;
  lines.push(`${bump}: ${result.base.title} ${result.base.version} → ${result.head.version}.`, '');
  // --project: what this release breaks in the code that was checked against it.
  const errors = result.compileErrors ?? [];
  if (errors.length) lines.push(`Upgrading breaks ${errors.length} call site${errors.length === 1 ? '' : 's'} in the checked project: ${errors.map((e) => `\`${e.file}:${e.line}\`${e.change ? ` (${e.change.id})` : ''}`).join(', ')}.`, '');
  // Changes the ignore file accepts are in the release too: the generated packages change either way.
  const rows = reviewRows([...result.changes, ...result.ignored.map((i) => i.change)], { maxValues: Infinity });
  // Breaking for the packages' users first: the generated-API verdict where it differs from the wire's.
  const rank = (r: ReviewRow): number => LEVEL_RANK[r.api?.level ?? r.level];
  const bySection = new Map<Section, ReviewRow[]>(SECTIONS.map((name) => [name, []]));
  for (const r of rows) bySection.get(sectionOf(r.id))!.push(r);
  for (const name of SECTIONS) {
    const entries = [...exportsLines(name, s.exports.methods, s.exports.types), ...bySection.get(name)!.sort((a, b) => rank(a) - rank(b) || a.rank - b.rank).map(entry)];
    if (!entries.length) continue;
    // Removed exports are breaking: they go before the other entries of their section.
    lines.push(`### ${name}`, '', ...entries.sort((a, b) => Number(!a.startsWith('- **Breaking:**')) - Number(!b.startsWith('- **Breaking:**'))), '');
  }
  if (!rows.length && s.semver !== 'none') lines.push('### Changed', '', '- Documentation only (descriptions, examples): the contract is unchanged.', '');
  return lines.join('\n').trimEnd() + '\n';
}
