/**
 * Runtime helpers of a generated validators module (`src/runtime.ts`): the declarations of the modules in
 * this folder, copied only when the compiled code uses them (see ../library.ts). No dependency on anything
 * at run time.
 */
import { RuntimeLibrary } from '../library.ts';

export const HELPERS = new RuntimeLibrary(['core.ts', 'property-table.ts', 'equality.ts', 'annotations.ts', 'operations.ts', 'validator-factories.ts', 'webhooks.ts'].map((f) => new URL(`./${f}`, import.meta.url)));
