/** `not` (§10.2.1.4): the subschema is evaluated in check mode; its annotations are dropped. */
import { raw, type Code } from '../../../../codegen/index.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { Compiler } from '../compiler.ts';
import { failure, type Site } from '../site.ts';
import { whenValid } from './branches.ts';

export function not(c: Compiler, s: SchemaObject, site: Site): Code[] {
  if (s.not === undefined) return [];
  const fail = failure(site, c.err(site), { keyword: 'not', message: 'must NOT be valid', params: raw('{}') });
  return [whenValid(c, site, s.not, ['not'], [fail])];
}
