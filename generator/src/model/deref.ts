/** Following `$ref`s in non-schema positions (path items, parameters, responses, bodies, headers). */
import { getAtPointer, parsePointer, toPointer } from '../load/pointer.ts';

export interface Dereferenced {
  value: unknown;
  /** Pointer of the object finally reached. */
  pointer: string;
  /** `components.<kind>.<name>` name when the first reference was to a component. */
  componentName?: string;
}

export function deref(document: unknown, value: unknown, pointer: string): Dereferenced | { error: string; pointer: string } {
  let current = value;
  let at = pointer;
  let componentName: string | undefined;
  for (let hops = 0; ; hops++) {
    if (current === null || typeof current !== 'object' || typeof (current as { $ref?: unknown }).$ref !== 'string') {
      return { value: current, pointer: at, componentName };
    }
    if (hops > 32) return { error: 'circular $ref chain', pointer };
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith('#')) return { error: `unresolvable $ref ${JSON.stringify(ref)}`, pointer: at };
    const segments = parsePointer(ref);
    if (componentName === undefined && segments[0] === 'components' && segments.length === 3) componentName = segments[2];
    const target = getAtPointer(document, segments);
    if (target === undefined) return { error: `unresolvable $ref ${JSON.stringify(ref)}: nothing at that location`, pointer: at + '/$ref' };
    current = target;
    at = toPointer(segments);
  }
}
