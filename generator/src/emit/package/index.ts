/**
 * The text files that make a target folder a publishable package — package.json, README.md, LICENSE and
 * the build's tsconfig.json — rendered from the handlebars templates in `generator/templates/` (shipped with the package).
 *
 * Escaping: the templates print values only through helpers (test/packages/templates.test.ts checks it):
 * `json` (JSON.stringify) in package.json and tsconfig.json; `md`, `code`, `codeCell`, `fence` and `sh` in
 * the README (markdown.ts); `text` in the LICENSE. Handlebars' own HTML escaping is never used: it is wrong
 * for JSON, for code spans and for plain text.
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { ApiModel } from '../../model/types.ts';
import type { BuiltinTarget, EmitContext, EmittedFile, TargetEmitter } from '../emitter.ts';
import { TARGETS } from '../emitter.ts';
import { mdCode, mdCodeCell, mdFence, mdText, plainText, shellWord } from './markdown.ts';
import { examplePrinted, packageExample } from './examples.ts';
import { prettyJson } from './json-print.ts';
import { prettyMarkdown } from './markdown-print.ts';

const TEMPLATE_DIR = new URL('../../../templates/', import.meta.url);

/** The template files, by output file. */
export const TEMPLATES = {
  'package.json': 'package.json.hbs',
  'tsconfig.json': 'tsconfig.json.hbs',
  'README.md': 'README.md.hbs',
  LICENSE: 'LICENSE.hbs',
} as const;

/** The helpers each template may print values with (test/packages/templates.test.ts enforces it). */
export const TEMPLATE_HELPERS: Record<keyof typeof TEMPLATES, readonly string[]> = {
  'package.json': ['json'],
  'tsconfig.json': ['json'],
  'README.md': ['md', 'code', 'codeCell', 'fence', 'sh'],
  LICENSE: ['text'],
};

const hb = Handlebars.create();
hb.registerHelper('json', (value: unknown) => JSON.stringify(value ?? null));
hb.registerHelper('md', (value: unknown) => mdText(value));
hb.registerHelper('code', (value: unknown) => mdCode(value));
hb.registerHelper('codeCell', (value: unknown) => mdCodeCell(value));
hb.registerHelper('fence', (value: unknown, info: unknown) => mdFence(String(value ?? ''), typeof info === 'string' ? info : ''));
hb.registerHelper('text', (value: unknown) => plainText(value));
hb.registerHelper('sh', (value: unknown) => shellWord(value));
const cache = new Map<string, HandlebarsTemplateDelegate>();

function template(name: string): HandlebarsTemplateDelegate {
  let t = cache.get(name);
  if (!t) {
    // strict: a name the view does not have is an error, not an empty string.
    t = hb.compile(readFileSync(new URL(name, TEMPLATE_DIR), 'utf8'), { strict: true });
    cache.set(name, t);
  }
  return t;
}

const SUMMARIES: Record<BuiltinTarget, string> = {
  types: 'TypeScript types for every schema and operation of the API, and its documented limits as constants.',
  validators: 'Compiled, dependency-free runtime validators for every schema and operation of the API.',
  client: 'A typed HTTP client for every operation of the API, on Web-standard fetch, with no runtime dependency.',
  server: 'Typed server stubs for the API on Web-standard Request/Response, validating every request, plus a Node adapter and a mock server.',
};

/** The headings of the operation list: what an operation is in each package. */
const OPERATION_COLUMNS: Record<BuiltinTarget, { heading: string; column: string }> = {
  types: { heading: 'Operations', column: 'Types prefix' },
  validators: { heading: 'Operations', column: 'Validators prefix' },
  client: { heading: 'Methods', column: 'Method' },
  server: { heading: 'Handlers', column: 'Handler' },
};

/** The TypeScript and Node.js types versions the generated packages are built with (devDependencies). */
const TYPESCRIPT_RANGE = '^5.9.0';
const TYPES_NODE_RANGE = '^20.19.0';

export interface PackageOptions {
  /** SPDX identifier or name of the generated packages' license. */
  license: string;
  /** Copyright holder named in an MIT LICENSE. */
  licenseHolder: string;
}

/**
 * The version of every generated package, from the spec's `info.version` and the generator-controlled
 * `patch` (config `packages.patch`, default 0). The rule (docs/pipeline.md, "Versioning"):
 *
 * - `MAJOR` or `MAJOR.MINOR` (`2.166`)           → `MAJOR.MINOR.patch`            (`2.166.0`)
 * - `MAJOR.MINOR.PATCH` (`1.2.3`)                 → `MAJOR.MINOR.(PATCH×1000+patch)` (`1.2.3000`)
 * - a semver prerelease (`1.2.3-rc.1`)            → kept after that                (`1.2.3000-rc.1`)
 * - a date (`2024-05-17`, `2024.05.17`)           → `YEAR.MMDD.patch`              (`2024.517.0`)
 * - anything else (`latest`, ``)                  → `0.0.patch`
 *
 * A leading `v` is ignored. The spec's version decides major and minor, so a spec change is a new minor or
 * major; the patch counts regenerations of the same spec (raise it when a newer socialgen changes the
 * output), and stays below 1000 so it never reaches the spec's own patch.
 */
