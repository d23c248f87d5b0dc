/**
 * Errors and wordings shared by every layer (config, load, the CLI commands). A leaf module: it imports
 * nothing of socialgen, so config.ts and the loader use it without depending on the CLI.
 */

/** Thrown for bad flags, config files or paths: printed as one line, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Why a file (or URL) could not be read, in the one wording every command prints: `file not found`, `is a
 * folder`, `permission denied`, else the system's own message without the `ENOENT:`-style code prefix.
 */
export function unreadableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'file not found';
  if (code === 'EISDIR') return 'is a folder, not a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  const message = (error as Error | undefined)?.message ?? String(error);
  return message.replace(/^[A-Z]+: /, '').replace(/, (open|read|scandir) '[^']*'$/, '');
}

/** `cannot read: file not found`: the message after `<file>: ` for a file that cannot be read. */
export function cannotRead(error: unknown): string {
  return `cannot read: ${unreadableReason(error)}`;
}
