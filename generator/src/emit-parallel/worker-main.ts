/**
 * The emit worker's work (worker.ts starts it, once the compile cache is in place): it spends the time
 * before its request loading the emitters it will run, which is mostly loading the TypeScript compiler that
 * ts-morph bundles. Then it takes one request (the model and the jobs), emits, replies, and ends: its event
 * loop empties, so the compile cache's exit hook writes what this thread compiled.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { builtinRegistry } from '../emit/registry.ts';
import type { TargetEmitter } from '../emit/emitter.ts';
import { emitTarget } from './emit-target.ts';
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

port.once('message', async ({ model, jobs }: EmitRequest) => {
  const reply: EmitReply = { results: [] };
  for (const job of jobs) {
    try {
      const emitter = await emitterOf(job.target);
      reply.results.push({ target: job.target, files: await emitTarget(registry.get(job.target)!, emitter, model, job) });
    } catch (error) {
      reply.results.push({ target: job.target, error: sendError(error) });
      break;
    }
  }
  port.postMessage(reply);
  port.close();
});
