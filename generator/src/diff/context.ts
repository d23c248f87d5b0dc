/**
 * State of one comparison: both sides, the clock for sunset dates, the changes found so far, and the
 * shared scopes (component schemas compared once, global security) with the operations that reach them.
 */
import type { OperationModel } from '../model/types.ts';
import { RULES, facetLevel, facetPrefix, type SchemaRole } from './rules.ts';
import type { SideModel } from './side.ts';
import type { ApiVerdict, Direction, Level } from './types.ts';

/** An operation (present on one or both sides). */
export interface OpScope {
  kind: 'op';
  /** `GET /2/users/{}`: method and path with parameter names blanked (stable across renames). */
  key: string;
  /** `GET /2/users/{id}` as shown (head spelling when it exists). */
  label: string;
  base?: OperationModel;
  head?: OperationModel;
}

/** Something compared once and reached from several places: a component schema pair, the global security. */
export interface SharedScope {
  kind: 'shared';
  key: string;
  /** `schema \`Post\``. */
  label: string;
  /** Component key shown in the report. */
  component: string | null;
  parents: Set<Scope>;
  /** Generated type names whose shape changes when something inside changes. */
  typeNames: string[];
}

export interface DocScope {
  kind: 'doc';
  key: 'document';
}

export type Scope = OpScope | SharedScope | DocScope;

export const DOCUMENT: DocScope = { kind: 'doc', key: 'document' };

export interface RawChange {
  id: string;
  level: Level;
  message: string;
  scope: Scope;
  basePtr?: string;
  headPtr?: string;
  /** A head location to annotate when the node itself is gone (its parent in head). */
  anchorPtr?: string;
  /** Semantic path inside the scope, for the fingerprint (not the pointer: reordering must not change it). */
  where: string;
  /** Distinguishes several changes of one rule at one place (e.g. the enum value). */
  detail?: string;
  /** Generated type names this change alters (operation scope); shared scopes carry their own. */
  typeNames?: string[];
  /** The generated-API verdict, when it differs from the wire verdict (`level`). */
  api?: ApiVerdict;
}

/** Where a schema sits while it is compared. */
export interface SchemaCtx {
  dir: Direction;
  role: SchemaRole;
  scope: Scope;
  /** The subject at the root of the scope: `request body (application/json)`, `schema \`Post\``. */
  label: string;
  /** Path below the root: `data[].text`; '' at the root. */
  path: string;
  typeNames: string[];
  depth: number;
  /**
   * Set for a parameter described by `schema`: its values travel as text serialized by style and explode,
   * so types are judged by the text they accept (any number is valid string text) and, for an exploded
   * form parameter, one value is a valid one-element array.
   */
  text?: TextSerialization;
  /**
   * Properties of this (root) schema that the schema extending it compares itself: a component merged into
   * another through `allOf` is compared once for the extension, minus the properties the extension still has
   * from another member (a property moved from the component into the extension's own member is not gone).
   */
  covered?: ReadonlySet<string>;
}

export interface TextSerialization {
  /** `query` with style form and explode: a repeated key carries an array. */
  repeatable: boolean;
}

export class DiffContext {
  readonly changes: RawChange[] = [];
  readonly shared = new Map<string, SharedScope>();
  /** Base security scheme name → head name (renamed schemes). */
  scheme: (name: string) => string = (name) => name;

  /** Component keys whose schema differs between the sides, directly or through a schema they reference. */
  readonly dirty: Set<string>;
  /** Component keys whose own text differs (references compared by name). */
  readonly changedLocally: Set<string>;

  /** Per side: component key → the component keys its schema references. */
  private readonly componentRefs: { base: Map<string, Set<string>>; head: Map<string, Set<string>> };
  private readonly texts = new WeakMap<object, string>();

  constructor(
    readonly base: SideModel,
    readonly head: SideModel,
    readonly now: Date,
  ) {
    const { dirty, changed, refs } = dirtyComponents(base, head);
    this.dirty = dirty;
    this.changedLocally = changed;
    this.componentRefs = refs;
  }

  /** JSON text of a model object (cached: the fast path asks for the same operations more than once). */
  text(value: unknown): string {
    if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
    let t = this.texts.get(value);
    if (t === undefined) this.texts.set(value, (t = JSON.stringify(value)));
    return t;
  }

  /**
   * True when `a` and `b` are written identically and every component they reference is unchanged: the
   * fast path that lets a large spec with a few changes skip almost everything.
   */
  identical(a: unknown, b: unknown): boolean {
    const ta = this.text(a);
    if (ta !== this.text(b)) return false;
    for (const key of refsIn(ta)) if (this.dirty.has(key)) return false;
    return true;
  }

