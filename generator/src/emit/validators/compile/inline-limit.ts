/**
 * The longest JSON (texts included) of a referenced schema that the validators compile inline instead of
 * calling its function (keywords/ref.ts `inlinable`). A leaf module: the watch's reuse key for the validators
 * keeps which schemas are that short (emit-parallel/annotation-blind.ts) without loading the compiler.
 */
export const INLINE_JSON_LENGTH = 400;
