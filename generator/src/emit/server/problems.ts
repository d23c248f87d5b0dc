/**
 * `src/problems.ts`: one constructor per problem type of the spec (`problems.resourceNotFound({...})`),
 * typed by the variant's schema and returning a result handlers can answer with directly. Built as nodes
 * and laid out by the one printer (codegen/pretty/), which leaves a shape it does not reproduce to
 * prettier (the `problems` statement alone).
 */
import * as nodes from '../../codegen/ts-nodes.ts';
import { printer } from '../../codegen/printer.ts';
import { printStatement } from '../../codegen/ts-print.ts';
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
  return nodes.constDeclaration('problems', nodes.objectLiteral(list.map((p) => member(nodes, p)), { multiLine: true }));
}

/** What goes before `problems`: fixed text (but for the types package, a string) in prettier's layout. */
function prologue(typesPackage: string): string {
  return `import type * as T from ${printer.string(typesPackage)};
import { API } from './api.js';
import { ProblemFactory, type ProblemBody } from './runtime/problems.js';
import type { HeaderValues } from './runtime/types.js';

/** A handler result carrying a problem (\`application/problem+json\`). */
export interface ProblemResult<S extends number, B> {
  status: S;
  body: B;
  contentType: 'application/problem+json';
  headers?: HeaderValues;
}

/** The members a constructor takes: everything but \`type\` and \`status\`, with \`title\` optional. */
export type ProblemFields<P> = Omit<P, 'type' | 'status' | 'title'> & { title?: string };

// Types are written relative (the spec's paths); the server adds \`options.problemBase\` on the way out.
const factory = new ProblemFactory(API, '');

/** Constructors for every problem type the spec defines. */
`;
}

/** The module after its header as the compiler writes it, unformatted (what `printProblems` must equal, formatted). */
export function problemsSource(list: readonly ProblemInfo[], typesPackage: string): string {
  return prologue(typesPackage) + printer.plain(problemsStatement(list)) + '\n';
}

/**
 * The module after its header: the prologue, then `problems` — printed formatted, or as code for prettier
 * (`pending`) when the printer does not reproduce a constructor's shape.
 */
export function printProblems(list: readonly ProblemInfo[], typesPackage: string): { prologue: string; problems: string; pending: boolean } {
  const { text, formatted } = printStatement(problemsStatement(list));
  return { prologue: prologue(typesPackage), problems: text + '\n', pending: !formatted };
}

export function emitProblems(model: ApiModel, typesPackage: string): { prologue: string; problems: string; pending: boolean } {
  return printProblems(problemsOf(model), typesPackage);
}
