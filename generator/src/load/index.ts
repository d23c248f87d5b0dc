/**
 * `load`: read the root file, bundle split specs, check `$ref`s, validate against the OpenAPI meta-schema.
 * Returns the bundled document with a way back to source positions, or throws a SpecError listing every
 * problem found.
 */
import path from 'node:path';
import { resolveSchemaIds } from './schema-ids.ts';
import { SelfUris } from './self-uri.ts';
import { inlineMapRefs } from './map-refs.ts';
import { bundleSpec, hasExternalRefs, readThrough, type Origin, type ReadText } from './bundle.ts';
import { SpecError, sortDiagnostics, type Diagnostic, type SourceLocation } from './diagnostics.ts';
import { validateAgainstMetaSchema } from './meta-schema.ts';
import { escapeSegment, getAtPointer, parsePointer, toPointer } from './pointer.ts';
import { readSpecFileCached, type ParseCache } from './read.ts';
import type { SourceFile } from './source.ts';
import { patternWarnings } from './pattern-safety.ts';
import { baseUrlOf, isUrl, readRemoteFile, remoteReader, type RemoteOptions } from './remote.ts';


export { SpecError, formatDiagnostic, isSpecError, sortDiagnostics, type Diagnostic } from './diagnostics.ts';
export * from './pointer.ts';

export interface LoadOptions {
  /** Reads a file's text (for `git:REF:PATH` sides of a diff); defaults to the file system. */
  readText?: ReadText;
  /** Skip meta-schema validation (the diff of two specs still wants to compare an invalid one). */
  skipMetaSchema?: boolean;
  /**
   * Return meta-schema violations in `LoadedSpec.metaSchemaErrors` instead of throwing, so the caller can
   * add the model's own problems and report everything in one run. Syntax and `$ref` errors still throw:
   * without a whole document there is nothing to model.
   */
  deferMetaSchemaErrors?: boolean;
  /** Parsed files kept across loads (the watch): unchanged files are not parsed again. */
  parseCache?: ParseCache;
  /** Headers and timeout when the spec is a URL (remote.ts); unused for a local spec. */
  remote?: RemoteOptions;
}

export interface LoadedSpec {
  rootFile: string;
  /** The bundled document: all external `$ref`s replaced by internal ones. */
  document: Record<string, unknown>;
  /** `3.0` or `3.1` semantics (3.2 keeps 3.1's JSON Schema 2020-12; its own additions are read by version-free code). */
  version: '3.0' | '3.1';
  openapi: string;
  files: string[];
  /** File and in-file pointer of a bundled-document pointer. */
  origin(pointer: string): Origin;
  /**
   * Where the object written at `pointer` in `file` ended up in the bundled document (the inverse of
   * `origin`), for references the bundler does not rewrite, such as discriminator mappings.
   */
  bundledPointerOf(file: string, pointer: string): string | undefined;
  /** `origin` plus line and column. */
  locate(pointer: string): SourceLocation;
  /** `locate` of many pointers at once (a JSON file's text is scanned once for all of them). */
  locateAll(pointers: readonly string[]): SourceLocation[];
  /** Meta-schema violations, when `deferMetaSchemaErrors` was set (otherwise they are thrown). */
  metaSchemaErrors: Diagnostic[];
  /** Warnings (errors are thrown). */
  warnings: Diagnostic[];
}

