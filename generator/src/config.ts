/**
 * The configuration file (`socialgen.config.json`, `.yaml` or `.yml`) and its defaults. Every option is
 * listed here with its default; unknown keys and wrong types are errors with file:line:column.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { ErrorObject } from 'ajv';
import { readSpecFile } from './load/read.ts';
import { SpecError, type Diagnostic } from './load/diagnostics.ts';
import { TARGETS, type TargetName } from './emit/emitter.ts';

export interface SocialgenConfig {
  /** The root spec file. */
  spec: string;
  /** The output folder; each target becomes `<out>/<target>/`. */
  out: string;
  targets: TargetName[];
  /** Run prettier over generated files. */
  format: boolean;
  packages: {
    /** npm scope without `@`. */
    scope: string;
    /** Package name per target; default `@<scope>/<target>`. */
    names: Partial<Record<TargetName, string>>;
    /** The generator-controlled patch appended to the spec's `info.version` (see README, Versioning). */
    patch: number;
    /** License of the generated packages (SPDX id); `MIT` renders the MIT text. */
    license: string;
    /** Copyright holder named in the LICENSE. */
    licenseHolder: string;
  };
  /** Per-target options, passed to that target's emitter. */
  options: Partial<Record<TargetName, Record<string, unknown>>>;
}

export const DEFAULT_CONFIG: SocialgenConfig = {
  spec: 'spec/social-posting.openapi.yaml',
  out: 'generated',
  targets: [...TARGETS],
  format: true,
  packages: { scope: 'social-posting', names: {}, patch: 0, license: 'MIT', licenseHolder: 'the authors of the API description' },
  options: {},
};

export const CONFIG_FILES = ['socialgen.config.json', 'socialgen.config.yaml', 'socialgen.config.yml'];

const targetEnum = { enum: [...TARGETS] };
const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    spec: { type: 'string', minLength: 1 },
    out: { type: 'string', minLength: 1 },
    targets: { type: 'array', items: targetEnum, uniqueItems: true, minItems: 1 },
    format: { type: 'boolean' },
    packages: {
      type: 'object',
      additionalProperties: false,
      properties: {
        scope: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' },
        names: { type: 'object', additionalProperties: false, properties: Object.fromEntries(TARGETS.map((t) => [t, { type: 'string', pattern: '^(@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*$' }])) },
        patch: { type: 'integer', minimum: 0, maximum: 999 },
        license: { type: 'string', minLength: 1 },
        licenseHolder: { type: 'string', minLength: 1 },
      },
    },
    options: { type: 'object', additionalProperties: false, properties: Object.fromEntries(TARGETS.map((t) => [t, { type: 'object' }])) },
  },
};

/** Finds the config file: the given one, or the first of CONFIG_FILES in `cwd`. */
export function findConfig(cwd: string, given?: string): string | undefined {
  if (given) return path.resolve(cwd, given);
  for (const name of CONFIG_FILES) if (existsSync(path.join(cwd, name))) return path.join(cwd, name);
  return undefined;
}

/** Reads and checks a config file; relative paths in it are resolved against its folder. */
export function loadConfig(file: string | undefined, cwd: string): SocialgenConfig {
  if (!file) return { ...DEFAULT_CONFIG, spec: path.resolve(cwd, DEFAULT_CONFIG.spec), out: path.resolve(cwd, DEFAULT_CONFIG.out) };
  const read = readSpecFile(file);
  if (read.value === undefined) throw new SpecError(read.diagnostics);
  const validate = configValidator();
  if (!validate(read.value)) {
    const diagnostics: Diagnostic[] = (validate.errors as ErrorObject[]).map((e) => {
      const pointer = e.keyword === 'additionalProperties' ? `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}` : e.instancePath;
      const pos = read.source.positionOf(pointer);
      const message = e.keyword === 'additionalProperties'
        ? `unknown config key ${JSON.stringify((e.params as { additionalProperty: string }).additionalProperty)}${e.instancePath ? ` in ${e.instancePath.slice(1)}` : ''} (known: ${Object.keys(propertiesAt(e.schemaPath)).join(', ')})`
        : `config ${e.instancePath.slice(1) || 'file'} ${e.message}${e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : ''}`;
      return { severity: 'error', code: 'config', file, line: pos.line, column: pos.column, message };
    });
    throw new SpecError(diagnostics);
  }
  const raw = read.value as Partial<SocialgenConfig> & { packages?: Partial<SocialgenConfig['packages']> };
  const dir = path.dirname(file);
  return {
    spec: path.resolve(dir, raw.spec ?? DEFAULT_CONFIG.spec),
    out: path.resolve(dir, raw.out ?? DEFAULT_CONFIG.out),
    targets: raw.targets ?? DEFAULT_CONFIG.targets,
    format: raw.format ?? DEFAULT_CONFIG.format,
    packages: { ...DEFAULT_CONFIG.packages, ...raw.packages, names: { ...raw.packages?.names } },
    options: raw.options ?? {},
  };
}

function propertiesAt(schemaPath: string): Record<string, unknown> {
  let node: Record<string, unknown> = CONFIG_SCHEMA;
  for (const seg of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) node = (node[seg] ?? {}) as Record<string, unknown>;
  return (node.properties ?? {}) as Record<string, unknown>;
}

let compiled: ((value: unknown) => boolean) & { errors?: unknown } | undefined;
function configValidator() {
  if (!compiled) {
    const require = createRequire(import.meta.url);
    const Ajv = require('ajv').default;
    compiled = new Ajv({ allErrors: true, strict: true }).compile(CONFIG_SCHEMA);
  }
  return compiled!;
}

/** The package name of a target under a config. */
export function packageName(config: SocialgenConfig, target: TargetName): string {
  return config.packages.names[target] ?? `@${config.packages.scope}/${target}`;
}
