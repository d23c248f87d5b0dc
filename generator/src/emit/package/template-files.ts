/**
 * Where the package templates are and how they are compiled: shared by the run (templates.ts) and the
 * build that precompiles them (scripts/precompile-templates.mjs), so both make the same template functions.
 */

/** `generator/templates/`, shipped with the package (the same place from src/ and from dist/). */
export const TEMPLATE_DIR = new URL('../../../templates/', import.meta.url);

/** The template files, by output file. */
export const TEMPLATES = {
  'README.md': 'README.md.hbs',
  LICENSE: 'LICENSE.hbs',
} as const;

/** strict: a name the view does not have is an error, not an empty string. */
export const COMPILE_OPTIONS = { strict: true } as const;
