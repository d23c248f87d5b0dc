/**
 * The emit worker's work (worker.ts starts it, once the compile cache is in place): it spends the time
 * before its request loading the emitters it will run, which is mostly loading the TypeScript compiler that
 * ts-morph bundles. Then it takes one request (the model and the jobs), emits, replies, and ends: its event
 * loop empties, so the compile cache's exit hook writes what this thread compiled. The watch's persistent
 * worker (watch-worker.ts) instead answers request after request until it is terminated.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { builtinRegistry } from '../emit/registry.ts';
import type { TargetEmitter } from '../emit/emitter.ts';
import { emitTarget } from './emit-target.ts';
import { JobClaims } from './job-claims.ts';
import { RenderCache } from '../emit/package/render-cache.ts';
import { sendError, type EmitReply, type EmitRequest, type WorkerStart } from './messages.ts';

const port = parentPort!;
const registry = builtinRegistry();
const loading = new Map<string, Promise<TargetEmitter>>();
const emitterOf = (name: string): Promise<TargetEmitter> => {
  let emitter = loading.get(name);
  if (!emitter) {
    const target = registry.get(name);
    emitter = target ? target.load() : Promise.reject(new Error(`internal: ${JSON.stringify(name)} is not a built-in target`));
    loading.set(name, emitter);
  }
  return emitter;
};
// Started now; an error surfaces when the job that needs the emitter awaits it.
for (const name of (workerData as WorkerStart).preload) emitterOf(name).catch(() => {});

/** One request's reply: each job's files in order, up to the first failure; `renders`: the persistent worker's. */
async function answer({ model, jobs, claims }: EmitRequest, renders?: RenderCache): Promise<EmitReply> {
  const reply: EmitReply = { results: [] };
  const claimed = claims && new JobClaims(claims);
  for (const [i, job] of jobs.entries()) {
    // Taken back by the main thread (it was idle first): it emits this job, the reply leaves it out.
    if (claimed && !claimed.claimForWorker(i)) continue;
    try {
      const emitter = await emitterOf(job.target);
      reply.results.push({ target: job.target, files: await emitTarget(registry.get(job.target)!, emitter, model, job, renders) });
    } catch (error) {
      reply.results.push({ target: job.target, error: sendError(error) });
      break;
    }
  }
  return reply;
}

if ((workerData as WorkerStart).persistent) {
  // The watch's worker: one request after another (the main thread sends the next only after the reply),
  // each reply carrying its request's id; it lives until the main thread terminates it. The package files'
  // renderings are kept from one request to the next (emit/package/render-cache.ts).
  const renders = new RenderCache();
  port.on('message', async (request: EmitRequest) => {
    renders.nextRun();
    port.postMessage({ ...(await answer(request, renders)), id: request.id });
  });
} else {
  port.once('message', async (request: EmitRequest) => {
    port.postMessage(await answer(request));
    port.close();
  });
}
