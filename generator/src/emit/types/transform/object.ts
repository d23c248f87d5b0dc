/**
 * Object schemas → an object type: properties (optional unless required; readOnly/writeOnly omitted by
 * view), and an index signature for `additionalProperties`/`patternProperties`. An absent
 * `additionalProperties` adds no index signature: extra members are allowed but not described.
 */
import { indexSignature, keywordType, propertySignature, typeLiteral, typeRef, unionType, type TypeElement, type TypeNode } from '../../../codegen/ts-nodes.ts';
import type { Schema, SchemaObject } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { schemaDocLines } from '../jsdoc.ts';
import { transformSchema } from './schema.ts';

export function hasObjectKeywords(schema: SchemaObject): boolean {
  return (
    schema.properties !== undefined ||
    schema.additionalProperties !== undefined ||
    schema.patternProperties !== undefined ||
    (schema.required !== undefined && schema.required.length > 0)
  );
}

export function transformObject(schema: SchemaObject, ctx: TypeContext): TypeNode {
  const required = new Set(schema.required ?? []);
  const members: TypeElement[] = [];
  const memberTypes: TypeNode[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    // The one access decision of the types target (readOnly/writeOnly by view).
    if (omitted(property, ctx)) continue;
    const type = transformSchema(property, ctx);
    memberTypes.push(type);
    members.push(propertySignature(name, type, { optional: !required.has(name), doc: schemaDocLines(property) }));
  }
  for (const name of required) {
    if (schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, name)) continue;
    members.push(propertySignature(name, keywordType('unknown')));
    memberTypes.push(keywordType('unknown'));
  }
  const extra: TypeNode[] = [];
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    extra.push(transformSchema(schema.additionalProperties, ctx));
  }
  for (const pattern of Object.values(schema.patternProperties ?? {})) extra.push(transformSchema(pattern, ctx));
  if (extra.length) {
    // An index signature must admit every declared member's type too.
    const anyOptional = Object.keys(schema.properties ?? {}).some((n) => !required.has(n));
    members.push(indexSignature(unionType([...extra, ...memberTypes, ...(anyOptional ? [keywordType('undefined')] : [])])));
  }
  if (!members.length) return typeRef('Record', [keywordType('string'), keywordType(schema.additionalProperties === false ? 'never' : 'unknown')]);
  return typeLiteral(members);
}

/** readOnly members are not sent, writeOnly members are not returned (access through `$ref`/`allOf` too). */
function omitted(property: Schema, ctx: TypeContext): boolean {
  return !ctx.index.facts.sentIn(property, ctx.view === 'write' ? 'request' : 'response');
}
