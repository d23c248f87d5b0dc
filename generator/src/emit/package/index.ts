/**
 * The text files that make a target folder a publishable package — package.json and the build's
 * tsconfig.json (built as objects and laid out by the printer's JSON layout, codegen/json-layout.ts),
 * README.md and LICENSE (rendered from the handlebars templates in `generator/templates/`, shipped with the
 * package, through templates.ts; the README laid out by codegen/markdown-layout.ts) — and, in the `files`
 * layout, the target folder's README.md alone (the usage docs, with relative imports and socialgen's mark:
 * mark.ts).
 */
import type { ApiModel, OperationModel } from '../../model/types.ts';
import type { BuiltinTarget, EmitContext, EmittedFile, ExampleCode, TargetEmitter } from '../emitter.ts';
import { TARGETS } from '../emitter.ts';
import { TEMPLATES } from './template-files.ts';
import { template } from './templates.ts';
import { packageExample, type PackageExample } from './examples.ts';
import { jsonValueText } from '../../codegen/json-layout.ts';
import { markdownText } from '../../codegen/markdown-layout.ts';
import { tagSections } from './tag-sections.ts';
import type { RenderCache } from './render-cache.ts';

export { TEMPLATES } from './template-files.ts';

/** The helpers each template may print values with (test/packages/templates.test.ts enforces it). */
export const TEMPLATE_HELPERS: Record<keyof typeof TEMPLATES, readonly string[]> = {
  'README.md': ['md', 'code', 'codeCell', 'fence', 'sh', 'heading'],
  LICENSE: ['text'],
};

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
 * The version of every generated package, from the spec's `info.version` and the config's `packages.patch`
 * (docs/pipeline.md, "Versioning"):
 *
 * - semver `MAJOR.MINOR.PATCH` (`23.0.2`, `1.2.3-rc.1`) → as it is, without build metadata (`23.0.2`);
 *   with `packages.patch` set, the patch scheme: `MAJOR.MINOR.(PATCH×1000+patch)` (`1.2.3` → `1.2.3000`)
 * - `MAJOR` or `MAJOR.MINOR` (`2.166`)                → `MAJOR.MINOR.patch`  (`2.166.0`)
 * - a date (`2024-05-17`, `2024.05.17`)               → `YEAR.MMDD.patch`    (`2024.517.0`)
 * - anything else (`latest`, ``)                      → `0.0.patch`
 *
 * `patch` defaults to 0. A leading `v` is ignored. The patch counts regenerations of the same spec (raise it
 * when a newer socialgen changes the output), and stays below 1000 so it never reaches the spec's own patch.
 */
