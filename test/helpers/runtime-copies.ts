/**
 * Runtime code a generated package carries: source modules of generator/src copied into it verbatim (the
 * client's and server's `src/runtime/*.ts`, a header line and the whole module), picked declaration by
 * declaration (the validators' `src/runtime.ts` and `src/formats.ts`, the declarations the compiled code
 * uses), or copied whole (imports left out) into a module that also holds generated statements (the
 * validators' `src/standard-schema.ts` and the head of `src/operations.ts`: `copiedWhole`,
 * emit/validators/runtime/library.ts). Goldens record which code a package carries and a hash of the
 * source it comes from instead of the copies' text (a mixed module's golden keeps its generated statements,
 * with one comment line where the copy stands); this checks that each copy is exactly that source, parsing
 * the output with TypeScript (not with the line-based splitter that made it).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Generated modules assembled from declarations of the validators' runtime library. */
const DECLARATION_COPIES = new Set(['validators/src/runtime.ts', 'validators/src/formats.ts']);
/** Whole-module copies: `<target>/src/runtime/<file>` from `generator/src/emit/<target>/runtime/<file>` (or the folder SHARED_COPIES names). */
const WHOLE_COPY = /^([^/]+)\/src\/runtime\/(.+\.ts)$/;
/** Modules of a runtime folder that the emitter writes from the spec instead (their source is a stand-in for type-checking). */
const GENERATED_IN_RUNTIME = new Set(['server/src/runtime/contract.ts']);
/** Modules one runtime copies from another's folder (their own folder's file is a stand-in re-export for type-checking). */
const SHARED_COPIES: Readonly<Record<string, string>> = {
  'server/json64.ts': 'generator/src/emit/client/runtime/json64.ts',
  // The webhook modules live with the server runtime; the client copies its two of them from there.
  'client/webhook-signatures.ts': 'generator/src/emit/server/runtime/webhook-signatures.ts',
  'client/webhook-sender.ts': 'generator/src/emit/server/runtime/webhook-sender.ts',
};

/**
 * Modules that hold generated statements and a runtime module copied whole among them (its declarations
 * from the first doc comment to the end, as written; its imports are the generated module's own).
 */
const WHOLE_IN_MIXED: Readonly<Record<string, string>> = {
  'validators/src/standard-schema.ts': 'generator/src/emit/validators/runtime/standard-schema.ts',
  'validators/src/operations.ts': 'generator/src/emit/validators/runtime/operations-module.ts',
};

export interface RuntimeCopies {
  /** The record the golden keeps: per file, where its code comes from and that source's hash. */
  manifest: string;
  /** The output files the record stands for. */
  files: Set<string>;
  /** Mixed modules' goldens: the text with its runtime copy cut out (a comment line stands where it was). */
  goldens: Map<string, string>;
}

interface Source {
  /** Path from the repository root. */
  file: string;
  text: string;
  hash: string;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

let sources: Source[] | undefined;
/** Every runtime module under generator/src/emit/<target>/runtime/ (tests excluded). */
function runtimeSources(repoRoot: string): Source[] {
  if (sources) return sources;
  const emit = path.join(repoRoot, 'generator/src/emit');
  const found: Source[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        const text = readFileSync(full, 'utf8');
        found.push({ file: path.relative(repoRoot, full).split(path.sep).join('/'), text, hash: sha(text) });
      }
    }
  };
  for (const target of readdirSync(emit).sort()) {
    const dir = path.join(emit, target, 'runtime');
    try {
      if (statSync(dir).isDirectory()) walk(dir);
    } catch {
      // A target without a runtime.
    }
  }
  return (sources = found);
}

/** The leading block comment (and its line break) every generated module starts with. */
function splitHeader(file: string, contents: string): [header: string, rest: string] {
  const header = /^\/\*[\s\S]*?\*\/\n/.exec(contents);
  if (!header) throw new Error(`${file}: no header comment`);
  return [header[0].trimEnd(), contents.slice(header[0].length)];
}

/** The name a top-level statement declares (the first, for a variable statement). */
function declaredName(statement: ts.Statement): string {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((d) => d.name.getText()).join(', ');
  const name = (statement as { name?: ts.Node }).name;
  return name ? name.getText() : ts.SyntaxKind[statement.kind];
}

/**
 * `contents` as a header and top-level statements each of which, with its doc comment, is a verbatim piece
 * of one library module: runs of consecutive declarations from the same module, or an error naming the
 * first statement that is no such piece.
 */
