/**
 * The public shape of a spec diff (`socialgen diff`, `diffSpecs`). The JSON output is this, as documented
 * in docs/diff.md; fields are only ever added, never renamed or removed.
 */

export type Level = 'breaking' | 'warning' | 'info';

/** Severity order, most severe first: the one ranking of levels (sorting, grouping, `--fail-on`). */
export const LEVEL_RANK: Readonly<Record<Level, number>> = { breaking: 0, warning: 1, info: 2 };
export type Semver = 'major' | 'minor' | 'patch' | 'none';
export type Direction = 'request' | 'response';

/** `file:line:column` of a changed node on one side; `file` is relative to the working directory (or the repository for a git side). */
export interface ChangeLocation {
  file: string;
  line: number;
  column: number;
  /** The git ref the file was read from, for a `git:REF:PATH` side. */
  ref?: string;
}

export interface Change {
  /** Stable kebab-case rule id (docs/diff.md lists them all). */
  id: string;
  level: Level;
  /** `GET /2/users/{id}/bookmarks` when the change belongs to one operation; null for shared or document-level changes affecting several. */
  operation: string | null;
  /** Every operation the change affects (one for an operation's own change; all users of a shared schema). */
  operations: string[];
  /** Component schema key when the change is inside a shared component (reported once for all its users). */
  component: string | null;
  /** JSON pointer into the bundled head document (the base document when the node is gone in head). */
  pointer: string;
  base: ChangeLocation | null;
  head: ChangeLocation | null;
  /** What changed and why it matters, readable without the spec. */
  message: string;
  /** Stable across unrelated edits, reordering and line moves: hash of rule id, owner and semantic path. */
  fingerprint: string;
  /**
   * The verdict for the generated packages' TypeScript API, when it differs from `level` (the verdict on the
   * wire): a query parameter `integer` → `string` is accepted by every server but no longer compiles where a
   * caller passes a number. This verdict, not the wire one, decides the packages' semver bump.
   */
  api?: ApiVerdict;
}

export interface ApiVerdict {
  level: Level;
  /** Why, in the terms of the generated code. */
  reason: string;
}

export interface ExportDelta {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface DiffSummary {
  breaking: number;
  warning: number;
  info: number;
  /** The bump the generated packages need. */
  semver: Semver;
  /** Changes accepted by the ignore file (not counted above). */
  ignored: number;
  /** Generated exports: client methods / server handler keys (`op.names.method`) and type names. */
  exports: { methods: ExportDelta; types: ExportDelta };
}

export interface IgnoredChange {
  change: Change;
  reason: string;
  expires?: string;
}

export interface DiffResult {
  summary: DiffSummary;
  /** Sorted: breaking first, then warning, info; within a level by operation, then pointer. */
  changes: Change[];
  ignored: IgnoredChange[];
  /** Things the reader should know that are not changes (expired ignore entries, entries that matched nothing). */
  notes: string[];
  /**
   * Problems in the specs that a review tolerates but the author should fix (an undeclared security scheme,
   * a duplicate operationId), as `[base] file:line:column: warning: message`. They do not change the exit code.
   */
  warnings: string[];
  base: SideInfo;
  head: SideInfo;
  /**
   * With `--project`: the compile errors the head's generated packages cause in the project (errors the base
   * also has are not listed), each traced to the change behind it when one can be named.
   */
  compileErrors?: CompileError[];
  /** With nested OAS 3.2 tags: the changes counted per tag of the hierarchy (diff/tag-groups.ts). */
  tagGroups?: TagGroup[];
}

/** One tag of the hierarchy and the changes touching its operations or those of the tags under it. */
export interface TagGroup {
  tag: string;
  /** The tag's `summary`, else its name. */
  title: string;
  /** 0 for a top-level tag, 1 for its children, … */
  depth: number;
  breaking: number;
  warning: number;
  info: number;
}

/** A TypeScript error in the user's project that the head introduces (`socialgen diff --project`). */
export interface CompileError {
  /** Relative to the working directory. */
  file: string;
  line: number;
  column: number;
  /** TypeScript's diagnostic code (`2339`: property does not exist) and message (first line). */
  code: number;
  message: string;
  /** The change that causes it, when one names the generated export the error is about. */
  change: { id: string; level: Level; message: string; fingerprint: string } | null;
}

export interface SideInfo {
  /** As given on the command line (`spec/x.yaml`, `git:origin/main:spec/x.yaml`). */
  label: string;
  title: string;
  version: string;
}
