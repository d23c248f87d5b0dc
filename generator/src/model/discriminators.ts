/**
 * Malformed discriminators, decided once for every target. A discriminator whose `propertyName` is not a
 * member of the schema or of any of its `oneOf`/`anyOf` alternatives (a path such as `../event_type`, or a
 * name no member declares) cannot select anything: validating by it would require a member no value may
 * have, and sampling by it would invent one. Such a discriminator is reported as a warning at its
 * `propertyName` and removed from the model, so types, validators, the mock and every plugin see the plain
 * `oneOf`/`anyOf` — which is also what a JSON Schema validator such as Ajv does with the keyword.
 */
import type { Diagnostic } from '../load/diagnostics.ts';
import { appendPointer } from '../load/pointer.ts';
import { factsOf } from './facts/index.ts';
import type { ApiModel, Discriminator, Schema, SchemaObject } from './types.ts';

type Report = (diagnostic: Omit<Diagnostic, 'severity'> & { severity?: Diagnostic['severity'] }) => void;

/** Warns about and drops each discriminator whose property no member declares. */
export function dropMalformedDiscriminators(model: ApiModel, written: ReadonlyMap<Discriminator, string>, report: Report): void {
  if (!written.size) return;
  const sites = schemasWith(model, written);
  // Facts of a throwaway view of the model: the model's own facts are memoized, and are asked for only
  // once the discriminators they would read are settled.
  const facts = factsOf({ ...model });
  const declares = (schema: Schema, name: string) =>
    facts.shape(schema, 'response').members.some((m) => m.name === name) || facts.shape(schema, 'request').members.some((m) => m.name === name);
  for (const { schema, pointer } of sites) {
    const name = schema.discriminator?.propertyName;
    if (name === undefined) continue;
    const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
    if (declares(schema, name) || alternatives.some((branch) => declares(branch, name))) continue;
    const reason = /^\.{0,2}\/|\/\.{1,2}(\/|$)/.test(name) || name === '' ? 'is not a property name' : 'names a property no member of the schema declares';
    report({
      code: 'discriminator-property',
      severity: 'warning',
      pointer: appendPointer(pointer, 'propertyName'),
      message: `discriminator propertyName ${JSON.stringify(name)} ${reason}; the discriminator is ignored (the alternatives are matched as a plain ${schema.oneOf ? 'oneOf' : 'anyOf'})`,
    });
    delete schema.discriminator;
  }
}

/**
 * The schema objects of the model that carry one of the written discriminators, with where it is written
 * (normalizing may copy a schema, as 3.0's `nullable` does, so the discriminator object is what is known).
 */
function schemasWith(model: ApiModel, written: ReadonlyMap<Discriminator, string>): { schema: SchemaObject; pointer: string }[] {
  const found: { schema: SchemaObject; pointer: string }[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown>;
    const pointer = record.discriminator ? written.get(record.discriminator as Discriminator) : undefined;
    if (pointer !== undefined) found.push({ schema: record as SchemaObject, pointer });
    for (const key of Object.keys(record)) visit(record[key]);
  };
  visit(model.schemas);
  visit(model.operations);
  return found;
}
