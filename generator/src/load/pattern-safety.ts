/**
 * Patterns checked once, at load: a schema `pattern` (or `patternProperties` key) whose regular expression
 * can backtrack exponentially — `^(a+)+$`, `^(\w+\s?)*$` — is a warning at its place in the spec, so its
 * author learns it before a request exploits it in a generated validator or server.
 *
 * The analysis is scslre's (the library behind eslint-plugin-regexp's ReDoS rule): it finds quantifiers an
 * attacker can make ambiguous with a repeated character. Only exponential cases are reported; polynomial
 * ones (`.*a.*a`, an unanchored `\s*x\s*$`) are common in real specs and would drown the warning.
 */
import type { Report } from 'scslre';
import { createRequire } from 'node:module';
import type { Diagnostic } from './diagnostics.ts';

/** Subtrees whose values are data, not schemas: a `pattern` member there is not a regular expression. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Members whose keys are names chosen by the author (a property may be called `example` or `pattern`). */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'schemas', 'dependentSchemas']);

let loaded: typeof import('scslre') | undefined;
/** scslre (and refa under it, ~300 ms to import) is loaded on the first pattern worth analysing. */
function scslre(): typeof import('scslre') {
  loaded ??= createRequire(import.meta.url)('scslre') as typeof import('scslre');
  return loaded;
}

/** What is wrong with one pattern, or undefined when it cannot blow up (or is not a valid `u` regex: the meta-schema's concern). */
export function exponentialBacktracking(pattern: string): string | undefined {
  const { analyse } = scslre();
  let reports: Report[];
  try {
    reports = analyse({ source: pattern, flags: 'u' }, { maxReports: 1, reportTypes: { Move: false } }).reports;
  } catch {
    try {
      reports = analyse({ source: pattern, flags: '' }, { maxReports: 1, reportTypes: { Move: false } }).reports;
    } catch {
      return undefined;
    }
  }
  const report = reports.find((r) => r.exponential);
  if (!report) return undefined;
  const where =
    report.type === 'Self'
      ? `\`${report.quant.raw}\` repeated inside \`${report.parentQuant.raw}\``
      : report.type === 'Trade'
        ? `\`${report.startQuant.raw}\` next to \`${report.endQuant.raw}\``
        : `\`${report.quant.raw}\``;
  const attack = JSON.stringify(report.character.pick.repeat(3) + '…');
  return `pattern ${JSON.stringify(pattern)} can backtrack exponentially (${where} match the same text many ways, e.g. ${attack} followed by a mismatch): a long input can stall a validator; make the repetitions unambiguous`;
}

/**
 * Only a quantified group — `(…)*`, `(…)+`, `(…){2,}` — can nest or chain the repetitions exponential
 * backtracking needs, so other patterns skip the analysis (and a spec without any never loads it).
 */
const QUANTIFIED_GROUP = /\)(?:[*+]|\{\d*,\d*\})/;

/** Where a node sits: a chain of keys, turned into a JSON pointer only when a warning needs one. */
interface Place {
  parent: Place | undefined;
  key: string;
}

function pointerOf(place: Place | undefined): string {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key.replace(/~/g, '~0').replace(/\//g, '~1'));
  return keys.length ? '/' + keys.reverse().join('/') : '';
}

/** A warning per `pattern` / `patternProperties` key of the document that can backtrack exponentially. */
export function patternWarnings(document: unknown): Diagnostic[] {
  const out: Diagnostic[] = [];
  const verdicts = new Map<string, string | undefined>();
  const check = (pattern: string, place: Place) => {
    if (!QUANTIFIED_GROUP.test(pattern)) return;
    if (!verdicts.has(pattern)) verdicts.set(pattern, exponentialBacktracking(pattern));
    const message = verdicts.get(pattern);
    if (message) out.push({ severity: 'warning', code: 'pattern-redos', pointer: pointerOf(place), message });
  };
  const seen = new Set<object>();
  const stack: Array<[unknown, Place | undefined, boolean]> = [[document, undefined, false]];
  while (stack.length) {
    const [node, at, names] = stack.pop()!;
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (typeof node[i] === 'object') stack.push([node[i], { parent: at, key: String(i) }, false]);
      continue;
    }
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      if (names) {
        stack.push([value, { parent: at, key }, false]);
        continue;
      }
      if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
      if (key === 'pattern' && typeof value === 'string') check(value, { parent: at, key });
      else if (typeof value !== 'object' || value === null) continue;
      else {
        if (key === 'patternProperties' && !Array.isArray(value)) {
          const here = { parent: at, key };
          for (const name of Object.keys(value)) check(name, { parent: here, key: name });
        }
        stack.push([value, { parent: at, key }, NAME_MAPS.has(key)]);
      }
    }
  }
  return out.sort((x, y) => (x.pointer! < y.pointer! ? -1 : x.pointer! > y.pointer! ? 1 : 0));
}
