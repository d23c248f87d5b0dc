/**
 * Security: requirements (a list of alternatives, each a set of schemes that must all hold, with scopes)
 * per operation and for the document, and the scheme definitions. Operations that inherit the document's
 * requirement on both sides are compared once, at `/security`, with all of them listed.
 */
import { appendPointer, getAtPointer } from '../load/pointer.ts';
import type { OperationModel, SecurityRequirement, SecuritySchemeModel } from '../model/types.ts';
import { DOCUMENT, type DiffContext, type OpScope, type Scope, type SharedScope } from './context.ts';
import { canonical } from './schema/canonical.ts';

function inherits(dc: DiffContext, side: 'base' | 'head', op: OperationModel): boolean {
  const doc = (side === 'base' ? dc.base : dc.head).spec.document;
  return getAtPointer(doc, appendPointer(op.pointer, 'security')) === undefined;
}

export function compareOperationSecurity(dc: DiffContext, scope: OpScope, a: OperationModel, b: OperationModel): void {
  if (inherits(dc, 'base', a) && inherits(dc, 'head', b)) {
    globalScope(dc).parents.add(scope);
    return;
  }
  const pa = inherits(dc, 'base', a) ? '/security' : appendPointer(a.pointer, 'security');
  const pb = inherits(dc, 'head', b) ? '/security' : appendPointer(b.pointer, 'security');
  compareRequirements(dc, scope, scope.label, a.security, b.security, pa, pb, dc.scheme);
}

/** The document's own requirement, reached by every operation that inherits it on both sides. */
function globalScope(dc: DiffContext): SharedScope {
  let scope = dc.shared.get('security');
  if (!scope) {
    scope = { kind: 'shared', key: 'security', label: 'document security', component: null, parents: new Set(), typeNames: [] };
    dc.shared.set('security', scope);
  }
  return scope;
}

export function compareDocumentSecurity(dc: DiffContext): void {
  const scope = globalScope(dc);
  compareRequirements(dc, scope, 'document security (inherited by operations without their own)', dc.base.model.security, dc.head.model.security, '/security', '/security', dc.scheme);
}

function describe(alternative: SecurityRequirement): string {
  const names = Object.keys(alternative);
  if (!names.length) return 'no authentication';
  return names.map((n) => (alternative[n].length ? `${n} (${alternative[n].join(', ')})` : n)).join(' + ');
}

function altKey(alternative: SecurityRequirement, rename: (name: string) => string): string {
  return Object.keys(alternative).map(rename).sort().join('+');
}

