/**
 * Bundling a split spec into one document with @apidevtools/json-schema-ref-parser. We plug our own reader
 * and parser into it so every file goes through `read.ts` (positions, all syntax errors) and so we can
 * record where each object of the bundled document came from (`origins`): the bundler moves file contents
 * into the root, and a diagnostic must still name the file and line the object was written at.
 */
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from './diagnostics.ts';
import { resolveSchemaIds } from './schema-ids.ts';
import { SelfUris } from './self-uri.ts';
import { escapeSegment, toPointer } from './pointer.ts';
import { readSpecFileCached, parseSpecText, type ParseCache, type ReadResult } from './read.ts';
import { SourceFile } from './source.ts';
import { cannotRead } from '../errors.ts';
import { baseUrlOf, isUrl, notFetched, readRemoteFile } from './remote.ts';

export interface Origin {
  file: string;
  pointer: string;
}

export interface BundleResult {
  document: unknown;
  sources: Map<string, SourceFile>;
  origins: WeakMap<object, Origin>;
  diagnostics: Diagnostic[];
}

export type ReadText = (file: string) => string;

/** True when any `$ref` in the value points outside the document. */
export function hasExternalRefs(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) return true;
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return false;
}

/** Records `file`/pointer for every object and array inside `value`. */
export function registerOrigins(value: unknown, file: string, origins: WeakMap<object, Origin>): void {
  // The pointer grows by one escaped segment per level (not rebuilt from a segment list at every node).
  const walk = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object' || origins.has(node)) return;
    origins.set(node, { file, pointer });
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    else for (const key of Object.keys(node)) walk((node as Record<string, unknown>)[key], `${pointer}/${escapeSegment(key)}`);
  };
  walk(value, '');
}

/** The id of a file in the bundle: a local path, or the URL of a remote spec's file (remote.ts). */
function urlToPath(url: string): string {
  if (url.startsWith('file:')) return fileURLToPath(url);
  if (isUrl(url)) return url;
  return decodeURIComponent(url);
}

export interface BundleOptions {
  /** Reads a file's text instead of the file system (the sides of a diff). */
  readText?: ReadText;
  /** Resolve 3.1 `$id`s in every file. */
  schemaIds?: boolean;
  parseCache?: ParseCache;
  /** The reader of a spec given as a URL: its `$ref`s are fetched through it. Without it nothing is fetched. */
  remote?: (url: string) => Promise<string>;
  /** The `$self` URIs of the load (the root's already recorded): every file read is rebased through it. */
  selfUris?: SelfUris;
}

