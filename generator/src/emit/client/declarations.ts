/**
 * The declaration parts of `src/client.ts` as compiler nodes (codegen/ts-nodes.ts, printed by ts-print.ts):
 * per operation its argument interface and its call signature (shared by the `Client` method and the
 * standalone function), the `Client`, `Paginators` and `OperationErrors` interfaces and the package's type
 * aliases. Spec strings (parameter names, docs, scopes) enter only through the builder's constructors.
 */
import {
  arrayType, asConst, constDeclaration, indexedAccessType, interfaceDeclaration, keywordType, literalExpression, literalType, methodSignature, namesIn, objectLiteral, property,
  propertySignature, tupleType, typeAlias, typeRef, unionType, type DocLines, type ParameterSpec, type SignatureSpec, type Statement, type TypeElement, type TypeNode, type TypeParameterSpec,
} from '../../codegen/ts-nodes.ts';
import { factsOf } from '../../model/facts/index.ts';
import { operationTypeNode } from '../types/operation-refs.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { operationDoc, parameterDoc } from './docs.ts';
import { argumentKeys, dateFormat, pointerTokens, successStatuses } from './model-helpers.ts';
import { binarySuccessTypes } from './operations.ts';
import { hasArgs, type ClientNames } from './symbols.ts';

const LOCATION_TYPE = { path: 'pathParams', query: 'query', header: 'headers', cookie: 'cookies' } as const;

/** The argument key of the unlisted query parameters of an operation open to them (`x-open-parameters`). */
export const EXTRA_QUERY_KEY = 'extraQuery';

/** A name the client module imports (from the runtime): recorded with the registry, returned to reference. */
export type Use = (name: string) => string;


/** Whether the call's argument can be omitted (nothing in it is required). */
export function argsOptional(op: OperationModel): boolean {
  return !op.parameters.some((p) => p.required) && !op.requestBody?.required;
}

function isArray(model: ApiModel, param: OperationModel['parameters'][number]): boolean {
  return [param.schema, factsOf(model).target(param.schema)].some((s) => typeof s === 'object' && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))));
}

/** `export interface <Method>Args { ... }`: parameters by their spec names, `body`, `extraQuery`. */
export function argsInterface(model: ApiModel, op: OperationModel, name: string, use: Use): Statement | undefined {
  if (!hasArgs(op)) return undefined;
  const members: TypeElement[] = [];
  for (const { param, key } of argumentKeys(op)) {
    const declared = indexedAccessType(operationTypeNode('T', op, LOCATION_TYPE[param.in]), literalType(param.name));
    const date = dateFormat(model, param.schema) ? (isArray(model, param) ? arrayType(typeRef('Date')) : typeRef('Date')) : undefined;
    members.push(propertySignature(key, date ? unionType([declared, date]) : declared, { optional: !param.required, doc: parameterDoc(param, key) }));
  }
  if (op.requestBody) {
    members.push(propertySignature('body', operationTypeNode('T', op, 'requestBody'), { optional: !op.requestBody.required, doc: [op.requestBody.description] }));
  }
  if (op.openParameters) {
    members.push(
      propertySignature(EXTRA_QUERY_KEY, typeRef(use('ExtraQuery')), {
        optional: true,
        doc: [
          'Query parameters the spec does not list (the API reference does not show them all), sent as they are: ' +
            'arrays as repeated parameters (`form`, exploded). Listed parameters go in their own members.',
        ],
      }),
    );
  }
  const doc = [`The argument of \`${op.names.method}\`: its parameters by their names in the spec${op.requestBody ? ', and `body`' : ''}.`];
  return interfaceDeclaration(name, members, doc);
}

export function argsParameter(op: OperationModel, names: ClientNames): ParameterSpec {
  if (!hasArgs(op)) return { name: 'args', type: typeRef('Record', [keywordType('string'), keywordType('never')]), optional: true };
  return { name: 'args', type: typeRef(names.args), optional: argsOptional(op) };
}

export function statusType(op: OperationModel): TypeNode {
  const statuses = successStatuses(op);
  return statuses ? unionType(statuses.map((s) => literalType(s))) : keywordType('number');
}

export interface Signature extends SignatureSpec {
  kind: 'call' | 'stream';
}

/**
 * The type parameter of the client's `throwOnError` (`Client<F>`, `ClientCore<F>`): `true` (throws) unless
 * `createClient`/`createCore` was given a literal `false`.
 */
export const THROWS: TypeParameterSpec = { name: 'F', constraint: keywordType('boolean'), default: literalType(true) };

/** The type parameter of a core's features (`ClientCore<F, Fs>`): those `createCore` was given. */
const FEATURES_PARAMETER = (use: Use): TypeParameterSpec => ({ name: 'Fs', constraint: typeRef(use('CoreFeatures')), default: typeRef(use('CoreFeatures')) });

const CORE_DOC: DocLines = [
  'What the standalone operation functions call through (see `createCore`); `Fs`: the features it was given',
  '(a call\'s options that need a missing one do not type-check).',
];

/**
 * The operation's call signature after `core` (standalone) or as the method (`Client`): generic on the
 * call's options `O`, so that `throwOnError` in them (else the client's `F`) picks what it returns, an
 * `ApiPromise` or a `ResultPromise` with the operation's error body (runtime/types.ts `Outcome`).
 */
