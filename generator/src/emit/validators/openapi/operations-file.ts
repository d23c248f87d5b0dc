/**
 * `src/operations.ts`: per operation (names from `op.names`), validators for its parameters by location,
 * its request body (by media type) and its responses (by status, then media type), and the
 * `operationValidators` map keyed by `op.names.method` for generic runtimes (docs/contracts.md).
 * Bodies and responses are small tables of compiled functions read by the runtime's `_request` and
 * `_respond`.
 *
 * One `_operation(...)` call per operation builds its six validators (typed through the types package's
 * `Operations` map); `validate<Op>PathParams`, `…Query`, `…Headers`, `…Cookies`, `…RequestBody` and
 * `…Response` are its members, and `operationValidators` maps each method to it. (Six function declarations
 * with a doc comment each, and a map naming them again, made GitHub's module 4.5 MB.)
 *
 * Defaults: parameters and request bodies validate in the `request` direction, responses in `response`.
 * A status that matches no response (exact, `4XX` range, `default`) or a media type that matches none
 * declared is an error; a response without content accepts only an absent body; an operation without a
 * request body accepts anything as its body; an absent body is an error only when the body is required.
 *
 * Every statement is printed in prettier's layout (module/pretty.ts).
 */
import { code, docComment, ident, prettyLit as lit, objectKey, type Code } from '../../../codegen/index.ts';
import type { ApiModel, OperationModel, ParameterLocation } from '../../../model/types.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import { breakAfterOperator, fluidAssignment } from '../../../codegen/pretty-doc.ts';
import { arrayLiteral, call, objectLiteral, prettyImports, PrettyModule, type Doc } from '../module/pretty.ts';
import { printDoc } from '../../../codegen/pretty-doc.ts';
import { IMPORT_ORDER } from '../module/symbols.ts';
import type { ApiDocument } from './document.ts';

export const OPERATIONS = './operations.js';

/** Symbols of the other modules, referenced by name from `src/operations.ts`. */
type Ref = (name: string) => Code;

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** The members of an operation's validators and the `op.names` entry each is exported under. */
const MEMBERS = [
  ['pathParams', 'pathParams'],
  ['query', 'query'],
  ['headers', 'headers'],
  ['cookies', 'cookies'],
  ['requestBody', 'requestBody'],
  ['response', 'success'],
] as const;

/**
 * What every operation shares: its validators' shape, typed by its `Operations` entry (`B`: `undefined` for
 * an optional request body), and the function building them from the compiled checks and tables. Static
 * text (no spec content), in prettier's layout.
 */
function operationHelpers(ref: Ref, bodies: boolean): string {
  const [ValidateOptions, ValidationResult, _Check, _Responses, _run, _opts, _respond] = ['ValidateOptions', 'ValidationResult', '_Check', '_Responses', '_run', '_opts', '_respond'].map((n) => ref(n).text);
  // Without a request body in the spec, the runtime's `_request` is not needed (nor copied).
  const body = bodies ? `\n  body: ${ref('_Body').text} | undefined,` : '';
  const requestBody = bodies
    ? `(value, mediaType, options) =>
      body
        ? ${ref('_request').text}(body, value, mediaType, options)
        : { valid: true, value: value as T.Operations[K]['requestBody'] }`
    : `(value) => ({ valid: true, value: value as T.Operations[K]['requestBody'] })`;
  return `/** An operation's validators, typed by its entry in the types package's \`Operations\` map. */
export interface _Validators<O extends T.Operations[keyof T.Operations], B = never> {
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

/**
 * The validators of operation \`K\`: \`params\` checks its parameters by location (path, query, header, cookie;
 * \`sp\` is their schema path), \`body\` its request body (none declared: any body is accepted), \`responses\`
 * its responses.
 */
function _operation<K extends keyof T.Operations, B = never>(
  params: readonly ${_Check}[],
  sp: string | undefined,${body}
  responses: ${_Responses},
): _Validators<T.Operations[K], B> {
  function run<R>(check: ${_Check}): (value: unknown, options?: ${ValidateOptions}) => ${ValidationResult}<R> {
    return (value, options) => ${_run}(check, value, ${_opts}(options, true), sp);
  }
  return {
    pathParams: run(params[0]!),
    query: run(params[1]!),
    headers: run(params[2]!),
    cookies: run(params[3]!),
    requestBody: ${requestBody},
    response: (status, mediaType, value, options) => ${_respond}(responses, status, mediaType, value, options),
  };
}`;
}

/** `const _bodyN: _Body = { r, m, f[, p] };` */
function bodyTable(doc: ApiDocument, op: OperationModel, table: string, ref: Ref): string | undefined {
  const body = op.requestBody;
  if (!body || body.content.length === 0) return undefined;
  const entries = body.content.map((m, i) => doc.compiler.entryErrors(doc.media(op, m, body.content.length > 1 ? `RequestBody_${i + 1}` : 'RequestBody'), true));
  const props: Doc[] = [`r: ${lit(body.required).text}`, ['m: ', arrayLiteral(body.content.map((m) => lit(m.mediaType).text))], ['f: ', arrayLiteral(entries.map((e) => ref(e.errors.text).text))]];
  if (entries.some((e) => e.schemaPath !== undefined)) props.push(['p: ', arrayLiteral(entries.map((e) => lit(e.schemaPath ?? '').text))]);
  return printDoc([`const ${table}: ${ref('_Body').text} = `, objectLiteral(props), ';']);
}

