/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The `text/event-stream` format as the HTML standard defines it (§9.2.6 "Interpreting an event
 * stream"): UTF-8 with an optional leading BOM, lines ended by CRLF, LF or CR, `field: value` lines
 * (one optional space after the colon is dropped), comments starting with `:`, and an event dispatched
 * at each blank line. `data` lines join with LF; `event` sets the type (default `message`); `id` sets the
 * last event id (ignored when it contains NUL) and persists across events; `retry` (ASCII digits only)
 * sets the reconnection time. An event without data is not dispatched. Bytes may be cut anywhere:
 * inside a multi-byte character, between CR and LF.
 *
 * `sseFraming` turns the parsed events into the stream items of the generated client (`stream.ts`): `data`
 * parsed as JSON when the spec's schema says objects or arrays, the end sentinel (`[DONE]`) ending the
 * stream, and the last event id and `retry` kept across reconnections.
 */
import type { Framing, StreamItem } from './stream.js';
import type { ServerSentEvent } from './types.js';

export type { ServerSentEvent };

export interface EventStreamParser {
  /** Feeds bytes; returns the events completed by them. */
  push(chunk: Uint8Array): ServerSentEvent[];
  /** The end of the stream: an unterminated event is discarded, as the standard says. */
  end(): ServerSentEvent[];
  /** The last event id seen (for `Last-Event-ID` on reconnection). */
  readonly lastEventId: string;
  /** The reconnection time a `retry` field set, in ms. */
  readonly retry: number | undefined;
}

export function eventStreamParser(initial?: { lastEventId: string; retry: number | undefined }): EventStreamParser {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false }); // strips one leading BOM
  let buffer = '';
  // A CR ended the previous chunk: an LF starting the next one belongs to it.
  let pendingCR = false;
  let data = '';
  let hasData = false;
  let type = '';
  // A reconnection continues from what the previous connection set.
  let lastEventId = initial?.lastEventId ?? '';
  let retry: number | undefined = initial?.retry;

  function line(text: string, out: ServerSentEvent[]): void {
    if (text === '') {
      if (hasData)
        out.push(
          retry === undefined
            ? { event: type || 'message', data, id: lastEventId }
            : { event: type || 'message', data, id: lastEventId, retry },
        );
      data = '';
      hasData = false;
      type = '';
      return;
    }
    if (text.charCodeAt(0) === 58 /* : */) return; // a comment
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') {
      data = hasData ? data + '\n' + value : value;
      hasData = true;
    } else if (field === 'event') type = value;
    else if (field === 'id') {
      if (!value.includes('\0')) lastEventId = value;
    } else if (field === 'retry') {
      if (/^[0-9]+$/.test(value)) retry = Number(value);
    }
  }

  function feed(text: string): ServerSentEvent[] {
    const out: ServerSentEvent[] = [];
    if (pendingCR && text.charCodeAt(0) === 10) text = text.slice(1);
    pendingCR = false;
    buffer += text;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      line(buffer.slice(start, i), out);
      if (c === 13) {
        if (i + 1 === buffer.length) pendingCR = true;
        else if (buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
    return out;
  }

  return {
    push: (chunk) => feed(decoder.decode(chunk, { stream: true })),
    end: () => {
      feed(decoder.decode());
      buffer = '';
      return [];
    },
    get lastEventId() {
      return lastEventId;
    },
    get retry() {
      return retry;
    },
  };
}

export const sseFraming: Framing = (media, state, sentinel, parse) => {
  const parser = eventStreamParser(state);
  const items = (events: ServerSentEvent[]): StreamItem[] => {
    state.lastEventId = parser.lastEventId;
    state.retry = parser.retry;
    const out: StreamItem[] = [];
    for (const e of events) {
      if (sentinel !== undefined && e.data === sentinel) {
        out.push({ end: true });
        break;
      }
      if (!media.json) {
        out.push({ value: e, data: e.data });
        continue;
      }
      let data: unknown;
      try {
        data = parse(e.data);
      } catch {
        out.push({ invalid: e.data });
        break;
      }
      out.push({ value: { ...e, data }, data });
    }
    return out;
  };
  return { push: (chunk) => items(parser.push(chunk)), end: () => items(parser.end()) };
};
