/**
 * Small builders on top of the codegen for the client emitter. Type names come from the model's planner;
 * `ident` checks them, so a name that is not an identifier fails generation instead of the output.
 */
import { code, ident, lit, type Code } from '../../codegen/index.ts';

/** `T.<name>`: a type of the types package (imported as the namespace `T`). */
export function typeRef(name: string): Code {
  return code`T.${ident(name)}`;
}

/** `T.<name>["<key>"]`: one member of a types-package object type. */
export function memberRef(name: string, key: string): Code {
  return code`${typeRef(name)}[${lit(key)}]`;
}

/** A tuple type of string literals, e.g. `["meta", "next_token"]`. */
export function tupleType(items: readonly string[]): Code {
  return code`[${items.map((item, i) => (i ? code`, ${lit(item)}` : lit(item)))}]`;
}
