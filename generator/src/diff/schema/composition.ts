/**
 * Composition: oneOf/anyOf alternatives matched across sides (by reference, shape, discriminator value,
 * title, type, similarity), allOf members that could not be merged, not, if/then/else, discriminator.
 */
import { appendPointer } from '../../load/pointer.ts';
import type { Schema } from '../../model/types.ts';
import { schemaRef } from '../../model/refs.ts';
import { joinPath, type DiffContext, type SchemaCtx } from '../context.ts';
import { canonical, show } from './canonical.ts';
import { compareSchemas, compareViews, kw } from './compare.ts';
import { shapeHash } from './shape.ts';
import { keywordPointer, pureRef, typesSubset, viewOf, type View } from './view.ts';
import type { SideModel } from '../side.ts';

export type UnionKind = 'oneOf' | 'anyOf';

export function unionOf(view: View): UnionKind | undefined {
  return view.keywords.oneOf ? 'oneOf' : view.keywords.anyOf ? 'anyOf' : undefined;
}

interface Branch {
  raw?: Schema;
  view: View;
  ptr: string;
  key?: string;
  label: string;
  hash: string;
  title?: string;
}

function branches(union: View, kind: UnionKind, dc: DiffContext, side: 'base' | 'head'): Branch[] {
  const model = side === 'base' ? dc.base : dc.head;
  const list = union.keywords[kind];
  if (!list) {
    // Not a union: the schema itself is the one alternative.
    const { ...keywords } = union.keywords;
    return [{ view: union, ptr: union.ptr, key: union.refKey, label: union.refKey ?? 'the previous schema', hash: shapeHash(keywords, model), title: typeof keywords.title === 'string' ? keywords.title : undefined }];
  }
  const at = keywordPointer(union, kind);
  return list.map((raw, i) => {
    const ptr = appendPointer(at, kind, i);
    const key = pureRef(raw);
    const title = typeof raw === 'object' && typeof raw.title === 'string' ? raw.title : undefined;
    return { raw, view: viewOf(raw, ptr, model), ptr, key, label: key ?? title ?? `#${i + 1}`, hash: shapeHash(raw, model), title };
  });
}

function discriminatorTargets(view: View): Map<string, string> {
  const out = new Map<string, string>();
  const mapping = view.keywords.discriminator?.mapping ?? {};
  for (const [value, ref] of Object.entries(mapping)) out.set(ref, value);
  return out;
}

