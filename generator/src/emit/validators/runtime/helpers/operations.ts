/** Operation validators: status and media type lookup, running a compiled check, response/body tables. */
import { _deep, _opts, type ValidateOptions, type ValidationError, type ValidationResult } from '../public.ts';
import { _input } from './core.ts';

/** Index of the response declared for a status: exact code, then its range (4XX), then default; -1 if none. */
export function _status(status: number | string, declared: readonly string[]): number {
  const code = String(status);
  let i = declared.indexOf(code);
  if (i === -1) i = declared.indexOf(code.charAt(0) + 'XX');
  if (i === -1) i = declared.indexOf(code.charAt(0) + 'xx');
  if (i === -1) i = declared.indexOf('default');
  return i;
}

/**
 * Index of the declared media type matching one sent or received: exact, then without parameters and case,
 * then type/any, then any/any; the first one when none is given; -1 if none matches.
 */
export function _media(mediaType: string | undefined, declared: readonly string[]): number {
  if (mediaType === undefined) return declared.length ? 0 : -1;
  let i = declared.indexOf(mediaType);
  if (i !== -1) return i;
  const semi = mediaType.indexOf(';');
  const base = (semi === -1 ? mediaType : mediaType.slice(0, semi)).trim().toLowerCase();
  for (i = 0; i < declared.length; i++) if (declared[i]!.toLowerCase() === base) return i;
  const slash = base.indexOf('/');
  i = declared.indexOf(base.slice(0, slash + 1) + '*');
  return i !== -1 ? i : declared.indexOf('*/*');
}

/**
 * Runs a compiled errors function as a public validator does (schema and operation validators share this):
 * on the value or, under prototype pollution, its copy (`_input`); a valid result holds the caller's value.
 * `sp` is the schema path of the checked schema for a function shared by equal schemas (others ignore it).
 */
export function _run<T>(check: _Check, value: unknown, o: number, sp = ''): ValidationResult<T> {
  const E: ValidationError[] = [];
  try {
    if (check(_input(value, o), o, '', E, sp)) return { valid: true, value: value as T };
  } catch (e) {
    return _deep(e);
  }
  return { valid: false, errors: E };
}

/** A compiled errors function (`sp`: see `_run`). */
export type _Check = (v: any, o: number, p: string, E: ValidationError[], sp: string) => boolean;

/**
 * An operation's responses: statuses as declared, and per status its media types, their checks and, for
 * checks shared by equal schemas, the schema paths to pass them.
 */
export interface _Responses {
  s: readonly string[];
  m: readonly (readonly string[])[];
  f: readonly (readonly _Check[])[];
  p?: readonly (readonly string[])[];
}

/** Validates a response body by status (exact, range, default) and media type. */
export function _respond<T>(
  t: _Responses,
  status: number | string,
  mediaType: string,
  body: unknown,
  options: ValidateOptions | undefined,
): ValidationResult<T> {
  const i = _status(status, t.s);
  if (i === -1) return _fail('status', 'status ' + String(status) + ' is not declared', { status, declared: t.s });
  const media = t.m[i]!;
  if (media.length === 0) {
    return body === undefined
      ? { valid: true, value: body as T }
      : _fail('content', 'no content is declared for status ' + t.s[i], { status });
  }
  const j = _media(mediaType, media);
  if (j === -1)
    return _fail('mediaType', 'media type ' + String(mediaType) + ' is not declared', { mediaType, allowed: media });
  return _run<T>(t.f[i]![j]!, body, _opts(options, false), t.p?.[i]?.[j]);
}

/** An operation's request body: required or not, media types, their checks and schema paths (as `_Responses`). */
export interface _Body {
  r: boolean;
  m: readonly string[];
  f: readonly _Check[];
  p?: readonly string[];
}

/** Validates a request body by media type (the first declared one when none is given). */
export function _request<T>(
  t: _Body,
  body: unknown,
  mediaType: string | undefined,
  options: ValidateOptions | undefined,
): ValidationResult<T> {
  if (body === undefined)
    return t.r ? _fail('required', 'request body is required', {}) : { valid: true, value: body as T };
  const j = _media(mediaType, t.m);
  if (j === -1)
    return _fail('mediaType', 'media type ' + String(mediaType) + ' is not declared', { mediaType, allowed: t.m });
  return _run<T>(t.f[j]!, body, _opts(options, true), t.p?.[j]);
}

/** A result with one error about the call itself (status, media type, missing body). */
export function _fail(
  keyword: string,
  message: string,
  params: Record<string, unknown>,
): { valid: false; errors: ValidationError[] } {
  return { valid: false, errors: [{ instancePath: '', schemaPath: '#', keyword, message, params }] };
}
