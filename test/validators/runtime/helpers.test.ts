/**
 * The validators' runtime helpers are real modules: tested here as functions, with independent oracles
 * where they exist (node:util's isDeepStrictEqual for JSON equality, Array.from for code points, Node's
 * net.isIPv4/isIPv6 and URL for the network formats).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { _esc, _fErr, _fPR, _fPT, _fReq, _fType, _has, _len, _mul, _plain } from '../../../generator/src/emit/validators/runtime/helpers/core.ts';
import { _eq } from '../../../generator/src/emit/validators/runtime/helpers/equality.ts';
import { _media, _respond, _request, _status, type _Check } from '../../../generator/src/emit/validators/runtime/helpers/operations.ts';
import { _O, _opts } from '../../../generator/src/emit/validators/runtime/public.ts';
import { _fDate, _fDateTime, _fTime, _fDuration } from '../../../generator/src/emit/validators/runtime/formats/dates.ts';
import { _fIpv4, _fIpv6, _fHostname, _fEmail } from '../../../generator/src/emit/validators/runtime/formats/network.ts';
import { _fUri, _fUriReference } from '../../../generator/src/emit/validators/runtime/formats/uri.ts';
import { _fUuid, _fRegex } from '../../../generator/src/emit/validators/runtime/formats/misc.ts';

describe('core helpers', () => {
  it('_len counts code points like Array.from', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => _len(s) === Array.from(s).length));
    expect(_len('\ud83d')).toBe(1);
  });

  it('_esc escapes JSON pointer tokens (RFC 6901)', () => {
    expect(_esc('a/b~c')).toBe('a~1b~0c');
    expect(_esc('plain')).toBe('plain');
  });

  it('_mul: multipleOf with decimal divisors', () => {
    expect(_mul(0.3, 0.1)).toBe(true);
    expect(_mul(0.35, 0.1)).toBe(false);
    expect(_mul(1.5, 0.5)).toBe(true);
    expect(_mul(1.25, 0.5)).toBe(false);
  });

  it('_has is an own-property test', () => {
    expect(_has.call({ a: 1 }, 'a')).toBe(true);
    expect(_has.call(Object.create({ a: 1 }), 'a')).toBe(false);
  });
});

describe('helpers that keep the compiled code short', () => {
  it('_plain copies plain objects without prototypes and keeps values, arrays (holes too) and other objects', () => {
    const date = new Date(0);
    const source = JSON.parse('{"a": {"b": [1, {"c": null}]}, "__proto__": {"x": 1}, "d": "s"}');
    source.e = date;
    const copy = _plain(source);
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(Object.getPrototypeOf(copy.a.b[1])).toBeNull();
    expect(Array.isArray(copy.a.b)).toBe(true);
    expect(_has.call(copy, '__proto__')).toBe(true);
    expect(copy.e).toBe(date);
    expect(isDeepStrictEqual(JSON.parse(JSON.stringify(copy)), JSON.parse(JSON.stringify(source)))).toBe(true);
    // eslint-disable-next-line no-sparse-arrays
    expect(1 in _plain([0, , 2])).toBe(false);
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    try {
      expect(_plain({}).polluted).toBeUndefined();
    } finally {
      delete proto.polluted;
    }
  });

  it('_fPT records the error of _fType at a property, with both paths joined', () => {
    const E: any[] = [];
    const F: any[] = [];
    expect(_fPT(E, _O.allErrors, '/a', '#/s', 'b~1c', 'string')).toBe(_fType(F, _O.allErrors, '/a/b~1c', '#/s/properties/b~1c', 'string'));
    expect(E).toEqual(F);
    expect(E[0]).toMatchObject({ instancePath: '/a/b~1c', schemaPath: '#/s/properties/b~1c/type' });
  });

  it('failure helpers record the error and stop unless all errors are collected', () => {
    const E: any[] = [];
    expect(_fType(E, _O.allErrors, '/a', '#/s', 'string')).toBe(false);
    expect(_fType(E, 0, '/a', '#/s', 'string')).toBe(true);
    expect(_fReq(E, 0, '/a', '#/s', 'b')).toBe(true);
    expect(E).toHaveLength(3);
  });
});

describe('_eq', () => {
  it('agrees with isDeepStrictEqual on JSON values', () => {
    // JSON text has no -0: compare the values JSON would carry.
    const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => _eq(json(a), json(b)) === isDeepStrictEqual(json(a), json(b))));
    fc.assert(fc.property(fc.jsonValue(), (a) => _eq(json(a), json(a))));
    const v = { a: [1, { b: null }] };
    expect(_eq(v, JSON.parse(JSON.stringify(v)))).toBe(true);
  });
});

describe('option bits', () => {
  it('_opts sets the named bits', () => {
    expect(_opts(undefined, false)).toBe(_O.allErrors | _O.formats);
    expect(_opts(undefined, true)).toBe(_O.allErrors | _O.formats | _O.request);
    expect(_opts({ allErrors: false, formats: false, direction: 'request' }, false)).toBe(_O.request);
    expect(_opts({ direction: 'response' }, true) & _O.request).toBe(0);
  });

  it('the bits are distinct single bits', () => {
    const bits = [_O.allErrors, _O.formats, _O.request, _O.inheritedKeys, _O.skipCheck];
    expect(bits.reduce((a, b) => a | b, 0)).toBe(31);
  });
});

describe('operation helpers', () => {
  it('_status: exact, then range, then default', () => {
    expect(_status(404, ['200', '4XX', 'default'])).toBe(1);
    expect(_status(200, ['200', '4XX', 'default'])).toBe(0);
    expect(_status(500, ['200', '4XX', 'default'])).toBe(2);
    expect(_status(500, ['200'])).toBe(-1);
  });

  it('_media: exact, then without parameters and case, then type/*, then */*', () => {
    expect(_media('application/json; charset=utf-8', ['text/plain', 'application/json'])).toBe(1);
    expect(_media('Application/JSON', ['application/json'])).toBe(0);
    expect(_media('image/png', ['text/plain', 'image/*'])).toBe(1);
    expect(_media('image/png', ['text/plain'])).toBe(-1);
    expect(_media(undefined, ['text/plain'])).toBe(0);
  });

  it('_respond and _request run the declared check', () => {
    const isString: _Check = (v, _o, p, E) => (typeof v === 'string' ? true : (E.push({ instancePath: p, schemaPath: '#/type', keyword: 'type', message: 'must be string', params: {} }), false));
    const responses = { s: ['200', '204'], m: [['application/json'], []], f: [[isString], []] };
    expect(_respond(responses, 200, 'application/json', 'x', undefined)).toEqual({ valid: true, value: 'x' });
    expect(_respond(responses, 200, 'application/json', 1, undefined).valid).toBe(false);
    expect(_respond(responses, 204, '', undefined, undefined).valid).toBe(true);
    expect(_respond(responses, 500, 'application/json', 'x', undefined)).toMatchObject({ valid: false, errors: [{ keyword: 'status' }] });
    const body = { r: true, m: ['application/json'], f: [isString] };
    expect(_request(body, undefined, undefined, undefined)).toMatchObject({ valid: false, errors: [{ keyword: 'required' }] });
    expect(_request(body, 'x', 'text/plain', undefined)).toMatchObject({ valid: false, errors: [{ keyword: 'mediaType' }] });
    expect(_request(body, 'x', 'application/json', undefined).valid).toBe(true);
  });
});

