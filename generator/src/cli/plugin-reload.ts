/**
 * What `generate --watch` does so that an edit anywhere in a local plugin's own code — the plugin's file or
 * any local module it imports, however deep — is imported again at the next run.
 *
 * ESM keeps a module for the life of the process under its URL and has no way to evict it, so a module is
 * imported again by importing it under a new URL: each plugin is imported as `plugin.js?socialgen-reload=N`
 * (emit/plugins.ts), and a resolve hook (module.register, in Node's hooks thread) gives every local file
 * that a module so marked imports the same mark. A plugin's whole local graph therefore comes as a fresh
 * copy when its N changes, and the hook reports each file of the graph it sees, which the watch then
 * watches too. Packages (anything under node_modules) and `node:` modules are left alone: imported once.
 *
 * The cost: the copies replaced stay in memory for the life of the watch (ESM cannot drop them): each
 * reload of a plugin keeps one more copy of that plugin's local modules, and only that plugin's (N is per
 * plugin, changed only when a file of its own graph changed). Modules loaded with `require` (CommonJS) are
 * cached by require and not imported again. The hooks need Node 20.6+ (module.register); on an older Node
 * only the plugin's own file is imported again, as before.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { localPluginFile, type PluginRef } from '../emit/plugins.ts';

/** Runs in Node's module hooks thread; a data: URL, so it needs no file of its own next to the compiled CLI. */
const HOOKS = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  const parent = context.parentURL;
  const mark = parent && parent.startsWith('file:') ? /[?&]socialgen-reload=(\\d+)/.exec(parent) : null;
  if (!mark || !result.url.startsWith('file:')) return result;
  const url = new URL(result.url);
  if (url.search || url.pathname.includes('/node_modules/')) return result;
  port.postMessage({ url: url.href, mark: Number(mark[1]) });
  url.search = '?socialgen-reload=' + mark[1];
  return { ...result, url: url.href };
}
`;

export interface PluginReloads {
  /** The plugins as this run imports them: each under its current mark. */
  marked(plugins: readonly PluginRef[]): PluginRef[];
  /** Files changed since the last run: the plugins whose graph has one are imported again. True if any. */
  changed(files: ReadonlySet<string>): boolean;
  /** Every local file of the plugins' graphs (their own files included), to watch. */
  files(plugins: readonly PluginRef[]): string[];
  /** Called with each file of a plugin graph the first time it is seen. */
  onFile(listener: (file: string) => void): void;
}

const keyOf = (p: PluginRef): string => `${p.baseDir}\0${p.specifier}`;

/** The hook's reports arrive here; null when this Node has no module.register. Registered once per process. */
let hooksPort: MessagePort | null | undefined;

async function registerHooks(): Promise<MessagePort | null> {
  if (hooksPort !== undefined) return hooksPort;
  const { register } = (await import('node:module')) as { register?: (specifier: string, options: object) => void };
  if (typeof register !== 'function') return (hooksPort = null);
  const { port1, port2 } = new MessageChannel();
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: { port: port2 }, transferList: [port2] });
  return (hooksPort = port1);
}

export async function pluginReloads(): Promise<PluginReloads> {
  const port = await registerHooks();
  let counter = 0;
  /** Each plugin's current mark (its N), and which plugin a mark is. */
  const marks = new Map<string, number>();
  const owners = new Map<number, string>();
  /** The local files each plugin's graph was seen to import (its own file is added when asked). */
  const graphs = new Map<string, Set<string>>();
  const listeners: ((file: string) => void)[] = [];
  const newMark = (key: string): number => {
    const mark = ++counter;
    owners.delete(marks.get(key)!); // an old copy still importing lazily reports nothing
    marks.set(key, mark);
    owners.set(mark, key);
    graphs.set(key, new Set());
    return mark;
  };
  port?.on('message', ({ url, mark }: { url: string; mark: number }) => {
    const key = owners.get(mark);
    if (key === undefined) return;
    const file = fileURLToPath(url);
    const graph = graphs.get(key)!;
    if (graph.has(file)) return;
    graph.add(file);
    for (const listener of listeners) listener(file);
  });
  // Listening refs the port again; it must not keep the process alive once the watch stops.
  port?.unref();
  return {
    marked: (plugins) => plugins.map((p) => ({ ...p, reload: marks.get(keyOf(p)) ?? newMark(keyOf(p)) })),
    changed(files) {
      let any = false;
      for (const [key, graph] of graphs) {
        const own = ownFile(key);
        if ((own !== undefined && files.has(own)) || [...graph].some((f) => files.has(f))) {
          newMark(key);
          any = true;
        }
      }
      return any;
    },
    files(plugins) {
      const out = new Set<string>();
      for (const p of plugins) {
        const own = localPluginFile(p);
        if (own !== undefined) out.add(own);
        for (const f of graphs.get(keyOf(p)) ?? []) out.add(f);
      }
      return [...out];
    },
    onFile: (listener) => void listeners.push(listener),
  };

  function ownFile(key: string): string | undefined {
    const [baseDir, specifier] = key.split('\0') as [string, string];
    return localPluginFile({ baseDir, specifier });
  }
}
