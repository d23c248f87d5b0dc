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

export function unionOf(v: View): UnionKind | undefined {
  return v.s.oneOf ? 'oneOf' : v.s.anyOf ? 'anyOf' : undefined;
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

function branches(v: View, kind: UnionKind, dc: DiffContext, side: 'base' | 'head'): Branch[] {
  const model = side === 'base' ? dc.base : dc.head;
  const list = v.s[kind];
  if (!list) {
    // Not a union: the schema itself is the one alternative.
    const { ...s } = v.s;
    return [{ view: v, ptr: v.ptr, key: v.refKey, label: v.refKey ?? 'the previous schema', hash: shapeHash(s, model), title: typeof s.title === 'string' ? s.title : undefined }];
  }
  const at = keywordPointer(v, kind);
  return list.map((raw, i) => {
    const ptr = appendPointer(at, kind, i);
    const key = pureRef(raw);
    const title = typeof raw === 'object' && typeof raw.title === 'string' ? raw.title : undefined;
    return { raw, view: viewOf(raw, ptr, model), ptr, key, label: key ?? title ?? `#${i + 1}`, hash: shapeHash(raw, model), title };
  });
}

function discriminatorTargets(v: View): Map<string, string> {
  const out = new Map<string, string>();
  const mapping = v.s.discriminator?.mapping ?? {};
  for (const [value, ref] of Object.entries(mapping)) out.set(ref, value);
  return out;
}

export function compareUnion(dc: DiffContext, A: View, B: View, kind: UnionKind, ctx: SchemaCtx): void {
  const la = branches(A, A.s[kind] ? kind : A.s.oneOf ? 'oneOf' : 'anyOf', dc, 'base');
  const lb = branches(B, B.s[kind] ? kind : B.s.oneOf ? 'oneOf' : 'anyOf', dc, 'head');
  const pairs: Array<[Branch, Branch]> = [];
  const freeA = new Set(la);
  const freeB = new Set(lb);
  const pair = (test: (a: Branch, b: Branch) => boolean): void => {
    for (const a of [...freeA]) {
      for (const b of freeB) {
        if (test(a, b)) {
          pairs.push([a, b]);
          freeA.delete(a);
          freeB.delete(b);
          break;
        }
      }
    }
  };
  pair((a, b) => a.key !== undefined && a.key === b.key);
  pair((a, b) => a.hash === b.hash);
  const da = discriminatorTargets(A);
  const db = discriminatorTargets(B);
  if (da.size && db.size) pair((a, b) => a.key !== undefined && b.key !== undefined && da.get(schemaRef(a.key)) !== undefined && da.get(schemaRef(a.key)) === db.get(schemaRef(b.key)));
  pair((a, b) => a.title !== undefined && a.title === b.title);
  if (freeA.size === 1 && freeB.size === 1) pair(() => true);
  const sameTypes = (a: Branch, b: Branch): boolean => a.view.types !== undefined && b.view.types !== undefined && canonical([...a.view.types].sort()) === canonical([...b.view.types].sort());
  const unique = (test: (a: Branch, b: Branch) => boolean) => (a: Branch, b: Branch): boolean => test(a, b) && [...freeA].filter((x) => test(x, b)).length === 1 && [...freeB].filter((y) => test(a, y)).length === 1;
  pair(unique(sameTypes));
  const related = (a: Branch, b: Branch): boolean => a.view.types !== undefined && b.view.types !== undefined && (typesSubset(a.view.types, b.view.types) || typesSubset(b.view.types, a.view.types));
  pair(unique(related));
  // Inline alternatives left over (a referenced schema changed inside both): the most similar first, then
  // by position among those of the same types. Named alternatives with different names stay added/removed.
  const inlineA = (): Branch[] => la.filter((a) => freeA.has(a) && a.key === undefined && a.raw !== undefined);
  const inlineB = (): Branch[] => lb.filter((b) => freeB.has(b) && b.key === undefined && b.raw !== undefined);
  const scored: Array<[number, Branch, Branch]> = [];
  for (const a of inlineA()) for (const b of inlineB()) {
    const score = similarity(a.view, b.view);
    if (score >= 2) scored.push([score, a, b]);
  }
  scored.sort((x, y) => y[0] - x[0]);
  for (const [, a, b] of scored) {
    if (!freeA.has(a) || !freeB.has(b)) continue;
    pairs.push([a, b]);
    freeA.delete(a);
    freeB.delete(b);
  }
  const restA = inlineA();
  const restB = inlineB();
  if (restA.length === restB.length) {
    restA.forEach((a, i) => {
      if (!sameTypes(a, restB[i])) return;
      pairs.push([a, restB[i]]);
      freeA.delete(a);
      freeB.delete(restB[i]);
    });
  }
  // A schema wrapped into a union: pair it with the most similar alternative.
  if ((la.length === 1 && !A.s.oneOf && !A.s.anyOf) || (lb.length === 1 && !B.s.oneOf && !B.s.anyOf)) {
    for (const a of [...freeA]) {
      let best: Branch | undefined;
      let bestScore = 0;
      for (const b of freeB) {
        const score = similarity(a.view, b.view);
        if (score > bestScore) (best = b), (bestScore = score);
      }
      if (best) {
        pairs.push([a, best]);
        freeA.delete(a);
        freeB.delete(best);
      }
    }
  }

  if (kind === 'oneOf' && B.s.oneOf && !B.s.discriminator) reportAmbiguity(dc, A, B, la, lb, pairs, ctx);

  const facetBase = kind === 'oneOf' ? 'one-of' : 'any-of';
  for (const b of lb) {
    if (!freeB.has(b)) continue;
    const wrapped = !A.s[kind] && !A.s.oneOf && !A.s.anyOf;
    dc.facet(ctx, `${facetBase}-added`, A.ptr, b.ptr, wrapped ? `became a ${kind}; new alternative ${b.key ? `\`${b.key}\`` : b.label}` : `${kind} alternative ${b.key ? `\`${b.key}\`` : b.label} was added`, b.hash);
  }
  for (const a of la) {
    if (!freeA.has(a)) continue;
    dc.facet(ctx, `${facetBase}-removed`, a.ptr, B.ptr, `${kind} alternative ${a.key ? `\`${a.key}\`` : a.label} was removed`, a.hash);
  }
  for (const [a, b] of pairs) {
    const label = b.key ?? a.key ?? b.title ?? b.label;
    const at = { ...ctx, path: joinPath(ctx.path, `<${label}>`) };
    if (a.raw !== undefined && b.raw !== undefined) compareSchemas(dc, a.raw, a.ptr, b.raw, b.ptr, at);
    // The side that was not a union is its own single alternative: compare views at the same path.
    else compareViews(dc, a.view, b.view, { ...ctx, depth: ctx.depth + 1 });
  }
}

/**
 * `oneOf` accepts a value that matches exactly one alternative. When two alternatives of the head can both
 * match values the base accepted — the base was not a `oneOf` and overlaps both, or the two alternatives are
 * new or did not overlap before — those values are now rejected. Overlap is judged conservatively from the
 * keywords (types, a required property with disjoint values, closed objects); with a discriminator the
 * alternatives are dispatched by name and this is not reported.
 */
function reportAmbiguity(dc: DiffContext, A: View, B: View, la: Branch[], lb: Branch[], pairs: Array<[Branch, Branch]>, ctx: SchemaCtx): void {
  const partner = new Map(pairs.map(([a, b]) => [b, a]));
  const wasOneOf = A.s.oneOf !== undefined;
  for (let i = 0; i < lb.length; i++) {
    for (let j = i + 1; j < lb.length; j++) {
      const first = lb[i];
      const second = lb[j];
      if (disjoint(first.view, dc.head, second.view, dc.head)) continue;
      if (wasOneOf) {
        const before = [partner.get(first), partner.get(second)];
        if (before[0] && before[1] && !disjoint(before[0].view, dc.base, before[1].view, dc.base)) continue;
      } else if (la.length === 1 && (disjoint(A, dc.base, first.view, dc.head) || disjoint(A, dc.base, second.view, dc.head))) continue;
      dc.facet(ctx, 'one-of-ambiguous', A.ptr, B.ptr, `values can now match both oneOf alternatives ${first.key ? `\`${first.key}\`` : first.label} and ${second.key ? `\`${second.key}\`` : second.label}, and \`oneOf\` rejects a value that matches more than one`, `${first.hash}|${second.hash}`);
      return;
    }
  }
}