describe('format checks', () => {
  it('dates and times (RFC 3339)', () => {
    expect(_fDate('2024-02-29')).toBe(true);
    expect(_fDate('2023-02-29')).toBe(false);
    expect(_fDateTime('2024-01-01T23:59:60Z')).toBe(true);
    expect(_fDateTime('2024-01-01T12:59:60Z')).toBe(false);
    expect(_fTime('10:00:00+01:00')).toBe(true);
    expect(_fTime('10:00:00')).toBe(false);
    expect(_fDuration('P1Y2M3DT4H')).toBe(true);
    expect(_fDuration('P1H')).toBe(false);
  });

  it('ipv4 and ipv6 agree with node:net', () => {
    for (const s of ['1.2.3.4', '255.255.255.255', '256.1.1.1', '01.2.3.4', '::', '::1', '1::2:3', 'fe80::1%eth0', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3.4', ':::']) {
      expect(_fIpv4(s), s).toBe(isIPv4(s));
      if (!s.includes('%')) expect(_fIpv6(s), s).toBe(isIPv6(s));
    }
  });

  it('hostname, email, uri, uuid, regex', () => {
    expect(_fHostname('example.com')).toBe(true);
    expect(_fHostname('-bad.com')).toBe(false);
    expect(_fEmail('a.b@example.com')).toBe(true);
    expect(_fEmail('a..b@example.com')).toBe(false);
    expect(_fUri('https://example.com/a?b#c')).toBe(true);
    expect(_fUri('/relative')).toBe(false);
    expect(_fUriReference('/relative')).toBe(true);
    expect(_fUuid('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(_fUuid('123e4567e89b12d3a456426614174000')).toBe(false);
    expect(_fRegex('^a+$')).toBe(true);
    expect(_fRegex('(')).toBe(false);
  });
});
