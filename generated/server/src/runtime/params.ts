/* Copied by socialgen 0.1.0: the server runtime, identical for every spec. */
/**
 * Parameters from the wire: split by style/explode, coerced by the parameter's schema shape (numbers,
 * booleans, lists), collected into one object per location for the generated validators, and failures
 * mapped back to the parameters they concern (`errors: [{ message, parameters: { name: [values] } }]`).
 */
import type { ParameterError } from './problems.js';
import type { Coercion, ParameterLocation, TableOperation, TableParameter, ValidationError } from './types.js';
import { BracketError, bracketPath, decodeBrackets, DEFAULT_BRACKET_DEPTH } from './brackets.js';
import { safeDecode } from './router.js';
import { writeJson } from './json64.js';

export interface ParsedLocation {
  /** Values keyed by the parameter's spec name, ready for the validator. */
  values: Record<string, unknown>;
  /** The wire strings each parameter arrived as (for error messages). */
  raw: Record<string, string[]>;
}

export interface ParsedParameters {
  path: ParsedLocation;
  query: ParsedLocation;
  header: ParsedLocation;
  cookie: ParsedLocation;
  /** Failures found while parsing (bad encodings, duplicates, empty or unknown parameters). */
  errors: ParameterError[];
}

const NUMERIC = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The coercion of a declared member; an undeclared name (`toString`, `valueOf`) must not find an inherited function. */
function ownCoercion(properties: Record<string, Coercion>, key: string): Coercion | undefined {
  return Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
}

