/** Paths and operations of the bundled document → OperationModel[] (parameters merged, defaults applied). */
import type { LoadedSpec } from '../load/index.ts';
import { appendPointer, toPointer } from '../load/pointer.ts';
import { deref } from './deref.ts';
import type { NamePlanner } from './naming.ts';
import { synthesizeOperationId } from './naming.ts';
import { normalizeSchema, type SchemaContext } from './schema-normalize.ts';
import { extensionsOf, HTTP_TOKEN_PATTERN, isRecord, str } from './values.ts';
import { methodSemantics, PATH_ITEM_METHODS } from './http-methods.ts';
import type {
  EncodingModel, HeaderModel, HttpMethod, JsonValue, MediaTypeModel, OperationModel, ParameterLocation,
  ParameterModel, ParameterStyle, ProblemMatcher, RequestBodyModel, ResponseModel, StreamFormat, StreamingModel,
} from './types.ts';

const METHODS = new Set<HttpMethod>(PATH_ITEM_METHODS);
const LOCATIONS = new Set<ParameterLocation | 'querystring'>(['path', 'query', 'header', 'cookie', 'querystring']);
const PATH_ITEM_FIELDS = new Set(['$ref', 'summary', 'description', 'servers', 'parameters', 'additionalOperations']);

type Report = SchemaContext['report'];

export function buildOperations(spec: LoadedSpec, ctx: SchemaContext, planner: NamePlanner, report: Report): OperationModel[] {
  const doc = spec.document;
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const operations: OperationModel[] = [];
  const seenIds = new Map<string, string>();

  for (const path of Object.keys(paths)) {
    const itemPointer = toPointer(['paths', path]);
    const item = resolve(doc, paths[path], itemPointer, report);
    if (!item || !isRecord(item.value)) continue;
    const pathItem = item.value;
    const shared = parameterList(doc, pathItem.parameters, appendPointer(item.pointer, 'parameters'), ctx, report);
    for (const key of Object.keys(pathItem)) {
      if (METHODS.has(key as HttpMethod)) continue;
      if (PATH_ITEM_FIELDS.has(key) || key.startsWith('x-')) continue;
      report({ code: 'unsupported', severity: 'warning', pointer: appendPointer(item.pointer, key), message: `path item field ${JSON.stringify(key)} is not supported and was skipped` });
    }
    operations.push(...pathItemOperations(spec, ctx, planner, report, { path, pointer: item.pointer, item: pathItem, shared, seenIds }));
  }
  return operations;
}

/** Where a path item sits and what it shares: its path (or a webhook's / callback's expression), its pointer, its parameters. */
export interface PathItemPlace {
  path: string;
  pointer: string;
  item: Record<string, unknown>;
  shared: ParameterModel[];
  /** operationIds seen so far (a duplicate is an error naming the first use). */
  seenIds: Map<string, string>;
  /**
   * The operationId of an operation without one (default: from method and path); given for webhooks and
   * callbacks, whose `path` is a name or a runtime expression rather than a path template.
   */
  synthesize?: (method: HttpMethod) => string;
}

