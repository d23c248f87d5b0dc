/**
 * `--format json`: the documented, stable shape (docs/diff.md). Fields are only ever added. Key order is
 * fixed so the output can be diffed and snapshotted.
 */
import type { Change, DiffResult } from '../types.ts';

export const JSON_FORMAT_VERSION = 1;

function change(c: Change): Record<string, unknown> {
  return {
    id: c.id,
    level: c.level,
    operation: c.operation,
    operations: c.operations,
    component: c.component,
    pointer: c.pointer,
    base: c.base,
    head: c.head,
    message: c.message,
    fingerprint: c.fingerprint,
    ...(c.api ? { api: c.api } : {}),
  };
}

export function formatJson(result: DiffResult): string {
  const s = result.summary;
  return (
    JSON.stringify(
      {
        version: JSON_FORMAT_VERSION,
        summary: { breaking: s.breaking, warning: s.warning, info: s.info, semver: s.semver, ignored: s.ignored, exports: s.exports },
        changes: result.changes.map(change),
        ignored: result.ignored.map((i) => ({ ...change(i.change), reason: i.reason, ...(i.expires ? { expires: i.expires } : {}) })),
        notes: result.notes,
        warnings: result.warnings,
        base: result.base,
        head: result.head,
        ...(result.compileErrors ? { compileErrors: result.compileErrors } : {}),
        ...(result.tagGroups ? { tagGroups: result.tagGroups } : {}),
      },
      null,
      2,
    ) + '\n'
  );
}
