/**
 * The watch's parse cache (load/read.ts ParseCache): loading again with it gives the same spec as a fresh
 * load (loading mutates what it parses, so the cache must hand out untouched copies), and an edited file
 * is parsed again.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/src/load/index.ts';
import type { ParseCache } from '../../generator/src/load/read.ts';
import { projectSpec, tempDir } from '../helpers/paths.ts';
import { writePipelineSpec, writeThing } from '../pipeline/helpers.ts';

const tmp = tempDir('socialgen-parse-cache-');
afterAll(() => tmp.remove());

describe('parse cache', () => {
  it('a second load through the cache equals a fresh load (the split project spec)', async () => {
    const cache: ParseCache = new Map();
    const fresh = await loadSpec(projectSpec);
    const first = await loadSpec(projectSpec, { parseCache: cache });
    expect(cache.size).toBeGreaterThan(5);
    const second = await loadSpec(projectSpec, { parseCache: cache });
    expect(JSON.stringify(second.document)).toBe(JSON.stringify(fresh.document));
    expect(JSON.stringify(first.document)).toBe(JSON.stringify(fresh.document));
    expect(second.document).not.toBe(first.document);
  });

  it('an edited file is read again, an unchanged one comes from the cache', async () => {
    const cache: ParseCache = new Map();
    const spec = writePipelineSpec(tmp.dir);
    await loadSpec(spec, { parseCache: cache });
    const rootEntry = cache.get(path.join(tmp.dir, 'api.yaml'));
    writeThing(tmp.dir, 'colour: { type: string }');
    const again = await loadSpec(spec, { parseCache: cache });
    expect(JSON.stringify(again.document)).toContain('colour');
    expect(cache.get(path.join(tmp.dir, 'api.yaml'))).toBe(rootEntry);
    writeFileSync(path.join(tmp.dir, 'thing.yaml'), 'type: object\nproperties:\n  id: { type: string\n');
    await expect(loadSpec(spec, { parseCache: cache })).rejects.toThrow();
  });
});
