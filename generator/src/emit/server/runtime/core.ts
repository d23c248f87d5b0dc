/**
 * The request pipeline, independent of the host: the stages of stages.ts run in order — route (404, 405,
 * 501) → authenticate → rate limit → parse parameters and body → validate (every failure collected into
 * one 400) → authorize (owner rule, hook) → invoke → serialize (response checks).
 *
 * Hosts talk to it through `Incoming`/`Outgoing`: the Web adapter (web.ts) wraps a `Request`, the Node
 * adapter (node.ts) wraps `IncomingMessage` directly so no `Request`/`Response` objects are made unless a
 * hook or handler reads `request`.
 */
import { planAuth } from './auth.js';
import type { FormDecoder } from './form.js';
import { ProblemFactory } from './problems.js';
import { Router } from './router.js';
import {
  authenticate,
  authorize,
  EMPTY,
  invoke,
  mergeErrors,
  parseBody,
  parseRequestParameters,
  rateLimit,
  route,
  validate,
  type CompiledOperation,
  type Incoming,
  type Outgoing,
  type Setup,
} from './stages.js';
import { serialize } from './serialize.js';
import { inSpecShape } from './shape.js';
import type { Pipeline } from './web.js';
import type {
  AnyHandler,
  ApiTable,
  HandlerResult,
  OperationValidators,
  Principal,
  ServerOptions,
  TableOperation,
} from './types.js';

export { rateLimitHeaders, type Incoming, type Outgoing } from './stages.js';
export { findResponse, ResponseMismatchError } from './serialize.js';
export {
  createWebHandler,
  fromRequest,
  originForm,
  PIPELINE,
  toResponse,
  type Pipeline,
  type WebHandler,
} from './web.js';

const DEFAULT_MAX_BODY = 1024 * 1024;
const DEFAULT_MAX_DEPTH = 64;

/** What the pipeline knows of each operation, prepared once. */
function compileOperations(
  table: ApiTable,
  validators: OperationValidators | undefined,
  handlers: Record<string, AnyHandler | undefined>,
  options: ServerOptions,
): Map<TableOperation, CompiledOperation> {
  const compiled = new Map<TableOperation, CompiledOperation>();
  for (const op of table.operations) {
    const handler = Object.prototype.hasOwnProperty.call(handlers, op.key) ? handlers[op.key] : undefined;
    const auth = planAuth(op, table);
    compiled.set(op, {
      op,
      handler: typeof handler === 'function' ? handler : undefined,
      validator:
        validators && Object.prototype.hasOwnProperty.call(validators, op.key) ? validators[op.key] : undefined,
      auth,
      owner: options.ownerParameters?.[op.key] ?? op.ownerParameter,
      required: op.parameters.filter((p) => p.required),
      defaults: op.parameters.filter((p) => p.default !== undefined),
      has: {
        path: op.parameters.some((p) => p.in === 'path'),
        query: op.parameters.some((p) => p.in === 'query'),
        header: op.parameters.some((p) => p.in === 'header'),
        cookie: op.parameters.some((p) => p.in === 'cookie'),
      },
      apiKeyQuery: new Set(auth.apiKeys.filter((k) => k.in === 'query').map((k) => k.name)),
      sunsetHeader: op.sunset ? httpDate(op.sunset) : undefined,
      deprecationHeader: op.deprecated ? deprecationValue(op.deprecatedAt) : undefined,
      rejectUnknown: (options.unknownQueryParameters ?? 'reject') === 'reject' && !op.openParameters,
      responseCache: new Map(),
    });
  }
  return compiled;
}

/** The stages' shared setup for a table, its validators, the handlers supplied and the options. */
/** Optional pieces the generated server passes in only when its spec needs them (bundles carry no more). */
export interface PipelineFeatures {
  /** Form bodies by their Encoding Objects (`decodeForm` from runtime/form.js). */
  decodeForm?: FormDecoder;
}