export function packageVersion(specVersion: string, patch: number): string {
  if (!Number.isInteger(patch) || patch < 0 || patch > 999) throw new RangeError(`packages.patch must be a whole number from 0 to 999, got ${patch}`);
  const v = specVersion.trim().replace(/^v(?=\d)/i, '');
  const date = /^(\d{4})[-.](\d{2})[-.](\d{2})$/.exec(v);
  if (date) return `${Number(date[1])}.${Number(date[2]) * 100 + Number(date[3])}.${patch}`;
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/.exec(v);
  if (!m) return `0.0.${patch}`;
  const [, major, minor = '0', specPatch, prerelease] = m;
  const core = specPatch === undefined ? `${Number(major)}.${Number(minor)}.${patch}` : `${Number(major)}.${Number(minor)}.${Number(specPatch) * 1000 + patch}`;
  // Numeric prerelease identifiers must not have leading zeros in semver.
  const pre = prerelease?.split('.').map((id) => (/^\d+$/.test(id) ? String(Number(id)) : id)).join('.');
  return pre ? `${core}-${pre}` : core;
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function isBuiltin(target: string): target is BuiltinTarget {
  return (TARGETS as readonly string[]).includes(target);
}

export function packageFiles(emitter: TargetEmitter, model: ApiModel, context: EmitContext, options: PackageOptions): EmittedFile[] {
  const target = emitter.name;
  const builtin = isBuiltin(target) ? target : undefined;
  const names = context.packages.names;
  const version = context.packages.version;
  const info = emitter.package ?? {};
  const siblings = emitter.dependsOn.map((t) => [names[t]!, version] as const);
  const dependencies = Object.fromEntries([...siblings, ...Object.entries(info.dependencies ?? {})].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const isServer = target === 'server';
  const peers = isServer ? { '@types/node': '>=20' } : info.peerDependencies ?? null;
  const optionalPeers = isServer ? ['@types/node'] : info.optionalPeers ?? [];
  const summary = builtin ? SUMMARIES[builtin] : info.summary ?? `The ${target} target of the API, generated by a socialgen plugin.`;
  const view = {
    name: names[target],
    version,
    description: `${model.info.title} ${model.info.version}: ${summary}`,
    keywords: ['openapi', 'typescript', 'socialgen', target],
    summary,
    license: options.license,
    dependencies: Object.keys(dependencies).length ? dependencies : null,
    // A package's own build (prepack) compiles against its peers, so they are development dependencies too.
    devDependencies: isServer ? { '@types/node': TYPES_NODE_RANGE, typescript: TYPESCRIPT_RANGE } : sortKeys({ ...(info.peerDependencies ?? {}), typescript: TYPESCRIPT_RANGE }),
    peerDependencies: peers,
    peerDependenciesMeta: peers && optionalPeers.length ? Object.fromEntries(optionalPeers.map((p) => [p, { optional: true }])) : null,
    compilerTypes: isServer ? ['node'] : [],
    target,
    generatorVersion: context.generatorVersion,
    specTitle: model.info.title,
    specVersion: model.info.version,
    specSummary: model.info.summary ?? null,
    openapi: model.openapiVersion,
    installNames: [names[target]],
    installDev: isServer ? ['@types/node'] : [],
    dependencyNames: siblings.map(([name]) => name),
    example: builtin ? packageExample(builtin, model, context.packages) : typeof info.example === 'function' ? info.example(model, context) : info.example ?? '',
    isTypes: target === 'types',
    isValidators: target === 'validators',
    isClient: target === 'client',
    isServer,
    operationsHeading: builtin ? OPERATION_COLUMNS[builtin].heading : '',
    operationsColumn: builtin ? OPERATION_COLUMNS[builtin].column : '',
    operations: !builtin ? [] : model.operations.map((op) => ({
      // One list item per operation (a table is padded to its widest cell on every row: 400 KB for GitHub).
      route: `${op.method.toUpperCase()} ${op.path}`,
      name: target === 'types' || target === 'validators' ? op.names.base : op.names.method,
      summary: op.summary ?? '',
      // The summary may say so already.
      deprecated: op.deprecated && !/deprecated/i.test(op.summary ?? ''),
    })),
    schemas: target === 'types' || target === 'validators' ? model.schemas.filter((s) => !s.synthetic).map((s) => s.typeName) : [],
    limits: target === 'types' ? model.limits.map((l) => ({ name: l.constantName, value: l.value, unit: l.unit ?? '', description: l.description ?? '' })) : [],
  };
  const specLicense = model.info.license;
  const isMit = /^mit$/i.test(options.license);
  return [
    printed('package.json', template(TEMPLATES['package.json'])(view), 'json'),
    printed('tsconfig.json', template(TEMPLATES['tsconfig.json'])(view), 'json'),
    // A plugin's example is its own code, in its own spelling: such a README is left to prettier, unless the
    // plugin says it writes it as prettier prints it (PackageInfo.examplePrinted: the query and msw targets).
    builtin || !view.example || info.examplePrinted ? printed('README.md', template(TEMPLATES['README.md'])(view), 'markdown', builtin && examplePrinted(builtin) ? view.example : undefined) : { path: 'README.md', contents: template(TEMPLATES['README.md'])(view), format: 'markdown' },
    {
      path: 'LICENSE',
      contents: template(TEMPLATES.LICENSE)({ mit: isMit, holder: options.licenseHolder, name: names[target], specTitle: model.info.title, license: options.license, url: specLicense?.url ?? null }),
      format: 'none',
    },
  ];
}

/** A rendered file as prettier prints it, flagged formatted; as rendered (for prettier) where the printer declines. */
function printed(path: string, text: string, format: 'json' | 'markdown', printedCode?: string): EmittedFile {
  const pretty = format === 'json' ? prettyJson(text) : prettyMarkdown(text, printedCode);
  return pretty === undefined ? { path, contents: text, format } : { path, contents: pretty, format, formatted: true };
}
