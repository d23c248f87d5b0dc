/**
 * Deprecation and `x-sunset`: removing an operation, a parameter or a response property is acceptable only
 * once it was deprecated and its sunset (removal) date is known and has passed. `x-deprecated-at` is when the
 * deprecation took effect — not a removal date — and only explains the message. Both are read from the raw
 * extensions (`x-sunset` / `x-deprecated-at`), whatever the model carries.
 */

/** An `x-sunset` value as a time, or undefined when missing or not an RFC 3339 date / date-time. */
export function parseSunset(value: unknown): number | undefined {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const text = value instanceof Date ? value.toISOString() : value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?)?$/.test(text)) return undefined;
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isNaN(time) ? undefined : time;
}

export interface Removal {
  /** '' (not deprecated), '-before-sunset' or '-after-sunset': appended to the rule's base id. */
  suffix: '' | '-before-sunset' | '-after-sunset';
  /** Why, for the message. */
  note: string;
}

export function removal(deprecated: boolean, sunset: unknown, now: Date, deprecatedAt?: unknown): Removal {
  if (!deprecated) return { suffix: '', note: 'it was not deprecated first' };
  const text = sunset instanceof Date ? sunset.toISOString().slice(0, 10) : String(sunset ?? '');
  const since = deprecatedAt !== undefined && deprecatedAt !== null && deprecatedAt !== '' ? ` (deprecated since ${sunsetText(deprecatedAt)}, which is not a removal date)` : '';
  if (sunset === undefined || sunset === null || text === '') return { suffix: '-before-sunset', note: `it was deprecated${since}, but its removal date (x-sunset) is unknown` };
  const time = parseSunset(sunset);
  if (time === undefined) return { suffix: '-before-sunset', note: `it was deprecated, but its x-sunset ${JSON.stringify(text)} is not a date` };
  if (time > now.getTime()) return { suffix: '-before-sunset', note: `it was deprecated with x-sunset ${text}, which has not passed` };
  return { suffix: '-after-sunset', note: `it was deprecated and its x-sunset ${text} has passed` };
}

export function sunsetText(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}
