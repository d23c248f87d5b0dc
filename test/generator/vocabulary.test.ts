/**
 * Nothing of the Social Posting API in generic code: every target generated for another spec (Petstore,
 * and an OAI example with other security) carries none of this API's vocabulary — its problem slugs, its
 * rate-limit header names, its resource names, its names for authentication. What the runtimes need of
 * it comes from the spec's extensions (spec/README.md: x-problem-*, x-ratelimit-field, x-auth-label).
 * The generator's own code says none of it either (a default spec path, a help text, an example in a
 * message): every string, template and name in generator/src and generator/bin is scanned, comments
 * aside (they may cite this API as an example of what a rule does), with no exception.
 */
import path from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../generator/src/config.ts';
import { loadModel } from '../../generator/src/index.ts';
import { problemsOf } from '../../generator/src/emit/server/table.ts';
import { generateInMemory } from '../helpers/generate.ts';
import { corpusDir, projectSpec, repoRoot } from '../helpers/paths.ts';

const TARGETS = ['types', 'validators', 'client', 'server'] as const;
const CORPUS = ['petstore/petstore-3.0.openapi.yaml', 'petstore/petstore-3.1.design-first.yaml', 'oai-examples/v3.1/tictactoe.yaml'];

/**
 * Words only this API uses (checked case-insensitively), plus every problem slug its spec defines. A word
 * the other spec itself contains is its own vocabulary (Petstore declares an `X-Rate-Limit` header).
 */
const WORDS = ['x-rate-limit', 'bookmark', 'app-only', 'application-only', 'user context', 'user-context', 'social posting', 'social-posting', 'post.fields', 'tweet', '/2/problems', '/2/users'];

let vocabulary: string[] = [];
let roles = new Set<string>();

beforeAll(async () => {
  const { model } = await loadModel(projectSpec);
  const problems = problemsOf(model);
  const slugs = problems.map((p) => p.slug).filter((s) => s !== 'about:blank' && s !== 'conflict');
  roles = new Set(problems.flatMap((p) => (p.role === p.slug ? [p.role] : [])));
  expect([...roles].sort()).toEqual(['invalid-request', 'unsupported-authentication']);
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
    for (const word of ['x-rate-limit', 'usage-capped', 'bookmark', 'app-only']) expect(all).toContain(word);
  }, 120_000);
});

/** The strings, template pieces, regular expressions and names of a module: its code without comments. */
function codeTexts(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.ts') || file.endsWith('.mts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node)) texts.push(node.text);
    else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(m|c)?[jt]s$/.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.mts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Occurrences of the vocabulary in a module's code, as `file: "word" in "…text…"`. */
function vocabularyIn(file: string, text: string, words: readonly string[]): string[] {
  const found: string[] = [];
  for (const piece of codeTexts(file, text)) {
    const lower = piece.toLowerCase();
    for (const word of words) if (lower.includes(word.toLowerCase())) found.push(`${path.relative(repoRoot, file)}: ${JSON.stringify(word)} in ${JSON.stringify(piece.slice(0, 120))}`);
  }
  return found;
}

describe('generic generator code carries none of this API\'s vocabulary', () => {
  /** This API's own spec file name too: a default spec path or an example naming it is this API's vocabulary. */
  // A slug that is also its variant's `x-problem-role` value is socialgen's word (the extension's roles,
  // which any spec may use; this one names its slugs after them), not this API's.
  const words = () => [...new Set([...vocabulary.filter((w) => !roles.has(w)), path.basename(projectSpec), path.basename(projectSpec).replace(/\..*$/, '')])];

  it('no string, template, regex or name in generator/src or generator/bin says it (comments aside)', () => {
    const files = [...sourceFiles(path.join(repoRoot, 'generator/src')), ...sourceFiles(path.join(repoRoot, 'generator/bin'))];
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) => vocabularyIn(file, readFileSync(file, 'utf8'), words()));
    expect(found).toEqual([]);
  });

  it('would see it in code, and not in a comment (the check can fail)', () => {
    const code = [
      "/** Default: spec/social-posting.openapi.yaml (a comment may cite it). */",
      "export const DEFAULT = { spec: 'spec/social-posting.openapi.yaml' };",
      "const help = `e.g. git:origin/main:${'x'}/social-posting.openapi.yaml`;",
      'function readBookmarks() {}',
      "const slug = /usage-capped$/;",
    ].join('\n');
    const found = vocabularyIn(path.join(repoRoot, 'generator/src/x.ts'), code, words());
    expect(found.map((f) => f.replace(/ in .*/, ''))).toEqual([
      'generator/src/x.ts: "social-posting"',
      'generator/src/x.ts: "social-posting.openapi.yaml"',
      'generator/src/x.ts: "social-posting"',
      'generator/src/x.ts: "social-posting.openapi.yaml"',
      'generator/src/x.ts: "bookmark"',
      'generator/src/x.ts: "usage-capped"',
    ]);
  });
});
