/**
 * Target emitters by name, imported on demand: a `--target types` run loads neither the validator
 * compiler nor the client and server runtimes.
 */
import type { TargetEmitter, TargetName } from './emitter.ts';

export async function loadEmitter(target: TargetName): Promise<TargetEmitter> {
  switch (target) {
    case 'types':
      return (await import('./types/index.ts')).typesEmitter;
    case 'validators':
      return (await import('./validators/index.ts')).validatorsEmitter;
    case 'client':
      return (await import('./client/index.ts')).clientEmitter;
    case 'server':
      return (await import('./server/index.ts')).serverEmitter;
  }
}
