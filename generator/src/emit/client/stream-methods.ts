/**
 * The `Client` signatures of streamed operations (the model's stream fact, model/facts/streams.ts). An
 * operation that always streams returns `EventStream<Item>`; a dual-mode one (a boolean `stream` member in
 * its body) gets overloads, so the TYPES say which call gets which: `body: { stream: true }` an
 * `EventStream`, no `stream` or `stream: false` the JSON answer, an unknown boolean either.
 * Items are the media type's schema (ONE item): for event streams a `ServerSentEvent` whose `data` is that
 * type when it is JSON, else text.
 */
import { code, docComment, ident, join, lit, propKey, raw, type Code } from '../../codegen/index.ts';
import { factsOf, type StreamFact } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { typeRef } from './code-helpers.ts';
import { operationDoc } from './docs.ts';

/** A type or value from the client runtime, imported by name through the registry (methods.ts `Ref`). */
type Ref = (name: string) => Code;

/** `T.<Op>Responses['200']['content']['<media type>']`. */
function contentType(op: OperationModel, status: string, mediaType: string): Code {
  return code`${typeRef(op.names.responses)}[${lit(status)}]['content'][${lit(mediaType)}]`;
}

function union(parts: Code[]): Code {
  return parts.length ? join(parts, ' | ') : raw('never');
}

/** The type of one item the iteration yields. */
export function streamItemType(op: OperationModel, fact: StreamFact, ref: Ref): Code {
  return union(
    fact.streams.map((m) => {
      const item = contentType(op, m.status, m.mediaType);
      if (m.format !== 'sse') return item;
      return m.jsonData ? code`${ref('ServerSentEvent')}<${item}>` : ref('ServerSentEvent');
    }),
  );
}

export interface StreamSignatureParts {
  /** `args: XArgs` / `args?: XArgs` / `args?: Record<string, never>`. */
  argsParam: Code;
  /** The argument interface's name, when the operation takes arguments. */
  argsName: string | undefined;
  /** Whether the argument may be left out. */
  argsOptional: boolean;
  /** The statuses of the JSON answer (`200 | 201`, or `number`). */
  status: Code;
}

/** The runtime export of each framing. */
const FRAMINGS: Record<string, string> = { 'json-seq': 'jsonSeqFraming', ndjson: 'ndjsonFraming', sse: 'sseFraming' };

/** `{ sse: sseFraming, ... }`: the framings of one operation, or of the whole model. */
export function framings(formats: Iterable<string>, ref: Ref): Code {
  const used = [...new Set(formats)].sort();
  return code`{ ${join(used.map((f) => code`${propKey(f)}: ${ref(FRAMINGS[f]!)}`), ', ')} }`;
}

/** The signatures (one, or three overloads for dual-mode) after the name: `(args, options): Returns;`. */
function overloads(op: OperationModel, fact: StreamFact, parts: StreamSignatureParts, ref: Ref, first: Code): Code[] {
  const item = code`${ref('EventStream')}<${streamItemType(op, fact, ref)}>`;
  if (fact.selector === undefined || parts.argsName === undefined) return [code`${first}${parts.argsParam}, options?: ${ref('StreamCallOptions')}): ${item}`];
  const args = raw(parts.argsName);
  const selector = propKey(fact.selector);
  const single = code`${ref('ApiPromise')}<${union(fact.single.map((m) => contentType(op, m.status, m.mediaType)))}, ${parts.status}>`;
  const optional = parts.argsOptional ? code`?` : code``;
  return [
    code`${first}args: ${args} & { body: { ${selector}: true } }, options?: ${ref('StreamCallOptions')}): ${item}`,
    code`${first}args${optional}: ${args} & { body?: { ${selector}?: false | null | undefined } }, options?: ${ref('CallOptions')}): ${single}`,
    code`${first}${parts.argsParam}, options?: ${ref('StreamCallOptions')}): ${item} | ${single}`,
  ];
}

/** The `Client` method signature(s) of a streamed operation; undefined when its success answer is no stream. */
export function streamMethod(model: ApiModel, op: OperationModel, parts: StreamSignatureParts, ref: Ref): Code | undefined {
  const fact = factsOf(model).stream(op);
  if (!fact) return undefined;
  const doc = docComment([...operationDoc(model, op, 'stream'), ...streamDoc(fact)]);
  return join(
    overloads(op, fact, parts, ref, code`${propKey(op.names.method)}(`).map((sig) => code`${doc}${sig};\n`),
    '',
  );
}

/** The standalone function of a streamed operation over a core (overloaded like the method when dual-mode). */
export function streamFunction(model: ApiModel, op: OperationModel, parts: StreamSignatureParts, ref: Ref, fn: string, spec: string): Code | undefined {
  const fact = factsOf(model).stream(op);
  if (!fact) return undefined;
  const doc = docComment([...operationDoc(model, op, 'stream'), ...streamDoc(fact), '', `The standalone form of \`Client.${op.names.method}\`, over \`createCore(...)\`.`]);
  const entry = code`ops.${ident(spec)}`;
  const streamed = code`${ref('stream')}(core, ${entry}, args, options, ${framings(fact.streams.map((m) => m.format), ref)})`;
  const sigs = overloads(op, fact, parts, ref, code`export function ${ident(fn)}(core: ClientCore, `);
  if (sigs.length === 1) return code`${doc}${sigs[0]!} {\n  return ${streamed};\n}\n\n`;
  const when = lit(fact.selector!);
  return code`${join(sigs.map((sig) => code`${doc}${sig};\n`), '')}export function ${ident(fn)}(core: ClientCore, ${parts.argsParam}, options?: ${ref('StreamCallOptions')}): unknown {
  return (args?.body as unknown as Record<string, unknown> | undefined)?.[${when}] === true ? ${streamed} : ${ref('call')}(core, ${entry}, args, options);
}

`;
}

function streamDoc(fact: StreamFact): string[] {
  const names = { sse: 'an event stream', ndjson: 'one JSON text per line', 'json-seq': 'a JSON text sequence' };
  const formats = fact.streams.map((m) => `\`${m.mediaType}\`, ${names[m.format]}`).filter((t, i, all) => all.indexOf(t) === i).join('; ');
  const lines = ['', `The answer is a stream (${formats}): iterate with \`for await\`; leaving the loop or aborting closes the connection.`];
  if (fact.selector !== undefined) lines.push(`It streams when the body sets \`${fact.selector}: true\`; otherwise the call resolves to the whole answer.`);
  if (fact.streams.some((m) => m.format === 'sse')) lines.push('Event streams end at the `data` sentinel `[DONE]` (`sentinel` option) and reconnect with `Last-Event-ID`.');
  return lines;
}

/** The framings the model's streams use (the client binds only their runtime modules). */
export function streamFormats(model: ApiModel): Set<string> {
  const out = new Set<string>();
  for (const op of model.operations) for (const m of factsOf(model).stream(op)?.streams ?? []) out.add(m.format);
  return out;
}
