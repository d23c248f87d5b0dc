/**
 * Problems found in the input, each with a place. Every layer reports through `Diagnostic`; the CLI prints
 * them as `file:line:column: message` and exits 2. Nothing here ever prints a stack trace.
 */
import path from 'node:path';

export type Severity = 'error' | 'warning';

/** A place in the spec: a node's file, JSON pointer, line and column. */
export interface SourceLocation {
  file: string;
  /** JSON pointer within `file`. */
  pointer: string;
  line: number;
  column: number;
}

export interface Diagnostic {
  severity: Severity;
  message: string;
  /** File the problem is in (absolute), when known. */
  file?: string;
  line?: number;
  column?: number;
  /** JSON pointer within `file` (without the leading `#`). */
  pointer?: string;
  /** A short stable code, e.g. `yaml-syntax`, `ref-unresolved`, `meta-schema`, `duplicate-operation-id`. */
  code: string;
}

/** Thrown by load and model when the input cannot be used; carries every problem found, not just the first. */
export class SpecError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d)).join('\n') || 'invalid spec');
    this.name = 'SpecError';
  }
}

export function isSpecError(error: unknown): error is SpecError {
  return error instanceof SpecError;
}

/** `spec/x.yaml:12:5: message (at #/paths/~1a/get)` with the file relative to `cwd`. */
export function formatDiagnostic(d: Diagnostic, cwd = process.cwd()): string {
  let where = '';
  if (d.file) {
    // A URL (a remote spec's file) is printed as it is.
    const rel = /^[a-z][a-z0-9+.-]*:\/\//i.test(d.file) ? '' : path.relative(cwd, d.file);
    where = rel && !rel.startsWith('..') ? rel : d.file;
    if (d.line !== undefined) where += `:${d.line}:${d.column ?? 1}`;
    where += ': ';
  }
  const level = d.severity === 'warning' ? 'warning: ' : '';
  const at = d.pointer !== undefined ? ` (at #${d.pointer})` : '';
  return `${where}${level}${d.message}${at}`;
}

/** Orders diagnostics by file, line and column so output is stable. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.message.localeCompare(b.message),
  );
}
