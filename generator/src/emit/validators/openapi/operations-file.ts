/**
 * `src/operations.ts`: per operation (names from `op.names`), validators for its parameters by location,
 * its request body (by media type) and its responses (by status, then media type), and the
 * `operationValidators` map keyed by `op.names.method` for generic runtimes (docs/contracts.md).
 *
 * One `_operation(...)` call per operation builds its six validators (typed through the types package's
 * `Operations` map) from the operation's JSON pointer, its parameter checks by location and a row per
 * response (`[status, mediaType, check, ...]`) and for the request body (`[required, mediaType, check,
 * ...]`), where a check without a media type before it is `application/json`'s (`DEFAULT_MEDIA_TYPE`: on
 * GitHub's spec 3,171 of its media types, 66 KB of text when written out); it derives the schema paths
 * from the pointer and builds the runtime's `_Responses` / `_Body` tables on first use.
 * `operationValidators` maps each method to its six validators, complete for every operation: it is `_v`,
 * the one object of every operation's call (`ONE_OBJECT_DOC`), and one destructuring of `_v` gives the
 * exports (`validate<Op>PathParams`, `…Query`, `…Headers`, `…Cookies`, `…RequestBody`, `…Response`), which
 * exist only for the parts the operation declares (`declaredParts`): a `validate<Op>Cookies` of an operation
 * without cookie parameters would only check that its value is an object. (Six exports per operation, tables
 * with every schema path written out and placeholder checks made GitHub's module 1.6 MB.) Defaults:
 * parameters and request bodies validate in the `request` direction, responses in `response`. A status that
 * matches no response (exact, `4XX` range, `default`) or a media type that matches none declared is an error;
 * a response without content accepts only an absent body; an operation without a request body accepts
 * anything as its body; an absent body is an error only when the body is required. Every statement but the
 * helpers is built as nodes and laid out by the one printer (codegen/ts-print.ts).
 */
import { docComment, isPropertyName, prettyLit as lit, raw, type Code } from '../../../codegen/index.ts';
import { namespaceImport, type ModuleLine } from '../../../codegen/module-lines.ts';
import type { ApiModel, MediaTypeModel, OperationModel, ParameterLocation } from '../../../model/types.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import * as n from '../../../codegen/ts-nodes.ts';
import { printStatement } from '../../../codegen/ts-print.ts';
import { printStatement as printTreeStatement } from '../../../codegen/statement-printer.ts';
import * as t from '../../../codegen/statements.ts';
import { prettyImports, PrettyModule } from '../module/pretty.ts';
import { treeRef, typeOf, type EntryStatement } from '../module/entry.ts';
import { escapeToken } from '../compile/pointer.ts';
import { PackageRefs } from '../module/symbols.ts';
import type { ApiDocument } from './document.ts';

export const OPERATIONS = './operations.js';

/** Symbols of the other modules, referenced by name from `src/operations.ts`. */
type Ref = (name: string) => Code;

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** The media type a body or response row leaves unwritten before its check (`_rows`). */
const DEFAULT_MEDIA_TYPE = 'application/json';

/** The members of an operation's validators and the `op.names` entry each is exported under. */
export type Part = 'pathParams' | 'query' | 'headers' | 'cookies' | 'requestBody' | 'response';

const PART_NAMES = { pathParams: 'pathParams', query: 'query', headers: 'headers', cookies: 'cookies', requestBody: 'requestBody', response: 'success' } as const;

/**
 * The parts an operation declares, each with its exported name's suffix (`validate<suffix>`,
 * `<suffix>Schema`): parameters in a location only when it has some, the request body only when there is
 * one, the response always. The same list decides the Standard Schema exports (standard-schema.ts).
 */
