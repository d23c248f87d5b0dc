/**
 * The text files that make a target folder a publishable package — package.json, README.md, LICENSE and
 * the build's tsconfig.json — rendered from the handlebars templates in `templates/`. Values go into JSON
 * through the `json` helper (JSON.stringify), into markdown through handlebars' escaping.
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { ApiModel } from '../../model/types.ts';
import type { EmitContext, EmittedFile, TargetName } from '../emitter.ts';
import { TARGETS } from '../emitter.ts';

const TEMPLATE_DIR = new URL('../../../../templates/', import.meta.url);
const hb = Handlebars.create();
hb.registerHelper('json', (value: unknown) => new hb.SafeString(JSON.stringify(value ?? null)));
const cache = new Map<string, HandlebarsTemplateDelegate>();

function template(name: string): HandlebarsTemplateDelegate {
  let t = cache.get(name);
  if (!t) {
    t = hb.compile(readFileSync(new URL(name, TEMPLATE_DIR), 'utf8'), { strict: false, noEscape: false });
    cache.set(name, t);
  }
  return t;
}

const SUMMARIES: Record<TargetName, string> = {
  types: 'TypeScript types for every schema and operation of the API, and its documented limits as constants.',
  validators: 'Compiled, dependency-free runtime validators for every schema and operation of the API.',
  client: 'A typed HTTP client for every operation of the API, on Web-standard fetch, with no runtime dependency.',
  server: 'Typed server stubs for the API on Web-standard Request/Response, validating every request, plus a Node adapter and a mock server.',
};

export interface PackageOptions {
  /** SPDX identifier or name of the generated packages' license. */
  license: string;
  /** Copyright holder named in an MIT LICENSE. */
  licenseHolder: string;
}

/** `2.166` + patch 0 → `2.166.0`; a full semver `1.2.3` keeps its own patch and adds ours as a prerelease-free build. */
export function packageVersion(specVersion: string, patch: number): string {
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(specVersion.trim());
  if (!m) return `0.0.${patch}`;
  const [, major, minor = '0', specPatch] = m;
  return specPatch === undefined ? `${Number(major)}.${Number(minor)}.${patch}` : `${Number(major)}.${Number(minor)}.${Number(specPatch) * 1000 + patch}`;
}

export function packageFiles(target: TargetName, dependsOn: readonly TargetName[], model: ApiModel, context: EmitContext, options: PackageOptions): EmittedFile[] {
  const names = context.packages.names;
  const dependencies = Object.fromEntries(dependsOn.map((t) => [names[t], context.packages.version]));
  const view = {
    name: names[target],
    version: context.packages.version,
    description: `${model.info.title} ${model.info.version}: ${SUMMARIES[target]}`,
    summary: SUMMARIES[target],
    license: options.license,
    dependencies,
    target,
    generatorVersion: context.generatorVersion,
    specTitle: model.info.title,
    specVersion: model.info.version,
    openapi: model.openapiVersion,
    peers: dependsOn.map((t) => names[t]),
    example: example(target, model, context),
    operations: target === 'types' ? [] : model.operations.map((op) => ({ method: op.method.toUpperCase(), path: op.path, name: op.names.method, summary: op.summary ?? '', deprecated: op.deprecated })),
    schemas: target === 'types' || target === 'validators' ? model.schemas.map((s) => s.typeName) : [],
  };
  const license = model.info.license;
  const isMit = /^mit$/i.test(options.license);
  return [
    { path: 'package.json', contents: template('package.json.hbs')(view), format: 'json' },
    { path: 'tsconfig.json', contents: template('tsconfig.json.hbs')(view), format: 'json' },
    { path: 'README.md', contents: template('README.md.hbs')(view), format: 'markdown' },
    { path: 'LICENSE', contents: template('LICENSE.hbs')({ mit: isMit, holder: options.licenseHolder, specTitle: model.info.title, license: options.license, url: license?.url }), format: 'none' },
  ];
}

/** A short working example per target, using names from the model (identifiers only). */
function example(target: TargetName, model: ApiModel, context: EmitContext): string {
  const names = context.packages.names;
  const schema = model.schemas.find((s) => !s.synthetic)?.typeName ?? model.schemas[0]?.typeName;
  const op = model.operations.find((o) => o.method === 'get') ?? model.operations[0];
  switch (target) {
    case 'types':
      return schema
        ? `import type { ${schema}, Operations } from '${names.types}';\n\nfunction show(value: ${schema}): void {\n  console.log(value);\n}`
        : `import type { Operations } from '${names.types}';`;
    case 'validators':
      return schema
        ? `import { validate${schema} } from '${names.validators}';\n\nconst result = validate${schema}(JSON.parse(input));\nif (!result.valid) console.error(result.errors);`
        : `import * as validators from '${names.validators}';`;
    case 'client':
      return op
        ? `import { createClient } from '${names.client}';\n\nconst client = createClient({ baseUrl: 'https://api.example.com', auth: { bearerToken: process.env.TOKEN! } });\nconst result = await client.${op.names.method}(/* typed arguments */);`
        : `import { createClient } from '${names.client}';`;
    case 'server':
      return op
        ? `import { createServer } from 'node:http';\nimport { createHandler, createNodeListener } from '${names.server}';\n\nconst handler = createHandler({\n  async ${op.names.method}(request) {\n    return { status: 200, body: /* typed body */ } as never;\n  },\n});\ncreateServer(createNodeListener(handler)).listen(3000);`
        : `import { createHandler } from '${names.server}';`;
  }
}

export { TARGETS };
