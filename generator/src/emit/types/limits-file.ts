/** `src/limits.ts`: the spec's `x-limits` as typed constants. */
import {
  arrayLiteral, asConst, constDeclaration, declaredAs, interfaceDeclaration, keywordType, literalExpression, literalType, propertySignature, readonlyType,
  satisfies, tupleType, typeOfValue, typeRef, unionType, valueRef, type Statement,
} from '../../codegen/ts-nodes.ts';
import type { LimitModel } from '../../model/types.ts';

const OPTIONAL_FIELDS = ['bound', 'min', 'max', 'default', 'unit', 'plan', 'track', 'appliesTo', 'description'] as const;

/** The `Limit` interface: every field of a limit, with what it means. */
function limitInterface(): Statement {
  const text = keywordType('string');
  const number = keywordType('number');
  const field = (name: string, type = text, doc?: string, optional = true) => propertySignature(name, type, { readonly: true, optional, doc: [doc] });
  return interfaceDeclaration('Limit', [
    field('name', text, 'Stable kebab-case name.', false),
    field('value', number, 'The figure the reference gives (for a floor its minimum, for a cap or a range its maximum).', false),
    field('bound', unionType(['cap', 'floor', 'range'].map(literalType)), 'Which way it binds: at most `max` (cap), at least `min` (floor), or both (range). Absent: neither (a price, a default).'),
    field('min', number, 'A floor: at least this.'),
    field('max', number, 'A cap: at most this.'),
    field('default', number),
    field('unit'),
    field('plan'),
    field('track'),
    field('appliesTo', text, '`operationId[.parameter]`, a schema pointer, or free text.'),
    field('description'),
  ], ["One limit of the API, from the spec's `x-limits` extension."]);
}

export function limitStatements(limits: LimitModel[]): Statement[] {
  const statements: Statement[] = [limitInterface()];
  for (const l of limits) {
    const value: Record<string, string | number> = { name: l.name, value: l.value };
    for (const key of OPTIONAL_FIELDS) {
      if (l[key] !== undefined) value[key] = l[key]!;
    }
    const doc = [l.description, l.unit ? `Unit: ${l.unit}.` : undefined, l.appliesTo ? `Applies to: ${l.appliesTo}.` : undefined];
    statements.push(constDeclaration(l.constantName, satisfies(asConst(literalExpression(value)), typeRef('Limit')), doc));
  }
  // `readonly [typeof A, typeof B, ...]` written out, not inferred from `[A, B] as const satisfies readonly Limit[]`:
  // the same type, without a tuple literal for a consumer's checker to infer and relate (issue 14). Each
  // element already satisfies Limit above.
  const all = arrayLiteral(limits.map((l) => valueRef(l.constantName)));
  const type = readonlyType(tupleType(limits.map((l) => ({ type: typeOfValue(l.constantName) }))));
  statements.push(constDeclaration('LIMITS', declaredAs(all, type), ['Every limit, in the order of the spec.']));
  return statements;
}
