/**
 * The fixed part of a generated validators package's `src/operations.ts`, the same for every spec: the
 * validators' shape (`_OperationTypes`, `_Validators`) and what `_operation` reads its rows with (`_At`,
 * `_token`, `_rows`). Its declarations are copied into the module as written (openapi/operation-helpers.ts);
 * `_operation` itself is built there as nodes, since it depends on the spec (the types package's
 * `Operations` map, whether any operation has a request body, the check of a location without
 * parameters). Imports are never copied: the generated module imports these names from its `./runtime.js`.
 */
import type { ValidateOptions, ValidationResult } from './public.ts';
import type { _Check } from './helpers/operations.ts';

/**
 * The members of an `Operations` entry that the validators type. `_Validators` is constrained by this shape,
 * not by the union of every entry (`T.Operations[keyof T.Operations]`): strict tsc relates
 * `T.Operations[K]` to such a union member by member, at a cost that grows with the square of the operations.
 */
export interface _OperationTypes {
  pathParams: unknown;
  query: unknown;
  headers: unknown;
  cookies: unknown;
  requestBody: unknown;
  response: unknown;
  errorResponse: unknown;
}

/** An operation's validators, typed by its entry in the types package's `Operations` map. */
export interface _Validators<O extends _OperationTypes, B = never> {
  pathParams(value: unknown, options?: ValidateOptions): ValidationResult<O['pathParams']>;
  query(value: unknown, options?: ValidateOptions): ValidationResult<O['query']>;
  headers(value: unknown, options?: ValidateOptions): ValidationResult<O['headers']>;
  cookies(value: unknown, options?: ValidateOptions): ValidationResult<O['cookies']>;
  requestBody(body: unknown, mediaType?: string, options?: ValidateOptions): ValidationResult<O['requestBody'] | B>;
  response(
    status: number | string,
    mediaType: string,
    body: unknown,
    options?: ValidateOptions,
  ): ValidationResult<O['response'] | O['errorResponse']>;
}

/** A compiled check, with the schema path to pass it where that is not the one its place gives. */
type _At = _Check | readonly [_Check, string];

/** A JSON pointer token: `~` and `/` escaped. */
function _token(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The media types, checks and schema paths of `[..., mediaType, check, ...]` from `from` on, under `sp`; a
 * check without a media type before it is for `application/json`.
 */
function _rows(row: readonly unknown[], from: number, sp: string): { m: string[]; f: _Check[]; p: string[] } {
  const t = { m: [] as string[], f: [] as _Check[], p: [] as string[] };
  for (let i = from; i < row.length; i++) {
    const m = typeof row[i] === 'string' ? (row[i++] as string) : 'application/json';
    const c = row[i] as _At;
    t.m.push(m);
    t.f.push(typeof c === 'function' ? c : c[0]);
    t.p.push(typeof c === 'function' ? sp + '/content/' + _token(m) + '/schema' : c[1]);
  }
  return t;
}
