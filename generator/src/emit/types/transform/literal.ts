/** A JSON value as the TypeScript type that only that value inhabits. */
import { Code, lit, propKey } from '../../../codegen/code.ts';
import type { JsonValue } from '../../../model/types.ts';

export function literalType(value: JsonValue): Code {
  // NaN and ±Infinity (a YAML `.nan`/`.inf`) have no literal type.
  if (typeof value === 'number' && !Number.isFinite(value)) return new Code('number');
  if (value === null || typeof value !== 'object') return lit(value);
  if (Array.isArray(value)) return new Code(`readonly [${value.map((v) => literalType(v).text).join(', ')}]`);
  const members = Object.keys(value).map((k) => `${propKey(k).text}: ${literalType(value[k]).text}`);
  return new Code(`{ ${members.join('; ')} }`);
}
