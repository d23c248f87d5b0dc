/** The feature fixtures under test/fixtures/specs: `<name>.yaml|json`, or a folder `<name>/openapi.yaml`. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fixtureSpecsDir } from './paths.ts';

export interface Fixture {
  name: string;
  /** The root spec file. */
  spec: string;
  /** `<name>.check.ts` next to it: type-level facts, compiled against `./types/src/index.js`. */
  check?: string;
}

export function featureFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const entry of readdirSync(fixtureSpecsDir).sort()) {
    const abs = path.join(fixtureSpecsDir, entry);
    let name: string;
    let spec: string;
    if (statSync(abs).isDirectory()) {
      spec = path.join(abs, 'openapi.yaml');
      if (!existsSync(spec)) continue;
      name = entry;
    } else if (/\.(ya?ml|json)$/.test(entry)) {
      spec = abs;
      name = entry.replace(/\.(ya?ml|json)$/, '');
    } else continue;
    const check = path.join(fixtureSpecsDir, `${name}.check.ts`);
    out.push({ name, spec, check: existsSync(check) ? check : undefined });
  }
  return out;
}

export function fixture(name: string): Fixture {
  const found = featureFixtures().find((f) => f.name === name);
  if (!found) throw new Error(`no fixture named ${name} in ${fixtureSpecsDir}`);
  return found;
}