export function packageVersion(specVersion: string, patch?: number): string {
  if (patch !== undefined && (!Number.isInteger(patch) || patch < 0 || patch > 999)) throw new RangeError(`packages.patch must be a whole number from 0 to 999, got ${patch}`);
  const own = patch ?? 0;
  const v = specVersion.trim().replace(/^v(?=\d)/i, '');
  const date = /^(\d{4})[-.](\d{2})[-.](\d{2})$/.exec(v);
  if (date) return `${Number(date[1])}.${Number(date[2]) * 100 + Number(date[3])}.${own}`;
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/.exec(v);
  if (!m) return `0.0.${own}`;
  const [, major, minor = '0', specPatch, prerelease] = m;
  const third = specPatch === undefined ? own : patch === undefined ? Number(specPatch) : Number(specPatch) * 1000 + patch;
  const core = `${Number(major)}.${Number(minor)}.${third}`;
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

/** Where a `files`-layout README's examples import from: `out: src/api` → a module in `src/` imports `./api/<target>/index.js`. */
export function filesImportPath(outName: string, target: string): string {
  return `./${outName}/${target}/index.js`;
}

type View = ReturnType<typeof readmeView>;

/** What the README template (and package.json) say about one target. */
function readmeView(emitter: TargetEmitter, model: ApiModel, context: EmitContext, options: PackageOptions, outName: string) {
  const target = emitter.name;
  const operationItem = (op: OperationModel) => ({
    // One list item per operation (a table is padded to its widest cell on every row: 400 KB for GitHub).
    route: `${op.httpMethod} ${op.path}`,
    name: target === 'types' || target === 'validators' ? op.names.base : op.names.method,
    summary: op.summary ?? '',
    // The summary may say so already.
    deprecated: op.deprecated && !/deprecated/i.test(op.summary ?? ''),
  });
  const builtin = isBuiltin(target) ? target : undefined;
  const isPackage = context.layout === 'packages';
  const packages = isPackage ? context.packages : { ...context.packages, names: Object.fromEntries(Object.keys(context.packages.names).map((t) => [t, filesImportPath(outName, t)])) };
  const example = builtin ? packageExample(builtin, model, packages) : pluginExample(emitter, model, context);
  const names = packages.names;
  const info = emitter.package ?? {};
  const isServer = target === 'server';
  const summary = builtin ? SUMMARIES[builtin] : info.summary ?? `The ${target} target of the API, generated by a socialgen plugin.`;
  return {
    isPackage,
    name: isPackage ? names[target] : `${outName}/${target}`,
    outName,
    importPath: names[target],
    version: packages.version,
    summary,
    license: options.license,
    target,
    generatorVersion: context.generatorVersion,
    specTitle: model.info.title,
    specVersion: model.info.version,
    specSummary: model.info.summary ?? null,
    openapi: model.openapiVersion,
    installNames: [names[target]],
    installDev: isServer ? ['@types/node'] : [],
    dependencyNames: emitter.dependsOn.map((t) => (isPackage ? names[t]! : `../${t}/index.js`)),
    example: example.text,
    /** The example as the one printer printed it (undefined when a statement of it, or all of it, is left to prettier). */
    printedExample: example.printed ? example.text : undefined,
    isTypes: target === 'types',
    isValidators: target === 'validators',
    isClient: target === 'client',
    isServer,
    operationsHeading: builtin ? OPERATION_COLUMNS[builtin].heading : '',
    operationsColumn: builtin ? OPERATION_COLUMNS[builtin].column : '',
    operations: !builtin ? [] : model.operations.map(operationItem),
    operationGroups: builtin ? tagSections(model, operationItem) : [],
    schemas: target === 'types' || target === 'validators' ? model.schemas.filter((s) => !s.synthetic).map((s) => s.typeName) : [],
    limits: target === 'types' ? model.limits.map((l) => ({ name: l.constantName, value: l.value, unit: l.unit ?? '', description: l.description ?? '' })) : [],
  };
}

/**
 * A plugin's README example (PackageInfo.example): a module of the printer is built here, printed when the
 * printer left none of its statements to prettier; text is printed only on the plugin's word
 * (`examplePrinted`: the text is the printer's output).
 */
export function pluginExample(emitter: TargetEmitter, model: ApiModel, context: EmitContext): PackageExample {
  const info = emitter.package ?? {};
  const given: ExampleCode = typeof info.example === 'function' ? info.example(model, context) : info.example ?? '';
  if (typeof given === 'string') return { text: given, printed: given !== '' && info.examplePrinted === true };
  if (typeof (given as Partial<ExampleCode & object> | null)?.build !== 'function') throw new TypeError('package.example must be TypeScript text or a module of context.printer (context.printer.module())');
  const { text, ranges } = given.build();
  return { text, printed: ranges.length === 0 };
}

/** The package.json of a target's package, as data; laid out by the printer (codegen/json-layout.ts). */
function packageJson(emitter: TargetEmitter, model: ApiModel, view: View, names: Record<string, string>): Record<string, unknown> {
  const info = emitter.package ?? {};
  const siblings = emitter.dependsOn.map((t) => [names[t]!, view.version] as const);
  const dependencies = Object.fromEntries([...siblings, ...Object.entries(info.dependencies ?? {})].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const peers = view.isServer ? { '@types/node': '>=20' } : info.peerDependencies;
  const optionalPeers = view.isServer ? ['@types/node'] : info.optionalPeers ?? [];
  return {
    name: view.name,
    version: view.version,
    description: `${model.info.title} ${model.info.version}: ${view.summary}`,
    keywords: ['openapi', 'typescript', 'socialgen', view.target],
    license: view.license,
    type: 'module',
    sideEffects: false,
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './package.json': './package.json' },
    files: ['dist', 'src'],
    engines: { node: '>=20' },
    scripts: { build: 'tsc -p tsconfig.json', prepack: 'tsc -p tsconfig.json' },
    ...(Object.keys(dependencies).length ? { dependencies } : {}),
    ...(peers ? { peerDependencies: peers, peerDependenciesMeta: optionalPeers.length ? Object.fromEntries(optionalPeers.map((p) => [p, { optional: true }])) : null } : {}),
    // A package's own build (prepack) compiles against its peers, so they are development dependencies too.
    devDependencies: view.isServer ? { '@types/node': TYPES_NODE_RANGE, typescript: TYPESCRIPT_RANGE } : sortKeys({ ...(info.peerDependencies ?? {}), typescript: TYPESCRIPT_RANGE }),
    publishConfig: { access: 'public' },
    socialgen: { target: view.target, generator: view.generatorVersion, spec: { title: view.specTitle, version: view.specVersion, openapi: view.openapi } },
  };
}

/**
 * The tsconfig.json of a package's own build (`prepack`): ESM for Node.js and bundlers, declarations and
 * source maps into dist/, strict; `types` the ambient type packages it compiles against (the server: Node's).
 * Printed with the root and `compilerOptions` one member a line (EXPANDED_IN_TSCONFIG).
 */
function buildTsconfig(types: readonly string[]): Record<string, unknown> {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types,
      strict: true,
      declaration: true,
      declarationMap: true,
      sourceMap: true,
      outDir: 'dist',
      rootDir: 'src',
      skipLibCheck: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      forceConsistentCasingInFileNames: true,
    },
    include: ['src'],
  };
}

