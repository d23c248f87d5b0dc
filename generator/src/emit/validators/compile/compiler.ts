/**
 * The compiler: turns schema nodes into hoisted named functions. Each node gets up to two families of
 * functions, created on demand and generated once:
 *
 *   _v<name>(v, o[, ep][, ei]): boolean            check mode: a verdict, no allocation
 *   _e<name>(v, o, p, E[, ep][, ei]): boolean       errors mode: pushes ValidationErrors, returns validity
 *
 * `ep`/`ei` variants record evaluated properties/items for an `unevaluated*` keyword above them; `<name>` is
 * a planned name (component schemas) or a number. Functions are also specialised per `$dynamicRef` scope.
 */
import { code, raw, type Code } from '../../../codegen/index.ts';
import { binary, call, constDecl, functionDecl, lit, member, namesRead, object, returnStmt, type Expr, type Stmt } from '../../../codegen/statements.ts';
import type { Access } from '../../../model/facts/index.ts';
import type { Schema } from '../../../model/types.ts';
import { ACTIVE_KEYWORDS } from './analysis/trivial.ts';
import { ContentIds } from './content.ts';
import { Hoister } from './hoist.ts';
import type { FnRecord, FnVariant, KeywordContext, ResolvedDiscriminator } from './context.ts';
import { childNode, compileNode, compileSub } from './node.ts';
import { atFunctionEnd } from './keywords/typed.ts';
import { Registry, type NodeInfo, type RegistryOptions } from './registry.ts';
import type { Relaxation, ShapeOf } from './relax.ts';
import { EMPTY_SCOPE, enterResource } from './scope.ts';
import { E, FnScope, renderPath, schemaPathOf, SP, type Failure, type Site } from './site.ts';

/** Default of `CompilerOptions.inlineLimit` (see the size/speed table in README.md). */
export const DEFAULT_INLINE_LIMIT = 30;

export interface CompilerOptions extends RegistryOptions {
  /**
   * Subschemas weighing more than this (JSON members) become functions of their own, shared by equal
   * copies, instead of inline code: lower gives smaller output for documents that repeat themselves.
   */
  inlineLimit?: number;
  /** Share functions between JSON-equal schemas (default true; false compiles every copy on its own). */
  shareEqualSchemas?: boolean;
  /**
   * References whose targets may share a function with equal schemas (the OpenAPI target's references to
   * inline parameter schemas, which GitHub repeats per operation); component references never do.
   */
  sharedRef?: (ref: string) => boolean;
  access?: (schema: Schema) => Access;
  /**
   * The model's object shape of a node per direction (OpenAPI target): a composite relaxes `required` of its
   * parts by it (relax.ts). Plain JSON Schema has no direction.
   */
  shape?: ShapeOf;
  /** The OpenAPI target's resolved discriminator of a node (model fact); plain JSON Schema has none. */
  discriminator?: (schema: Schema) => ResolvedDiscriminator | undefined;
  /**
   * Errors functions read runs of simple properties from tables (keywords/property-table.ts; default true).
   * Off (tests only), every test is compiled: the reference the tables' errors are compared with.
   */
  propertyTables?: boolean;
  /**
   * `int64: 'bigint'`: nodes of `format: int64` admit `bigint`s too (type, bounds, `multipleOf`, the format's
   * 64-bit range), as the runtimes read those integers (model/int64.ts). Off, the JSON data model only.
   */
  bigint?: boolean;
}

/**
 * Output size, not layout: a function's own schema path longer than this is written once, as a module
 * constant (`const _spN = '#/…';`, about 15 characters more than the string), and each of its errors' paths
 * as `_spN + '/…'` (4–6 characters in place of the quoted path). A shorter path is written where it is used:
 * repeated, it costs less than the constant would save.
 */
const SHARED_BASE_PATH = 24;

/** The failure helpers applied at a property of the value (runtime/helpers/core.ts). */
const AT_PROPERTY: Record<string, string> = { _fType: '_fPT', _fTypes: '_fPTs', _fEnum: '_fPE', _fReq: '_fPR', _fFormat: '_fPF' };

export type { FnRecord, FnVariant, ResolvedDiscriminator } from './context.ts';

