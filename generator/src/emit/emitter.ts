/**
 * The plugin API: the contract between the pipeline and every target's emitter — the four built-in
 * targets and a user's own (a module named in the config's `plugins`, docs/plugins.md). Emitters are
 * pure: they read the model and return the files they write; they never touch the file system, never
 * format, never read YAML. The pipeline checks each file against the emitter's declared `files`, formats
 * with prettier what the emitter did not print formatted already (`EmittedFile.formatted`, the module
 * printer `EmitContext.printer`), and writes (or, for `check`, compares) it with everything else.
 */
import type { ApiModel } from '../model/types.ts';
import * as codegen from '../codegen/index.ts';
import { printer, type ModulePrinter, type Printer } from '../codegen/printer.ts';
import type { EmittedFile } from './emitted-file.ts';
import * as nodes from '../codegen/ts-nodes.ts';
import { namedLine, namespaceImport, starExport, typeName, type ModuleLine } from '../codegen/module-lines.ts';

export type { EmittedFile, ModuleLine, Printer };

export { TARGETS, type BuiltinTarget, type TargetName } from './targets.ts';

export interface PackageNaming {
  /** npm scope without `@` (config `packages.scope`, default a slug of the spec's `info.title`). */
  scope: string;
  /** Package name of every target of the run, default `@<scope>/<target>`. */
  names: Record<string, string>;
  /** Version of all generated packages (derived from `info.version`, see emit/package). */
  version: string;
}

/** The safe code builder (generator/src/codegen): spec strings enter generated code only through it. */
export type Codegen = typeof codegen;

/** The node builder (generator/src/codegen/ts-nodes.ts): declarations, statements and expressions as TypeScript nodes. */
export type Nodes = typeof nodes;

/**
 * Import and export statements as data (codegen/module-lines.ts), for `printer.module().moduleLine(line)`:
 * `namedLine('import' | 'export', names, from, typeOnly?)` (`import { a, type B } from 'm'`, a name
 * `typeName('B')` for a type among values; `typeOnly`: `import type { … }`), `namespaceImport(name, from,
 * typeOnly?)` (`import * as T from 'm'`), `starExport(from)` (`export * from 'm'`).
 */
const moduleLines = { namedLine, namespaceImport, starExport, typeName };
export type ModuleLines = typeof moduleLines;

export interface EmitContext {
  /** `packages`: every target is an npm package; `files`: a folder of plain TypeScript modules. */
  layout: 'packages' | 'files';
  packages: PackageNaming;
  /**
   * The module specifier that imports `target`'s entry from the emitted file `from` (a path as this
   * emitter returns it, e.g. `src/client.ts`): the package name, or with `layout: files` a relative
   * `.js`-suffixed path (`../types/index.js`). The only way one target should name another.
   */
  importPath(target: string, from: string): string;
  /** Target-specific options from the config file (`options.<target>`). */
  options: Record<string, unknown>;
  /** Version of socialgen, for the generated header comment. */
  generatorVersion: string;
  /** The safe code builder: `code`, `lit`, `ident`, `propKey`, `docComment`, … */
  codegen: Codegen;
  /**
   * The node builder: declarations, statements and expressions (`functionDeclaration`, `callExpression`,
   * `arrowFunction`, `objectLiteral`, `ifStatement`, `typeRef`, …) as TypeScript nodes. Spec strings enter a
   * node only through its constructors (literals escaped, names checked). `printer` lays the nodes out.
   */
  nodes: Nodes;
  /**
   * Import and export lines as data: `namedLine`, `namespaceImport`, `starExport`, and `typeName` for a
   * `type` name among values. `printer.module().moduleLine(line)` lays one out (checked: identifiers only).
   */
  moduleLines: ModuleLines;
  /**
   * The printer of the built-in targets: statement nodes added to a module (`printer.module().node(n)…
   * file(path)`) come out as prettier prints them and are claimed formatted, so the pipeline runs no
   * prettier for them (a shape the printer does not reproduce is left to prettier, that statement alone).
   */
  printer: Printer;
}

/** A README example: the printer's module of it (printed as prettier prints it), or text (left to prettier). */
export type ExampleCode = string | ModulePrinter;

/** What a target's package.json and README say beyond what every generated package has. */
export interface PackageInfo {
  /** One sentence: what the package holds (README and package.json description). */
  summary?: string;
  /**
   * A usage example for the README, or a function of the model that writes one: a module of the one printer
   * (`context.printer.module()` with the example's statements added as nodes), laid out as prettier lays it
   * out, so the README is written without prettier (unless a statement of it was left to prettier); or
   * TypeScript text, for which the README goes to prettier.
   */
  example?: ExampleCode | ((model: ApiModel, context: EmitContext) => ExampleCode);
  /**
   * Only for an example given as text: the text is the one printer's output already (pieces printed by
   * `printer.statement`, joined as prettier joins statements), so the README is
   * written without prettier. The package stage takes this as the printer's word and measures nothing; a
   * text written any other way must leave it unset. An example built as a module needs no such claim.
   */
  examplePrinted?: boolean;
  /** Runtime dependencies other than sibling targets (those come from `dependsOn`), name → range. */
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  /** Peer dependencies that are optional. */
  optionalPeers?: readonly string[];
}

export interface TargetEmitter {
  /** The target's name: its folder `<out>/<name>/`, its `--target` name, `@<scope>/<name>` by default. */
  name: string;
  /** Other targets whose entry this one imports (through `context.importPath`); generated first, pinned in package.json. */
  dependsOn: readonly string[];
  /**
   * The files it writes, as patterns relative to its folder (`src/index.ts`, `src/*.ts`, `src/**`); the
   * pipeline rejects a file outside them. Default `['src/**']`.
   */
  files?: readonly string[];
  package?: PackageInfo;
  /** Generated only when selected (config `targets`, `--target`), not by default. Default false. */
  optIn?: boolean;
  emit(model: ApiModel, context: EmitContext): EmittedFile[];
}

/**
 * A `packages`-layout context from package naming and options (what the pipeline builds for a run; tests
 * and tools that call one emitter directly use it too).
 */
/**
 * A target option in the config (`options.<target>.*`) that the emitter cannot use: reported as bad input
 * naming the option (exit 2), not as a bug. Plugins may throw it too.
 */
export class OptionError extends Error {
  override name = 'OptionError';
}

export function createEmitContext(base: { packages: PackageNaming; options?: Record<string, unknown>; generatorVersion: string; layout?: EmitContext['layout'] }): EmitContext {
  const layout = base.layout ?? 'packages';
  return {
    layout,
    packages: base.packages,
    importPath: (target, from) => importPathFor(layout, base.packages.names, target, from),
    options: base.options ?? {},
    generatorVersion: base.generatorVersion,
    codegen,
    nodes,
    moduleLines,
    printer,
  };
}

/** Declares an emitter (a plugin's default export); checks its shape early and returns it unchanged. */
export function defineEmitter<E extends TargetEmitter>(emitter: E): E {
  return emitter;
}

/**
 * The specifier that imports `target`'s entry from the emitted file `from` of another target: the package
 * name, or with `layout: files` a relative `.js`-suffixed path from `<out>/<self>/<dirs…>/<file>` up to
 * `<out>/` and down into `<target>/index.js` (resolved the same under `NodeNext` and `bundler`).
 */
export function importPathFor(layout: EmitContext['layout'], names: Record<string, string>, target: string, from: string): string {
  if (layout === 'files') return `${'../'.repeat(from.replace(/^src\//, '').split('/').length)}${target}/index.js`;
  const name = names[target];
  if (!name) throw new Error(`no package name for target ${target}`);
  return name;
}
