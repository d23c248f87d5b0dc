/**
 * Loads generated module files (relative path → contents) as a live module: bundled in memory by esbuild
 * (TypeScript → CommonJS, no file system), then evaluated. Test-only.
 */
import { build } from 'esbuild';

/** `packages`: the packages the module may import at run time (by name), e.g. a peer dependency. */
export async function loadModule(files: ReadonlyMap<string, string> | Record<string, string>, entry = 'src/index.ts', packages: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const map = files instanceof Map ? files : new Map(Object.entries(files));
  const result = await build({
    stdin: { contents: map.get(entry)!, loader: 'ts', resolveDir: '/virtual/' + entry.replace(/\/[^/]*$/, ''), sourcefile: entry },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'silent',
    plugins: [
      {
        name: 'virtual',
        setup(b) {
          b.onResolve({ filter: /^\./ }, (args) => {
            const dir = args.resolveDir.replace(/^\/virtual\/?/, '');
            const parts = (dir ? dir.split('/') : []).concat(args.path.split('/'));
            const out: string[] = [];
            for (const p of parts) {
              if (p === '' || p === '.') continue;
              if (p === '..') out.pop();
              else out.push(p);
            }
            const path = out.join('/').replace(/\.js$/, '.ts');
            if (!map.has(path)) return { errors: [{ text: `virtual module not found: ${path}` }] };
            return { path, namespace: 'virtual' };
          });
          b.onResolve({ filter: /^[^.]/ }, (args) => ({ path: args.path, external: true }));
          b.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({ contents: map.get(args.path)!, loader: 'ts', resolveDir: '/virtual/' + args.path.replace(/\/?[^/]*$/, '') }));
        },
      },
    ],
  });
  const js = result.outputFiles[0].text;
  const module = { exports: {} as Record<string, any> };
  new Function('module', 'exports', 'require', js)(module, module.exports, (id: string) => {
    if (Object.hasOwn(packages, id)) return packages[id];
    throw new Error(`generated module requires ${id} at run time`);
  });
  return module.exports;
}

/** Files as a map from an emitter's output. */
export function filesOf(emitted: readonly { path: string; contents: string }[]): Map<string, string> {
  return new Map(emitted.map((f) => [f.path, f.contents]));
}
