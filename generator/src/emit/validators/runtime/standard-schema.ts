/**
 * The Standard Schema v1 part of a generated validators package's `src/standard-schema.ts`: the interface
 * (structurally the spec's own, https://standardschema.dev), `toStandardSchema` and the exports' `_schema`,
 * the same for every spec, so a checked module copied into the package whole (standard-schema.ts
 * `standardSchemaFile`). Imports are never copied: the package's module imports `ValidateOptions` and
 * `ValidationResult` from its `./runtime.js`.
 */
import type { ValidateOptions, ValidationResult } from './public.ts';

/** The Standard Schema v1 interface (https://standardschema.dev), declared here so the package needs no dependency. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
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
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/** A Standard Schema whose `validate` is synchronous (all of these are). */
export interface SyncStandardSchema<T> extends StandardSchemaV1<T> {
  readonly '~standard': StandardSchemaV1.Props<T> & {
    readonly validate: (value: unknown) => StandardSchemaV1.Result<T>;
  };
}

/**
 * A validator as a Standard Schema: `{ value }` when valid, else `{ issues }`, one per error, with the
 * error's message and its path as keys (array indexes as numbers).
 */
export function toStandardSchema<T>(
  validate: (value: unknown, options?: ValidateOptions) => ValidationResult<T>,
  options?: ValidateOptions,
): SyncStandardSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'socialgen',
      validate(value: unknown): StandardSchemaV1.Result<T> {
        const result = validate(value, options);
        if (result.valid) return { value: result.value };
        return {
          issues: result.errors.map((error) => ({ message: error.message, path: _path(value, error.instancePath) })),
        };
      },
    },
  };
}

/** A JSON pointer into `value` as path keys: a segment is a number where the value at that point is an array. */
function _path(value: unknown, pointer: string): PropertyKey[] {
  const path: PropertyKey[] = [];
  if (pointer === '') return path;
  let node: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const index = Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : undefined;
    path.push(index ?? key);
    node =
      node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, key)
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  return path;
}