/** The operations of one path item (of `paths`, `webhooks` or a callback). */
export function pathItemOperations(spec: LoadedSpec, ctx: SchemaContext, planner: NamePlanner, report: Report, place: PathItemPlace): OperationModel[] {
  const doc = spec.document;
  const { path, item: pathItem, shared, seenIds } = place;
  const item = { pointer: place.pointer };
  const operations: OperationModel[] = [];
  for (const { method, httpMethod, additional, pointer, raw } of pathItemMethods(pathItem, item.pointer, report)) {

    const given = str(raw.operationId);
    const operationId = given ?? place.synthesize?.(method) ?? synthesizeOperationId(method, path);
    if (given) {
    const previous = seenIds.get(given);
    if (previous !== undefined) {
    const loc = spec.locate(previous);
    report({ code: 'duplicate-operation-id', pointer: appendPointer(pointer, 'operationId'), message: `duplicate operationId ${JSON.stringify(given)} (first used at ${loc.file.split('/').pop()}:${loc.line}:${loc.column})` });
    } else seenIds.set(given, appendPointer(pointer, 'operationId'));
    }

    const own = parameterList(doc, raw.parameters, appendPointer(pointer, 'parameters'), ctx, report);
    const parameters = mergeParameters(shared, own);
    // A webhook's name or a callback's runtime expression is not a path template.
    for (const name of place.synthesize ? [] : pathTemplateNames(path)) {
    if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
    report({ code: 'path-parameter-missing', severity: 'warning', pointer, message: `path parameter {${name}} is not declared; it is typed as a string` });
    parameters.unshift({ name, in: 'path', required: true, deprecated: false, style: 'simple', explode: false, allowReserved: false, allowEmptyValue: false, schema: { type: 'string' }, examples: [], extensions: {}, pointer });
    }
    }
    parameters.sort((a, b) => Number(b.in === 'path') - Number(a.in === 'path'));
    querystringExclusive(parameters, report);

    const extensions = extensionsOf(raw);
    operations.push({
    operationId,
    operationIdSynthesized: !given,
    method,
    httpMethod,
    additional,
    ...methodSemantics(httpMethod),
    path,
    summary: str(raw.summary),
    description: str(raw.description),
    tags: Array.isArray(raw.tags) ? raw.tags.map(String) : [],
    deprecated: raw.deprecated === true,
    parameters,
    requestBody: requestBody(doc, raw.requestBody, appendPointer(pointer, 'requestBody'), ctx, report),
    responses: responses(doc, raw.responses, appendPointer(pointer, 'responses'), ctx, report),
    security: [],
    streaming: streaming(extensions['x-streaming'], appendPointer(pointer, 'x-streaming'), report),
    sunset: typeof extensions['x-sunset'] === 'string' ? (extensions['x-sunset'] as string) : undefined,
    deprecatedAt: deprecationDate(extensions['x-deprecated-at'], appendPointer(pointer, 'x-deprecated-at'), report),
    openParameters: extensions['x-open-parameters'] === true ? true : undefined,
    undocumented: Array.isArray(extensions['x-undocumented']) ? (extensions['x-undocumented'] as JsonValue[]).map(String) : [],
    extensions,
    names: planner.operationNames(operationId),
    pointer,
    });
  }
  return operations;
}

/**
 * The operations of a path item in document order: its method fields, then OAS 3.2 `additionalOperations`
 * (any other method token, sent exactly as the key is written; a key that a method field covers, or that is
 * no HTTP token, is refused at its place, as the 3.2 text requires).
 */
function* pathItemMethods(pathItem: Record<string, unknown>, at: string, report: Report) {
  for (const key of Object.keys(pathItem)) {
    if (METHODS.has(key as HttpMethod) && isRecord(pathItem[key])) yield { method: key as HttpMethod, httpMethod: key.toUpperCase(), additional: false, pointer: appendPointer(at, key), raw: pathItem[key] as Record<string, unknown> };
  }
  const additional = pathItem.additionalOperations;
  if (!isRecord(additional)) return;
  for (const key of Object.keys(additional)) {
    const pointer = appendPointer(at, 'additionalOperations', key);
    if (!isRecord(additional[key])) continue;
    if (METHODS.has(key.toLowerCase() as HttpMethod) || !HTTP_TOKEN.test(key)) {
      report({ code: 'operation-method-invalid', pointer, message: METHODS.has(key.toLowerCase() as HttpMethod) ? `additionalOperations must not name ${JSON.stringify(key)}: the Path Item's \`${key.toLowerCase()}\` field is that method` : `additionalOperations key ${JSON.stringify(key)} is not an HTTP method token (RFC 9110 section 9.1)` });
      continue;
    }
    yield { method: key.toLowerCase() as HttpMethod, httpMethod: key, additional: true, pointer, raw: additional[key] as Record<string, unknown> };
  }
}

/**
 * OAS 3.2 §4.12.1: a `querystring` parameter MUST NOT appear with `query` parameters, nor more than once, in
 * an operation's parameters (its Path Item's included): refused at the `querystring` parameter's place.
 */
