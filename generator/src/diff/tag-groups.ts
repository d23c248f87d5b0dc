/**
 * The diff report by tag (OAS 3.2 tags with `parent`): each tag of the hierarchy with the changes that touch
 * its operations or those of the tags nested under it, in the hierarchy's order (parents first, document
 * order among siblings). Only for a spec whose tags nest: flat tags are already each operation's tags.
 */
import { tagAncestors, tagHierarchy } from '../model/tags.ts';
import type { ApiModel } from '../model/types.ts';
import { opLabel } from './operations.ts';
import type { Change, Level, TagGroup } from './types.ts';

export function tagGroups(base: ApiModel, head: ApiModel, changes: readonly Change[]): TagGroup[] | undefined {
  const tags = head.tags.some((t) => t.parent !== undefined) ? head.tags : base.tags.some((t) => t.parent !== undefined) ? base.tags : undefined;
  if (!tags) return undefined;
  // An operation's tags as either side has them (a removed operation is grouped by the base's).
  const tagsOf = new Map<string, Set<string>>();
  for (const op of [...base.operations, ...head.operations]) {
    const set = tagsOf.get(opLabel(op)) ?? new Set<string>();
    for (const t of op.tags) set.add(t);
    tagsOf.set(opLabel(op), set);
  }
  // The tag and its ancestors.
  const lineage = (name: string): string[] => [name, ...tagAncestors(tags, name).map((t) => t.name)];
  const counts = new Map<string, Record<Level, number>>(tags.map((t) => [t.name, { breaking: 0, warning: 0, info: 0 }]));
  for (const change of changes) {
    const touched = new Set(change.operations.flatMap((op) => [...(tagsOf.get(op) ?? [])].flatMap(lineage)));
    for (const name of touched) {
      const c = counts.get(name);
      if (c) c[change.level]++;
    }
  }
  return tagHierarchy(tags).map(({ tag, depth }) => ({ tag: tag.name, title: tag.summary ?? tag.name, depth, ...counts.get(tag.name)! }));
}