export function coerceScalar(text: string, coercion: Coercion): unknown {
  switch (coercion.type) {
    case 'number':
    case 'number-or-string':
      return NUMERIC.test(text) ? Number(text) : text;
    case 'int64':
      return INTEGER.test(text) ? BigInt(text) : NUMERIC.test(text) ? Number(text) : text;
    case 'boolean':
    case 'boolean-or-string':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'json':
      try {
        const parsed: unknown = JSON.parse(text);
        return hasForbiddenKey(parsed, 0) ? text : parsed;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

function hasForbiddenKey(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null || depth > 64) return depth > 64;
  if (Array.isArray(value)) return value.some((v) => hasForbiddenKey(v, depth + 1));
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return true;
    if (hasForbiddenKey((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

function delimiterOf(p: TableParameter): string {
  switch (p.style) {
    case 'spaceDelimited':
      return ' ';
    case 'pipeDelimited':
      return '|';
    case 'label':
      return p.explode ? '.' : ',';
    case 'matrix':
      return p.explode ? ';' : ',';
    default:
      return ',';
  }
}

/** One parameter from its occurrences on the wire (already percent-decoded). */
export function parseValue(p: TableParameter, occurrences: string[]): unknown {
  const c = p.coerce;
  if (c.type === 'array') {
    if (p.explode && (p.style === 'form' || p.in === 'cookie')) return occurrences.map((o) => coerceScalar(o, c.items));
    const text = occurrences[0]!;
    return (text === '' ? [] : text.split(delimiterOf(p))).map((o) =>
      coerceScalar(p.in === 'header' ? o.trim() : o, c.items),
    );
  }
  if (c.type === 'object') {
    const parts = occurrences[0]!.split(p.explode ? /[,=]/ : ',');
    const obj: Record<string, unknown> = {};
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const key = parts[i]!;
      if (FORBIDDEN_KEYS.has(key)) continue;
      const pc = ownCoercion(c.properties, key);
      obj[key] = pc ? coerceScalar(parts[i + 1]!, pc) : parts[i + 1];
    }
    return obj;
  }
  return coerceScalar(occurrences[0]!, c);
}

/** Query string (without `?`) → decoded name → decoded values. Invalid percent-encodings are reported. */
export function parseQueryString(query: string, badEncoding: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!query) return out;
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const nameText = rawName.indexOf('+') === -1 ? rawName : rawName.replace(/\+/g, ' ');
    const valueText = rawValue.indexOf('+') === -1 ? rawValue : rawValue.replace(/\+/g, ' ');
    const name = safeDecode(nameText);
    if (name === undefined) {
      badEncoding.add(nameText);
      continue;
    }
    let value = safeDecode(valueText);
    if (value === undefined) {
      badEncoding.add(name);
      value = valueText;
    }
    const list = out.get(name);
    if (list) list.push(value);
    else out.set(name, [value]);
  }
  return out;
}

/**
 * `Cookie` header → name → values. Values are percent-decoded (`style: form`) unless `decode` is false: OAS
 * 3.2's `style: cookie` passes them through as sent (any apparent percent-encoding MUST NOT be decoded).
 */
export function parseCookies(header: string | null, decode = true): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    const decoded = decode ? (safeDecode(value) ?? value) : value;
    const list = out.get(name);
    if (list) list.push(decoded);
    else out.set(name, [decoded]);
  }
  return out;
}

const LOCATION_WORD: Record<ParameterLocation, string> = {
  path: 'path',
  query: 'query',
  header: 'header',
  cookie: 'cookie',
};

function describeList(values: string[]): string {
  return values.map((v) => (v.length > 100 ? v.slice(0, 100) + '…' : v)).join(',');
}

export interface WireRequest {
  query: string;
  pathParams: Record<string, string>;
  pathBadEncoding: string[];
  header(name: string): string | null;
}

/** Parses every declared parameter of `op` from the request. */
export function parseParameters(
  op: TableOperation,
  wire: WireRequest,
  rejectUnknownQuery: boolean,
  ignoreQuery?: ReadonlySet<string>,
): ParsedParameters {
  const result: ParsedParameters = {
    path: { values: {}, raw: {} },
    query: { values: {}, raw: {} },
    header: { values: {}, raw: {} },
    cookie: { values: {}, raw: {} },
    errors: [],
  };
  const params = op.parameters;
  if (params.length === 0 && !wire.query) return result;
  const badQuery = new Set<string>();
  const query = wire.query ? parseQueryString(wire.query, badQuery) : new Map<string, string[]>();
  let cookies: Map<string, string[]> | undefined;
  let rawCookies: Map<string, string[]> | undefined;
  const declared = declaredQuery(op);

  for (const p of params) {
    let occurrences: string[] | undefined;
    if (p.querystring) {
      wholeQuery(p, wire.query, query, badQuery, result);
      continue;
    }
    if (p.style === 'cookie') {
      rawCookies ??= parseCookies(wire.header('cookie'), false);
      // Exploded objects are one cookie per member (`R=100; G=200`), named by the member.
      if (p.explode && p.coerce.type === 'object') {
        const obj = cookieMembers(p.coerce.properties, rawCookies);
        if (obj) {
          result.cookie.values[p.name] = obj;
          result.cookie.raw[p.name] = Object.entries(obj).map(([k]) => `${k}=${rawCookies!.get(k)![0]}`);
        }
        continue;
      }
      occurrences = rawCookies.get(p.name);
    } else if (p.in === 'path') {
      const v = wire.pathParams[p.name];
      if (v !== undefined) occurrences = [stripPathStyle(p, v)];
      if (wire.pathBadEncoding.includes(p.name)) {
        result.errors.push(encodingError(p, v ?? ''));
        continue;
      }
    } else if (p.in === 'query') {
      if (p.style === 'deepObject') {
        deepObjectParameter(p, query, result);
        continue;
      }
      occurrences = query.get(p.name);
      if (badQuery.has(p.name)) {
        result.errors.push(encodingError(p, occurrences?.join(',') ?? ''));
        continue;
      }
      if (occurrences && occurrences.length > 1 && !(p.explode && p.coerce.type === 'array' && p.style === 'form')) {
        result.errors.push({
          message: `The \`${p.name}\` query parameter may be given only once`,
          parameters: { [p.name]: occurrences },
        });
        continue;
      }
    } else if (p.in === 'header') {
      const v = wire.header(p.name.toLowerCase());
      if (v !== null) occurrences = [v];
    } else {
      cookies ??= parseCookies(wire.header('cookie'));
      occurrences = cookies.get(p.name);
    }
    if (!occurrences) continue;
    const location = result[p.in];
    location.raw[p.name] = occurrences;
    // An empty value (`?q=`, `?q`) is refused for every parameter, strings included, unless the spec's
    // `allowEmptyValue` (query parameters) admits it: OpenAPI's default is false.
    if (!p.allowEmptyValue && p.in !== 'path' && occurrences.length === 1 && occurrences[0] === '') {
      result.errors.push({
        message: `The \`${p.name}\` ${LOCATION_WORD[p.in]} parameter can not be empty`,
        parameters: { [p.name]: occurrences },
      });
      continue;
    }
    location.values[p.name] = parseValue(p, occurrences);
  }

  for (const name of badQuery) {
    if (!declared.isDeclared(name))
      result.errors.push({
        message: `The query parameter name [${name}] is not a valid percent-encoding`,
        parameters: { [name]: [] },
      });
  }
  if (rejectUnknownQuery) {
    for (const [name, values] of query) {
      if (declared.isDeclared(name) || ignoreQuery?.has(name)) continue;
      result.errors.push({
        message: `The query parameter [${name}] is not one of [${declared.list}]`,
        parameters: { [name]: values },
      });
    }
  }
  return result;
}

/**
 * OAS 3.2 `in: querystring`: the whole query string is the parameter's value. Form-urlencoded: an object of
 * its pairs, each coerced by the member's schema (a repeated name is a list); JSON: the percent-decoded
 * string is JSON text. An absent or empty query string leaves the parameter absent (its `required` decides).
 */
function wholeQuery(
  p: TableParameter,
  text: string,
  pairs: Map<string, string[]>,
  badQuery: Set<string>,
  result: ParsedParameters,
): void {
  if (!text) return;
  result.query.raw[p.name] = [text];
  if (p.querystring === 'json') {
    const decoded = safeDecode(text);
    const parsed = decoded === undefined ? undefined : coerceScalar(decoded, { type: 'json' });
    if (decoded === undefined || parsed === decoded) {
      result.errors.push({
        message: `The \`${p.name}\` query string is not ${decoded === undefined ? 'a valid percent-encoding' : 'JSON text'}`,
        parameters: { [p.name]: [text] },
      });
      return;
    }
    result.query.values[p.name] = parsed;
    return;
  }
  if (badQuery.size) {
    result.errors.push({
      message: `The \`${p.name}\` query string is not a valid percent-encoding`,
      parameters: { [p.name]: [text] },
    });
    return;
  }
  const properties = p.coerce.type === 'object' ? p.coerce.properties : {};
  const obj: Record<string, unknown> = {};
  for (const [name, values] of pairs) {
    if (FORBIDDEN_KEYS.has(name)) continue;
    const c = ownCoercion(properties, name);
    const items = c?.type === 'array' ? c.items : c;
    const coerced = values.map((v) => (items ? coerceScalar(v, items) : v));
    obj[name] = c?.type === 'array' || coerced.length > 1 ? coerced : coerced[0];
  }
  result.query.values[p.name] = obj;
}

/** The members of an exploded `style: cookie` object (one cookie each), or undefined when none was sent. */
function cookieMembers(
  properties: Record<string, Coercion>,
  cookies: Map<string, string[]>,
): Record<string, unknown> | undefined {
  let obj: Record<string, unknown> | undefined;
  for (const key of Object.keys(properties)) {
    const values = cookies.get(key);
    if (values === undefined || FORBIDDEN_KEYS.has(key)) continue;
    (obj ??= {})[key] = coerceScalar(values[0]!, properties[key]!);
  }
  return obj;
}

/**
 * A `deepObject` query parameter from every bracket spelling of its name (brackets.ts: `name[k]`, nested,
 * `name[0]`, `name[]`, the bare name repeated or comma-separated for arrays); `raw` keeps them as sent.
 */
function deepObjectParameter(p: TableParameter, query: Map<string, string[]>, result: ParsedParameters): void {
  const keys: [string[], string[]][] = [];
  const raw: string[] = [];
  try {
    for (const [name, values] of query) {
      const path = bracketPath(name, p.name, DEFAULT_BRACKET_DEPTH);
      if (!path) continue;
      keys.push([path, values]);
      for (const v of values) raw.push(`${name}=${v}`);
    }
  } catch (e) {
    if (!(e instanceof BracketError)) throw e;
    result.errors.push({ message: `The \`${p.name}\` query parameter is ${e.message}`, parameters: { [p.name]: raw } });
    return;
  }
  if (!keys.length) return;
  if (!p.allowEmptyValue && raw.length === 1 && keys[0]![0].length === 0 && keys[0]![1][0] === '') {
    result.query.raw[p.name] = raw;
    result.errors.push({
      message: `The \`${p.name}\` query parameter can not be empty`,
      parameters: { [p.name]: raw },
    });
    return;
  }
  result.query.values[p.name] = decodeBrackets(keys, p.coerce, coerceScalar);
  result.query.raw[p.name] = raw;
}

interface DeclaredQuery {
  isDeclared(name: string): boolean;
  /** Declared names, comma-separated, for messages. */
  list: string;
}

const declaredByOperation = new WeakMap<TableOperation, DeclaredQuery>();

/** The operation's query parameter names (deepObject ones also match `name[key]`), computed once. */
function declaredQuery(op: TableOperation): DeclaredQuery {
  let found = declaredByOperation.get(op);
  if (!found) {
    const query = op.parameters.filter((p) => p.in === 'query');
    // A `querystring` parameter describes the whole query string: every name is its member.
    if (query.some((p) => p.querystring)) {
      found = { isDeclared: () => true, list: '' };
      declaredByOperation.set(op, found);
      return found;
    }
    const names = new Set(query.map((p) => p.name));
    const prefixes = query.filter((p) => p.style === 'deepObject').map((p) => p.name + '[');
    found = {
      isDeclared: (name) =>
        names.has(name) ||
        (prefixes.length > 0 && name.endsWith(']') && prefixes.some((prefix) => name.startsWith(prefix))),
      list: query.map((p) => p.name).join(','),
    };
    declaredByOperation.set(op, found);
  }
  return found;
}

function stripPathStyle(p: TableParameter, value: string): string {
  if (p.style === 'label' && value.startsWith('.')) return value.slice(1);
  if (p.style === 'matrix') {
    const prefix = `;${p.name}=`;
    if (value.startsWith(prefix)) return value.slice(prefix.length);
  }
  return value;
}

function encodingError(p: TableParameter, value: string): ParameterError {
  return {
    message: `The \`${p.name}\` ${LOCATION_WORD[p.in]} parameter value [${value}] is not a valid percent-encoding`,
    parameters: { [p.name]: [value] },
  };
}

function unescapePointer(token: string): string {
  return token.indexOf('~') === -1 ? token : token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function valueAt(root: unknown, segments: string[]): unknown {
  let node = root;
  for (const s of segments) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[s];
  }
  return node;
}

function show(value: unknown): string {
  if (value === undefined) return '';
  // writeJson: a `bigint` (`int64: 'bigint'`) is shown as its digits, where JSON.stringify would throw.
  const text = typeof value === 'string' ? value : (writeJson(value) ?? String(value));
  return text.length > 100 ? text.slice(0, 100) + '…' : text;
}

/**
 * Validator errors for one location → one entry per parameter (messages joined), each naming the
 * parameter and the values it arrived as.
 */
export function parameterErrors(
  location: ParameterLocation,
  errors: readonly ValidationError[],
  parsed: ParsedLocation,
): ParameterError[] {
  const byName = new Map<string, string[]>();
  const word = LOCATION_WORD[location];
  for (const e of errors) {
    const segments = e.instancePath ? e.instancePath.split('/').slice(1).map(unescapePointer) : [];
    let name = segments[0];
    let message: string;
    if (name === undefined) {
      const missing = e.params?.missingProperty;
      const extra = e.params?.additionalProperty ?? e.params?.unevaluatedProperty;
      if (typeof missing === 'string') {
        name = missing;
        message = `The \`${missing}\` ${word} parameter is missing`;
      } else if (typeof extra === 'string') {
        name = extra;
        message = `The ${word} parameter [${extra}] is not allowed`;
      } else {
        name = '';
        message = `The ${word} parameters ${e.message}`;
      }
    } else {
      const value = segments.length > 1 ? show(valueAt(parsed.values, segments)) : describeList(parsed.raw[name] ?? []);
      message = `The \`${name}\` ${word} parameter value [${value}] ${e.message}`;
    }
    const list = byName.get(name);
    if (!list) byName.set(name, [message]);
    else if (!list.includes(message)) list.push(message);
  }
  const out: ParameterError[] = [];
  for (const [name, messages] of byName) {
    out.push({ message: messages.join('; '), parameters: name ? { [name]: parsed.raw[name] ?? [] } : {} });
  }
  return out;
}

/** Validator errors for a request body → entries keyed by the member path (`poll.options`), or `body`. */
export function bodyErrors(errors: readonly ValidationError[], body: unknown): ParameterError[] {
  const byPath = new Map<string, { messages: string[]; value: unknown }>();
  for (const e of errors) {
    const segments = e.instancePath ? e.instancePath.split('/').slice(1).map(unescapePointer) : [];
    let path = segments.length ? segments.join('.') : 'body';
    const missing = e.params?.missingProperty;
    let message = e.message;
    if (typeof missing === 'string') {
      path = segments.length ? `${path}.${missing}` : missing;
      message = 'is required';
    }
    const entry = byPath.get(path) ?? { messages: [], value: valueAt(body, segments) };
    if (!entry.messages.includes(message)) entry.messages.push(message);
    byPath.set(path, entry);
  }
  const out: ParameterError[] = [];
  for (const [path, { messages, value }] of byPath) {
    const where = path === 'body' ? 'The request body' : `The request body member \`${path}\``;
    out.push({
      message: `${where} ${messages.join('; ')}`,
      parameters: { [path]: value === undefined ? [] : [show(value)] },
    });
  }
  return out;
}
