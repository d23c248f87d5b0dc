/**
 * `socialgen diff BASE HEAD --project tsconfig.json`: the call sites a spec change breaks in this repository.
 * Spec-level verdicts are predictions; this is the fact. Both sides' packages are generated in memory with the
 * project's socialgen config (its `out`, `layout`, `targets`), and the project is type-checked twice with the
 * TypeScript compiler against them: a compiler host overlays the config's `out` folder with the generated
 * files (what is on disk there is hidden), and, for the `packages` layout, resolves the packages' names to
 * their generated sources. The errors the head introduces in the project's own files — those the base
 * type-check does not have — are the result, each traced to the change that names what the error is about.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ts } from 'ts-morph';
import type { SocialgenConfig } from '../config.ts';
import { loadSpec } from '../load/index.ts';
import { sideSource } from './side.ts';
import { LEVEL_RANK, type Change, type CompileError } from './types.ts';

export interface ProjectCheck {
  /** The project's tsconfig.json. */
  tsconfig: string;
  /** The project's socialgen config (resolved; its `spec` is replaced by each side's). */
  config: SocialgenConfig;
  cwd: string;
}

/** A problem with the project or its config that stops the check (the CLI reports it as usage, exit 2). */
export class ProjectError extends Error {}

/**
 * The compile errors the head introduces in the project, traced to `changes`. `base` and `head` are the
 * diff's sides as given (`path` or `git:REF:PATH`).
 */
export async function projectErrors(baseArg: string, headArg: string, changes: Change[], check: ProjectCheck): Promise<CompileError[]> {
  // The compiler the generator itself uses (ts-morph's), loaded only for --project.
  const { ts: typescript } = await import('../codegen/typescript.mjs');
  const program = readProject(typescript, check.tsconfig);
  const base = await generateSide(baseArg, check);
  const head = await generateSide(headArg, check);
  const before = new Set(diagnostics(typescript, program, check.config, base.files).map(key));
  const after = diagnostics(typescript, program, check.config, head.files).filter((d) => !before.has(key(d)));
  return after.map((d) => ({ ...d.error, file: path.relative(check.cwd, d.error.file).split(path.sep).join('/'), change: trace(d, changes, base.methods) }));
}

interface Found {
  error: Omit<CompileError, 'change'>;
  /** Names the error is about: identifiers and string literals in its message and at its span. */
  names: string[];
}

function key(d: Found): string {
  return `${d.error.file}:${d.error.line}:${d.error.column}:${d.error.code}:${d.error.message}`;
}

function readProject(typescript: typeof ts, tsconfig: string): ts.ParsedCommandLine {
  const host: ts.ParseConfigFileHost = { ...typescript.sys, onUnRecoverableConfigFileDiagnostic: () => undefined };
  const parsed = typescript.getParsedCommandLineOfConfigFile(tsconfig, {}, host);
  if (!parsed) throw new ProjectError(`--project ${tsconfig}: cannot read the TypeScript config`);
  const problems = parsed.errors.filter((e) => e.category === typescript.DiagnosticCategory.Error && e.code !== 18003);
  if (problems.length) throw new ProjectError(`--project ${tsconfig}: ${typescript.flattenDiagnosticMessageText(problems[0].messageText, ' ')}`);
  return parsed;
}

/**
 * Generates one side's packages in memory (absolute path → text under the config's `out`). A `git:` side's
 * spec files are first written out of git into a temporary folder, at their paths relative to the repository.
 */
