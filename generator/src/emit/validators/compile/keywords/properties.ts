/**
 * `properties` and `required` (JSON Schema 2020-12 §10.3.2.1, §6.5.3), fused: one read per property.
 *
 * Direction (OpenAPI 3.1 §4.8.24 / JSON Schema readOnly, writeOnly): a required property whose schema is
 * `readOnly` is only required in the `response` direction, a `writeOnly` one only in the `request`
 * direction. When present, such a property is validated against its schema in both directions; in an object
 * closed by `additionalProperties: false` it is rejected in the direction it is not part of (a readOnly
 * member in a request, a writeOnly one in a response), as the types leave it out of that direction's form.
 * The access is the one an enclosing composite gives the member when it relaxes it (`site.relax`, from the
 * model's shape fact: another `allOf` part can make a member readOnly), else the property schema's own;
 * a required name without a property schema here is relaxed the same way.
 */
import { raw } from '../../../../codegen/index.ts';
import { and, assign, binary, exprStmt, ifStmt, index, lit, member, not, object, or, type Expr, type Stmt } from '../../../../codegen/statements.ts';
import type { Access } from '../../../../model/facts/index.ts';
import type { Schema, SchemaObject } from '../../../../model/types.ts';
import { isTrivial } from '../analysis/trivial.ts';
import type { KeywordContext } from '../context.ts';
import { atChild, failure, guard, GUARD, keywordPath, propertySegment, type Site } from '../site.ts';
import { present, readProperty, type PropertyRead } from './own.ts';
import { O } from '../option-bits.ts';
import { propertyRow, propertyTable, usesTables, type Need } from './property-table.ts';

/** Where a required member with this access must be present. */
function needOf(access: Access): Need {
  return access === 'readOnly' ? 'response' : access === 'writeOnly' ? 'request' : 'always';
}

export function schemaMap(value: unknown): Record<string, Schema> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, Schema>) : {};
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The failure of a missing required member, under `when` (a test that it is missing) and the direction that
 * requires it: one `if` statement, or the bare failure when there is no test.
 */
function requiredFailure(c: KeywordContext, site: Site, name: string, need: Need, when?: Expr): Stmt {
  const f = {
    keyword: 'required',
    message: `must have required property '${name}'`,
    params: object([[raw('missingProperty'), lit(name)]]),
    schemaPath: keywordPath(site, 'required'),
    short: { helper: '_fReq', arg: lit(name) },
  };
  const tests = when ? [when] : [];
  if (need === 'response') tests.push(binary(binary(site.o, '&', O.request), '===', lit(0)));
  if (need === 'request') tests.push(binary(binary(site.o, '&', O.request), '!==', lit(0)));
  return tests.length ? guard(site, c.err(site), and(...tests), f) : failure(site, c.err(site), f);
}

/** A member of a closed object present in the direction it is not part of. */
function strayFailure(c: KeywordContext, site: Site, name: string, access: 'readOnly' | 'writeOnly'): Stmt {
  return guard(site, c.err(site), binary(binary(site.o, '&', O.request), access === 'readOnly' ? '!==' : '===', lit(0)), {
    keyword: 'additionalProperties',
    message: access === 'readOnly' ? 'must NOT have readOnly property in a request' : 'must NOT have writeOnly property in a response',
    params: object([[raw('additionalProperty'), lit(name)]]),
    schemaPath: keywordPath(site, 'additionalProperties'),
  });
}

/**
 * Check mode's tests of a member as one condition, when they are all guards that stop the same way. Several
 * of an optional member are one operand, `x !== undefined && (a || b)`. How wide the condition is does not
 * matter here: the printer lays it out (one operand a line, a bracketed operand broken inside its brackets).
 */
function foldedTests(site: Site, body: readonly Stmt[]): { condition: Expr; stop: Stmt } | undefined {
  if (!body.length) return undefined;
  const tests: Expr[] = [];
  for (const statement of body) {
    const test = guardTest(statement);
    if (!test || !sameStop((statement as Stmt & { kind: 'if' }).then, site.stop)) return undefined;
    tests.push(test);
  }
  return { condition: tests.length === 1 ? tests[0]! : or(...tests), stop: site.stop };
}

