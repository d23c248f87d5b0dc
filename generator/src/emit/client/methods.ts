/**
 * `src/client.ts`: the typed surface. Per operation an `<Base>Args` interface (path, query, header and
 * cookie parameters by spec name, plus `body`), a method on `Client` with its JSDoc, a `paginate` entry
 * for paginated operations, its error body in `OperationErrors`, and a standalone function over a core
 * (tree-shakable). The implementation is generic (runtime/bind.ts and runtime/core.ts `call` over the
 * operation table), so the methods cost no code per operation. The declarations are compiler nodes
 * (declarations.ts); the fixed implementations below hold no spec text.
 */
import { code, ident, join, lit, raw, type Code } from '../../codegen/index.ts';
import { callExpression, functionDeclaration, propertyAccess, returnStatement, typeRef as typeRefNode, valueRef, type Statement } from '../../codegen/ts-nodes.ts';
import { printNode } from '../../codegen/ts-print.ts';
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { argsInterface, argsParameter, argsOptional, clientDeclarations, signature, statusType, type Signature, type Use } from './declarations.ts';
import { operationDoc } from './docs.ts';
import { framings, streamFormats, streamFunction, streamMethodSignatures, type StreamSignatureParts } from './stream-methods.ts';
import { CLIENT, clientPlan, hasArgs, IMPORT_ORDER, OPERATIONS, RUNTIME, VALIDATORS_CONTRACT, type ClientNames } from './symbols.ts';

/**
 * The standalone function of an operation: `getX(core, args, options)`, the same call as `client.getX`. It
 * references only its own table entry, so a bundle carries only the operations it calls.
 */
function standalone(model: ApiModel, op: OperationModel, names: ClientNames, sig: Signature, use: Use): Statement {
  const doc = [...operationDoc(model, op, sig.kind), '', `The standalone form of \`Client.${op.names.method}\`, over \`createCore(...)\`.`];
  const run = valueRef(use(sig.kind === 'stream' ? 'stream' : 'call'));
  const args = [valueRef('core'), propertyAccess(valueRef('ops'), names.spec), valueRef('args'), valueRef('options')];
  const core = { name: 'core', type: typeRefNode('ClientCore') };
  return functionDeclaration(names.fn, { ...sig, parameters: [core, ...sig.parameters] }, [returnStatement(callExpression(run, args))], doc);
}

export function emitClient(model: ApiModel, packages: { types: string; validators: string }, header: Code): Code {
  const ops = model.operations;
  for (const op of ops) {
    if (op.names.method === 'paginate')
      throw new Error(`client: the operation ${op.operationId} is named "paginate", which the client reserves`);
  }
  const { symbols, names } = clientPlan(model, packages.validators);
  const ref = (name: string): Code => symbols.ref(CLIENT, name);
  const use: Use = (name) => ref(name).text;
  const nameOf = (op: OperationModel) => names.get(op)!;
  // Streamed answers (by media type or x-streaming) have their own signatures: stream-methods.ts.
  const streamed = new Set(ops.filter((op) => factsOf(model).stream(op)));
  const parts = (op: OperationModel): StreamSignatureParts => ({
    args: argsParameter(op, nameOf(op)),
    argsName: hasArgs(op) ? nameOf(op).args : undefined,
    argsOptional: argsOptional(op),
    status: statusType(op),
  });
  const signatures = new Map(ops.filter((op) => !streamed.has(op)).map((op) => [op, signature(model, op, nameOf(op), use)]));
  const streamMethods = new Map([...streamed].map((op) => [op, streamMethodSignatures(model, op, parts(op), use)!]));
  // Printed by the compiler from checked nodes: trusted text from here on.
  const print = (statements: readonly (Statement | undefined)[]) =>
    raw(statements.flatMap((st) => (st ? [printNode(st) + '\n\n'] : [])).join(''));
  const args = print(ops.map((op) => argsInterface(model, op, nameOf(op).args, use)));
  const declarations = print(clientDeclarations(model, signatures, streamMethods, nameOf, use));
  const functions = join(
    ops.map((op) =>
      streamed.has(op)
        ? streamFunction(model, op, parts(op), use, ref, nameOf(op).fn, nameOf(op).spec)!
        : print([standalone(model, op, nameOf(op), signatures.get(op)!, use)]),
    ),
    '',
  );
  // Streaming and pagination code only when the spec has such operations (forms and apiKey/basic
  // credentials are on the table entries of the operations that need them, operations.ts).
  const formats = streamFormats(model);
  const pages = ops.some((op) => op.pagination && !streamed.has(op));
  const bound = [formats.size ? code`\n    stream: ${ref('streams')}(${framings(formats, ref)}),` : code``, pages ? code`\n    paginate: ${ref('paginate')},` : code``];
  const validators = symbols.moduleOf(CLIENT, VALIDATORS_CONTRACT.value);
  const loadValidators = code`() => import(${lit(validators)}).then((m) => m.${ident(VALIDATORS_CONTRACT.value)})`;
  const body = code`${args}${declarations}/**
 * Creates a client. \`baseUrl\` is required; \`auth\` holds the credentials (the operation's security
 * requirement picks which are sent); validation loads the validators package on first use.
 */
export function createClient(options: ClientOptions): Client {
  return ${ref('bindOperations')}(ops.operations, options, {
    validators: ${loadValidators},${bound}
  }) as Client;
}

/**
 * Request and response validation for \`createCore(options, { validation })\` (\`createClient\` has it built
 * in): loads the validators package on first use. A bundle that does not pass it does not carry it.
 */
export const validation: NonNullable<${ref('Features')}['validation']> = () =>
  import(${lit(RUNTIME.validate)}).then((m) =>
    m.checker(${loadValidators}, { RequestValidationError: ${ref('RequestValidationError')}, ResponseValidationError: ${ref('ResponseValidationError')} }),
  );

/**
 * The middleware runner for \`createCore(options, { middleware })\` (\`createClient\` has it built in): needed
 * when \`options.middleware\` or a call's \`middleware\` has hooks. A bundle that does not pass it does not carry it.
 */
export const middleware: NonNullable<${ref('Features')}['middleware']> = () => import(${lit(RUNTIME.middleware)}).then((m) => m.runMiddleware);

/**
 * Creates a core for the standalone operation functions (\`getX(core, args)\`): the same calls as
 * \`createClient\`'s methods, but a bundle carries only the operations it calls and only the features it
 * passes: \`{ retries, rateLimits, timeouts }\` for what \`createClient\` does by default, \`validation\` for
 * \`options.validate\`, \`middleware\` for hooks (an option whose feature is missing throws a \`TypeError\`).
 */
export function createCore(options: ClientOptions, features: ${ref('CoreFeatures')} = {}): ClientCore {
  return ${ref('createRuntime')}(options, features);
}

${functions}/** True when \`error\` is an \`ApiError\` (of operation \`method\`, when given: its body is then typed as declared). */
export function isApiError<M extends keyof OperationErrors>(error: unknown, method: M): error is ${ref('ApiError')}<OperationErrors[M]>;
export function isApiError(error: unknown): error is ${ref('ApiError')};
export function isApiError(error: unknown, method?: string): boolean {
  return error instanceof ${ref('ApiError')} && (method === undefined || error.operation === method);
}
`;
  const typesImport = ops.length ? code`import type * as T from ${lit(packages.types)};\n` : code``;
  const opsImport = code`import * as ops from ${lit(OPERATIONS)};\n`;
  return code`${header}${typesImport}${opsImport}${join(symbols.importsOf(CLIENT, IMPORT_ORDER), '\n')}\n\n${body}`;
}

