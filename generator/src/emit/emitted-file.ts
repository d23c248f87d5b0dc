/**
 * What an emitter returns for each file it writes: the contract between every target's emitter and the
 * write stage. A leaf module (it imports nothing), so the write stage reads it without depending on the
 * emitters, the printer or the model that emitter.ts brings along.
 */
export interface EmittedFile {
  /**
   * Path relative to the target's folder, with forward slashes, under `src/` (e.g. `src/index.ts`, the
   * entry every target has). With `layout: files` the `src/` level is dropped (`<out>/<target>/index.ts`).
   */
  path: string;
  contents: string;
  /** How the pipeline formats it: prettier's parser, or `none` to write as is. */
  format: 'typescript' | 'json' | 'markdown' | 'none';
  /**
   * Printed already as prettier prints it, so the pipeline skips prettier for it: `true` for the whole file,
   * or the character ranges (whole top-level statements) still left for prettier. Absent: prettier formats
   * the whole file. Whatever is claimed here is held to by a test that runs prettier over the output.
   */
  formatted?: true | readonly (readonly [start: number, end: number])[];
}
