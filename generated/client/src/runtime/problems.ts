/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Recognising a problem variant (RFC 7807) by its `type` member. The table is the spec's (`src/problems.ts`
 * writes `PROBLEM_TYPES` and binds `problemSlug`, `isProblem` and `matchesProblem` to it); how a `type` is
 * matched against it is the same for every spec, so it is written here once.
 */
import { ApiError } from './errors.js';

/** Per variant slug, its exact `type` value or a pattern its `type` matches (the problem base URL is not fixed). */
export type ProblemTable<Slug extends string> = readonly (readonly [Slug, string | RegExp])[];

/** The slug of a problem object, or of an `ApiError`'s problem, from its `type`: the first row of `table` it matches. */
export function slugOfProblem<Slug extends string>(table: ProblemTable<Slug>, value: unknown): Slug | undefined {
  const problem = value instanceof ApiError ? value.problem : value;
  const type = problem && typeof problem === 'object' ? (problem as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') return undefined;
  for (const [slug, m] of table) if (typeof m === 'string' ? type === m : m.test(type)) return slug;
  return undefined;
}
