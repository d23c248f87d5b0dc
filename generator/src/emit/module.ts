/**
 * Assembling one generated TypeScript module. Statements are text built by codegen (the one safe builder);
 * ts-morph's writer prints the module directly. Creating a ts-morph SourceFile instead would parse the
 * whole output again — about a second for GitHub's 5 MB of types — only to print it back.
 */
import { Project } from 'ts-morph';
import { code, ident, join, lit, type Code } from '../codegen/code.ts';
import type { EmittedFile } from './emitter.ts';

export interface ModuleImport {
  moduleSpecifier: string;
  namedImports?: string[];
  namespaceImport?: string;
  isTypeOnly?: boolean;
}

let project: Project | undefined;

function writer() {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { noLib: true } });
  return project.createWriter();
}

/** One import declaration; names are checked identifiers, the specifier a string literal. */
export function importDeclaration(i: ModuleImport): Code {
  const typeOnly = i.isTypeOnly ? code`type ` : code``;
  if (i.namespaceImport) return code`import ${typeOnly}* as ${ident(i.namespaceImport)} from ${lit(i.moduleSpecifier)};`;
  const names = [...new Set(i.namedImports ?? [])].sort().map((n) => ident(n));
  return code`import ${typeOnly}{ ${join(names)} } from ${lit(i.moduleSpecifier)};`;
}

export function renderModule(path: string, header: Code, imports: ModuleImport[], statements: Code[]): EmittedFile {
  const w = writer();
  w.write(header.text.trimEnd()).newLine();
  const sorted = [...imports].sort((a, b) => (a.moduleSpecifier < b.moduleSpecifier ? -1 : a.moduleSpecifier > b.moduleSpecifier ? 1 : 0));
  for (const i of sorted) w.write(importDeclaration(i).text).newLine();
  for (const statement of statements) w.blankLineIfLastNot().write(statement.text).newLineIfLastNot();
  return { path, contents: w.toString(), format: 'typescript' };
}
