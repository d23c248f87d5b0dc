/** `src/schemas.ts`: one exported type per component schema (plus `Write` views and enum value arrays). */
import { asConst, constDeclaration, declaredAs, literalExpression, literalType, readonlyType, tupleType, typeDeclaration, type Expression, type Statement } from '../../codegen/ts-nodes.ts';
import type { ModelIndex, NamedSchema } from '../../model/types.ts';
import type { TypeContext, View } from './context.ts';
import { schemaDocLines } from './jsdoc.ts';
import { transformSchema } from './transform/schema.ts';

export function* schemaStatements(schemas: NamedSchema[], index: ModelIndex, writeDiffers: ReadonlySet<string>): Generator<Statement> {
  for (const named of schemas) {
    yield typeStatement(named, 'read', named.typeName, index, writeDiffers);
    if (writeDiffers.has(named.key)) {
      yield typeStatement(named, 'write', `${named.typeName}Write`, index, writeDiffers, `The request form of {@link ${named.typeName}}: readOnly members omitted, writeOnly members included.`);
    }
    const values = enumValues(named);
    if (values) {
      const doc = [`Every value of {@link ${named.typeName}}, in the order the spec lists them.`];
      yield constDeclaration(`${named.typeName}Values`, valuesExpression(values), doc);
    }
  }
}

function typeStatement(named: NamedSchema, view: View, name: string, index: ModelIndex, writeDiffers: ReadonlySet<string>, note?: string): Statement {
  const ctx: TypeContext = { index, view, writeDiffers, used: new Set() };
  return typeDeclaration(name, transformSchema(named.schema, ctx), [note, ...schemaDocLines(named.schema)]);
}

type Primitive = string | number | boolean | null;
const isPrimitive = (v: unknown): v is Primitive => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * The array of an enum's values, typed `readonly [v1, v2, ...]`. When every value has a literal type the tuple
 * type is written out (`[...] as never as readonly ['a', 'b']`) rather than inferred from `[...] as const`:
 * the same type, but a consumer's checker infers no tuple literal and relates none to its declared type, which
 * for each array meant instantiating every member of a `ReadonlyArray` (issue 14, type-check cost as sources).
 * Object, array and non-finite values have no literal type here: those arrays stay `as const`.
 */
function valuesExpression(values: unknown[]): Expression {
  if (!values.every(isPrimitive)) return asConst(literalExpression(values));
  return declaredAs(literalExpression(values), readonlyType(tupleType(values.map((v) => ({ type: literalType(v) })))));
}

function enumValues(named: NamedSchema): unknown[] | undefined {
  const s = named.schema;
  if (typeof s !== 'object' || !s.enum || s.$ref || s.allOf || s.oneOf || s.anyOf) return undefined;
  return s.enum;
}
