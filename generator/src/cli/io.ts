/**
 * What a command may do to the outside world: print, and know whether it prints to a terminal. Commands
 * return their exit code; nothing in the CLI calls process.exit or prints a stack trace.
 */
import pc from 'picocolors';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** stdout is a terminal (progress lines, colours). */
  isTTY: boolean;
  /** Colours allowed: a TTY and no NO_COLOR. */
  color: boolean;
  cwd: string;
  /** Asks one question on the terminal and resolves to the answer; absent when stdin is not a terminal (flags decide then). */
  ask?: (question: string) => Promise<string>;
}

export const EXIT = {
  ok: 0,
  /** `check` found stale output, `diff` found changes at or above --fail-on. */
  failed: 1,
  /** Bad input or usage. */
  usage: 2,
} as const;

/**
 * A reader that stops early (`socialgen --help | head -1`) closes the pipe: that is the reader's choice, not a
 * failure, so the rest of the output is dropped instead of an unhandled EPIPE crashing with a stack trace.
 * Any other write error is reported once, as a message.
 */
const closedStreams = new WeakMap<NodeJS.WriteStream, { closed: boolean }>();
function quietOnClosedPipe(stream: NodeJS.WriteStream): () => boolean {
  let state = closedStreams.get(stream);
  if (!state) {
    const created = { closed: false };
    closedStreams.set(stream, (state = created));
    stream.on('error', (error: NodeJS.ErrnoException) => {
      created.closed = true;
      if (error.code !== 'EPIPE') process.stderr.write(`socialgen: cannot write output: ${error.message}\n`);
    });
  }
  const known = state;
  return () => known.closed || stream.destroyed;
}

export function processIO(): CliIO {
  const stdoutClosed = quietOnClosedPipe(process.stdout);
  const stderrClosed = quietOnClosedPipe(process.stderr);
  const isTTY = Boolean(process.stdout.isTTY);
  const color = isTTY && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';
  return {
    out: (text) => void (stdoutClosed() || process.stdout.write(text.endsWith('\n') ? text : text + '\n')),
    err: (text) => void (stderrClosed() || process.stderr.write(text.endsWith('\n') ? text : text + '\n')),
    isTTY,
    color,
    cwd: process.cwd(),
    // stdout first: reading `process.stdin` creates the stream (about 3 ms), which a piped run never needs.
    ask: isTTY && process.stdin.isTTY ? askOnTerminal : undefined,
  };
}

async function askOnTerminal(question: string): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

export function colors(io: CliIO) {
  return pc.createColors(io.color);
}

/** Collects output in memory: for tests and for `check`'s in-process use. */
export function memoryIO(cwd = process.cwd()): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { out: (t) => stdout.push(t), err: (t) => stderr.push(t), isTTY: false, color: false, cwd, stdout, stderr };
}
