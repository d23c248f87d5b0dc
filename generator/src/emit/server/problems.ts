/**
 * `src/problems.ts`: one constructor per problem type of the spec (`problems.resourceNotFound({...})`),
 * typed by the variant's schema and returning a result handlers can answer with directly. Built as nodes
 * and laid out by the one printer (codegen/pretty/), which leaves a shape it does not reproduce to
 * prettier (the `problems` statement alone).
 */
import * as nodes from '../../codegen/ts-nodes.ts';
import { printer } from '../../codegen/printer.ts';
import { moduleLineText, namedLine, namespaceImport, typeName, type ModuleLine } from '../../codegen/module-lines.ts';
import { printModuleLine } from '../../codegen/pretty-doc.ts';
import type { PrintedModule } from '../../codegen/pretty-module.ts';
import { NodeModulePrinter } from '../../codegen/ts-print.ts';
import type { Statement } from '../../codegen/ts-nodes.ts';
import type { ApiModel } from '../../model/types.ts';
import type { Nodes } from '../emitter.ts';
import { problemsOf, type ProblemInfo } from './table.ts';

function describe(p: ProblemInfo): string {
  const slugText = p.slug === 'about:blank' ? 'about:blank' : `\`${p.slug}\``;
  return p.statusRequired ? `${p.title}: a problem of type ${slugText}; the status is required.` : `${p.title}: a problem of type ${slugText} (status ${String(p.status)} unless given).`;
}

/** One constructor as an object method: the variant's fields (typed by its schema), its status, extra headers. */
function member(n: Nodes, p: ProblemInfo) {
  const ref = n.typeRef;
  const bodyType = p.typeName ? n.qualifiedTypeRef('T', p.typeName) : ref('ProblemBody');
  const fields = () =>
    p.typeName
      ? ref('ProblemFields', [n.qualifiedTypeRef('T', p.typeName)])
      : n.typeLiteral([n.propertySignature('title', n.keywordType('string'), { optional: true }), n.propertySignature('detail', n.keywordType('string'), { optional: true })], { singleLine: true });
  const result = () => ref('ProblemResult', [ref('NoInfer', [ref('S')]), bodyType]);
  const headers = { name: 'headers', type: ref('HeaderValues'), optional: true };
  const status = p.statusRequired ? n.valueRef('status') : n.binary(n.valueRef('status'), '??', n.literalExpression(p.status));
  const make = n.callExpression(n.propertyAccess(n.valueRef('factory'), 'make'), [
    n.literalExpression(p.slug),
    status,
    n.asType(n.valueRef('fields'), ref('Record', [n.keywordType('string'), n.keywordType('unknown')])),
    n.valueRef('headers'),
  ]);
  const signature = p.statusRequired
    ? {
        typeParameters: [{ name: 'S', constraint: n.keywordType('number') }],
        parameters: [{ name: 'status', type: ref('S') }, { name: 'fields', type: fields(), initializer: n.asType(n.objectLiteral([]), fields()) }, headers],
        returns: result(),
      }
    : {
        typeParameters: [{ name: 'S', constraint: n.keywordType('number'), default: n.literalType(p.status) }],
        parameters: [{ name: 'fields', type: fields() }, { name: 'status', type: ref('S'), optional: true }, headers],
        returns: result(),
      };
  return n.method(p.constructorName, signature, [n.returnStatement(n.asType(make, result()))], [describe(p)]);
}

/** `export const problems = {…};`: one constructor per problem type (the object written one member a line). */
function problemsStatement(list: readonly ProblemInfo[]) {
  const object = nodes.objectLiteral(list.map((p) => member(nodes, p)), { multiLine: true });
  return nodes.constDeclaration('problems', object, ['Constructors for every problem type the spec defines.']);
}

/**
 * The module's imports: the types package's schemas, the table, the runtime's factory and types; those the
 * statements name (`ProblemBody` types only a problem without a schema of its own).
 */
function imports(typesPackage: string, statements: readonly Statement[]): ModuleLine[] {
  const named = nodes.namesIn(statements);
  const lines = [
    namespaceImport('T', typesPackage, true),
    namedLine('import', ['API'], './api.js'),
    namedLine('import', ['ProblemFactory', typeName('ProblemBody')], './runtime/problems.js'),
    namedLine('import', ['HeaderValues'], './runtime/types.js', true),
  ];
  return lines.flatMap((line): ModuleLine[] => {
    if ('namespace' in line) return named.has(line.namespace) ? [line] : [];
    if (!('names' in line)) return [line];
    const names = line.names.filter((n) => named.has(n.name));
    return names.length ? [{ ...line, names }] : [];
  });
}

/** What goes before `problems`, the same for every spec: `ProblemResult`, `ProblemFields`, the factory. */
function prologue(): Statement[] {
  const n = nodes;
  const result = n.interfaceDeclaration(
    'ProblemResult',
    [
      n.propertySignature('status', n.typeRef('S')),
      n.propertySignature('body', n.typeRef('B')),
      n.propertySignature('contentType', n.literalType('application/problem+json')),
      n.propertySignature('headers', n.typeRef('HeaderValues'), { optional: true }),
    ],
    ['A handler result carrying a problem (`application/problem+json`).'],
    [{ name: 'S', constraint: n.keywordType('number') }, { name: 'B' }],
  );
  const omitted = n.unionType(['type', 'status', 'title'].map((key) => n.literalType(key)));
  const fields = n.typeAlias(
    'ProblemFields',
    n.intersectionType([n.typeRef('Omit', [n.typeRef('P'), omitted]), n.typeLiteral([n.propertySignature('title', n.keywordType('string'), { optional: true })], { singleLine: true })]),
    ['The members a constructor takes: everything but `type` and `status`, with `title` optional.'],
    [{ name: 'P' }],
  );
  const factory = n.lineComment(
    n.variable('const', 'factory', n.newExpression(n.valueRef('ProblemFactory'), [n.valueRef('API'), n.literalExpression('')])),
    "Types are written relative (the spec's paths); the server adds `options.problemBase` on the way out.",
  );
  return [result, fields, factory];
}

/** The module after its header as the compiler writes it, unformatted (what `printProblems` must equal, formatted). */
export function problemsSource(list: readonly ProblemInfo[], typesPackage: string): string {
  const body = [...prologue(), problemsStatement(list)];
  const statements = body.map((s) => printer.plain(s));
  return `${imports(typesPackage, body).map(moduleLineText).join('\n')}\n\n${statements.join('\n\n')}\n`;
}

/**
 * The module after its header (`head`, a comment ending in a newline, or empty): the imports, the prologue,
 * then `problems` — each printed formatted, or left to prettier (`pending`: the file's `formatted` ranges)
 * when the printer does not reproduce a constructor's shape.
 */
export function printProblems(list: readonly ProblemInfo[], typesPackage: string, head = ''): PrintedModule & { pending: boolean } {
  const module = new NodeModulePrinter();
  if (head) module.line(head);
  const body = [...prologue(), problemsStatement(list)];
  for (const line of imports(typesPackage, body)) module.printed(() => printModuleLine(line), () => moduleLineText(line), 'line');
  for (const statement of body) module.node(statement);
  const printed = module.module();
  return { ...printed, pending: printed.formatted !== true };
}

export function emitProblems(model: ApiModel, typesPackage: string, head: string): PrintedModule & { pending: boolean } {
  return printProblems(problemsOf(model), typesPackage, head);
}
