/**
 * Reading properties of instance objects, own properties only (JSON semantics; `undefined` counts as absent).
 *
 * Names that `Object.prototype` defines (`constructor`, `toString`, `__proto__`, ...) are always checked with
 * `hasOwnProperty`. Other names are read directly, which is exact for plain objects as long as
 * `Object.prototype` has no enumerable additions; the options bit 8, set per call when it has some (prototype
 * pollution), adds the `hasOwnProperty` check to every read. Keys are only ever enumerated with for-in
 * filtered by `hasOwnProperty`; `in` is never used on instance data.
 */
import { prettyAccess as access, code, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { Compiler } from '../compiler.ts';
import type { FnScope, Site } from '../site.ts';

export const INHERITED_NAMES: ReadonlySet<string> = new Set([
  '__proto__', 'constructor', '__defineGetter__', '__defineSetter__', 'hasOwnProperty', '__lookupGetter__',
  '__lookupSetter__', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'valueOf', 'toLocaleString',
]);

/**
 * Functions reading properties test "Object.prototype is clean" once, into the local `h` (bit 8 is the
 * same in every options local of a function), instead of `(o & 8) === 0` at every read.
 */
export const READS_OWN = new WeakSet<FnScope>();

/** `h || _has.call(d, name)`: the own-property part of a read (see `READS_OWN`). */
function owned(c: Compiler, site: Site, name: string): Code {
  READS_OWN.add(site.fn);
  return code`(h || ${c.use('_has')}.call(${site.data}, ${lit(name)}))`;
}

export interface PropertyRead {
  /** The local holding the value (or `undefined`). */
  local: Code;
  decl: Code;
  /** Condition: the property is present (own, not undefined). */
  present: Code;
}

export function readProperty(c: Compiler, site: Site, name: string): PropertyRead {
  const local = site.fn.local('x');
  const has = c.use('_has');
  const d = site.data;
  if (INHERITED_NAMES.has(name)) {
    return { local, decl: code`const ${local} = ${has}.call(${d}, ${lit(name)}) ? ${access(d, name)} : undefined;`, present: code`${local} !== undefined` };
  }
  return {
    local,
    decl: code`const ${local} = ${access(d, name)};`,
    present: code`${local} !== undefined && ${owned(c, site, name)}`,
  };
}

/** Condition: `name` is an own, defined property of the site's value. */
export function present(c: Compiler, site: Site, name: string): Code {
  const has = c.use('_has');
  const d = site.data;
  if (INHERITED_NAMES.has(name)) return code`(${has}.call(${d}, ${lit(name)}) && ${access(d, name)} !== undefined)`;
  return code`(${access(d, name)} !== undefined && ${owned(c, site, name)})`;
}

/** Opens a loop over the own enumerable keys of the site's value; the caller closes it with `}`. */
export function forOwnKeys(c: Compiler, site: Site, key: Code): Code {
  return code`for (const ${key} in ${site.data}) {\nif (!${c.use('_has')}.call(${site.data}, ${key})) continue;`;
}
