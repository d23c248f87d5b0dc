/**
 * The server's own problems (validation failures, credentials, limits; the mock's too) in the shape the
 * operation's declared error response gives problem documents, where it declares one
 * (`TableProblemShape`, from model/facts/problem-shape.ts): a variant is picked by the problem's status and
 * purpose, filled from the problem (its `errors` too), and checked with the operation's response validator;
 * the first variant whose filled body is valid is answered. A problem already valid under the schema is
 * left as it is, and so is one no variant can hold (generation warned about those): RFC 9457 stays the
 * default where the spec says nothing.
 */
import { isProblemBody, statusTitle, type ProblemBody } from './problems.js';
import { findResponse } from './serialize.js';
import type { CompiledOperation } from './stages.js';
import type { ApiTable, HandlerResult, Json, TableProblemShape } from './types.js';

type Variant = TableProblemShape['variants'][number];

const VALIDATE_RESPONSE = { direction: 'response' as const };

/** What a problem of each status is about, as the words a problem type's URI or schema name use for it. */
const PURPOSES: Record<number, RegExp> = {
  400: /invalid|validation|bad.?request|malformed/,
  401: /unauthori[sz]ed|unauthenticated|authentication|credential/,
  403: /forbidden|permission|scope|access/,
  404: /not.?found/,
  406: /acceptable/,
  408: /time.?out/,
  413: /too.?large|payload|size/,
  415: /media.?type|unsupported/,
  429: /rate|too.?many|limit|capped/,
  501: /implemented/,
};

/** The result in the operation's declared problem shape, or as it is (see the module comment). */
export function inSpecShape(table: ApiTable, c: CompiledOperation, result: HandlerResult): HandlerResult {
  const shapes = table.problemShapes;
  const validator = c.validator;
  // Without the operation's validator nothing says which filling is valid: RFC 9457 as made.
  if (!shapes || !validator || !isProblemBody(result.body)) return result;
  const index = findResponse(c.op, result.status)?.problem;
  const shape = index === undefined ? undefined : shapes[index];
  if (!shape) return result;
  const valid = (body: unknown) => validator.response(result.status, shape.mediaType, body, VALIDATE_RESPONSE).valid;
  const body = shapedProblem(shape, result.status, result.body, valid);
  return body === undefined ? result : { ...result, body, contentType: shape.mediaType };
}

/**
 * `problem` in `shape` (answered with `shape.mediaType`): as it is when `valid` accepts it, else the first
 * filled variant `valid` accepts; undefined when none is (RFC 9457 stays). `valid` is the declared error
 * response's validator (the webhook receiver's refusals use this too).
 */
export function shapedProblem(
  shape: TableProblemShape,
  status: number,
  problem: ProblemBody,
  valid: (body: unknown) => boolean,
): unknown {
  if (valid(problem)) return problem;
  for (const variant of candidates(shape.variants, status)) {
    const full = fill(variant, variant.carries, problem, status);
    if (valid(full)) return full;
    const minimal = fill(variant, variant.requires, problem, status);
    if (valid(minimal)) return minimal;
  }
  return undefined;
}

/**
 * The variants to try, best first: for this status and this purpose; for this purpose; for this status;
 * generic ones (no fixed `type`); the rest. A variant fixed to another status is never one.
 */
function candidates(variants: TableProblemShape['variants'], status: number): Variant[] {
  const usable = variants.filter((v) => v.status === undefined || v.status === status);
  const purpose = PURPOSES[status];
  const about = (v: Variant) => purpose !== undefined && purpose.test(v.hint);
  const tiers = [
    usable.filter((v) => v.status === status && about(v)),
    usable.filter((v) => about(v)),
    usable.filter((v) => v.status === status),
    usable.filter((v) => v.fixed.type === undefined),
    usable,
  ];
  return [...new Set(tiers.flat())];
}

/** A variant's body: its fixed members, then `members` from the problem (made up where it lacks them). */
function fill(
  variant: Variant,
  members: readonly string[],
  problem: ProblemBody,
  status: number,
): Record<string, Json> {
  const body: Record<string, Json> = {};
  for (const key of Object.keys(variant.fixed)) put(body, key, variant.fixed[key]!);
  for (const member of members) {
    const value = problem[member] ?? fallback(member, problem, status);
    if (value !== undefined) put(body, member, value as Json);
  }
  return body;
}

/** A member the runtime problem lacks: the status, its title, the title as the detail, the detail as the one error. */
function fallback(member: string, problem: ProblemBody, status: number): Json | undefined {
  switch (member) {
    case 'status':
      return status;
    case 'title':
      return statusTitle(status);
    case 'detail':
      return problem.title;
    case 'errors':
      // A refusal that is not about parameters (a 415, a 413) as the one error the problem describes.
      return [{ message: problem.detail ?? problem.title, parameters: {} }];
    case 'type':
      return 'about:blank';
    default:
      return undefined;
  }
}

/** An own data property, whatever the key (`__proto__` stays an ordinary member). */
function put(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