async function generateSide(arg: string, check: ProjectCheck): Promise<{ files: Map<string, string>; methods: Map<string, string> }> {
  const { generate } = await import('../pipeline.ts');
  const source = sideSource(arg, check.cwd);
  let spec = source.file;
  let temp: string | undefined;
  if (source.ref && source.repoRoot) {
    temp = mkdtempSync(path.join(tmpdir(), 'socialgen-diff-side-'));
    const read = new Map<string, string>();
    await loadSpec(source.file, { readText: (f) => { const text = source.readText(f); read.set(f, text); return text; }, skipMetaSchema: true });
    for (const [file, text] of read) {
      const target = path.join(temp, path.relative(source.repoRoot, file));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    spec = path.join(temp, path.relative(source.repoRoot, source.file));
  }
  try {
    const result = await generate({ ...check.config, spec, format: false });
    const files = new Map([...result.files].map(([rel, text]) => [path.join(check.config.out, rel), text]));
    // Generated method name → operation (`GET /r`), to trace an error about a method to its operation's change.
    const methods = new Map(result.loaded.model.operations.map((op) => [op.names.method, `${op.httpMethod} ${op.path}`]));
    return { files, methods };
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

/** Type-checks the project's own files with `out` replaced by `files`; the errors in the project's files. */
function diagnostics(typescript: typeof ts, project: ts.ParsedCommandLine, config: SocialgenConfig, files: Map<string, string>): Found[] {
  const out = path.resolve(config.out);
  const inOut = (f: string): boolean => {
    const rel = path.relative(out, path.resolve(f));
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };
  const dirs = new Set<string>();
  for (const file of files.keys()) for (let d = path.dirname(file); inOut(d); d = path.dirname(d)) dirs.add(d);
  const options = { ...project.options, noEmit: true };
  const host = typescript.createCompilerHost(options, true);
  const original = { fileExists: host.fileExists, readFile: host.readFile, directoryExists: host.directoryExists, getSourceFile: host.getSourceFile, realpath: host.realpath };
  host.fileExists = (f) => (inOut(f) ? files.has(path.resolve(f)) : original.fileExists.call(host, f));
  host.readFile = (f) => (inOut(f) ? files.get(path.resolve(f)) : original.readFile.call(host, f));
  host.directoryExists = (d) => (inOut(d) ? dirs.has(path.resolve(d)) : (original.directoryExists?.call(host, d) ?? true));
  // A workspace symlink into `out` (node_modules/@scope/client → out/client) resolves to the overlay.
  host.realpath = (f) => {
    const real = original.realpath?.call(host, f) ?? f;
    return inOut(real) && !files.has(path.resolve(real)) && files.has(path.resolve(f)) ? f : real;
  };
  host.getSourceFile = (f, language, onError, create) => {
    if (!inOut(f)) return original.getSourceFile.call(host, f, language, onError, create);
    const text = files.get(path.resolve(f));
    return text === undefined ? undefined : typescript.createSourceFile(f, text, language);
  };
  // The packages layout: a generated package's name (or a subpath of it) is its generated `src/index.ts`,
  // whatever the project's node_modules hold (the declared entry is a compiled `dist/` that is not generated).
  const entries = packageEntries(config, files);
  if (entries.size) {
    host.resolveModuleNameLiterals = (literals, containing, redirected, opts) =>
      literals.map((literal) => {
        const entry = entries.get(literal.text);
        if (entry) return { resolvedModule: { resolvedFileName: entry, extension: typescript.Extension.Ts, isExternalLibraryImport: false } };
        return typescript.resolveModuleName(literal.text, containing, opts, host, undefined, redirected);
      });
  }
  const roots = project.fileNames.filter((f) => !inOut(f));
  const program = typescript.createProgram({ rootNames: roots, options, host, projectReferences: project.projectReferences });
  const found: Found[] = [];
  for (const d of [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()]) {
    if (!d.file || inOut(d.file.fileName) || d.category !== typescript.DiagnosticCategory.Error || d.start === undefined) continue;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    const message = typescript.flattenDiagnosticMessageText(d.messageText, '\n');
    const span = d.file.text.slice(d.start, d.start + (d.length ?? 0));
    found.push({ error: { file: path.resolve(d.file.fileName), line: line + 1, column: character + 1, code: d.code, message: message.split('\n')[0] }, names: namesIn(message, span) });
  }
  return found;
}

/** Package name → generated entry, for the `packages` layout (`<out>/<target>/src/index.ts`). */
function packageEntries(config: SocialgenConfig, files: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  if (config.layout !== 'packages') return out;
  for (const [file, text] of files) {
    if (path.basename(file) !== 'package.json' || path.dirname(path.dirname(file)) !== path.resolve(config.out)) continue;
    const entry = path.join(path.dirname(file), 'src/index.ts');
    const name = (JSON.parse(text) as { name?: string }).name;
    if (name && files.has(entry)) out.set(name, entry);
  }
  return out;
}

/** Identifiers and literals an error names: `'lang'`, `"c"`, and the text at its span (`limit`, `getR`). */
function namesIn(message: string, span: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/'([^']+)'/g)) {
    names.add(m[1]);
    for (const lit of m[1].matchAll(/"([^"]+)"/g)) names.add(lit[1]);
  }
  const ident = /^[\s\S]*?([A-Za-z_$][\w$]*)\s*$/.exec(span.split(':')[0]);
  if (ident) names.add(ident[1]);
  const literal = /^["'`](.*)["'`]$/s.exec(span.trim());
  if (literal) names.add(literal[1]);
  return [...names];
}

/**
 * The change an error comes from: among the changes that alter the generated API (breaking on the wire or for
 * the generated API, or a renamed method), the one whose message names what the error names (`` `lang` ``,
 * `"c"`, the old method name) — the most severe first.
 */
function trace(found: Found, changes: Change[], methods: Map<string, string>): CompileError['change'] {
  const candidates = changes.filter((c) => [c.level, c.api?.level].some((level) => level !== undefined && level !== 'info'));
  const ranked = [...candidates].sort((a, b) => LEVEL_RANK[a.api?.level ?? a.level] - LEVEL_RANK[b.api?.level ?? b.level]);
  for (const name of found.names) {
    // A method the base generated: the change to its operation itself (removed, moved, renamed).
    const op = methods.get(name);
    const hit = ranked.find((c) => c.message.includes(`\`${name}\``) || c.message.includes(`"${name}"`)) ?? (op !== undefined ? ranked.find((c) => c.operation === op && /^endpoint-/.test(c.id)) : undefined);
    if (hit) return { id: hit.id, level: hit.level, message: hit.message, fingerprint: hit.fingerprint };
  }
  return null;
}
