/** `src/schemas.ts`: one exported type per component schema (plus `Write` views and enum value arrays). */
import { code, docComment, ident, lit, type Code } from '../../codegen/index.ts';
import type { ModelIndex, NamedSchema } from '../../model/types.ts';
import type { TypeContext, View } from './context.ts';
import { schemaDocLines } from './jsdoc.ts';
import { isSingleObjectLiteral } from '../../codegen/syntax.ts';
import { transformSchema } from './transform/schema.ts';

export function schemaStatements(schemas: NamedSchema[], index: ModelIndex, writeDiffers: ReadonlySet<string>): Code[] {
  const statements: Code[] = [];
  for (const named of schemas) {
    statements.push(typeStatement(named, 'read', named.typeName, index, writeDiffers));
    if (writeDiffers.has(named.key)) {
      statements.push(typeStatement(named, 'write', `${named.typeName}Write`, index, writeDiffers, `The request form of {@link ${named.typeName}}: readOnly members omitted, writeOnly members included.`));
    }
    const values = enumValues(named);
    if (values) {
      const doc = docComment([`Every value of {@link ${named.typeName}}, in the order the spec lists them.`]);
      statements.push(code`${doc}export const ${ident(`${named.typeName}Values`)} = ${lit(values)} as const;`);
    }
  }
  return statements;
}

function typeStatement(named: NamedSchema, view: View, name: string, index: ModelIndex, writeDiffers: ReadonlySet<string>, note?: string): Code {
  const ctx: TypeContext = { index, view, writeDiffers, used: new Set() };
  const type = transformSchema(named.schema, ctx);
  const doc = docComment([note, ...schemaDocLines(named.schema)]);
  // Plain object types become interfaces: named, cached by the checker, friendlier in editor tooltips.
  if (isSingleObjectLiteral(type.text)) return code`${doc}export interface ${ident(name)} ${type}`;
  return code`${doc}export type ${ident(name)} = ${type};`;
}

function enumValues(named: NamedSchema): unknown[] | undefined {
  const s = named.schema;
  if (typeof s !== 'object' || !s.enum || s.$ref || s.allOf || s.oneOf || s.anyOf) return undefined;
  return s.enum;
}

