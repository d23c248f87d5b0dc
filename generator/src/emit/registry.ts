/**
 * The targets of a run: the four built-ins and the plugins' emitters, all registered the same way
 * (name, declared dependencies, a loader). Built-ins are imported on demand: a `--target types` run loads
 * neither the validator compiler nor the client and server runtimes. `plan` orders the selected targets
 * so each comes after the targets it depends on.
 */
import type { TargetEmitter } from './emitter.ts';
import { TARGETS, type BuiltinTarget } from './targets.ts';

export interface RegisteredTarget {
  name: string;
  dependsOn: readonly string[];
  /** Where it comes from, for messages: `built-in` or the plugin module. */
  origin: string;
  /** Generated only when selected (`targets`, `--target`), not by default. */
  optIn?: boolean;
  load(): Promise<TargetEmitter>;
}

/** A target's name: a folder name and an npm package name segment. */
export const TARGET_NAME = /^[a-z][a-z0-9-]*$/;

export class TargetRegistry {
  readonly #targets = new Map<string, RegisteredTarget>();

  register(target: RegisteredTarget): void {
    if (!TARGET_NAME.test(target.name)) throw new RegistryError(`${target.origin}: the target name ${JSON.stringify(target.name)} is not lowercase letters, digits and dashes`);
    const existing = this.#targets.get(target.name);
    if (existing) throw new RegistryError(`${target.origin}: the target ${JSON.stringify(target.name)} is already registered by ${existing.origin}`);
    this.#targets.set(target.name, target);
  }

  /** Registers an emitter that is already loaded (a plugin's). */
  registerEmitter(emitter: TargetEmitter, origin: string): void {
    this.register({ name: emitter.name, dependsOn: emitter.dependsOn, origin, optIn: emitter.optIn === true, load: async () => emitter });
  }

