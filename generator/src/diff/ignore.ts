/**
 * The ignore file: known changes accepted on purpose. YAML or JSON, a list of entries (or `{ ignore: [...] }`):
 *
 *   - id: response-property-removed
 *     pointer: /components/schemas/Post/properties/legacy_id   # bundled-document pointer, as in the JSON output
 *     reason: Removed in 2.167; announced in the changelog on 2025-01-10.
 *     expires: 2025-12-31                                      # optional: the entry stops applying after this date
 *
 * `fingerprint` (from the JSON output) may be given instead of, or as well as, `pointer`; `operation`
 * (`GET /2/users/{id}`) narrows an entry to one operation. Expired entries and entries that matched
 * nothing are reported as notes.
 */
import { parse } from 'yaml';
import { parsePointer, toPointer } from '../load/pointer.ts';
import { DiffInputError } from './side.ts';
import { RULES } from './rules.ts';
import { parseSunset } from './sunset.ts';
import type { Change, IgnoredChange } from './types.ts';

export interface IgnoreEntry {
  id: string;
  pointer?: string;
  fingerprint?: string;
  operation?: string;
  reason: string;
  expires?: string;
}

/** Parses and checks an ignore file's text; throws DiffInputError listing every problem. */
export function parseIgnoreFile(text: string, file: string): IgnoreEntry[] {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new DiffInputError(`${file}: not valid YAML or JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : typeof value === 'object' && Array.isArray((value as { ignore?: unknown }).ignore) ? (value as { ignore: unknown[] }).ignore : undefined;
  if (!list) throw new DiffInputError(`${file}: expected a list of entries, or an object with an \`ignore\` list`);
  const problems: string[] = [];
  const out: IgnoreEntry[] = [];
  list.forEach((raw, i) => {
    const where = `${file}: entry ${i + 1}`;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push(`${where}: must be an object with id, pointer and reason`);
      return;
    }
    const e = raw as Record<string, unknown>;
    for (const key of Object.keys(e)) if (!['id', 'pointer', 'fingerprint', 'operation', 'reason', 'expires'].includes(key)) problems.push(`${where}: unknown field ${JSON.stringify(key)}`);
    if (typeof e.id !== 'string' || !RULES.has(e.id)) problems.push(`${where}: ${typeof e.id === 'string' ? `unknown rule id ${JSON.stringify(e.id)}` : '`id` (a rule id) is required'}`);
    if (typeof e.reason !== 'string' || !e.reason.trim()) problems.push(`${where}: \`reason\` is required — say why the change is accepted`);
    if (e.pointer === undefined && e.fingerprint === undefined) problems.push(`${where}: \`pointer\` (or \`fingerprint\`) is required`);
    let pointer: string | undefined;
    if (e.pointer !== undefined) {
      if (typeof e.pointer !== 'string') problems.push(`${where}: \`pointer\` must be a string`);
      else {
        try {
          pointer = toPointer(parsePointer(e.pointer.startsWith('#') || e.pointer.startsWith('/') || e.pointer === '' ? e.pointer : `/${e.pointer}`));
        } catch {
          problems.push(`${where}: \`pointer\` is not a JSON pointer`);
        }
      }
    }
    if (e.fingerprint !== undefined && typeof e.fingerprint !== 'string') problems.push(`${where}: \`fingerprint\` must be a string`);
    if (e.operation !== undefined && typeof e.operation !== 'string') problems.push(`${where}: \`operation\` must be a string like "GET /pets/{id}"`);
    let expires: string | undefined;
    if (e.expires !== undefined) {
      expires = e.expires instanceof Date ? e.expires.toISOString().slice(0, 10) : String(e.expires);
      if (parseSunset(expires) === undefined) problems.push(`${where}: \`expires\` must be a date (YYYY-MM-DD)`);
    }
    out.push({ id: String(e.id), pointer, fingerprint: e.fingerprint as string | undefined, operation: e.operation as string | undefined, reason: String(e.reason ?? ''), expires });
  });
  if (problems.length) throw new DiffInputError(problems.join('\n'));
  return out;
}

/** Splits changes into kept and ignored; notes say which entries expired or matched nothing. */
export function applyIgnore(changes: Change[], entries: IgnoreEntry[], now: Date, pointersOf?: (c: Change) => string[]): { kept: Change[]; ignored: IgnoredChange[]; notes: string[] } {
  const notes: string[] = [];
  if (!entries.length) return { kept: changes, ignored: [], notes };
  const active: IgnoreEntry[] = [];
  for (const e of entries) {
    // An entry applies through the whole day it expires on.
    const expiry = e.expires !== undefined ? parseSunset(e.expires) : undefined;
    if (expiry !== undefined && expiry + 24 * 3600 * 1000 <= now.getTime()) {
      const matches = changes.filter((c) => matchesEntry(c, e, pointersOf)).length;
      notes.push(`Ignore entry ${e.id} at ${e.pointer ?? e.fingerprint} expired on ${e.expires}${matches ? `; its change${matches > 1 ? 's are' : ' is'} reported again` : ' (and matches nothing any more: remove it)'}.`);
    } else active.push(e);
  }
  const used = new Set<IgnoreEntry>();
  const kept: Change[] = [];
  const ignored: IgnoredChange[] = [];
  for (const c of changes) {
    const entry = active.find((e) => matchesEntry(c, e, pointersOf));
    if (entry) {
      used.add(entry);
      ignored.push({ change: c, reason: entry.reason, ...(entry.expires ? { expires: entry.expires } : {}) });
    } else kept.push(c);
  }
  for (const e of active) if (!used.has(e)) notes.push(`Ignore entry ${e.id} at ${e.pointer ?? e.fingerprint} matched no change: remove it.`);
  return { kept, ignored, notes };
}

function matchesEntry(c: Change, e: IgnoreEntry, pointersOf?: (c: Change) => string[]): boolean {
  if (e.id !== c.id) return false;
  if (e.fingerprint !== undefined && e.fingerprint !== c.fingerprint) return false;
  if (e.operation !== undefined && !c.operations.includes(e.operation) && c.operation !== e.operation) return false;
  if (e.pointer !== undefined) {
    const pointers = pointersOf ? pointersOf(c) : [c.pointer];
    if (!pointers.includes(e.pointer)) return false;
  }
  return true;
}
