/** `src/schemas.ts`: `validate<X>` and `is<X>` for every component schema (and hoisted synthetic ones). */
import { code, docComment, ident, type Code } from '../../../codegen/index.ts';
import { ModulePrinter } from '../../../codegen/pretty-module.ts';
import { namespaceImport, type ModuleLine } from '../../../codegen/module-lines.ts';
import type { ApiModel } from '../../../model/types.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import { entryFactories, makeFunction, type EntryStatement } from '../module/entry.ts';
import { prettyImports } from '../module/pretty.ts';
import { PackageRefs } from '../module/symbols.ts';
import type { ApiDocument } from './document.ts';

export const SCHEMAS = './schemas.js';

/** The statements, printed by the one printer (module/entry.ts). */
export function schemaStatements(model: ApiModel, doc: ApiDocument, symbols: SymbolRegistry): { statements: EntryStatement[]; imports: ModuleLine[] } {
  const refs = new PackageRefs(symbols, SCHEMAS);
  const ref = refs.ref;
  const statements: EntryStatement[] = [];
  for (const s of model.schemas) {
    const fns = doc.compiler.entry(doc.schema(s));
    // The export's name says which type; the comment says where its schema is (not the name again: on
    // GitHub's spec that was 49 KB of schemas.ts).
    const doc_ = docComment([`${s.synthetic ? `Hoisted from ${s.pointer}; validates` : 'Validates'} against \`#/components/schemas/${s.key}\`.`]);
    statements.push(...entryFactories({ name: s.typeName, type: code`T.${ident(s.typeName)}`, check: fns.check, errors: fns.errors, doc: doc_, ref }));
  }
  return { statements: statements.length ? [makeFunction(), ...statements] : statements, imports: refs.imports() };
}

export function schemasFile(header: Code, typesPackage: string, parts: { statements: EntryStatement[]; imports: ModuleLine[] }): ModulePrinter {
  // The entries are typed by the types package (`T.Name`); a spec without schemas imports nothing of it.
  const types = parts.statements.length ? [namespaceImport('T', typesPackage, true)] : [];
  const imports = [...types, ...parts.imports];
  const module = new ModulePrinter().statement(header.text);
  if (imports.length) module.statement(prettyImports(imports));
  for (const s of parts.statements) module.statement(s.text, s.formatted);
  return module;
}
