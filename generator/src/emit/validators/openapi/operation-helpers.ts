/**
 * What every operation of `src/operations.ts` shares, before the `_operation(...)` calls. Chosen per piece:
 * - the same for every spec — the validators' shape (`_OperationTypes`, `_Validators`) and the row reader
 *   (`_At`, `_token`, `_rows`) — is a checked runtime module, runtime/operations-module.ts, whose
 *   declarations are copied as written (prettier-clean where they live);
 * - `_operation` depends on the spec (it is typed by the types package's `Operations` map; its `body`
 *   parameter and table exist only when some operation has a request body; a location without parameters
 *   gets the spec's first compiled check of none): built as nodes and laid out by the one printer.
 */
import type { Code } from '../../../codegen/index.ts';
import * as n from '../../../codegen/ts-nodes.ts';
import { printStatement } from '../../../codegen/ts-print.ts';
import { typeOf, valueOf, type EntryStatement } from '../module/entry.ts';
import { copiedWhole } from '../runtime/library.ts';

/** Symbols of the other modules, referenced by name (records the import). */
type Ref = (name: string) => Code;

/** The runtime's names the copied declarations use: imported from `./runtime.js` (the module's own imports say the same). */
const RUNTIME_NAMES = ['ValidateOptions', 'ValidationResult', '_Check'];

/**
 * The shared statements: the fixed declarations, then `_operation`. `bodies`: some operation has a request
 * body (else the runtime's `_request` is not needed, nor copied); `none`: the compiled check `_operation`
 * supplies for a location left out.
 */
export function operationHelpers(ref: Ref, bodies: boolean, none: string | undefined): EntryStatement[] {
  for (const name of RUNTIME_NAMES) ref(name);
  const fixed = copiedWhole(new URL('../runtime/operations-module.ts', import.meta.url));
  return [...fixed.map((text) => ({ text, formatted: true })), printStatement(operationFunction(ref, bodies, none))];
}

/** `T.Operations[K]` and its members (`T.Operations[K]['requestBody']`). */
function operationType(...members: string[]): n.TypeNode {
  return members.reduce((type, member) => n.indexedAccessType(type, n.literalType(member)), n.indexedAccessType(n.qualifiedTypeRef('T', 'Operations'), n.typeRef('K')));
}

/** `readonly [first, ...(string | _At)[]]`: a row of media types and checks after its first member. */
function row(first: n.TypeNode): n.TypeNode {
  return n.readonlyType(n.tupleType([{ type: first }], n.unionType([n.keywordType('string'), n.typeRef('_At')])));
}

