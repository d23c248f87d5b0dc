/**
 * The `zod` target (opt-in): Zod 4 schemas of the API (`@<scope>/zod`, or `<out>/zod/` with
 * `layout: files`), `zod` a peer dependency. `z<Name>` per component schema (the response form, as the
 * validators check a schema by default) and `z<Name>Write` where the request form differs (readOnly
 * members optional, writeOnly ones required: the model's `directional` fact, as the types' `<Name>Write`);
 * per operation `z<Op>Params`, `z<Op>Query`, `z<Op>Headers`, `z<Op>Body` and `z<Op>Response` (`op.names.base`).
 *
 * The schemas mean what the compiled validators mean (convert.ts); what Zod cannot express exactly is
 * listed in the exported `GAPS` and on the schema's doc comment (docs/zod.md).
 *
 * Output: `src/index.ts` (nodes laid out by the printer), `src/runtime.ts` (refinements, copied from
 * ./runtime/schemas.ts) and `src/checks.ts` (the validators' own checks and format checkers it needs,
 * copied from the validators' runtime library).
 */
import { readFileSync } from 'node:fs';
import type { Expression } from '../../codegen/ts-nodes.ts';
import type { Direction } from '../../model/fact-types.ts';
import { factsOf } from '../../model/facts/index.ts';
import { refKey } from '../../model/refs.ts';
import type { ApiModel, MediaTypeModel, OperationModel, ParameterLocation, Schema, SchemaObject } from '../../model/types.ts';
import type { EmitContext, EmittedFile, TargetEmitter } from '../emitter.ts';
import { HELPERS } from '../validators/runtime/helpers/index.ts';
import { FORMATS, stringFormats } from '../validators/runtime/formats/index.ts';
import { ZodConverter, type ConvertContext } from './convert.ts';

/** The zod versions the output is written for. */
export const ZOD_RANGE = '^4.0.0';

/** The validators' checks src/runtime.ts imports from src/checks.ts. */
const CHECKS = ['_dup', '_eq', '_inc', '_int32', '_len', '_mul'];

let runtimeText: string | undefined;

/** The runtime's source (read once; the emitter stays pure). */
function runtimeSource(): string {
  runtimeText ??= readFileSync(new URL('./runtime/schemas.ts', import.meta.url), 'utf8');
  return runtimeText;
}

/** The parts of an operation with a schema: path, query and header parameters, request body, success response. */
export type ZodPart = 'Params' | 'Query' | 'Headers' | 'Body' | 'Response';

/** The exported names: components (and their request forms), then operation parts. */
export interface ZodNames {
  schema(key: string, direction: Direction): string;
  part(op: OperationModel, part: ZodPart): string;
}

export function zodNames(model: ApiModel, context: EmitContext): ZodNames {
  const facts = factsOf(model);
  const taken = new Set(['GAPS', 'z']);
  const schemas = new Map<string, string>();
  for (const s of model.schemas) {
    schemas.set(`response:${s.key}`, context.codegen.uniqueName(`z${s.typeName}`, taken));
    taken.add(schemas.get(`response:${s.key}`)!);
    if (facts.directional.has(s.key)) {
      schemas.set(`request:${s.key}`, context.codegen.uniqueName(`z${s.typeName}Write`, taken));
      taken.add(schemas.get(`request:${s.key}`)!);
    }
  }
  const parts = new Map<string, string>();
  for (const op of model.operations) {
    for (const part of ['Params', 'Query', 'Headers', 'Body', 'Response']) {
      const name = context.codegen.uniqueName(`z${op.names.base}${part}`, taken);
      taken.add(name);
      parts.set(`${op.names.method}:${part}`, name);
    }
  }
  return {
    schema: (key, direction) => schemas.get(`${direction}:${key}`) ?? schemas.get(`response:${key}`)!,
    part: (op, part) => parts.get(`${op.names.method}:${part}`)!,
  };
}

/** Keys of the named schemas a schema refers to (references and discriminator mappings), in order. */
function references(schema: Schema, out: string[] = []): string[] {
  if (typeof schema !== 'object' || schema === null) return out;
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach(visit);
    const o = node as SchemaObject;
    if (typeof o.$ref === 'string') {
      const key = refKey(o.$ref);
      if (key !== undefined) out.push(key);
    }
    for (const target of Object.values(o.discriminator?.mapping ?? {})) {
      const key = refKey(target);
      if (key !== undefined) out.push(key);
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples' && k !== 'discriminator') visit(v);
  };
  visit(schema);
  return out;
}

