/**
 * `socialgen bundle`: the split spec as ONE document (YAML or JSON), for tools that want a single file
 * (openapi-typescript, Prism, Redoc). The spec is loaded and checked like `generate` does (a bad spec
 * fails with its file:line, exit 2, nothing written); every external `$ref` becomes an internal one, and
 * discriminator mapping values, which bundlers do not treat as `$ref`s, are rewritten to where their
 * target ended up in the bundle. The output is written atomically (a temporary file renamed), or to stdout.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { stringify } from 'yaml';
import type { CommandContext } from '../context.ts';
import { resolveConfig, specArgument, SPEC_ARGUMENT_HELP, SPEC_HELP } from '../options.ts';
import { UsageError } from '../../errors.ts';
import { formatDiagnostic } from '../../load/diagnostics.ts';
import { displayPath } from '../progress.ts';
import type { LoadedSpec } from '../../load/index.ts';
import { appendPointer, getAtPointer } from '../../load/pointer.ts';
import { baseUrlOf, fileOfUrl } from '../../load/remote.ts';

const FORMATS = ['yaml', 'json'] as const;
type BundleFormat = (typeof FORMATS)[number];

interface BundleFlags {
  spec?: string;
  out?: string;
  format?: string;
  config?: string;
}

export function registerBundle(program: Command, ctx: CommandContext): void {
  program
    .command('bundle')
    .description('write the spec as one document (all $refs internal), for tools that need a single file')
    .argument('[spec]', SPEC_ARGUMENT_HELP)
    .option('-s, --spec <file>', SPEC_HELP)
    .option('-o, --out <file>', 'the file to write (default: stdout)')
    .option('-f, --format <format>', `output format: ${FORMATS.join(' or ')} (default: from the --out extension, else yaml)`)
    .option('-c, --config <file>', 'config file (default: socialgen.config.json/.yaml in the current folder, if any)')
    .action(async (positional: string | undefined, flags: BundleFlags) => {
      const format = outputFormat(flags);
      const config = resolveConfig({ spec: specArgument(positional, flags.spec), config: flags.config }, ctx.io.cwd);
      const { loadSpec } = await import('../../load/index.ts');
      const loaded = await loadSpec(config.spec, { remote: { headers: config.headers } });
      for (const w of loaded.warnings) ctx.io.err(formatDiagnostic(w, ctx.io.cwd));
      const text = serialize(bundledDocument(loaded), format);
      if (!flags.out) {
        ctx.io.out(text);
        return;
      }
      const out = path.resolve(ctx.io.cwd, flags.out);
      writeAtomically(out, text);
      ctx.io.err(`socialgen: bundled ${displayPath(ctx.io.cwd, config.spec)} into ${path.relative(ctx.io.cwd, out) || out} (${format})`);
    });
}

function outputFormat(flags: BundleFlags): BundleFormat {
  if (flags.format !== undefined) {
    const f = flags.format.toLowerCase();
    if (!(FORMATS as readonly string[]).includes(f)) throw new UsageError(`unknown --format ${JSON.stringify(flags.format)}; choose yaml or json`);
    return f as BundleFormat;
  }
  return flags.out && /\.json$/i.test(flags.out) ? 'json' : 'yaml';
}

/**
 * The loaded document with every discriminator mapping value (and OAS 3.2 `defaultMapping`) that is a reference rewritten to the
 * internal pointer of its target (`#/components/schemas/Photo`). A value that is a bare schema name, or
 * whose target cannot be found, is left as written (the loader already warned about the latter).
 */
export function bundledDocument(loaded: LoadedSpec): unknown {
  const doc = structuredClone(loaded.document);
  const walk = (node: unknown, at: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, appendPointer(at, i)));
      return;
    }
    const record = node as Record<string, unknown>;
    const disc = record.discriminator as { mapping?: Record<string, unknown>; defaultMapping?: unknown } | undefined;
    if (disc && typeof disc === 'object' && disc.mapping && typeof disc.mapping === 'object') {
      for (const [value, target] of Object.entries(disc.mapping)) {
        if (typeof target !== 'string' || !/[#/.]/.test(target)) continue;
        const internal = internalTarget(loaded, appendPointer(at, 'discriminator', 'mapping', value), target);
        if (internal !== undefined) disc.mapping[value] = internal;
      }
    }
    // OAS 3.2 `defaultMapping` names a schema the same ways a mapping value does.
    if (disc && typeof disc === 'object' && typeof disc.defaultMapping === 'string' && /[#/.]/.test(disc.defaultMapping)) {
      const internal = internalTarget(loaded, appendPointer(at, 'discriminator', 'defaultMapping'), disc.defaultMapping);
      if (internal !== undefined) disc.defaultMapping = internal;
    }
    for (const [key, child] of Object.entries(record)) {
      if (key === 'example' || key === 'examples' || key === 'default' || key === 'enum' || key === 'const') continue;
      walk(child, appendPointer(at, key));
    }
  };
  walk(doc, '');
  return doc;
}

/** `#<pointer>` of a mapping reference in the bundle: resolved against the file it is written in. */
function internalTarget(loaded: LoadedSpec, mappingPointer: string, target: string): string | undefined {
  const written = loaded.origin(mappingPointer);
  const hash = target.indexOf('#');
  const filePart = hash < 0 ? target : target.slice(0, hash);
  const pointer = hash < 0 ? '' : decodeURIComponent(target.slice(hash + 1));
  const file = filePart ? fileOfUrl(new URL(filePart, baseUrlOf(written.file))) : written.file;
  const bundled = loaded.bundledPointerOf(file, pointer);
  if (bundled === undefined || getAtPointer(loaded.document, bundled) === undefined) return undefined;
  return `#${bundled}`;
}

function serialize(doc: unknown, format: BundleFormat): string {
  // Plain YAML: no anchors/aliases for shared objects (tools expect a tree), long strings kept on one line.
  return format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** Writes through a temporary sibling and a rename: a failure never leaves a half-written file. */
function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new UsageError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