export function compareUnion(dc: DiffContext, baseView: View, headView: View, kind: UnionKind, ctx: SchemaCtx): void {
  const la = branches(baseView, baseView.keywords[kind] ? kind : baseView.keywords.oneOf ? 'oneOf' : 'anyOf', dc, 'base');
  const lb = branches(headView, headView.keywords[kind] ? kind : headView.keywords.oneOf ? 'oneOf' : 'anyOf', dc, 'head');
  const pairs: Array<[Branch, Branch]> = [];
  const freeA = new Set(la);
  const freeB = new Set(lb);
  const pair = (test: (before: Branch, after: Branch) => boolean): void => {
    for (const baseBranch of [...freeA]) {
      for (const headBranch of freeB) {
        if (test(baseBranch, headBranch)) {
          pairs.push([baseBranch, headBranch]);
          freeA.delete(baseBranch);
          freeB.delete(headBranch);
          break;
        }
      }
    }
  };
  pair((before, after) => before.key !== undefined && before.key === after.key);
  pair((before, after) => before.hash === after.hash);
  const da = discriminatorTargets(baseView);
  const db = discriminatorTargets(headView);
  if (da.size && db.size) pair((before, after) => before.key !== undefined && after.key !== undefined && da.get(schemaRef(before.key)) !== undefined && da.get(schemaRef(before.key)) === db.get(schemaRef(after.key)));
  pair((before, after) => before.title !== undefined && before.title === after.title);
  if (freeA.size === 1 && freeB.size === 1) pair(() => true);
  const sameTypes = (before: Branch, after: Branch): boolean => before.view.types !== undefined && after.view.types !== undefined && canonical([...before.view.types].sort()) === canonical([...after.view.types].sort());
  const unique = (test: (before: Branch, after: Branch) => boolean) => (before: Branch, after: Branch): boolean => test(before, after) && [...freeA].filter((first) => test(first, after)).length === 1 && [...freeB].filter((second) => test(before, second)).length === 1;
  pair(unique(sameTypes));
  const related = (before: Branch, after: Branch): boolean => before.view.types !== undefined && after.view.types !== undefined && (typesSubset(before.view.types, after.view.types) || typesSubset(after.view.types, before.view.types));
  pair(unique(related));
  // Inline alternatives left over (a referenced schema changed inside both): the most similar first, then
  // by position among those of the same types. Named alternatives with different names stay added/removed.
  const inlineA = (): Branch[] => la.filter((before) => freeA.has(before) && before.key === undefined && before.raw !== undefined);
  const inlineB = (): Branch[] => lb.filter((after) => freeB.has(after) && after.key === undefined && after.raw !== undefined);
  const scored: Array<[number, Branch, Branch]> = [];
  for (const baseBranch of inlineA()) for (const headBranch of inlineB()) {
    const score = similarity(baseBranch.view, headBranch.view);
    if (score >= 2) scored.push([score, baseBranch, headBranch]);
  }
  scored.sort((first, second) => second[0] - first[0]);
  for (const [, baseBranch, headBranch] of scored) {
    if (!freeA.has(baseBranch) || !freeB.has(headBranch)) continue;
    pairs.push([baseBranch, headBranch]);
    freeA.delete(baseBranch);
    freeB.delete(headBranch);
  }
  const restA = inlineA();
  const restB = inlineB();
  if (restA.length === restB.length) {
    restA.forEach((before, i) => {
      if (!sameTypes(before, restB[i])) return;
      pairs.push([before, restB[i]]);
      freeA.delete(before);
      freeB.delete(restB[i]);
    });
  }
  // A schema wrapped into a union: pair it with the most similar alternative.
  if ((la.length === 1 && !baseView.keywords.oneOf && !baseView.keywords.anyOf) || (lb.length === 1 && !headView.keywords.oneOf && !headView.keywords.anyOf)) {
    for (const baseBranch of [...freeA]) {
      let best: Branch | undefined;
      let bestScore = 0;
      for (const headBranch of freeB) {
        const score = similarity(baseBranch.view, headBranch.view);
        if (score > bestScore) (best = headBranch), (bestScore = score);
      }
      if (best) {
        pairs.push([baseBranch, best]);
        freeA.delete(baseBranch);
        freeB.delete(best);
      }
    }
  }

  if (kind === 'oneOf' && headView.keywords.oneOf && !headView.keywords.discriminator) reportAmbiguity(dc, baseView, headView, la, lb, pairs, ctx);

  const facetBase = kind === 'oneOf' ? 'one-of' : 'any-of';
  for (const added of lb) {
    if (!freeB.has(added)) continue;
    const wrapped = !baseView.keywords[kind] && !baseView.keywords.oneOf && !baseView.keywords.anyOf;
    dc.facet(ctx, `${facetBase}-added`, baseView.ptr, added.ptr, wrapped ? `became ${kind === 'anyOf' ? 'an' : 'a'} ${kind}; new alternative ${added.key ? `\`${added.key}\`` : added.label}` : `${kind} alternative ${added.key ? `\`${added.key}\`` : added.label} was added`, added.hash);
  }
  for (const removed of la) {
    if (!freeA.has(removed)) continue;
    dc.facet(ctx, `${facetBase}-removed`, removed.ptr, headView.ptr, `${kind} alternative ${removed.key ? `\`${removed.key}\`` : removed.label} was removed`, removed.hash);
  }
  for (const [baseBranch, headBranch] of pairs) {
    const label = headBranch.key ?? baseBranch.key ?? headBranch.title ?? headBranch.label;
    const at = { ...ctx, path: joinPath(ctx.path, `<${label}>`) };
    if (baseBranch.raw !== undefined && headBranch.raw !== undefined) compareSchemas(dc, baseBranch.raw, baseBranch.ptr, headBranch.raw, headBranch.ptr, at);
    // The side that was not a union is its own single alternative: compare views at the same path.
    else compareViews(dc, baseBranch.view, headBranch.view, { ...ctx, depth: ctx.depth + 1 });
  }
}

/**
 * `oneOf` accepts a value that matches exactly one alternative. When two alternatives of the head can both
 * match values the base accepted — the base was not a `oneOf` and overlaps both, or the two alternatives are
 * new or did not overlap before — those values are now rejected. Overlap is judged conservatively from the
 * keywords (types, a required property with disjoint values, closed objects); with a discriminator the
 * alternatives are dispatched by name and this is not reported.
 */
function reportAmbiguity(dc: DiffContext, baseView: View, headView: View, la: Branch[], lb: Branch[], pairs: Array<[Branch, Branch]>, ctx: SchemaCtx): void {
  const partner = new Map(pairs.map(([before, after]) => [after, before]));
  const wasOneOf = baseView.keywords.oneOf !== undefined;
  for (let i = 0; i < lb.length; i++) {
    for (let j = i + 1; j < lb.length; j++) {
      const first = lb[i];
      const second = lb[j];
      if (disjoint(first.view, dc.head, second.view, dc.head)) continue;
      if (wasOneOf) {
        const before = [partner.get(first), partner.get(second)];
        if (before[0] && before[1] && !disjoint(before[0].view, dc.base, before[1].view, dc.base)) continue;
      } else if (la.length === 1 && (disjoint(baseView, dc.base, first.view, dc.head) || disjoint(baseView, dc.base, second.view, dc.head))) continue;
      dc.facet(ctx, 'one-of-ambiguous', baseView.ptr, headView.ptr, `values can now match both oneOf alternatives ${first.key ? `\`${first.key}\`` : first.label} and ${second.key ? `\`${second.key}\`` : second.label}, and \`oneOf\` rejects a value that matches more than one`, `${first.hash}|${second.hash}`);
      return;
    }
  }
}