function querystringExclusive(parameters: ParameterModel[], report: Report): void {
  const whole = parameters.filter((p) => p.querystring);
  if (!whole.length) return;
  const others = parameters.filter((p) => p.in === 'query' && !p.querystring);
  if (whole.length > 1) report({ code: 'parameter-querystring', pointer: whole[1]!.pointer, message: `an operation takes at most one \`in: querystring\` parameter (also ${JSON.stringify(whole[0]!.name)})` });
  else if (others.length) report({ code: 'parameter-querystring', pointer: whole[0]!.pointer, message: `an \`in: querystring\` parameter describes the whole query string, so the operation cannot also have \`in: query\` parameters (${others.map((p) => JSON.stringify(p.name)).join(', ')})` });
}

function resolve(doc: unknown, value: unknown, pointer: string, report: Report) {
  const r = deref(doc, value, pointer);
  if ('error' in r) {
    report({ code: 'ref-unresolved', pointer: r.pointer, message: r.error });
    return undefined;
  }
  return r;
}

function pathTemplateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

function mergeParameters(shared: ParameterModel[], own: ParameterModel[]): ParameterModel[] {
  const out = [...shared];
  for (const p of own) {
    const i = out.findIndex((q) => q.in === p.in && q.name === p.name);
    if (i >= 0) out[i] = p;
    else out.push(p);
  }
  return out;
}

/** A header parameter name no request can carry is warned about (RFC 9110 section 5.1: a field name is a token). */
const HTTP_TOKEN = new RegExp(HTTP_TOKEN_PATTERN);

function parameterList(doc: unknown, value: unknown, pointer: string, ctx: SchemaContext, report: Report): ParameterModel[] {
  if (!Array.isArray(value)) return [];
  const out: ParameterModel[] = [];
  value.forEach((entry, i) => {
    const r = resolve(doc, entry, appendPointer(pointer, i), report);
    if (!r || !isRecord(r.value)) return;
    const p = r.value;
    const written = p.in as ParameterLocation | 'querystring';
    if (typeof p.name !== 'string' || !LOCATIONS.has(written)) {
      report({ code: 'parameter-invalid', pointer: r.pointer, message: 'a parameter needs a string name and `in` of path, query, querystring, header or cookie' });
      return;
    }
    // OAS 3.2 `in: querystring`: the whole query string, a `query` parameter for everything but its wire form.
    const querystring = written === 'querystring';
    const location: ParameterLocation = querystring ? 'query' : written;
    if (out.some((q) => q.in === location && q.name === p.name)) {
      report({ code: 'parameter-duplicate', pointer: r.pointer, message: `parameter ${JSON.stringify(p.name)} in ${location} is declared twice` });
      return;
    }
    if (location === 'header' && !HTTP_TOKEN.test(p.name)) {
      report({
        code: 'parameter-header-name',
        severity: 'warning',
        pointer: appendPointer(r.pointer, 'name'),
        message: `header name ${JSON.stringify(p.name)} is not an HTTP token (RFC 9110 section 5.1), so no request can carry it: servers never receive it${p.required === true ? ' and every request to the operation lacks it' : ''}, and clients cannot send it`,
      });
    }
    let schema = p.schema !== undefined ? normalizeSchema(p.schema, appendPointer(r.pointer, 'schema'), ctx) : undefined;
    let contentType: string | undefined;
    if (schema === undefined && isRecord(p.content)) {
      contentType = Object.keys(p.content)[0];
      if (contentType !== undefined) {
        const { media, at } = mediaTypeObject(doc, p.content[contentType], toPointer([...pointerSegments(r.pointer), 'content', contentType]), report);
        if (media.schema !== undefined) schema = normalizeSchema(media.schema, appendPointer(at, 'schema'), ctx);
      }
    }
    const style = (str(p.style) ?? (location === 'query' || location === 'cookie' ? 'form' : 'simple')) as ParameterStyle;
    out.push({
      name: p.name,
      in: location,
      required: location === 'path' ? true : p.required === true,
      deprecated: p.deprecated === true,
      description: str(p.description),
      style,
      ...(querystring ? { querystring: true as const } : {}),
      // `form` and OAS 3.2's `cookie` explode by default.
      explode: typeof p.explode === 'boolean' ? p.explode : style === 'form' || style === 'cookie',
      allowReserved: p.allowReserved === true,
      allowEmptyValue: p.allowEmptyValue === true,
      schema: schema ?? {},
      contentType,
      examples: examplesOf(doc, p),
      extensions: extensionsOf(p),
      pointer: r.pointer,
    });
  });
  return out;
}

