import { describe, expect, it } from 'vitest';
import { buildRequest, encode, pointer, serializeDefault, writeDefault } from '../../generator/src/emit/client/runtime/serialize.ts';
import { serializeParam, writeParam } from '../../generator/src/emit/client/runtime/styles.ts';
import { paramValues } from '../../generator/src/emit/client/runtime/validate.ts';
import type { OperationSpec } from '../../generator/src/emit/client/runtime/types.ts';
import { bookmarksOp } from './helpers.ts';

describe('serializeParam: OpenAPI style × explode', () => {
  const e = encode;
  // [style, explode, value, expected] with name "color", values from the OpenAPI 3.1 style examples.
  const table: [string, boolean, unknown, string][] = [
    ['simple', false, 'blue', 'blue'],
    ['simple', false, ['blue', 'black', 'brown'], 'blue,black,brown'],
    ['simple', true, ['blue', 'black', 'brown'], 'blue,black,brown'],
    ['simple', false, { R: 100, G: 200, B: 150 }, 'R,100,G,200,B,150'],
    ['simple', true, { R: 100, G: 200, B: 150 }, 'R=100,G=200,B=150'],
    ['label', false, 'blue', '.blue'],
    ['label', false, ['blue', 'black', 'brown'], '.blue,black,brown'],
    ['label', true, ['blue', 'black', 'brown'], '.blue.black.brown'],
    ['label', true, { R: 100, G: 200, B: 150 }, '.R=100.G=200.B=150'],
    ['matrix', false, 'blue', ';color=blue'],
    ['matrix', false, ['blue', 'black', 'brown'], ';color=blue,black,brown'],
    ['matrix', true, ['blue', 'black', 'brown'], ';color=blue;color=black;color=brown'],
    ['matrix', false, { R: 100, G: 200, B: 150 }, ';color=R,100,G,200,B,150'],
    ['matrix', true, { R: 100, G: 200, B: 150 }, ';R=100;G=200;B=150'],
    ['matrix', false, '', ';color'],
    ['form', true, 'blue', 'color=blue'],
    ['form', false, ['blue', 'black', 'brown'], 'color=blue,black,brown'],
    ['form', true, ['blue', 'black', 'brown'], 'color=blue&color=black&color=brown'],
    ['form', false, { R: 100, G: 200, B: 150 }, 'color=R,100,G,200,B,150'],
    ['form', true, { R: 100, G: 200, B: 150 }, 'R=100&G=200&B=150'],
    ['form', true, '', 'color='],
    ['spaceDelimited', false, ['blue', 'black', 'brown'], 'color=blue%20black%20brown'],
    ['pipeDelimited', false, ['blue', 'black', 'brown'], 'color=blue|black|brown'],
    ['deepObject', true, { R: 100, G: 200, B: 150 }, 'color[R]=100&color[G]=200&color[B]=150'],
  ];
  it.each(table)('%s explode=%s %j', (style, explode, value, expected) => {
    expect(serializeParam(style, explode, 'color', value, e)).toBe(expected);
  });

  // The core's own serializer of the default styles (styles.ts stays out of bundles that need no other).
  it.each(table.filter(([style]) => style === 'simple' || style === 'form'))(
    'the core default serializer agrees: %s explode=%s %j',
    (style, explode, value, expected) => {
      expect(serializeDefault(style, explode, 'color', value)).toBe(expected);
    },
  );

  it('the default writer refuses other styles rather than mis-serializing them', () => {
    const to = { path: {}, query: [], headers: {} };
    expect(() => writeDefault({ name: 'color', in: 'path', style: 'matrix' }, 'blue', to)).toThrow(/OperationSpec.styles \(style matrix\)/);
  });

  it('percent-encodes values (RFC 3986 unreserved stays), keeping the list delimiter literal', () => {
    expect(serializeParam('form', false, 'q', ['a,b', 'c d', "é!'()*/?#&="], e)).toBe('q=a%2Cb,c%20d,%C3%A9%21%27%28%29%2A%2F%3F%23%26%3D');
  });

  it('sends dates as RFC 3339, or as a full date for format: date', () => {
    const d = new Date(Date.UTC(2026, 2, 25, 16, 0, 0));
    expect(serializeParam('form', true, 'start_time', d, e)).toBe('start_time=2026-03-25T16%3A00%3A00.000Z');
    expect(serializeParam('form', true, 'day', d, e, true)).toBe('day=2026-03-25');
  });
});

