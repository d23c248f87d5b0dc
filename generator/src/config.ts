/**
 * The configuration file (`socialgen.config.json`, `.yaml` or `.yml`) and its defaults. Every option is
 * listed here with its default; unknown keys and wrong types are errors with file:line:column.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { ErrorObject } from 'ajv';
import { readSpecFile } from './load/read.ts';
import { UsageError } from './errors.ts';
import { SpecError, sortDiagnostics, type Diagnostic } from './load/diagnostics.ts';
import { TARGET_NAME } from './emit/registry.ts';
import { BUILTIN_TARGET_NAMES } from './emit/registry.ts';
import type { PluginRef } from './emit/plugins.ts';
import { DECLARATION_SCHEMA, type DeclaredPagination } from './model/pagination.ts';
import { HTTP_TOKEN_PATTERN } from './model/values.ts';
import { isUrl } from './load/remote.ts';
import { distance } from 'fastest-levenshtein';

export type Layout = 'packages' | 'files';

export interface SocialgenConfig {
  /**
   * The root spec file (absolute) or an http(s) URL: `--spec` or the positional argument, else the
   * config's `spec`, else the first of SPEC_FILES that exists.
   */
  spec: string;
  /** Request headers when `spec` is a URL (the config's `headers`, `${NAME}` replaced from the environment). */
  headers?: Record<string, string>;
  /** The output folder; each target becomes `<out>/<target>/`. */
  out: string;
  /** The targets to generate; absent: the four built-ins and every plugin's targets. */
  targets?: string[];
  /** Run prettier over generated files. */
  format: boolean;
  /** `packages`: each target an npm package; `files`: each target a folder of plain TypeScript modules. */
  layout: Layout;
  /** Plugin modules (emitters of more targets), with the folder each is resolved from. */
  plugins: PluginRef[];
  packages: {
    /** npm scope without `@`; absent: a slug of the spec's `info.title`. */
    scope?: string;
    /** Package name per target; default `@<scope>/<target>`. */
    names: Record<string, string>;
    /**
     * The generator-controlled patch of the package version (see README, Versioning); set, it also turns a
     * semver `info.version`'s patch into PATCH×1000+patch. Unset: a semver `info.version` is kept as it is.
     */
    patch?: number;
    /** License of the generated packages (SPDX id); `MIT` renders the MIT text. */
    license: string;
    /** Copyright holder named in the LICENSE. */
    licenseHolder: string;
  };
  /** Per-target options, passed to that target's emitter. */
  options: Record<string, Record<string, unknown>>;
  /** Pagination by operationId, for specs without `x-pagination` (docs/pagination.md); `false` turns inference off for one. */
  pagination?: Record<string, DeclaredPagination>;
  /** `Date`: `date-time`/`date` members are `Date` objects in the types, client and server; default `string`. */
  dates: DatesOption;
  /** `bigint`: `integer`/`int64` members are `bigint`s, read and written without precision loss; default `number`. */
  int64: Int64Option;
  /**
   * A header name (`Idempotency-Key`): every POST and PATCH takes an idempotency key in it, declared or not
   * (operations declaring an `Idempotency-Key` header take one without this); the client sends one per call
   * and retries those writes, the server can deduplicate by it (docs/client.md).
   */
  idempotencyKey?: string;
  /** Marks a config whose paths are resolved (what `resolveConfig` returns). */
  resolved: true;
  /** The config file and where its keys are, for messages about target names checked after plugins load. */
  origin?: ConfigOrigin;
}

