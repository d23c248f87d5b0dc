/**
 * Near misses: small edits of a valid sample that the schema rejects, derived from the model's facts.
 * Each is labelled so a failure says which edit of which schema slipped through.
 */
import type { Direction, SchemaFacts } from '../../generator/src/model/facts/index.ts';
import { admitsEveryType } from '../../generator/src/model/facts/index.ts';
import type { JsonValue, Schema } from '../../generator/src/model/types.ts';
import { sampleOf } from './sample.ts';

export interface Mutation {
  label: string;
  value: JsonValue;
  /** Wrong only because of its direction (a readOnly member in a request, a writeOnly one in a response). */
  directional?: boolean;
}

type Obj = { [key: string]: JsonValue };

function isObject(value: JsonValue): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function withMember(value: Obj, name: string, member: JsonValue): Obj {
  const out: Obj = { ...value };
  Object.defineProperty(out, name, { value: member, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Near misses of `value` (a valid sample of `schema` in `direction`); only edits every target can see. */
export function mutationsOf(facts: SchemaFacts, schema: Schema, direction: Direction, value: JsonValue, depth = 0): Mutation[] {
  const out: Mutation[] = [];
  const types = facts.jsonTypes(schema);
  // A value of a type the schema does not admit at all.
  if (!admitsEveryType(types)) {
    const wrong: JsonValue | undefined = !types.has('boolean') ? true : !types.has('string') ? 'wrong' : undefined;
    if (wrong !== undefined) out.push({ label: `root: a ${typeof wrong} where the schema admits ${[...types].join('|')}`, value: wrong });
  }
  if (!isObject(value)) return out;
  // A discriminated union selects nothing without its tag, even where the selected branch leaves it optional.
  const discriminator = facts.discriminator(facts.target(schema));
  if (discriminator?.own && Object.prototype.hasOwnProperty.call(value, discriminator.propertyName)) {
    const { [discriminator.propertyName]: _tag, ...untagged } = value;
    out.push({ label: `drop the discriminator tag '${discriminator.propertyName}'`, value: untagged });
  }
  if (discriminator || (facts.merged(schema).oneOf ?? facts.merged(schema).anyOf)) return out;
  const shape = facts.shape(schema, direction);
  const required = shape.members.find((m) => m.required && Object.prototype.hasOwnProperty.call(value, m.name));
  if (required) {
    const { [required.name]: _dropped, ...rest } = value;
    out.push({ label: `drop required member '${required.name}'`, value: rest });
  }
  for (const member of shape.members) {
    if (!member.schema || !Object.prototype.hasOwnProperty.call(value, member.name)) continue;
    const memberTypes = facts.jsonTypes(member.schema);
    if (admitsEveryType(memberTypes) || memberTypes.has('boolean')) continue;
    out.push({ label: `member '${member.name}' is a boolean (admits ${[...memberTypes].join('|')})`, value: withMember(value, member.name, true) });
    break;
  }
  for (const member of shape.members) {
    if (!member.schema || !Object.prototype.hasOwnProperty.call(value, member.name)) continue;
    const view = facts.merged(member.schema);
    if (!Array.isArray(view.enum) || view['x-enum-incomplete'] === true || !view.enum.every((v) => typeof v === 'string')) continue;
    out.push({ label: `member '${member.name}' out of its enum`, value: withMember(value, member.name, 'not-in-the-enum') });
    break;
  }
  // One level down: a required member dropped inside the first nested object (or first array item).
  if (depth === 0) {
    for (const member of shape.members) {
      if (!member.schema || !Object.prototype.hasOwnProperty.call(value, member.name)) continue;
      const inner = value[member.name];
      const nestedSchema = Array.isArray(inner) ? facts.merged(member.schema).items : member.schema;
      const nestedValue = Array.isArray(inner) ? inner[0] : inner;
      if (nestedSchema === undefined || nestedValue === undefined || !isObject(nestedValue)) continue;
      const dropped = mutationsOf(facts, nestedSchema, direction, nestedValue, depth + 1).find((m) => m.label.startsWith('drop required'));
      if (!dropped) continue;
      const replaced = Array.isArray(inner) ? [dropped.value, ...inner.slice(1)] : dropped.value;
      out.push({ label: `inside member '${member.name}': ${dropped.label}`, value: withMember(value, member.name, replaced) });
      break;
    }
  }
  if (shape.closed) {
    out.push({ label: 'an undeclared member in a closed object', value: withMember(value, 'undeclaredMember', 1) });
    const stray = shape.omitted[0];
    if (stray !== undefined) {
      const other: Direction = direction === 'request' ? 'response' : 'request';
      const member = facts.merged(schema).properties?.[stray];
      const strayValue = member === undefined ? undefined : sampleOf(facts, member, other);
      if (strayValue !== undefined) out.push({ label: `${direction === 'request' ? 'readOnly' : 'writeOnly'} member '${stray}' sent in a ${direction} of a closed object`, value: withMember(value, stray, strayValue), directional: true });
    }
  }
  return out;
}