export async function loadSpec(specPath: string, options: LoadOptions = {}): Promise<LoadedSpec> {
  // A URL stays a URL: its files are named by their URLs in the bundle, in diagnostics and in `files`.
  const remote = isUrl(specPath) ? remoteReader(specPath, options.remote) : undefined;
  const rootFile = remote ? specPath : path.resolve(specPath);
  const root = remote ? await readRemoteFile(rootFile, remote) : options.readText ? readThrough(rootFile, options.readText) : readSpecFileCached(rootFile, options.parseCache);
  if (root.value === undefined || root.diagnostics.some((d) => d.severity === 'error')) throw new SpecError(sortDiagnostics(root.diagnostics));
  if (root.value === null || typeof root.value !== 'object' || Array.isArray(root.value)) {
    throw new SpecError([{ severity: 'error', code: 'not-openapi', file: rootFile, line: 1, column: 1, message: 'not an OpenAPI document: the root must be an object' }]);
  }
  const openapi = (root.value as Record<string, unknown>).openapi;
  if (typeof openapi !== 'string' || !/^3\.[012]\.\d+/.test(openapi)) {
    const found = typeof openapi === 'string' ? `openapi: ${openapi}` : (root.value as Record<string, unknown>).swagger ? 'a Swagger 2.0 document' : 'no `openapi` field';
    throw new SpecError([{ severity: 'error', code: 'not-openapi', file: rootFile, ...root.source.positionOf('/openapi'), pointer: '/openapi', message: `unsupported document (${found}); socialgen reads OpenAPI 3.0.x, 3.1.x and 3.2.x` }]);
  }
  const version: '3.0' | '3.1' = openapi.startsWith('3.0') ? '3.0' : '3.1';

  const diagnostics: Diagnostic[] = [...root.diagnostics];
  const selfUris = new SelfUris();
  const rebased = selfUris.rebase(root.value, baseUrlOf(rootFile), rootFile);
  diagnostics.push(...rebased.diagnostics);
  if (version === '3.1') diagnostics.push(...resolveSchemaIds(root.value, rebased.base, rootFile));

  let document = root.value;
  let sources = new Map<string, SourceFile>([[rootFile, root.source]]);
  let origins: WeakMap<object, Origin> | undefined;
  if (hasExternalRefs(root.value)) {
    const bundled = await bundleSpec(rootFile, root, { readText: options.readText, schemaIds: version === '3.1', parseCache: options.parseCache, remote, selfUris });
    document = bundled.document as object;
    sources = bundled.sources;
    origins = bundled.origins;
    diagnostics.push(...bundled.diagnostics);
    inlineMapRefs(document);
  }

  const origin = (pointer: string): Origin => {
    if (!origins) return { file: rootFile, pointer };
    const segments = parsePointer(pointer);
    let node: unknown = document;
    let found: Origin = { file: rootFile, pointer: '' };
    let foundDepth = 0;
    for (let i = 0; i <= segments.length; i++) {
      if (node !== null && typeof node === 'object') {
        const o = origins.get(node);
        if (o) {
          found = o;
          foundDepth = i;
        }
      } else break;
      if (i === segments.length) break;
      node = (node as Record<string, unknown>)[segments[i]];
    }
    return { file: found.file, pointer: found.pointer + toPointer(segments.slice(foundDepth)) };
  };
  /** Positions of `pointers` of `file` (the file's own pointers), its text scanned once for all. */
  const positionsIn = (file: string, pointers: readonly string[]): Array<{ line: number; column: number }> =>
    sources.get(file)?.positionsOf(pointers) ?? pointers.map(() => ({ line: 1, column: 1 }));
  const locateAll = (pointers: readonly string[]): SourceLocation[] => {
    const found = pointers.map(origin);
    const out: SourceLocation[] = new Array(pointers.length);
    for (const [file, indices] of groupBy(found.keys(), (i) => found[i].file)) {
      const positions = positionsIn(file, indices.map((i) => found[i].pointer));
      indices.forEach((i, k) => (out[i] = { file, pointer: found[i].pointer, ...positions[k] }));
    }
    return out;
  };
  const locate = (pointer: string): SourceLocation => locateAll([pointer])[0];
  let reverse: Map<string, string> | undefined;
  const bundledPointerOf = (file: string, pointer: string): string | undefined => {
    if (!origins) return file === rootFile && getAtPointer(document, pointer) !== undefined ? pointer : undefined;
    if (!reverse) {
      reverse = new Map();
      const seen = new Set<object>();
      const walk = (node: unknown, at: string): void => {
        if (node === null || typeof node !== 'object' || seen.has(node)) return;
        seen.add(node);
        const o = origins!.get(node);
        if (o && !reverse!.has(`${o.file}\0${o.pointer}`)) reverse!.set(`${o.file}\0${o.pointer}`, at);
        if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}/${i}`));
        else for (const key of Object.keys(node)) walk((node as Record<string, unknown>)[key], `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      };
      walk(document, '');
    }
    return reverse.get(`${file}\0${pointer}`);
  };
  /**
   * Diagnostics with line and column: one at a bundled-document pointer (no file) is located through the
   * bundle's origins, one at a file's own pointer in that file; all of a file's at once.
   */
  const placeAll = (list: Diagnostic[]): Diagnostic[] => {
    const out = [...list];
    const bundled = [...out.keys()].filter((i) => !out[i].file && out[i].pointer !== undefined && out[i].line === undefined);
    locateAll(bundled.map((i) => out[i].pointer!)).forEach((loc, k) => (out[bundled[k]] = { ...out[bundled[k]], file: loc.file, line: loc.line, column: loc.column, pointer: loc.pointer }));
    const inFiles = [...out.keys()].filter((i) => out[i].file && out[i].pointer !== undefined && out[i].line === undefined && sources.has(out[i].file!));
    for (const [file, indices] of groupBy(inFiles, (i) => out[i].file!)) {
      positionsIn(file, indices.map((i) => out[i].pointer!)).forEach((pos, k) => (out[indices[k]] = { ...out[indices[k]], line: pos.line, column: pos.column }));
    }
    return out;
  };

  // Internal references that point nowhere (the bundler only reports the ones it followed across files).
  for (const { pointer, ref } of unresolvedRefs(document)) {
    diagnostics.push({ severity: 'error', code: 'ref-unresolved', pointer: pointer + '/$ref', message: `unresolvable $ref ${JSON.stringify(ref)}: nothing at that location` });
  }

  if (!options.skipMetaSchema && !diagnostics.some((d) => d.severity === 'error')) {
    diagnostics.push(...validateAgainstMetaSchema(document, openapi.startsWith('3.2') ? '3.2' : version));
  }

  if (!diagnostics.some((d) => d.severity === 'error')) diagnostics.push(...patternWarnings(document));

  const placed = placeAll(diagnostics);
  const deferred = options.deferMetaSchemaErrors ? placed.filter((d) => d.severity === 'error' && d.code === 'meta-schema') : [];
  if (placed.some((d) => d.severity === 'error' && !deferred.includes(d))) throw new SpecError(sortDiagnostics(placed));
  return {
    rootFile,
    document: document as Record<string, unknown>,
    version,
    openapi,
    files: [...sources.keys()].sort(),
    origin,
    bundledPointerOf,
    locate,
    locateAll,
    metaSchemaErrors: sortDiagnostics(deferred),
    warnings: sortDiagnostics(placed.filter((d) => d.severity === 'warning')),
  };
}

