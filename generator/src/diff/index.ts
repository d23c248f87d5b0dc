/**
 * `diff`: compares two versions of a spec by meaning and reports every change that matters to the API's
 * users, classified (rules.ts), located on both sides, explained, and summarized as the semver bump the
 * generated packages need. Formats live in format/; the CLI in cli/commands/diff.ts.
 */
import { createHash } from 'node:crypto';
import { DiffContext, type RawChange, type Scope, type OpScope } from './context.ts';
import { compareOperations, operationTypeNames } from './operations.ts';
import { compareDocumentSecurity, compareSecuritySchemes } from './security.ts';
import { compareComponents, compareDocument } from './document.ts';
import { compareWebhooks } from './webhooks.ts';
import { tagGroups } from './tag-groups.ts';
import { RULES } from './rules.ts';
import { loadSide, sideSource, type SideModel, type SideOptions } from './side.ts';
import { applyIgnore, type IgnoreEntry } from './ignore.ts';
import { LEVEL_RANK, type Change, type DiffResult, type ExportDelta, type Level, type Semver } from './types.ts';
import { anchors, changePointers } from './meta.ts';
import { SpecError, formatDiagnostic, isSpecError } from '../load/diagnostics.ts';

export * from './types.ts';
export { RULES, FACETS, EXPLICIT_RULES, FACET_PREFIXES, facetOf, type RuleDef } from './rules.ts';
export { loadSide, sideSource, sideFromModel, DiffInputError, type SideModel, type SideSource } from './side.ts';
export { parseIgnoreFile, type IgnoreEntry } from './ignore.ts';

export interface DiffOptions extends SideOptions {
  /** The date sunset dates and ignore expiries are compared with (default: now). */
  now?: Date;
  ignore?: IgnoreEntry[];
}

/** Loads both sides (`path` or `git:REF:PATH`) and compares them. Throws SpecError / DiffInputError for bad input. */
export async function diffSpecs(baseArg: string, headArg: string, options: DiffOptions = {}): Promise<DiffResult> {
  const cwd = options.cwd ?? process.cwd();
  const baseSource = sideSource(baseArg, cwd);
  const headSource = sideSource(headArg, cwd);
  const base = await labelled(loadSide(baseSource, 'base', options), 'base', baseSource.ref);
  const head = await labelled(loadSide(headSource, 'head', options), 'head', headSource.ref);
  return diffSides(base, head, options);
}

/** Spec problems say which side they are in (a git side's file path looks like the working tree's). */
async function labelled<T>(promise: Promise<T>, side: 'base' | 'head', ref: string | undefined): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (!isSpecError(error)) throw error;
    const tag = `[${side}${ref ? ` at ${ref}` : ''}] `;
    throw new SpecError(error.diagnostics.map((d) => ({ ...d, message: tag + d.message })));
  }
}

const STABILITY_EXEMPT = new Set(['draft', 'alpha']);

/** Compares two loaded sides. */
export function diffSides(base: SideModel, head: SideModel, options: DiffOptions = {}): DiffResult {
  const now = options.now ?? new Date();
  const dc = new DiffContext(base, head, now);
  compareSecuritySchemes(dc);
  const ops = compareOperations(dc);
  const security = dc.shared.get('security');
  if (security && security.parents.size) compareDocumentSecurity(dc);
  compareComponents(dc);
  compareWebhooks(dc);
  compareDocument(dc);
  const all = finalize(dc);
  const pointersOf = (c: Change): string[] => {
    const p = changePointers.get(c);
    return [c.pointer, p?.base, p?.head].filter((x): x is string => x !== undefined);
  };
  const { kept, ignored, notes } = applyIgnore(all, options.ignore ?? [], now, pointersOf);
  const count = (level: Level): number => kept.filter((c) => c.level === level).length;
  const exports = computeExports(dc, ops);
  let semver: Semver = 'none';
  // The generated-API verdict decides where it differs from the wire verdict (Change.api).
  if (all.some((c) => (c.api?.level ?? c.level) === 'breaking') || exports.methods.removed.length || exports.types.removed.length) semver = 'major';
  else if (all.length || exports.methods.added.length || exports.types.added.length) semver = 'minor';
  // No contract change: any other difference (descriptions, examples, order) still changes the generated docs.
  else if (JSON.stringify(base.spec.document) !== JSON.stringify(head.spec.document)) semver = 'patch';
  const groups = tagGroups(base.model, head.model, kept);
  if (ignored.some((i) => i.change.level === 'breaking')) notes.push('Ignored breaking changes still count for the semver bump: the generated packages change either way.');
  return {
    summary: { breaking: count('breaking'), warning: count('warning'), info: count('info'), semver, ignored: ignored.length, exports },
    changes: kept,
    ignored,
    notes,
    warnings: [base, head].flatMap((side) => side.warnings.map((d) => `[${side.name}] ${formatDiagnostic(d, options.cwd)}`)),
    base: { label: base.source.label, title: base.model.info.title, version: base.model.info.version },
    head: { label: head.source.label, title: head.model.info.title, version: head.model.info.version },
    ...(groups ? { tagGroups: groups } : {}),
  };
}