/** Two stops leave the same way (`return false;`, or `break` to the same label). */
function sameStop(a: Stmt, b: Stmt): boolean {
  if (a.kind === 'return' && b.kind === 'return') return true;
  return a.kind === 'break' && b.kind === 'break' && a.label === b.label;
}

/** The test of a statement `guard` made, if it is one. */
function guardTest(statement: Stmt | undefined): Expr | undefined {
  return statement?.kind === 'if' && statement.role === GUARD ? statement.test : undefined;
}

/** The statements of one member: its read, then its tests under "present", and its `required` failure. */
function memberCode(c: KeywordContext, site: Site, name: string, need: Need, read: PropertyRead, body: readonly Stmt[]): Stmt[] {
  const single = body.length === 1 ? body[0] : undefined;
  const folded = site.mode === 'check' ? foldedTests(site, body) : guardTest(single) && { condition: guardTest(single)!, stop: (single as Stmt & { kind: 'if' }).then };
  if (folded && need === 'never') {
    // An optional member: `if (x !== undefined && <tests>) return false;`.
    return [read.decl, ifStmt(and(read.present, folded.condition), folded.stop)];
  }
  if (folded && need === 'always' && site.mode === 'check') {
    // A required member: `if (x === undefined || <tests>) return false;`.
    return [read.decl, ifStmt(or(binary(read.local, '===', raw('undefined')), folded.condition), folded.stop)];
  }
  if (!body.length) return need === 'never' ? [] : [read.decl, requiredFailure(c, site, name, need, not(read.present))];
  // A failure that is an `if` statement of its own follows `else` directly (`} else if (...) return false;`).
  const missing = need !== 'never' ? requiredFailure(c, site, name, need) : undefined;
  return [read.decl, ifStmt(read.present, body, missing && (missing.kind === 'if' ? missing : [missing]))];
}

export function properties(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  const props = schemaMap(s.properties);
  const required = new Set(stringList(s.required));
  const closed = s.additionalProperties === false;
  const out: Stmt[] = [];
  // Errors mode: consecutive simple properties become one table call (keywords/property-table.ts).
  const tables = usesTables(c, site);
  const rows: Expr[][] = [];
  const flush = (): void => {
    if (rows.length) out.push(propertyTable(c, site, rows.splice(0)));
  };
  for (const name of Object.keys(props)) {
    const sub = props[name];
    const node = c.childNode(site, sub, ['properties', name]);
    const access = required.has(name) || closed ? (site.relax?.members.get(name) ?? c.access(sub)) : undefined;
    const need: Need = required.has(name) ? needOf(access) : 'never';
    const stray = closed && access ? strayFailure(c, site, name, access) : undefined;
    const trivial = isTrivial(sub);
    if (trivial && need === 'never' && !stray) continue;
    const row = tables && !stray ? propertyRow(c, name, sub, need) : undefined;
    if (row) {
      rows.push(row);
      continue;
    }
    // A `$ref` member stays compiled (a direct `_ref` call, which the engine can inline with the target's
    // check): as a row, the table's keyed read and indirect call made errors walks over valid members about
    // twice as slow as the checks, on realistic objects mostly made of references (issue 26.8).
    const read = readProperty(c, site, name);
    const compiled = trivial ? [] : c.compileSub(sub, atChild(site, node, ['properties', name], read.local, propertySegment(name)));
    const member = memberCode(c, site, name, need, read, stray ? [stray, ...compiled] : compiled);
    if (!member.length) continue;
    flush();
    out.push(...member);
  }
  flush();
  for (const name of required) {
    if (Object.prototype.hasOwnProperty.call(props, name)) continue;
    out.push(requiredFailure(c, site, name, needOf(site.relax?.members.get(name)), not(present(c, site, name))));
  }
  if (site.evP) {
    for (const name of Object.keys(props)) out.push(exprStmt(assign(index(member(site.evP, 'k'), lit(name)), raw('true'))));
  }
  return out;
}
