/**
 * The validators package's contract (docs/contracts.md), as the server runtime consumes it. In a generated
 * server this module is not copied: emit/server/index.ts writes it as a re-export from the validators
 * package, by symbol name through the symbol registry, so the runtime declares none of the contract itself.
 * Here, in the generator's sources, it re-exports the declarations the validators runtime is copied from.
 */
export type {
  OperationValidator,
  OperationValidators,
  ValidateOptions,
  ValidationError,
  ValidationResult,
} from '../../validators/runtime/public.js';
