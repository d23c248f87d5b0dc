/** Helpers shared by the output formats. */
import { LEVEL_RANK, type Change, type ChangeLocation, type DiffResult, type Level } from '../types.ts';

export function where(loc: ChangeLocation | null): string {
  if (!loc) return '';
  return `${loc.ref ? `${loc.ref}:` : ''}${loc.file}:${loc.line}:${loc.column}`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : word.endsWith('s') ? 'es' : 's'}`;
}

export function countsLine(result: DiffResult): string {
  const s = result.summary;
  const parts = [plural(s.breaking, 'breaking change'), plural(s.warning, 'warning'), `${s.info} info`];
  if (s.ignored) parts.push(`${s.ignored} ignored`);
  return parts.join(', ');
}

/** Heading of the group a change is shown under: its operation, the shared schema, or the document. */
export function groupOf(c: Change): string {
  if (c.operation) return c.operation;
  if (c.component) return `schema ${c.component}`;
  return 'document';
}

export interface Group {
  title: string;
  kind: 'operation' | 'schema' | 'document';
  changes: Change[];
  /** Most severe level in the group. */
  level: Level;
  operations: string[];
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE', 'QUERY'];

/** Changes grouped for display: groups with breaking changes first, then warnings, then info; operations before schemas before the document. */
export function groups(changes: Change[]): Group[] {
  const map = new Map<string, Group>();
  for (const c of changes) {
    const title = groupOf(c);
    let g = map.get(title);
    if (!g) {
      g = { title, kind: c.operation ? 'operation' : c.component ? 'schema' : 'document', changes: [], level: c.level, operations: [] };
      map.set(title, g);
    }
    g.changes.push(c);
    if (LEVEL_RANK[c.level] < LEVEL_RANK[g.level]) g.level = c.level;
    for (const op of c.operations) if (!g.operations.includes(op)) g.operations.push(op);
  }
  const kindRank = { operation: 0, schema: 1, document: 2 };
  // Operations by path, then method, as a reader of the spec expects.
  const sortKey = (g: Group): string => {
    if (g.kind !== 'operation') return g.title;
    const space = g.title.indexOf(' ');
    return `${g.title.slice(space + 1)}\0${String(METHODS.includes(g.title.slice(0, space)) ? METHODS.indexOf(g.title.slice(0, space)) : METHODS.length).padStart(2, '0')}`;
  };
  return [...map.values()].sort((a, b) => LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || kindRank[a.kind] - kindRank[b.kind] || (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}

export function exportsLine(result: DiffResult): string {
  const { methods, types } = result.summary.exports;
  const part = (name: string, d: { added: string[]; removed: string[]; changed: string[] }): string => `${name} +${d.added.length} −${d.removed.length} ~${d.changed.length}`;
  return `${part('client methods/handlers', methods)}; ${part('types', types)}`;
}