/** `const _responsesN: _Responses = { s, m, f[, p] };` (expanded, as it always was written). */
function responsesTable(doc: ApiDocument, op: OperationModel, table: string, ref: Ref): string {
  const entries = op.responses.map((r) =>
    r.content.map((m, i) => doc.compiler.entryErrors(doc.media(op, m, r.content.length > 1 ? `Status_${r.status}_${i + 1}` : `Status_${r.status}`), true)),
  );
  // prettier keeps an array of arrays (two or more, each of two or more items) one item a line.
  const nested = (rows: string[][]): Doc => arrayLiteral(rows.map((r) => arrayLiteral(r)), rows.length > 1 && rows.every((r) => r.length > 1));
  const props: Doc[] = [
    ['s: ', arrayLiteral(op.responses.map((r) => lit(r.status).text))],
    ['m: ', nested(op.responses.map((r) => r.content.map((m) => lit(m.mediaType).text)))],
    ['f: ', nested(entries.map((r) => r.map((e) => ref(e.errors.text).text)))],
  ];
  if (entries.some((r) => r.some((e) => e.schemaPath !== undefined))) props.push(['p: ', nested(entries.map((r) => r.map((e) => lit(e.schemaPath ?? '').text)))]);
  return printDoc([`const ${table}: ${ref('_Responses').text} = `, objectLiteral(props, true), ';']);
}

/** `const _vN = _operation<'method'>(...)` and the six `validate<Op>…` exports of its members. */
function validatorsOf(doc: ApiDocument, op: OperationModel, index: number, ref: Ref, tables: string[], bodies: boolean): string {
  const params = LOCATIONS.map((where) => doc.compiler.entryErrors(doc.parameters(op, where), true));
  // The four locations' parameter objects sit at one pointer: one schema path serves them all.
  const sp = params.find((e) => e.schemaPath !== undefined)?.schemaPath;
  const body = bodyTable(doc, op, `_body${index}`, ref);
  if (body) tables.push(body);
  tables.push(responsesTable(doc, op, `_responses${index}`, ref));
  const optionalBody = op.requestBody && op.requestBody.content.length > 0 && !op.requestBody.required;
  const typeArgs = `<${lit(op.names.method).text}${optionalBody ? ', undefined' : ''}>`;
  const v = `_v${index}`;
  const statements = [
    docComment([`${op.operationId}: the validators of its parameters, request body and responses.`]).text +
      printDoc([
        fluidAssignment(
          `const ${v} =`,
          call(`/* @__PURE__ */ _operation${typeArgs}`, [arrayLiteral(params.map((e) => ref(e.errors.text).text)), sp === undefined ? 'undefined' : lit(sp).text, ...(bodies ? [body ? `_body${index}` : 'undefined'] : []), `_responses${index}`]),
        ),
        ';',
      ]),
  ];
  for (const [member, name] of MEMBERS) statements.push(printDoc(breakAfterOperator(`export const ${ident(`validate${op.names[name]}`).text} =`, `${v}.${member};`)));
  // One statement group: the exports follow their `_operation` call without blank lines.
  return statements.join('\n');
}

/** The module's statements: the static helpers, the tables (only literals: `wide`-safe), the rest. */
export interface OperationStatements {
  helpers?: string;
  tables: string[];
  statements: string[];
}

export function operationStatements(model: ApiModel, doc: ApiDocument, symbols: SymbolRegistry): OperationStatements {
  const ref: Ref = (name) => symbols.ref(OPERATIONS, name);
  const mapDoc = docComment(["Every operation's validators keyed by its client method / server handler name (`op.names.method`)."]).text;
  if (!model.operations.length) return { tables: [], statements: [mapDoc + printDoc(['export const operationValidators = {} satisfies ', ref('OperationValidators').text, ';'])] };
  const bodies = model.operations.some((op) => op.requestBody && op.requestBody.content.length > 0);
  const tables: string[] = [];
  const perOperation: string[] = [];
  model.operations.forEach((op, index) => perOperation.push(validatorsOf(doc, op, index, ref, tables, bodies)));
  const entries = model.operations.map((op, index) => `${objectKey(op.names.method).text}: _v${index}`);
  const map =
    mapDoc +
    printDoc(['export const operationValidators = ', objectLiteral(entries, true), ' satisfies ', ref('OperationValidators').text, ';']);
  return { helpers: operationHelpers(ref, bodies), tables, statements: [...perOperation, map] };
}

export function operationsFile(header: Code, typesPackage: Code, parts: OperationStatements, symbols: SymbolRegistry): PrettyModule {
  const module = new PrettyModule().add(header.text).add(prettyImports([code`import type * as T from ${typesPackage};`, ...symbols.importsOf(OPERATIONS, IMPORT_ORDER)]));
  if (parts.helpers) module.addAs(parts.helpers, true);
  for (const s of parts.tables) module.add(s, true);
  // Plain groups, a fluid assignment and breaks after `=`: a long string overflows as it does in prettier.
  for (const s of parts.statements) module.add(s, true);
  return module;
}