/** Operations reaching a scope (shared scopes through their parents, which may form cycles). */
function operationsOf(scope: Scope, memo: Map<Scope, OpScope[]>): OpScope[] {
  if (scope.kind === 'op') return [scope];
  if (scope.kind === 'doc') return [];
  const known = memo.get(scope);
  if (known) return known;
  const out = new Set<OpScope>();
  const seen = new Set<Scope>([scope]);
  const stack: Scope[] = [scope];
  while (stack.length) {
    const s = stack.pop()!;
    if (s.kind === 'op') out.add(s);
    else if (s.kind === 'shared') {
      for (const parent of s.parents) {
        if (seen.has(parent)) continue;
        seen.add(parent);
        stack.push(parent);
      }
    }
  }
  const list = [...out].sort((a, b) => compareLabels(a.label, b.label));
  memo.set(scope, list);
  return list;
}

const METHOD_ORDER = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

/** Operations by path, then method. */
function compareLabels(a: string, b: string): number {
  const [ma, pa] = splitLabel(a);
  const [mb, pb] = splitLabel(b);
  return pa < pb ? -1 : pa > pb ? 1 : METHOD_ORDER.indexOf(ma) - METHOD_ORDER.indexOf(mb);
}

function splitLabel(label: string): [string, string] {
  const i = label.indexOf(' ');
  return [label.slice(0, i), label.slice(i + 1)];
}


function finalize(dc: DiffContext): Change[] {
  const memo = new Map<Scope, OpScope[]>();
  const basePtrs = dc.changes.map((c) => c.basePtr).filter((p): p is string => p !== undefined);
  const headPtrs = dc.changes.flatMap((c) => [c.headPtr, c.headPtr === undefined ? c.anchorPtr : undefined]).filter((p): p is string => p !== undefined);
  const baseLocs = dc.base.locateMany(basePtrs);
  const headLocs = dc.head.locateMany(headPtrs);
  const seen = new Map<string, Change>();
  /** The same change reached from several operations (a `$ref`ed parameter or response): one entry. */
  const bySource = new Map<string, Change>();
  const out: Change[] = [];
  for (const raw of dc.changes) {
    const ops = operationsOf(raw.scope, memo);
    let level = raw.level;
    let message = raw.message;
    if (level !== 'info' && ops.length && ops.every((o) => STABILITY_EXEMPT.has(String((o.base ?? o.head)!.extensions['x-stability-level'])))) {
      const stability = String((ops[0].base ?? ops[0].head)!.extensions['x-stability-level']);
      level = 'info';
      message += ` (reported as info: the endpoint${ops.length > 1 ? 's are' : ' is'} ${stability})`;
    }
    const labels = ops.map((o) => o.label);
    // A change written once (its node is a shared component, so the pointers are the component's) but
    // found in each operation that references it is reported once, with all of those operations.
    const sourceKey = raw.scope.kind === 'op' && isComponentPointer(raw.basePtr ?? raw.headPtr) ? `${raw.id}\0${level}\0${message}\0${raw.basePtr ?? ''}\0${raw.headPtr ?? ''}` : undefined;
    const same = sourceKey !== undefined ? bySource.get(sourceKey) : undefined;
    if (same) {
      addOperations(same, labels);
      continue;
    }
    const owner = sourceKey !== undefined ? `source:${raw.basePtr ?? ''}|${raw.headPtr ?? ''}` : raw.scope.key;
    const fingerprint = hash(`${raw.id}\0${owner}\0${raw.where}\0${raw.detail ?? ''}`);
    const change: Change = {
      id: raw.id,
      level,
      operation: raw.scope.kind === 'op' ? raw.scope.label : labels.length === 1 ? labels[0] : null,
      operations: labels,
      component: raw.scope.kind === 'shared' ? raw.scope.component : null,
      pointer: raw.headPtr ?? raw.basePtr ?? raw.anchorPtr ?? '',
      base: raw.basePtr !== undefined ? (baseLocs.get(raw.basePtr) ?? null) : null,
      head: raw.headPtr !== undefined ? (headLocs.get(raw.headPtr) ?? null) : null,
      message,
      fingerprint,
      ...(raw.api && raw.api.level !== level ? { api: raw.api } : {}),
    };
    const dup = seen.get(fingerprint);
    if (dup) {
      // Found again through another path (a component compared under two keys): one entry, all operations.
      if (dup.message === change.message) {
        addOperations(dup, labels);
        continue;
      }
      change.fingerprint = hash(`${fingerprint}\0${change.message}`);
    }
    if (sourceKey !== undefined) bySource.set(sourceKey, change);
    seen.set(change.fingerprint, change);
    changePointers.set(change, { base: raw.basePtr, head: raw.headPtr, anchor: raw.anchorPtr });
    if (raw.headPtr === undefined && raw.anchorPtr !== undefined) anchors.set(change, headLocs.get(raw.anchorPtr) ?? null);
    out.push(change);
  }
  return sortChanges(out);
}

