/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Newline-delimited JSON (`application/x-ndjson`) and JSON Lines (`application/jsonl`): one JSON text per
 * line. Keep-alive blank lines are skipped, CRLF is accepted, and lines split across chunks (even inside a
 * multi-byte character) are joined. A line that is not JSON is skipped: the last line of a dropped
 * connection is usually cut short.
 */
import type { Framing, StreamItem } from './stream.js';

/** Splits a byte stream into trimmed, non-blank lines. */
export function lineSplitter(): { push(chunk: Uint8Array): string[]; end(): string[] } {
  const decoder = new TextDecoder();
  let buffer = '';
  const lines = (text: string, last: boolean) => {
    buffer += text;
    if (!last && !text.includes('\n')) return [];
    const parts = buffer.split('\n');
    buffer = last ? '' : parts.pop()!;
    return parts.map((l) => l.trim()).filter(Boolean);
  };
  return {
    push: (chunk) => lines(decoder.decode(chunk, { stream: true }), false),
    end: () => lines(decoder.decode(), true),
  };
}

function items(lines: string[], parse: (text: string) => unknown): StreamItem[] {
  const out: StreamItem[] = [];
  for (const line of lines) {
    try {
      const value: unknown = parse(line);
      out.push({ value, data: value });
    } catch {
      // a truncated or non-JSON line
    }
  }
  return out;
}

export const ndjsonFraming: Framing = (_media, _state, _sentinel, parse) => {
  const split = lineSplitter();
  return { push: (chunk) => items(split.push(chunk), parse), end: () => items(split.end(), parse) };
};
