/**
 * What the main thread and the emit worker say to each other. Everything is structured-clone data: the
 * model (plain objects, arrays, Maps and Sets; its facts are memoized per model object, so the worker's
 * copy computes its own), the jobs, the emitted files, and errors taken apart into what the CLI reports.
 */
import type { EmittedFile } from '../emit/emitter.ts';
import { RegistryError } from '../emit/registry.ts';
import { SpecError, type Diagnostic } from '../load/diagnostics.ts';
import type { ApiModel } from '../model/types.ts';
import type { TargetJob } from './emit-target.ts';

/** Given to the worker when it starts: the emitters to load while the main thread loads the spec. */
export interface WorkerStart {
  preload: string[];
  /** The watch's worker: answers every request (each reply names its `id`) instead of one, and stays. */
  persistent?: boolean;
}

/** Main → worker (once, or once per run for the watch's worker): emit these built-in targets, in this order, from this model. */
export interface EmitRequest {
  model: ApiModel;
  jobs: TargetJob[];
  /** The persistent worker's request number, repeated in its reply. */
  id?: number;
  /**
   * One slot per job, shared with the main thread (job-claims.ts): the worker emits a job only if it claims
   * it first, so the main thread, once idle, can take back the jobs the worker has not begun. Absent: the
   * worker emits every job.
   */
  claims?: SharedArrayBuffer;
}

/** An error as it crossed the thread boundary; `revive` makes the same kind of error again. */
export type SentError =
  | { kind: 'spec'; diagnostics: Diagnostic[] }
  | { kind: 'registry'; message: string }
  | { kind: 'other'; name: string; message: string; stack?: string };

/**
 * Worker → main, once: each job's files in the order asked, until the first that failed (its error ends
 * the list, as an in-process run stops at its first failing target).
 */
export interface EmitReply {
  id?: number;
  results: Array<{ target: string; files: EmittedFile[] } | { target: string; error: SentError }>;
}

export function sendError(error: unknown): SentError {
  if (error instanceof SpecError) return { kind: 'spec', diagnostics: error.diagnostics };
  if (error instanceof RegistryError) return { kind: 'registry', message: error.message };
  if (error instanceof Error) return { kind: 'other', name: error.name, message: error.message, stack: error.stack };
  return { kind: 'other', name: 'Error', message: String(error) };
}

/** The error again on this side: a SpecError stays a SpecError (the CLI prints its diagnostics), and so on. */
export function reviveError(sent: SentError): Error {
  if (sent.kind === 'spec') return new SpecError(sent.diagnostics);
  if (sent.kind === 'registry') return new RegistryError(sent.message);
  const error = new Error(sent.message);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return error;
}
