/** `src/schemas.ts`: one exported type per component schema (plus `Write` views and enum value arrays). */
import { code, docComment, ident, lit, raw, type Code } from '../../codegen/index.ts';
import type { ModelIndex, NamedSchema } from '../../model/types.ts';
import type { TypeContext, View } from './context.ts';
import { schemaDocLines } from './jsdoc.ts';
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

/** True for `{ ... }` with nothing outside the braces. */
export function isSingleObjectLiteral(type: string): boolean {
  if (!type.startsWith('{') || !type.endsWith('}')) return false;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '/' && type[i + 1] === '*') {
      // Comments are sanitized (no `*/` inside), so the first `*/` ends them.
      const end = type.indexOf('*/', i + 2);
      i = end < 0 ? type.length : end + 1;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0 && i !== type.length - 1) return false;
    }
  }
  return true;
}

function enumValues(named: NamedSchema): unknown[] | undefined {
  const s = named.schema;
  if (typeof s !== 'object' || !s.enum || s.$ref || s.allOf || s.oneOf || s.anyOf) return undefined;
  return s.enum;
}

export { raw };
