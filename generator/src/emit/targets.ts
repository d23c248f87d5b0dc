/**
 * The built-in targets' names, in a leaf module: every command imports the registry (emit/registry.ts),
 * and the registry needs these names only, not the plugin API (emit/emitter.ts), whose node builder and
 * printer load the TypeScript compiler.
 */

/** The built-in targets, in dependency order. */
export type BuiltinTarget = 'types' | 'validators' | 'client' | 'server';
/** A built-in target (a plugin target is named by any string its emitter declares). */
export type TargetName = BuiltinTarget;
export const TARGETS: readonly BuiltinTarget[] = ['types', 'validators', 'client', 'server'];
