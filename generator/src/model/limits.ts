/** The root `x-limits` extension → LimitModel[] with planned constant names. */
import { appendPointer } from '../load/pointer.ts';
import { isRecord, str } from './values.ts';
import type { NamePlanner } from './naming.ts';
import type { SchemaContext } from './schema-normalize.ts';
import type { LimitModel } from './types.ts';

export function buildLimits(value: unknown, planner: NamePlanner, report: SchemaContext['report']): LimitModel[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report({ code: 'extension-invalid', pointer: '/x-limits', message: 'x-limits must be an array of { name, value, ... } entries' });
    return [];
  }
  const out: LimitModel[] = [];
  const names = new Set<string>();
  value.forEach((entry, i) => {
    const pointer = appendPointer('/x-limits', i);
    if (!isRecord(entry) || typeof entry.name !== 'string' || typeof entry.value !== 'number') {
      report({ code: 'extension-invalid', pointer, message: 'an x-limits entry needs a string `name` and a number `value`' });
      return;
    }
    if (names.has(entry.name)) {
      report({ code: 'extension-invalid', pointer: appendPointer(pointer, 'name'), message: `x-limits name ${JSON.stringify(entry.name)} is used twice` });
      return;
    }
    names.add(entry.name);
    const min = typeof entry.min === 'number' ? entry.min : undefined;
    // An entry with `min` below its `value` and no `max` is the earlier range form (value = maximum).
    const max = typeof entry.max === 'number' ? entry.max : min !== undefined && entry.value > min ? entry.value : undefined;
    if (min !== undefined && max !== undefined && min > max) {
      report({ code: 'extension-invalid', pointer, message: `x-limits ${JSON.stringify(entry.name)}: min ${min} is above max ${max}` });
    }
    out.push({
      name: entry.name,
      constantName: planner.limitConstant(entry.name),
      description: str(entry.description),
      value: entry.value,
      min,
      max,
      bound: min !== undefined && max !== undefined ? 'range' : max !== undefined ? 'cap' : min !== undefined ? 'floor' : undefined,
      default: typeof entry.default === 'number' ? entry.default : undefined,
      unit: str(entry.unit),
      plan: str(entry.plan),
      track: str(entry.track),
      appliesTo: str(entry.appliesTo),
      pointer,
    });
  });
  return out;
}