function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function examplesOf(doc: unknown, node: Record<string, unknown>): JsonValue[] {
  return namedExamplesOf(doc, node).map(([, value]) => value);
}

/** One example: its name (`''` for `example`), its data, and (OAS 3.2) its `serializedValue`. */
type NamedExample = [name: string, value: JsonValue, serialized?: string];

/**
 * The node's `example` (named `''`), or its Examples map's values by name. An OAS 3.2 Example Object gives
 * the data as `dataValue` (`value` is the older spelling of the same); one with only a `serializedValue` has
 * no data form the targets could use and is left out (docs/openapi-3.2.md).
 */
function namedExamplesOf(doc: unknown, node: Record<string, unknown>): NamedExample[] {
  if (node.example !== undefined) return [['', node.example as JsonValue]];
  if (isRecord(node.examples)) {
    const out: NamedExample[] = [];
    for (const [name, value] of Object.entries(node.examples)) {
      const r = deref(doc, value, '');
      if ('error' in r || !isRecord(r.value)) continue;
      const data = r.value.dataValue !== undefined ? r.value.dataValue : r.value.value;
      if (data === undefined) continue;
      const serialized = str(r.value.serializedValue);
      out.push(serialized === undefined ? [name, data as JsonValue] : [name, data as JsonValue, serialized]);
    }
    return out;
  }
  return [];
}

function examplesWithNames(named: NamedExample[]): Pick<MediaTypeModel, 'examples' | 'exampleNames' | 'serializedExamples'> {
  const examples = named.map(([, value]) => value);
  const serialized = named.some(([, , wire]) => wire !== undefined) ? { serializedExamples: named.map(([, , wire]) => wire) } : {};
  return named.some(([name]) => name !== '') ? { examples, exampleNames: named.map(([name]) => name), ...serialized } : { examples, ...serialized };
}

function content(doc: unknown, value: unknown, pointer: string, ctx: SchemaContext): MediaTypeModel[] {
  if (!isRecord(value)) return [];
  return Object.keys(value).map((mediaType) => {
    // OAS 3.2: a Media Type Object may be a `$ref` to `components.mediaTypes`; the model reads its target.
    const { media, at } = mediaTypeObject(doc, value[mediaType], appendPointer(pointer, mediaType), ctx.report);
    return {
      mediaType,
      // OAS 3.2 `itemSchema` describes one item of a sequential body (a stream): the schema every target reads.
      schema:
        media.itemSchema !== undefined
          ? normalizeSchema(media.itemSchema, appendPointer(at, 'itemSchema'), ctx)
          : media.schema !== undefined
            ? normalizeSchema(media.schema, appendPointer(at, 'schema'), ctx)
            : {},
      ...examplesWithNames(namedExamplesOf(doc, media)),
      ...(isRecord(media.encoding) ? { encoding: encodingOf(doc, media.encoding, appendPointer(at, 'encoding'), ctx.report) } : {}),
      ...(Array.isArray(media.prefixEncoding)
        ? { prefixEncoding: media.prefixEncoding.map((e, i) => encodingEntry(doc, isRecord(e) ? e : {}, appendPointer(at, 'prefixEncoding', i), ctx.report)) }
        : {}),
      ...(isRecord(media.itemEncoding) ? { itemEncoding: encodingEntry(doc, media.itemEncoding, appendPointer(at, 'itemEncoding'), ctx.report) } : {}),
      pointer: at,
    };
  });
}

