/**
 * Specs read over HTTP(S): `socialgen generate https://…/openapi.yaml`, `--spec URL` or the config's
 * `spec: URL` with `headers`. Only a URL input touches the network (a local spec's `$ref` to a URL is an
 * error, so generation from files stays hermetic); a remote spec's relative `$ref`s resolve against its URL
 * and are fetched too. Headers (an auth token) go only to the origin of the spec's own URL, never to another
 * host a `$ref` names; a remote spec cannot reach local files.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { unreadableReason } from '../errors.ts';
import { parseSpecText, type ReadResult } from './read.ts';
import { SourceFile } from './source.ts';

/** How a remote spec is fetched. */
export interface RemoteOptions {
  /** Request headers for the spec's origin (the config's `headers`, environment variables already expanded). */
  headers?: Record<string, string>;
  /** Per request; default FETCH_TIMEOUT_MS, or `SOCIALGEN_FETCH_TIMEOUT_MS`. */
  timeoutMs?: number;
}

export const FETCH_TIMEOUT_MS = 30_000;

/** `http://` or `https://` (case-insensitive): a spec to fetch, not a path. */
export function isUrl(spec: string): boolean {
  return /^https?:\/\//i.test(spec);
}

/** The URL `$ref`s and `$id`s in a file resolve against: a local path's `file:` URL, a remote file's own URL. */
export function baseUrlOf(file: string): string {
  return isUrl(file) ? file : pathToFileURL(file).href;
}

/** The file a resolved reference URL names, in the loader's naming (a path, or a remote file's URL). */
export function fileOfUrl(url: URL): string {
  return url.protocol === 'file:' ? fileURLToPath(url) : url.href;
}

function timeout(options: RemoteOptions): number {
  const env = Number(process.env.SOCIALGEN_FETCH_TIMEOUT_MS);
  return options.timeoutMs ?? (Number.isFinite(env) && env > 0 ? env : FETCH_TIMEOUT_MS);
}

/**
 * A reader of the files of one remote spec: each URL fetched once. `read` resolves to the text or rejects
 * with an Error whose message is the reason alone (`HTTP 404 Not Found`, `timed out after 30 s`), for a
 * diagnostic that names the URL.
 */
export function remoteReader(rootUrl: string, options: RemoteOptions = {}): (url: string) => Promise<string> {
  const origin = new URL(rootUrl).origin;
  const texts = new Map<string, Promise<string>>();
  return (url) => {
    let text = texts.get(url);
    if (!text) {
      text = isUrl(url) ? fetchText(url, new URL(url).origin === origin ? options.headers ?? {} : {}, timeout(options)) : Promise.reject(new Error('a remote spec can only refer to http(s) URLs, not to local files'));
      texts.set(url, text);
    }
    return text;
  };
}

async function fetchText(url: string, headers: Record<string, string>, ms: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/yaml, application/json;q=0.9, */*;q=0.8', ...headers }, signal: AbortSignal.timeout(ms), redirect: 'follow' });
  } catch (error) {
    throw new Error(fetchFailure(error, ms));
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`cannot fetch: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  try {
    const text = await response.text();
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    throw new Error(fetchFailure(error, ms));
  }
}

/** `cannot fetch: timed out after 30 s`, `cannot fetch: connection refused`, … */
function fetchFailure(error: unknown, ms: number): string {
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `cannot fetch: timed out after ${ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`}`;
  const cause = (error as { cause?: NodeJS.ErrnoException } | undefined)?.cause;
  const code = cause?.code;
  if (code === 'ECONNREFUSED') return 'cannot fetch: connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'cannot fetch: host not found';
  if (code === 'ECONNRESET') return 'cannot fetch: connection reset';
  return `cannot fetch: ${unreadableReason(cause ?? error)}`;
}

/** A remote file read and parsed as a local one is (read.ts), or a `read` problem naming its URL. */
export async function readRemoteFile(url: string, read: (url: string) => Promise<string>): Promise<ReadResult> {
  try {
    return parseSpecText(url, await read(url));
  } catch (error) {
    return { source: new SourceFile(url, ''), value: undefined, diagnostics: [{ severity: 'error', code: 'read', file: url, message: (error as Error).message }] };
  }
}

/** A local spec's `$ref` to a URL: not fetched (local generation stays offline). */
export function notFetched(url: string): ReadResult {
  return { source: new SourceFile(url, ''), value: undefined, diagnostics: [{ severity: 'error', code: 'read', file: url, message: 'not fetched: only a spec given as a URL has its $refs fetched (local generation stays offline; save the file beside the spec)' }] };
}