export function createSetup(
  table: ApiTable,
  validators: OperationValidators | undefined,
  handlers: Record<string, AnyHandler | undefined>,
  options: ServerOptions = {},
  features: PipelineFeatures = {},
): Setup {
  return {
    decodeForm: features.decodeForm,
    table,
    router: new Router(table.operations),
    compiled: compileOperations(table, validators, handlers, options),
    // Problems are made relative and the base is added once, on the way out (handlers' ones too).
    problems: new ProblemFactory(table, ''),
    options,
    basePath: (options.basePath ?? '').replace(/\/+$/, ''),
    problemBase: (options.problemBase ?? '').replace(/\/+$/, ''),
    maxBody: options.maxBodySize ?? DEFAULT_MAX_BODY,
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    development: options.development === true,
    report(error, operation, incoming) {
      if (!options.onError) return;
      try {
        options.onError(error, { operation, request: incoming.request() });
      } catch {
        // A failing error hook must not turn into a failure of its own.
      }
    },
  };
}

/** Builds the pipeline over a table, its validators and the handlers supplied. */
export function createPipeline(
  table: ApiTable,
  validators: OperationValidators | undefined,
  handlers: Record<string, AnyHandler | undefined>,
  options: ServerOptions = {},
  features: PipelineFeatures = {},
): Pipeline {
  const s = createSetup(table, validators, handlers, options, features);

  async function handle(incoming: Incoming): Promise<Outgoing> {
    let operation: string | undefined;
    try {
      const routed = route(s, incoming);
      if ('stop' in routed) return serialize(s, routed.stop, incoming);
      const { c, method } = routed;
      operation = c.op.key;
      // The pipeline's own problems, in the shape the operation's error responses declare (shape.ts).
      const refuse = (problem: HandlerResult) => serialize(s, inSpecShape(s.table, c, problem), incoming);
      const authenticated = await authenticate(s, c, incoming, routed.query);
      if ('stop' in authenticated) return refuse(authenticated.stop);
      const { principal } = authenticated;
      const limited = await rateLimit(s, c, principal, incoming);
      if (limited) return refuse(limited.stop);

      const params = parseRequestParameters(routed, incoming);
      const body = await parseBody(s, c, incoming);
      if ('stop' in body) return refuse(body.stop);
      const invalid = validate(c, params, body);
      const errors = [...params.errors, ...invalid.parameters, ...body.errors, ...invalid.body];
      if (errors.length) return refuse(s.problems.invalidRequest(mergeErrors(errors)));

      const at = params.locations;
      const values = at
        ? { path: at.path.values, query: at.query.values, header: at.header.values, cookie: at.cookie.values }
        : { path: EMPTY, query: EMPTY, header: EMPTY, cookie: EMPTY };
      const refused = await authorize(s, c, values.path, principal, incoming);
      if (refused) return refused.declared ? serialize(s, refused.stop, incoming, c, method) : refuse(refused.stop);
      const context = new Context(
        values.path,
        values.query,
        values.header,
        values.cookie,
        body.body,
        principal,
        incoming,
      );
      return serialize(s, await invoke(s, c, context, incoming), incoming, c, method);
    } catch (error) {
      s.report(error, operation, incoming);
      return serialize(s, s.problems.aboutBlank(500), incoming);
    }
  }

  return { handle };
}

/** What a handler receives; `request` is made on first use (hosts without one build it then). */
class Context {
  readonly #incoming: Incoming;
  constructor(
    readonly params: Record<string, unknown>,
    readonly query: Record<string, unknown>,
    readonly headers: Record<string, unknown>,
    readonly cookies: Record<string, unknown>,
    readonly body: unknown,
    readonly principal: Principal | undefined,
    incoming: Incoming,
  ) {
    this.#incoming = incoming;
  }
  get request(): Request {
    return this.#incoming.request();
  }
}

function httpDate(value: string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toUTCString();
}

/**
 * The `Deprecation` header of a deprecated operation: RFC 9745's structured date `@<epoch seconds>` when
 * the spec gives the date (`x-deprecated-at`), else `true` (the header's earlier draft form).
 */
function deprecationValue(deprecatedAt: string | undefined): string {
  const ms = deprecatedAt ? Date.parse(deprecatedAt) : NaN;
  return Number.isNaN(ms) ? 'true' : `@${Math.floor(ms / 1000)}`;
}
