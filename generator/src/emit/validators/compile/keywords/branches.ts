/** Shared shapes for applicators that need a subschema's verdict without reporting its errors. */
import { code, join, type Code } from '../../../../codegen/index.ts';
import type { Schema } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { childNode, compileSub } from '../node.ts';
import { inPlace, type Site } from '../site.ts';
import { O } from '../option-bits.ts';

/**
 * Statements that run `onPass` when `schema` (a subschema at `tokens`) holds for the site's value, evaluated
 * in check mode (or the given mode) with the given collectors. Failure leaves a labelled block.
 */
export function whenValid(
  c: Compiler,
  site: Site,
  schema: Schema,
  tokens: readonly (string | number)[],
  onPass: readonly Code[],
  overrides: Partial<Site> = {},
): Code {
  const label = site.fn.local('L');
  const sub = inPlace(site, childNode(c, site, schema, tokens), tokens, { mode: 'check', stop: code`break ${label};`, evP: undefined, evI: undefined, ...overrides });
  const body = compileSub(c, schema, sub);
  const all = [...body, ...onPass];
  if (!body.length) return code`{\n${join(all, '\n')}\n}`;
  return code`${label}: {\n${join(all, '\n')}\n}`;
}

/** Fresh collectors for a branch whose annotations only count if it passes, and the code to merge them. */
export function branchCollectors(c: Compiler, site: Site): { decl: Code[]; overrides: { evP?: Code; evI?: Code }; merge: Code[] } {
  const decl: Code[] = [];
  const merge: Code[] = [];
  const overrides: { evP?: Code; evI?: Code } = { evP: undefined, evI: undefined };
  if (site.evP) {
    const t = site.fn.local('tp');
    decl.push(code`const ${t} = ${c.use('_evp')}();`);
    merge.push(code`${c.use('_mrgp')}(${site.evP}, ${t});`);
    overrides.evP = t;
  }
  if (site.evI) {
    const t = site.fn.local('ti');
    decl.push(code`const ${t} = ${c.use('_evi')}();`);
    merge.push(code`${c.use('_mrgi')}(${site.evI}, ${t});`);
    overrides.evI = t;
  }
  return { decl, overrides, merge };
}

/** The options expression for an errors-mode walk after a failed check (see ref.ts on the counter); a `const`'s initializer. */
export function afterCheck(site: Site): Code {
  return code`(${site.o} & ${O.branchCounter}) === ${O.branchCounter} ? ${site.o} : ${site.o} + ${O.branchStep}`;
}

