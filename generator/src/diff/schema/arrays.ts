/** Array keywords: item counts, uniqueItems, items (recursively), prefixItems, contains, unevaluatedItems. */
import { appendPointer } from '../../load/pointer.ts';
import { joinPath, type DiffContext, type SchemaCtx } from '../context.ts';
import { compareSchemas, kw } from './compare.ts';
import { bound } from './scalars.ts';
import { shapeHash } from './shape.ts';
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
  const xa = A.s.prefixItems ?? [];
  const xb = B.s.prefixItems ?? [];
  if (xa.length !== xb.length) dc.facet(ctx, 'prefix-items-changed', A.ptr, B.ptr, `the tuple form changed from ${xa.length} to ${xb.length} positional items`);
  for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
    compareSchemas(dc, xa[i], appendPointer(keywordPointer(A, 'prefixItems'), 'prefixItems', i), xb[i], appendPointer(keywordPointer(B, 'prefixItems'), 'prefixItems', i), { ...ctx, path: joinPath(ctx.path, `[${i}]`) });
  }
  const ca = A.s.contains;
  const cb = B.s.contains;
  if ((ca === undefined) !== (cb === undefined) || A.s.minContains !== B.s.minContains || A.s.maxContains !== B.s.maxContains) {
    dc.facet(ctx, 'contains-changed', kw(A, 'contains'), kw(B, 'contains'), `\`contains\` / minContains / maxContains changed${ca === undefined ? ' (contains added)' : cb === undefined ? ' (contains removed)' : ''}`);
  }
  if (ca !== undefined && cb !== undefined) compareSchemas(dc, ca, kw(A, 'contains'), cb, kw(B, 'contains'), { ...ctx, path: joinPath(ctx.path, '<contains>') });
  const uia = shapeHash(A.s.unevaluatedItems, dc.base);
  const uib = shapeHash(B.s.unevaluatedItems, dc.head);
  if (uia !== uib) dc.facet(ctx, 'unevaluated-changed', kw(A, 'unevaluatedItems'), kw(B, 'unevaluatedItems'), 'unevaluatedItems changed', 'items');
}