/** True when no value can satisfy both schemas (judged from the keywords; false when unsure). */
function disjoint(x: View, xSide: SideModel, y: View, ySide: SideModel): boolean {
  if (x.never || y.never) return true;
  if (x.types && y.types && !(x.nullable && y.nullable)) {
    const shared = [...x.types].some((t) => y.types!.has(t) || (t === 'integer' && y.types!.has('number')) || (t === 'number' && y.types!.has('integer')));
    if (!shared) return true;
  }
  const valuesOf = (v: View): unknown[] | undefined => (v.s.const !== undefined ? [v.s.const] : Array.isArray(v.s.enum) ? v.s.enum : undefined);
  const vx = valuesOf(x);
  const vy = valuesOf(y);
  if (vx && vy && !vx.some((value) => vy.some((other) => canonical(value as never) === canonical(other as never)))) return true;
  const px = x.s.properties ?? {};
  const py = y.s.properties ?? {};
  const rx = new Set(x.s.required ?? []);
  const ry = new Set(y.s.required ?? []);
  for (const name of Object.keys(px)) {
    if (!(name in py) || !(rx.has(name) || ry.has(name))) continue;
    if (disjoint(viewOf(px[name], appendPointer(x.ptr, 'properties', name), xSide), xSide, viewOf(py[name], appendPointer(y.ptr, 'properties', name), ySide), ySide)) return true;
  }
  const closedAgainst = (closed: View, other: Set<string>): boolean => closed.s.additionalProperties === false && !closed.s.patternProperties && [...other].some((name) => !(name in (closed.s.properties ?? {})));
  return closedAgainst(x, ry) || closedAgainst(y, rx);
}

