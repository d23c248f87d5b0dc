/**
 * Security from the spec: which credentials an operation accepts (from its requirements and the security
 * schemes), how they are read from the request, and whether the principal `authenticate` returned
 * satisfies one of the requirement alternatives.
 *
 * Scheme semantics: http `bearer` is a token that identifies an application (an `app` principal);
 * `oauth2`/`openIdConnect` is a bearer token acting for a user, whose scopes are checked; http `oauth` is
 * OAuth 1.0a acting for a user; http `basic` and `apiKey` are accepted as given. Labels in messages are the
 * spec's (`x-auth-label`), from the table.
 */
import type { ApiTable, Credentials, Principal, TableOperation, TableSecurityScheme } from './types.js';

export type CredentialKind = Credentials['scheme'];

export interface AuthPlan {
  /** No requirement at all: `authenticate` is never called. */
  none: boolean;
  /** An empty alternative makes credentials optional. */
  optional: boolean;
  /** Authorization schemes the operation can use. */
  kinds: Set<CredentialKind>;
  apiKeys: { name: string; in: 'query' | 'header' | 'cookie' }[];
  /** `WWW-Authenticate` challenges for 401 answers. */
  challenges: string;
  /** Labels of the accepted authentication types, for 403 messages. */
  labels: string[];
  alternatives: { scheme: TableSecurityScheme; scopes: string[] }[][];
  /** Every scheme of the spec, to name credentials the operation does not accept. */
  schemes: TableSecurityScheme[];
}

export function planAuth(op: TableOperation, table: ApiTable): AuthPlan {
  const plan: AuthPlan = {
    none: op.security.length === 0,
    optional: false,
    kinds: new Set(),
    apiKeys: [],
    challenges: '',
    labels: [],
    alternatives: [],
    schemes: Object.values(table.securitySchemes),
  };
  const challenges = new Set<string>();
  for (const requirement of op.security) {
    const names = Object.keys(requirement);
    if (names.length === 0) plan.optional = true;
    const alternative: { scheme: TableSecurityScheme; scopes: string[] }[] = [];
    for (const name of names) {
      const scheme = table.securitySchemes[name];
      if (!scheme) continue;
      alternative.push({ scheme, scopes: requirement[name] ?? [] });
      if (!plan.labels.includes(scheme.label)) plan.labels.push(scheme.label);
      const kind = credentialKind(scheme);
      if (kind) plan.kinds.add(kind);
      if (kind === 'bearer') challenges.add('Bearer');
      else if (kind === 'oauth1') challenges.add('OAuth');
      else if (kind === 'basic') challenges.add('Basic');
      else if (kind === 'apiKey' && scheme.parameterName && scheme.in)
        plan.apiKeys.push({ name: scheme.parameterName, in: scheme.in });
    }
    if (names.length > 0) plan.alternatives.push(alternative);
  }
  plan.challenges = [...challenges].join(', ');
  return plan;
}

function credentialKind(scheme: TableSecurityScheme): CredentialKind | undefined {
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'bearer';
  if (scheme.type === 'apiKey') return 'apiKey';
  if (scheme.type === 'http') {
    if (scheme.scheme === 'bearer') return 'bearer';
    if (scheme.scheme === 'oauth') return 'oauth1';
    if (scheme.scheme === 'basic') return 'basic';
  }
  return undefined;
}

const TOKEN68 = /^[\x21-\x7e]+$/;

/** `Authorization: OAuth k="v", ...` → percent-decoded parameters, or undefined when malformed. */
export function parseOAuth1(text: string): Record<string, string> | undefined {
  const params: Record<string, string> = Object.create(null);
  const re = /\s*([A-Za-z0-9_.-]+)\s*=\s*"([^"]*)"\s*(?:,|$)/y;
  let index = 0;
  let count = 0;
  while (index < text.length) {
    re.lastIndex = index;
    const m = re.exec(text);
    if (!m) return undefined;
    index = re.lastIndex;
    let value: string;
    try {
      value = decodeURIComponent(m[2]!);
    } catch {
      return undefined;
    }
    if (m[1] === '__proto__') return undefined;
    params[m[1]!] = value;
    count++;
  }
  if (count === 0 || !Object.keys(params).some((k) => k.startsWith('oauth_'))) return undefined;
  return { ...params };
}

