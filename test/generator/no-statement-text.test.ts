/**
 * Emitters build statements as nodes and the one printer lays them out (issue 25): no emitter of
 * generator/src/emit writes a statement of generated code as a string or template literal. The check reads
 * every emitter source with the TypeScript parser and looks at the text of each string and template literal
 * (a `${…}` placeholder read as a name): a line of it that starts like a statement (`export const`,
 * `import {`, `function f(`, `type T =`, `return`, …) is a statement written as text. Runtime modules
 * (real TypeScript copied into packages) and the validators (their own statement tree, another part of the
 * issue) are not emitters in this sense. What is still text, and why, is listed exactly below.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths.ts';
import { statementLines } from '../helpers/statement-text.ts';

/**
 * Text statements that remain, by file (the README examples, adapters' included, are nodes now). Each entry
 * is the exact line; anything else found fails the test.
 */
const REMAINING: Readonly<Record<string, readonly string[]>> = {
};

/** Emitter sources: generator/src/emit/**\/*.ts, without runtime modules, tests and the validators. */
function emitterFiles(): string[] {
  const root = path.join(repoRoot, 'generator/src/emit');
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const rel = path.relative(root, full).split(path.sep).join('/');
      if (statSync(full).isDirectory()) {
        if (name !== 'runtime' && rel !== 'validators') walk(full);
      } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(rel);
    }
  };
  walk(root);
  return out;
}

describe('no emitter writes a statement as text', () => {
  it('every string and template literal of the emitters is free of statements, but for the listed README examples', () => {
    const files = emitterFiles();
    expect(files.length).toBeGreaterThan(40);
    const found: Record<string, string[]> = {};
    for (const file of files) {
      const lines = statementLines(file, readFileSync(path.join(repoRoot, 'generator/src/emit', file), 'utf8')).filter(
        (line) => !REMAINING[file]?.includes(line),
      );
      if (lines.length) found[file] = lines;
    }
    expect(found).toEqual({});
  });

  it('the listed remainders are still there (delete an entry once it is built as nodes)', () => {
    for (const [file, lines] of Object.entries(REMAINING)) {
      const source = readFileSync(path.join(repoRoot, 'generator/src/emit', file), 'utf8');
      const present = new Set(statementLines(file, source));
      for (const line of lines) expect([file, present.has(line)]).toEqual([file, true]);
    }
  });

  it('finds the statement templates it exists to keep out (the ones issue 25 removed)', () => {
    // A fixed function as text (client problems.ts before), a module template with a constant (server api.ts), a type helper (query).
    const before = [
      'const FUNCTIONS = `/** The slug. */\nexport function problemSlug(value: unknown): ProblemSlug | undefined {\n  return undefined;\n}`;',
      "const api = (head: string, value: string) => `${head}import type { ApiTable } from './runtime/types.js';\n\nexport const API: ApiTable = ${value};\n`;",
      'const HELPERS = `/** The argument of a call. */\nexport type ArgsOf<M extends Method> = Parameters<Client[M]>[0];`;',
      "module.line(`import type { HttpHandler } from 'msw';`);",
      'const body = code`  return createWebHandler(createPipeline(API, validators, handlers));`;',
    ];
    expect(before.map((source) => statementLines('before.ts', source).length)).toEqual([2, 2, 1, 1, 1]);
    // Prose that mentions code mid-line, and the emitters' own import lines, are not statements written as text.
    expect(
      statementLines(
        'prose.ts',
        "const doc = ['Iterates the pages (`for await (const page of ...)`) or their items.'];\nimport { x } from './x.ts';",
      ),
    ).toEqual([]);
  });
});
