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
import { prettyAccess as access, code, prettyLit as lit, type Code } from '../../../../codegen/index.ts';
import type { Compiler } from '../compiler.ts';
import type { Site } from '../site.ts';

export const INHERITED_NAMES: ReadonlySet<string> = new Set([
  '__proto__', 'constructor', '__defineGetter__', '__defineSetter__', 'hasOwnProperty', '__lookupGetter__',
  '__lookupSetter__', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'valueOf', 'toLocaleString',
]);

export interface PropertyRead {
  /** The local holding the value (or `undefined`). */
  local: Code;
  decl: Code;
  /** Condition: the property is present (own, not undefined). */
  present: Code;
}

export function readProperty(c: Compiler, site: Site, name: string): PropertyRead {
  const local = site.fn.local('x');
  const d = site.data;
  if (INHERITED_NAMES.has(name)) {
    return { local, decl: code`const ${local} = ${c.use('_has')}.call(${d}, ${lit(name)}) ? ${access(d, name)} : undefined;`, present: code`${local} !== undefined` };
  }
  return {
    local,
    decl: code`const ${local} = ${access(d, name)};`,
    present: code`${local} !== undefined`,
  };
}

/** Condition: `name` is an own, defined property of the site's value. */
export function present(c: Compiler, site: Site, name: string): Code {
  const d = site.data;
  if (INHERITED_NAMES.has(name)) return code`(${c.use('_has')}.call(${d}, ${lit(name)}) && ${access(d, name)} !== undefined)`;
  return code`(${access(d, name)} !== undefined)`;
}

/** Opens a loop over the own enumerable keys of the site's value; the caller closes it with `}`. */
export function forOwnKeys(c: Compiler, site: Site, key: Code): Code {
  return code`for (const ${key} in ${site.data}) {\nif (!${c.use('_has')}.call(${site.data}, ${key})) continue;`;
}
