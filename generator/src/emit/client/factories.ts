/**
 * The fixed part of `src/client.ts`: `createClient`, `validation`, `middleware`, `createCore` and
 * `isApiError`. No spec text: only runtime names (through the symbol registry), the validators package's
 * module and the framings the spec's streams use. Each is written in prettier's layout (pretty.ts
 * `fitting`: when a line would not fit, as it was written before, for prettier); the code templates below
 * are that earlier spelling.
 */
import { code, ident, lit, type Code } from '../../codegen/index.ts';
import type { ApiModel } from '../../model/types.ts';
import type { SymbolRegistry } from '../symbols.ts';
import { fitting, part, type Part } from './pretty.ts';
import { printDoc, prettyString } from '../../codegen/pretty-doc.ts';
import { paginated } from './operations.ts';
import { framings, framingsDoc, streamFormats } from './stream-methods.ts';
import { CLIENT, RUNTIME, VALIDATORS_CONTRACT } from './symbols.ts';
import { PRETTIER_OPTIONS } from '../../codegen/layout-options.ts';

type Ref = (name: string) => Code;

const CREATE_CLIENT_DOC = `/**
 * Creates a client. \`baseUrl\` is required; \`auth\` holds the credentials (the operation's security
 * requirement picks which are sent); validation loads the validators package on first use.
 */
`;

const VALIDATION_DOC = `/**
 * Request and response validation for \`createCore(options, { validation })\` (\`createClient\` has it built
 * in): loads the validators package on first use. A bundle that does not pass it does not carry it.
 */
`;

const MIDDLEWARE_DOC = `/**
 * Middleware for \`createCore(options, { middleware })\` (\`createClient\` has it built in): needed when
 * \`options.middleware\` or a call's \`middleware\` has hooks; the runner loads on first use. A bundle that
 * does not pass it does not carry it.
 */
`;

const CREATE_CORE_DOC = `/**
 * Creates a core for the standalone operation functions (\`getX(core, args)\`): the same calls as
 * \`createClient\`'s methods, but a bundle carries only the operations it calls and only the features it
 * passes: \`{ retries, rateLimits, timeouts }\` for what \`createClient\` does by default, \`validation\` for
 * \`options.validate\`, \`middleware\` for hooks (an option whose feature is missing throws a \`TypeError\`).
 */
`;

/** `createClient`, `validation`, `middleware` and `createCore`, one statement each. */
export function clientFactories(model: ApiModel, symbols: SymbolRegistry, ref: Ref): Part[] {
  const formats = streamFormats(model);
  const pages = paginated(model).length > 0;
  const validators = symbols.moduleOf(CLIENT, VALIDATORS_CONTRACT.value);
  const contract = ident(VALIDATORS_CONTRACT.value).text;
  const loadValidators = code`() => import(${lit(validators)}).then((m) => m.${ident(VALIDATORS_CONTRACT.value)})`;
  const prettyLoad = `() => import(${prettyString(validators)}).then((m) => m.${contract})`;
  const r = (name: string) => ref(name).text;
  const width = PRETTIER_OPTIONS.printWidth!;
  // A long validators module: the arrow's body on the next line, the checker's arguments one a line (as far
  // as that fits; wider still is left to prettier).
  const validatorsMember =
    `    validators: ${prettyLoad},`.length <= width ? `validators: ${prettyLoad},` : `validators: () =>\n      ${prettyLoad.slice('() => '.length)},`;
  const errors = `RequestValidationError: ${r('RequestValidationError')}, ResponseValidationError: ${r('ResponseValidationError')}`;
  const checker =
    `    m.checker(${prettyLoad}, {`.length <= width
      ? `m.checker(${prettyLoad}, {\n      ${errors.replace(', ', ',\n      ')},\n    }),`
      : `m.checker(\n      ${prettyLoad},\n      { ${errors} },\n    ),`;

  const bound = [formats.size ? code`\n    stream: ${ref('streams')}(${framings(formats, ref)}),` : code``, pages ? code`\n    paginate: ${ref('paginate')},\n    paginations: ops.paginations,` : code``];
  const prettyBound = [
    formats.size ? `\n    stream: ${r('streams')}(${printDoc(framingsDoc(formats, ref))}),` : '',
    pages ? `\n    paginate: ${r('paginate')},\n    paginations: ops.paginations,` : '',
  ].join('');
  const createClient = part(
    () =>
      fitting(`${CREATE_CLIENT_DOC}export function createClient(options: ClientOptions): Client {
  return ${r('bindOperations')}(ops.operations, options, {
    ${validatorsMember}${prettyBound}
  }) as Client;
}`),
    () => `${CREATE_CLIENT_DOC}export function createClient(options: ClientOptions): Client {
  return ${r('bindOperations')}(ops.operations, options, {
    validators: ${loadValidators.text},${bound.map((b) => b.text).join('')}
  }) as Client;
}`,
  );
  const features = r('Features');
  // A call at the top level: marked pure so that a bundle that does not use `validation` drops it.
  const validation = part(
    () =>
      fitting(`${VALIDATION_DOC}export const validation: NonNullable<${features}['validation']> = /* @__PURE__ */ ${r('validating')}(() =>
  import(${prettyString(RUNTIME.validate)}).then((m) =>
    ${checker}
  ),
);`),
    () => `${VALIDATION_DOC}export const validation: NonNullable<${features}['validation']> = /* @__PURE__ */ ${r('validating')}(() =>
  import(${lit(RUNTIME.validate).text}).then((m) =>
    m.checker(${loadValidators.text}, { RequestValidationError: ${r('RequestValidationError')}, ResponseValidationError: ${r('ResponseValidationError')} }),
  ));`,
  );
  const middleware = part(
    () =>
      fitting(`${MIDDLEWARE_DOC}export const middleware: NonNullable<${features}['middleware']> = /* @__PURE__ */ ${r('mediating')}(() =>
  import(${prettyString(RUNTIME.middleware)}).then((m) => m.runMiddleware),
);`),
    () => `${MIDDLEWARE_DOC}export const middleware: NonNullable<${features}['middleware']> = /* @__PURE__ */ ${r('mediating')}(() => import(${lit(RUNTIME.middleware).text}).then((m) => m.runMiddleware));`,
  );
  const createCore = part(
    () =>
      fitting(`${CREATE_CORE_DOC}export function createCore(options: ClientOptions, features: ${r('CoreFeatures')} = {}): ClientCore {
  return ${r('createRuntime')}(options, features);
}`),
    () => `${CREATE_CORE_DOC}export function createCore(options: ClientOptions, features: ${r('CoreFeatures')} = {}): ClientCore {
  return ${r('createRuntime')}(options, features);
}`,
  );
  return [createClient, validation, middleware, createCore];
}

/** `isApiError` with its overloads (one statement group: no blank line between overloads). */
export function isApiError(ref: Ref): Part {
  const error = ref('ApiError').text;
  const doc = '/** True when `error` is an `ApiError` (of operation `method`, when given: its body is then typed as declared). */\n';
  const implementation = `export function isApiError(error: unknown): error is ${error};
export function isApiError(error: unknown, method?: string): boolean {
  return error instanceof ${error} && (method === undefined || error.operation === method);
}`;
  return part(
    () =>
      fitting(`${doc}export function isApiError<M extends keyof OperationErrors>(
  error: unknown,
  method: M,
): error is ${error}<OperationErrors[M]>;
${implementation}`),
    () => `${doc}export function isApiError<M extends keyof OperationErrors>(error: unknown, method: M): error is ${error}<OperationErrors[M]>;
${implementation}`,
  );
}