/** How alike two schemas look: shared types and property names (0 when nothing in common). */
function similarity(a: View, b: View): number {
  let score = 0;
  if (a.types && b.types && [...a.types].some((t) => b.types!.has(t))) score += 1;
  const pa = Object.keys(a.s.properties ?? {});
  const pb = new Set(Object.keys(b.s.properties ?? {}));
  for (const name of pa) if (pb.has(name)) score += 2;
  for (const name of a.s.required ?? []) if ((b.s.required ?? []).includes(name)) score += 1;
  const ia = a.s.items;
  const ib = b.s.items;
  if (ia !== undefined && ib !== undefined) {
    const ra = pureRef(ia);
    if (ra !== undefined && ra === pureRef(ib)) score += 3;
  }
  return score;
}

export function compareAllOfResidue(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const la = A.s.allOf ?? [];
  const lb = B.s.allOf ?? [];
  if (!la.length && !lb.length) return;
  const ha = la.map((s) => shapeHash(s, dc.base));
  const hb = lb.map((s) => shapeHash(s, dc.head));
  const setA = new Set(ha);
  const setB = new Set(hb);
  hb.forEach((h, i) => {
    if (!setA.has(h)) dc.facet(ctx, 'all-of-added', A.ptr, B.ptr, `allOf member ${pureRef(lb[i]) ? `\`${pureRef(lb[i])}\`` : `#${i + 1}`} was added (it adds constraints)`, h);
  });
  ha.forEach((h, i) => {
    if (!setB.has(h)) dc.facet(ctx, 'all-of-removed', A.ptr, B.ptr, `allOf member ${pureRef(la[i]) ? `\`${pureRef(la[i])}\`` : `#${i + 1}`} was removed (its constraints no longer apply)`, h);
  });
}

export function compareNotAndConditionals(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const na = A.s.not;
  const nb = B.s.not;
  if (na !== undefined || nb !== undefined) {
    if (na === undefined) dc.facet(ctx, 'not-added', A.ptr, kw(B, 'not'), 'a `not` constraint was added');
    else if (nb === undefined) dc.facet(ctx, 'not-removed', kw(A, 'not'), B.ptr, 'the `not` constraint was removed');
    else if (shapeHash(na, dc.base) !== shapeHash(nb, dc.head)) dc.facet(ctx, 'not-changed', kw(A, 'not'), kw(B, 'not'), 'the `not` constraint changed');
  }
  compareConditional(dc, A, B, ctx);
}

/**
 * `if`/`then`/`else`: `then` constrains the values `if` matches and `else` the others, so each branch is
 * compared in the direction of the whole (an absent branch, or an absent `if`, constrains nothing). A
 * property that becomes required in both branches is reported in both, which is what it is: required. A
 * changed `if` moves values between the branches, which cannot be judged from the keywords: a warning.
 */
function compareConditional(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const hasIf = (v: View): boolean => v.s.if !== undefined;
  if (!hasIf(A) && !hasIf(B)) return;
  if (hasIf(A) && hasIf(B) && shapeHash(A.s.if as Schema, dc.base) !== shapeHash(B.s.if as Schema, dc.head)) {
    dc.facet(ctx, 'conditional-changed', kw(A, 'if'), kw(B, 'if'), 'the `if` condition changed: values move between `then` and `else`');
  }
  for (const branch of ['then', 'else'] as const) {
    const branchOf = (v: View): [Schema, string] => (hasIf(v) && v.s[branch] !== undefined ? [v.s[branch] as Schema, kw(v, branch)] : [true, v.ptr]);
    const [baseSchema, basePtr] = branchOf(A);
    const [headSchema, headPtr] = branchOf(B);
    if (baseSchema === true && headSchema === true) continue;
    compareSchemas(dc, baseSchema, basePtr, headSchema, headPtr, { ...ctx, path: joinPath(ctx.path, `<${branch}>`) });
  }
}

export function compareDiscriminator(dc: DiffContext, A: View, B: View, ctx: SchemaCtx): void {
  const da = A.s.discriminator;
  const db = B.s.discriminator;
  if (!da && !db) return;
  const pa = keywordPointer(A, 'discriminator');
  const pb = keywordPointer(B, 'discriminator');
  if (!da) {
    dc.facet(ctx, 'discriminator-added', A.ptr, appendPointer(pb, 'discriminator'), `a discriminator on \`${db!.propertyName}\` was added`);
    return;
  }
  if (!db) {
    dc.facet(ctx, 'discriminator-removed', appendPointer(pa, 'discriminator'), B.ptr, `the discriminator on \`${da.propertyName}\` was removed`);
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
