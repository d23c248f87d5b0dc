/** Security schemes and requirements. */
import type { LoadedSpec } from '../load/index.ts';
import { appendPointer, toPointer } from '../load/pointer.ts';
import { deref } from './deref.ts';
import { extensionsOf, isRecord, str } from './values.ts';
import type { SchemaContext } from './schema-normalize.ts';
import type { SecurityRequirement, SecuritySchemeModel } from './types.ts';

const TYPES = new Set(['http', 'apiKey', 'oauth2', 'openIdConnect', 'mutualTLS']);

export function buildSecuritySchemes(value: unknown, spec: LoadedSpec, report: SchemaContext['report']): SecuritySchemeModel[] {
  if (!isRecord(value)) return [];
  const out: SecuritySchemeModel[] = [];
  for (const name of Object.keys(value)) {
    const pointer = toPointer(['components', 'securitySchemes', name]);
    const r = deref(spec.document, value[name], pointer);
    if ('error' in r) {
      report({ code: 'ref-unresolved', pointer: r.pointer, message: r.error });
      continue;
    }
    if (!isRecord(r.value) || !TYPES.has(String(r.value.type))) continue;
    const s = r.value;
    const flows: SecuritySchemeModel['flows'] = {};
    if (isRecord(s.flows)) {
      for (const [flow, f] of Object.entries(s.flows)) {
        if (!isRecord(f)) continue;
        flows[flow] = {
          authorizationUrl: str(f.authorizationUrl),
          deviceAuthorizationUrl: str(f.deviceAuthorizationUrl),
          tokenUrl: str(f.tokenUrl),
          refreshUrl: str(f.refreshUrl),
          scopes: isRecord(f.scopes) ? Object.fromEntries(Object.entries(f.scopes).map(([k, v]) => [k, String(v ?? '')])) : {},
        };
      }
    }
    out.push({
      name,
      type: s.type as SecuritySchemeModel['type'],
      description: str(s.description),
      deprecated: s.deprecated === true,
      scheme: typeof s.scheme === 'string' ? s.scheme.toLowerCase() : undefined,
      bearerFormat: str(s.bearerFormat),
      in: s.in === 'query' || s.in === 'header' || s.in === 'cookie' ? s.in : undefined,
      parameterName: str(s.name),
      flows: s.type === 'oauth2' ? flows : undefined,
      openIdConnectUrl: str(s.openIdConnectUrl),
      oauth2MetadataUrl: s.type === 'oauth2' ? str(s.oauth2MetadataUrl) : undefined,
      extensions: extensionsOf(s),
      pointer: r.pointer,
    });
  }
  return out;
}

/** A security requirement list, checked against the declared schemes; undefined when malformed. */
export function normalizeSecurity(value: unknown, pointer: string, schemes: SecuritySchemeModel[], report: SchemaContext['report']): SecurityRequirement[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    report({ code: 'security-invalid', pointer, message: 'security must be an array of requirement objects' });
    return undefined;
  }
  const known = new Set(schemes.map((s) => s.name));
  return value.map((requirement, i) => {
    const out: SecurityRequirement = {};
    if (!isRecord(requirement)) return out;
    for (const [name, scopes] of Object.entries(requirement)) {
      if (!known.has(name)) {
        report({ code: 'security-unknown-scheme', pointer: appendPointer(pointer, i, name), message: `security requirement names ${JSON.stringify(name)}, which is not in components.securitySchemes` });
        continue;
      }
      out[name] = Array.isArray(scopes) ? scopes.map(String) : [];
    }
    return out;
  });
}
