/**
 * The server's framing of one item, and its reading back by the client's decoders (the event-stream parser
 * follows the HTML standard, tested on its own in sse-parser.test.ts): field values cannot break out of
 * their line, multi-line data becomes several `data:` lines, JSON text sequences skip a truncated text.
 */
import { describe, expect, it } from 'vitest';
import { encodeEvent, frame } from '../../generator/src/emit/server/runtime/framing.ts';
import { eventStreamParser } from '../../generator/src/emit/client/runtime/sse.ts';
import { jsonSeqFraming } from '../../generator/src/emit/client/runtime/json-seq.ts';

const enc = new TextEncoder();
const parse = (text: string) => {
  const p = eventStreamParser();
  return [...p.push(enc.encode(text)), ...p.end()];
};

describe('event-stream framing (server) read back by the parser (client)', () => {
  it('multi-line data, CR and CRLF inside values, event names and ids cannot add fields', () => {
    const text =
      encodeEvent({ data: 'a\r\nb\rc\nd', event: 'x\ny', id: '7\r\nretry: 1' }, false) +
      encodeEvent({ data: { n: 1, s: 'line\nbreak' } }, true) +
      encodeEvent({ comment: 'ping\ndata: injected' }, false) +
      encodeEvent({ text: '[DONE]', retry: 250 }, true);
    expect(text).toBe('event: xy\nid: 7retry: 1\ndata: a\ndata: b\ndata: c\ndata: d\n\ndata: {"n":1,"s":"line\\nbreak"}\n\n: ping\n: data: injected\n\nretry: 250\ndata: [DONE]\n\n');
    expect(parse(text)).toEqual([
      { event: 'xy', id: '7retry: 1', data: 'a\nb\nc\nd' },
      { event: 'message', id: '7retry: 1', data: '{"n":1,"s":"line\\nbreak"}' },
      { event: 'message', id: '7retry: 1', data: '[DONE]', retry: 250 },
    ]);
  });

  it('NDJSON and JSON text sequences', () => {
    expect(frame('ndjson', { a: 'x\ny' }, true)).toBe('{"a":"x\\ny"}\n');
    expect(frame('json-seq', [1, 2], true)).toBe('\u001e[1,2]\n');
  });

  it('a JSON text sequence skips a truncated text and reads on (RFC 7464 §2.3)', () => {
    const d = jsonSeqFraming({ type: 'application/json-seq', format: 'json-seq' }, { lastEventId: '', retry: undefined }, undefined, JSON.parse);
    const items = [...d.push(enc.encode('\u001e{"a":1}\n\u001e{"trunc\u001e"ok"\n\u001e12')), ...d.end()];
    expect(items).toEqual([
      { value: { a: 1 }, data: { a: 1 } },
      { value: 'ok', data: 'ok' },
      { value: 12, data: 12 },
    ]);
  });
});
