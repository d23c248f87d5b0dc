/**
 * Import and export statements as data: what the symbol registry (emit/symbols.ts) hands out, what plugins
 * build (`EmitContext.moduleLines`, docs/plugins.md), and what the printer lays out (pretty-doc.ts
 * `printModuleLine`, `ModulePrinter.moduleLine`), so no statement is written as text and read back.
 */
import { isIdentifier, stringifyLiteral } from './code.ts';

interface LineBase {
  keyword: 'import' | 'export';
  /** `import type` / `export type`. */
  typeOnly: boolean;
  /** The module specifier (`./runtime.js`, a package name), as a value: quoting is the printer's. */
  from: string;
}

/** One name of a named list: `a`, or with `typeOnly` `type A` (a type among values: `import { a, type A }`). */
export interface ModuleName {
  name: string;
  typeOnly?: boolean;
}

/** `import { a, type B } from 'm';` (or `export`, `import type`): the names in the order written. */
export interface NamedLine extends LineBase {
  names: readonly ModuleName[];
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

/** A name's identifier checked: a line is data, but what it holds becomes code, so nothing but a binding name gets in. */
function checked(name: string): string {
  if (!isIdentifier(name)) throw new Error(`import or export name ${JSON.stringify(name)} is not an identifier`);
  return name;
}

/** `type A` among values (`import { a, type A }`): the name with its modifier, as data. */
export function typeName(name: string): ModuleName {
  return { name: checked(name), typeOnly: true };
}

/**
 * `import { … } from 'm';` (or `export`; `typeOnly`: `import type`). A name is an identifier, or
 * `typeName(x)` for a type among values.
 */
export function namedLine(keyword: ModuleLine['keyword'], names: ReadonlyArray<string | ModuleName>, from: string, typeOnly = false): NamedLine {
  return { keyword, typeOnly, names: names.map(moduleName), from };
}

function moduleName(name: string | ModuleName): ModuleName {
  if (typeof name !== 'string') return { name: checked(name.name), typeOnly: name.typeOnly === true };
  return { name: checked(name), typeOnly: false };
}

export function namespaceImport(namespace: string, from: string, typeOnly = false): NamespaceLine {
  return { keyword: 'import', typeOnly, namespace: checked(namespace), from };
}

export function starExport(from: string): StarExport {
  return { keyword: 'export', typeOnly: false, star: true, from };
}

/**
 * `line` with every name checked again: a line a plugin wrote as an object literal rather than with the
 * constructors gets the same check before the printer spells it.
 */
export function checkedLine(line: ModuleLine): ModuleLine {
  if ('star' in line) return starExport(line.from);
  if ('namespace' in line) return namespaceImport(line.namespace, line.from, line.typeOnly);
  return namedLine(line.keyword, line.names, line.from, line.typeOnly);
}

/** The names of a named list as written: `a`, `type A`. */
export function spelledNames(line: NamedLine): string[] {
  return line.names.map((n) => (n.typeOnly ? `type ${n.name}` : n.name));
}

/** The statement on one line with the module in double quotes: the text a module formatted by prettier carries. */
export function moduleLineText(line: ModuleLine): string {
  const head = `${line.keyword}${line.typeOnly ? ' type' : ''}`;
  const what = 'star' in line ? '*' : 'namespace' in line ? `* as ${line.namespace}` : `{ ${spelledNames(line).join(', ')} }`;
  return `${head} ${what} from ${stringifyLiteral(line.from)};`;
}
