/** Array keywords: item counts, uniqueItems, items (recursively), prefixItems, contains, unevaluatedItems. */
import { appendPointer } from '../../load/pointer.ts';
import type { Schema } from '../../model/types.ts';
import { joinPath, type DiffContext, type SchemaCtx } from '../context.ts';
import { compareSchemas, kw } from './compare.ts';
import { compareUnevaluated } from './objects.ts';
import { bound } from './scalars.ts';
import { keywordPointer, type View } from './view.ts';

export function compareArrays(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  bound(dc, ctx, A, B, 'max', 'items', 'maxItems');
  bound(dc, ctx, A, B, 'min', 'items', 'minItems');
  const ua = A.s.uniqueItems === true;
  const ub = B.s.uniqueItems === true;
  if (!ua && ub) dc.facet(ctx, 'unique-items-added', A.ptr, kw(B, 'uniqueItems'), 'items must now be unique (uniqueItems)');
  else if (ua && !ub) dc.facet(ctx, 'unique-items-removed', kw(A, 'uniqueItems'), B.ptr, 'items no longer have to be unique (uniqueItems)');
  const ia = A.s.items;
  const ib = B.s.items;
  if (ia !== undefined || ib !== undefined) {
    const pa = appendPointer(keywordPointer(A, 'items'), 'items');
    const pb = appendPointer(keywordPointer(B, 'items'), 'items');
    compareSchemas(dc, ia ?? true, ia !== undefined ? pa : A.ptr, ib ?? true, ib !== undefined ? pb : B.ptr, { ...ctx, path: joinPath(ctx.path, '[]') });
  }
  comparePositions(dc, A, B, ctx);
  compareContains(dc, A, B, ctx);
  compareUnevaluated(dc, A, B, ctx, 'unevaluatedItems', '[unevaluated]');
}

/**
 * `prefixItems` by position: the schema that applies at index i is `prefixItems[i]`, or `items` past the
 * tuple (any value when there is none). Each position the tuple covers on either side is compared in the
 * direction of the whole, so a tuple added over `items: string` that wants an integer first is a type change
 * at `[0]`, and lengthening a tuple only matters where the new position's schema differs from `items`.
 */
function comparePositions(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const before = A.s.prefixItems ?? [];
  const after = B.s.prefixItems ?? [];
  const positions = Math.max(before.length, after.length);
  const at = (view: View, list: Schema[], i: number): [Schema, string] => {
    if (i < list.length) return [list[i], appendPointer(keywordPointer(view, 'prefixItems'), 'prefixItems', i)];
    if (view.s.items !== undefined) return [view.s.items, appendPointer(keywordPointer(view, 'items'), 'items')];
    return [true, view.ptr];
  };
  for (let i = 0; i < positions; i++) {
    const [baseSchema, basePtr] = at(A, before, i);
    const [headSchema, headPtr] = at(B, after, i);
    compareSchemas(dc, baseSchema, basePtr, headSchema, headPtr, { ...ctx, path: joinPath(ctx.path, `[${i}]`) });
  }
}

/**
 * `contains` with `minContains` (default 1 when `contains` is present) and `maxContains`: how many items must
 * match. Requiring a match, more matches or fewer allowed matches narrows; the reverse widens. The `contains`
 * schema itself is compared in the same direction.
 */
function compareContains(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const before = A.s.contains;
  const after = B.s.contains;
  if (before === undefined && after === undefined) return;
  if (before === undefined) {
    dc.facet(ctx, 'contains-added', A.ptr, kw(B, 'contains'), `an item matching \`contains\` is now required${minOf(B) > 1 ? ` (at least ${minOf(B)})` : ''}`);
    return;
  }
  if (after === undefined) {
    dc.facet(ctx, 'contains-removed', kw(A, 'contains'), B.ptr, 'an item matching `contains` is no longer required');
    return;
  }
  const minBefore = minOf(A);
  const minAfter = minOf(B);
  if (minAfter > minBefore) dc.facet(ctx, 'min-contains-increased', kw(A, 'minContains'), kw(B, 'minContains'), `at least ${minAfter} items must match \`contains\` (was ${minBefore})`);
  else if (minAfter < minBefore) dc.facet(ctx, 'min-contains-decreased', kw(A, 'minContains'), kw(B, 'minContains'), `at least ${minAfter} items must match \`contains\` (was ${minBefore})`);
  const maxBefore = A.s.maxContains as number | undefined;
  const maxAfter = B.s.maxContains as number | undefined;
  if (maxBefore !== maxAfter) {
    const narrower = maxAfter !== undefined && (maxBefore === undefined || maxAfter < maxBefore);
    const text = `at most ${maxAfter ?? 'any number of'} items may match \`contains\` (was ${maxBefore ?? 'any number'})`;
    dc.facet(ctx, narrower ? 'max-contains-decreased' : 'max-contains-increased', kw(A, 'maxContains'), kw(B, 'maxContains'), text);
  }
  compareSchemas(dc, before, kw(A, 'contains'), after, kw(B, 'contains'), { ...ctx, path: joinPath(ctx.path, '<contains>') });
}

function minOf(view: View): number {
  return typeof view.s.minContains === 'number' ? view.s.minContains : 1;
}
