/**
 * `model`: from a loaded (bundled, validated) document to the normalized ApiModel every emitter reads.
 * All problems found on the way are collected and thrown together as a SpecError; warnings are returned.
 */
import path from 'node:path';
import { baseUrlOf, fileOfUrl } from '../load/remote.ts';
import { SpecError, sortDiagnostics, type Diagnostic } from '../load/diagnostics.ts';
import { appendPointer, getAtPointer, parsePointer, toPointer } from '../load/pointer.ts';
import { problemShapeWarnings } from './facts/problem-shape.ts';
import type { LoadedSpec } from '../load/index.ts';
import { NamePlanner } from './naming.ts';
import { normalizeSchema, type SchemaContext } from './schema-normalize.ts';
import { buildOperations } from './operations.ts';
import { buildWebhooks, webhookFacts } from './webhooks.ts';
import { buildSecuritySchemes, normalizeSecurity } from './security.ts';
import { buildLimits } from './limits.ts';
import { findAliasCycles } from './cycles.ts';
import { inferPagination } from './pagination.ts';
import { dropMalformedDiscriminators } from './discriminators.ts';
import { buildTags } from './tags.ts';
import type { ApiModel, Discriminator, NamedSchema, ServerModel } from './types.ts';
import { extensionsOf, isRecord, str } from './values.ts';

export interface BuildResult {
  model: ApiModel;
  warnings: Diagnostic[];
}

/** Words of a pointer that say where a schema sits rather than what it is. */
const STRUCTURAL = new Set([
  'properties', 'patternProperties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else',
  'content', 'schema', 'schemas', 'components', 'paths', 'responses', 'requestBody', 'requestBodies', 'parameters',
  'headers', '$defs', 'definitions', 'additionalProperties', 'get', 'put', 'post', 'delete', 'options', 'head',
  'patch', 'trace', 'default', 'webhooks', 'callbacks', 'additionalOperations',
]);

/** Pointer segments that can only lead to a schema (used to find hoist targets before normalizing). */
const SCHEMA_PATH = /\/(schema|schemas|properties|items|allOf|anyOf|oneOf|not|additionalProperties|\$defs|definitions|prefixItems|patternProperties)(\/|$)/;

export interface BuildOptions {
  /** Problem codes reported as warnings instead of errors (a spec review compares an imperfect spec; `diff` passes these). */
  warnOnly?: ReadonlySet<string>;
}

