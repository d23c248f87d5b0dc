/**
 * `src/standard-schema.ts` of the validators target: every validator also as a Standard Schema v1 object
 * (https://standardschema.dev), so tRPC, TanStack Form, Hono's validator and the rest of that ecosystem
 * take them directly. The interface is declared in the module (structurally the spec's own), so the
 * package keeps no runtime or type dependency.
 *
 * - `<Schema>Schema` per schema (`validate<Schema>` with its defaults);
 * - per operation `<Op>PathParamsSchema`, `…QuerySchema`, `…HeadersSchema`, `…CookiesSchema`,
 *   `…RequestBodySchema` (the first declared media type), and `<Op>ResponseSchema(status, mediaType?)`;
 * - `toStandardSchema(validate, options?)` for other options (e.g. `{ direction: 'request' }` for a form).
 *
 * Names: each is a name the model planned for the types target plus `Schema`, so they are as unique as
 * the type names are.
 */
import { code, docComment, ident, join, raw, type Code } from '../../codegen/index.ts';
import type { ApiModel } from '../../model/types.ts';
import { operationType } from '../types/operation-refs.ts';

/** The interface and the adapter: static text (no spec content). */
const RUNTIME = raw(`/** The Standard Schema v1 interface (https://standardschema.dev), declared here so the package needs no dependency. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown, options?: Options | undefined) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  export interface Options {
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  export interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  export interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  export interface PathSegment {
    readonly key: PropertyKey;
  }
  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["input"];
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["output"];
}

/** A Standard Schema whose \`validate\` is synchronous (all of these are). */
export interface SyncStandardSchema<T> extends StandardSchemaV1<T> {
  readonly "~standard": StandardSchemaV1.Props<T> & { readonly validate: (value: unknown) => StandardSchemaV1.Result<T> };
}

/**
 * A validator as a Standard Schema: \`{ value }\` when valid, else \`{ issues }\`, one per error, with the
 * error's message and its path as keys (array indexes as numbers).
 */
export function toStandardSchema<T>(validate: (value: unknown, options?: ValidateOptions) => ValidationResult<T>, options?: ValidateOptions): SyncStandardSchema<T> {
  return {
    "~standard": {
      version: 1,
      vendor: "socialgen",
      validate(value: unknown): StandardSchemaV1.Result<T> {
        const result = validate(value, options);
        if (result.valid) return { value: result.value };
        return { issues: result.errors.map((error) => ({ message: error.message, path: _path(value, error.instancePath) })) };
      },
    },
  };
}

/** A JSON pointer into \`value\` as path keys: a segment is a number where the value at that point is an array. */
function _path(value: unknown, pointer: string): PropertyKey[] {
  const path: PropertyKey[] = [];
  if (pointer === "") return path;
  let node: unknown = value;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const index = Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : undefined;
    path.push(index ?? key);
    node = node !== null && typeof node === "object" && Object.prototype.hasOwnProperty.call(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return path;
}`);

export function standardSchemaFile(model: ApiModel, header: Code, typesPackage: Code): string {
  const statements: Code[] = [];
  for (const s of model.schemas) {
    const name = s.typeName;
    statements.push(code`${docComment([`${name} as a Standard Schema (\`validate${name}\`).`])}export const ${ident(`${name}Schema`)}: SyncStandardSchema<T.${ident(name)}> = toStandardSchema(S.${ident(`validate${name}`)});`);
  }
  for (const op of model.operations) {
    const n = op.names;
    for (const member of ['pathParams', 'query', 'headers', 'cookies'] as const) {
      const part = n[member];
      statements.push(code`${docComment([`${op.operationId}: \`validate${part}\` as a Standard Schema.`])}export const ${ident(`${part}Schema`)}: SyncStandardSchema<${operationType('T', op, member)}> = toStandardSchema(O.${ident(`validate${part}`)});`);
    }
    const body = operationType('T', op, 'requestBody');
    const bodyType = op.requestBody && !op.requestBody.required ? code`${body} | undefined` : body;
    statements.push(code`${docComment([`${op.operationId}: the request body (its first declared media type) as a Standard Schema.`])}export const ${ident(`${n.requestBody}Schema`)}: SyncStandardSchema<${bodyType}> = toStandardSchema((body, options) => O.${ident(`validate${n.requestBody}`)}(body, undefined, options));`);
    statements.push(code`${docComment([`${op.operationId}: the response with this status and media type as a Standard Schema.`])}export function ${ident(`${n.success}Schema`)}(status: number | string, mediaType = "application/json"): SyncStandardSchema<${operationType('T', op, 'response')} | ${operationType('T', op, 'errorResponse')}> {
return toStandardSchema((body, options) => O.${ident(`validate${n.success}`)}(status, mediaType, body, options));
}`);
  }
  const imports = [
    code`import type * as T from ${typesPackage};`,
    code`import type { ValidateOptions, ValidationResult } from "./runtime.js";`,
    ...(model.schemas.length ? [code`import * as S from "./schemas.js";`] : []),
    ...(model.operations.length ? [code`import * as O from "./operations.js";`] : []),
  ];
  return join([header, join(imports, '\n'), RUNTIME, ...statements], '\n\n').text + '\n';
}
