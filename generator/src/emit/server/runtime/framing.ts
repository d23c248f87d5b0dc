/**
 * Streamed answers of stream media types: a handler's async iterable of items written as an event stream
 * (`text/event-stream`), NDJSON / JSON Lines (one JSON text per line) or a JSON text sequence (RFC 7464:
 * RS, the text, LF). The iterable is pulled only as fast as the client reads (backpressure, stream.ts
 * `iterableStream`), and its `return()` runs when the client goes away, so a generator's `finally` runs.
 *
 * Event-stream items are `{ data?, event?, id?, retry?, comment?, text? }`: `data` is written as JSON
 * text when the spec's schema says objects or arrays (else as text), `text` is written as it is (e.g. the
 * `[DONE]` sentinel), multi-line values become several `data:` lines.
 */
import { writeJson } from './json64.js';
import { iterableStream } from './stream.js';
import type { ServerSentEventInit } from './types.js';

export type StreamFormat = 'sse' | 'ndjson' | 'json-seq';

const encoder = new TextEncoder();
const RS = '\u001e';

/** Field values cannot contain line breaks: a value is cut at them (data: one `data:` line per line). */
function field(name: string, value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => `${name}: ${line}\n`)
    .join('');
}

/** One event as event-stream text; `json` says how `data` is written. */
export function encodeEvent(event: ServerSentEventInit, json: boolean): string {
  let out = '';
  if (event.comment !== undefined) out += field('', event.comment);
  if (event.event !== undefined) out += `event: ${event.event.replace(/[\r\n]/g, '')}\n`;
  if (event.id !== undefined) out += `id: ${event.id.replace(/[\r\n\0]/g, '')}\n`;
  if (event.retry !== undefined && Number.isInteger(event.retry) && event.retry >= 0) out += `retry: ${event.retry}\n`;
  if (event.text !== undefined) out += field('data', event.text);
  else if (event.data !== undefined)
    out += field('data', json || typeof event.data !== 'string' ? jsonText(event.data) : event.data);
  return out + '\n';
}

/** The text of one item in a format; `check` sees every item's value before it is written (and may throw). */
export function frame(format: StreamFormat, item: unknown, json: boolean): string {
  if (format === 'sse') return encodeEvent(item as ServerSentEventInit, json);
  const text = jsonText(item);
  return format === 'json-seq' ? RS + text + '\n' : text + '\n';
}

/** True for an async iterable that is not already a byte stream. */
export function isItemStream(body: unknown): body is AsyncIterable<unknown> {
  return body !== null && typeof body === 'object' && Symbol.asyncIterator in body && !(body instanceof ReadableStream);
}

/**
 * The byte stream of an iterable answer. `check` (development mode) is called with each item's value
 * (an event's `data`): throwing ends the stream with that error.
 */
export function framedStream(
  format: StreamFormat,
  source: AsyncIterable<unknown>,
  json: boolean,
  check?: (value: unknown) => void,
): ReadableStream<Uint8Array> {
  return iterableStream(source, (item) => {
    if (check) {
      const value = format === 'sse' ? (item as ServerSentEventInit).data : item;
      if (value !== undefined) check(value);
    }
    return encoder.encode(frame(format, item, json));
  });
}

/**
 * JSON text of an item: JSON.stringify, and json64's writer where a `bigint` (`int64: 'bigint'`) makes that
 * throw, so items without one cost nothing more.
 */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (e) {
    if (e instanceof TypeError) return writeJson(value) ?? 'null';
    throw e;
  }
}
