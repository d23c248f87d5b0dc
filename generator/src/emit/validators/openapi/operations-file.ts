/**
 * `src/operations.ts`: per operation (names from `op.names`), validators for its parameters by location,
 * its request body (by media type) and its responses (by status, then media type), and the
 * `operationValidators` map keyed by `op.names.method` for generic runtimes (docs/contracts.md).
 * Bodies and responses are small tables of compiled functions read by the runtime's `_request` and
 * `_respond`.
 *
 * Defaults: parameters and request bodies validate in the `request` direction, responses in `response`.
 * A status that matches no response (exact, `4XX` range, `default`) or a media type that matches none
 * declared is an error; a response without content accepts only an absent body; an operation without a
 * request body accepts anything as its body; an absent body is an error only when the body is required.
 */
import { code, docComment, ident, join, prettyLit as lit, objectKey, type Code } from '../../../codegen/index.ts';
import type { ApiModel, OperationModel, ParameterLocation } from '../../../model/types.ts';
import { operationType, type OperationMember } from '../../types/operation-refs.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import { IMPORT_ORDER } from '../module/symbols.ts';
import type { ApiDocument } from './document.ts';

export const OPERATIONS = './operations.js';

/** Symbols of the other modules, referenced by name from `src/operations.ts`. */
type Ref = (name: string) => Code;

const LOCATIONS: readonly [ParameterLocation, 'pathParams' | 'query' | 'headers' | 'cookies'][] = [
  ['path', 'pathParams'],
  ['query', 'query'],
  ['header', 'headers'],
  ['cookie', 'cookies'],
];

/** An operation's type in the types package, through its `Operations` map. */
function typeOf(op: OperationModel, member: OperationMember): Code {
  return operationType('T', op, member);
}

function parameters(doc: ApiDocument, op: OperationModel, where: ParameterLocation, key: (typeof LOCATIONS)[number][1], ref: Ref): Code {
  const entry = doc.compiler.entryErrors(doc.parameters(op, where), true);
  const errors = ref(entry.errors.text);
  const sp = entry.schemaPath === undefined ? code`` : code`, ${lit(entry.schemaPath)}`;
  const name = op.names[key];
  return code`${docComment([`${op.operationId}: ${where} parameters, keyed by their names in the spec, values as parsed from the wire.`])}export function ${ident(`validate${name}`)}(value: unknown, options?: ${ref('ValidateOptions')}): ${ref('ValidationResult')}<${typeOf(op, key)}> {
return ${ref('_run')}(${errors}, value, ${ref('_opts')}(options, true)${sp});
}`;
}

function requestBody(doc: ApiDocument, op: OperationModel, table: Code, ref: Ref, tables: Code[]): Code {
  const name = ident(`validate${op.names.requestBody}`);
  const body = op.requestBody;
  const head = (type: Code): Code => code`export function ${name}(body: unknown, mediaType?: string, options?: ${ref('ValidateOptions')}): ${ref('ValidationResult')}<${type}>`;
  if (!body || body.content.length === 0) {
    const type = typeOf(op, 'requestBody');
    return code`${docComment([`${op.operationId}: no request body is declared; any body is accepted.`])}${head(type)} {\nvoid mediaType;\nvoid options;\nreturn { valid: true, value: body as ${type} };\n}`;
  }
  const entries = body.content.map((m, i) => doc.compiler.entryErrors(doc.media(op, m, body.content.length > 1 ? `RequestBody_${i + 1}` : 'RequestBody'), true));
  const checks = entries.map((e) => ref(e.errors.text));
  const paths = entries.some((e) => e.schemaPath !== undefined) ? code`, p: ${lit(entries.map((e) => e.schemaPath ?? ''))}` : code``;
  tables.push(code`const ${table}: ${ref('_Body')} = { r: ${lit(body.required)}, m: ${lit(body.content.map((m) => m.mediaType))}, f: [${join(checks)}]${paths} };`);
  // An optional body may be absent: the result says so in its type.
  const type = body.required ? typeOf(op, 'requestBody') : code`${typeOf(op, 'requestBody')} | undefined`;
  return code`${docComment([`${op.operationId}: the request body, by media type (default: the first declared).`])}${head(type)} {\nreturn ${ref('_request')}(${table}, body, mediaType, options);\n}`;
}

function response(doc: ApiDocument, op: OperationModel, table: Code, ref: Ref, tables: Code[]): Code {
  const name = ident(`validate${op.names.success}`);
  const type = code`${typeOf(op, 'response')} | ${typeOf(op, 'errorResponse')}`;
  const entries = op.responses.map((r) =>
    r.content.map((m, i) => doc.compiler.entryErrors(doc.media(op, m, r.content.length > 1 ? `Status_${r.status}_${i + 1}` : `Status_${r.status}`), true)),
  );
  const checks = entries.map((r) => r.map((e) => ref(e.errors.text)));
  const media = op.responses.map((r) => r.content.map((m) => m.mediaType));
  const paths = entries.some((r) => r.some((e) => e.schemaPath !== undefined)) ? code`p: ${lit(entries.map((r) => r.map((e) => e.schemaPath ?? '')))},\n` : code``;
  tables.push(code`const ${table}: ${ref('_Responses')} = {\ns: ${lit(op.responses.map((r) => r.status))},\nm: ${lit(media)},\nf: [${join(checks.map((c) => code`[${join(c)}]`))}],\n${paths}};`);
  return code`${docComment([`${op.operationId}: a response, by status (exact, range, default) and media type.`])}export function ${name}(status: number | string, mediaType: string, body: unknown, options?: ${ref('ValidateOptions')}): ${ref('ValidationResult')}<${type}> {\nreturn ${ref('_respond')}(${table}, status, mediaType, body, options);\n}`;
}

export function operationStatements(model: ApiModel, doc: ApiDocument, symbols: SymbolRegistry): Code[] {
  const ref: Ref = (name) => symbols.ref(OPERATIONS, name);
  const statements: Code[] = [];
  const tables: Code[] = [];
  const entries: Code[] = [];
  model.operations.forEach((op, index) => {
    for (const [where, key] of LOCATIONS) statements.push(parameters(doc, op, where, key, ref));
    statements.push(requestBody(doc, op, ident(`_body${index}`), ref, tables), response(doc, op, ident(`_responses${index}`), ref, tables));
    const n = op.names;
    entries.push(
      code`${objectKey(n.method)}: {\npathParams: ${ident(`validate${n.pathParams}`)},\nquery: ${ident(`validate${n.query}`)},\nheaders: ${ident(`validate${n.headers}`)},\ncookies: ${ident(`validate${n.cookies}`)},\nrequestBody: ${ident(`validate${n.requestBody}`)},\nresponse: ${ident(`validate${n.success}`)},\n},`,
    );
  });
  statements.push(
    code`${docComment(["Every operation's validators keyed by its client method / server handler name (`op.names.method`)."])}export const operationValidators = {\n${join(entries, '\n')}\n} satisfies ${ref('OperationValidators')};`,
  );
  return [...tables, ...statements];
}

export function operationsFile(header: Code, typesPackage: Code, statements: Code[], symbols: SymbolRegistry): string {
  const imports = [code`import type * as T from ${typesPackage};`, ...symbols.importsOf(OPERATIONS, IMPORT_ORDER)];
  return join([header, join(imports, '\n'), ...statements], '\n\n').text + '\n';
}
