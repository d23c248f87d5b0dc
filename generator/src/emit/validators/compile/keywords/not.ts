/** `not` (§10.2.1.4): the subschema is evaluated in check mode; its annotations are dropped. */
import { object, type Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { failure, type Site } from '../site.ts';
import { whenValid } from './branches.ts';

export function not(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  if (s.not === undefined) return [];
  const fail = failure(site, c.err(site), { keyword: 'not', message: 'must NOT be valid', params: object([]) });
  return [whenValid(c, site, s.not, ['not'], [fail])];
}
