/**
 * Turning arbitrary spec strings into identifiers. Pure functions; uniqueness is the planner's job
 * (model/naming.ts), which calls `uniqueName` with the set of names already taken.
 */
import { isIdentifier, RESERVED_WORDS } from './code.ts';

/** Splits a name into words on case changes, digits boundaries and any non-alphanumeric character. */
export function words(name: string): string[] {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `user_id-list` → `UserIdList`. Keeps existing inner capitals (`HTTPError` → `HTTPError`). */
export function pascalCase(name: string): string {
  return words(name).map(capitalize).join('');
}

/** `user_id-list` → `userIdList`. */
export function camelCase(name: string): string {
  const p = pascalCase(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/** `bookmarks-max-results` → `BOOKMARKS_MAX_RESULTS`. */
export function constantCase(name: string): string {
  return words(name).map((w) => w.toUpperCase()).join('_');
}

/**
 * A valid identifier derived from `name` in the given case; falls back to `fallback` when nothing usable
 * is left, prefixes `_` when it would start with a digit, and suffixes `_` on reserved words.
 */
export function toIdentifier(name: string, style: 'pascal' | 'camel' | 'constant' | 'keep' = 'keep', fallback = 'Unnamed'): string {
  let id: string;
  switch (style) {
    case 'pascal': id = pascalCase(name); break;
    case 'camel': id = camelCase(name); break;
    case 'constant': id = constantCase(name); break;
    case 'keep': id = name.replace(/[^A-Za-z0-9_$]+/g, '_'); break;
  }
  if (!id) id = fallback;
  if (/^[0-9]/.test(id)) id = `_${id}`;
  if (RESERVED_WORDS.has(id)) id = `${id}_`;
  if (!isIdentifier(id)) throw new Error(`internal: could not derive an identifier from ${JSON.stringify(name)}`);
  return id;
}

/** `base`, or `base2`, `base3`… whichever is not in `taken`; adds the result to `taken`. */
export function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  taken.add(name);
  return name;
}
