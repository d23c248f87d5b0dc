/**
 * A JSON value as a TypeScript expression on one line (`__proto__` as a computed key, so it stays a member;
 * U+2028/U+2029 escaped, since tsc counts them as line breaks and would shift the lines it reports).
 */
import type { JsonValue } from '../../generator/src/model/types.ts';

export function tsLiteral(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return oneLine(JSON.stringify(value));
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(', ')}]`;
  const members = Object.keys(value).map((key) => `${key === '__proto__' ? `[${JSON.stringify(key)}]` : oneLine(JSON.stringify(key))}: ${tsLiteral(value[key])}`);
  return `{ ${members.join(', ')} }`;
}

function oneLine(json: string): string {
  return json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
