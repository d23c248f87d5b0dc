/**
 * Schema resources and reference resolution (JSON Schema 2020-12 §8–9): walks documents once, records the
 * base URI in effect at every schema, `$id` resources, `$anchor`/`$dynamicAnchor` names, and resolves
 * `$ref` values to the schema they designate (JSON pointer or anchor fragments, other documents on demand).
 */
import type { Schema } from '../../../model/types.ts';
import { append, parsePointer } from './pointer.ts';
import { forEachSubschema } from './subschemas.ts';
import { decodeFragment, resolveUri, splitFragment } from './uri.ts';

export class CompileError extends Error {
  override name = 'CompileError';
}

/** One JSON document given to (or retrieved by) the compiler. */
export interface Doc {
  uri: string;
  /** Prefix of `schemaPath`s inside this document: `''` for the main one (paths read `#/...`), else its URI. */
  label: string;
}

/** A schema at a location, with what resolution needs to know about it. */
export interface NodeInfo {
  /** Ordinal in walk order (stable for a given input). */
  readonly id: number;
  readonly schema: Schema;
  /** Base URI in effect inside this schema (its own `$id` applied). */
  readonly base: string;
  readonly resource: Resource;
  /** JSON pointer from the document root (error `schemaPath`s are built from it). */
  readonly pointer: string;
  readonly doc: Doc;
}

/** A schema resource: a document root or a subschema with `$id`. */
export interface Resource {
  readonly uri: string;
  root?: NodeInfo;
  readonly anchors: Map<string, NodeInfo>;
  readonly dynamicAnchors: Map<string, NodeInfo>;
}

export interface RegistryOptions {
  /** Supplies documents for URIs that are not loaded yet (remote `$ref`s); `undefined` when unknown. */
  retrieve?: (uri: string) => unknown;
  /** Resolves a reference before the standard rules (the OpenAPI target maps `#/components/schemas/X`). */
  refHook?: (ref: string, from: NodeInfo) => NodeInfo | undefined;
}

export class Registry {
  private readonly resources = new Map<string, Resource>();
  private readonly nodes = new Map<object, NodeInfo>();
  private nextId = 0;

  constructor(private readonly options: RegistryOptions = {}) {}

  /** Loads a document; returns the node of its root. */
  addDocument(uri: string, root: unknown, label = uri): NodeInfo {
    const doc: Doc = { uri, label };
    const resource = this.resourceFor(uri);
    const node = this.walk(root, uri, resource, '', doc);
    resource.root ??= node;
    return node;
  }

  /** The node of a walked schema object (booleans get a fresh node in `context`'s resource). */
  nodeOf(schema: Schema, context: NodeInfo, pointer: string): NodeInfo {
    if (typeof schema === 'object' && schema !== null) {
      const known = this.nodes.get(schema);
      if (known) return known;
      return this.walk(schema, context.base, context.resource, pointer, context.doc);
    }
    return { id: -1, schema, base: context.base, resource: context.resource, pointer, doc: context.doc };
  }

  /** Resolves a `$ref` (or `$dynamicRef`) value found in `from`. */
  resolve(ref: string, from: NodeInfo): NodeInfo {
    const hooked = this.options.refHook?.(ref, from);
    if (hooked) return hooked;
    let absolute: string;
    try {
      absolute = resolveUri(ref, from.base);
    } catch (e) {
      throw new CompileError(`${(e as Error).message} (at ${from.doc.label}#${from.pointer})`);
    }
    const { base, fragment } = splitFragment(absolute);
    const resource = this.load(base, ref, from);
    const name = decodeFragment(fragment);
    if (name === '') return resource.root!;
    if (name.startsWith('/')) return this.atPointer(resource, name, ref);
    const anchor = resource.anchors.get(name);
    if (!anchor) throw new CompileError(`cannot resolve $ref ${JSON.stringify(ref)}: no anchor "${name}" in ${base}`);
    return anchor;
  }

  /** The resource registered for an absolute URI (no fragment), if any. */
  resource(uri: string): Resource | undefined {
    return this.resources.get(uri);
  }

  private load(uri: string, ref: string, from: NodeInfo): Resource {
    const known = this.resources.get(uri);
    if (known?.root) return known;
    const doc = this.options.retrieve?.(uri);
    if (doc === undefined) {
      throw new CompileError(`cannot resolve $ref ${JSON.stringify(ref)} (at ${from.doc.label}#${from.pointer}): unknown resource ${uri}`);
    }
    this.addDocument(uri, doc);
    return this.resources.get(uri)!;
  }

  private atPointer(resource: Resource, pointer: string, ref: string): NodeInfo {
    const root = resource.root!;
    let value: unknown = root.schema;
    let tokens: string[];
    try {
      tokens = parsePointer(pointer);
    } catch {
      throw new CompileError(`cannot resolve $ref ${JSON.stringify(ref)}: invalid JSON pointer`);
    }
    for (const token of tokens) {
      if (Array.isArray(value) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < value.length) value = value[Number(token)];
      else if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, token)) {
        value = (value as Record<string, unknown>)[token];
      } else throw new CompileError(`cannot resolve $ref ${JSON.stringify(ref)}: nothing at ${pointer}`);
    }
    if (typeof value !== 'boolean' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new CompileError(`cannot resolve $ref ${JSON.stringify(ref)}: ${pointer} is not a schema`);
    }
    return this.nodeOf(value as Schema, root, root.pointer + pointer);
  }

  private resourceFor(uri: string): Resource {
    let resource = this.resources.get(uri);
    if (!resource) {
      resource = { uri, anchors: new Map(), dynamicAnchors: new Map() };
      this.resources.set(uri, resource);
    }
    return resource;
  }

  private walk(value: unknown, parentBase: string, parentResource: Resource, pointer: string, doc: Doc): NodeInfo {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { id: -1, schema: value as Schema, base: parentBase, resource: parentResource, pointer, doc };
    }
    const known = this.nodes.get(value);
    if (known) return known;
    const s = value as Record<string, unknown>;
    let base = parentBase;
    let resource = parentResource;
    if (typeof s.$id === 'string' && !s.$id.startsWith('#')) {
      try {
        base = splitFragment(resolveUri(s.$id, parentBase)).base;
      } catch (e) {
        throw new CompileError(`${(e as Error).message} ($id at ${doc.label}#${pointer})`);
      }
      resource = this.resourceFor(base);
    }
    const node: NodeInfo = { id: this.nextId++, schema: value as Schema, base, resource, pointer, doc };
    this.nodes.set(value, node);
    resource.root ??= node;
    if (typeof s.$anchor === 'string' && !resource.anchors.has(s.$anchor)) resource.anchors.set(s.$anchor, node);
    if (typeof s.$dynamicAnchor === 'string') {
      if (!resource.anchors.has(s.$dynamicAnchor)) resource.anchors.set(s.$dynamicAnchor, node);
      if (!resource.dynamicAnchors.has(s.$dynamicAnchor)) resource.dynamicAnchors.set(s.$dynamicAnchor, node);
    }
    forEachSubschema(value, (child, tokens) => {
      this.walk(child, base, resource, append(pointer, ...tokens), doc);
    });
    return node;
  }
}
