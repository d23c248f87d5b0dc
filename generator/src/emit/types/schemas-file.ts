/** `src/schemas.ts`: one exported type per component schema (plus `Write` views and enum value arrays). */
import { asConst, constDeclaration, literalExpression, typeDeclaration, type Statement } from '../../codegen/ts-nodes.ts';
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
      yield constDeclaration(`${named.typeName}Values`, asConst(literalExpression(values)), doc);
    }
  }
}

function typeStatement(named: NamedSchema, view: View, name: string, index: ModelIndex, writeDiffers: ReadonlySet<string>, note?: string): Statement {
  const ctx: TypeContext = { index, view, writeDiffers, used: new Set() };
  return typeDeclaration(name, transformSchema(named.schema, ctx), [note, ...schemaDocLines(named.schema)]);
}

function enumValues(named: NamedSchema): unknown[] | undefined {
  const s = named.schema;
  if (typeof s !== 'object' || !s.enum || s.$ref || s.allOf || s.oneOf || s.anyOf) return undefined;
  return s.enum;
}