/** True for a pointer into `components` (a node several operations can share through `$ref`). */
function isComponentPointer(pointer: string | undefined): boolean {
  return pointer !== undefined && pointer.startsWith('/components/');
}

/** Adds operations to a change reported once for several of them (sorted as operationsOf sorts). */
function addOperations(change: Change, labels: string[]): void {
  const all = [...new Set([...change.operations, ...labels])];
  if (all.length === change.operations.length) return;
  change.operations = all.sort(compareLabels);
  if (change.operations.length > 1) change.operation = null;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function sortChanges(changes: Change[]): Change[] {
  const opOrder = (c: Change): string => (c.operation ? splitLabel(c.operation)[1] + '\0' + String(METHOD_ORDER.indexOf(splitLabel(c.operation)[0])) : c.component ? '\uffff' + c.component : '\uffff\uffff');
  return [...changes].sort(
    (a, b) =>
      LEVEL_RANK[a.level] - LEVEL_RANK[b.level] ||
      cmp(opOrder(a), opOrder(b)) ||
      cmp(a.pointer, b.pointer) ||
      cmp(a.id, b.id) ||
      cmp(a.message, b.message),
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function computeExports(dc: DiffContext, ops: OpScope[]): { methods: ExportDelta; types: ExportDelta } {
  const methodsBase = new Set(dc.base.model.operations.map((o) => o.names.method));
  const methodsHead = new Set(dc.head.model.operations.map((o) => o.names.method));
  const typesOf = (side: SideModel): Set<string> => {
    const out = new Set<string>(side.model.schemas.map((s) => s.typeName));
    for (const o of side.model.operations) for (const n of operationTypeNames(o)) out.add(n);
    for (const l of side.model.limits) out.add(l.constantName);
    return out;
  };
  const typesBase = typesOf(dc.base);
  const typesHead = typesOf(dc.head);
  const memo = new Map<Scope, OpScope[]>();
  const changedMethods = new Set<string>();
  const changedTypes = new Set<string>();
  for (const raw of dc.changes) {
    if (!RULES.get(raw.id)?.signature) continue;
    for (const n of raw.scope.kind === 'shared' ? raw.scope.typeNames : (raw.typeNames ?? [])) changedTypes.add(n);
    for (const op of operationsOf(raw.scope, memo)) if (op.base && op.head && op.base.names.method === op.head.names.method) changedMethods.add(op.head.names.method);
  }
  void ops;
  const delta = (a: Set<string>, b: Set<string>, changed: Set<string>): ExportDelta => ({
    added: [...b].filter((x) => !a.has(x)).sort(),
    removed: [...a].filter((x) => !b.has(x)).sort(),
    changed: [...changed].filter((x) => a.has(x) && b.has(x)).sort(),
  });
  return { methods: delta(methodsBase, methodsHead, changedMethods), types: delta(typesBase, typesHead, changedTypes) };
}

export type { RawChange };