/** A Media Type Object, through its `$ref` (OAS 3.2 `components.mediaTypes`), with the pointer of what was read. */
function mediaTypeObject(doc: unknown, value: unknown, pointer: string, report: Report): { media: Record<string, unknown>; at: string } {
  const r = resolve(doc, value, pointer, report);
  return r && isRecord(r.value) ? { media: r.value, at: r.pointer } : { media: {}, at: pointer };
}

function encodingOf(doc: unknown, value: Record<string, unknown>, pointer: string, report: Report): Record<string, EncodingModel> {
  const out: Record<string, EncodingModel> = {};
  for (const [name, raw] of Object.entries(value)) {
    if (!isRecord(raw)) continue;
    Object.defineProperty(out, name, { value: encodingEntry(doc, raw, appendPointer(pointer, name), report), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** One Encoding Object, as written (of `encoding`, or OAS 3.2's `prefixEncoding`/`itemEncoding`). */
function encodingEntry(doc: unknown, raw: Record<string, unknown>, pointer: string, report: Report): EncodingModel {
  const entry: EncodingModel = { headers: isRecord(raw.headers) ? Object.keys(raw.headers) : [] };
  const values = isRecord(raw.headers) ? partHeaderValues(doc, raw.headers, appendPointer(pointer, 'headers'), report) : [];
  if (values.length) entry.headerValues = values;
  if (typeof raw.contentType === 'string') entry.contentType = raw.contentType;
  if (typeof raw.style === 'string') entry.style = raw.style as EncodingModel['style'];
  if (typeof raw.explode === 'boolean') entry.explode = raw.explode;
  if (typeof raw.allowReserved === 'boolean') entry.allowReserved = raw.allowReserved;
  return entry;
}

/** Part headers whose value the spec fixes (`const`, `default`, a single `enum` value of an inline schema). */
function partHeaderValues(doc: unknown, headers: Record<string, unknown>, pointer: string, report: Report): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'content-type') continue;
    const h = resolve(doc, headers[name], appendPointer(pointer, name), report);
    const schema = h && isRecord(h.value) && isRecord(h.value.schema) ? h.value.schema : undefined;
    if (!schema) continue;
    const fixed = schema.const ?? schema.default ?? (Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum[0] : undefined);
    if (typeof fixed === 'string' || typeof fixed === 'number' || typeof fixed === 'boolean') out.push({ name, value: String(fixed) });
  }
  return out;
}

function requestBody(doc: unknown, value: unknown, pointer: string, ctx: SchemaContext, report: Report): RequestBodyModel | undefined {
  if (value === undefined) return undefined;
  const r = resolve(doc, value, pointer, report);
  if (!r || !isRecord(r.value)) return undefined;
  return {
    required: r.value.required === true,
    description: str(r.value.description),
    content: content(doc, r.value.content, appendPointer(r.pointer, 'content'), ctx),
    pointer: r.pointer,
  };
}

function responses(doc: unknown, value: unknown, pointer: string, ctx: SchemaContext, report: Report): ResponseModel[] {
  if (!isRecord(value)) return [];
  const out: ResponseModel[] = [];
  for (const status of Object.keys(value)) {
    if (status.startsWith('x-')) continue;
    const r = resolve(doc, value[status], appendPointer(pointer, status), report);
    if (!r || !isRecord(r.value)) continue;
    const response = r.value;
    const headers: HeaderModel[] = [];
    if (isRecord(response.headers)) {
      for (const name of Object.keys(response.headers)) {
        const h = resolve(doc, response.headers[name], appendPointer(r.pointer, 'headers', name), report);
        if (!h || !isRecord(h.value)) continue;
        const header = h.value;
        let schema = header.schema !== undefined ? normalizeSchema(header.schema, appendPointer(h.pointer, 'schema'), ctx) : undefined;
        if (schema === undefined && isRecord(header.content)) {
          const first = Object.keys(header.content)[0];
          if (first !== undefined) {
            const { media, at } = mediaTypeObject(doc, header.content[first], appendPointer(h.pointer, 'content', first), report);
            if (media.schema !== undefined) schema = normalizeSchema(media.schema, appendPointer(at, 'schema'), ctx);
          }
        }
        headers.push({ name, required: header.required === true, deprecated: header.deprecated === true, description: str(header.description), schema: schema ?? {}, extensions: extensionsOf(header), pointer: h.pointer });
      }
    }
    out.push({
      status,
      description: str(response.description) ?? '',
      ...(typeof response.summary === 'string' ? { summary: response.summary } : {}),
      headers,
      content: content(doc, response.content, appendPointer(r.pointer, 'content'), ctx),
      componentName: r.componentName,
      pointer: r.pointer,
    });
  }
  return out;
}

const STREAM_FORMATS: Record<string, StreamFormat> = { ndjson: 'ndjson', jsonl: 'ndjson', 'json-seq': 'json-seq', sse: 'sse', 'event-stream': 'sse' };

/** `x-streaming` (spec/README.md): the framing, and which in-stream problems end or stop a stream. */
function streaming(value: JsonValue | undefined, pointer: string, report: Report): StreamingModel | undefined {
  if (value === undefined) return undefined;
  const format = isRecord(value) && typeof value.format === 'string' ? STREAM_FORMATS[value.format] : undefined;
  if (!isRecord(value) || format === undefined) {
    report({ code: 'extension-invalid', pointer: isRecord(value) ? appendPointer(pointer, 'format') : pointer, message: 'x-streaming needs `format`: ndjson, jsonl, json-seq or sse' });
    return undefined;
  }
  const out: StreamingModel = { format, backfillParameter: str(value.backfillParameter) };
  const problems = matchers(value.problems, appendPointer(pointer, 'problems'), report);
  if (problems) out.problems = problems;
  if (value.reconnect !== undefined) {
    const at = appendPointer(pointer, 'reconnect');
    if (!isRecord(value.reconnect) || Object.keys(value.reconnect).some((k) => k !== 'unless')) report({ code: 'extension-invalid', pointer: at, message: 'x-streaming.reconnect takes only `unless` (a list of problem matchers)' });
    else {
      const unless = matchers(value.reconnect.unless, appendPointer(at, 'unless'), report);
      if (unless) out.reconnectUnless = unless;
    }
  }
  return out;
}

/** A list of problem matchers: objects of member name → regular expression (text). */
function matchers(value: JsonValue | undefined, pointer: string, report: Report): ProblemMatcher[] | undefined {
  if (value === undefined) return undefined;
  const bad = (at: string, message: string) => (report({ code: 'extension-invalid', pointer: at, message }), undefined);
  if (!Array.isArray(value)) return bad(pointer, 'a list of problem matchers is expected (objects of member name → regular expression)');
  const out: ProblemMatcher[] = [];
  for (let i = 0; i < value.length; i++) {
    const entry = value[i];
    const at = appendPointer(pointer, i);
    if (!isRecord(entry) || Object.keys(entry).length === 0) return bad(at, 'a problem matcher is an object of member name → regular expression');
    const matcher: ProblemMatcher = {};
    for (const [member, source] of Object.entries(entry)) {
      if (typeof source !== 'string') return bad(appendPointer(at, member), 'the value of a problem matcher member is a regular expression (a string)');
      try {
        new RegExp(source, 'u');
      } catch (e) {
        return bad(appendPointer(at, member), `not a valid regular expression: ${(e as Error).message}`);
      }
      Object.defineProperty(matcher, member, { value: source, enumerable: true, writable: true, configurable: true });
    }
    out.push(matcher);
  }
  return out;
}

/** `x-deprecated-at`: an RFC 3339 date (`2026-03-25`) or date-time with an offset; anything else is reported. */
function deprecationDate(value: JsonValue | undefined, pointer: string, report: Report): string | undefined {
  if (value === undefined) return undefined;
  const ok =
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/i.test(value) &&
    !Number.isNaN(Date.parse(value));
  if (!ok) {
    report({ code: 'extension-invalid', pointer, message: 'x-deprecated-at must be an RFC 3339 date or date-time (e.g. 2026-03-25 or 2026-03-25T12:00:00-04:00)' });
    return undefined;
  }
  return value;
}
