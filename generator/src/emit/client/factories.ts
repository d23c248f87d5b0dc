/**
 * The fixed part of `src/client.ts`: `createClient`, `validation`, `middleware`, `createCore` and
 * `isApiError`. No spec text: only runtime names (through the symbol registry), the validators package's
 * module and the framings the spec's streams use. Built as nodes; the printer lays them out.
 */
import type { Code } from '../../codegen/index.ts';
import * as n from '../../codegen/ts-nodes.ts';
import type { Statement } from '../../codegen/ts-nodes.ts';
import type { ApiModel } from '../../model/types.ts';
import type { SymbolRegistry } from '../symbols.ts';
import { paginated } from './operations.ts';
import { framingsNode, streamFormats } from './stream-methods.ts';
import { CLIENT, RUNTIME, VALIDATORS_CONTRACT } from './symbols.ts';

type Ref = (name: string) => Code;

const CREATE_CLIENT_DOC = [
  'Creates a client. `baseUrl` is required; `auth` holds the credentials (the operation\'s security',
  'requirement picks which are sent); validation loads the validators package on first use.',
];

const VALIDATION_DOC = [
  'Request and response validation for `createCore(options, { validation })` (`createClient` has it built',
  'in): loads the validators package on first use. A bundle that does not pass it does not carry it.',
];

const MIDDLEWARE_DOC = [
  'Middleware for `createCore(options, { middleware })` (`createClient` has it built in): needed when',
  '`options.middleware` or a call\'s `middleware` has hooks; the runner loads on first use. A bundle that',
  'does not pass it does not carry it.',
];

const CREATE_CORE_DOC = [
  'Creates a core for the standalone operation functions (`getX(core, args)`): the same calls as',
  '`createClient`\'s methods, but a bundle carries only the operations it calls and only the features it',
  'passes: `{ retries, rateLimits, timeouts }` for what `createClient` does by default, `errorDetails` for',
  'detailed error messages, `results` for `throwOnError: false`, `extraQuery` for a call\'s `query`,',
  '`validation` for `options.validate`, `middleware` for hooks. The options\' and the calls\' types refuse',
  'an option whose feature is missing.',
];

/** `createClient`, `validation`, `middleware` and `createCore`, one statement each, as nodes the printer lays out. */
export function clientFactories(model: ApiModel, symbols: SymbolRegistry, ref: Ref): Statement[] {
  const formats = streamFormats(model);
  const pages = paginated(model).length > 0;
  const validators = symbols.moduleOf(CLIENT, VALIDATORS_CONTRACT.value);
  const v = (name: string) => n.valueRef(ref(name).text);
  const t = (name: string, args: readonly n.TypeNode[] = []) => n.typeRef(ref(name).text, args);
  // `() => import(module).then((m) => m.<name>)`: a module loaded on first use.
  const load = (module: string, then: (m: n.Expression) => n.Expression) =>
    n.arrowFunction([], n.callExpression(n.propertyAccess(n.dynamicImport(module), 'then'), [n.arrowFunction([{ name: 'm' }], then(n.valueRef('m')))]));
  const loadValidators = () => load(validators, (m) => n.propertyAccess(m, VALIDATORS_CONTRACT.value));
  const bound = n.objectLiteral(
    [
      n.property('validators', loadValidators()),
      ...(formats.size ? [n.property('stream', n.callExpression(v('streams'), [framingsNode(formats, ref)]))] : []),
      ...(pages ? [n.property('paginate', v('paginate')), n.property('paginations', n.propertyAccess(n.valueRef('ops'), 'paginations'))] : []),
    ],
    { multiLine: true },
  );
  // Generic on the options, so that a literal `throwOnError: false` makes every method's type return results.
  const generic = { typeParameters: [{ name: 'O', constraint: n.typeRef('ClientOptions') }], parameters: [{ name: 'options', type: n.typeRef('O') }] };
  const throws = [n.typeRef(ref('Throws').text, [n.typeRef('O'), n.literalType(true)])];
  const createClient = n.functionDeclaration(
    'createClient',
    { ...generic, returns: n.typeRef('Client', throws) },
    [n.returnStatement(n.asType(n.callExpression(v('bindOperations'), [n.propertyAccess(n.valueRef('ops'), 'operations'), n.valueRef('options'), bound]), n.typeRef('Client', throws)))],
    CREATE_CLIENT_DOC,
  );
  const features = (member: string) => n.typeRef('NonNullable', [n.indexedAccessType(t('Features'), n.literalType(member))]);
  const errors = n.objectLiteral([n.property('RequestValidationError', v('RequestValidationError')), n.property('ResponseValidationError', v('ResponseValidationError'))]);
  // Calls at the top level: marked pure so that a bundle that does not use them drops them.
  const validation = n.constDeclaration(
    'validation',
    n.pure(n.callExpression(v('validating'), [load(RUNTIME.validate, (m) => n.callExpression(n.propertyAccess(m, 'checker'), [loadValidators(), errors]))])),
    VALIDATION_DOC,
    { type: features('validation') },
  );
  const middleware = n.constDeclaration(
    'middleware',
    n.pure(n.callExpression(v('mediating'), [load(RUNTIME.middleware, (m) => n.propertyAccess(m, 'runMiddleware'))])),
    MIDDLEWARE_DOC,
    { type: features('middleware') },
  );
  // Generic on the features too: the options' type allows what needs a feature only when it is given.
  const options = { name: 'O', constraint: t('CoreOptions', [n.typeRef('Fs')]) };
  const given = { name: 'Fs', constraint: t('CoreFeatures'), default: n.typeLiteral([]) };
  const createCore = n.functionDeclaration(
    'createCore',
    {
      typeParameters: [options, given],
      parameters: [...generic.parameters, { name: 'features', type: n.typeRef('Fs'), optional: true }],
      returns: n.typeRef('ClientCore', [...throws, n.typeRef('Fs')]),
    },
    [n.returnStatement(n.callExpression(v('createRuntime'), [n.valueRef('options'), n.valueRef('features')]))],
    CREATE_CORE_DOC,
  );
  return [createClient, validation, middleware, createCore];
}

/** `isApiError` with its overloads (printed one a line: no blank line between overloads). */
export function isApiError(ref: Ref): Statement[] {
  const error = ref('ApiError').text;
  const e = { name: 'error', type: n.keywordType('unknown') };
  const doc = ['True when `error` is an `ApiError` (of operation `method`, when given: its body is then typed as declared).'];
  const m = n.typeRef('M');
  const byOperation = n.functionDeclaration(
    'isApiError',
    {
      typeParameters: [{ name: 'M', constraint: n.keyofType(n.typeRef('OperationErrors')) }],
      parameters: [e, { name: 'method', type: m }],
      returns: n.typePredicate('error', n.typeRef(error, [n.indexedAccessType(n.typeRef('OperationErrors'), m)])),
    },
    undefined,
    doc,
  );
  const any = n.functionDeclaration('isApiError', { parameters: [e], returns: n.typePredicate('error', n.typeRef(error)) }, undefined);
  const test = n.binary(
    n.binary(n.valueRef('error'), 'instanceof', n.valueRef(error)),
    '&&',
    n.binary(n.binary(n.valueRef('method'), '===', n.literalExpression(undefined)), '||', n.binary(n.propertyAccess(n.valueRef('error'), 'operation'), '===', n.valueRef('method'))),
  );
  const implementation = n.functionDeclaration('isApiError', { parameters: [e, { name: 'method', type: n.keywordType('string'), optional: true }], returns: n.keywordType('boolean') }, [n.returnStatement(test)]);
  return [byOperation, any, implementation];
}
