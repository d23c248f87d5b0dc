/** The object keyword group, in evaluation order. */
import type { Stmt } from '../../../../codegen/statements.ts';
import type { SchemaObject } from '../../../../model/types.ts';
import type { KeywordContext } from '../context.ts';
import type { Site } from '../site.ts';
import { dependentRequired, dependentSchemas } from './dependent.ts';
import { objectSize } from './object-size.ts';
import { properties } from './properties.ts';
import { propertyLoop } from './property-loop.ts';

export function objectKeywords(c: KeywordContext, s: SchemaObject, site: Site): Stmt[] {
  return [
    ...properties(c, s, site),
    ...propertyLoop(c, s, site),
    ...objectSize(c, s, site),
    ...dependentRequired(c, s, site),
    ...dependentSchemas(c, s, site),
  ];
}
