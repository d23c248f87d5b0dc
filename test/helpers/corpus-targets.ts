/**
 * Opt-in targets on specs written by others (the shared corpus), for the corpus tests of test/frontend and
 * test/mcp: the specs, the stub that replaces a generated validators folder, and one strict compiler run
 * over the target folders of every spec.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parsePointer } from '../../generator/src/load/pointer.ts';
import { corpusDir } from './paths.ts';
import { STRICT_COMPILER_OPTIONS, typecheck } from './typecheck.ts';

/** Petstore 3.0/3.1, the OpenAPI Initiative's examples, DigitalOcean, GitHub (those present). */
export const CORPUS_SPECS = [
  'petstore/petstore-3.0.openapi.yaml',
  'petstore/petstore-3.1.code-first.json',
  'petstore/petstore-3.1.design-first.yaml',
  ...['api-with-examples', 'callback-example', 'link-example', 'petstore-expanded', 'petstore', 'uspto'].map((n) => `oai-examples/v3.0/${n}.yaml`),
  ...['non-oauth-scopes', 'tictactoe', 'webhook-example'].map((n) => `oai-examples/v3.1/${n}.yaml`),
  'digitalocean/specification/DigitalOcean-public.v2.yaml',
  'github/api.github.com.octokit-openapi-23.0.2.json',
].filter((spec) => existsSync(path.join(corpusDir, spec)));

/**
 * The files layout pulls in the validators the client imports; they are not what the corpus tests check
 * and GitHub's would dominate the compile, so a stub with the one export the client reads replaces them.
 */
export function stubValidators(dir: string): void {
  rmSync(path.join(dir, 'validators'), { recursive: true, force: true });
  mkdirSync(path.join(dir, 'validators'), { recursive: true });
  writeFileSync(path.join(dir, 'validators/index.ts'), 'export const operationValidators: Record<string, object> = {};\n', { flag: 'wx' });
}

/** What `noUnusedLocals` reports (a declaration or import never used): a finding about the code, not the setup. */
export const UNUSED_DECLARATION = /error TS(6133|6138|6192|6196|6198|6199|6205):/;

/**
 * Type-checks the `targets` folders of specs `0..count-1` under `root` (those `checked` admits) in one strict
 * compiler run (`noUncheckedIndexedAccess`, plus `compilerOptions`); returns the errors in those folders.
 * Throws when the compiler did not run.
 */
export function typecheckTargets(
  root: string,
  count: number,
  targets: readonly string[],
  checked: (index: number, target: string) => boolean = () => true,
  compilerOptions: Record<string, unknown> = {},
): string[] {
  writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { ...STRICT_COMPILER_OPTIONS, types: ['node'], noUncheckedIndexedAccess: true, ...compilerOptions },
      include: Array.from({ length: count }, (_, i) => targets.filter((t) => checked(i, t)).map((t) => `${i}/${t}`)).flat(),
    }),
  );
  const result = typecheck(root);
  // The compiler ran (its other findings, in the folders these targets import, are those targets' tests' business):
  // no option or file error (TS5xxx, TS6xxx), the unused-declaration findings of `noUnusedLocals` (TS6133 and
  // kin, which are about code) aside.
  const setup = result.output.split('\n').filter((line) => /error TS[56]\d\d\d/.test(line) && !UNUSED_DECLARATION.test(line));
  if (setup.length) throw new Error(`the compiler did not run:\n${setup.join('\n')}`);
  const inTargets = new RegExp(`(^|/)(${targets.join('|')})/`);
  return [...result.errorsByFile].filter(([file]) => inTargets.test(file)).flatMap(([, lines]) => lines);
}

/**
 * A sample of a large spec (its bundled document, `LoadedSpec.document`), for checks whose cost grows with its size: every `every`-th path (in document
 * order) with the components it refers to, transitively, written as one JSON document to `outFile`. What a
 * reference the bundler left into another path points to (DigitalOcean's shared parameters and schemas) is
 * hoisted into the components. Deterministic: the same sample every run.
 */
export function sampleSpec(document: Record<string, unknown>, outFile: string, every: number): { operations: number } {
  return sliceSpec(document, outFile, (_, i) => i % every === 0);
}

/**
 * The part of a spec (its bundled document) a check needs: the paths `keep` admits (by template and position
 * in document order), with what they reach, as `sampleSpec` writes it to `outFile`.
 */
export function sliceSpec(document: Record<string, unknown>, outFile: string, keep: (path: string, index: number) => boolean): { operations: number } {
  const paths = (document.paths ?? {}) as Record<string, unknown>;
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  // A reference into another path is hoisted into the components (by what it is at that place), once.
  const hoisted = new Map<string, string>();
  const extra: Record<string, Record<string, unknown>> = {};
  const at = (segments: string[]) => segments.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  const hoist = (ref: string): string => {
    if (hoisted.has(ref)) return hoisted.get(ref)!;
    const segments = parsePointer(ref);
    // What the target is, by its container: `…/parameters/0`, `…/responses/200`, `…/headers/X`, `…/requestBody`; else a schema.
    const containers: Record<string, string> = { parameters: 'parameters', responses: 'responses', headers: 'headers', examples: 'examples' };
    const section = segments.at(-1) === 'requestBody' ? 'requestBodies' : (containers[segments.at(-2) ?? ''] ?? 'schemas');
    const name = `sampled_${hoisted.size}`;
    hoisted.set(ref, `#/components/${section}/${name}`);
    (extra[section] ??= {})[name] = inlined(at(segments));
    return hoisted.get(ref)!;
  };
  const inlined = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inlined);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/paths/') ? hoist(v) : inlined(v)]));
  };
  const sampled = Object.fromEntries(Object.keys(paths).filter((p, i) => keep(p, i)).map((p) => [p, inlined(paths[p])]));
  const reached = new Map<string, Set<string>>();
  const pending: unknown[] = Object.values(sampled);
  while (pending.length) {
    const node = pending.pop();
    if (typeof node === 'string' && node.startsWith('#/components/')) {
      const [, section, key] = parsePointer(node) as [string, string, string | undefined];
      const names = reached.get(section) ?? reached.set(section, new Set()).get(section)!;
      if (key !== undefined && !names.has(key)) {
        names.add(key);
        pending.push(components[section]?.[key] ?? extra[section]?.[key]);
      }
    } else if (node && typeof node === 'object') pending.push(...Object.values(node));
  }
  const sections = [...new Set([...Object.keys(components), ...Object.keys(extra)])];
  const keptComponents = Object.fromEntries(
    sections.map((section) => [section, { ...components[section], ...extra[section] }] as const).map(([section, entries]) => [
      section,
      // Security schemes are named by requirements, not referenced: all kept.
      section === 'securitySchemes' ? entries : Object.fromEntries(Object.entries(entries).filter(([k]) => reached.get(section)?.has(k))),
    ]),
  );
  // Webhooks (and `x-webhooks`, as GitHub's spec writes them) are left out with the other paths.
  const rest = Object.fromEntries(Object.entries(document).filter(([k]) => k !== 'webhooks' && !k.startsWith('x-')));
  writeFileSync(outFile, JSON.stringify({ ...rest, paths: sampled, components: keptComponents }));
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  return { operations: Object.values(sampled).reduce<number>((n, item) => n + Object.keys(item as object).filter((k) => methods.has(k)).length, 0) };
}