/** The operation's media type a part describes: the first JSON one, else the first. */
function jsonMedia(content: readonly MediaTypeModel[], kinds: readonly string[]): MediaTypeModel | undefined {
  return content[kinds.indexOf('json')] ?? content.find((_, i) => kinds[i] !== 'json-stream' && kinds[i] !== 'event-stream');
}

function emitIndex(model: ApiModel, context: EmitContext): { index: EmittedFile; formats: Set<string>; gaps: Map<string, string[]> } {
  const n = context.nodes;
  const p = context.printer;
  const facts = factsOf(model);
  const names = zodNames(model, context);
  const declared = new Set<string>();
  const runtime = new Set<string>();
  const formats = new Set<string>();
  const gapsByName = new Map<string, string[]>();
  const asserted = new Set(Object.keys(stringFormats()));
  const lazy = { used: false };
  const converter = (direction: Direction, gaps: string[]) => {
    const ctx: ConvertContext = { n, facts, direction, refName: names.schema, declared, runtime, formats, stringFormats: asserted, gaps, lazy };
    return new ZodConverter(ctx);
  };
  const pending: { name: string; value: Expression; doc: string[]; typed: boolean; refs: string[]; direction: Direction }[] = [];
  const declare = (name: string, value: Expression, doc: string[], gaps: string[], schema: Schema, direction: Direction) => {
    if (gaps.length) gapsByName.set(name, gaps);
    // A declaration reaching itself through `z.lazy` has no inferable type: it is typed as any Zod schema.
    pending.push({ name, value, doc, typed: lazy.used, refs: references(schema), direction });
    lazy.used = false;
    declared.add(name);
  };

  // Component schemas, each after the schemas it refers to (a reference back along a cycle is deferred).
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (key: string, direction: Direction): void => {
    const id = names.schema(key, direction);
    const named = byKey.get(key);
    if (!named || state.has(id)) return;
    state.set(id, 'visiting');
    const own = direction === 'request' && facts.directional.has(key) ? 'request' : 'response';
    for (const ref of references(named.schema)) visit(ref, own);
    const gaps: string[] = [];
    const doc = [own === 'request' ? `\`${key}\` as sent in requests: readOnly members optional, writeOnly members required.` : `\`${key}\`.`];
    declare(id, converter(own, gaps).convert(named.schema, named.pointer), doc, gaps, named.schema, own);
    state.set(id, 'done');
  };
  for (const s of model.schemas) {
    visit(s.key, 'response');
    if (facts.directional.has(s.key)) visit(s.key, 'request');
  }

  // Operation parts.
  for (const op of model.operations) {
    const label = `\`${op.httpMethod} ${op.path}\` (operation \`${op.operationId}\`)`;
    const locations: [ParameterLocation, ZodPart, string][] = [
      ['path', 'Params', 'path parameters'],
      ['query', 'Query', 'query parameters'],
      ['header', 'Headers', 'header parameters'],
    ];
    for (const [where, part, what] of locations) {
      const params = op.parameters.filter((x) => x.in === where);
      if (!params.length) continue;
      const properties: Record<string, Schema> = {};
      for (const x of params) Object.defineProperty(properties, x.name, { value: x.schema, enumerable: true });
      const schema: SchemaObject = { type: 'object', properties, required: params.filter((x) => x.required).map((x) => x.name) };
      const gaps: string[] = [];
      declare(names.part(op, part), converter('request', gaps).convert(schema, `${op.pointer}/parameters`), [`The ${what} of ${label}, as parsed values.`], gaps, schema, 'request');
    }
    const body = op.requestBody && jsonMedia(op.requestBody.content, facts.requestMedia(op).map((m) => m.kind));
    if (body) {
      const gaps: string[] = [];
      declare(names.part(op, 'Body'), converter('request', gaps).convert(body.schema, body.pointer), [`The request body of ${label} (\`${body.mediaType}\`).`], gaps, body.schema, 'request');
    }
    const success: MediaTypeModel[] = [];
    for (const res of op.responses.filter((r) => /^2/.test(r.status))) {
      const media = jsonMedia(res.content, facts.responseMedia(res).map((m) => m.kind));
      if (media) success.push(media);
    }
    if (success.length) {
      const gaps: string[] = [];
      const c = converter('response', gaps);
      const members = success.map((m) => c.convert(m.schema, m.pointer));
      const value = members.length === 1 ? members[0]! : n.callExpression(n.propertyAccess(n.valueRef('z'), 'union'), [n.arrayLiteral(members)]);
      declare(names.part(op, 'Response'), value, [`The success response body of ${label} (${success.map((m) => `\`${m.mediaType}\``).join(', ')}).`], gaps, { allOf: success.map((m) => m.schema) }, 'response');
    }
  }

  const head = context.codegen.docComment([`Generated by socialgen ${context.generatorVersion} from ${model.info.title} ${model.info.version}. Do not edit: regenerate.`]);
  const module = p.module().line(head.text);
  const { namedLine } = context.moduleLines;
  // The schemas are the module's only readers of zod (`z.object`, `z.ZodType`): a spec without any imports none.
  const named = n.namesIn(pending.map((d) => d.value));
  if (named.has('z') || pending.some((d) => d.typed)) module.moduleLine(namedLine('import', ['z'], 'zod'));
  const checkers = [...formats].sort().map((f) => `_f${f.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}`);
  if (checkers.length) module.moduleLine(namedLine('import', checkers, './checks.js'));
  if (runtime.size) module.moduleLine(namedLine('import', [...runtime].sort(), './runtime.js'));
  // A schema referring to an inexact one is inexact too (fixed point over the references).
  const refNames = (refs: string[], direction: Direction) => refs.map((key) => names.schema(key, direction));
  for (let changed = true; changed; ) {
    changed = false;
    for (const d of pending) {
      const own = gapsByName.get(d.name) ?? [];
      const via = [...new Set(refNames(d.refs, d.direction))].filter((r) => r !== d.name && gapsByName.has(r) && !own.includes(`through ${r}`));
      if (!via.length) continue;
      gapsByName.set(d.name, [...own, ...via.map((r) => `through ${r}`)]);
      changed = true;
    }
  }
  for (const d of pending) {
    const gaps = gapsByName.get(d.name) ?? [];
    const gapDoc = gaps.length ? [`Not exact in Zod (see \`GAPS\`): ${gaps.join('; ')}.`] : [];
    module.node(n.constDeclaration(d.name, d.value, [...d.doc, ...gapDoc], d.typed ? { type: n.qualifiedTypeRef('z', 'ZodType') } : {}));
  }
  const gaps = n.objectLiteral(
    [...gapsByName].map(([name, list]) => n.property(name, n.literalExpression(list))),
    { multiLine: gapsByName.size > 0 },
  );
  module.node(
    n.constDeclaration('GAPS', gaps, ['What Zod cannot express exactly, by exported schema: `keyword at pointer` (docs/zod.md). Such a schema accepts more than the validators there.'], {
      type: n.typeRef('Readonly', [n.typeRef('Record', [n.keywordType('string'), n.readonlyType(n.arrayType(n.keywordType('string')))])]),
    }),
  );
  // Left to prettier as a whole: the printer lays out a call chained after a call that breaks over lines
  // (`z.intersection(…).optional()`) otherwise than prettier does, which deep schemas produce often.
  const { formatted: _unclaimed, ...index } = module.file('src/index.ts');
  return { index, formats, gaps: gapsByName };
}

