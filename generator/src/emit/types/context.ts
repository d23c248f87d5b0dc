/**
 * What a transform needs besides the node: how to name a referenced schema in the current view, and the
 * set of names a file must import. One context per file being emitted.
 */
import type { ModelIndex } from '../../model/types.ts';

/** `read`: as the API returns it (writeOnly omitted). `write`: as a client sends it (readOnly omitted). */
export type View = 'read' | 'write';

export interface TypeContext {
  index: ModelIndex;
  view: View;
  /** Keys of schemas whose write view differs from their read view (they get a `<Name>Write` type). */
  writeDiffers: ReadonlySet<string>;
  /** Names of schema types used (for the importing file). */
  used: Set<string>;
}

/** The TypeScript name of a component schema in a view. */
export function schemaTypeName(ctx: TypeContext, key: string): string | undefined {
  const named = ctx.index.schemaByKey.get(key);
  if (!named) return undefined;
  const name = ctx.view === 'write' && ctx.writeDiffers.has(key) ? `${named.typeName}Write` : named.typeName;
  ctx.used.add(name);
  return name;
}