function operationFunction(ref: Ref, bodies: boolean, none: string | undefined): n.Statement {
  const type = (name: string, args: readonly n.TypeNode[] = []) => typeOf(ref(name), args);
  const value = (name: string) => valueOf(ref(name));
  const v = n.valueRef;
  const call = (callee: n.Expression, ...args: n.Expression[]) => n.callExpression(callee, args);
  const lit = n.literalExpression;
  const options = { name: 'options', type: type('ValidateOptions'), optional: true };
  // `sp + '/x'`: a schema path under the operation's.
  const under = (...parts: n.Expression[]) => parts.reduce((left, right) => n.binary(left, '+', right), v('sp'));
  const param = n.elementAccess(v('params'), v('i'));
  const run = n.functionDeclaration(
    'run',
    {
      typeParameters: [{ name: 'R' }],
      parameters: [{ name: 'check', type: type('_Check') }],
      returns: n.functionType([{ name: 'value', type: n.keywordType('unknown') }, options], type('ValidationResult', [n.typeRef('R')])),
    },
    [n.returnStatement(n.arrowFunction([{ name: 'value' }, { name: 'options' }], call(value('_run'), v('check'), v('value'), call(value('_opts'), v('options'), lit(true)), under(lit('/parameters')))))],
    [],
    { exported: false },
  );
  const rows = (source: n.Expression, member: string) => call(n.propertyAccess(source, 'map'), n.arrowFunction([{ name: member === 's' ? 'row' : 't' }], member === 's' ? n.elementAccess(v('row'), lit(0)) : n.propertyAccess(v('t'), member)));
  const table = n.functionDeclaration(
    'table',
    { parameters: [], returns: type('_Responses') },
    [
      n.variable('const', 'rows', call(n.propertyAccess(v('responses'), 'map'), n.arrowFunction([{ name: 'row' }], call(v('_rows'), v('row'), lit(1), under(lit('/responses/'), call(v('_token'), n.elementAccess(v('row'), lit(0))))))), {}),
      n.returnStatement(n.objectLiteral([n.property('s', rows(v('responses'), 's')), ...['m', 'f', 'p'].map((m) => n.property(m, rows(v('rows'), m)))], { multiLine: true })),
    ],
    [],
    { exported: false },
  );
  const unchecked = (body: string) => n.objectLiteral([n.property('valid', lit(true)), n.property('value', n.asType(v(body), operationType('requestBody')))]);
  const requestBody = bodies
    ? n.arrowFunction(
        [{ name: 'value' }, { name: 'mediaType' }, { name: 'options' }],
        n.conditional(
          v('body'),
          call(value('_request'), n.assignment(v('b'), '??=', n.objectLiteral([n.property('r', n.elementAccess(v('body'), lit(0))), n.spread(call(v('_rows'), v('body'), lit(1), under(lit('/requestBody'))))])), v('value'), v('mediaType'), v('options')),
          unchecked('value'),
        ),
      )
    : n.arrowFunction([{ name: 'value' }], unchecked('value'));
  const validators = n.objectLiteral(
    [
      ...['pathParams', 'query', 'headers', 'cookies'].map((part, i) => n.property(part, call(v('run'), call(v('param'), lit(i))))),
      n.property('requestBody', requestBody),
      n.property('response', n.arrowFunction(['status', 'mediaType', 'value', 'options'].map((name) => ({ name })), call(value('_respond'), n.assignment(v('r'), '??=', call(v('table'))), v('status'), v('mediaType'), v('value'), v('options')))),
    ],
    { multiLine: true },
  );
  return n.functionDeclaration(
    '_operation',
    {
      typeParameters: [{ name: 'K', constraint: n.keyofType(n.qualifiedTypeRef('T', 'Operations')) }, { name: 'B', default: n.keywordType('never') }],
      parameters: [
        { name: 'at', type: n.keywordType('string') },
        { name: 'params', type: n.readonlyType(n.arrayType(type('_Check'))) },
        { name: 'responses', type: n.readonlyType(n.arrayType(row(n.keywordType('string')))) },
        ...(bodies ? [{ name: 'body', type: row(n.keywordType('boolean')), optional: true }] : []),
      ],
      returns: n.typeRef('_Validators', [operationType(), n.typeRef('B')]),
    },
    [
      n.variable('const', 'sp', n.binary(lit('#'), '+', v('at'))),
      n.variable('const', 'param', n.arrowFunction([{ name: 'i', type: n.keywordType('number') }], none === undefined ? n.nonNull(param) : n.binary(param, '??', value(none)))),
      n.variable('let', 'r', undefined, { type: n.unionType([type('_Responses'), n.keywordType('undefined')]) }),
      ...(bodies ? [n.variable('let', 'b', undefined, { type: n.unionType([type('_Body'), n.keywordType('undefined')]) })] : []),
      run,
      table,
      n.returnStatement(validators),
    ],
    [
      'The validators of operation `K`, whose JSON pointer in the spec is `at`: `params` checks its parameters by',
      'location (path, query, header, cookie; one left out has none), `responses` per status its media types',
      'and their checks, `body` its request body\'s (none declared: any body is accepted). Schema paths follow',
      'from `at`; the tables are built on first use.',
    ],
    { exported: false },
  );
}