  names(): string[] {
    return [...this.#targets.keys()];
  }

  /** The targets generated without a selection: every registered one except the opt-in ones. */
  defaults(): string[] {
    return [...this.#targets.values()].filter((t) => !t.optIn).map((t) => t.name);
  }

  get(name: string): RegisteredTarget | undefined {
    return this.#targets.get(name);
  }

  /** The selection with every target a selected one depends on, directly or not (unknown names are left to `plan`). */
  withDependencies(selected: readonly string[]): string[] {
    const all = new Set<string>();
    const add = (name: string): void => {
      if (all.has(name)) return;
      all.add(name);
      for (const dep of this.#targets.get(name)?.dependsOn ?? []) add(dep);
    };
    selected.forEach(add);
    return [...all];
  }

  /**
   * The selected targets in dependency order (registration order among independent ones). Unknown
   * names, dependencies on unregistered targets and cycles are errors.
   */
  plan(selected: readonly string[]): RegisteredTarget[] {
    const unknown = selected.filter((n) => !this.#targets.has(n));
    if (unknown.length) throw new RegistryError(`unknown target${unknown.length === 1 ? '' : 's'} ${unknown.map((u) => JSON.stringify(u)).join(', ')}; choose from ${this.names().join(', ')}`);
    for (const t of this.#targets.values()) {
      for (const dep of t.dependsOn) {
        if (!this.#targets.has(dep)) throw new RegistryError(`${t.origin}: the target ${JSON.stringify(t.name)} depends on ${JSON.stringify(dep)}, which no built-in or plugin provides`);
      }
    }
    const order: RegisteredTarget[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: string, trail: string[]): void => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'visiting') throw new RegistryError(`the targets depend on each other in a cycle: ${[...trail, name].join(' → ')}`);
      state.set(name, 'visiting');
      const t = this.#targets.get(name)!;
      for (const dep of t.dependsOn) visit(dep, [...trail, name]);
      state.set(name, 'done');
      if (selected.includes(name)) order.push(t);
    };
    for (const name of this.names()) if (selected.includes(name)) visit(name, []);
    return order;
  }
}

/** A problem with the registered targets or the selection (the CLI prints it as a usage error). */
export class RegistryError extends Error {}

/** The built-in targets, with their dependencies declared up front so they can be planned unloaded. */
const BUILTINS: Record<BuiltinTarget, { dependsOn: readonly BuiltinTarget[]; load(): Promise<TargetEmitter> }> = {
  types: { dependsOn: [], load: async () => (await import('./types/index.ts')).typesEmitter },
  validators: { dependsOn: ['types'], load: async () => (await import('./validators/index.ts')).validatorsEmitter },
  client: { dependsOn: ['types', 'validators'], load: async () => (await import('./client/index.ts')).clientEmitter },
  server: { dependsOn: ['types', 'validators'], load: async () => (await import('./server/index.ts')).serverEmitter },
};

/**
 * Built-in targets generated only when selected: bindings that need a peer library most users of the four
 * defaults do not have (`@tanstack/query-core`, `msw`, `zod`, `@modelcontextprotocol/sdk`). They are
 * emitters on the plugin API like any user's, and are loaded the same way.
 */
const OPT_IN_BUILTINS: Record<string, { dependsOn: readonly string[]; load(): Promise<TargetEmitter> }> = {
  query: { dependsOn: ['client'], load: async () => (await import('./query/index.ts')).queryEmitter },
  msw: { dependsOn: ['types', 'server'], load: async () => (await import('./msw/index.ts')).mswEmitter },
  // The server adapters (docs/adapters.md): the framework is the output's peer dependency.
  express: { dependsOn: ['server'], load: async () => (await import('./adapters/index.ts')).adapterEmitters.express },
  fastify: { dependsOn: ['server'], load: async () => (await import('./adapters/index.ts')).adapterEmitters.fastify },
  hono: { dependsOn: ['server'], load: async () => (await import('./adapters/index.ts')).adapterEmitters.hono },
  koa: { dependsOn: ['server'], load: async () => (await import('./adapters/index.ts')).adapterEmitters.koa },
  next: { dependsOn: ['server'], load: async () => (await import('./adapters/index.ts')).adapterEmitters.next },
  // Issue 30's zod and mcp targets (peer dependencies `zod`, `@modelcontextprotocol/sdk`).
  zod: { dependsOn: [], load: async () => (await import('./zod/index.ts')).zodEmitter },
  mcp: { dependsOn: ['client', 'zod'], load: async () => (await import('./mcp/index.ts')).mcpEmitter },
};

/** Every built-in target's name: the four defaults, then the opt-in ones. */
export const BUILTIN_TARGET_NAMES: readonly string[] = [...TARGETS, ...Object.keys(OPT_IN_BUILTINS)];

/** A registry holding the four built-in targets and the opt-in built-ins (`query`, `msw`, the server adapters, `zod`, `mcp`). */
export function builtinRegistry(): TargetRegistry {
  const registry = new TargetRegistry();
  const builtins = [...TARGETS.map((name) => [name, BUILTINS[name], false] as const), ...Object.entries(OPT_IN_BUILTINS).map(([name, b]) => [name, b, true] as const)];
  for (const [name, { dependsOn, load }, optIn] of builtins) {
    registry.register({
      name,
      dependsOn,
      origin: 'built-in',
      optIn,
      load: async () => {
        const emitter = await load();
        if (emitter.name !== name || emitter.dependsOn.join() !== dependsOn.join()) throw new Error(`internal: the ${name} emitter does not match its registration`);
        return emitter;
      },
    });
  }
  return registry;
}

/** One built-in emitter by name (for tests and tools that need exactly one). */
export async function loadEmitter(target: BuiltinTarget | 'query' | 'msw' | 'express' | 'fastify' | 'hono' | 'koa' | 'next' | 'zod' | 'mcp'): Promise<TargetEmitter> {
  return builtinRegistry().get(target)!.load();
}
