/**
 * Module-level constants of a generated module, created once at import: regexes (`new RegExp` of the
 * pattern's string, or a scan function for the simplest patterns, pattern-scan.ts), constant JSON values (literals, which keep `__proto__` keys as own data) and sets of
 * primitive enum values. Deduplicated, named in order of first use.
 */
import { prettyLit, raw, type Code } from '../../../codegen/index.ts';
import { printExpression } from '../../../codegen/statement-printer.ts';
import { array, call, constDecl, lit, member, newExpr, regexSource, type Expr, type Stmt } from '../../../codegen/statements.ts';
import { scanFunction, scannable } from './pattern-scan.ts';
import { CompileError } from './registry.ts';

export type Primitive = string | number | boolean | null;

export class Hoister {
  private readonly decls: Stmt[] = [];
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
      return constDecl(name, newExpr(raw('RegExp'), [regexSource(pattern), lit(flags)]));
    });
  }

  /**
   * Whether the string `value` matches `pattern`: a call of a hoisted scan function when the pattern is
   * simple enough (pattern-scan.ts), else a hoisted RegExp's `test`.
   */
  test(pattern: string, value: Expr): Expr {
    const items = scannable(pattern);
    if (!items) return call(member(this.regex(pattern), 'test'), value);
    return call(this.once(`scan:${pattern}`, '_m', (name) => scanFunction(name, items)), value);
  }

  /** A hoisted constant JSON value (objects and arrays); primitives should be written inline with `lit`. */
  value(value: unknown): Code {
    return this.once(`k:${prettyLit(value).text}`, '_k', (name) => constDecl(name, lit(value), raw('any')));
  }

  /** A hoisted string (long schema paths shared by a function's errors). */
  text(value: string): Code {
    return this.once(`t:${value}`, '_sp', (name) => constDecl(name, lit(value)));
  }

  /** A hoisted `Set` of primitive values. */
  set(values: readonly Primitive[]): Code {
    const json = JSON.stringify(values);
    return this.once(`s:${json}`, '_s', (name) => constDecl(name, newExpr(raw('Set'), [lit(values)], raw('unknown'))));
  }

  /**
   * A hoisted table: an array of rows, each an array of expressions (literals, names); two or more rows are
   * written one a line (prettier's rule for an array of arrays).
   */
  table(rows: readonly (readonly Expr[])[]): Code {
    const table = array(rows.map((row) => array(row)), rows.length > 1);
    return this.once(`T:${printExpression(table).text}`, '_t', (name) => constDecl(name, table, raw('any')));
  }

  declarations(): readonly Stmt[] {
    return this.decls;
  }

  private once(key: string, prefix: string, make: (name: Code) => Stmt): Code {
    const known = this.names.get(key);
    if (known) return known;
    const name = raw(`${prefix}${this.names.size}`);
    this.names.set(key, name);
    this.decls.push(make(name));
    return name;
  }
}