function decodeBase64(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export type CredentialRead = { credentials: Credentials } | { absent: true } | { unusable: string };

/** What the request carried for this operation. */
export function readCredentials(
  plan: AuthPlan,
  authorization: string | null,
  lookup?: {
    query: (name: string) => string | undefined;
    header: (name: string) => string | null;
    cookie: (name: string) => string | undefined;
  },
): CredentialRead {
  if (authorization !== null) {
    const text = authorization.trim();
    const space = text.indexOf(' ');
    const scheme = (space === -1 ? text : text.slice(0, space)).toLowerCase();
    const rest = space === -1 ? '' : text.slice(space + 1).trim();
    if (scheme === 'bearer' && plan.kinds.has('bearer')) {
      return TOKEN68.test(rest)
        ? { credentials: { scheme: 'bearer', token: rest } }
        : { unusable: 'The bearer token is malformed' };
    }
    if (scheme === 'oauth' && plan.kinds.has('oauth1')) {
      const params = parseOAuth1(rest);
      return params
        ? { credentials: { scheme: 'oauth1', params } }
        : { unusable: 'The OAuth 1.0a Authorization header is malformed' };
    }
    if (scheme === 'basic' && plan.kinds.has('basic')) {
      const decoded = decodeBase64(rest);
      const colon = decoded?.indexOf(':') ?? -1;
      if (decoded === undefined || colon === -1) return { unusable: 'The Basic credentials are malformed' };
      return {
        credentials: { scheme: 'basic', username: decoded.slice(0, colon), password: decoded.slice(colon + 1) },
      };
    }
    if (plan.apiKeys.length === 0) return { unusable: 'The Authorization scheme is not supported here' };
  }
  for (const key of lookup ? plan.apiKeys : []) {
    const value =
      key.in === 'query'
        ? lookup!.query(key.name)
        : key.in === 'header'
          ? (lookup!.header(key.name.toLowerCase()) ?? undefined)
          : lookup!.cookie(key.name);
    if (value) return { credentials: { scheme: 'apiKey', name: key.name, in: key.in, value } };
  }
  return authorization !== null ? { unusable: 'The Authorization scheme is not supported here' } : { absent: true };
}

export type AuthCheck =
  { ok: true } | { ok: false; reason: 'scopes'; missing: string[] } | { ok: false; reason: 'kind'; presented: string };

function satisfiesKind(scheme: TableSecurityScheme, credentials: Credentials, principal: Principal): boolean {
  switch (credentialKind(scheme)) {
    case 'bearer':
      return credentials.scheme === 'bearer' && principal.kind === (scheme.type === 'http' ? 'app' : 'user');
    case 'oauth1':
      return credentials.scheme === 'oauth1' && principal.kind === 'user';
    case 'basic':
      return credentials.scheme === 'basic';
    case 'apiKey':
      return credentials.scheme === 'apiKey' && credentials.name === scheme.parameterName;
    default:
      return false;
  }
}

/** Does the principal satisfy one alternative? Otherwise: the fewest missing scopes, or a kind mismatch. */
export function checkPrincipal(plan: AuthPlan, credentials: Credentials, principal: Principal): AuthCheck {
  if (plan.optional && plan.alternatives.length === 0) return { ok: true };
  let fewest: string[] | undefined;
  for (const alternative of plan.alternatives) {
    let kindOk = true;
    const missing: string[] = [];
    for (const { scheme, scopes } of alternative) {
      if (!satisfiesKind(scheme, credentials, principal)) {
        kindOk = false;
        break;
      }
      if (principal.kind === 'user' && scopes.length) {
        for (const scope of scopes) if (!principal.scopes.includes(scope)) missing.push(scope);
      }
    }
    if (!kindOk) continue;
    if (missing.length === 0) return { ok: true };
    if (!fewest || missing.length < fewest.length) fewest = missing;
  }
  if (plan.optional) return { ok: true };
  if (fewest) return { ok: false, reason: 'scopes', missing: fewest };
  return { ok: false, reason: 'kind', presented: presentedLabel(plan, credentials, principal) };
}

/** The label of the spec's scheme the credentials and principal fit, else a name from the credentials. */
function presentedLabel(plan: AuthPlan, credentials: Credentials, principal: Principal): string {
  const fitting = plan.schemes.find((scheme) => satisfiesKind(scheme, credentials, principal));
  if (fitting) return fitting.label;
  switch (credentials.scheme) {
    case 'bearer':
      return 'a bearer token';
    case 'oauth1':
      return 'OAuth 1.0a';
    case 'basic':
      return 'HTTP Basic';
    default:
      return 'an API key';
  }
}