export function declaredParts(op: OperationModel): { part: Part; name: string }[] {
  const has: Record<Part, boolean> = {
    pathParams: op.parameters.some((p) => p.in === 'path'),
    query: op.parameters.some((p) => p.in === 'query'),
    headers: op.parameters.some((p) => p.in === 'header'),
    cookies: op.parameters.some((p) => p.in === 'cookie'),
    requestBody: op.requestBody !== undefined,
    response: true,
  };
  return (Object.keys(PART_NAMES) as Part[]).filter((part) => has[part]).map((part) => ({ part, name: op.names[PART_NAMES[part]] }));
}

/**
 * What every operation shares: its validators' shape, typed by its `Operations` entry (`B`: `undefined` for
 * an optional request body), and the function building them. Static text (no spec content but the name of
 * the check of a location without parameters, `none`), in prettier's layout.
 */
function operationHelpers(ref: Ref, bodies: boolean, none: string | undefined): string {
  const [ValidateOptions, ValidationResult, _Check, _Responses, _run, _opts, _respond] = ['ValidateOptions', 'ValidationResult', '_Check', '_Responses', '_run', '_opts', '_respond'].map((name) => ref(name).text);
  const defaultMedia = lit(DEFAULT_MEDIA_TYPE).text;
  const param = none === undefined ? '(i: number) => params[i]!' : `(i: number) => params[i] ?? ${ref(none).text}`;
  // Without a request body in the spec, the runtime's `_request` is not needed (nor copied).
  const bodyParam = bodies ? `
  body?: readonly [boolean, ...(string | _At)[]],` : '';
  const bodyTable = bodies
    ? `
  let b: ${ref('_Body').text} | undefined;`
    : '';
  const requestBody = bodies
    ? `(value, mediaType, options) =>
      body
        ? ${ref('_request').text}((b ??= { r: body[0], ..._rows(body, 1, sp + '/requestBody') }), value, mediaType, options)
        : { valid: true, value: value as T.Operations[K]['requestBody'] }`
    : `(value) => ({ valid: true, value: value as T.Operations[K]['requestBody'] })`;
  return `/**
 * The members of an \`Operations\` entry that the validators type. \`_Validators\` is constrained by this shape,
 * not by the union of every entry (\`T.Operations[keyof T.Operations]\`): strict tsc relates
 * \`T.Operations[K]\` to such a union member by member, at a cost that grows with the square of the operations.
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

/** An operation's validators, typed by its entry in the types package's \`Operations\` map. */
export interface _Validators<O extends _OperationTypes, B = never> {
  pathParams(value: unknown, options?: ${ValidateOptions}): ${ValidationResult}<O['pathParams']>;
  query(value: unknown, options?: ${ValidateOptions}): ${ValidationResult}<O['query']>;
  headers(value: unknown, options?: ${ValidateOptions}): ${ValidationResult}<O['headers']>;
  cookies(value: unknown, options?: ${ValidateOptions}): ${ValidationResult}<O['cookies']>;
  requestBody(body: unknown, mediaType?: string, options?: ${ValidateOptions}): ${ValidationResult}<O['requestBody'] | B>;
  response(
    status: number | string,
    mediaType: string,
    body: unknown,
    options?: ${ValidateOptions},
  ): ${ValidationResult}<O['response'] | O['errorResponse']>;
}

/** A compiled check, with the schema path to pass it where that is not the one its place gives. */
type _At = ${_Check} | readonly [${_Check}, string];

/** A JSON pointer token: \`~\` and \`/\` escaped. */
function _token(key: string): string {
  return key.replace(/~/g, '~0').replace(/\\//g, '~1');
}

/**
 * The media types, checks and schema paths of \`[..., mediaType, check, ...]\` from \`from\` on, under \`sp\`; a
 * check without a media type before it is for \`${DEFAULT_MEDIA_TYPE}\`.
 */
function _rows(row: readonly unknown[], from: number, sp: string): { m: string[]; f: ${_Check}[]; p: string[] } {
  const t = { m: [] as string[], f: [] as ${_Check}[], p: [] as string[] };
  for (let i = from; i < row.length; i++) {
    const m = typeof row[i] === 'string' ? (row[i++] as string) : ${defaultMedia};
    const c = row[i] as _At;
    t.m.push(m);
    t.f.push(typeof c === 'function' ? c : c[0]);
    t.p.push(typeof c === 'function' ? sp + '/content/' + _token(m) + '/schema' : c[1]);
  }
  return t;
}

/**
 * The validators of operation \`K\`, whose JSON pointer in the spec is \`at\`: \`params\` checks its parameters by
 * location (path, query, header, cookie; one left out has none), \`responses\` per status its media types
 * and their checks, \`body\` its request body's (none declared: any body is accepted). Schema paths follow
 * from \`at\`; the tables are built on first use.
 */
function _operation<K extends keyof T.Operations, B = never>(
  at: string,
  params: readonly ${_Check}[],
  responses: readonly (readonly [string, ...(string | _At)[]])[],${bodyParam}
): _Validators<T.Operations[K], B> {
  const sp = '#' + at;
  const param = ${param};
  let r: ${_Responses} | undefined;${bodyTable}
  function run<R>(check: ${_Check}): (value: unknown, options?: ${ValidateOptions}) => ${ValidationResult}<R> {
    return (value, options) => ${_run}(check, value, ${_opts}(options, true), sp + '/parameters');
  }
  function table(): ${_Responses} {
    const rows = responses.map((row) => _rows(row, 1, sp + '/responses/' + _token(row[0])));
    return {
      s: responses.map((row) => row[0]),
      m: rows.map((t) => t.m),
      f: rows.map((t) => t.f),
      p: rows.map((t) => t.p),
    };
  }
  return {
    pathParams: run(param(0)),
    query: run(param(1)),
    headers: run(param(2)),
    cookies: run(param(3)),
    requestBody: ${requestBody},
    response: (status, mediaType, value, options) => ${_respond}((r ??= table()), status, mediaType, value, options),
  };
}`;
}

