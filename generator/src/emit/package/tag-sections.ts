/**
 * The README's operations nested by the OAS 3.2 tag hierarchy: one section per tag (its `summary`, else its
 * name), its children's sections under it one heading level down, each operation under its first tag and
 * untagged ones last. Only for a spec whose tags use `parent` or `summary`; otherwise the flat list stays.
 */
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
  const out: TagSection<T>[] = [];
  // A tag without operations of its own or below it gets no section.
  const visit = (parent: string | undefined, depth: number, seen: Set<string>): number => {
    let count = 0;
    for (const tag of model.tags) {
      if (tag.parent !== parent || seen.has(tag.name)) continue;
      seen.add(tag.name);
      const at = out.length;
      const operations = under(tag.name).map(item);
      out.push({ level: Math.min(3 + depth, 6), title: tag.summary ?? tag.name, operations });
      const below = visit(tag.name, depth + 1, seen);
      if (operations.length + below === 0) out.splice(at, 1);
      count += operations.length + below;
    }
    return count;
  };
  visit(undefined, 0, new Set());
  const rest = under(undefined);
  if (rest.length) out.push({ level: 3, title: 'Other operations', operations: rest.map(item) });
  return out;
}
