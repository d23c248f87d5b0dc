/**
 * Read-only questions the client emitter asks of the model: which credentials an operation needs, which
 * limits apply to it, whether a parameter is a date, how each parameter is keyed in the call's argument.
 */
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel, ParameterModel, Schema, SecuritySchemeModel } from '../../model/types.ts';

/** The runtime's `AuthKind` (runtime/types.ts), as plain data. */
export type AuthKindData = 'bearer' | 'oauth2' | 'oauth1' | 'basic' | { apiKey: string; in: 'header' | 'query' | 'cookie'; name: string };

/** How the client satisfies one security scheme; `null` when it cannot (the alternative is dropped). */
export function authKindOf(scheme: SecuritySchemeModel | undefined): AuthKindData | 'transport' | null {
  if (!scheme) return null;
  switch (scheme.type) {
    case 'http':
      return scheme.scheme === 'bearer' ? 'bearer' : scheme.scheme === 'oauth' ? 'oauth1' : scheme.scheme === 'basic' ? 'basic' : null;
    case 'oauth2':
    case 'openIdConnect':
      return 'oauth2';
    case 'apiKey':
      return scheme.in && scheme.parameterName ? { apiKey: scheme.name, in: scheme.in, name: scheme.parameterName } : null;
    case 'mutualTLS':
      return 'transport'; // established by the TLS layer, nothing to send
    default:
      return null;
  }
}

/**
 * The operation's security as runtime alternatives. `[]` (no authentication) stays `[]`; alternatives the
 * client cannot satisfy are dropped (the caller can still send an `Authorization` header itself).
 */
export function securityAlternatives(model: ApiModel, op: OperationModel): { alternatives: AuthKindData[][]; unsupported: string[] } {
  const byName = new Map(model.securitySchemes.map((s) => [s.name, s]));
  const alternatives: AuthKindData[][] = [];
  const unsupported: string[] = [];
  for (const requirement of op.security) {
    const kinds: AuthKindData[] = [];
    let ok = true;
    for (const name of Object.keys(requirement)) {
      const kind = authKindOf(byName.get(name));
      if (kind === null) {
        ok = false;
        unsupported.push(name);
      } else if (kind !== 'transport') kinds.push(kind);
    }
    if (ok) alternatives.push(kinds);
  }
  return { alternatives, unsupported };
}

/** A human description of one scheme, for JSDoc. */
export function describeScheme(scheme: SecuritySchemeModel | undefined, name: string): string {
  const label = scheme?.extensions['x-auth-label'];
  // OAS 3.2 `deprecated` schemes say so wherever they are listed.
  const deprecated = scheme?.deprecated ? ', deprecated' : '';
  if (typeof label === 'string' && label) return `${label} (${name})${deprecated}`;
  const kind = authKindOf(scheme);
  const what =
    kind === 'bearer'
      ? 'bearer token'
      : kind === 'oauth2'
        ? 'OAuth 2.0'
        : kind === 'oauth1'
          ? 'OAuth 1.0a'
          : kind === 'basic'
            ? 'HTTP basic'
            : kind === 'transport'
              ? 'mutual TLS'
              : kind
                ? 'API key'
                : 'unsupported by this client';
  return `${what} (${name})${deprecated}`;
}

/** The limits that apply to an operation: `appliesTo` is the operationId or starts with it and a non-name character. */
export function limitsFor(model: ApiModel, op: OperationModel) {
  const id = op.operationId;
  return model.limits.filter((l) => {
    const a = l.appliesTo;
    return a !== undefined && a.startsWith(id) && !/[A-Za-z0-9_$]/.test(a.charAt(id.length));
  });
}

function decodePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `date-time` / `date` when the schema (or its array items, or every non-null union member) has that format. */
export function dateFormat(model: ApiModel, schema: Schema | undefined, depth = 0): 'date-time' | 'date' | undefined {
  const s = schema === undefined ? undefined : factsOf(model).target(schema);
  if (!s || typeof s !== 'object' || depth > 8) return undefined;
  if (s.format === 'date-time' || s.format === 'date') return s.format;
  if (s.items !== undefined) return dateFormat(model, s.items, depth + 1);
  const members = (s.anyOf ?? s.oneOf)?.filter((m) => !(typeof m === 'object' && m.type === 'null'));
  if (members?.length) {
    const formats = new Set(members.map((m) => dateFormat(model, m, depth + 1)));
    if (formats.size === 1) return [...formats][0];
  }
  return undefined;
}

export interface ArgParam {
  param: ParameterModel;
  /** Key in the call's argument: the spec name, or `<in>:<name>` when another location took the name. */
  key: string;
}

/** Argument keys for the operation's parameters: path first (model order), `body` reserved for the body. */
export function argumentKeys(op: OperationModel): ArgParam[] {
  const taken = new Set<string>(op.requestBody ? ['body'] : []);
  const out: ArgParam[] = [];
  for (const param of op.parameters) {
    let key = param.name;
    if (taken.has(key)) {
      key = `${param.in}:${param.name}`;
      for (let i = 2; taken.has(key); i++) key = `${param.in}:${param.name}${i}`;
    }
    taken.add(key);
    out.push({ param, key });
  }
  return out;
}

/** Declared success statuses, or `null` when a range (`2XX`) or none is declared (any number then). */
export function successStatuses(op: OperationModel): number[] | null {
  const statuses: number[] = [];
  for (const r of op.responses) {
    if (/^2\d\d$/.test(r.status)) statuses.push(Number(r.status));
    else if (/^2xx$/i.test(r.status)) return null;
  }
  return statuses.length ? statuses : null;
}

/** JSON pointer → reference tokens. */
export function pointerTokens(pointer: string): string[] {
  return pointer ? pointer.slice(1).split('/').map(decodePointer) : [];
}
