/**
 * `type` plus the keywords that only apply to one instance type, grouped: after a passing single-type check
 * the group runs unguarded; otherwise each group is guarded by its own type test (JSON Schema 2020-12 §6.1.1,
 * and "keywords apply only to instances of their type").
 */
import { raw } from '../../../../codegen/index.ts';
import { and, binary, exprStmt, ifStmt, lit, not, object, or, returnStmt, typeOf, type Role, type Stmt } from '../../../../codegen/statements.ts';
import { isBinaryString } from '../../../../model/facts/media.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import { failure, guard, type Site } from '../site.ts';
import { arrayKeywords } from './arrays.ts';
import { admitsBigint } from './format.ts';
import { numberKeywords } from './numbers.ts';
import { objectKeywords } from './objects.ts';
import { stringKeywords } from './strings.ts';
import { groupGuard, groupOf, isNotAnyType, typeList, type Group } from './type-tests.ts';

const GROUPS: readonly Group[] = ['object', 'array', 'string', 'number'];

function groupCode(c: KeywordContext, s: SchemaObject, site: Site, group: Group): Stmt[] {
  switch (group) {
    case 'object': return objectKeywords(c, s, site);
    case 'array': return arrayKeywords(c, s, site);
    case 'string': return stringKeywords(c, s, site);
    case 'number': return numberKeywords(c, s, site);
  }
}

/**
 * Errors mode's `if (wrong type) { fail } else { typed keywords }` carries its form for the end of a
 * function: `if (wrong type) { record; return false; }` and the typed keywords after it, one level less
 * indented (the function returns false after the error anyway).
 */
interface TailRole extends Role {
  readonly kind: 'typed tail';
  readonly body: readonly Stmt[];
}

/** The statements `statement` stands for at the end of a function, when it has a form of its own there. */
export function atFunctionEnd(statement: Stmt): readonly Stmt[] | undefined {
  return statement.kind === 'if' && statement.role?.kind === 'typed tail' ? (statement.role as TailRole).body : undefined;
}

export function typed(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const d = site.data;
  const types = typeList(s.type);
  if (!types) {
    const out: Stmt[] = [];
    for (const group of GROUPS) {
      const body = groupCode(c, s, site, group);
      if (body.length) out.push(ifStmt(groupGuard(group, d), body));
    }
    return out;
  }
  const groups = new Set(types.map(groupOf));
  // Raw bytes (3.0 `format: binary`, 3.1 `contentMediaType`) are typed `Blob`: a file passes as the string would.
  const bytes = types.includes('string') && isBinaryString(s);
  const exact = groups.size === 1 && !groups.has(undefined) && !bytes;
  const wide = admitsBigint(c, s) && groups.has('number');
  const body: Stmt[] = [];
  for (const group of GROUPS) {
    if (!groups.has(group)) continue;
    const part = groupCode(c, s, site, group);
    if (!part.length) continue;
    // One type: its keywords' statements as they are (a member's guards fold into one test, properties.ts).
    if (exact) body.push(...part);
    else body.push(ifStmt(wide && group === 'number' ? or(groupGuard(group, d), binary(typeOf(d), '===', lit('bigint'))) : groupGuard(group, d), part));
  }
  const label = types.join(' or ');
  const f = {
    keyword: 'type',
    message: `must be ${label}`,
    params: object([[raw('type'), lit(typeof s.type === 'string' ? s.type : types)]]),
    short: typeof s.type === 'string'
      ? types.length === 1 && types[0] === s.type ? { helper: '_fType', arg: lit(s.type) } : undefined
      : { helper: '_fTypes', arg: lit(types.join(',')) },
  };
  const fail = failure(site, c.err(site), f);
  const blob = raw('Blob');
  const notJson = bytes ? and(isNotAnyType(types, d), not(and(binary(typeOf(blob), '!==', lit('undefined')), binary(d, 'instanceof', blob)))) : isNotAnyType(types, d);
  // `int64: 'bigint'`: an int64 node admits a `bigint` too.
  const notType = wide ? and(notJson, binary(typeOf(d), '!==', lit('bigint'))) : notJson;
  if (site.mode === 'check') return [guard(site, c.err(site), notType, f), ...body];
  if (!body.length) return [guard(site, c.err(site), notType, f)];
  const tail: TailRole = { kind: 'typed tail', body: [ifStmt(notType, [exprStmt(c.err(site)(f)), returnStmt(raw('false'))]), ...body] };
  return [ifStmt(notType, [fail], body, tail)];
}
