/**
 * Base/revision pairs of the oasdiff corpus, by name: `x_base.yaml` ↔ `x_revision.yaml`, `x-base.yaml` ↔
 * `x-revision.yaml`, `base-x.yaml` ↔ `revision-x.yaml`, `base.yaml` ↔ `revision.yaml`, `base/…` ↔ `revision/…`,
 * `x-base-openapi.yml` ↔ `x-rev-openapi.yml`, `baseswagger.json` ↔ `revisionswagger.json`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sharedCorpusDir } from '../helpers/paths.ts';

export const CORPUS = path.join(sharedCorpusDir, 'oasdiff-data/data');

export interface CorpusPair {
  name: string;
  base: string;
  revision: string;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ya?ml|json)$/i.test(entry)) out.push(full);
  }
  return out;
}

/** Every pair found, sorted by name. */
export function corpusPairs(root = CORPUS): CorpusPair[] {
  if (!existsSync(root)) return [];
  const pairs = new Map<string, CorpusPair>();
  for (const file of walk(root)) {
    const rel = path.relative(root, file);
    // Replace one `base` token (delimited by / _ - . or the start of a name) with revision spellings.
    const re = /(^|[\/_.-])base(?=[\/_.-]|swagger)/g;
    for (const m of rel.matchAll(re)) {
      const at = m.index! + m[1].length;
      for (const word of ['revision', 'rev']) {
        const candidate = rel.slice(0, at) + word + rel.slice(at + 4);
        const full = path.join(root, candidate);
        if (candidate !== rel && existsSync(full)) {
          const name = rel.replace(/\.(ya?ml|json)$/i, '');
          pairs.set(name, { name, base: file, revision: full });
        }
      }
    }
  }
  return [...pairs.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}
