/**
 * Dynamic scope for `$dynamicRef` (JSON Schema 2020-12 §8.2.3.2), resolved at generation time: the scope is
 * the set of resources entered on the way to a schema, and what matters of it is, for each dynamic anchor
 * name, the outermost resource that defines it. Functions are specialised per distinct binding set, so
 * the generated code never tracks a scope at run time (documents without `$dynamicAnchor` have one set).
 */
import type { NodeInfo, Resource } from './registry.ts';

export interface DynScope {
  readonly key: string;
  readonly bindings: ReadonlyMap<string, NodeInfo>;
}

export const EMPTY_SCOPE: DynScope = { key: '', bindings: new Map() };

/** The scope after entering `resource`: its dynamic anchors bind names that are not bound yet. */
export function enterResource(scope: DynScope, resource: Resource): DynScope {
  let bindings: Map<string, NodeInfo> | undefined;
  for (const [name, node] of resource.dynamicAnchors) {
    if (scope.bindings.has(name)) continue;
    bindings ??= new Map(scope.bindings);
    bindings.set(name, node);
  }
  if (!bindings) return scope;
  const key = [...bindings].map(([name, node]) => `${JSON.stringify(name)}=${node.id}`).sort().join(',');
  return { key, bindings };
}
