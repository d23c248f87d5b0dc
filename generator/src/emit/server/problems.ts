/**
 * `src/problems.ts`: one constructor per problem type of the spec (`problems.resourceNotFound({...})`),
 * typed by the variant's schema and returning a result handlers can answer with directly.
 */
import { code, docComment, ident, lit, propKey, type Code } from '../../codegen/index.ts';
import type { ApiModel } from '../../model/types.ts';
import { problemsOf } from './table.ts';

export function emitProblems(model: ApiModel, typesPackage: string): Code {
  const members: Code[] = [];
  for (const p of problemsOf(model)) {
    const bodyType = p.typeName ? code`T.${ident(p.typeName)}` : code`ProblemBody`;
    const fields = p.typeName ? code`ProblemFields<T.${ident(p.typeName)}>` : code`{ title?: string; detail?: string }`;
    const slugText = p.slug === 'about:blank' ? 'about:blank' : `\`${p.slug}\``;
    if (p.statusRequired) {
      members.push(code`
  ${docComment([`${p.title}: a problem of type ${slugText}; the status is required.`])}${propKey(p.constructorName)}<S extends number>(status: S, fields: ${fields} = {} as ${fields}, headers?: HeaderValues): ProblemResult<NoInfer<S>, ${bodyType}> {
    return factory.make(${lit(p.slug)}, status, fields as Record<string, unknown>, headers) as ProblemResult<NoInfer<S>, ${bodyType}>;
  },`);
    } else {
      members.push(code`
  ${docComment([`${p.title}: a problem of type ${slugText} (status ${String(p.status)} unless given).`])}${propKey(p.constructorName)}<S extends number = ${lit(p.status)}>(fields: ${fields}, status?: S, headers?: HeaderValues): ProblemResult<NoInfer<S>, ${bodyType}> {
    return factory.make(${lit(p.slug)}, status ?? ${lit(p.status)}, fields as Record<string, unknown>, headers) as ProblemResult<NoInfer<S>, ${bodyType}>;
  },`);
    }
  }
  return code`import type * as T from ${lit(typesPackage)};
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
export const problems = {${members}
};
`;
}
