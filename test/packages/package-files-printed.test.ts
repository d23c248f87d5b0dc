/**
 * package.json, tsconfig.json and README.md are printed as prettier prints them (the printer's layouts,
 * codegen/json-layout.ts and markdown-layout.ts), so a default run needs no prettier for them: generated WITHOUT the format stage, they
 * are already what prettier makes of them. (test/print/prettier-clean.test.ts checks, with the format stage,
 * that nothing claimed formatted is wrong on every fixture and corpus spec.)
 */
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../generator/src/config.ts';
import { generate } from '../../generator/src/pipeline.ts';
import { PRETTIER_OPTIONS } from '../../generator/src/write/format.ts';
import { corpusDir, projectSpec, repoRoot } from '../helpers/paths.ts';

const PARSERS: Record<string, string> = { 'package.json': 'json', 'tsconfig.json': 'json', 'README.md': 'markdown' };

describe('package files need no formatting pass', () => {
  it.each([
    ['the project spec', projectSpec],
    ['Petstore 3.0', path.join(corpusDir, 'petstore/petstore-3.0.openapi.yaml')],
    ['Petstore 3.1 (JSON)', path.join(corpusDir, 'petstore/petstore-3.1.code-first.json')],
  ])('%s', { timeout: 120_000 }, async (_, spec) => {
    const config = resolveConfig({ spec, targets: ['types', 'validators', 'client', 'server'] }, repoRoot);
    config.format = false;
    const result = await generate(config);
    let checked = 0;
    for (const [file, text] of result.files) {
      const parser = PARSERS[path.basename(file)];
      if (!parser) continue;
      checked++;
      expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser }), file).toBe(text);
    }
    expect(checked).toBe(12);
  });
});