function compareRequirements(dc: DiffContext, scope: Scope, label: string, a: SecurityRequirement[], b: SecurityRequirement[], pa: string, pb: string, rename: (name: string) => string): void {
  const add = (id: string, message: string, detail?: string): void => dc.add({ id, message: `${label}: ${message}`, scope, basePtr: pa, headPtr: pb, where: 'security', detail });
  const publicA = a.length === 0 || a.some((r) => Object.keys(r).length === 0);
  const publicB = b.length === 0 || b.some((r) => Object.keys(r).length === 0);
  if (publicA && !publicB) {
    add('api-security-added', `authentication is now required (${b.map(describe).join(' or ')}) — anonymous calls will be rejected`);
    return;
  }
  if (!publicA && publicB) {
    add('api-security-removed', `authentication is no longer required (was ${a.map(describe).join(' or ')})`);
    return;
  }
  const altsA = new Map(a.filter((r) => Object.keys(r).length).map((r) => [altKey(r, rename), r]));
  const altsB = new Map(b.filter((r) => Object.keys(r).length).map((r) => [altKey(r, rename), r]));
  const removed = [...altsA.keys()].filter((k) => !altsB.has(k));
  const added = [...altsB.keys()].filter((k) => !altsA.has(k));
  // A scheme ANDed into (or dropped from) an alternative.
  for (const r of [...removed]) {
    const schemesR = new Set(r.split('+'));
    const grown = added.find((n) => n.split('+').length > schemesR.size && [...schemesR].every((s) => n.split('+').includes(s)));
    const shrunk = added.find((n) => n.split('+').length < schemesR.size && n.split('+').every((s) => schemesR.has(s)));
    const n = grown ?? shrunk;
    if (!n) continue;
    removed.splice(removed.indexOf(r), 1);
    added.splice(added.indexOf(n), 1);
    const extra = grown ? n.split('+').filter((s) => !schemesR.has(s)) : [...schemesR].filter((s) => !n.split('+').includes(s));
    if (grown) add('api-security-added', `the requirement ${describe(altsA.get(r)!)} now also needs ${extra.join(' + ')} — clients authenticating the old way will be rejected`, n);
    else add('api-security-removed', `the requirement ${describe(altsA.get(r)!)} no longer needs ${extra.join(' + ')}`, n);
    compareScopes(add, altsA.get(r)!, altsB.get(n)!, rename);
  }
  for (const k of added) add('api-security-alternative-added', `new way to authenticate: ${describe(altsB.get(k)!)}`, k);
  for (const k of removed) add('api-security-alternative-removed', `authenticating with ${describe(altsA.get(k)!)} is no longer accepted — clients using it will be rejected`, k);
  for (const [k, rb] of altsB) {
    const ra = altsA.get(k);
    if (ra) compareScopes(add, ra, rb, rename);
  }
}

function compareScopes(add: (id: string, message: string, detail?: string) => void, a: SecurityRequirement, b: SecurityRequirement, rename: (name: string) => string): void {
  const byName = new Map(Object.entries(a).map(([n, s]) => [rename(n), s]));
  for (const [name, scopesB] of Object.entries(b)) {
    const scopesA = byName.get(name);
    if (!scopesA) continue;
    for (const s of scopesB) if (!scopesA.includes(s)) add('api-security-scope-added', `${name} now requires scope \`${s}\` — tokens without it will be rejected`, `${name}:${s}`);
    for (const s of scopesA) if (!scopesB.includes(s)) add('api-security-scope-removed', `${name} no longer requires scope \`${s}\``, `${name}:${s}`);
  }
}

