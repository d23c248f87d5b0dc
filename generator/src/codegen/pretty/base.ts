/** What every part of the printer shares: the document type, the syntax kinds, and `unhandled`. */
import { ts } from '../typescript.mjs';
import type { builders } from 'prettier/doc';
import { NotPrinted } from '../pretty-doc.ts';

export type D = builders.Doc;
export const K = ts.SyntaxKind;

/** A node (or a shape of one) this printer does not reproduce prettier's output for (pretty-doc.ts `NotPrinted`). */
export function unhandled(what: string): never {
  throw new NotPrinted(what);
}
