/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * JSON text sequences (RFC 7464, `application/json-seq`): each JSON text starts with the record separator
 * (RS, 0x1E) and usually ends with a line feed. A text that does not parse is skipped, as §2.3 allows (a
 * truncated text at the end of a dropped connection); bytes may be cut anywhere, even inside a character.
 */
import type { Framing, StreamItem } from './stream.js';

const RS = '\u001e';

export const jsonSeqFraming: Framing = (_media, _state, _sentinel, parse) => {
  const decoder = new TextDecoder();
  let buffer = '';
  const texts = (text: string, last: boolean): StreamItem[] => {
    buffer += text;
    const parts = buffer.split(RS);
    // Everything before the last RS is complete; the text after it completes at the next RS (or the end).
    buffer = last ? '' : parts.pop()!;
    // A pending text ended by its line feed is complete when it parses (no prefix of a JSON text that ends in
    // whitespace parses unless it is the whole text): no need to wait for the next RS.
    if (buffer.endsWith('\n') && buffer.trim()) {
      try {
        JSON.parse(buffer);
        parts.push(buffer);
        buffer = '';
      } catch {
        // not complete yet
      }
    }
    const out: StreamItem[] = [];
    for (const part of parts) {
      const trimmed = part.trim();
      if (!trimmed) continue;
      try {
        const value: unknown = parse(trimmed);
        out.push({ value, data: value });
      } catch {
        // a truncated text (§2.3: parsers skip it)
      }
    }
    return out;
  };
  return {
    push: (chunk) => texts(decoder.decode(chunk, { stream: true }), false),
    end: () => texts(decoder.decode(), true),
  };
};