/** The keys of a config file, as written (paths relative to the file's folder). */
export interface UserConfig {
  spec?: string;
  out?: string;
  targets?: string[];
  format?: boolean;
  layout?: Layout;
  plugins?: string[];
  packages?: Partial<SocialgenConfig['packages']>;
  options?: Record<string, Record<string, unknown>>;
  pagination?: Record<string, DeclaredPagination>;
  dates?: DatesOption;
  int64?: Int64Option;
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

export type DatesOption = 'string' | 'Date';

export type Int64Option = 'number' | 'bigint';

/**
 * Every option's default. The spec has none: it is named (`--spec`, the config's `spec`) or found under
 * one of the conventional names (SPEC_FILES); no API's file name is built in.
 */
export const DEFAULT_CONFIG: Readonly<Omit<SocialgenConfig, 'spec'>> = {
  out: 'generated',
  format: true,
  layout: 'packages',
  plugins: [],
  packages: { names: {}, license: 'MIT', licenseHolder: 'the authors of the API description' },
  options: {},
  dates: 'string',
  int64: 'number',
  resolved: true,
};

export const CONFIG_FILES = ['socialgen.config.json', 'socialgen.config.yaml', 'socialgen.config.yml'];

/**
 * Where a project keeps its OpenAPI document when nothing names it, looked for in this order in the
 * project folder (the config file's, else the working directory): the name most tools and the spec's own
 * examples use, Redocly's openapi-starter layout (`openapi/openapi.yaml`), and a `spec/` folder.
 */
export const SPEC_FILES = ['openapi.yaml', 'openapi.yml', 'openapi.json', 'openapi/openapi.yaml', 'openapi/openapi.yml', 'openapi/openapi.json', 'spec/openapi.yaml', 'spec/openapi.yml', 'spec/openapi.json'];

/** The first of SPEC_FILES in `dir`, if any. */
export function findSpec(dir: string): string | undefined {
  for (const name of SPEC_FILES) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  return undefined;
}

/** No spec named and none found: a usage error saying how to name one (exit 2, no stack). */
export class NoSpecError extends UsageError {
  constructor(readonly dir: string) {
    super(`no OpenAPI document named and none found in ${dir} (looked for ${SPEC_FILES.join(', ')}); name it with \`spec: <file>\` in ${CONFIG_FILES[1]} (or --spec <file> on the command line)`);
    this.name = 'NoSpecError';
  }
}

const targetName = { type: 'string', pattern: TARGET_NAME.source };
const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    spec: { type: 'string', minLength: 1 },
    headers: { type: 'object', propertyNames: { pattern: HTTP_TOKEN_PATTERN }, additionalProperties: { type: 'string' } },
    out: { type: 'string', minLength: 1 },
    targets: { type: 'array', items: targetName, uniqueItems: true, minItems: 1 },
    format: { type: 'boolean' },
    layout: { enum: ['packages', 'files'] },
    plugins: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
    packages: {
      type: 'object',
      additionalProperties: false,
      properties: {
        scope: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' },
        names: { type: 'object', propertyNames: targetName, additionalProperties: { type: 'string', pattern: '^(@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*$' } },
        patch: { type: 'integer', minimum: 0, maximum: 999 },
        license: { type: 'string', minLength: 1 },
        licenseHolder: { type: 'string', minLength: 1 },
      },
    },
    options: { type: 'object', propertyNames: targetName, additionalProperties: { type: 'object' } },
    dates: { enum: ['string', 'Date'] },
    int64: { enum: ['number', 'bigint'] },
    idempotencyKey: { type: 'string', pattern: HTTP_TOKEN_PATTERN },
    pagination: { type: 'object', additionalProperties: { oneOf: [{ const: false }, DECLARATION_SCHEMA] } },
  },
};

/** Finds the config file: the given one, or the first of CONFIG_FILES in `cwd`. */
export function findConfig(cwd: string, given?: string): string | undefined {
  if (given) return path.resolve(cwd, given);
  for (const name of CONFIG_FILES) if (existsSync(path.join(cwd, name))) return path.join(cwd, name);
  return undefined;
}

/**
 * Reads and checks a config file; relative paths in it are resolved against its folder. `spec` (an
 * absolute path, e.g. from `--spec`) replaces the file's; without either, the spec is looked for
 * (findSpec) in the config file's folder, or in `cwd` when there is no config file.
 */
export function loadConfig(file: string | undefined, cwd: string, given: { spec?: string } = {}): SocialgenConfig {
  if (!file) return resolveConfig(given, cwd);
  const read = readSpecFile(file);
  if (read.value === undefined) throw new SpecError(read.diagnostics);
  const validate = configValidator();
  const diagnostics: Diagnostic[] = [];
  if (!validate(read.value)) {
    diagnostics.push(...(validate.errors as ErrorObject[]).map((e): Diagnostic => {
      const pointer = e.keyword === 'additionalProperties' ? `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}` : e.instancePath;
      const pos = read.source.positionOf(pointer);
      const unknown = e.keyword === 'additionalProperties' ? (e.params as { additionalProperty: string }).additionalProperty : '';
      const known = e.keyword === 'additionalProperties' ? Object.keys(propertiesAt(e.schemaPath)) : [];
      const message = e.keyword === 'additionalProperties'
        ? `unknown config key ${JSON.stringify(unknown)}${e.instancePath ? ` in ${e.instancePath.slice(1)}` : ''}${didYouMean(unknown, known)} (known: ${known.join(', ')})`
        : `config ${e.instancePath.slice(1) || 'file'} ${e.message}${e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : ''}`;
      return { severity: 'error', code: 'config', file, line: pos.line, column: pos.column, message };
    }));
  }
  const user = (read.value && typeof read.value === 'object' ? read.value : {}) as UserConfig;
  const origin: ConfigOrigin = { file, positionOf: (pointer) => read.source.positionOf(pointer), targets: Array.isArray(user.targets) ? user.targets : undefined };
  // Without plugins the target names are the built-ins, so they are checked with everything else now;
  // with plugins, once the plugins are loaded (pipeline.ts).
  if (!Array.isArray(user.plugins) || !user.plugins.length) diagnostics.push(...targetNameProblems(user, origin, BUILTIN_TARGET_NAMES));
  if (diagnostics.length) throw new SpecError(sortDiagnostics(diagnostics));
  const config = resolveConfig(given.spec ? { ...user, spec: given.spec } : user, path.dirname(file));
  // Headers are for a remote spec only; their variables are read (and must be set) only then.
  if (user.headers && isUrl(config.spec)) config.headers = expandHeaders(user.headers, origin);
  return { ...config, origin: { ...origin, targets: config.targets } };
}

