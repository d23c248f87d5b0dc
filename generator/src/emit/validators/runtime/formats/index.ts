/**
 * Format checkers of a generated module (`src/formats.ts`): the declarations of the modules in this folder,
 * copied only when a schema uses the format (see ../library.ts). A format is an exported function named
 * `_f` + the format in PascalCase (`_fDateTime` checks `date-time`).
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
import { RuntimeLibrary } from '../library.ts';

export const FORMATS = new RuntimeLibrary(['dates.ts', 'network.ts', 'uri.ts', 'misc.ts'].map((f) => new URL(`./${f}`, import.meta.url)));

/** `_fDateTime` → `date-time`. */
function formatName(fn: string): string {
  return fn.slice(2).replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase());
}

let formats: Readonly<Record<string, { name: Code; piece: string }>> | undefined;

/** Formats checked on strings, by name, with the exported checker's name (read from the modules). */
export function stringFormats(): Readonly<Record<string, { name: Code; piece: string }>> {
  if (formats) return formats;
  const out: Record<string, { name: Code; piece: string }> = Object.create(null);
  for (const d of FORMATS.declarations().values()) {
    if (d.exported && d.kind === 'function' && /^_f[A-Z]/.test(d.name)) out[formatName(d.name)] = { name: raw(d.name), piece: d.name };
  }
  formats = out;
  return out;
}

/** Declarations for the given formats and what they need, in a fixed order. */
export function formatDeclarations(names: Iterable<string>): Code[] {
  const table = stringFormats();
  return FORMATS.close([...names].map((f) => table[f].piece)).map((d) => raw(d.text));
}
