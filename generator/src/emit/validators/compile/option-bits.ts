/**
 * The option bits as the compiled code tests them: number literals taken from the runtime's own table
 * (`_O` in runtime/public.ts), so the generator and the generated `_opts` cannot disagree.
 */
import { raw, type Code } from '../../../codegen/index.ts';
import { _O } from '../runtime/public.ts';

export const O: { readonly [K in keyof typeof _O]: Code } = {
  allErrors: raw(String(_O.allErrors)),
  formats: raw(String(_O.formats)),
  request: raw(String(_O.request)),
  inheritedKeys: raw(String(_O.inheritedKeys)),
  skipCheck: raw(String(_O.skipCheck)),
};