function emitZod(model: ApiModel, context: EmitContext): EmittedFile[] {
  const { docComment } = context.codegen;
  const { index, formats } = emitIndex(model, context);
  const formatNames = [...formats].sort().map((f) => stringFormats()[f]!.piece);
  const checks = [...HELPERS.close(CHECKS), ...FORMATS.close(formatNames)].map((d) => d.text).join('\n\n');
  const copied = (what: string) => docComment([`Copied by socialgen ${context.generatorVersion}: ${what}, identical for every spec.`]).text;
  return [
    index,
    // Kept prettier-clean at the source: nothing to format.
    { path: 'src/runtime.ts', contents: copied('the Zod refinements of the zod target') + runtimeSource(), format: 'typescript', formatted: true },
    { path: 'src/checks.ts', contents: `${copied("the validators' checks these schemas use")}${checks}\n`, format: 'typescript' },
  ];
}

export const zodEmitter: TargetEmitter = {
  name: 'zod',
  dependsOn: [],
  files: ['src/index.ts', 'src/runtime.ts', 'src/checks.ts'],
  optIn: true,
  package: {
    summary: 'Zod 4 schemas of every component schema and operation part, meaning what the generated validators mean (GAPS lists what Zod cannot express exactly).',
    example: (model, context) => {
      const n = context.nodes;
      const keys = n.callExpression(n.propertyAccess(n.valueRef('Object'), 'keys'), [n.valueRef('GAPS')]);
      const log = n.expressionStatement(n.callExpression(n.propertyAccess(n.valueRef('console'), 'log'), [keys]));
      return context.printer.module().node(n.importDeclaration({ names: ['GAPS'] }, context.importPath('zod', 'src/index.ts'))).node(log);
    },
    peerDependencies: { zod: ZOD_RANGE },
  },
  emit: emitZod,
};
