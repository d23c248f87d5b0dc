/**
 * The `Client` signatures of streamed operations (the model's stream fact, model/facts/streams.ts). An
 * operation that always streams returns `EventStream<Item>`; a dual-mode one (a boolean `stream` member in
 * its body) gets overloads, so the TYPES say which call gets which: `body: { stream: true }` an
 * `EventStream`, no `stream` or `stream: false` the JSON answer, an unknown boolean either.
 * Items are the media type's schema (ONE item): for event streams a `ServerSentEvent` whose `data` is that
 * type when it is JSON, else text.
 */
import { code, docComment, join, lit, propKey, raw, type Code } from '../../codegen/index.ts';
import { factsOf, type StreamFact } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { typeRef } from './code-helpers.ts';
import { operationDoc } from './docs.ts';

/** `T.<Op>Responses['200']['content']['<media type>']`. */
function contentType(op: OperationModel, status: string, mediaType: string): Code {
  return code`${typeRef(op.names.responses)}[${lit(status)}]['content'][${lit(mediaType)}]`;
}

function union(parts: Code[]): Code {
  return parts.length ? join(parts, ' | ') : raw('never');
}

/** The type of one item the iteration yields. */
export function streamItemType(op: OperationModel, fact: StreamFact): Code {
  return union(
    fact.streams.map((m) => {
      const item = contentType(op, m.status, m.mediaType);
      if (m.format !== 'sse') return item;
      return m.jsonData ? code`ServerSentEvent<${item}>` : raw('ServerSentEvent');
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

/** The method signature(s) of a streamed operation; undefined when its success answer is no stream. */
export function streamMethod(model: ApiModel, op: OperationModel, parts: StreamSignatureParts): Code | undefined {
  const fact = factsOf(model).stream(op);
  if (!fact) return undefined;
  const name = propKey(op.names.method);
  const item = streamItemType(op, fact);
  const doc = docComment([...operationDoc(model, op, 'stream'), ...streamDoc(fact)]);
  if (fact.selector === undefined || parts.argsName === undefined) {
    return code`${doc}${name}(${parts.argsParam}, options?: StreamCallOptions): EventStream<${item}>;\n`;
  }
  const args = raw(parts.argsName);
  const selector = propKey(fact.selector);
  const single = union(fact.single.map((m) => contentType(op, m.status, m.mediaType)));
  const optional = parts.argsOptional ? code`?` : code``;
  return code`${doc}${name}(args: ${args} & { body: { ${selector}: true } }, options?: StreamCallOptions): EventStream<${item}>;
${doc}${name}(args${optional}: ${args} & { body?: { ${selector}?: false | null | undefined } }, options?: CallOptions): ApiPromise<${single}, ${parts.status}>;
${doc}${name}(${parts.argsParam}, options?: StreamCallOptions): EventStream<${item}> | ApiPromise<${single}, ${parts.status}>;
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

/** Whether any operation of the model has a streamed answer (the client then imports the stream runtime). */
export function hasStreams(model: ApiModel): boolean {
  return model.operations.some((op) => factsOf(model).stream(op) !== undefined);
}

/** The framings the model's streams use: the client imports only their runtime modules. */
export function streamFormats(model: ApiModel): Set<string> {
  const out = new Set<string>();
  for (const op of model.operations) for (const m of factsOf(model).stream(op)?.streams ?? []) out.add(m.format);
  return out;
}

/** Whether any event stream is typed with `ServerSentEvent`. */
export function hasEventStreams(model: ApiModel): boolean {
  return streamFormats(model).has('sse');
}

/** Whether any operation is dual-mode (needs `ApiPromise`/`CallOptions` even when everything else streams). */
export function hasDualMode(model: ApiModel): boolean {
  return model.operations.some((op) => factsOf(model).stream(op)?.selector !== undefined);
}
