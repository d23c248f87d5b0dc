/**
 * One side of a diff: a spec read from the file system or from git (`git:REF:PATH`), loaded into the model,
 * with a way from bundled-document pointers to `file:line:column` for the report.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadSpec, type LoadedSpec } from '../load/index.ts';
import { buildModel } from '../model/build.ts';
import type { Diagnostic } from '../load/diagnostics.ts';
import type { ApiModel, NamedSchema } from '../model/types.ts';
import { JsonLocator } from '../load/json-locate.ts';
import type { ChangeLocation } from './types.ts';

/** Bad input that is not a spec problem (unknown git ref, unreadable ignore file...): exit 2. */
export class DiffInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiffInputError';
  }
}

export type SideName = 'base' | 'head';

export interface SideSource {
  /** As given (`spec/x.yaml`, `git:origin/main:spec/x.yaml`). */
  label: string;
  /** Absolute path of the root file (for git sides: where the file sits in the working tree). */
  file: string;
  /** Git ref for `git:REF:PATH`. */
  ref?: string;
  repoRoot?: string;
  readText(file: string): string;
}

export interface SideModel {
  name: SideName;
  source: SideSource;
  model: ApiModel;
  spec: LoadedSpec;
  schemas: Map<string, NamedSchema>;
  /** Problems the model tolerates for a review (see TOLERATED), reported with the result. */
  warnings: Diagnostic[];
  /** Display locations of bundled-document pointers, resolved in one batch per file. */
  locateMany(pointers: string[]): Map<string, ChangeLocation>;
}

export interface SideOptions {
  cwd?: string;
  /** Validate against the OpenAPI meta-schema too (default false: a diff compares what it can read). */
  validate?: boolean;
}

/** Parses `git:REF:PATH` or a file path. */
export function sideSource(arg: string, cwd = process.cwd()): SideSource {
  if (!arg.startsWith('git:')) {
    const file = path.resolve(cwd, arg);
    const texts = new Map<string, string>();
    return {
      label: arg,
      file,
      readText(f) {
        let text = texts.get(f);
        if (text === undefined) {
          text = readFileSync(f, 'utf8');
          if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
          texts.set(f, text);
        }
        return text;
      },
    };
  }
  const rest = arg.slice(4);
  const colon = rest.indexOf(':');
  if (colon <= 0 || colon === rest.length - 1) throw new DiffInputError(`${JSON.stringify(arg)}: expected git:REF:PATH, e.g. git:origin/main:openapi.yaml`);
  const ref = rest.slice(0, colon);
  let specPath = rest.slice(colon + 1);
  const repoRoot = git(['rev-parse', '--show-toplevel'], cwd, `${arg}: not inside a git repository`).trim();
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd, '');
  } catch {
    throw new DiffInputError(`${arg}: unknown git ref ${JSON.stringify(ref)} (fetch it first, e.g. git fetch origin ${ref.replace(/^origin\//, '')})`);
  }
  // PATH is relative to the repository root, as in `git show REF:PATH`; ./ and ../ make it relative to the working directory.
  if (specPath.startsWith('./') || specPath.startsWith('../')) specPath = path.relative(repoRoot, path.resolve(cwd, specPath));
  const file = path.resolve(repoRoot, specPath);
  const texts = new Map<string, string>();
  return {
    label: arg,
    file,
    ref,
    repoRoot,
    readText(f) {
      let text = texts.get(f);
      if (text === undefined) {
        const rel = path.relative(repoRoot, f).split(path.sep).join('/');
        if (rel.startsWith('..')) throw new Error(`${f} is outside the repository`);
        text = git(['show', `${ref}:${rel}`], repoRoot, `no ${rel} at ${ref}`);
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        texts.set(f, text);
      }
      return text;
    },
  };
}

function git(args: string[], cwd: string, failure: string): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim().split('\n')[0];
    if (!failure) throw error;
    throw new DiffInputError(stderr ? `${failure} (${stderr})` : failure);
  }
}

/**
 * Problems that stop `generate` but not a review: the document can still be compared, and the reviewer is
 * told. A requirement naming an undeclared security scheme keeps its other schemes; a duplicate operationId
 * only clashes generated names (operations are matched by method and path).
 */
const TOLERATED: ReadonlySet<string> = new Set(['duplicate-operation-id', 'security-unknown-scheme']);

/** Loads a side; throws SpecError (file:line:col diagnostics) when the spec cannot be read or modeled. */
export async function loadSide(source: SideSource, name: SideName, options: SideOptions = {}): Promise<SideModel> {
  const spec = await loadSpec(source.file, { readText: source.readText, skipMetaSchema: !options.validate });
  const { model, warnings } = buildModel(spec, { warnOnly: TOLERATED });
  return sideFromModel(source, name, model, spec, options.cwd ?? process.cwd(), warnings.filter((d) => TOLERATED.has(d.code)));
}

export function sideFromModel(source: SideSource, name: SideName, model: ApiModel, spec: LoadedSpec, cwd = process.cwd(), warnings: Diagnostic[] = []): SideModel {
  const locators = new Map<string, JsonLocator | null>();
  const display = (file: string): string => {
    if (source.ref && source.repoRoot) return path.relative(source.repoRoot, file).split(path.sep).join('/');
    const rel = path.relative(cwd, file);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
  };
  const jsonLocator = (file: string): JsonLocator | null => {
    let locator = locators.get(file);
    if (locator === undefined) {
      let text = '';
      try {
        text = source.readText(file);
      } catch {
        // unreadable now: fall back to the loader's locate
      }
      locator = /^\s*[{[]/.test(text.slice(0, 64)) ? new JsonLocator(text) : null;
      locators.set(file, locator);
    }
    return locator;
  };
  return {
    name,
    source,
    model,
    spec,
    schemas: new Map(model.schemas.map((s) => [s.key, s])),
    warnings,
    locateMany(pointers) {
      const out = new Map<string, ChangeLocation>();
      const byFile = new Map<string, Array<[string, string]>>();
      for (const pointer of new Set(pointers)) {
        const origin = spec.origin(pointer);
        const locator = jsonLocator(origin.file);
        if (!locator) {
          const loc = spec.locate(pointer);
          out.set(pointer, { file: display(loc.file), line: loc.line, column: loc.column, ...(source.ref ? { ref: source.ref } : {}) });
          continue;
        }
        let list = byFile.get(origin.file);
        if (!list) byFile.set(origin.file, (list = []));
        list.push([pointer, origin.pointer]);
      }
      for (const [file, list] of byFile) {
        const positions = jsonLocator(file)!.locate(list.map(([, p]) => p));
        for (const [pointer, inFile] of list) {
          const pos = positions.get(inFile)!;
          out.set(pointer, { file: display(file), line: pos.line, column: pos.column, ...(source.ref ? { ref: source.ref } : {}) });
        }
      }
      return out;
    },
  };
}