export class Compiler implements KeywordContext {
  readonly registry: Registry;
  readonly hoist = new Hoister();
  /** Runtime helpers referenced by the generated code (see runtime/helpers/index.ts). */
  readonly helpers = new Set<string>();
  /** Formats referenced by the generated code (see runtime/formats/index.ts). */
  readonly formats = new Set<string>();
  private readonly fns = new Map<string, FnRecord>();
  private readonly order: FnRecord[] = [];
  private readonly baseNames = new Map<string, string>();
  private readonly dynNames = new Map<string, string[]>();
  private readonly relaxNames = new Map<string, string[]>();
  private anonymous = 0;
  private readonly content = new ContentIds();
  /** sharedIdentity's answer per node. */
  private readonly sharedIdentities = new WeakMap<NodeInfo, string>();
  /**
   * readOnly / writeOnly of a schema node, which relaxes `required` by direction (keywords/properties.ts).
   * The OpenAPI target answers from the model's schema facts; plain JSON Schema has no direction.
   */
  readonly access: (schema: Schema) => Access;
  /** The model's shape fact, when the target knows it (relax.ts). */
  readonly shape: ShapeOf | undefined;
  /** The resolved discriminator of a node when the target knows it (keywords/discriminator.ts). */
  readonly resolvedDiscriminator: (schema: Schema) => ResolvedDiscriminator | undefined;

  readonly inlineLimit: number;
  private readonly share: boolean;
  /** CompilerOptions.propertyTables. */
  readonly propertyTables: boolean;
  /** Whether int64 nodes admit `bigint`s (CompilerOptions.bigint). */
  readonly bigint: boolean;
  readonly sharedRef: (ref: string) => boolean;

  constructor(options: CompilerOptions = {}) {
    this.share = options.shareEqualSchemas ?? true;
    this.sharedRef = options.sharedRef ?? (() => false);
    this.inlineLimit = options.inlineLimit ?? DEFAULT_INLINE_LIMIT;
    this.propertyTables = options.propertyTables ?? true;
    this.bigint = options.bigint ?? false;
    this.registry = new Registry(options);
    this.access = options.access ?? (() => undefined);
    this.shape = options.shape;
    this.resolvedDiscriminator = options.discriminator ?? (() => undefined);
  }

  /** Names the functions of `node` after `name` (an identifier), e.g. a component's type name. */
  nameNode(node: NodeInfo, name: string): void {
    const key = nodeKey(node);
    if (!this.baseNames.has(key)) this.baseNames.set(key, name);
  }

  /** Names of the entry functions handed out: what `src/compiled.ts` exports to the other modules. */
  readonly entries = new Set<string>();

  /** The check and errors functions for an entry point (its dynamic scope starts at its resource). */
  entry(node: NodeInfo): { check: Code; errors: Code } {
    const dyn = enterResource(EMPTY_SCOPE, node.resource);
    const check = this.fn({ node, mode: 'check', trackP: false, trackI: false, dyn });
    const errors = this.fn({ node, mode: 'errors', trackP: false, trackI: false, dyn });
    this.entries.add(check.text).add(errors.text);
    return { check, errors };
  }

  /**
   * The errors function of an entry point alone (when no type guard is exported for it). With `shared`,
   * JSON-equal entry schemas share it and `schemaPath` is what the caller passes as `sp` (undefined when
   * the function writes its own paths).
   */
  entryErrors(node: NodeInfo, shared = false): { errors: Code; schemaPath?: string } {
    const dyn = enterResource(EMPTY_SCOPE, node.resource);
    const record = this.callee({ node, mode: 'errors', trackP: false, trackI: false, dyn, relocatable: shared });
    this.entries.add(record.name.text);
    return { errors: record.name, schemaPath: record.takesSchemaPath ? schemaPathOf(node) : undefined };
  }

  /** The name of a function variant, queued for generation. A schema that is only a `$ref` is its target. */
  fn(variant: FnVariant): Code {
    return this.callee(variant).name;
  }

  /** The record of a function variant (queued for generation): its name and how it is called. */
  callee(variant: FnVariant): FnRecord {
    const { resolved, key, relocatable } = this.identify(variant);
    const known = this.fns.get(key);
    if (known) return known;
    const mode = resolved.mode;
    const record: FnRecord = { ...resolved, mode, relocatable, takesSchemaPath: relocatable && mode === 'errors', name: raw(this.functionName({ ...resolved, mode, relocatable })) };
    this.fns.set(key, record);
    this.order.push(record);
    return record;
  }

