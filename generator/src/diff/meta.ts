/** Per-change data that is not part of the public shape, kept beside it. */
import type { Change, ChangeLocation } from './types.ts';

/** Head locations to annotate for changes whose node is gone in head (its parent there). */
export const anchors = new WeakMap<Change, ChangeLocation | null>();

/** The bundled-document pointers of a change on both sides (the ignore file matches either). */
export const changePointers = new WeakMap<Change, { base?: string; head?: string; anchor?: string }>();
