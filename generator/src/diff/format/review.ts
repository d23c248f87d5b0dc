/**
 * The order and shape a reviewer reads changes in, shared by the markdown report and the changelog: the
 * changes that break most first (removed operations, new required input, type changes), widenings last;
 * the values one enum gained or lost at one place merged into one row; per-rule counts for the summary.
 */
import { LEVEL_RANK, type Change, type Level } from '../types.ts';
import { facetOf } from '../rules.ts';

/**
 * Facets that only widen what a value may be (or loosen a constraint): a new enum value, a dropped bound or
 * pattern, a new union alternative. They break clients that receive them, least of all.
 */
const WIDENING_FACETS = new Set([
  'enum-value-added',
  'extensible-enum-value-added',
  'enum-removed',
  'const-removed',
  'format-removed',
  'format-widened',
  'one-of-added',
  'any-of-added',
  'discriminator-mapping-added',
  'pattern-removed',
  'unique-items-removed',
  'contains-removed',
  'min-contains-decreased',
  'max-contains-increased',
  'multiple-of-removed',
  'property-names-removed',
  'pattern-property-removed',
  'dependent-schema-removed',
  'unevaluated-removed',
  'not-loosened',
  'all-of-removed',
]);

const BOUND_WIDENING = /^(max(-(length|items|properties))?-(increased|removed)|min(-(length|items|properties))?-(decreased|removed))$/;

/** Removed or moved operations and webhooks: every call breaks. */
const REMOVED_OPERATION = /^(endpoint-(removed|removed-before-sunset|moved)|webhook(-operation)?-removed)$/;

/** Input a client did not send before and must now: every existing call breaks. */
const NEW_REQUIRED_INPUT = /^(new-required-request-(parameter|property)|request-(parameter|property|body)-became-required|request-body-added-required|api-security-(added|scope-added|alternative-removed))$/;

/** Changes to what a value is: its type, its format, a property or parameter that is gone. */
const TYPE_CHANGE = /(-type-(changed|narrowed|widened)|-format-(changed|narrowed)|-const-(changed|added)|-became-(nullable|not-nullable|optional|enum|read-only|write-only)|-property-removed(-before-sunset)?|request-parameter-removed(-before-sunset)?|-location-changed|-content-changed|-style-changed|-explode-changed|-media-type-removed|-status-removed|-header-removed|-discriminator-property-changed|-one-of-ambiguous|request-body-removed)$/;

/**
 * How much a change breaks, smaller first: 0 removed operations, 1 new required input, 2 type changes and
 * removals, 3 other changes at the level, 4 widenings, 5 breaking on the wire but not for the generated API.
 */
export function impactRank(c: Change): number {
  if (c.api && LEVEL_RANK[c.api.level] > LEVEL_RANK[c.level]) return 5;
  const facet = facetOf(c.id)?.facet;
  if (facet !== undefined && (WIDENING_FACETS.has(facet) || BOUND_WIDENING.test(facet))) return 4;
  if (REMOVED_OPERATION.test(c.id)) return 0;
  if (NEW_REQUIRED_INPUT.test(c.id)) return 1;
  if (TYPE_CHANGE.test(c.id)) return 2;
  return 3;
}

/** One row of the review: a change, or the enum values one place gained (or lost) merged into one. */
export interface ReviewRow {
  /** The wire verdict. */
  level: Level;
  /** Where the row is listed: the more severe of the wire and the generated-API verdicts. */
  section: Level;
  /** The generated-API verdict when it differs (Change.api). */
  api?: Change['api'];
  id: string;
  message: string;
  operations: string[];
  changes: Change[];
  rank: number;
}

const ENUM_MESSAGE = /^(.*): (x-extensible-enum|enum) value (.+) was (added|removed)(.*)$/s;

/** The message without the operation label it starts with (the row names its operations). */
function withoutOperation(c: Change): string {
  const op = c.operations.length === 1 ? c.operations[0] : c.operation;
  return op && c.message.startsWith(`${op}: `) ? c.message.slice(op.length + 2) : c.message;
}

/**
 * The changes as review rows: by level, then impact, then operation. The same change in several operations
 * (a removed operation's sentence, a status added everywhere) is one row listing them; the values one enum
 * gained (or lost) at one place are one row.
 */
export function reviewRows(changes: Change[], options: { maxValues?: number } = {}): ReviewRow[] {
  const maxValues = options.maxValues ?? 12;
  const alike = new Map<string, ReviewRow>();
  for (const c of changes) {
    const message = withoutOperation(c);
    const key = [c.id, c.level, c.api?.level ?? '', message].join('\0');
    const known = alike.get(key);
    if (known) {
      known.changes.push(c);
      known.operations = [...new Set([...known.operations, ...c.operations])];
      continue;
    }
    const section = c.api && LEVEL_RANK[c.api.level] < LEVEL_RANK[c.level] ? c.api.level : c.level;
    alike.set(key, { level: c.level, section, ...(c.api ? { api: c.api } : {}), id: c.id, message, operations: c.operations, changes: [c], rank: impactRank(c) });
  }
  const rows: ReviewRow[] = [];
  const merged = new Map<string, { row: ReviewRow; head: string; keyword: string; verb: string; tail: string; values: string[] }>();
  for (const r of alike.values()) {
    const m = ENUM_MESSAGE.exec(r.message);
    if (!m) {
      rows.push(r);
      continue;
    }
    const key = [r.id, r.level, r.api?.level ?? '', m[1], m[5], r.operations.join(',')].join('\0');
    const known = merged.get(key);
    if (known) {
      known.values.push(m[3]);
      known.row.changes.push(...r.changes);
      continue;
    }
    merged.set(key, { row: r, head: m[1], keyword: m[2], verb: m[4], tail: m[5], values: [m[3]] });
    rows.push(r);
  }
  for (const { row, head, keyword, verb, tail, values } of merged.values()) {
    if (values.length === 1) continue;
    row.message = `${head}: ${values.length} ${keyword} values were ${verb}: ${capped(values, maxValues)}${tail}`;
  }
  return rows.sort((a, b) => LEVEL_RANK[a.section] - LEVEL_RANK[b.section] || a.rank - b.rank || cmp(a.operations[0] ?? '\uffff', b.operations[0] ?? '\uffff') || cmp(a.id, b.id) || cmp(a.message, b.message));
}

/** `a, b, c and 12 more`. */
export function capped(items: string[], max: number, join = ', '): string {
  if (items.length <= max) return items.join(join);
  return `${items.slice(0, max).join(join)} and ${items.length - max} more`;
}

/** Per level, the rules that fired and how often, most frequent first (ties by rule id). */
export function ruleCounts(changes: Change[]): Record<Level, Array<[string, number]>> {
  const out: Record<Level, Map<string, number>> = { breaking: new Map(), warning: new Map(), info: new Map() };
  for (const c of changes) out[c.level].set(c.id, (out[c.level].get(c.id) ?? 0) + 1);
  const sorted = (m: Map<string, number>): Array<[string, number]> => [...m].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]));
  return { breaking: sorted(out.breaking), warning: sorted(out.warning), info: sorted(out.info) };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
