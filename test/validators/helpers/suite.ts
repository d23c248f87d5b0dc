/**
 * Runs JSON-Schema-Test-Suite files through the validators compiler: each test group's schema becomes a
 * standalone module (remote references served from the suite's `remotes/` folder), each instance is
 * checked with `validate` (all errors and first error) and with the `is` guard, which must all agree.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitStandalone } from '../../../generator/src/emit/validators/module/standalone.ts';
import { filesOf, loadModule } from './load-module.ts';
import { sharedCorpusDir } from '../../helpers/paths.ts';

export const SUITE = join(sharedCorpusDir, 'json-schema-test-suite');
export const DRAFT = join(SUITE, 'tests/draft2020-12');

interface SuiteTest { description: string; data: unknown; valid: boolean }
interface SuiteGroup { description: string; schema: unknown; tests: SuiteTest[] }

export interface TestOutcome {
  file: string;
  group: string;
  test: string;
  passed: boolean;
  detail?: string;
}

const META = fileURLToPath(new URL('../../../node_modules/ajv/dist/refs/json-schema-2020-12/', import.meta.url));

/** Remote documents: the suite's `remotes/` as `http://localhost:1234/`, and the 2020-12 meta-schemas. */
export function remote(uri: string): unknown {
  const prefixes: [string, string][] = [
    ['http://localhost:1234/', join(SUITE, 'remotes')],
    ['https://json-schema.org/draft/2020-12/', META],
  ];
  for (const [prefix, dir] of prefixes) {
    if (!uri.startsWith(prefix)) continue;
    let path = join(dir, uri.slice(prefix.length));
    if (!path.endsWith('.json')) path += '.json';
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  }
  return undefined;
}

export function suiteFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
}

/**
 * Runs one suite file; `formats` asserts formats (optional/format) or not (the main folder); `propertyTables`
 * false compiles every property test of the errors functions (CompilerOptions.propertyTables).
 */
export async function runSuiteFile(path: string, name: string, formats: boolean, propertyTables?: boolean): Promise<TestOutcome[]> {
  const groups = JSON.parse(readFileSync(path, 'utf8')) as SuiteGroup[];
  const out: TestOutcome[] = [];
  for (const g of groups) {
    let mod: Record<string, any>;
    try {
      const files = filesOf(emitStandalone(g.schema, { retrieve: remote, propertyTables }));
      // The entry's compiled functions, whatever they are named (a root that is only a $ref is its target's).
      const names = /import \{ ([^}]*) \} from "\.\/compiled\.js"/.exec(files.get('src/index.ts')!)![1].split(', ');
      const check = names.find((n) => n.startsWith('_v'))!;
      // One function serves both modes (compiled without `E`, it is the check) unless the entry has collectors.
      const errors = names.find((n) => n.startsWith('_e')) ?? check;
      files.set('src/test-entry.ts', `export * from "./index.js";\nexport { ${check} as check, ${errors} as errors } from "./compiled.js";\nexport { _opts, _plain } from "./runtime.js";\n`);
      mod = await loadModule(files, 'src/test-entry.ts');
    } catch (e) {
      for (const t of g.tests) out.push({ file: name, group: g.description, test: t.description, passed: false, detail: `compile: ${(e as Error).message}` });
      continue;
    }
    for (const t of g.tests) {
      let detail: string | undefined;
      try {
        const all = mod.validateRoot(t.data, { formats });
        const first = mod.validateRoot(t.data, { formats, allErrors: false });
        const o = mod._opts({ formats }, false);
        const check = mod.check(t.data, o);
        // Bits 16+32: errors walk without the check-first prefilters. The copy without prototypes is what
        // the callers hand the compiled functions under prototype pollution (runtime `_input`).
        const saturated = mod.errors(t.data, o | 48, '', []);
        const copy = mod._plain(t.data);
        const strict = mod.errors(copy, o, '', []) && mod.check(copy, o);
        if (all.valid !== t.valid) detail = `validate says ${all.valid}`;
        else if (first.valid !== t.valid) detail = `validate(allErrors: false) says ${first.valid}`;
        else if (check !== t.valid) detail = `check function says ${check}`;
        else if (formats && mod.isRoot(t.data) !== t.valid) detail = `is says ${!t.valid}`;
        else if (saturated !== t.valid) detail = `errors walk without prefilter says ${saturated}`;
        else if (strict !== t.valid) detail = `prototype-free copy says ${strict}`;
        else if (!all.valid && (!all.errors.length || !first.errors.length)) detail = 'invalid without errors';
      } catch (e) {
        detail = `threw: ${(e as Error).message}`;
      }
      out.push({ file: name, group: g.description, test: t.description, passed: detail === undefined, detail });
    }
  }
  return out;
}
