/**
 * A `Site` is where a schema's code is being generated: which value it checks, how a failure leaves
 * (`stop`), which instance path and schema path errors report, and which annotation collectors record
 * evaluated properties/items for `unevaluated*`. Keyword generators only ever see a site.
 */
import { raw, type Code } from '../../../codegen/index.ts';
import { and, concat, ifStmt, lit, type Expr, type Role, type Stmt } from '../../../codegen/statements.ts';
import type { NodeInfo } from './registry.ts';
import type { Relaxation } from './relax.ts';
import type { DynScope } from './scope.ts';
import { escapeToken } from './pointer.ts';

/** Stands for "the schema path passed in `sp`" at the start of a site's schema path (never in a real one). */
export const SP = '\u0000';

/** `check`: a boolean verdict, nothing allocated. `errors`: pushes `ValidationError`s to `E`. */
export type Mode = 'check' | 'errors';

/** The errors array of an errors function (`E: ValidationError[]`). */
export const E = raw('E');

/** Names of the locals and labels of one generated function. */
export class FnScope {
  private count = 0;
  /** The function's own schema path: error schema paths are written relative to it. */
  constructor(readonly schemaPath = '') {}
  local(prefix: string): Code {
    return raw(`${prefix}${++this.count}`);
  }
}

/** An instance path: a root string expression plus literal (already escaped) or computed segments. */
export interface InstancePath {
  readonly root: Expr;
  readonly parts: readonly (string | Expr)[];
}

export interface Site {
  readonly mode: Mode;
  readonly fn: FnScope;
  /** The schema being compiled (base URI for `$ref`, identity). */
  readonly node: NodeInfo;
  /** Expression (a parameter or local) holding the value. */
  readonly data: Expr;
  /**
   * The options bit set in effect (a parameter or local): 1 allErrors, 2 formats, 4 request direction,
   * 8 Object.prototype is polluted (the callers validate a prototype-free copy, `_input`), 16 an errors
   * walk below a failed check, which runs no check functions first (see keywords/ref.ts).
   */
  readonly o: Code;
  readonly path: InstancePath;
  /** Display schema path of this schema, `#/...` (a URI prefix for other documents). */
  readonly schemaPath: string;
  /** Statement that ends this schema as failed (`return false;` or `break L1;`). */
  readonly stop: Stmt;
  /** Collector of evaluated property names, when someone reads them (unevaluatedProperties). */
  readonly evP?: Code;
  /** Collector of evaluated items, when someone reads them (unevaluatedItems). */
  readonly evI?: Code;
  readonly dyn: DynScope;
  /**
   * Members whose `required` an enclosing composite relaxes by direction (relax.ts): held by the schema
   * being compiled and handed on only to its `allOf` parts and `$ref` targets.
   */
  readonly relax?: Relaxation;
}

export function renderPath(path: InstancePath): Expr {
  return concat(pathPieces(path));
}

/**
 * The path as a head and its last piece (`p + '/a/'` and `i`, `p` and `'/name'`, `p` and `''`), joined
 * only where a failure needs it (`_ref`): the walk of a valid member then builds no string.
 */
export function splitPath(path: InstancePath): [head: Expr, tail: Expr] {
  const pieces = pathPieces(path);
  return pieces.length === 1 ? [pieces[0]!, lit('')] : [concat(pieces.slice(0, -1)), pieces[pieces.length - 1]!];
}

/** The root, then the literal runs and index expressions of the path (adjacent literals joined). */
function pathPieces(path: InstancePath): Expr[] {
  const pieces: Expr[] = [path.root];
  let text = '';
  for (const part of path.parts) {
    if (typeof part === 'string') text += part;
    else {
      if (text) pieces.push(lit(text));
      text = '';
      pieces.push(part);
    }
  }
  if (text) pieces.push(lit(text));
  return pieces;
}

export function schemaPathOf(node: NodeInfo): string {
  return `${node.doc.label}#${node.pointer}`;
}

function extend(schemaPath: string, tokens: readonly (string | number)[]): string {
  return schemaPath + tokens.map((t) => '/' + escapeToken(String(t))).join('');
}

/**
 * The same value under an in-place subschema (allOf member, then/else, ...). Collectors are kept; a
 * relaxation only when `overrides` hands one on (an `allOf` part's), as alternatives and conditionals are
 * not parts of the composite's shape.
 */
export function inPlace(site: Site, node: NodeInfo, tokens: readonly (string | number)[], overrides: Partial<Site> = {}): Site {
  return { ...site, node, schemaPath: extend(site.schemaPath, tokens), relax: undefined, ...overrides };
}

/** A child value (property, item, key): new data and path, no collectors. */
export function atChild(site: Site, node: NodeInfo, tokens: readonly (string | number)[], data: Expr, segment: string | Expr): Site {
  return {
    mode: site.mode,
    fn: site.fn,
    node,
    data,
    o: site.o,
    path: { root: site.path.root, parts: [...site.path.parts, '/', segment] },
    schemaPath: extend(site.schemaPath, tokens),
    stop: site.stop,
    dyn: site.dyn,
  };
}

/** Appends a literal segment to a `/`: used for property names known at generation time. */
export function propertySegment(name: string): string {
  return escapeToken(name);
}

export interface Failure {
  keyword: string;
  message: string;
  /** Params object expression; `{}` when absent. */
  params?: Expr;
  /** Full schema path; default `<site>/<keyword>`. */
  schemaPath?: string;
  /** Instance path; default the site's. */
  at?: InstancePath;
  /**
   * A runtime helper that builds this failure from one argument (`_fType`, `_fReq`, `_fFormat` in
   * runtime/helpers/core.ts): it appends `/<keyword>` to the site's schema path and writes the message.
   */
  short?: { helper: string; arg: Expr };
}

/** The role of the statements `guard` makes: their test may join another guard's (keywords/properties.ts). */
export const GUARD: Role = { kind: 'guard' };

/**
 * `if (test) <failure>` as one statement: `if (test) return false;` in check mode, and in errors mode the
 * error recorded in the test, `if (test && _fX(...)) return false;` (no block, half the lines).
 */
export function guard(site: Site, err: (f: Failure) => Expr, test: Expr, f: Failure | (() => Failure)): Stmt {
  return ifStmt(site.mode === 'check' ? test : and(test, err(reported(f))), site.stop, undefined, GUARD);
}

/**
 * What a failed check does: `stop` in check mode; record an error, then stop unless allErrors, otherwise.
 * A failure given as a function is built only when reported, so a check function hoists none of what only
 * the report reads (an enum's list of allowed values).
 */
export function failure(site: Site, err: (f: Failure) => Expr, f: Failure | (() => Failure)): Stmt {
  if (site.mode === 'check') return site.stop;
  return ifStmt(err(reported(f)), site.stop);
}

const reported = (f: Failure | (() => Failure)): Failure => (typeof f === 'function' ? f() : f);

export function keywordPath(site: Site, ...tokens: (string | number)[]): string {
  return extend(site.schemaPath, tokens);
}