/** Scheme definitions; fills `dc.scheme` with base-name → head-name for renamed schemes. */
export function compareSecuritySchemes(dc: DiffContext): void {
  const sa = new Map(dc.base.model.securitySchemes.map((s) => [s.name, s]));
  const sb = new Map(dc.head.model.securitySchemes.map((s) => [s.name, s]));
  const add = (id: string, message: string, a?: SecuritySchemeModel, b?: SecuritySchemeModel, detail?: string): void =>
    dc.add({ id, message, scope: DOCUMENT, basePtr: a?.pointer, headPtr: b?.pointer, anchorPtr: b ? undefined : '/components', where: `scheme|${b?.name ?? a?.name}`, detail });
  const definition = (s: SecuritySchemeModel): string => canonical({ ...s, name: undefined, pointer: undefined, description: undefined, deprecated: undefined, extensions: undefined });
  const removed = [...sa.keys()].filter((n) => !sb.has(n));
  const added = [...sb.keys()].filter((n) => !sa.has(n));
  const renames = new Map<string, string>();
  for (const r of removed) {
    const n = added.find((x) => definition(sb.get(x)!) === definition(sa.get(r)!));
    if (!n) continue;
    added.splice(added.indexOf(n), 1);
    renames.set(r, n);
    add('security-scheme-renamed', `security scheme \`${r}\` was renamed to \`${n}\` (same definition)`, sa.get(r), sb.get(n));
  }
  dc.scheme = (name: string) => renames.get(name) ?? name;
  for (const n of added) add('security-scheme-added', `security scheme \`${n}\` (${sb.get(n)!.type}) was added`, undefined, sb.get(n));
  // A scheme no requirement named authenticated nothing: removing it is tidying up, not a change to clients.
  const used = new Set([...dc.base.model.security, ...dc.base.model.operations.flatMap((op) => op.security)].flatMap((requirement) => Object.keys(requirement)));
  for (const r of removed) {
    if (renames.has(r)) continue;
    if (used.has(r)) add('security-scheme-removed', `security scheme \`${r}\` (${sa.get(r)!.type}) was removed — clients configured with it can no longer authenticate`, sa.get(r));
    else add('security-scheme-removed-unused', `security scheme \`${r}\` (${sa.get(r)!.type}) was removed; no operation required it`, sa.get(r));
  }
  for (const [name, b] of sb) {
    const a = sa.get(name);
    if (!a) continue;
    const where = `security scheme \`${name}\``;
    if (b.deprecated && !a.deprecated) add('security-scheme-deprecated', `${where} is now deprecated — move clients to another scheme`, a, b);
    if (a.type !== b.type) {
      add('security-scheme-type-changed', `${where}: type changed from ${a.type} to ${b.type} — clients authenticate differently`, a, b);
      continue;
    }
    if (a.type === 'http' && a.scheme !== b.scheme) add('security-scheme-http-scheme-changed', `${where}: HTTP scheme changed from ${a.scheme} to ${b.scheme}`, a, b);
    if (a.type === 'http' && a.bearerFormat !== b.bearerFormat) add('security-scheme-bearer-format-changed', `${where}: bearerFormat changed from ${a.bearerFormat ?? 'none'} to ${b.bearerFormat ?? 'none'}`, a, b);
    if (a.type === 'apiKey' && (a.in !== b.in || a.parameterName !== b.parameterName)) add('security-scheme-api-key-changed', `${where}: the key is now sent as ${b.in} \`${b.parameterName}\` instead of ${a.in} \`${a.parameterName}\``, a, b);
    if (a.type === 'openIdConnect' && a.openIdConnectUrl !== b.openIdConnectUrl) add('security-scheme-openid-url-changed', `${where}: openIdConnectUrl changed from ${a.openIdConnectUrl} to ${b.openIdConnectUrl}`, a, b);
    if (a.type === 'oauth2') {
      if (a.oauth2MetadataUrl !== b.oauth2MetadataUrl) add('security-scheme-oauth-metadata-url-changed', `${where}: oauth2MetadataUrl changed from ${a.oauth2MetadataUrl ?? 'none'} to ${b.oauth2MetadataUrl ?? 'none'}`, a, b);
      const fa = a.flows ?? {};
      const fb = b.flows ?? {};
      for (const flow of Object.keys(fb)) if (!(flow in fa)) add('security-scheme-oauth-flow-added', `${where}: OAuth flow ${flow} was added`, a, b, flow);
      for (const flow of Object.keys(fa)) if (!(flow in fb)) add('security-scheme-oauth-flow-removed', `${where}: OAuth flow ${flow} was removed — clients using it can no longer get tokens`, a, b, flow);
      for (const flow of Object.keys(fb)) {
        const x = fa[flow];
        const y = fb[flow];
        if (!x) continue;
        for (const url of ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
          if (x[url] !== y[url]) add('security-scheme-oauth-url-changed', `${where}: ${flow} ${url} changed from ${x[url] ?? 'none'} to ${y[url] ?? 'none'}`, a, b, `${flow}.${url}`);
        }
        for (const s of Object.keys(y.scopes)) if (!(s in x.scopes)) add('security-scheme-oauth-scope-added', `${where}: ${flow} scope \`${s}\` was defined`, a, b, `${flow}:${s}`);
        for (const s of Object.keys(x.scopes)) if (!(s in y.scopes)) add('security-scheme-oauth-scope-removed', `${where}: ${flow} scope \`${s}\` is no longer defined — tokens requested with it may be refused`, a, b, `${flow}:${s}`);
      }
    }
  }
}
