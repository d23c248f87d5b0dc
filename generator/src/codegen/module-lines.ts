/**
 * Import and export statements as data: what the symbol registry (emit/symbols.ts) hands out and the
 * printer lays out (pretty-doc.ts `printModuleLine`), so no statement is written as text and read back.
 */
import { stringifyLiteral } from './code.ts';

interface LineBase {
  keyword: 'import' | 'export';
  /** `import type` / `export type`. */
  typeOnly: boolean;
  /** The module specifier (`./runtime.js`, a package name), as a value: quoting is the printer's. */
  from: string;
}

/** `import { a, b } from 'm';` (or `export`, `type`): the names, identifiers, in the order written. */
export interface NamedLine extends LineBase {
  names: readonly string[];
}

/** `import * as T from 'm';` (or `type`). */
export interface NamespaceLine extends LineBase {
  namespace: string;
}

/** `export * from 'm';`: a module's exports passed on whole (a package index). */
export interface StarExport extends LineBase {
  keyword: 'export';
  star: true;
}

export type ModuleLine = NamedLine | NamespaceLine | StarExport;

export function namedLine(keyword: ModuleLine['keyword'], names: readonly string[], from: string, typeOnly = false): NamedLine {
  return { keyword, typeOnly, names, from };
}

export function namespaceImport(namespace: string, from: string, typeOnly = false): NamespaceLine {
  return { keyword: 'import', typeOnly, namespace, from };
}

export function starExport(from: string): StarExport {
  return { keyword: 'export', typeOnly: false, star: true, from };
}

/** The statement on one line with the module in double quotes: the text a module formatted by prettier carries. */
export function moduleLineText(line: ModuleLine): string {
  const head = `${line.keyword}${line.typeOnly ? ' type' : ''}`;
  const what = 'star' in line ? '*' : 'namespace' in line ? `* as ${line.namespace}` : `{ ${line.names.join(', ')} }`;
  return `${head} ${what} from ${stringifyLiteral(line.from)};`;
}