  /** The variant a request stands for (a schema that is only a `$ref` is its target) and its key. */
  private identify(variant: FnVariant): { resolved: FnVariant; key: string; relocatable: boolean } {
    const alias = refOnly(variant.node.schema);
    if (alias !== undefined) {
      const target = this.registry.resolve(alias, variant.node);
      if (typeof target.schema !== 'boolean' && target !== variant.node) {
        return this.identify({ ...variant, node: target, dyn: enterResource(variant.dyn, target.resource), relocatable: false });
      }
    }
    const node = variant.node;
    const relocatable = this.share && variant.relocatable === true && typeof node.schema === 'object' && node.schema !== null && !this.content.pinnedToPlace(node.schema);
    const identity = relocatable ? this.sharedIdentity(node) : nodeKey(node);
    const mode = variant.mode;
    const key = `${identity}|${mode}|${variant.trackP}|${variant.trackI}|${variant.dyn.key}|${variant.relax?.key ?? ''}`;
    return { resolved: variant, key, relocatable };
  }

  /** A node's identity as a function shared by equal schemas, once per node: asked at every reference to it. */
  private sharedIdentity(node: NodeInfo): string {
    let identity = this.sharedIdentities.get(node);
    if (identity === undefined) {
      identity = `R${this.content.schemaId(node.schema as object)}|${node.base}|${node.resource.uri}|${node.doc.uri}`;
      this.sharedIdentities.set(node, identity);
    }
    return identity;
  }

  /**
   * A schema path as an expression of the function being generated: `sp + "..."` under a relocatable
   * function's root, else a literal. Shared through a module constant (written once, the same string at run
   * time): the function's own path when it is longer than `SHARED_BASE_PATH` (its errors' paths start with
   * it), and a path longer than `shareOver` (a caller passing it at many sites: keywords/ref.ts).
   */
  schemaPathCode(site: Site, schemaPath: string, shareOver = Infinity): Expr {
    if (schemaPath.startsWith(SP)) {
      const rest = schemaPath.slice(SP.length);
      return rest ? binary(raw('sp'), '+', lit(rest)) : raw('sp');
    }
    const base = site.fn.schemaPath;
    if (base.length > SHARED_BASE_PATH && schemaPath.startsWith(base)) {
      const head = this.hoist.text(base);
      return schemaPath === base ? head : binary(head, '+', lit(schemaPath.slice(base.length)));
    }
    return schemaPath.length > shareOver ? this.hoist.text(schemaPath) : lit(schemaPath);
  }

  compileNode(schema: Schema, site: Site): Stmt[] {
    return compileNode(this, schema, site);
  }

  compileSub(schema: Schema, site: Site): Stmt[] {
    return compileSub(this, schema, site);
  }

  childNode(site: Site, schema: Schema, tokens: readonly (string | number)[]): NodeInfo {
    return childNode(this, site, schema, tokens);
  }

  /** Marks a runtime helper as used and returns its name. */
  use(helper: string): Code {
    this.helpers.add(helper);
    return raw(helper);
  }

  /** The expression that records an error and is true when validation stops there (errors mode). */
  readonly err = (site: Site) => (f: Failure): Expr => {
    const path = renderPath(f.at ?? site.path);
    const schemaPath = f.schemaPath ?? `${site.schemaPath}/${f.keyword}`;
    if (f.short && schemaPath === `${site.schemaPath}/${f.keyword}`) {
      const at = f.at ?? site.path;
      const name = at.parts[at.parts.length - 1];
      const suffix = `/properties/${String(name)}`;
      if (typeof name === 'string' && at.parts[at.parts.length - 2] === '/' && site.schemaPath.endsWith(suffix) && site.schemaPath.length > suffix.length) {
        // At a property of the value: `_fPT` (...) joins both paths from the parent's, shorter than writing them.
        const parentPath = renderPath({ root: at.root, parts: at.parts.slice(0, -2) });
        const parentSchema = this.schemaPathCode(site, site.schemaPath.slice(0, -suffix.length));
        return call(this.use(AT_PROPERTY[f.short.helper]), E, site.o, parentPath, parentSchema, lit(name), f.short.arg);
      }
      return call(this.use(f.short.helper), E, site.o, path, this.schemaPathCode(site, site.schemaPath), f.short.arg);
    }
    const sp = this.schemaPathCode(site, schemaPath);
    return call(this.use('_fErr'), E, site.o, path, sp, lit(f.keyword), lit(f.message), f.params ?? object([]));
  };

  /** Generates every queued function (and those they queue); returns the declarations in creation order. */
  build(): Stmt[] {
    for (let i = 0; i < this.order.length; i++) {
      const record = this.order[i];
      if (!record.declaration) record.declaration = this.generate(record);
    }
    return this.order.map((r) => r.declaration!);
  }

