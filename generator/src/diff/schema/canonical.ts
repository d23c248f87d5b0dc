/** Canonical JSON: object keys sorted, so that two values written in different orders compare equal. */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
  const keys = Object.keys(value).sort();
  return '{' + keys.map((key) => JSON.stringify(key) + ':' + canonical((value as Record<string, unknown>)[key])).join(',') + '}';
}

/** A short human rendering of a JSON value for messages (`"a"`, `42`, `null`, `{…}`). */
export function show(value: unknown, max = 60): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}
