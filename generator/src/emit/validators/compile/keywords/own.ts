/**
 * Reading properties of instance objects, own properties only (JSON semantics; `undefined` counts as absent).
 *
 * Names that `Object.prototype` defines (`constructor`, `toString`, `__proto__`, ...) are always checked with
 * `hasOwnProperty`. Other names are read directly, which is exact for plain objects as long as
 * `Object.prototype` has no enumerable additions; when it has some (prototype pollution, options bit 8, set
 * per call) the callers of the compiled functions validate a copy without prototypes instead (`_input` in
 * runtime/helpers/core.ts). Keys are only ever enumerated with for-in filtered by `hasOwnProperty`; `in` is
 * never used on instance data.
 */
import { raw, type Code } from '../../../../codegen/index.ts';
import { and, binary, call, cond, constDecl, continueStmt, forIn, ifStmt, lit, member, not, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import type { KeywordContext } from '../context.ts';
import type { Site } from '../site.ts';

export const INHERITED_NAMES: ReadonlySet<string> = new Set([
  '__proto__', 'constructor', '__defineGetter__', '__defineSetter__', 'hasOwnProperty', '__lookupGetter__',
  '__lookupSetter__', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'valueOf', 'toLocaleString',
]);

export interface PropertyRead {
  /** The local holding the value (or `undefined`). */
  local: Code;
  decl: Stmt;
  /** Condition: the property is present (own, not undefined). */
  present: Expr;
}

const UNDEFINED = raw('undefined');

/** `_has.call(value, key)`: an own property, whatever the prototype chain holds. */
function own(c: KeywordContext, value: Expr, key: Expr): Expr {
  return call(member(c.use('_has'), 'call'), value, key);
}

export function readProperty(c: KeywordContext, site: Site, name: string): PropertyRead {
  const local = site.fn.local('x');
  const d = site.data;
  const read = INHERITED_NAMES.has(name) ? cond(own(c, d, lit(name)), member(d, name), UNDEFINED) : member(d, name);
  return { local, decl: constDecl(local, read), present: binary(local, '!==', UNDEFINED) };
}

/** Condition: `name` is an own, defined property of the site's value. */
export function present(c: KeywordContext, site: Site, name: string): Expr {
  const d = site.data;
  const defined = binary(member(d, name), '!==', UNDEFINED);
  return INHERITED_NAMES.has(name) ? and(own(c, d, lit(name)), defined) : defined;
}

/** A loop over the own enumerable keys of the site's value (`key` each), running `body`. */
export function forOwnKeys(c: KeywordContext, site: Site, key: Code, body: readonly Stmt[]): Stmt {
  return forIn(key, site.data, [ifStmt(not(own(c, site.data, key)), continueStmt), ...body]);
}
