/**
 * The event-stream parser against the HTML standard's own examples (§9.2.6 "Interpreting an event
 * stream" and §9.2.1), every line-end spelling, a BOM, and every byte boundary: each stream is fed in
 * two pieces cut at every position (and byte by byte) and must give the same events as in one piece.
 */
import { describe, expect, it } from 'vitest';
import { eventStreamParser, type ServerSentEvent } from '../../generator/src/emit/client/runtime/sse.ts';

const enc = new TextEncoder();
const msg = (data: string, id = '', event = 'message'): ServerSentEvent => ({ event, data, id });

function parseWhole(bytes: Uint8Array): ServerSentEvent[] {
  const p = eventStreamParser();
  return [...p.push(bytes), ...p.end()];
}

function parseCut(bytes: Uint8Array, cuts: number[]): ServerSentEvent[] {
  const p = eventStreamParser();
  const out: ServerSentEvent[] = [];
  let from = 0;
  for (const at of [...cuts, bytes.length]) {
    out.push(...p.push(bytes.subarray(from, at)));
    from = at;
  }
  return [...out, ...p.end()];
}

// The standard's examples, with the events it says they produce.
const CASES: [string, string, ServerSentEvent[]][] = [
  ['three data lines make one event (the YHOO example)', 'data: YHOO\ndata: +2\ndata: 10\n\n', [msg('YHOO\n+2\n10')]],
  [
    'comment, ids, an `id` without value resets it, an unterminated event is dropped',
    ': test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n',
    [msg('first event', '1'), msg('second event', '')],
  ],
  ['an empty data line and two of them (the last event unterminated)', 'data\n\ndata\ndata\n\ndata:', [msg(''), msg('\n')]],
  ['one space after the colon is dropped, not more', 'data:test\n\ndata: test\n\ndata:  test\n\n', [msg('test'), msg('test'), msg(' test')]],
  ['event types, and the type resets after dispatch', 'event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\ndata: plain\n\n', [msg('73857293', '', 'add'), msg('2153', '', 'remove'), msg('plain')]],
  ['an event without data is not dispatched, but its id persists', 'id: 7\n\ndata: x\n\n', [msg('x', '7')]],
  ['an id with NUL is ignored; unknown fields are ignored', 'id: 1\n\ndata: a\n\nid: 2\0x\nfoo: bar\ndata: b\n\n', [msg('a', '1'), msg('b', '1')]],
  ['CRLF line ends', 'data: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n', [msg('a\nb'), msg('c')]],
  ['CR line ends', 'data: a\rdata: b\r\rdata: c\r\r', [msg('a\nb'), msg('c')]],
  ['mixed line ends', 'data: a\r\ndata: b\rdata: c\n\r\ndata: d\n\n', [msg('a\nb\nc'), msg('d')]],
  ['a leading BOM is skipped, a second one is data', '\uFEFFdata: \uFEFFx\n\n', [msg('\uFEFFx')]],
  ['multi-byte characters', 'data: héllo wörld ✓ 𝄞\n\n', [msg('héllo wörld ✓ 𝄞')]],
  ['a field without colon is the whole line', 'data\nevent\n\n', [msg('')]],
];

describe('event-stream parser (HTML standard §9.2.6)', () => {
  for (const [name, text, events] of CASES) {
    it(`${name}: whole, cut at every byte, and byte by byte`, () => {
      const bytes = enc.encode(text);
      expect(parseWhole(bytes)).toEqual(events);
      for (let i = 0; i <= bytes.length; i++) expect(parseCut(bytes, [i]), `cut at ${i}`).toEqual(events);
      expect(parseCut(bytes, Array.from({ length: bytes.length }, (_, i) => i))).toEqual(events);
    });
  }

  it('keeps the last event id and the retry time (digits only)', () => {
    const p = eventStreamParser();
    p.push(enc.encode('retry: 2500\nid: 41\ndata: a\n\nretry: 1x\nid: 42\n\n'));
    expect(p.lastEventId).toBe('42');
    expect(p.retry).toBe(2500);
  });

  it('CR at the end of one chunk and LF at the start of the next are one line end', () => {
    const p = eventStreamParser();
    expect(p.push(enc.encode('data: a\r'))).toEqual([]);
    expect(p.push(enc.encode('\ndata: b\r'))).toEqual([]);
    expect(p.push(enc.encode('\n\r\n'))).toEqual([msg('a\nb')]);
  });
});