export function signature(model: ApiModel, op: OperationModel, names: ClientNames, use: Use): Signature {
  const declared = operationTypeNode('T', op, 'response');
  const options = typeRef(use('CallOptions'));
  // Binary answers: `parseAs` picks how the body is read, and the result type follows it.
  const success = binarySuccessTypes(model, op).length ? typeRef(use('Parsed'), [declared, typeRef('O')]) : declared;
  const error = operationTypeNode('T', op, 'errorResponse');
  return {
    kind: 'call',
    typeParameters: [{ name: 'O', constraint: options, default: options }],
    parameters: [argsParameter(op, names), { name: 'options', type: typeRef('O'), optional: true }],
    returns: typeRef(use('Outcome'), [success, statusType(op), error, typeRef('O'), typeRef(THROWS.name)]),
  };
}

const CLIENT_DOC: DocLines = [
  'One method per operation. A method resolves to the typed success body; `.withResponse()` resolves to',
  '`{ data, status, headers, rateLimit, response }`. Failures reject with `ApiError` (typed body, see',
  '`isApiError` and `isProblem`), `RateLimitError`, `NetworkError`, `TimeoutError`, `AbortError`,',
  '`CredentialsError` (before any request) or, when validation is on, `RequestValidationError` /',
  '`ResponseValidationError`. With `throwOnError: false` (`F`, or a call\'s option) a call resolves to',
  '`{ data, error, response }` instead of rejecting with `ApiError`; streamed operations still throw.',
];

/** `Client`, `Paginators`, `OperationErrors` and the package's type aliases. */
export function clientDeclarations(
  model: ApiModel,
  signatures: ReadonlyMap<OperationModel, Signature>,
  streamMethods: ReadonlyMap<OperationModel, readonly TypeElement[]>,
  names: (op: OperationModel) => ClientNames,
  use: Use,
): Statement[] {
  const ops = model.operations;
  // Streamed operations bring their own (overloaded) signatures (stream-methods.ts).
  const methods = ops.flatMap((op) => {
    const streamed = streamMethods.get(op);
    if (streamed) return streamed;
    const sig = signatures.get(op)!;
    return [methodSignature(op.names.method, sig, operationDoc(model, op, sig.kind))];
  });
  methods.push(propertySignature('paginate', typeRef('Paginators'), { readonly: true, doc: ['Paginated operations as async iterables of pages, with `.items()`.'] }));
  const paginators = ops
    .filter((op) => op.pagination && !streamMethods.has(op))
    .map((op) => {
      const success = operationTypeNode('T', op, 'response');
      const items = tupleType(pointerTokens(op.pagination?.itemsPointer ?? '/data').map((p) => ({ type: literalType(p) })));
      const item = typeRef(use('ItemOf'), [typeRef(use('At'), [success, items])]);
      return methodSignature(
        op.names.method,
        { parameters: [argsParameter(op, names(op)), { name: 'options', type: typeRef(use('PaginateOptions')), optional: true }], returns: typeRef(use('Paginator'), [success, item]) },
        operationDoc(model, op, 'paginate'),
      );
    });
  const errors = ops.map((op) => propertySignature(op.names.method, operationTypeNode('T', op, 'errorResponse')));
  const scopes = oauth2Scopes(model);
  // `Client<F>` keeps its parameter for every spec (createClient's return type passes it); a client whose
  // methods never read it (a spec without operations) names it `_F`, as `noUnusedParameters` asks.
  const named = namesIn(methods);
  return [
    interfaceDeclaration('Client', methods, CLIENT_DOC, [named.has(THROWS.name) ? THROWS : { ...THROWS, name: `_${THROWS.name}` }]),
    interfaceDeclaration('Paginators', paginators, ['Paginated operations: `for await (const page of client.paginate.x(args, { maxPages }))`, or `.items()`.']),
    interfaceDeclaration('OperationErrors', errors, ['The error body each operation declares (non-2XX and `default` responses).']),
    typeAlias('ClientOptions', typeRef(use('RuntimeOptions')), ['Options of `createClient` and `createCore`.']),
    typeAlias('ClientCore', typeRef(use('Runtime'), [typeRef(THROWS.name), typeRef('Fs')]), CORE_DOC, [THROWS, FEATURES_PARAMETER(use)]),
    typeAlias('OAuth2Scope', scopes.length ? unionType(scopes.map((s) => literalType(s))) : keywordType('string'), [
      'The OAuth 2.0 scopes the spec names (for `oauth2Flow(...).start(scopes)`).',
    ]),
    ...serverMap(model),
  ];
}

/**
 * `servers`: the spec's servers that have an OAS 3.2 `name`, by that name, each URL with its variables at
 * their defaults (`createClient({ baseUrl: servers.sandbox })`). Nothing without named servers.
 */
function serverMap(model: ApiModel): Statement[] {
  const named = namedServers(model);
  if (!named.length) return [];
  const members = named.map((s) => property(s.name!, literalExpression(serverUrl(s)), [s.description, s.url !== serverUrl(s) ? `\`${s.url}\` with its variables at their defaults.` : undefined]));
  return [constDeclaration('servers', asConst(objectLiteral(members, { multiLine: true })), ['The servers the spec names, for `createClient({ baseUrl })`.'])];
}

/** The servers with an OAS 3.2 `name` (the first of a name wins, as names are unique by the spec). */
export function namedServers(model: ApiModel): ApiModel['servers'] {
  const seen = new Set<string>();
  return model.servers.filter((s) => s.name !== undefined && !seen.has(s.name) && seen.add(s.name));
}

function serverUrl(server: ApiModel['servers'][number]): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole);
}

function oauth2Scopes(model: ApiModel): string[] {
  const scopes = new Set<string>();
  for (const s of model.securitySchemes) {
    if (s.type !== 'oauth2') continue;
    for (const flow of Object.values(s.flows ?? {})) for (const scope of Object.keys(flow.scopes)) scopes.add(scope);
  }
  return [...scopes];
}