/**
 * `mediaType, check, ...` of a body or response (`place`: its pointer), the media type left out when it is
 * `DEFAULT_MEDIA_TYPE`: the check alone when its schema path is the one its place gives
 * (`<place>/content/<media type>/schema`) or it takes none, else `[check, schemaPath]`.
 */
function mediaItems(doc: ApiDocument, op: OperationModel, content: readonly MediaTypeModel[], label: (i: number) => string, place: string, ref: Ref): t.Expr[] {
  return content.flatMap((m, i) => {
    const entry = doc.compiler.entryErrors(doc.media(op, m, label(i)), true);
    const check = treeRef(ref(entry.errors.text));
    const derived = `#${place}/content/${escapeToken(m.mediaType)}/schema`;
    const item = entry.schemaPath === undefined || entry.schemaPath === derived ? check : t.array([check, t.lit(entry.schemaPath)]);
    return m.mediaType === DEFAULT_MEDIA_TYPE ? [item] : [t.lit(m.mediaType), item];
  });
}

/** The check of a location without parameters (the first one met), which `_operation` supplies for one left out. */
interface NoParams {
  name?: string;
}

/**
 * `_operation<'method'>(at, params, responses[, body])` marked pure, the entry of `op` in `_v`, on the
 * statement tree.
 */
