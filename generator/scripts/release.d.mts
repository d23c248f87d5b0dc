/** Declarations of release.mjs's exports, for the tests that call them. */
export function remoteUrl(dir: string): string | undefined;
export function repositoryMetadata(
  url: string,
  directory: string,
): { repository: { type: 'git'; url: string; directory: string }; homepage?: string; bugs?: { url: string } };
