/**
 * The emit worker (a worker thread; see emit-worker.ts). The compile cache goes in before anything else is
 * loaded: worker-main.ts imports the emitters, whose static imports load the TypeScript compiler (13 MB of
 * CommonJS), and a static import here would evaluate all that before this module's first statement, so
 * without the cache (measured on GitHub's spec: ~0.4 s of the worker's start compiling TypeScript afresh at
 * a load of ~14, on every run).
 */
import { installCompileCache } from '../compile-cache.ts';

installCompileCache();
await import('./worker-main.ts');
