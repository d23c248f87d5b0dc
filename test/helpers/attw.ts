/**
 * Are The Types Wrong on a packed tarball, in this process: `@arethetypeswrong/core`, the library the `attw`
 * command runs (`attw <tarball> --profile esm-only`: `checkPackage` on the tarball, then the problems outside
 * the resolutions the profile ignores). In process because each `attw` command loads its own TypeScript
 * before it looks at anything (~1 s of CPU a call; publish.test.ts checks four tarballs, install/cli.test.ts
 * one), and the second check in a process reuses what the first loaded.
 */
import { readFileSync } from 'node:fs';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import type { Problem } from '@arethetypeswrong/core';

/** The resolutions the CLI's `esm-only` profile ignores (@arethetypeswrong/cli's profiles.js): CommonJS ones. */
export const ESM_ONLY_IGNORED_RESOLUTIONS = ['node10', 'node16-cjs'];

export interface AttwReport {
  /** Problems the esm-only profile reports (a non-empty list is the CLI's exit code 1). */
  problems: Problem[];
  /** The entry points the analysis found (subpaths: `.`, `./cli`, `./package.json`). */
  entrypoints: string[];
  /** false when the package has no types at all (the CLI then reports nothing and exits 0). */
  typed: boolean;
}

export async function attwEsmOnly(tarball: string): Promise<AttwReport> {
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarball))));
  if (!analysis.types) return { problems: [], entrypoints: [], typed: false };
  const problems = analysis.problems.filter((p) => !('resolutionKind' in p) || !ESM_ONLY_IGNORED_RESOLUTIONS.includes(p.resolutionKind));
  return { problems, entrypoints: Object.keys(analysis.entrypoints), typed: true };
}
