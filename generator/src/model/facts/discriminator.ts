/**
 * A schema's discriminator (OpenAPI 3.1 §4.8.25) with its mapping resolved to named schemas: its own, or
 * one reached through `$ref` or an `allOf` member (the 3.0 pattern where each variant is `allOf: [Base,
 * ...]` and `Base` carries the discriminator). The model already filled in implicit mapping values (the
 * component names of referenced branches).
 */
import type { NamedSchema, Schema, SchemaObject } from '../types.ts';
import { memoPerNode } from './memo.ts';
import type { Resolver } from './resolve.ts';
import type { DiscriminatorFact } from '../fact-types.ts';
export type { DiscriminatorFact } from '../fact-types.ts';

export function discriminatorFact(resolver: Resolver): (schema: Schema) => DiscriminatorFact | undefined {
  const discriminator: (schema: Schema) => DiscriminatorFact | undefined = memoPerNode<DiscriminatorFact | undefined>(
    (schema: SchemaObject): DiscriminatorFact | undefined => {
      if (schema.discriminator) {
        const mapping: { value: string; schema: NamedSchema }[] = [];
        for (const [value, ref] of Object.entries(schema.discriminator.mapping ?? {}) as [string, string][]) {
          const target = resolver.byRef(ref);
          if (target) mapping.push({ value, schema: target });
        }
        const fallback = schema.discriminator.defaultMapping === undefined ? undefined : resolver.byRef(schema.discriminator.defaultMapping);
        return { propertyName: schema.discriminator.propertyName, mapping, ...(fallback ? { defaultSchema: fallback } : {}), own: true };
      }
      const parts = [...(typeof schema.$ref === 'string' ? [resolver.byRef(schema.$ref)?.schema] : []), ...(schema.allOf ?? [])];
      for (const part of parts) {
        const found = part === undefined ? undefined : discriminator(part);
        if (found) return { ...found, own: false };
      }
      return undefined;
    },
    () => undefined,
    () => undefined,
  );
  return discriminator;
}

/** The discriminator values that select `named` (a variant may be mapped under several values). */
export function valuesSelecting(fact: DiscriminatorFact, named: NamedSchema): string[] {
  return fact.mapping.filter((m) => m.schema === named).map((m) => m.value);
}
