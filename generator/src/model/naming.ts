/**
 * Name planning: every identifier the generated packages declare at top level is decided here, once, for
 * all targets, so cross-package references never need patching. Deterministic: inputs are visited in
 * document order and collisions get numeric suffixes in that order.
 */
import { isIdentifier } from '../codegen/code.ts';
import { camelCase, constantCase, pascalCase, toIdentifier, uniqueName } from '../codegen/names.ts';
import type { OperationNames } from './types.ts';

/** Suffixes the types target derives from a schema's name (`Post` → `PostWrite`, `PostValues`). */
export const SCHEMA_DERIVED_SUFFIXES = ['Write', 'Values'] as const;
/** Suffixes of the per-operation types. */
export const OPERATION_SUFFIXES = {
  pathParams: 'PathParams',
  query: 'Query',
  headers: 'Headers',
  cookies: 'Cookies',
  requestBody: 'RequestBody',
  responses: 'Responses',
  success: 'Response',
  error: 'ErrorResponse',
} as const;

/**
 * Top-level names the generated packages declare themselves (`Webhooks`: the types package's map of webhooks
 * and callbacks, emit/types/webhooks-file.ts; a schema of that name beside it broke whatsapp.local's output).
 */
const PACKAGE_NAMES = ['Operations', 'Responses', 'Webhooks', 'NoMembers', 'LIMITS', 'Limit', 'ValidationError', 'ValidationResult', 'ValidateOptions'];

/**
 * TypeScript's global types the types package writes next to the schemas' own (a free-form object is
 * `Record<string, unknown>`, a binary body `Blob`, a `dates: Date` member `Date`, …). A schema or operation
 * named like one would hide the global in that module (ebay.com/sell-analytics declares `Record`: TS2315),
 * so such a name gets a suffix like any other collision.
 */
const GLOBAL_TYPE_NAMES = ['Record', 'Blob', 'ArrayBuffer', 'ReadableStream', 'Uint8Array', 'Date'];

/**
 * Method names the client object and handler maps cannot use as is: `then` would make the client a
 * thenable, `__proto__` in an object literal sets the prototype, the others shadow what callers rely on.
 */
const UNSAFE_MEMBER_NAMES = new Set(['__proto__', 'constructor', 'prototype', 'then', 'toString', 'valueOf', 'hasOwnProperty', 'paginate']);

export class NamePlanner {
  private readonly types = new Set<string>([...PACKAGE_NAMES, ...GLOBAL_TYPE_NAMES]);
  private readonly methods = new Set<string>();
  // `SPEC` is the types package's metadata constant (emit/types/index.ts), exported next to the limits.
  private readonly constants = new Set<string>(['LIMITS', 'SPEC']);

  /** A schema's type name; reserves the names derived from it too. */
  schemaTypeName(key: string): string {
    const base = toIdentifier(key, 'pascal', 'Schema');
    let name = base;
    for (let i = 2; this.typeNameTaken(name); i++) name = `${base}${i}`;
    this.types.add(name);
    for (const suffix of SCHEMA_DERIVED_SUFFIXES) this.types.add(name + suffix);
    return name;
  }

  private typeNameTaken(name: string): boolean {
    return this.types.has(name) || SCHEMA_DERIVED_SUFFIXES.some((s) => this.types.has(name + s));
  }

  operationNames(operationId: string): OperationNames {
    let method = isIdentifier(operationId) ? operationId : toIdentifier(operationId, 'camel', 'operation');
    if (UNSAFE_MEMBER_NAMES.has(method)) method = `${method}_`;
    method = uniqueName(method, this.methods);
    const pascal = pascalCase(method) || 'Operation';
    let base = /^[0-9]/.test(pascal) ? `_${pascal}` : pascal;
    const baseStart = base;
    for (let i = 2; this.operationTaken(base); i++) base = `${baseStart}${i}`;
    const names: OperationNames = {
      method,
      base,
      pathParams: base + OPERATION_SUFFIXES.pathParams,
      query: base + OPERATION_SUFFIXES.query,
      headers: base + OPERATION_SUFFIXES.headers,
      cookies: base + OPERATION_SUFFIXES.cookies,
      requestBody: base + OPERATION_SUFFIXES.requestBody,
      responses: base + OPERATION_SUFFIXES.responses,
      success: base + OPERATION_SUFFIXES.success,
      error: base + OPERATION_SUFFIXES.error,
    };
    this.types.add(base);
    for (const suffix of Object.values(OPERATION_SUFFIXES)) this.types.add(base + suffix);
    return names;
  }

  private operationTaken(base: string): boolean {
    return this.types.has(base) || Object.values(OPERATION_SUFFIXES).some((s) => this.types.has(base + s));
  }

  limitConstant(name: string): string {
    return uniqueName(toIdentifier(constantCase(name) || name, 'keep', 'LIMIT'), this.constants);
  }
}

/** A method name for an operation without an operationId: `get /2/users/{id}` → `get2UsersId`. */
export function synthesizeOperationId(method: string, path: string): string {
  return camelCase(`${method} ${path}`) || method;
}