/** True when no value can satisfy both schemas (judged from the keywords; false when unsure). */
function disjoint(first: View, xSide: SideModel, second: View, ySide: SideModel): boolean {
  if (first.never || second.never) return true;
  if (first.types && second.types && !(first.nullable && second.nullable)) {
    const shared = [...first.types].some((type) => second.types!.has(type) || (type === 'integer' && second.types!.has('number')) || (type === 'number' && second.types!.has('integer')));
    if (!shared) return true;
  }
  const valuesOf = (view: View): unknown[] | undefined => (view.keywords.const !== undefined ? [view.keywords.const] : Array.isArray(view.keywords.enum) ? view.keywords.enum : undefined);
  const vx = valuesOf(first);
  const vy = valuesOf(second);
  if (vx && vy && !vx.some((value) => vy.some((other) => canonical(value as never) === canonical(other as never)))) return true;
  const px = first.keywords.properties ?? {};
  const py = second.keywords.properties ?? {};
  const rx = new Set(first.keywords.required ?? []);
  const ry = new Set(second.keywords.required ?? []);
  for (const name of Object.keys(px)) {
    if (!(name in py) || !(rx.has(name) || ry.has(name))) continue;
    if (disjoint(viewOf(px[name], appendPointer(first.ptr, 'properties', name), xSide), xSide, viewOf(py[name], appendPointer(second.ptr, 'properties', name), ySide), ySide)) return true;
  }
  const closedAgainst = (closed: View, other: Set<string>): boolean => closed.keywords.additionalProperties === false && !closed.keywords.patternProperties && [...other].some((name) => !(name in (closed.keywords.properties ?? {})));
  return closedAgainst(first, ry) || closedAgainst(second, rx);
}

