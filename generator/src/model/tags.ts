/**
 * The document's tags (OAS 3.2 §4.25 adds `summary`, `parent` and `kind`). A `parent` must name a declared
 * tag and the parents must not form a cycle: either is an error at the `parent` that breaks the hierarchy,
 * since targets nest client methods, docs and the diff report by it.
 */
import { appendPointer, toPointer } from '../load/pointer.ts';
import type { SchemaContext } from './schema-normalize.ts';
import type { TagModel } from './types.ts';
import { isRecord, str } from './values.ts';

export function buildTags(value: unknown, report: SchemaContext['report']): TagModel[] {
  if (!Array.isArray(value)) return [];
  const tags: { tag: TagModel; pointer: string }[] = [];
  value.forEach((t, i) => {
    if (!isRecord(t)) return;
    const tag: TagModel = { name: String(t.name), summary: str(t.summary), description: str(t.description), parent: str(t.parent), kind: str(t.kind) };
    tags.push({ tag, pointer: toPointer(['tags', String(i)]) });
  });
  const byName = new Map(tags.map((t) => [t.tag.name, t]));
  const broken = new Set<string>();
  for (const { tag, pointer } of tags) {
    if (tag.parent === undefined) continue;
    if (!byName.has(tag.parent)) {
      report({ code: 'tag-parent', pointer: appendPointer(pointer, 'parent'), message: `tag ${JSON.stringify(tag.name)} names parent ${JSON.stringify(tag.parent)}, which is not a declared tag` });
      continue;
    }
    // Walk up; meeting the tag itself again is a cycle (reported once, at its first member in document order).
    const chain = [tag.name];
    for (let up = byName.get(tag.parent)?.tag; up; up = up.parent === undefined ? undefined : byName.get(up.parent)?.tag) {
      if (up.name === tag.name) {
        if (!chain.some((name) => broken.has(name))) {
          chain.forEach((name) => broken.add(name));
          report({ code: 'tag-parent', pointer: appendPointer(pointer, 'parent'), message: `tag parents form a cycle: ${[...chain, tag.name].map((n) => JSON.stringify(n)).join(' → ')}` });
        }
        break;
      }
      if (chain.includes(up.name)) break; // a cycle above this tag, reported at one of its own members
      chain.push(up.name);
    }
  }
  return tags.map((t) => t.tag);
}

/** The tag's ancestors, nearest first (the model has checked that parents exist and do not cycle). */
export function tagAncestors(tags: readonly TagModel[], name: string): TagModel[] {
  const byName = new Map(tags.map((t) => [t.name, t]));
  const out: TagModel[] = [];
  for (let up = byName.get(name)?.parent; up !== undefined; ) {
    const tag = byName.get(up);
    if (!tag || out.includes(tag)) break;
    out.push(tag);
    up = tag.parent;
  }
  return out;
}

/**
 * The tags in hierarchy order, with their depth: each top-level tag (document order), then the tags under
 * it, depth first. The order the README's sections and the diff's by-tag table follow.
 */
export function tagHierarchy(tags: readonly TagModel[]): { tag: TagModel; depth: number }[] {
  const out: { tag: TagModel; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | undefined, depth: number): void => {
    for (const tag of tags) {
      if (tag.parent !== parent || seen.has(tag.name)) continue;
      seen.add(tag.name);
      out.push({ tag, depth });
      visit(tag.name, depth + 1);
    }
  };
  visit(undefined, 0);
  return out;
}