/** `items` grouped by `key`, groups and items in first-seen order. */
function groupBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Every internal `$ref` that points nowhere, with the pointer of the object holding it. Each distinct
 * `$ref` is resolved once (GitHub's spec has 10,460 of 1,764), and a pointer is spelled only for
 * a reference that is reported, not for every node walked.
 */
function* unresolvedRefs(document: unknown): Generator<{ pointer: string; ref: string }> {
  interface Entry {
    node: object;
    parent?: Entry;
    segment: string;
  }
  const pointerOf = (entry: Entry): string => (entry.parent ? `${pointerOf(entry.parent)}/${escapeSegment(entry.segment)}` : '');
  const resolves = new Map<string, boolean>();
  if (document === null || typeof document !== 'object') return;
  const stack: Entry[] = [{ node: document, segment: '' }];
  while (stack.length) {
    const entry = stack.pop()!;
    const node = entry.node;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const child: unknown = node[i];
        if (child !== null && typeof child === 'object') stack.push({ node: child, parent: entry, segment: String(i) });
      }
      continue;
    }
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) {
      let found = resolves.get(ref);
      if (found === undefined) resolves.set(ref, (found = getAtPointer(document, ref) !== undefined));
      if (!found) yield { pointer: pointerOf(entry), ref };
    }
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) {
      const child = record[keys[i]];
      if (child !== null && typeof child === 'object') stack.push({ node: child, parent: entry, segment: keys[i] });
    }
  }
}