export async function bundleSpec(rootFile: string, root: ReadResult, { readText, schemaIds = false, parseCache, remote, selfUris = new SelfUris() }: BundleOptions = {}): Promise<BundleResult> {
  const sources = new Map<string, SourceFile>([[rootFile, root.source]]);
  const origins = new WeakMap<object, Origin>();
  const diagnostics: Diagnostic[] = [];
  const results = new Map<string, ReadResult>([[rootFile, root]]);
  registerOrigins(root.value, rootFile, origins);

  const record = (file: string, result: ReadResult): ReadResult => {
    results.set(file, result);
    sources.set(file, result.source);
    // A file that cannot be read is reported once, at the `$ref` that asked for it (below).
    diagnostics.push(...result.diagnostics.filter((d) => d.code !== 'read'));
    if (result.value !== undefined) {
      const { base, diagnostics: rebased } = selfUris.rebase(result.value, baseUrlOf(file), file);
      diagnostics.push(...rebased);
      if (schemaIds) diagnostics.push(...resolveSchemaIds(result.value, base, file));
      registerOrigins(result.value, file, origins);
    }
    return result;
  };
  const readFile = (file: string): ReadResult => results.get(file) ?? record(file, isUrl(file) ? notFetched(file) : readText ? readThrough(file, readText) : readSpecFileCached(file, parseCache));
  const readAny = async (file: string): Promise<ReadResult> => results.get(file) ?? (remote ? record(file, await readRemoteFile(file, remote)) : readFile(file));
  /** Why a file could not be read (its `read` diagnostic), for the `$ref` that names it. */
  const unreadable = (file: string): string | undefined => results.get(file)?.diagnostics.find((d) => d.code === 'read')?.message;

  // Loaded here, not at startup: a spec in one file (most specs, GitHub's) never needs the bundler, nor
  // the 25 modules and js-yaml it brings.
  const { default: $RefParser } = await import('@apidevtools/json-schema-ref-parser');
  const parser = new $RefParser();
  let document: unknown;
  try {
    // The bundler mutates the value it is given; we hand it the root value itself so recorded origins stay valid.
    document = await withoutLazyHeaders(() => parser.bundle(baseUrlOf(rootFile), root.value as never, {
      continueOnError: true,
      resolve: {
        http: false,
        file: {
          order: 1,
          canRead: true,
          read: async (file: { url: string }) => {
            const p = urlToPath(file.url);
            const result = await readAny(p);
            if (result.value === undefined && unreadable(p) !== undefined) {
              throw new Error(`cannot read ${p}`);
            }
            return p;
          },
        },
      },
      parse: {
        json: false,
        text: false,
        binary: false,
        yaml: false,
        socialgen: {
          order: 1,
          canParse: true,
          allowEmpty: true,
          // The resolver returned the path; the value comes from our cache (already parsed, origins recorded).
          parse: (file: { url: string; data: unknown }) => {
            const result = readFile(urlToPath(file.url));
            return result.value ?? {};
          },
        },
      },
    } as never));
  } catch (error) {
    const group = error as { errors?: Array<{ message: string; path?: (string | number)[]; source?: string; footprint?: string }> };
    if (!group.errors) throw error;
    for (const e of group.errors) {
      const pointer = e.path ? toPointer(e.path) + '/$ref' : undefined;
      if ((e as { name?: string }).name === 'ResolverError' || /Error opening file|cannot read/i.test(e.message)) {
        // A file that cannot be read: `source` is the referring file and `path` is inside it.
        const named = /^cannot read (.+)$/.exec(e.message.split('\n')[0])?.[1] ?? /(?:opening|reading) file\s+"?(?:file:\/\/)?([^"]+?)"?(?::\s|$)/i.exec(e.message.split('\n')[0])?.[1];
        const missing = named === undefined ? undefined : isUrl(named) || results.has(named) ? named : decodeURIComponent(named);
        const reason = (missing !== undefined ? unreadable(missing)?.replace(/^cannot (?:read|fetch): /, '') : undefined) ?? 'file not found';
        diagnostics.push({ severity: 'error', code: 'ref-unresolved', file: e.source ? urlToPath(e.source) : rootFile, pointer, message: `unresolvable $ref: cannot read ${missing ?? 'the referenced file'} (${reason})` });
      } else {
        // A missing pointer: `path` is where the `$ref` stands in the bundled document (placed through the
        // origin map by the loader) and `source` is the file it points into.
        const target = e.source ? urlToPath(e.source) : undefined;
        const reason = e.message.split('\n')[0];
        diagnostics.push({ severity: 'error', code: 'ref-unresolved', pointer, file: pointer === undefined ? rootFile : undefined, message: `unresolvable $ref: ${reason}${target ? ` in ${target}` : ''}` });
      }
    }
    document = (parser as unknown as { schema: unknown }).schema;
  }
  internalizeRootRefs(document, rootFile, origins);
  return { document, sources, origins, diagnostics };
}

/**
 * The bundler leaves a reference from another file back into the root file as it was written
 * (`root.yaml#/components/schemas/Id`), which means nothing in the one bundled document: it becomes internal.
 */
function internalizeRootRefs(document: unknown, rootFile: string, origins: WeakMap<object, Origin>): void {
  const rootUrl = baseUrlOf(rootFile);
  const seen = new Set<object>();
  const walk = (node: unknown, file: string): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const at = origins.get(node)?.file ?? file;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, at);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string' && !record.$ref.startsWith('#') && at !== rootFile) {
      try {
        const target = new URL(record.$ref, baseUrlOf(at));
        const fragment = target.hash;
        target.hash = '';
        if (target.href === rootUrl) record.$ref = fragment || '#';
      } catch {
        // not a URI reference: reported where references are checked
      }
    }
    for (const key of Object.keys(record)) walk(record[key], at);
  };
  walk(document, rootFile);
}

/**
 * Runs `start` (which must begin the bundling synchronously) with the global `Headers` hidden. While merging
 * its options the bundler asks `typeof Headers`, and in Node that global is a lazy getter that loads the
 * whole fetch implementation (undici): 30-70 ms of every run, for an answer nothing here uses (its HTTP
 * resolver is off). The options are merged before `bundle` first awaits, so restoring the getter right
 * after the synchronous call leaves no moment in which other code could see it missing.
 */
function withoutLazyHeaders<T>(start: () => T): T {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'Headers');
  if (!descriptor?.get || !descriptor.configurable) return start();
  Object.defineProperty(globalThis, 'Headers', { value: undefined, configurable: true, writable: true, enumerable: descriptor.enumerable });
  try {
    return start();
  } finally {
    Object.defineProperty(globalThis, 'Headers', descriptor);
  }
}

export function readThrough(file: string, readText: ReadText): ReadResult {
  let text: string;
  try {
    text = readText(file);
  } catch (error) {
    return { source: new SourceFile(file, ''), value: undefined, diagnostics: [{ severity: 'error', code: 'read', file, message: cannotRead(error) }] };
  }
  return parseSpecText(file, text);
}
