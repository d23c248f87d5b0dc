import type { DiffResult } from '../types.ts';
export function formatChangelog(result: DiffResult): string {
  return JSON.stringify(result.summary);
}