/**
 * `Bearer ${API_TOKEN}` → the value of API_TOKEN (`$${…}` keeps a literal `${…}`). A variable that is not
 * set is an error at its place in the config file, not an empty token sent over the network.
 */
function expandHeaders(headers: Record<string, string>, origin: ConfigOrigin): Record<string, string> {
  const diagnostics: Diagnostic[] = [];
  const expanded = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace(/\$?\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, variable: string) => {
    if (whole.startsWith('$$')) return whole.slice(1);
    const set = process.env[variable];
    if (set === undefined) {
      const pos = origin.positionOf(`/headers/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      diagnostics.push({ severity: 'error', code: 'config', file: origin.file, line: pos.line, column: pos.column, message: `headers.${name} uses \${${variable}}, which is not set in the environment` });
    }
    return set ?? '';
  })]));
  if (diagnostics.length) throw new SpecError(diagnostics);
  return expanded;
}

export interface ConfigOrigin {
  file: string;
  positionOf(pointer: string): { line: number; column: number };
  /** The file's `targets` (a `--target` flag replaces the list, and is checked as a flag). */
  targets: readonly string[] | undefined;
}

/**
 * `; did you mean "format"?` for a name within a third of its length (rounded up; at most 3 edits) of a
 * known one, or a known one differing only in case; else nothing.
 */
export function didYouMean(name: string, known: readonly string[]): string {
  const limit = Math.min(3, Math.max(1, Math.ceil(name.length / 3)));
  let best: { candidate: string; cost: number } | undefined;
  for (const candidate of known) {
    const cost = candidate.toLowerCase() === name.toLowerCase() ? 0 : distance(name, candidate);
    if (cost <= limit && (!best || cost < best.cost)) best = { candidate, cost };
  }
  return best ? `; did you mean ${JSON.stringify(best.candidate)}?` : '';
}

/**
 * Target names in `targets`, `packages.names` and `options` must be registered ones (the built-ins and
 * the plugins' targets): each unknown one is a problem at its place in the config file.
 */
export function checkTargetNames(config: SocialgenConfig, known: readonly string[]): void {
  if (!config.origin) return;
  const diagnostics = targetNameProblems({ ...config, targets: config.targets === config.origin.targets ? config.targets : undefined }, config.origin, known);
  if (diagnostics.length) throw new SpecError(diagnostics);
}

function targetNameProblems(config: Pick<UserConfig, 'targets' | 'packages' | 'options'>, origin: ConfigOrigin, known: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report = (pointer: string, name: string, where: string): void => {
    const pos = origin.positionOf(pointer);
    diagnostics.push({ severity: 'error', code: 'config', file: origin.file, line: pos.line, column: pos.column, message: `unknown ${where === 'targets' ? 'target' : 'config key'} ${JSON.stringify(name)} in ${where}${didYouMean(name, known)} (known: ${known.join(', ')})` });
  };
  const names = (value: unknown): string[] => (value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []);
  if (Array.isArray(config.targets)) config.targets.forEach((t, i) => typeof t === 'string' && !known.includes(t) && report(`/targets/${i}`, t, 'targets'));
  for (const t of names(config.packages?.names)) if (!known.includes(t)) report(`/packages/names/${t}`, t, 'packages/names');
  for (const t of names(config.options)) if (!known.includes(t)) report(`/options/${t}`, t, 'options');
  return diagnostics;
}

/**
 * A config from a config file's keys, with defaults filled in and paths resolved against `baseDir`;
 * without `spec`, the first of SPEC_FILES in `baseDir`, else a NoSpecError.
 */
export function resolveConfig(user: UserConfig, baseDir: string): SocialgenConfig {
  const spec = user.spec === undefined ? findSpec(baseDir) : isUrl(user.spec) ? user.spec : path.resolve(baseDir, user.spec);
  if (spec === undefined) throw new NoSpecError(baseDir);
  const config: SocialgenConfig = {
    spec,
    out: path.resolve(baseDir, user.out ?? DEFAULT_CONFIG.out),
    format: user.format ?? DEFAULT_CONFIG.format,
    layout: user.layout ?? DEFAULT_CONFIG.layout,
    plugins: (user.plugins ?? []).map((specifier) => ({ specifier, baseDir })),
    packages: { ...DEFAULT_CONFIG.packages, ...user.packages, names: { ...user.packages?.names } },
    options: user.options ?? {},
    dates: user.dates ?? DEFAULT_CONFIG.dates,
    int64: user.int64 ?? DEFAULT_CONFIG.int64,
    resolved: true,
  };
  if (user.pagination) config.pagination = user.pagination;
  if (user.idempotencyKey) config.idempotencyKey = user.idempotencyKey;
  if (user.targets) config.targets = [...user.targets];
  return config;
}

function propertiesAt(schemaPath: string): Record<string, unknown> {
  let node: Record<string, unknown> = CONFIG_SCHEMA;
  for (const seg of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) node = (node[seg] ?? {}) as Record<string, unknown>;
  return (node.properties ?? {}) as Record<string, unknown>;
}

type ConfigValidator = ((value: unknown) => boolean) & { errors?: unknown };
let compiled: ConfigValidator | undefined;

/** The precompiled validator's file name next to this module (written by the build, as the meta-schemas are). */
export const PRECOMPILED_CONFIG_VALIDATOR = 'config-schema.cjs';

/**
 * The config schema's validator: the one the build compiled to JavaScript (generator/scripts/
 * compile-meta-schemas.mjs; loading Ajv and compiling the schema cost ~70 ms of every run that has a config
 * file), or compiled at first use when running from the TypeScript sources (tests).
 */
function configValidator(): ConfigValidator {
  if (compiled) return compiled;
  const require = createRequire(import.meta.url);
  try {
    compiled = require(`./${PRECOMPILED_CONFIG_VALIDATOR}`) as ConfigValidator;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND' || !String((error as Error).message).includes(PRECOMPILED_CONFIG_VALIDATOR)) throw error;
    compiled = compileConfigSchema().validate;
  }
  return compiled;
}

/** Ajv and the config schema's validator; `source` keeps the generated code (for the build's standalone output). */
export function compileConfigSchema(source = false): { ajv: unknown; validate: ConfigValidator } {
  const Ajv = createRequire(import.meta.url)('ajv').default;
  const ajv = new Ajv({ allErrors: true, strict: true, code: { source } });
  return { ajv, validate: ajv.compile(CONFIG_SCHEMA) };
}

/** The npm scope of the generated packages: the config's, or a slug of the spec's title. */
export function packageScope(config: SocialgenConfig, title: string): string {
  return config.packages.scope ?? scopeFromTitle(title);
}

/** Words a title carries about the document rather than the API: not part of a scope a person would choose. */
const DOCUMENT_WORDS = new Set(['the', 'a', 'an', 'official', 'unofficial', 'openapi', 'swagger', 'spec', 'specs', 'specification', 'description', 'definition', 'document', 'documentation', 'schema', 'version']);

/**
 * The npm scope a person would choose from `info.title`: the title before a subtitle (` + `, ` - `, ` – `,
 * ` — `, `: `, ` | `), without bracketed parts, possessives (`'s`), words about the document (official,
 * OpenAPI, Swagger, spec, description, …: DOCUMENT_WORDS) and version tokens (`v3`, `3.0`), as a slug.
 * `GitHub's official OpenAPI spec + Octokit extension` → `github`; `Swagger Petstore - OpenAPI 3.0` →
 * `petstore`; `Pipeline API` → `pipeline-api`. When nothing is left, a slug of the whole title; a title with
 * no letters or digits → `api`. `packages.scope` in the config sets it.
 */
export function scopeFromTitle(title: string): string {
  const plain = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const head = plain.split(/\s+[-+|\u2013\u2014]\s+|:\s/)[0] ?? plain;
  const words = head
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/['\u2019]s\b/g, '')
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w && !DOCUMENT_WORDS.has(w) && !/^v?\d+(\.\d+)+$|^v\d+$/.test(w));
  return slug(words.join('-')) || slug(plain) || 'api';
}

function slug(text: string): string {
  return text
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
}

/** The package name of a target under a config. */
export function packageName(config: SocialgenConfig, target: string, scope: string): string {
  return config.packages.names[target] ?? `@${scope}/${target}`;
}
