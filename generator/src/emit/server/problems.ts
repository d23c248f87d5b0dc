/**
 * `src/problems.ts`: one constructor per problem type of the spec (`problems.resourceNotFound({...})`),
 * typed by the variant's schema and returning a result handlers can answer with directly. Printed as
 * prettier prints it (pretty.ts); a constructor of a shape not reproduced there leaves the `problems`
 * statement to prettier.
 */
import { builders } from 'prettier/doc';
import { code, docComment, ident, lit, propKey, type Code } from '../../codegen/index.ts';
import { isPropertyName } from '../../codegen/code.ts';
import type { ApiModel } from '../../model/types.ts';
import { callArguments, commentDoc, NotPrinted, printDoc, prettyString } from '../../codegen/pretty-doc.ts';
import { typeArguments } from './pretty.ts';
import { problemsOf, type ProblemInfo } from './table.ts';

const { group, indent, softline, line, ifBreak, join, hardline } = builders;
type Doc = builders.Doc;

/** Longer names than this leave the statement to prettier (their layout is not reproduced here). */
const MAX_NAME = 60;

function describe(p: ProblemInfo): string {
  const slugText = p.slug === 'about:blank' ? 'about:blank' : `\`${p.slug}\``;
  return p.statusRequired ? `${p.title}: a problem of type ${slugText}; the status is required.` : `${p.title}: a problem of type ${slugText} (status ${String(p.status)} unless given).`;
}

/** The members of `problems` as code for prettier to format (the fallback). */
function memberCode(p: ProblemInfo): Code {
  const bodyType = p.typeName ? code`T.${ident(p.typeName)}` : code`ProblemBody`;
  const fields = p.typeName ? code`ProblemFields<T.${ident(p.typeName)}>` : code`{ title?: string; detail?: string }`;
  if (p.statusRequired) {
    return code`
  ${docComment([describe(p)])}${propKey(p.constructorName)}<S extends number>(status: S, fields: ${fields} = {} as ${fields}, headers?: HeaderValues): ProblemResult<NoInfer<S>, ${bodyType}> {
    return factory.make(${lit(p.slug)}, status, fields as Record<string, unknown>, headers) as ProblemResult<NoInfer<S>, ${bodyType}>;
  },`;
  }
  return code`
  ${docComment([describe(p)])}${propKey(p.constructorName)}<S extends number = ${lit(p.status)}>(fields: ${fields}, status?: S, headers?: HeaderValues): ProblemResult<NoInfer<S>, ${bodyType}> {
    return factory.make(${lit(p.slug)}, status ?? ${lit(p.status)}, fields as Record<string, unknown>, headers) as ProblemResult<NoInfer<S>, ${bodyType}>;
  },`;
}

/**
 * One constructor as prettier lays out an object method: the parameters break (one per line, trailing
 * comma) when the signature is too wide; in the body the call's arguments break first, the result type's
 * arguments when even `…) as ProblemResult<` leaves no room.
 */
function memberDoc(p: ProblemInfo): Doc {
  if (!isPropertyName(p.constructorName) || p.constructorName.length > MAX_NAME || (p.typeName && p.typeName.length > MAX_NAME)) throw new NotPrinted('name');
  if (!p.statusRequired && !(Number.isSafeInteger(p.status) && p.status >= 0)) throw new NotPrinted('status');
  const objectType = () => group(['{', indent([line, 'title?: string;', line, 'detail?: string']), ifBreak(';'), line, '}']);
  const fields = () => (p.typeName ? `ProblemFields<T.${p.typeName}>` : objectType());
  const bodyType = p.typeName ? `T.${p.typeName}` : 'ProblemBody';
  const result = () => ['ProblemResult', typeArguments(['NoInfer<S>', bodyType])];
  const status = String(p.status);
  const params = p.statusRequired ? ['status: S', ['fields: ', fields(), ' = {} as ', fields()], 'headers?: HeaderValues'] : [['fields: ', fields()], 'status?: S', 'headers?: HeaderValues'];
  const typeParameters = p.statusRequired ? '<S extends number>' : `<S extends number = ${status}>`;
  const signature = group([['(', indent([softline, join([',', line], params)]), ifBreak(','), softline, ')'], ': ', result()]);
  const call = group(['factory.make', callArguments([prettyString(p.slug), p.statusRequired ? 'status' : `status ?? ${status}`, ['fields as Record', typeArguments(['string', 'unknown'])], 'headers'])]);
  const body = ['{', indent([hardline, 'return ', call, ' as ', result(), ';']), hardline, '}'];
  return [commentDoc(docComment([describe(p)]).text), p.constructorName, typeParameters, signature, ' ', body, ','];
}

/** `export const problems = {…};` as prettier prints it (the object is broken: one member per line). */
function problemsStatement(problems: readonly ProblemInfo[]): string {
  if (!problems.length) return 'export const problems = {};';
  return printDoc(['export const problems = {', indent(problems.map((p) => [hardline, memberDoc(p)])), hardline, '};']);
}

/** What goes before `problems`: fixed text (but for the types package, a string) in prettier's layout. */
function prologue(typesPackage: string): string {
  return `import type * as T from ${prettyString(typesPackage)};
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

/** The module after its header as code for prettier to format (what `printProblems` must equal, formatted). */
export function problemsSource(list: readonly ProblemInfo[], typesPackage: string): string {
  return prologue(typesPackage) + code`export const problems = {${list.map(memberCode)}\n};\n`.text;
}

/**
 * The module after its header: the prologue, then `problems` — printed formatted, or as code for prettier
 * (`pending`) when a constructor's shape is not reproduced.
 */
export function printProblems(list: readonly ProblemInfo[], typesPackage: string): { prologue: string; problems: string; pending: boolean } {
  try {
    return { prologue: prologue(typesPackage), problems: problemsStatement(list) + '\n', pending: false };
  } catch (error) {
    if (!(error instanceof NotPrinted)) throw error;
    return { prologue: prologue(typesPackage), problems: code`export const problems = {${list.map(memberCode)}\n};\n`.text, pending: true };
  }
}

export function emitProblems(model: ApiModel, typesPackage: string): { prologue: string; problems: string; pending: boolean } {
  return printProblems(problemsOf(model), typesPackage);
}