/** The objects of package.json written one member a line whatever their width (the rest fit on one line when they can). */
const EXPANDED_IN_PACKAGE_JSON = new Set(['', 'exports', 'exports/.', 'engines', 'scripts', 'publishConfig', 'socialgen', 'socialgen/spec']);
const EXPANDED_IN_TSCONFIG = new Set(['', 'compilerOptions']);

/** `render()` through the watch's cache of renderings (`cache`), else now. */
function rendered<T>(cache: RenderCache | undefined, kind: string, data: unknown, render: () => T): T {
  return cache ? cache.rendered(kind, data, render) : render();
}

/** The package files of a target; `cache` (the watch's) keeps renderings whose data is unchanged. */
export function packageFiles(emitter: TargetEmitter, model: ApiModel, context: EmitContext, options: PackageOptions, cache?: RenderCache): EmittedFile[] {
  const view = readmeView(emitter, model, context, options, '');
  const pkg = packageJson(emitter, model, view, context.packages.names);
  const packageText = rendered(cache, 'package.json', pkg, () => jsonValueText(pkg, (at) => EXPANDED_IN_PACKAGE_JSON.has(at.join('/'))));
  const tsconfig = buildTsconfig(view.isServer ? ['node'] : []);
  const specLicense = model.info.license;
  const license = { mit: /^mit$/i.test(options.license), holder: options.licenseHolder, name: view.name, specTitle: model.info.title, license: options.license, url: specLicense?.url ?? null };
  return [
    laidOut('package.json', 'json', packageText),
    laidOut('tsconfig.json', 'json', rendered(cache, 'tsconfig.json', tsconfig, () => jsonValueText(tsconfig, (at) => EXPANDED_IN_TSCONFIG.has(at.join('/'))))),
    readmeFile(view, cache),
    { path: 'LICENSE', contents: rendered(cache, 'LICENSE', license, () => template(TEMPLATES.LICENSE)(license)), format: 'none' },
  ];
}

/**
 * The `files` layout's usage docs: `<out>/<target>/README.md`, the package README's sections with the
 * relative imports an application uses (`./api/client/index.js` for `out: src/api`), marked as socialgen's.
 */
export function usageReadme(emitter: TargetEmitter, model: ApiModel, context: EmitContext, options: PackageOptions, outName: string, cache?: RenderCache): EmittedFile {
  return readmeFile(readmeView(emitter, model, context, options, outName), cache);
}

function readmeFile(view: View, cache: RenderCache | undefined): EmittedFile {
  return rendered(cache, 'README.md', view, () => {
    // The example's fence is kept as the one printer printed it (the rest is laid out by the printer's markdown
    // layout); an example the printer did not print sends the README to prettier.
    const text = template(TEMPLATES['README.md'])(view);
    return view.example && view.printedExample === undefined ? { path: 'README.md', contents: text, format: 'markdown' as const } : laidOut('README.md', 'markdown', markdownText(text, view.printedExample));
  });
}

/** A file laid out by the printer (formatted), or as written where its layout declined (for prettier). */
function laidOut(path: string, format: 'json' | 'markdown', { text, formatted }: { text: string; formatted: boolean }): EmittedFile {
  return formatted ? { path, contents: text, format, formatted: true } : { path, contents: text, format };
}
