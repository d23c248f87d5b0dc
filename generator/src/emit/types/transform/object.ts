/**
 * Object schemas → an object type: properties (optional unless required; readOnly/writeOnly omitted by
 * view), and an index signature for `additionalProperties`/`patternProperties`. An absent
 * `additionalProperties` adds no index signature: extra members are allowed but not described.
 */
import { Code, docComment, propKey, raw } from '../../../codegen/index.ts';
import type { Schema, SchemaObject } from '../../../model/types.ts';
import type { TypeContext } from '../context.ts';
import { schemaDocLines } from '../jsdoc.ts';
import { transformSchema } from './schema.ts';
import { union } from './combine.ts';

export function hasObjectKeywords(schema: SchemaObject): boolean {
  return (
    schema.properties !== undefined ||
    schema.additionalProperties !== undefined ||
    schema.patternProperties !== undefined ||
    (schema.required !== undefined && schema.required.length > 0)
  );
}

export function transformObject(schema: SchemaObject, ctx: TypeContext): Code {
  const required = new Set(schema.required ?? []);
  const members: string[] = [];
  const memberTypes: Code[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (omitted(property, ctx)) continue;
    const type = transformSchema(property, ctx);
    const optional = !required.has(name);
    memberTypes.push(type);
    const doc = docComment(schemaDocLines(property)).text;
    members.push(`${doc}${propKey(name).text}${optional ? '?' : ''}: ${type.text};`);
  }
  for (const name of required) {
    if (schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, name)) continue;
    members.push(`${propKey(name).text}: unknown;`);
    memberTypes.push(raw('unknown'));
  }
  const extra: Code[] = [];
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    extra.push(transformSchema(schema.additionalProperties, ctx));
  }
  for (const pattern of Object.values(schema.patternProperties ?? {})) extra.push(transformSchema(pattern, ctx));
  if (extra.length) {
    // An index signature must admit every declared member's type too.
    const anyOptional = Object.keys(schema.properties ?? {}).some((n) => !required.has(n));
    const all = union([...extra, ...memberTypes, ...(anyOptional ? [raw('undefined')] : [])]);
    members.push(`[key: string]: ${all.text};`);
  }
  if (!members.length) return schema.additionalProperties === false ? raw('Record<string, never>') : raw('Record<string, unknown>');
  return new Code(`{\n${members.join('\n')}\n}`);
}

/** readOnly members are not sent, writeOnly members are not returned (access through `$ref`/`allOf` too). */
function omitted(property: Schema, ctx: TypeContext): boolean {
  return !ctx.index.facts.sentIn(property, ctx.view === 'write' ? 'request' : 'response');
}