export function buildModel(spec: LoadedSpec, options: BuildOptions = {}): BuildResult {
  const doc = spec.document;
  const diagnostics: Diagnostic[] = [];
  // A shared definition (a component parameter used by several operations) is normalized at every use; its
  // problems are reported once.
  const reported = new Set<string>();
  const report: SchemaContext['report'] = (d) => {
    const key = `${d.code}\0${d.pointer ?? ''}\0${d.message}`;
    if (reported.has(key)) return;
    reported.add(key);
    const severity = options.warnOnly?.has(d.code) ? { severity: 'warning' as const } : {};
    diagnostics.push({ severity: 'error', ...d, ...severity } as Diagnostic);
  };
  /** The diagnostics with their places in the source, located together (a JSON spec's text is scanned once). */
  const placed = (): Diagnostic[] => {
    const locations = spec.locateAll(diagnostics.flatMap((d) => (d.pointer !== undefined ? [d.pointer] : [])));
    let next = 0;
    return sortDiagnostics(diagnostics.map((d) => {
      if (d.pointer === undefined) return d;
      const loc = locations[next++];
      return { ...d, file: loc.file, line: loc.line, column: loc.column, pointer: loc.pointer };
    }));
  };

  const components = isRecord(doc.components) ? doc.components : {};
  const rawSchemas = isRecord(components.schemas) ? components.schemas : {};
  const componentKeys = Object.keys(rawSchemas);
  const componentKeySet = new Set(componentKeys);
  const takenKeys = new Set(componentKeys);
  const hoisted = new Map<string, string>(); // definition pointer → key
  const queue: string[] = [];

  const deriveKey = (target: string): string => {
    const origin = spec.origin(target);
    const file = path.basename(origin.file).replace(/\.(ya?ml|json)$/i, '');
    const segments = parsePointer(target);
    const meaningful = parsePointer(origin.pointer).filter((s) => !STRUCTURAL.has(s) && !/^\d+$/.test(s) && !s.includes('/'));
    let base: string;
    if (origin.pointer === '' && origin.file !== spec.rootFile) base = file;
    else if (segments[0] === 'components' && segments[1] === 'schemas' && segments.length > 2) {
      const rest = segments.slice(3).filter((s) => !STRUCTURAL.has(s) && !/^\d+$/.test(s));
      base = `${segments[2]}_${rest.at(-1) ?? 'item'}`;
    } else base = meaningful.at(-1) ?? (origin.file !== spec.rootFile ? file : segments.filter((s) => !STRUCTURAL.has(s) && !s.includes('/')).at(-1) ?? 'Schema');
    let key = base;
    for (let i = 2; takenKeys.has(key); i++) key = `${base}${i}`;
    takenKeys.add(key);
    return key;
  };

  const hoist = (target: string): string => {
    let key = hoisted.get(target);
    if (key === undefined) {
      key = deriveKey(target);
      hoisted.set(target, key);
      queue.push(target);
    }
    return key;
  };

  const discriminators = new Map<Discriminator, string>();
  const ctx: SchemaContext = {
    version: spec.version,
    document: doc,
    keyForTarget(target, from) {
      const segments = parsePointer(target);
      if (segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas' && componentKeySet.has(segments[2])) return segments[2];
      if (getAtPointer(doc, segments) === undefined) {
        report({ code: 'ref-unresolved', pointer: from, message: `unresolvable $ref "#${target}": nothing at that location` });
        return undefined;
      }
      return hoist(target);
    },
    hoistedAt: (pointer) => hoisted.get(pointer),
    resolveRelative(ref, fromPointer) {
      const origin = spec.origin(fromPointer);
      let url: URL;
      try {
        url = new URL(ref, baseUrlOf(origin.file));
      } catch {
        return undefined;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      url.hash = '';
      const target = spec.bundledPointerOf(fileOfUrl(url), fragment);
      return target !== undefined && getAtPointer(doc, target) !== undefined ? target : undefined;
    },
    report,
    discriminatorWritten: (discriminator, pointer) => discriminators.set(discriminator, pointer),
  };

  // Hoist targets known up front, so their inline definition sites become references on the first pass.
  for (const target of schemaRefTargets(doc, (ref, pointer) => ctx.resolveRelative(ref, pointer))) {
    const segments = parsePointer(target);
    const isComponent = segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas';
    if (!isComponent && SCHEMA_PATH.test(target) && getAtPointer(doc, segments) !== undefined) hoist(target);
  }

  const planner = new NamePlanner();
  const schemas: NamedSchema[] = componentKeys.map((key) => {
    const pointer = toPointer(['components', 'schemas', key]);
    return { key, typeName: planner.schemaTypeName(key), pointer, synthetic: false, schema: normalizeSchema(rawSchemas[key], pointer, ctx, true) };
  });

  const operations = buildOperations(spec, ctx, planner, report);
  const webhooks = buildWebhooks(spec, ctx, planner, report, operations);
  for (let i = 0; i < queue.length; i++) {
    const pointer = queue[i];
    const key = hoisted.get(pointer)!;
    schemas.push({ key, typeName: planner.schemaTypeName(key), pointer, synthetic: true, schema: normalizeSchema(getAtPointer(doc, pointer), pointer, ctx, true) });
  }

  const securitySchemes = buildSecuritySchemes(components.securitySchemes, spec, report);
  const rootSecurity = normalizeSecurity(doc.security, '/security', securitySchemes, report) ?? [];
  for (const op of operations) {
    const own = getAtPointer(doc, appendPointer(op.pointer, 'security'));
    op.security = own === undefined ? rootSecurity : normalizeSecurity(own, appendPointer(op.pointer, 'security'), securitySchemes, report) ?? [];
  }

  for (const cycle of findAliasCycles(schemas)) {
    report({ code: 'ref-cycle', pointer: cycle[0].pointer, message: `circular $ref that cannot be typed: ${cycle.map((s) => s.key).join(' → ')} → ${cycle[0].key} (each is only an alias or composition of the next; put the reference inside a property or array)` });
  }

  const info = isRecord(doc.info) ? doc.info : {};
  const model: ApiModel = {
    openapiVersion: spec.openapi,
    info: {
      title: str(info.title) ?? 'API',
      version: str(info.version) ?? '0.0.0',
      summary: str(info.summary),
      description: str(info.description),
      license: isRecord(info.license) && typeof info.license.name === 'string'
        ? { name: info.license.name, identifier: str(info.license.identifier), url: str(info.license.url) }
        : undefined,
      extensions: extensionsOf(info),
    },
    servers: buildServers(doc.servers),
    tags: buildTags(doc.tags, report),
    schemas,
    operations,
    securitySchemes,
    security: rootSecurity,
    limits: buildLimits(doc['x-limits'], planner, report),
    extensions: extensionsOf(doc),
    ...(webhooks.length ? { webhooks } : {}),
  };

  dropMalformedDiscriminators(model, discriminators, report);
  if (diagnostics.some((d) => d.severity === 'error')) throw new SpecError(placed());
  // Conventions need the facts, so they are recognized (and `x-pagination` checked) once the model is whole.
  inferPagination(model, report);
  if (diagnostics.some((d) => d.severity === 'error')) throw new SpecError(placed());
  webhookFacts(model, report);
  for (const w of problemShapeWarnings(model)) report({ code: 'problem-shape', severity: 'warning', ...w });
  return { model, warnings: placed() };
}

/**
 * Targets of every internal `$ref` in the document, in document order, and of every discriminator mapping
 * written as a reference: when the bundler has inlined a mapped branch (a split spec), hoisting it up front
 * makes the branch and the mapping name the same schema, so the union can still be discriminated.
 */
function schemaRefTargets(document: unknown, resolveMapping: (ref: string, discriminatorPointer: string) => string | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (target: string): void => {
    if (!seen.has(target)) {
      seen.add(target);
      out.push(target);
    }
  };
  const path: string[] = [];
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        path.push(String(i));
        walk(item);
        path.pop();
      });
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string' && record.$ref.startsWith('#')) add(toPointer(parsePointer(record.$ref)));
    if (isRecord(record.discriminator)) {
      const at = toPointer([...path, 'discriminator']);
      // The mapping's values and OAS 3.2's `defaultMapping`.
      const named = [...(isRecord(record.discriminator.mapping) ? Object.values(record.discriminator.mapping) : []), record.discriminator.defaultMapping];
      for (const value of named) {
        // Bare names are component names (see normalizeDiscriminator); references may be relative.
        if (typeof value !== 'string' || !(value.startsWith('#') || value.includes('/') || value.includes('.'))) continue;
        const target = resolveMapping(value, at);
        if (target !== undefined) add(target);
      }
    }
    for (const key of Object.keys(record)) {
      if (key === 'example' || key === 'examples' || key === 'default' || key === 'enum' || key === 'const') continue;
      path.push(key);
      walk(record[key]);
      path.pop();
    }
  };
  walk(document);
  return out;
}

function buildServers(value: unknown): ServerModel[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((s) => ({
    ...(typeof s.name === 'string' ? { name: s.name } : {}),
    url: String(s.url ?? '/'),
    description: str(s.description),
    variables: Object.fromEntries(
      Object.entries(isRecord(s.variables) ? s.variables : {}).filter(([, v]) => isRecord(v)).map(([name, v]) => {
        const variable = v as Record<string, unknown>;
        return [name, { default: String(variable.default ?? ''), enum: Array.isArray(variable.enum) ? variable.enum.map(String) : undefined, description: str(variable.description) }];
      }),
    ),
  }));
}
