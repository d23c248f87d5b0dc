/** RFC 6901 JSON pointers. */

export function escapeSegment(segment: string | number): string {
  const text = String(segment);
  // Most segments need no escape; this runs for every node of a document (origins, $id resolution).
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `['paths', '/a', 'get']` → `/paths/~1a/get`. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + escapeSegment(s)).join('');
}

/** `/paths/~1a/get` (or `#/paths/...`) → `['paths', '/a', 'get']`. */
export function parsePointer(pointer: string): string[] {
  let p = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (p === '') return [];
  if (!p.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  // Fragments in $refs are URI-encoded (`#/paths/~1a%20b`); decoding a pointer that has no escapes is a no-op.
  if (pointer.startsWith('#') && p.includes('%')) {
    try {
      p = decodeURIComponent(p);
    } catch {
      // Leave it as written: a malformed escape is reported by the resolver, not here.
    }
  }
  return p.slice(1).split('/').map(unescapeSegment);
}

export function appendPointer(pointer: string, ...segments: (string | number)[]): string {
  return pointer + toPointer(segments);
}

/** Follows a pointer into a plain JS value; `undefined` when any step is missing. */
export function getAtPointer(root: unknown, pointer: string | readonly string[]): unknown {
  const segments = typeof pointer === 'string' ? parsePointer(pointer) : pointer;
  let node: unknown = root;
  for (const seg of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, seg)) return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node;
}
