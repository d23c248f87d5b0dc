/**
 * Stand-in for the generated `src/checks.ts` while this folder is type-checked as part of the generator:
 * the emitter writes the validators' declarations themselves there (zod/index.ts), these same ones.
 */
export { _int32, _len, _mul } from '../../validators/runtime/helpers/core.ts';
export { _dup, _eq, _inc } from '../../validators/runtime/helpers/equality.ts';
