/** Document-level changes: servers, component schemas (generated types), `x-limits`, the OpenAPI version. */
import { toPointer } from '../load/pointer.ts';
import { DOCUMENT, type DiffContext } from './context.ts';
import { componentHash } from './schema/shape.ts';

export function compareDocument(dc: DiffContext): void {
  const { base, head } = dc;
  if (base.model.openapiVersion !== head.model.openapiVersion) {
    dc.add({ id: 'openapi-version-changed', message: `openapi version changed from ${base.model.openapiVersion} to ${head.model.openapiVersion}`, scope: DOCUMENT, basePtr: '/openapi', headPtr: '/openapi', where: 'openapi' });
  }
  compareServers(dc);
  compareLimits(dc);
}

function compareServers(dc: DiffContext): void {
  const sa = new Map(dc.base.model.servers.map((s, i) => [s.url, { s, i }]));
  const sb = new Map(dc.head.model.servers.map((s, i) => [s.url, { s, i }]));
  for (const [url, { i }] of sb) if (!sa.has(url)) dc.add({ id: 'server-added', message: `server ${url} was added`, scope: DOCUMENT, headPtr: toPointer(['servers', i]), where: 'servers', detail: url });
  for (const [url, { i }] of sa) if (!sb.has(url)) dc.add({ id: 'server-removed', message: `server ${url} was removed — clients configured with it break`, scope: DOCUMENT, basePtr: toPointer(['servers', i]), anchorPtr: '/servers', where: 'servers', detail: url });
  for (const [url, { s: b, i: ib }] of sb) {
    const found = sa.get(url);
    if (!found) continue;
    const { s: a, i: ia } = found;
    for (const [name, vb] of Object.entries(b.variables)) {
      const va = a.variables[name];
      if (!va) continue;
      const lost = (va.enum ?? []).filter((v) => vb.enum && !vb.enum.includes(v));
      if (va.default !== vb.default || lost.length) {
        dc.add({
          id: 'server-variable-changed',
          message: `server ${url} variable \`${name}\`: ${va.default !== vb.default ? `default changed from ${va.default} to ${vb.default}` : ''}${va.default !== vb.default && lost.length ? '; ' : ''}${lost.length ? `values ${lost.join(', ')} were removed` : ''}`,
          scope: DOCUMENT,
          basePtr: toPointer(['servers', ia, 'variables', name]),
          headPtr: toPointer(['servers', ib, 'variables', name]),
          where: 'servers',
          detail: `${url}|${name}`,
        });
      }
    }
  }
}

function compareLimits(dc: DiffContext): void {
  const la = new Map(dc.base.model.limits.map((l) => [l.name, l]));
  const lb = new Map(dc.head.model.limits.map((l) => [l.name, l]));
  for (const [name, l] of lb) if (!la.has(name)) dc.add({ id: 'limit-added', message: `limit \`${name}\` (${l.value}${l.unit ? ' ' + l.unit : ''}) was added; constant ${l.constantName}`, scope: DOCUMENT, headPtr: l.pointer, where: 'limits', detail: name, typeNames: [l.constantName] });
  for (const [name, l] of la) if (!lb.has(name)) dc.add({ id: 'limit-removed', message: `limit \`${name}\` was removed; constant ${l.constantName} disappears`, scope: DOCUMENT, basePtr: l.pointer, anchorPtr: '/x-limits', where: 'limits', detail: name, typeNames: [l.constantName] });
  for (const [name, b] of lb) {
    const a = la.get(name);
    if (!a) continue;
    if (a.bound !== b.bound) dc.add({ id: 'limit-bound-changed', message: `limit \`${name}\` ${boundPhrase(a.bound, 'was')} and ${boundPhrase(b.bound, 'is now')}`, scope: DOCUMENT, basePtr: a.pointer, headPtr: b.pointer, where: 'limits', detail: `${name}|bound`, typeNames: [b.constantName] });
    if (a.value === b.value) continue;
    dc.add({ id: b.value < a.value ? 'limit-decreased' : 'limit-increased', message: `limit \`${name}\` changed from ${a.value} to ${b.value}${b.unit ? ' ' + b.unit : ''}`, scope: DOCUMENT, basePtr: a.pointer, headPtr: b.pointer, where: 'limits', detail: name, typeNames: [b.constantName] });
  }
}

/** How a limit binds, for a message: `was a cap (at most)`, `is now a floor (at least)`. */
function boundPhrase(bound: 'cap' | 'floor' | 'range' | undefined, verb: string): string {
  if (bound === 'cap') return `${verb} a cap (at most its value)`;
  if (bound === 'floor') return `${verb} a floor (at least its value)`;
  if (bound === 'range') return `${verb} a range (between its min and max)`;
  return `${verb} binding no way (a price, a default or a threshold)`;
}

/**
 * Component schemas as generated types: added, removed, renamed (same shape under a new key), and changed
 * ones no operation reaches (those reached were compared where they are used).
 */
export function compareComponents(dc: DiffContext): void {
  const a = new Map(dc.base.model.schemas.filter((s) => !s.synthetic).map((s) => [s.key, s]));
  const b = new Map(dc.head.model.schemas.filter((s) => !s.synthetic).map((s) => [s.key, s]));
  const removed = [...a.keys()].filter((k) => !b.has(k));
  const added = [...b.keys()].filter((k) => !a.has(k));
  const byHash = new Map<string, string[]>();
  for (const k of added) {
    const h = componentHash(k, dc.head);
    byHash.set(h, [...(byHash.get(h) ?? []), k]);
  }
  const renamed = new Set<string>();
  for (const k of removed) {
    const candidates = byHash.get(componentHash(k, dc.base));
    const n = candidates?.shift();
    if (n === undefined) continue;
    renamed.add(k);
    renamed.add(n);
    const ta = a.get(k)!.typeName;
    const tb = b.get(n)!.typeName;
    dc.add({ id: 'schema-renamed', message: `schema \`${k}\` was renamed to \`${n}\` (same shape) — the generated type \`${ta}\` is now \`${tb}\``, scope: DOCUMENT, basePtr: a.get(k)!.pointer, headPtr: b.get(n)!.pointer, where: `schema|${k}`, typeNames: [tb] });
  }
  for (const k of added) {
    if (renamed.has(k)) continue;
    dc.add({ id: 'schema-added', message: `schema \`${k}\` was added (new generated type \`${b.get(k)!.typeName}\`)`, scope: DOCUMENT, headPtr: b.get(k)!.pointer, where: `schema|${k}`, typeNames: [b.get(k)!.typeName] });
  }
  for (const k of removed) {
    if (renamed.has(k)) continue;
    dc.add({ id: 'schema-removed', message: `schema \`${k}\` was removed (the generated type \`${a.get(k)!.typeName}\` disappears)`, scope: DOCUMENT, basePtr: a.get(k)!.pointer, anchorPtr: '/components/schemas', where: `schema|${k}` });
  }
  const usedBase = dc.usedComponents('base');
  const usedHead = dc.usedComponents('head');
  for (const [k, sb] of b) {
    const sa = a.get(k);
    // Only the component's own change: one that comes through a referenced schema is reported there.
    if (!sa || usedBase.has(k) || usedHead.has(k) || !dc.changedLocally.has(k)) continue;
    if (componentHash(k, dc.base) === componentHash(k, dc.head)) continue;
    dc.add({ id: 'schema-changed', message: `schema \`${k}\` changed; no operation uses it, so only the generated type \`${sb.typeName}\` is affected`, scope: DOCUMENT, basePtr: sa.pointer, headPtr: sb.pointer, where: `schema|${k}`, typeNames: [sb.typeName] });
  }
}

