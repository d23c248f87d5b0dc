/**
 * Formatting generated files with prettier, with fixed options: the output must not depend on a prettier
 * config that happens to be lying around, so none is read.
 */
import type { Options } from 'prettier';
import type { EmittedFile } from '../emit/emitter.ts';

export const PRETTIER_OPTIONS: Options = {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: true,
  trailingComma: 'all',
  bracketSpacing: true,
  arrowParens: 'always',
  endOfLine: 'lf',
  proseWrap: 'preserve',
};

const PARSERS = { typescript: 'typescript', json: 'json', markdown: 'markdown' } as const;

export async function formatFile(file: EmittedFile): Promise<string> {
  const text = file.contents.endsWith('\n') ? file.contents : file.contents + '\n';
  if (file.format === 'none') return text;
  const prettier = await import('prettier');
  return prettier.format(text, { ...PRETTIER_OPTIONS, parser: PARSERS[file.format] });
}