/** How alike two schemas look: shared types and property names (0 when nothing in common). */
function similarity(before: View, after: View): number {
  let score = 0;
  if (before.types && after.types && [...before.types].some((type) => after.types!.has(type))) score += 1;
  const pa = Object.keys(before.keywords.properties ?? {});
  const pb = new Set(Object.keys(after.keywords.properties ?? {}));
  for (const name of pa) if (pb.has(name)) score += 2;
  for (const name of before.keywords.required ?? []) if ((after.keywords.required ?? []).includes(name)) score += 1;
  const ia = before.keywords.items;
  const ib = after.keywords.items;
  if (ia !== undefined && ib !== undefined) {
    const ra = pureRef(ia);
    if (ra !== undefined && ra === pureRef(ib)) score += 3;
  }
  return score;
}

export function compareAllOfResidue(dc: DiffContext, baseView: View, headView: View, ctx: SchemaCtx): void {
  const la = baseView.keywords.allOf ?? [];
  const lb = headView.keywords.allOf ?? [];
  if (!la.length && !lb.length) return;
  const ha = la.map((schema) => shapeHash(schema, dc.base));
  const hb = lb.map((schema) => shapeHash(schema, dc.head));
  const setA = new Set(ha);
  const setB = new Set(hb);
  hb.forEach((hash, i) => {
    if (!setA.has(hash)) dc.facet(ctx, 'all-of-added', baseView.ptr, headView.ptr, `allOf member ${pureRef(lb[i]) ? `\`${pureRef(lb[i])}\`` : `#${i + 1}`} was added (it adds constraints)`, hash);
  });
  ha.forEach((hash, i) => {
    if (!setB.has(hash)) dc.facet(ctx, 'all-of-removed', baseView.ptr, headView.ptr, `allOf member ${pureRef(la[i]) ? `\`${pureRef(la[i])}\`` : `#${i + 1}`} was removed (its constraints no longer apply)`, hash);
  });
}

export function compareNotAndConditionals(dc: DiffContext, baseView: View, headView: View, ctx: SchemaCtx): void {
  const na = baseView.keywords.not;
  const nb = headView.keywords.not;
  if (na !== undefined || nb !== undefined) {
    if (na === undefined) dc.facet(ctx, 'not-added', baseView.ptr, kw(headView, 'not'), 'a `not` constraint was added');
    else if (nb === undefined) dc.facet(ctx, 'not-removed', kw(baseView, 'not'), headView.ptr, 'the `not` constraint was removed');
    else if (shapeHash(na, dc.base) !== shapeHash(nb, dc.head)) compareNot(dc, na, kw(baseView, 'not'), nb, kw(headView, 'not'), ctx);
  }
  compareConditional(dc, baseView, headView, ctx);
}

/**
 * A changed `not` changes the values it excludes. Its schema is compared on its own, in both directions, on a
 * scratch list: a break for what a client receives means it now matches values it did not (they are newly
 * excluded), a break for what a client sends means it no longer matches some (they are newly allowed). When
 * neither can be told (a changed pattern) or the schema goes through a reference (components are compared
 * once and shared, so not on a scratch list), the change stays a warning.
 */
function compareNot(dc: DiffContext, na: Schema, pa: string, nb: Schema, pb: string, ctx: SchemaCtx): void {
  if (JSON.stringify(na).includes('"$ref"') || JSON.stringify(nb).includes('"$ref"')) {
    dc.facet(ctx, 'not-changed', pa, pb, 'the `not` constraint changed');
    return;
  }
  const breaksWhen = (dir: SchemaCtx['dir']): boolean => {
    const mark = dc.changes.length;
    compareSchemas(dc, na, pa, nb, pb, { ...ctx, dir, path: joinPath(ctx.path, '<not>'), depth: ctx.depth + 1 });
    return dc.changes.splice(mark).some((change) => change.level === 'breaking');
  };
  const excludesMore = breaksWhen('response');
  const excludesLess = breaksWhen('request');
  if (excludesMore) dc.facet(ctx, 'not-tightened', pa, pb, 'the `not` constraint now excludes values that were valid');
  if (excludesLess) dc.facet(ctx, 'not-loosened', pa, pb, 'the `not` constraint no longer excludes values it excluded');
  if (!excludesMore && !excludesLess) dc.facet(ctx, 'not-changed', pa, pb, 'the `not` constraint changed (whether it excludes more or fewer values cannot be decided from the spec)');
}

/**
 * `if`/`then`/`else`: `then` constrains the values `if` matches and `else` the others, so each branch is
 * compared in the direction of the whole (an absent branch, or an absent `if`, constrains nothing). A
 * property that becomes required in both branches is reported in both, which is what it is: required. A
 * changed `if` moves values between the branches, which cannot be judged from the keywords: a warning.
 */
function compareConditional(dc: DiffContext, baseView: View, headView: View, ctx: SchemaCtx): void {
  const hasIf = (view: View): boolean => view.keywords.if !== undefined;
  if (!hasIf(baseView) && !hasIf(headView)) return;
  if (hasIf(baseView) && hasIf(headView) && shapeHash(baseView.keywords.if as Schema, dc.base) !== shapeHash(headView.keywords.if as Schema, dc.head)) {
    dc.facet(ctx, 'conditional-changed', kw(baseView, 'if'), kw(headView, 'if'), 'the `if` condition changed: values move between `then` and `else`');
  }
  for (const branch of ['then', 'else'] as const) {
    const branchOf = (view: View): [Schema, string] => (hasIf(view) && view.keywords[branch] !== undefined ? [view.keywords[branch] as Schema, kw(view, branch)] : [true, view.ptr]);
    const [baseSchema, basePtr] = branchOf(baseView);
    const [headSchema, headPtr] = branchOf(headView);
    if (baseSchema === true && headSchema === true) continue;
    compareSchemas(dc, baseSchema, basePtr, headSchema, headPtr, { ...ctx, path: joinPath(ctx.path, `<${branch}>`) });
  }
}

export function compareDiscriminator(dc: DiffContext, baseView: View, headView: View, ctx: SchemaCtx): void {
  const da = baseView.keywords.discriminator;
  const db = headView.keywords.discriminator;
  if (!da && !db) return;
  const pa = keywordPointer(baseView, 'discriminator');
  const pb = keywordPointer(headView, 'discriminator');
  if (!da) {
    dc.facet(ctx, 'discriminator-added', baseView.ptr, appendPointer(pb, 'discriminator'), `a discriminator on \`${db!.propertyName}\` was added`);
    return;
  }
  if (!db) {
    dc.facet(ctx, 'discriminator-removed', appendPointer(pa, 'discriminator'), headView.ptr, `the discriminator on \`${da.propertyName}\` was removed`);
    return;
  }
  if (da.propertyName !== db.propertyName) {
    dc.facet(ctx, 'discriminator-property-changed', appendPointer(pa, 'discriminator'), appendPointer(pb, 'discriminator'), `the discriminator property changed from \`${da.propertyName}\` to \`${db.propertyName}\``);
  }
  const ma = da.mapping ?? {};
  const mb = db.mapping ?? {};
  for (const value of Object.keys(mb)) {
    if (!(value in ma)) dc.facet(ctx, 'discriminator-mapping-added', appendPointer(pa, 'discriminator'), appendPointer(pb, 'discriminator'), `discriminator value ${show(value)} was added`, value);
  }
  for (const value of Object.keys(ma)) {
    if (!(value in mb)) {
      dc.facet(ctx, 'discriminator-mapping-removed', appendPointer(pa, 'discriminator'), appendPointer(pb, 'discriminator'), `discriminator value ${show(value)} was removed`, value);
      continue;
    }
    const ta = ma[value];
    const tb = mb[value];
    if (ta !== tb && shapeHash({ $ref: ta }, dc.base) !== shapeHash({ $ref: tb }, dc.head)) {
      dc.facet(ctx, 'discriminator-mapping-changed', appendPointer(pa, 'discriminator'), appendPointer(pb, 'discriminator'), `discriminator value ${show(value)} now maps to \`${tb.split('/').pop()}\` instead of \`${ta.split('/').pop()}\``, value);
    }
  }
}
