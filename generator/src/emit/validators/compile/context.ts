/**
 * What a keyword compiler gets from the compiler: its `cxt`, as Ajv's keywords get theirs. The keyword
 * modules (keywords/) recurse into subschemas through `compileNode`/`compileSub`/`childNode` here rather than
 * by importing the dispatcher (node.ts) or the compiler back, so the compile layers have no import cycle
 * (issue 25): compiler.ts -> node.ts -> keywords/ -> this interface.
 */
import type { Code } from '../../../codegen/index.ts';
import type { Expr, Stmt } from '../../../codegen/statements.ts';
import type { Access } from '../../../model/facts/index.ts';
import type { Schema } from '../../../model/types.ts';
import type { Hoister } from './hoist.ts';
import type { NodeInfo, Registry } from './registry.ts';
import type { Relaxation, ShapeOf } from './relax.ts';
import type { DynScope } from './scope.ts';
import type { Failure, Mode, Site } from './site.ts';

/** A discriminator with every value (explicit and implicit) mapped to the `$ref` of the schema it selects. */
export interface ResolvedDiscriminator {
  propertyName: string;
  mapping: ReadonlyArray<{ value: string; ref: string }>;
  /** OAS 3.2 `defaultMapping`: the `$ref` of the schema applied when the property is absent or its value maps to nothing. */
  defaultRef?: string;
}

export interface FnVariant {
  node: NodeInfo;
  mode: Mode;
  trackP: boolean;
  trackI: boolean;
  dyn: DynScope;
  /**
   * The function may serve every JSON-equal copy of the node (a large inline subschema, an operation's
   * schema): it is keyed by content, and its errors variant takes the schema path of the copy it checks
   * as a parameter `sp` instead of writing the node's own.
   */
  relocatable?: boolean;
  /** `required` relaxed by the composite the node is a part of (relax.ts): a variant of its own. */
  relax?: Relaxation;
}

/** A queued function: its name, and whether its errors variant takes the schema path (`sp`). */
export interface FnRecord extends FnVariant {
  name: Code;
  relocatable: boolean;
  takesSchemaPath: boolean;
  declaration?: Stmt;
}

/** The compiler as the keyword compilers see it (implemented by compiler.ts's `Compiler`). */
export interface KeywordContext {
  readonly registry: Registry;
  readonly hoist: Hoister;
  /** Formats referenced by the generated code (see runtime/formats/index.ts). */
  readonly formats: Set<string>;
  /** readOnly / writeOnly of a schema node, which relaxes `required` by direction (keywords/properties.ts). */
  readonly access: (schema: Schema) => Access;
  /** The model's shape fact, when the target knows it (relax.ts). */
  readonly shape: ShapeOf | undefined;
  /** The resolved discriminator of a node when the target knows it (keywords/discriminator.ts). */
  readonly resolvedDiscriminator: (schema: Schema) => ResolvedDiscriminator | undefined;
  readonly inlineLimit: number;
  readonly propertyTables: boolean;
  /** Whether int64 nodes admit `bigint`s (`int64: bigint`; keywords/format.ts `admitsBigint`). */
  readonly bigint: boolean;
  readonly sharedRef: (ref: string) => boolean;
  /** Marks a runtime helper as used and returns its name. */
  use(helper: string): Code;
  /** The expression that records an error and is true when validation stops there (errors mode). */
  readonly err: (site: Site) => (f: Failure) => Expr;
  /** A schema path as an expression of the function being generated. */
  schemaPathCode(site: Site, schemaPath: string, shareOver?: number): Expr;
  /** The name of a function variant, queued for generation. */
  fn(variant: FnVariant): Code;
  /** The record of a function variant (queued for generation): its name and how it is called. */
  callee(variant: FnVariant): FnRecord;
  /** One schema at a site compiled into statements (the dispatcher, node.ts). */
  compileNode(schema: Schema, site: Site): Stmt[];
  /** A subschema at a site: inline code, or a call to its own function when it is large (node.ts). */
  compileSub(schema: Schema, site: Site): Stmt[];
  /** The node of a subschema of the site's schema, by the tokens that lead to it. */
  childNode(site: Site, schema: Schema, tokens: readonly (string | number)[]): NodeInfo;
}
