import type { CliIO } from './io.ts';

/** Handed to every command's `register` function. */
export interface CommandContext {
  io: CliIO;
  /** Sets the process exit code (see EXIT in io.ts). */
  setExit(code: number): void;
}
