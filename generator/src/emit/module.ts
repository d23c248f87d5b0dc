/**
 * Assembling one generated TypeScript module with ts-morph: imports as structures (deduplicated, sorted),
 * statements as text built by codegen (the one safe builder), the file created once — never edited node by
 * node, which would re-parse it on every change.
 */
import { Project, StructureKind, type ImportDeclarationStructure, type OptionalKind } from 'ts-morph';
import type { Code } from '../codegen/code.ts';
import { indentCode } from '../codegen/indent.ts';
import type { EmittedFile } from './emitter.ts';

export interface ModuleImport {
  moduleSpecifier: string;
  namedImports?: string[];
  namespaceImport?: string;
  isTypeOnly?: boolean;
}

let project: Project | undefined;

function sharedProject(): Project {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { noLib: true } });
  return project;
}

export function renderModule(path: string, header: Code, imports: ModuleImport[], statements: Code[]): EmittedFile {
  const p = sharedProject();
  const importStructures: OptionalKind<ImportDeclarationStructure>[] = [...imports]
    .sort((a, b) => a.moduleSpecifier.localeCompare(b.moduleSpecifier))
    .map((i) => ({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: i.moduleSpecifier,
      isTypeOnly: i.isTypeOnly,
      namedImports: i.namedImports ? [...new Set(i.namedImports)].sort() : undefined,
      namespaceImport: i.namespaceImport,
    }));
  const file = p.createSourceFile(`/${path}`, { statements: [header.text.trimEnd(), ...importStructures, ...statements.map((s) => `${s.text}\n`)] }, { overwrite: true });
  const text = indentCode(file.getFullText());
  p.removeSourceFile(file);
  return { path, contents: text, format: 'typescript' };
}
