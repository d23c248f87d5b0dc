/**
 * The README's operations nested by the OAS 3.2 tag hierarchy: one section per tag (its `summary`, else its
 * name), its children's sections under it one heading level down, each operation under its first tag and
 * untagged ones last. Only for a spec whose tags use `parent` or `summary`; otherwise the flat list stays.
 */
import { tagHierarchy } from '../../model/tags.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';

export interface TagSection<T> {
  /** The heading level: 3 for a top-level tag, one more per level (markdown has six). */
  level: number;
  title: string;
  operations: T[];
}

export function tagSections<T>(model: ApiModel, item: (op: OperationModel) => T): TagSection<T>[] {
  if (!model.tags.some((t) => t.parent !== undefined || t.summary !== undefined)) return [];
  const declared = new Set(model.tags.map((t) => t.name));
  const under = (name: string | undefined) => model.operations.filter((op) => (name === undefined ? !op.tags.some((t) => declared.has(t)) : op.tags.find((t) => declared.has(t)) === name));
  const order = tagHierarchy(model.tags);
  const own = order.map(({ tag }) => under(tag.name).map(item));
  const out: TagSection<T>[] = [];
  order.forEach(({ tag, depth }, i) => {
    // A tag without operations of its own or below it (the deeper entries that follow it) gets no section.
    let total = own[i]!.length;
    for (let j = i + 1; j < order.length && order[j]!.depth > depth; j++) total += own[j]!.length;
    if (total) out.push({ level: Math.min(3 + depth, 6), title: tag.summary ?? tag.name, operations: own[i]! });
  });
  const rest = under(undefined);
  if (rest.length) out.push({ level: 3, title: 'Other operations', operations: rest.map(item) });
  return out;
}
