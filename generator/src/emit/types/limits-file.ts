/** `src/limits.ts`: the spec's `x-limits` as typed constants. */
import { code, docComment, ident, join, lit, type Code } from '../../codegen/index.ts';
import type { LimitModel } from '../../model/types.ts';

export function limitStatements(limits: LimitModel[]): Code[] {
  const statements: Code[] = [
    code`${docComment(['One limit of the API, from the spec\'s `x-limits` extension.'])}export interface Limit {
  /** Stable kebab-case name. */
  readonly name: string;
  /** The figure the reference gives (for a floor its minimum, for a cap or a range its maximum). */
  readonly value: number;
  /** Which way it binds: at most \`max\` (cap), at least \`min\` (floor), or both (range). Absent: neither (a price, a default). */
  readonly bound?: 'cap' | 'floor' | 'range';
  /** A floor: at least this. */
  readonly min?: number;
  /** A cap: at most this. */
  readonly max?: number;
  readonly default?: number;
  readonly unit?: string;
  readonly plan?: string;
  readonly track?: string;
  /** \`operationId[.parameter]\`, a schema pointer, or free text. */
  readonly appliesTo?: string;
  readonly description?: string;
}`,
  ];
  for (const l of limits) {
    const value: Record<string, string | number> = { name: l.name, value: l.value };
    for (const key of ['bound', 'min', 'max', 'default', 'unit', 'plan', 'track', 'appliesTo', 'description'] as const) {
      if (l[key] !== undefined) value[key] = l[key]!;
    }
    const doc = docComment([l.description, l.unit ? `Unit: ${l.unit}.` : undefined, l.appliesTo ? `Applies to: ${l.appliesTo}.` : undefined]);
    statements.push(code`${doc}export const ${ident(l.constantName)} = ${lit(value)} as const satisfies Limit;`);
  }
  const all = limits.map((l) => ident(l.constantName));
  statements.push(code`${docComment(['Every limit, in the order of the spec.'])}export const LIMITS = [${join(all)}] as const satisfies readonly Limit[];`);
  return statements;
}
