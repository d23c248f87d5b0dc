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
 * anything as its body; an absent body is an error only when the body is required. The shared helpers are
 * operation-helpers.ts's; every other statement is built as nodes and laid out by the one printer.
 */
import { docComment, isPropertyName, prettyLit as lit, raw, type Code } from '../../../codegen/index.ts';
import { ModulePrinter } from '../../../codegen/pretty-module.ts';
import { namespaceImport, type ModuleLine } from '../../../codegen/module-lines.ts';
import type { ApiModel, MediaTypeModel, OperationModel, ParameterLocation } from '../../../model/types.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import * as n from '../../../codegen/ts-nodes.ts';
import { printStatement } from '../../../codegen/ts-print.ts';
import { printStatement as printTreeStatement } from '../../../codegen/statement-printer.ts';
import * as t from '../../../codegen/statements.ts';
import { prettyImports } from '../module/pretty.ts';
import { treeRef, typeOf, type EntryStatement } from '../module/entry.ts';
import { escapeToken } from '../compile/pointer.ts';
import { PackageRefs } from '../module/symbols.ts';
import { operationHelpers } from './operation-helpers.ts';
import type { ApiDocument } from './document.ts';

export const OPERATIONS = './operations.js';

/** Symbols of the other modules, referenced by name from `src/operations.ts`. */
type Ref = (name: string) => Code;

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** The media type a body or response row leaves unwritten before its check (runtime/operations-module.ts `_rows`). */
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
  helpers?: EntryStatement[];
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

export function operationsFile(header: Code, typesPackage: string, parts: OperationStatements): ModulePrinter {
  // The helpers are typed by the types package (`T.Operations`); a spec without operations has none of them.
  const types = parts.helpers?.length ? [namespaceImport('T', typesPackage, true)] : [];
  const module = new ModulePrinter().statement(header.text).statement(prettyImports([...types, ...parts.imports]));
  for (const s of parts.helpers ?? []) module.statement(s.text, s.formatted);
  for (const s of parts.statements) module.statement(s.text, s.formatted);
  return module;
}
