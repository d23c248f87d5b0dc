/**
 * The symbols of a client package (emit/symbols.ts): each module declares what it exports, the package root
 * re-exports exactly those, and modules import each other's symbols (and the validators package's contract)
 * by name through the registry. Names planned per operation (argument types, standalone functions) are
 * made unique against everything declared before them.
 */
import { isIdentifier, toIdentifier, uniqueName } from '../../codegen/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { SymbolRegistry, type DeclaredSymbol } from '../symbols.ts';
import { CLIENT_WEBHOOK_SYMBOLS, webhookExportNames } from '../webhooks/symbols.ts';

export const CLIENT = './client.js';
export const OPERATIONS = './operations.js';
export const PROBLEMS = './problems.js';
export const INDEX = './index.js';

const rt = (name: string) => `./runtime/${name}.js`;
export const RUNTIME = {
  bind: rt('bind'),
  core: rt('core'),
  errors: rt('errors'),
  form: rt('form'),
  authExtra: rt('auth-extra'),
  oauth1: rt('oauth1'),
  oauth2: rt('oauth2'),
  oauth2Device: rt('oauth2-device'),
  paginate: rt('paginate'),
  stream: rt('stream'),
  ndjson: rt('ndjson'),
  jsonSeq: rt('json-seq'),
  sse: rt('sse'),
  types: rt('types'),
  validate: rt('validate'),
  middleware: rt('middleware'),
  rateLimit: rt('rate-limit'),
  retry: rt('retry'),
  timeout: rt('timeout'),
  validation: rt('validation'),
  deprecation: rt('deprecation'),
  mediate: rt('mediate'),
  errorDetails: rt('error-details'),
  results: rt('results'),
  extraQuery: rt('extra-query'),
} as const;

const types = (...names: string[]): DeclaredSymbol[] => names.map((name) => ({ name, typeOnly: true }));
const values = (...names: string[]): DeclaredSymbol[] => names.map((name) => ({ name, typeOnly: false }));

/**
 * The public part of the static runtime, by module: what a package root re-exports from it. (The runtime's
 * other exports are its own plumbing, imported by name where the generated modules need them.)
 */
const PUBLIC_RUNTIME: [string, DeclaredSymbol[]][] = [
  [
    RUNTIME.errors,
    values('AbortError', 'ApiError', 'ClientError', 'CredentialsError', 'NetworkError', 'RateLimitError', 'RequestValidationError', 'ResponseValidationError', 'TimeoutError'),
  ],
  // The query target's infinite options read next links and typed header tokens with the client's own rule.
  [RUNTIME.paginate, [...values('headerToken', 'nextLinkQuery', 'nextUrlQuery'), ...types('Paginator')]],
  [
    RUNTIME.types,
    types(
      'ApiPromise', 'ApiResponse', 'ApiResult', 'AuthOptions', 'CallOptions', 'DeprecationNotice', 'EventStream', 'ExtraQuery', 'Middleware', 'MiddlewareContext', 'OperationSpec', 'Outcome', 'PaginateOptions', 'ParseAs',
      'Parsed', 'ProblemLike', 'RateLimit', 'RequestSigner', 'ResultPromise', 'RetryOptions', 'RuntimeOptions', 'ServerSentEvent', 'StreamCallOptions', 'StreamOptions', 'Throws', 'TokenSource', 'TokenType', 'ValidateOptions',
    ),
  ],
  [RUNTIME.stream, values('shouldReconnect')],
  // The features `createCore` takes for what `createClient` does by default (and always has).
  [RUNTIME.retry, values('retries')],
  [RUNTIME.rateLimit, values('rateLimits')],
  [RUNTIME.timeout, values('timeouts')],
  [RUNTIME.errorDetails, values('errorDetails')],
  [RUNTIME.results, values('results')],
  [RUNTIME.extraQuery, values('extraQuery')],
  [RUNTIME.oauth1, [...values('oauth1', 'oauth1Header', 'percentEncode', 'signatureBaseString'), ...types('OAuth1Credentials')]],
  [
    RUNTIME.oauth2,
    [...values('buildAuthorizationUrl', 'createCodeChallenge', 'createCodeVerifier', 'exchangeCode', 'oauth2Flow', 'oauth2Session'), ...types('OAuth2Session', 'OAuth2Tokens')],
  ],
  [
    RUNTIME.oauth2Device,
    [...values('DEVICE_CODE_GRANT', 'DeviceFlowError', 'discoverOAuth2', 'oauth2DeviceFlow'), ...types('DeviceAuthorization', 'DeviceFlowOptions', 'OAuth2ServerMetadata')],
  ],
];

/** Runtime symbols generated modules import but the package root does not re-export. */
const PRIVATE_RUNTIME: [string, string[], boolean][] = [
  [RUNTIME.bind, ['bindOperations'], false],
  [RUNTIME.core, ['call', 'createRuntime'], false],
  [RUNTIME.core, ['CoreFeatures', 'CoreFor', 'CoreOptions', 'Feature', 'Features', 'Runtime'], true],
  [RUNTIME.validation, ['validating'], false],
  [RUNTIME.mediate, ['mediating'], false],
  [RUNTIME.types, ['At', 'ItemOf'], true],
  [RUNTIME.stream, ['stream', 'streams'], false],
  [RUNTIME.ndjson, ['ndjsonFraming'], false],
  [RUNTIME.jsonSeq, ['jsonSeqFraming'], false],
  [RUNTIME.sse, ['sseFraming'], false],
  [RUNTIME.paginate, ['paginate'], false],
  [RUNTIME.form, ['encodeForm'], false],
  [RUNTIME.authExtra, ['extraAuth'], false],
];

