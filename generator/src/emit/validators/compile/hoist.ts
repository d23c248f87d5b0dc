/**
 * Module-level constants of a generated module, created once at import: regexes (through codegen's `regex`),
 * constant JSON values (codegen's `lit`, which keeps `__proto__` keys as own data) and sets of primitive
 * enum values. Deduplicated, named in order of first use.
 */
import { code, join, prettyLit as lit, raw, regex, type Code } from '../../../codegen/index.ts';
import { arrayLiteral, fluidAssignment, printDoc } from '../../../codegen/pretty-doc.ts';
import { CompileError } from './registry.ts';

export type Primitive = string | number | boolean | null;

export class Hoister {
  private readonly decls: Code[] = [];
  private readonly names = new Map<string, Code>();
  /** Patterns that needed the legacy (non-`u`) flags to compile, for diagnostics. */
  readonly legacyPatterns: string[] = [];

  /** A hoisted `RegExp` for an ECMA-262 pattern; `u` flag, falling back to no flag for legacy patterns. */
  regex(pattern: string): Code {
    return this.once(`re:${pattern}`, '_re', (name) => {
      let flags = 'u';
      try {
        new RegExp(pattern, 'u');
      } catch {
        try {
          new RegExp(pattern);
        } catch {
          throw new CompileError(`invalid pattern ${JSON.stringify(pattern)}`);
        }
        flags = '';
        this.legacyPatterns.push(pattern);
      }
      return code`const ${name} = ${regex(pattern, flags)};`;
    });
  }

  /** A hoisted constant JSON value (objects and arrays); primitives should be written inline with `lit`. */
  value(value: unknown): Code {
    const literal = lit(value);
    return this.once(`k:${literal.text}`, '_k', (name) => code`const ${name}: any = ${literal};`);
  }

  /** A hoisted string (long schema paths shared by a function's errors). */
  text(value: string): Code {
    return this.once(`t:${value}`, '_sp', (name) => code`const ${name} = ${lit(value)};`);
  }

  /** A hoisted `Set` of primitive values. */
  set(values: readonly Primitive[]): Code {
    const json = JSON.stringify(values);
    return this.once(`s:${json}`, '_s', (name) => code`const ${name} = new Set<unknown>([${join(values.map((v) => lit(v)))}]);`);
  }

  /**
   * A hoisted table: an array of rows, each an array of expressions (literals, names), printed as prettier
   * prints it (two or more rows: one a line, as prettier lays out an array of arrays).
   */
  table(rows: readonly (readonly Code[])[]): Code {
    const items = rows.map((row) => arrayLiteral(row.map((cell) => cell.text)));
    const key = JSON.stringify(rows.map((row) => row.map((cell) => cell.text)));
    return this.once(`T:${key}`, '_t', (name) => raw(printDoc([fluidAssignment(`const ${name.text}: any =`, arrayLiteral(items, rows.length > 1)), ';'])));
  }

  declarations(): readonly Code[] {
    return this.decls;
  }

  private once(key: string, prefix: string, make: (name: Code) => Code): Code {
    const known = this.names.get(key);
    if (known) return known;
    const name = raw(`${prefix}${this.names.size}`);
    this.names.set(key, name);
    this.decls.push(make(name));
    return name;
  }
}
