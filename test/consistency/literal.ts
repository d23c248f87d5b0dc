/** A JSON value as a TypeScript expression on one line (`__proto__` as a computed key, so it stays a member). */
import type { JsonValue } from '../../generator/src/model/types.ts';

export function tsLiteral(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(', ')}]`;
  const members = Object.keys(value).map((key) => `${key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key)}: ${tsLiteral(value[key])}`);
  return `{ ${members.join(', ')} }`;
}
