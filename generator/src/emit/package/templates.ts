/**
 * The package templates (template-files.ts) as template functions, with the helpers they print values
 * through. The built command takes them precompiled (precompiled-templates.ts) and loads only Handlebars'
 * runtime: compiling them at run time loaded Handlebars' compiler, parser and source-map modules and took
 * ~80 ms of CPU in every run. From the sources they are compiled here with the same options: the same
 * template functions (test/packages/templates.test.ts holds the two to the same output).
 *
 * Escaping: the templates print values only through these helpers (test/packages/templates.test.ts checks
 * it): `md`, `code`, `codeCell`, `fence`, `sh` and `heading` in the README (markdown.ts); `text` in the
 * LICENSE. Handlebars' own HTML escaping is never used: it is wrong for code spans and for plain text.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mdCode, mdCodeCell, mdFence, mdText, plainText, shellWord } from './markdown.ts';
import { PRECOMPILED, type TemplateSpec } from './precompiled-templates.ts';
import { COMPILE_OPTIONS, TEMPLATE_DIR } from './template-files.ts';

type HandlebarsModule = typeof import('handlebars');

// Through `require`: `handlebars/runtime` has no type declarations of its own, and it is the same
// environment API as the full module's, without the compiler.
const require = createRequire(import.meta.url);

type Environment = ReturnType<HandlebarsModule['create']>;
let runtime: Environment | undefined;
let compiler: Environment | undefined;
const cache = new Map<string, HandlebarsTemplateDelegate>();

/** A Handlebars environment with the templates' helpers: the runtime's alone, or the full module's with the compiler. */
function environment(module: 'handlebars/runtime' | 'handlebars'): Environment {
  const hb = (require(module) as HandlebarsModule).create();
  hb.registerHelper('md', (value: unknown) => mdText(value));
  hb.registerHelper('code', (value: unknown) => mdCode(value));
  hb.registerHelper('codeCell', (value: unknown) => mdCodeCell(value));
  hb.registerHelper('fence', (value: unknown, info: unknown) => mdFence(String(value ?? ''), typeof info === 'string' ? info : ''));
  hb.registerHelper('text', (value: unknown) => plainText(value));
  hb.registerHelper('sh', (value: unknown) => shellWord(value));
  // A markdown heading of `level` (a number the emitter computes, clamped to markdown's six) and escaped text.
  hb.registerHelper('heading', (level: unknown, title: unknown) => `${'#'.repeat(Math.min(Math.max(Number(level) || 1, 1), 6))} ${mdText(title)}`);
  return hb;
}

/** The template function of template file `name` (a file of TEMPLATES): the build's precompiled one, else compiled now. */
export function template(name: string): HandlebarsTemplateDelegate {
  let t = cache.get(name);
  if (!t) {
    const spec = PRECOMPILED?.[name];
    t = spec ? precompiledTemplate(spec) : compileTemplate(name);
    cache.set(name, t);
  }
  return t;
}

/** A precompiled template specification as a template function, on Handlebars' runtime. */
export function precompiledTemplate(spec: TemplateSpec): HandlebarsTemplateDelegate {
  runtime ??= environment('handlebars/runtime');
  return runtime.template(spec);
}

/** Template file `name` compiled now, with the options the build precompiles it with. */
export function compileTemplate(name: string): HandlebarsTemplateDelegate {
  compiler ??= environment('handlebars');
  return compiler.compile(readFileSync(new URL(name, TEMPLATE_DIR), 'utf8'), COMPILE_OPTIONS);
}
