/**
 * The package templates precompiled to Handlebars template specifications, by file name. From the sources
 * there are none (templates.ts then compiles the templates at run time); the build replaces this module's
 * compiled output, dist/emit/package/precompiled-templates.js, with one that holds them
 * (scripts/precompile-templates.mjs), so that a run of the command loads only Handlebars' runtime.
 */
import type Handlebars from 'handlebars';

export type TemplateSpec = Parameters<typeof Handlebars.template>[0];

export const PRECOMPILED: Readonly<Record<string, TemplateSpec>> | undefined = undefined;