  private functionName(v: FnVariant): string {
    const key = nodeKey(v.node);
    let base = this.baseNames.get(key);
    if (base === undefined) {
      base = String(this.anonymous++);
      this.baseNames.set(key, base);
    }
    // `_v` a check function, `_e` an errors one.
    const letter = v.mode === 'check' ? 'v' : 'e';
    const name = `_${letter}${base}${v.trackP ? 'p' : ''}${v.trackI ? 'i' : ''}${this.relaxSuffix(base, v.relax)}`;
    // The first dynamic scope a function is requested in keeps the plain name; others are numbered.
    const scopes = this.dynNames.get(name) ?? [];
    this.dynNames.set(name, scopes);
    // A node's content-shared function and its own (a node both inlined elsewhere and a `$ref` target) differ too.
    const identity = `${v.relocatable ? 'R' : ''}${v.dyn.key}`;
    let index = scopes.indexOf(identity);
    if (index < 0) index = scopes.push(identity) - 1;
    return index === 0 ? name : `${name}_d${index}`;
  }

  /** `_r<n>` for the n-th relaxation a node's functions are requested under (none for the plain ones). */
  private relaxSuffix(base: string, relax: Relaxation | undefined): string {
    if (!relax) return '';
    const keys = this.relaxNames.get(base) ?? [];
    this.relaxNames.set(base, keys);
    let index = keys.indexOf(relax.key);
    if (index < 0) index = keys.push(relax.key) - 1;
    return `_r${index + 1}`;
  }

  private generate(r: FnRecord): Stmt {
    // A relocatable errors function's paths start at its `sp` parameter.
    const root = r.takesSchemaPath ? SP : schemaPathOf(r.node);
    const fn = new FnScope(root);
    // Every function of a mode takes the same parameters (callers and tables call them alike); one the
    // body never reads is named with a leading `_`, as `noUnusedParameters` asks of a calling convention.
    const params: Array<readonly [name: string, type: Code]> = [['v', raw('any')], ['o', raw('number')]];
    if (r.mode === 'errors') params.push(['p', raw('string')], ['E', raw('ValidationError[]')]);
    if (r.takesSchemaPath) params.push(['sp', raw('string')]);
    if (r.trackP) params.push(['ep', this.use('_EvP')]);
    if (r.trackI) params.push(['ei', this.use('_EvI')]);
    const site: Site = {
      mode: r.mode,
      fn,
      node: r.node,
      data: raw('v'),
      o: raw('o'),
      path: { root: raw('p'), parts: [] },
      schemaPath: root,
      stop: RETURN_FALSE,
      evP: r.trackP ? raw('ep') : undefined,
      evI: r.trackI ? raw('ei') : undefined,
      dyn: r.dyn,
      relax: r.relax,
    };
    const body = this.compileNode(r.node.schema, site);
    const tail = body.length ? atFunctionEnd(body[body.length - 1]!) : undefined;
    if (tail) body.splice(body.length - 1, 1, ...tail);
    const read = namesRead(body, params.map(([name]) => name).filter((name) => name !== 'E'));
    const signature = params.map(([name, type]) => code`${raw(name === 'E' || read.has(name) ? name : `_${name}`)}: ${type}`);
    // No check-first at an entry's errors function: its walk checks each referenced member with the member's
    // check function first (keywords/ref.ts), so on valid data it costs little more than the check, while a
    // whole-value check first made invalid data pay for two walks: below Ajv with all errors (issue 26.8).
    // Under prototype pollution the callers from outside pass a copy without prototypes (runtime `_input`),
    // so property reads need no `hasOwnProperty` test and the functions need no prologue for it.
    if (r.mode === 'check') return functionDecl(r.name, signature, raw('boolean'), [...body, returnStmt(raw('true'))], true);
    const e0 = raw('e0');
    return functionDecl(r.name, signature, raw('boolean'), [constDecl(e0, member(E, 'length')), ...body, returnStmt(binary(member(E, 'length'), '===', e0))], true);
  }
}

/** The stop of a function's own checks. */
const RETURN_FALSE = returnStmt(raw('false'));

/** The `$ref` of a schema that has no other active keyword (annotations are fine), if it is one. */
function refOnly(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || typeof (schema as { $ref?: unknown }).$ref !== 'string') return undefined;
  for (const key of Object.keys(schema)) if (key !== '$ref' && ACTIVE_KEYWORDS.has(key)) return undefined;
  if (Object.prototype.hasOwnProperty.call(schema, '$id') || Object.prototype.hasOwnProperty.call(schema, '$dynamicAnchor')) return undefined;
  return (schema as { $ref: string }).$ref;
}

function nodeKey(node: NodeInfo): string {
  return node.id >= 0 ? String(node.id) : `${node.doc.uri}#${node.pointer}:${String(node.schema)}`;
}
