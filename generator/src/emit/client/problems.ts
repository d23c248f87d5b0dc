/**
 * `src/problems.ts`: the problem variants of the spec by slug. A variant is a named schema carrying
 * `x-problem-slug`; its `type` member is matched by its `const` (exact) or `pattern` (a RegExp built with
 * the codegen's `regex`), falling back to a `/<slug>` suffix.
 */
import { code, docComment, lit, propKey, regex, type Code } from '../../codegen/index.ts';
import type { ApiModel, NamedSchema, Schema } from '../../model/types.ts';
import { typeRef } from './code-helpers.ts';

export interface ProblemVariant {
  slug: string;
  typeName: string;
  /** Exact `type` value, or a pattern its `type` matches. */
  match: { exact: string } | { pattern: string };
}

/** The `type` member's schema of a variant: its own, or from an inline `allOf` member; const/pattern ones first. */
function typeMember(schema: Schema, depth = 0): { const?: unknown; pattern?: string } | undefined {
  if (typeof schema !== 'object' || depth > 4) return undefined;
  const own = schema.properties?.type;
  const candidates = [own, ...(schema.allOf ?? []).map((s) => typeMember(s, depth + 1))];
  for (const c of candidates) {
    if (c && typeof c === 'object' && (typeof c.const === 'string' || typeof c.pattern === 'string'))
      return c as { const?: unknown; pattern?: string };
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

export function problemVariants(model: ApiModel): ProblemVariant[] {
  const out: ProblemVariant[] = [];
  const seen = new Set<string>();
  for (const s of model.schemas as NamedSchema[]) {
    if (typeof s.schema !== 'object') continue;
    const slug = s.schema['x-problem-slug'];
    if (typeof slug !== 'string' || seen.has(slug)) continue;
    seen.add(slug);
    const t = typeMember(s.schema);
    const match =
      typeof t?.const === 'string'
        ? { exact: t.const }
        : typeof t?.pattern === 'string'
          ? { pattern: t.pattern }
          : { pattern: `(^|/)${escapeRegExp(slug)}$` };
    out.push({ slug, typeName: s.typeName, match });
  }
  return out;
}

function matcher(match: ProblemVariant['match']): Code {
  if ('exact' in match) return lit(match.exact);
  try {
    return regex(match.pattern, 'u');
  } catch {
    return regex(match.pattern, '');
  }
}

export function emitProblems(model: ApiModel, typesPackage: string, header: Code): Code {
  const variants = problemVariants(model);
  const members = variants.map((v) => code`  ${propKey(v.slug)}: ${typeRef(v.typeName)};\n`);
  const table = variants.map((v) => code`  [${lit(v.slug)}, ${matcher(v.match)}],\n`);
  const typesImport = variants.length ? code`import type * as T from ${lit(typesPackage)};\n` : code``;
  const example = variants.find((v) => v.slug !== 'about:blank')?.slug;
  const doc = docComment([`The problem variants of the API by slug (\`x-problem-slug\`)${example ? `, e.g. \`isProblem(err, ${JSON.stringify(example)})\`` : ''}.`]);
  return code`${header}${typesImport}import { ApiError } from './runtime/errors.js';

${doc}export interface ProblemTypes {
${members}}

export type ProblemSlug = keyof ProblemTypes;

/** How each variant's \`type\` is recognised: exact value, or a pattern (the problem base URL is not fixed). */
const PROBLEM_TYPES: readonly (readonly [ProblemSlug, string | RegExp])[] = [
${table}];

/** The slug of a problem object, or of an \`ApiError\`'s problem, from its \`type\`. */
export function problemSlug(value: unknown): ProblemSlug | undefined {
  const problem = value instanceof ApiError ? value.problem : value;
  const type = problem && typeof problem === 'object' ? (problem as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') return undefined;
  for (const [slug, m] of PROBLEM_TYPES) if (typeof m === 'string' ? type === m : m.test(type)) return slug;
  return undefined;
}

/**
 * True when \`error\` is an \`ApiError\` whose body is the problem variant \`slug\`; narrows \`error.problem\`
 * to that variant and its extra members.
 */
export function isProblem<S extends ProblemSlug>(error: unknown, slug: S): error is ApiError & { problem: ProblemTypes[S] } {
  return error instanceof ApiError && problemSlug(error) === slug;
}

/** True when a problem object (e.g. an item of a success body's \`errors\`) is the variant \`slug\`. */
export function matchesProblem<S extends ProblemSlug>(problem: unknown, slug: S): problem is ProblemTypes[S] {
  return !(problem instanceof ApiError) && problemSlug(problem) === slug;
}
`;
}