/** The fixed exports of the generated modules (per-operation names are planned after them). */
const CLIENT_FIXED = [
  ...types('Client', 'ClientCore', 'ClientOptions', 'OAuth2Scope', 'OperationErrors', 'Paginators'),
  ...values('createClient', 'createCore', 'isApiError', 'middleware', 'validation'),
];
const PROBLEMS_FIXED = [...types('ProblemSlug', 'ProblemTypes'), ...values('isProblem', 'matchesProblem', 'problemSlug')];

/** The order of the package root's re-exports. */
export const EXPORT_ORDER = [CLIENT, PROBLEMS, OPERATIONS, ...PUBLIC_RUNTIME.map(([m]) => m)];

/** The order of a generated module's imports. */
export const IMPORT_ORDER = [OPERATIONS, ...Object.values(RUNTIME)];

/** The validators package's exports the client and server use (its contract, docs/contracts.md). */
export const VALIDATORS_CONTRACT = {
  types: ['OperationValidator', 'OperationValidators', 'ValidateOptions', 'ValidationError', 'ValidationResult'],
  value: 'operationValidators',
} as const;

/** Declares the validators package (`specifier`) as the provider of its contract. */
export function provideValidators(symbols: SymbolRegistry, specifier: string): SymbolRegistry {
  return symbols.provideNames(specifier, VALIDATORS_CONTRACT.types, { typeOnly: true }).provideNames(specifier, [VALIDATORS_CONTRACT.value]);
}

export interface ClientNames {
  /** `<Method>Args`, the argument type (when the operation takes an argument). */
  args: string;
  /** The standalone function over a core (`getX(core, args)`), tree-shakable. */
  fn: string;
  /** The operation's table entry in operations.ts (imported there as the namespace `ops`). */
  spec: string;
}

export interface ClientPlan {
  symbols: SymbolRegistry;
  names: Map<OperationModel, ClientNames>;
}

const plans = new WeakMap<ApiModel, Map<string, ClientPlan>>();

/** The client package's symbols and per-operation names (planned once per model and validators package). */
export function clientPlan(model: ApiModel, validatorsPackage: string): ClientPlan {
  let byPackage = plans.get(model);
  if (!byPackage) plans.set(model, (byPackage = new Map()));
  const cached = byPackage.get(validatorsPackage);
  if (cached) return cached;
  const symbols = new SymbolRegistry();
  for (const [module, list] of PUBLIC_RUNTIME) symbols.declare(module, list);
  for (const [module, names, typeOnly] of PRIVATE_RUNTIME) symbols.provideNames(module, names, { typeOnly });
  symbols.declare(PROBLEMS, PROBLEMS_FIXED).declare(OPERATIONS, values('operations'));
  provideValidators(symbols, validatorsPackage);
  // `then` is never a module export: a module namespace with one is thenable, so `await import(...)` of the
  // package (or of operations.js) would call it.
  // With webhooks, the root also exports `sendWebhook` and its types: an operation `sendWebhook` plans around them.
  // OAS 3.2 named servers: the `servers` map (declarations.ts).
  const hasServers = model.servers.some((s) => s.name !== undefined);
  const taken = new Set([...symbols.declaredNames(), ...CLIENT_FIXED.map((s) => s.name), ...(hasServers ? ['servers'] : []), 'then', ...webhookExportNames(model, CLIENT_WEBHOOK_SYMBOLS)]);
  // With `dates: 'Date'`, operations.ts also declares the date plans and their codec.
  const specTaken = new Set(['operations', 'paginations', 'then', ...(model.dates ? ['datePlans', 'dateCodec', 'dates'] : []), ...(model.int64 ? ['int64Plans', 'decodeInt64', 'encodeJson64', 'readInt64Item', 'Int64Plan'] : [])]);
  const names = new Map<OperationModel, ClientNames>();
  for (const op of model.operations) {
    // The method name is already a planned identifier (`then_`, `constructor_`): kept as it is.
    const base = isIdentifier(op.names.method) ? op.names.method : toIdentifier(op.names.method, 'camel', 'operation');
    names.set(op, {
      args: uniqueName(`${toIdentifier(op.names.method, 'pascal', 'Operation')}Args`, taken),
      fn: uniqueName(base, taken),
      spec: uniqueName(base, specTaken),
    });
  }
  const argTypes = model.operations.filter(hasArgs).map((op) => names.get(op)!.args);
  symbols.declare(CLIENT, [...CLIENT_FIXED, ...(hasServers ? values('servers') : []), ...types(...argTypes), ...values(...model.operations.map((op) => names.get(op)!.fn))]);
  const plan = { symbols, names };
  byPackage.set(validatorsPackage, plan);
  return plan;
}

/** Whether the operation's call takes an argument (parameters, a body, or unlisted query parameters). */
export function hasArgs(op: OperationModel): boolean {
  return op.parameters.length > 0 || op.requestBody !== undefined || op.openParameters === true;
}
