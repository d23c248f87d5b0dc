/** Array keywords: item counts, uniqueItems, items (recursively), prefixItems, contains, unevaluatedItems. */
import { appendPointer } from '../../load/pointer.ts';
import type { Schema } from '../../model/types.ts';
import { joinPath, type DiffContext, type SchemaCtx } from '../context.ts';
import { compareSchemas, kw } from './compare.ts';
import { compareUnevaluated } from './objects.ts';
import { bound } from './scalars.ts';
import { keywordPointer, type View } from './view.ts';

export function compareArrays(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  bound(dc, ctx, base, head, 'max', 'items', 'maxItems');
  bound(dc, ctx, base, head, 'min', 'items', 'minItems');
  const ua = base.keywords.uniqueItems === true;
  const ub = head.keywords.uniqueItems === true;
  if (!ua && ub) dc.facet(ctx, 'unique-items-added', base.ptr, kw(head, 'uniqueItems'), 'items must now be unique (uniqueItems)');
  else if (ua && !ub) dc.facet(ctx, 'unique-items-removed', kw(base, 'uniqueItems'), head.ptr, 'items no longer have to be unique (uniqueItems)');
  const ia = base.keywords.items;
  const ib = head.keywords.items;
  if (ia !== undefined || ib !== undefined) {
    const pa = appendPointer(keywordPointer(base, 'items'), 'items');
    const pb = appendPointer(keywordPointer(head, 'items'), 'items');
    compareSchemas(dc, ia ?? true, ia !== undefined ? pa : base.ptr, ib ?? true, ib !== undefined ? pb : head.ptr, { ...ctx, path: joinPath(ctx.path, '[]') });
  }
  comparePositions(dc, base, head, ctx);
  compareContains(dc, base, head, ctx);
  compareUnevaluated(dc, base, head, ctx, 'unevaluatedItems', '[unevaluated]');
}

/**
 * `prefixItems` by position: the schema that applies at index i is `prefixItems[i]`, or `items` past the
 * tuple (any value when there is none). Each position the tuple covers on either side is compared in the
 * direction of the whole, so a tuple added over `items: string` that wants an integer first is a type change
 * at `[0]`, and lengthening a tuple only matters where the new position's schema differs from `items`.
 */
function comparePositions(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  const before = base.keywords.prefixItems ?? [];
  const after = head.keywords.prefixItems ?? [];
  const positions = Math.max(before.length, after.length);
  const at = (view: View, list: Schema[], i: number): [Schema, string] => {
    if (i < list.length) return [list[i], appendPointer(keywordPointer(view, 'prefixItems'), 'prefixItems', i)];
    if (view.keywords.items !== undefined) return [view.keywords.items, appendPointer(keywordPointer(view, 'items'), 'items')];
    return [true, view.ptr];
  };
  for (let i = 0; i < positions; i++) {
    const [baseSchema, basePtr] = at(base, before, i);
    const [headSchema, headPtr] = at(head, after, i);
    compareSchemas(dc, baseSchema, basePtr, headSchema, headPtr, { ...ctx, path: joinPath(ctx.path, `[${i}]`) });
  }
}

/**
 * `contains` with `minContains` (default 1 when `contains` is present) and `maxContains`: how many items must
 * match. Requiring a match, more matches or fewer allowed matches narrows; the reverse widens. The `contains`
 * schema itself is compared in the same direction.
 */
function compareContains(dc: DiffContext, base: View, head: View, ctx: SchemaCtx): void {
  const before = base.keywords.contains;
  const after = head.keywords.contains;
  if (before === undefined && after === undefined) return;
  if (before === undefined) {
    dc.facet(ctx, 'contains-added', base.ptr, kw(head, 'contains'), `an item matching \`contains\` is now required${minOf(head) > 1 ? ` (at least ${minOf(head)})` : ''}`);
    return;
  }
  if (after === undefined) {
    dc.facet(ctx, 'contains-removed', kw(base, 'contains'), head.ptr, 'an item matching `contains` is no longer required');
    return;
  }
  const minBefore = minOf(base);
  const minAfter = minOf(head);
  if (minAfter > minBefore) dc.facet(ctx, 'min-contains-increased', kw(base, 'minContains'), kw(head, 'minContains'), `at least ${minAfter} items must match \`contains\` (was ${minBefore})`);
  else if (minAfter < minBefore) dc.facet(ctx, 'min-contains-decreased', kw(base, 'minContains'), kw(head, 'minContains'), `at least ${minAfter} items must match \`contains\` (was ${minBefore})`);
  const maxBefore = base.keywords.maxContains as number | undefined;
  const maxAfter = head.keywords.maxContains as number | undefined;
  if (maxBefore !== maxAfter) {
    const narrower = maxAfter !== undefined && (maxBefore === undefined || maxAfter < maxBefore);
    const text = `at most ${maxAfter ?? 'any number of'} items may match \`contains\` (was ${maxBefore ?? 'any number'})`;
    dc.facet(ctx, narrower ? 'max-contains-decreased' : 'max-contains-increased', kw(base, 'maxContains'), kw(head, 'maxContains'), text);
  }
  compareSchemas(dc, before, kw(base, 'contains'), after, kw(head, 'contains'), { ...ctx, path: joinPath(ctx.path, '<contains>') });
}

function minOf(view: View): number {
  return typeof view.keywords.minContains === 'number' ? view.keywords.minContains : 1;
}