describe('buildRequest', () => {
  it('fills the path with encoded values and comma-joins form+explode:false lists', () => {
    const r = buildRequest('https://api.example.com/', bookmarksOp, {
      id: '12/3 4',
      max_results: 5,
      'post.fields': ['created_at', 'author_id'],
      pagination_token: undefined,
    });
    expect(r.url).toBe('https://api.example.com/2/users/12%2F3%204/bookmarks?max_results=5&post.fields=created_at,author_id');
    // What request validation sees (validate.ts): the values by location and spec name.
    const values = paramValues(bookmarksOp, { id: '12/3 4', max_results: 5, 'post.fields': ['created_at', 'author_id'], pagination_token: undefined });
    expect(values.query).toEqual({ max_results: 5, 'post.fields': ['created_at', 'author_id'] });
    expect(values.path).toEqual({ id: '12/3 4' });
  });

  it('keeps a base path and handles no query', () => {
    expect(buildRequest('http://127.0.0.1:8080/api', bookmarksOp, { id: '1' }).url).toBe('http://127.0.0.1:8080/api/2/users/1/bookmarks');
  });

  it('renamed keys, headers, cookies, json content and allowReserved', () => {
    const op: OperationSpec = {
        id: 'x',
        method: 'GET',
        path: '/things/{id}',
        params: [
          { name: 'id', in: 'path' },
          { name: 'id', in: 'query', key: 'query:id' },
          { name: 'X-Trace', in: 'header' },
          { name: 'session', in: 'cookie' },
          { name: 'filter', in: 'query', json: true },
          { name: 'next', in: 'query', reserved: true },
        ],
        styles: writeParam,
      };
    const args = { id: 'p', 'query:id': 'q', 'X-Trace': ['a', 'b'], session: 's 1', filter: { a: [1] }, next: 'https://x/y?z' };
    // Header and cookie parameters are written by the entry's writer (styles.ts), which such entries carry.
    expect(() => buildRequest('http://h', { ...op, styles: undefined }, args)).toThrow(/header parameters need OperationSpec.styles/);
    const r = buildRequest('http://h', op, args);
    expect(r.url).toBe('http://h/things/p?id=q&filter=%7B%22a%22%3A%5B1%5D%7D&next=https://x/y?z');
    expect(r.headers['x-trace']).toBe('a,b');
    expect(r.headers.cookie).toBe('session=s%201');
    expect(paramValues(op, args).header).toEqual({ 'X-Trace': ['a', 'b'] });
    expect(paramValues(op, args, { id: 'over' }).query).toEqual({ filter: { a: [1] }, next: 'https://x/y?z' });
  });

  it('other styles go through the entry serializer (styles.ts); without it the call fails instead of mis-serializing', () => {
    const op: OperationSpec = { id: 'x', method: 'GET', path: '/c{color}', params: [{ name: 'color', in: 'path', style: 'matrix', explode: true }] };
    expect(() => buildRequest('http://h', op, { color: ['a', 'b'] })).toThrow(/matrix/);
    expect(buildRequest('http://h', { ...op, styles: writeParam }, { color: ['a', 'b'] }).url).toBe('http://h/c;color=a;color=b');
  });

  it('throws on a missing path parameter instead of sending "undefined"', () => {
    expect(() => buildRequest('http://h', bookmarksOp, {})).toThrow(/missing path parameter id/);
  });
});

describe('pointer', () => {
  it('reads JSON pointers with escapes, not through prototypes', () => {
    const v = { meta: { next_token: 'n' }, 'a/b': { '~c': 1 } };
    expect(pointer(v, '/meta/next_token')).toBe('n');
    expect(pointer(v, '/a~1b/~0c')).toBe(1);
    expect(pointer(v, '/meta/missing/x')).toBeUndefined();
    expect(pointer(v, '/constructor')).toBeUndefined();
    expect(pointer(v, '')).toBe(v);
  });
});