  /** Component keys an operation of `side` reaches, transitively. */
  usedComponents(side: 'base' | 'head'): Set<string> {
    const model = side === 'base' ? this.base : this.head;
    const used = new Set<string>();
    const queue: string[] = [];
    const add = (keys: Iterable<string>): void => {
      for (const k of keys) {
        if (used.has(k)) continue;
        used.add(k);
        queue.push(k);
      }
    };
    for (const op of model.model.operations) add(refsIn(this.text(op)));
    const refs = this.componentRefs[side];
    while (queue.length) add(refs.get(queue.pop()!) ?? []);
    return used;
  }

  add(change: Omit<RawChange, 'level'>): void {
    const rule = RULES.get(change.id);
    if (!rule) throw new Error(`internal: rule ${change.id} is not in the catalog`);
    this.changes.push({ ...change, level: rule.level });
  }

  /** Reports a schema facet: the rule id and level come from the direction and where the schema sits. */
  facet(ctx: SchemaCtx, facet: string, basePtr: string | undefined, headPtr: string | undefined, what: string, detail?: string, api?: ApiVerdict): void {
    const id = `${facetPrefix(ctx.dir, ctx.role, ctx.path !== '')}-${facet}`;
    const level = facetLevel(facet, ctx.dir);
    const verdict = api ?? (level === 'breaking' && ctx.dir === 'response' && !RULES.get(id)!.signature && !facet.startsWith('x-sunset') ? VALIDATION_ONLY : undefined);
    this.add({ id, message: `${subject(ctx)}: ${what}${impact(level, ctx.dir)}`, scope: ctx.scope, basePtr, headPtr, where: `${ctx.label}|${ctx.path}`, detail, typeNames: ctx.typeNames, ...(verdict ? { api: verdict } : {}) });
  }
}

const REF = /"#\/components\/schemas\/((?:[^"\\]|\\.)*)"/g;

/** Component keys referenced in a JSON text (`$ref`s and discriminator mappings). */
function refsIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(REF)) {
    let key = m[1];
    if (key.includes('\\')) {
      try {
        key = JSON.parse(`"${key}"`) as string;
      } catch {
        continue;
      }
    }
    out.add(key.includes('~') ? key.replace(/~1/g, '/').replace(/~0/g, '~') : key);
  }
  return out;
}

/** Keys changed on their own, and everything that reaches one of them through references (either side). */
function dirtyComponents(base: SideModel, head: SideModel): { dirty: Set<string>; changed: Set<string>; refs: { base: Map<string, Set<string>>; head: Map<string, Set<string>> } } {
  const changed = new Set<string>();
  const referrers = new Map<string, Set<string>>();
  const texts = new Map<string, string>();
  const refs = { base: new Map<string, Set<string>>(), head: new Map<string, Set<string>>() };
  for (const [side, other] of [
    [base, head],
    [head, base],
  ] as const) {
    for (const [key, named] of side.schemas) {
      const text = JSON.stringify(named.schema);
      if (side === base) texts.set(key, text);
      else if (texts.get(key) !== text) changed.add(key);
      if (!other.schemas.has(key)) changed.add(key);
      const targets = refsIn(text);
      refs[side === base ? 'base' : 'head'].set(key, targets);
      for (const target of targets) {
        let set = referrers.get(target);
        if (!set) referrers.set(target, (set = new Set()));
        set.add(key);
      }
    }
  }
  const dirty = new Set(changed);
  const queue = [...changed];
  while (queue.length) {
    const key = queue.pop()!;
    for (const r of referrers.get(key) ?? []) {
      if (!dirty.has(r)) {
        dirty.add(r);
        queue.push(r);
      }
    }
  }
  return { dirty, changed, refs };
}

export function subject(ctx: Pick<SchemaCtx, 'label' | 'path'>): string {
  return ctx.path ? `${ctx.label} › \`${ctx.path}\`` : ctx.label;
}

function impact(level: Level, dir: Direction): string {
  if (level === 'breaking') return dir === 'request' ? ' — requests that were valid may now be rejected' : ' — clients may receive values they do not expect';
  return '';
}

/**
 * A looser constraint on what the client receives (a bound, a pattern, uniqueItems dropped) changes no
 * generated type: code written against the generated client compiles and reads the value as before. Only a
 * client that validates responses against the old spec rejects the new values — the wire verdict stays
 * breaking (as oasdiff has it), the generated API's is info.
 */
const VALIDATION_ONLY: ApiVerdict = { level: 'info', reason: 'the generated types do not change; only clients that validate responses against the old spec reject the new values' };

export function joinPath(path: string, name: string): string {
  if (!path) return name;
  return name.startsWith('[') || name.startsWith('{') || name.startsWith('<') ? path + name : `${path}.${name}`;
}
