/**
 * The ApiModel as one schema document for the compiler: component schemas at `#/components/schemas/<key>`
 * (so error schema paths point into the spec), operation schemas at their own pointers, and synthetic
 * parameter objects whose properties reference each parameter's schema. Every model `$ref` resolves
 * through the model index (docs/contracts.md: `#/components/schemas/<key>` → `model.schemas`).
 */
import { toIdentifier, uniqueName } from '../../../codegen/index.ts';
import { indexModel } from '../../../model/model-index.ts';
import { schemaRef } from '../../../model/refs.ts';
import type { ApiModel, MediaTypeModel, NamedSchema, OperationModel, ParameterLocation, Schema } from '../../../model/types.ts';
import { Compiler } from '../compile/compiler.ts';
import { escapeToken } from '../compile/pointer.ts';
import type { NodeInfo } from '../compile/registry.ts';
import { DEFAULT_BASE } from '../compile/uri.ts';

export interface ApiDocument {
  compiler: Compiler;
  schema(named: NamedSchema): NodeInfo;
  /** The object of an operation's parameters in one location (keys as in the spec). */
  parameters(op: OperationModel, where: ParameterLocation): NodeInfo;
  media(op: OperationModel, media: MediaTypeModel, label: string): NodeInfo;
}

const PARAM_REF = 'socialgen:parameter:';

export function apiDocument(model: ApiModel, options: { inlineLimit?: number; shareEqualSchemas?: boolean; propertyTables?: boolean } = {}): ApiDocument {
  const index = indexModel(model);
  const byNamed = new Map<NamedSchema, NodeInfo>();
  const paramNodes = new Map<string, NodeInfo>();
  const compiler = new Compiler({
    inlineLimit: options.inlineLimit,
    propertyTables: options.propertyTables,
    bigint: model.int64 === 'bigint',
    shareEqualSchemas: options.shareEqualSchemas,
    sharedRef: (ref) => ref.startsWith(PARAM_REF),
    access: index.facts.access,
    shape: index.facts.shape,
    discriminator: (schema) => {
      const fact = index.facts.discriminator(schema);
      if (!fact?.own) return undefined;
      const mapping = fact.mapping.map((m) => ({ value: m.value, ref: schemaRef(m.schema.key) }));
      return fact.defaultSchema ? { propertyName: fact.propertyName, mapping, defaultRef: schemaRef(fact.defaultSchema.key) } : { propertyName: fact.propertyName, mapping };
    },
    refHook: (ref) => {
      if (ref.startsWith(PARAM_REF)) return paramNodes.get(ref);
      const named = index.resolveRef(ref);
      return named ? schemaNode(named) : undefined;
    },
  });
  const components: Record<string, Schema> = {};
  for (const s of model.schemas) Object.defineProperty(components, s.key, { value: s.schema, enumerable: true, writable: true, configurable: true });
  const root = compiler.registry.addDocument(DEFAULT_BASE, { components: { schemas: components } }, '');
  const taken = new Set<string>([...model.schemas.map((s) => s.typeName), ...model.operations.flatMap((o) => Object.values(o.names))]);

  function schemaNode(named: NamedSchema): NodeInfo {
    let node = byNamed.get(named);
    if (!node) {
      node = compiler.registry.nodeOf(named.schema, root, `/components/schemas/${escapeToken(named.key)}`);
      compiler.nameNode(node, named.typeName);
      byNamed.set(named, node);
    }
    return node;
  }
  for (const s of model.schemas) schemaNode(s);

  return {
    compiler,
    schema: schemaNode,
    parameters(op, where) {
      const params = op.parameters.filter((p) => p.in === where);
      const properties: Record<string, Schema> = {};
      for (const p of params) {
        const ref = `${PARAM_REF}${paramNodes.size}`;
        const node = compiler.registry.nodeOf(p.schema, root, `${p.pointer}/schema`);
        compiler.nameNode(node, uniqueName(toIdentifier(`${op.names.base}_${where}_${p.name}`, 'pascal', 'Parameter'), taken));
        paramNodes.set(ref, node);
        Object.defineProperty(properties, p.name, { value: { $ref: ref }, enumerable: true, writable: true, configurable: true });
      }
      const schema: Schema = { type: 'object', properties, required: params.filter((p) => p.required).map((p) => p.name) };
      const node = compiler.registry.nodeOf(schema, root, `${op.pointer}/parameters`);
      const names = { path: op.names.pathParams, query: op.names.query, header: op.names.headers, cookie: op.names.cookies };
      compiler.nameNode(node, names[where]);
      return node;
    },
    media(op, media, label) {
      const node = compiler.registry.nodeOf(media.schema, root, `${media.pointer}/schema`);
      compiler.nameNode(node, uniqueName(toIdentifier(`${op.names.base}_${label}`, 'pascal', 'Body'), taken));
      return node;
    },
  };
}