function validatorsOf(doc: ApiDocument, op: OperationModel, ref: Ref, none: NoParams): t.Expr {
  const params = LOCATIONS.map((where) => {
    const entry = doc.compiler.entryErrors(doc.parameters(op, where), true);
    if (entry.schemaPath !== undefined && entry.schemaPath !== `#${op.pointer}/parameters`) throw new Error(`internal: parameters of ${op.pointer} at ${entry.schemaPath}`);
    if (!op.parameters.some((p) => p.in === where)) none.name ??= entry.errors.text;
    return entry.errors.text;
  });
  while (params.length && params[params.length - 1] === none.name) params.pop();
  const args: t.Expr[] = [t.lit(op.pointer), t.array(params.map((name) => treeRef(ref(name))))];
  const body = op.requestBody;
  const bodyItems = body && body.content.length > 0 ? mediaItems(doc, op, body.content, (i) => (body.content.length > 1 ? `RequestBody_${i + 1}` : 'RequestBody'), `${op.pointer}/requestBody`, ref) : undefined;
  const rows = op.responses.map((r) => [t.lit(r.status), ...mediaItems(doc, op, r.content, (i) => (r.content.length > 1 ? `Status_${r.status}_${i + 1}` : `Status_${r.status}`), `${op.pointer}/responses/${escapeToken(r.status)}`, ref)]);
  args.push(t.array(rows.map((r) => t.array(r))));
  if (bodyItems) args.push(t.array([t.lit(body!.required), ...bodyItems]));
  const optionalBody = body && body.content.length > 0 && !body.required;
  const typeArgs = [lit(op.names.method), ...(optionalBody ? [raw('undefined')] : [])];
  return t.pure(t.typedCall(raw('_operation'), typeArgs, ...args));
}

/** The module's statements: the static helpers, then the rest. */
export interface OperationStatements {
  helpers?: string;
  statements: EntryStatement[];
  imports: ModuleLine[];
}

/**
 * The doc of `_v`. One object and one destructuring, not a constant and its exports per operation: strict tsc's
 * flow analysis walks, for each reference to an import (`C._e…`) or to a far constant in a top-level statement,
 * back through every earlier `const` of the module, so a statement per operation cost time growing with the
 * square of the operations (Graph's 11,422 did not finish). References inside one object literal share one
 * short walk. Bundlers lose nothing: a property read (`_v0.query`) kept every operation already.
 */
const ONE_OBJECT_DOC = [
  "Every operation's validators keyed by its client method / server handler name (`op.names.method`), in one",
  'object: strict tsc checks a top-level statement per operation in time growing with their square.',
];

export function operationStatements(model: ApiModel, doc: ApiDocument, symbols: SymbolRegistry): OperationStatements {
  const refs = new PackageRefs(symbols, OPERATIONS);
  const ref: Ref = refs.ref;
  const mapDoc = docComment(["Every operation's validators keyed by its client method / server handler name (`op.names.method`)."]).text;
  const validatorsMap = (value: n.Expression) => {
    const { text, formatted } = printStatement(n.constDeclaration('operationValidators', n.satisfies(value, typeOf(ref('OperationValidators')))));
    return { text: mapDoc + text, formatted };
  };
  if (!model.operations.length) return { statements: [validatorsMap(n.objectLiteral([], { multiLine: true }))], imports: refs.imports() };
  const bodies = model.operations.some((op) => op.requestBody && op.requestBody.content.length > 0);
  const none: NoParams = {};
  const key = (name: string) => (isPropertyName(name) ? raw(name) : lit(name));
  const entries = model.operations.map((op) => [key(op.names.method), validatorsOf(doc, op, ref, none)] as const);
  const all = printTreeStatement(t.constDecl(raw('_v'), t.object(entries)));
  const exports = n.variable(
    'const',
    { destructure: model.operations.map((op) => ({ property: op.names.method, name: { destructure: declaredParts(op).map(({ part, name }) => ({ property: part, name: `validate${name}` })) } })) },
    n.valueRef('_v'),
    { exported: true },
  );
  const helpers = operationHelpers(ref, bodies, none.name);
  return { helpers, statements: [{ text: docComment(ONE_OBJECT_DOC).text + all.text, formatted: all.formatted }, validatorsMap(n.valueRef('_v')), printStatement(exports)], imports: refs.imports() };
}

export function operationsFile(header: Code, typesPackage: string, parts: OperationStatements): PrettyModule {
  const module = new PrettyModule().add(header.text).add(prettyImports([namespaceImport('T', typesPackage, true), ...parts.imports]));
  if (parts.helpers) module.addAs(parts.helpers, true);
  for (const s of parts.statements) module.addAs(s.text, s.formatted);
  return module;
}
