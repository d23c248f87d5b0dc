/**
 * Nothing of the Social Posting API in generic code: every target generated for another spec (Petstore,
 * and an OAI example with other security) carries none of this API's vocabulary — its problem slugs, its
 * rate-limit header names, its resource names, its names for authentication. What the runtimes need of
 * it comes from the spec's extensions (spec/README.md: x-problem-*, x-ratelimit-field, x-auth-label).
 */
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../generator/src/config.ts';
import { loadModel } from '../../generator/src/index.ts';
import { problemsOf } from '../../generator/src/emit/server/table.ts';
import { generateInMemory } from '../helpers/generate.ts';
import { corpusDir, projectSpec } from '../helpers/paths.ts';

const TARGETS = ['types', 'validators', 'client', 'server'] as const;
const CORPUS = ['petstore/petstore-3.0.openapi.yaml', 'petstore/petstore-3.1.design-first.yaml', 'oai-examples/v3.1/tictactoe.yaml'];

/**
 * Words only this API uses (checked case-insensitively), plus every problem slug its spec defines. A word
 * the other spec itself contains is its own vocabulary (Petstore declares an `X-Rate-Limit` header).
 */
const WORDS = ['x-rate-limit', 'bookmark', 'app-only', 'application-only', 'user context', 'user-context', 'social posting', 'social-posting', 'post.fields', 'tweet', '/2/problems', '/2/users'];

let vocabulary: string[] = [];

beforeAll(async () => {
  const { model } = await loadModel(projectSpec);
  const slugs = problemsOf(model).map((p) => p.slug).filter((s) => s !== 'about:blank' && s !== 'conflict');
  expect(slugs).toContain('usage-capped');
  vocabulary = [...WORDS, ...slugs];
}, 60_000);

describe.runIf(existsSync(corpusDir))('output for another spec carries none of this API\'s vocabulary', () => {
  it.each(CORPUS)('%s', async (name) => {
    const files = await generateInMemory(path.join(corpusDir, name), [...TARGETS], {
      format: false,
      packages: { ...DEFAULT_CONFIG.packages, scope: 'acme', names: {} },
    });
    expect(files.size).toBeGreaterThan(20);
    const specText = readFileSync(path.join(corpusDir, name), 'utf8').toLowerCase();
    const found: string[] = [];
    for (const [file, text] of files) {
      const lower = text.toLowerCase();
      for (const word of vocabulary.filter((w) => !specText.includes(w.toLowerCase()))) {
        const at = lower.indexOf(word.toLowerCase());
        if (at !== -1) found.push(`${file}: ${JSON.stringify(word)} in …${text.slice(Math.max(0, at - 40), at + 40).replace(/\n/g, ' ')}…`);
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('would see the vocabulary in this API\'s own output (the check can fail)', async () => {
    const files = await generateInMemory(projectSpec, ['server', 'client'], { format: false });
    const all = [...files.values()].join('\n').toLowerCase();
    for (const word of ['x-rate-limit', 'usage-capped', 'bookmark', 'application-only']) expect(all).toContain(word);
  }, 120_000);
});
