/**
 * Runtime helpers of a generated validators module: trusted text written here (never schema input), emitted
 * only when referenced, each with the helpers it needs. No dependency on anything at run time.
 */
import { raw, type Code } from '../../../../codegen/index.ts';
import { closePieces, type Piece } from '../piece.ts';
import { ANNOTATIONS } from './annotations.ts';
import { CORE } from './core.ts';
import { EQUALITY } from './equality.ts';
import { OPERATIONS } from './operations.ts';

const HELPERS: Record<string, Piece> = { ...CORE, ...EQUALITY, ...ANNOTATIONS, ...OPERATIONS };

/** Helper names plus everything they depend on, in a fixed order. */
export function closeHelpers(names: Iterable<string>): string[] {
  return closePieces(HELPERS, names);
}

export function helperCode(name: string): Code {
  const text = HELPERS[name].text;
  return typeof text === 'string' ? raw(text) : text;
}
