/**
 * Format checkers of a generated module (trusted code; patterns go through codegen's `regex`). Each format
 * lists the shared pieces it needs; only referenced formats are emitted.
 *
 * date, time, date-time: RFC 3339 §5.6 (leap second only at 23:59:60 UTC). duration: RFC 3339 Appendix A
 * ABNF. email: RFC 5321 Mailbox (dot-atom or quoted local part; hostname or address literal). hostname:
 * RFC 1123 labels; `xn--` labels must decode (RFC 3492) to a U-label passing the IDNA2008 rules that can be
 * checked without Unicode data tables (RFC 5891 §4.2.3, RFC 5892 exceptions and contextual rules; joining
 * types approximated by script). ipv4: dotted quad, no leading zeros. ipv6: RFC 4291 §2.2 text forms.
 * uri / uri-reference: RFC 3986 §3/§4.1 component grammar. uuid: RFC 4122 textual form, any version.
 * regex: compiles as an ECMA-262 pattern with the `u` flag.
 */
import { raw, type Code } from '../../../../codegen/index.ts';
import { closePieces, type Piece } from '../piece.ts';
import { DATES } from './dates.ts';
import { MISC } from './misc.ts';
import { NETWORK } from './network.ts';
import { URI } from './uri.ts';

const PIECES: Record<string, Piece> = { ...DATES, ...NETWORK, ...URI, ...MISC };

/** Formats checked on strings, by name, with the exported checker's name. */
export const STRING_FORMATS: Readonly<Record<string, { name: Code; piece: string }>> = {
  'date-time': { name: raw('_fDateTime'), piece: '_fDateTime' },
  date: { name: raw('_fDate'), piece: '_fDate' },
  time: { name: raw('_fTime'), piece: '_fTime' },
  duration: { name: raw('_fDuration'), piece: '_fDuration' },
  email: { name: raw('_fEmail'), piece: '_fEmail' },
  hostname: { name: raw('_fHostname'), piece: '_fHostname' },
  ipv4: { name: raw('_fIpv4'), piece: '_fIpv4' },
  ipv6: { name: raw('_fIpv6'), piece: '_fIpv6' },
  uri: { name: raw('_fUri'), piece: '_fUri' },
  'uri-reference': { name: raw('_fUriReference'), piece: '_fUriReference' },
  uuid: { name: raw('_fUuid'), piece: '_fUuid' },
  regex: { name: raw('_fRegex'), piece: '_fRegex' },
};

/** Declarations for the given formats and what they need, in a fixed order. */
export function formatDeclarations(formats: Iterable<string>): Code[] {
  return closePieces(PIECES, [...formats].map((f) => STRING_FORMATS[f].piece)).map((p) => {
    const text = PIECES[p].text;
    return typeof text === 'string' ? raw(text) : text;
  });
}
