/** `src/schemas.ts`: `validate<X>` and `is<X>` for every component schema (and hoisted synthetic ones). */
import { code, docComment, ident, join, type Code } from '../../../codegen/index.ts';
import type { ApiModel } from '../../../model/types.ts';
import { entryWrappers } from '../module/entry.ts';
import type { ApiDocument } from './document.ts';

export function schemaStatements(model: ApiModel, doc: ApiDocument): { statements: Code[]; used: Code[] } {
  const statements: Code[] = [];
  const used: Code[] = [];
  for (const s of model.schemas) {
    const fns = doc.compiler.entry(doc.schema(s));
    used.push(fns.check, fns.errors);
    const doc_ = docComment([`${s.typeName}${s.synthetic ? ` (hoisted from ${s.pointer})` : ''}: validates against \`#/components/schemas/${s.key}\`.`]);
    statements.push(entryWrappers({ name: s.typeName, type: code`T.${ident(s.typeName)}`, check: fns.check, errors: fns.errors, request: false, doc: doc_ }));
  }
  return { statements, used };
}

export function schemasFile(header: Code, typesPackage: Code, statements: Code[], used: Code[]): string {
  const imports = [
    code`import type * as T from ${typesPackage};`,
    code`import type { ValidateOptions, ValidationError, ValidationResult } from "./runtime.js";`,
    code`import { _deep, _opts } from "./runtime.js";`,
  ];
  if (used.length) imports.push(code`import { ${join([...new Map(used.map((u) => [u.text, u])).values()].sort((a, b) => (a.text < b.text ? -1 : 1)))} } from "./compiled.js";`);
  return join([header, join(imports, '\n'), ...statements], '\n\n').text + '\n';
}
