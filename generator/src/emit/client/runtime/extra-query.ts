/**
 * Query parameters the operation does not declare, written after its own (`form`, exploded): a call's
 * `query` option — the `extraQuery` feature: `createClient` has it built in, `createCore` has it only when
 * given `{ extraQuery }` (its functions' types refuse the option without it) — and the `extraQuery` argument
 * of an operation whose spec does not list every parameter (`x-open-parameters`: its table entry carries
 * this writer as `openQuery`). A bundle that uses neither does not carry it.
 */
import { serializeDefault, type ParamSink } from './serialize.js';

/** Writes the extra parameters `given` (an object, or nothing) to the query; `label` names them in errors. */
export type QueryWriter = (given: unknown, label: string, to: ParamSink) => void;

/** The `extraQuery` feature (see the top of this file). */
export const extraQuery: QueryWriter = (given, label, to) => {
  if (given == null) return;
  if (typeof given !== 'object' || Array.isArray(given))
    throw new TypeError(`${label} must be an object of query parameters`);
  for (const [name, value] of Object.entries(given))
    if (value !== undefined) to.query.push(serializeDefault('form', true, name, value));
};