function declarationRuns(file: string, contents: string, library: Source[]): { header: string; runs: Array<{ source: Source; names: string[] }> } {
  const [header, rest] = splitHeader(file, contents);
  const parsed = ts.createSourceFile(file, rest, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const runs: Array<{ source: Source; names: string[] }> = [];
  for (const statement of parsed.statements) {
    const text = rest.slice(statement.getFullStart(), statement.end).trim();
    const source = library.find((s) => s.text.includes(text));
    if (!source) throw new Error(`${file}: ${declaredName(statement)} is not a verbatim copy of a runtime module's declaration`);
    const last = runs[runs.length - 1];
    if (last?.source === source) last.names.push(declaredName(statement));
    else runs.push({ source, names: [declaredName(statement)] });
  }
  if (rest.slice(parsed.statements.at(-1)?.end ?? 0).trim()) throw new Error(`${file}: text after the last declaration`);
  return { header, runs };
}

/** A top-level statement's text from its doc comment (if any) to its end, and the name it declares. */
function pieces(file: string, text: string): Array<{ start: number; end: number; text: string; name: string }> {
  const parsed = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return parsed.statements
    .filter((s) => !ts.isImportDeclaration(s))
    .map((s) => {
      const start = s.getStart(parsed, true);
      return { start, end: s.end, text: text.slice(start, s.end), name: declaredName(s) };
    });
}

/**
 * The copy of `source` in the mixed module `file`, if it carries one (a statement declaring one of the
 * source's names): its declarations, checked to be the source's from its first doc comment to its end,
 * statement by statement and to the character, and the module's text with the copy cut out.
 */
function mixedCopy(file: string, contents: string, source: Source): { names: string[]; golden: string } | undefined {
  const expected = pieces(source.file, source.text);
  const names = new Set(expected.map((p) => p.name));
  const found = pieces(file, contents);
  const at = found.findIndex((p) => names.has(p.name));
  if (at < 0) return undefined;
  const copy = found.slice(at, at + expected.length);
  expected.forEach((want, i) => {
    if (copy[i]?.text !== want.text) throw new Error(`${file}: ${want.name} is not a verbatim copy of ${source.file}`);
  });
  const start = copy[0]!.start;
  const end = copy.at(-1)!.end;
  if (contents.slice(start, end) !== source.text.slice(expected[0]!.start, expected.at(-1)!.end)) throw new Error(`${file}: the text between the declarations of ${source.file} is not as written there`);
  const mark = `// ${expected.length} declarations of ${source.file}, as written there (runtime-copies.txt)`;
  return { names: expected.map((p) => p.name), golden: contents.slice(0, start) + mark + contents.slice(end) };
}

/** The runtime copies among a package set's output files (paths like `client/src/runtime/core.ts`). */
export function runtimeCopies(repoRoot: string, files: ReadonlyMap<string, string>): RuntimeCopies {
  const all = runtimeSources(repoRoot);
  const library = all.filter((s) => s.file.startsWith('generator/src/emit/validators/runtime/'));
  const lines: string[] = [];
  const covered = new Set<string>();
  const goldens = new Map<string, string>();
  // Whole-module copies, by package folder and header: `<folder> (header)`, then one line a file.
  const wholeCopies = new Map<string, string[]>();
  for (const [file, contents] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const whole = WHOLE_COPY.exec(file);
    if (whole) {
      if (GENERATED_IN_RUNTIME.has(file)) continue;
      const from = SHARED_COPIES[`${whole[1]}/${whole[2]}`] ?? `generator/src/emit/${whole[1]}/runtime/${whole[2]}`;
      const source = all.find((s) => s.file === from);
      if (!source) throw new Error(`${file}: no runtime module ${from} it copies`);
      const [header, rest] = splitHeader(file, contents);
      if (rest !== source.text) throw new Error(`${file}: not its header and a verbatim copy of ${source.file}`);
      const group = `${whole[1]}/src/runtime/ (each: ${header}, then the module)`;
      wholeCopies.set(group, [...(wholeCopies.get(group) ?? []), `  ${whole[2]} = ${source.file} sha256:${source.hash}`]);
      covered.add(file);
    } else if (DECLARATION_COPIES.has(file)) {
      const { header, runs } = declarationRuns(file, contents, library);
      lines.push(`${file}: ${header.replaceAll('\n', '\n  ')}`);
      for (const run of runs) lines.push(`  ${run.source.file} sha256:${run.source.hash}`, ...run.names.map((name) => `    ${name}`));
      covered.add(file);
    } else if (WHOLE_IN_MIXED[file]) {
      const source = all.find((s) => s.file === WHOLE_IN_MIXED[file]);
      if (!source) throw new Error(`${file}: no runtime module ${WHOLE_IN_MIXED[file]} it copies`);
      const copy = mixedCopy(file, contents, source);
      if (!copy) continue;
      lines.push(`${file}: in its golden, but for this copy (a comment line stands where it is):`, `  ${source.file} sha256:${source.hash}`, ...copy.names.map((name) => `    ${name}`));
      goldens.set(file, copy.golden);
    }
  }
  const manifest = [
    '# Runtime code these packages carry, copied from generator/src: each file with its header, then where its',
    '# code comes from (the whole module, or the declarations named, in order) and the sha256 of that source.',
    '# test/helpers/runtime-copies.ts checks every copy against its source; the copies are not kept here.',
    ...(goldens.size ? ['# A module that also holds generated statements keeps them in its golden, its copy cut out.'] : []),
    '',
    ...[...wholeCopies].flatMap(([group, entries]) => [group, ...entries]),
    ...lines,
    '',
  ].join('\n');
  return { manifest, files: covered, goldens };
}
