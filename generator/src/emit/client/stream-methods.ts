/**
 * The `Client` signatures of streamed operations (the model's stream fact, model/facts/streams.ts). An
 * operation that always streams returns `EventStream<Item>`; a dual-mode one (a boolean `stream` member in
 * its body) gets overloads, so the TYPES say which call gets which: `body: { stream: true }` an
 * `EventStream`, no `stream` or `stream: false` the JSON answer, an unknown boolean either.
 * Items are the media type's schema (ONE item): for event streams a `ServerSentEvent` whose `data` is that
 * type when it is JSON, else text.
 */
import { code, join, propKey, type Code } from '../../codegen/index.ts';
import {
  asType, binary, callExpression, conditional, elementAccess, functionDeclaration, indexedAccessType, intersectionType, keywordType, literalExpression, literalType,
  methodSignature, objectLiteral, property, propertyAccess, propertySignature, returnStatement, typeLiteral, typeRef, unionType, valueRef,
  type ParameterSpec, type SignatureSpec, type Statement, type TypeElement, type TypeNode,
} from '../../codegen/ts-nodes.ts';
import { factsOf, type StreamFact } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { operationTypeNode } from '../types/operation-refs.ts';
import { operationDoc } from './docs.ts';

/** A value from the client runtime, imported by name through the registry (methods.ts `ref`). */
type Ref = (name: string) => Code;

/** A type from the client runtime, imported by name through the registry (declarations.ts `Use`). */
type Use = (name: string) => string;

export interface StreamSignatureParts {
  /** `args: XArgs` / `args?: XArgs` / `args?: Record<string, never>`. */
  args: ParameterSpec;
  /** The argument interface's name, when the operation takes arguments. */
  argsName: string | undefined;
  /** Whether the argument may be left out. */
  argsOptional: boolean;
  /** The statuses of the JSON answer (`200 | 201`, or `number`). */
  status: TypeNode;
}

/** The runtime export of each framing. */
const FRAMINGS: Record<string, string> = { 'json-seq': 'jsonSeqFraming', ndjson: 'ndjsonFraming', sse: 'sseFraming' };

/** `{ sse: sseFraming, ... }`: the framings of one operation, or of the whole model. */
export function framings(formats: Iterable<string>, ref: Ref): Code {
  const used = [...new Set(formats)].sort();
  return code`{ ${join(used.map((f) => code`${propKey(f)}: ${ref(FRAMINGS[f]!)}`), ', ')} }`;
}

/** `framings` as a node. */
export function framingsNode(formats: Iterable<string>, ref: Ref) {
  const used = [...new Set(formats)].sort();
  return objectLiteral(used.map((f) => property(f, valueRef(ref(FRAMINGS[f]!).text))));
}

/** `T.Operations['x']['responses']['200']['content']['<media type>']`. */
function contentType(op: OperationModel, status: string, mediaType: string): TypeNode {
  return indexedAccessType(indexedAccessType(indexedAccessType(operationTypeNode('T', op, 'responses'), literalType(status)), literalType('content')), literalType(mediaType));
}

function union(parts: TypeNode[]): TypeNode {
  return parts.length ? unionType(parts) : keywordType('never');
}

/** The type of one item the iteration yields. */
function itemType(op: OperationModel, fact: StreamFact, use: Use): TypeNode {
  return union(
    fact.streams.map((m) => {
      const item = contentType(op, m.status, m.mediaType);
      if (m.format !== 'sse') return item;
      return m.jsonData ? typeRef(use('ServerSentEvent'), [item]) : typeRef(use('ServerSentEvent'));
    }),
  );
}

/**
 * The call signatures of a streamed operation, shared by its `Client` method and its standalone function:
 * one, or three overloads for dual-mode (`stream: true` → the stream, `false`/absent → the JSON answer,
 * an unknown boolean → either).
 */
function streamSignatures(op: OperationModel, fact: StreamFact, parts: StreamSignatureParts, use: Use): SignatureSpec[] {
  const item = typeRef(use('EventStream'), [itemType(op, fact, use)]);
  const streamOptions = { name: 'options', type: typeRef(use('StreamCallOptions')), optional: true };
  if (fact.selector === undefined || parts.argsName === undefined) return [{ parameters: [parts.args, streamOptions], returns: item }];
  const args = typeRef(parts.argsName);
  const body = (type: TypeNode, optional: boolean) =>
    intersectionType([args, typeLiteral([propertySignature('body', typeLiteral([propertySignature(fact.selector!, type, { optional })], { singleLine: true }), { optional })], { singleLine: true })]);
  const single = typeRef(use('ApiPromise'), [union(fact.single.map((m) => contentType(op, m.status, m.mediaType))), parts.status]);
  const falsy = unionType([literalType(false), literalType(null), keywordType('undefined')]);
  const callOptions = { name: 'options', type: typeRef(use('CallOptions')), optional: true };
  return [
    { parameters: [{ name: 'args', type: body(literalType(true), false) }, streamOptions], returns: item },
    { parameters: [{ name: 'args', type: body(falsy, true), optional: parts.argsOptional }, callOptions], returns: single },
    { parameters: [parts.args, streamOptions], returns: unionType([item, single]) },
  ];
}

/** The `Client` method signature(s) of a streamed operation; undefined when its success answer is no stream. */
export function streamMethodSignatures(model: ApiModel, op: OperationModel, parts: StreamSignatureParts, use: Use): TypeElement[] | undefined {
  const fact = factsOf(model).stream(op);
  if (!fact) return undefined;
  const doc = [...operationDoc(model, op, 'stream'), ...streamDoc(fact)];
  return streamSignatures(op, fact, parts, use).map((sig) => methodSignature(op.names.method, sig, doc));
}

/**
 * The standalone function of a streamed operation over a core, as nodes: one function, or (dual-mode) the
 * overloads of the method, each with the doc, and an implementation that streams when the body's selector
 * is `true`.
 */
export function streamFunction(model: ApiModel, op: OperationModel, parts: StreamSignatureParts, use: Use, ref: Ref, fn: string, spec: string): Statement[] | undefined {
  const fact = factsOf(model).stream(op);
  if (!fact) return undefined;
  const doc = [...operationDoc(model, op, 'stream'), ...streamDoc(fact), '', `The standalone form of \`Client.${op.names.method}\`, over \`createCore(...)\`.`];
  // Any core (streamed operations throw whatever its `throwOnError`) with the features the call's options
  // need (`CoreFor<O>`): each signature is generic on its options.
  const core = { name: 'core', type: intersectionType([typeRef('ClientCore', [keywordType('boolean')]), typeRef(use('CoreFor'), [typeRef('O')])]) };
  const withCore = (sig: SignatureSpec): SignatureSpec => {
    const [args, options] = sig.parameters;
    const generic = { name: 'O', constraint: options!.type, default: options!.type };
    return { ...sig, typeParameters: [generic], parameters: [core, args!, { ...options!, type: typeRef('O') }] };
  };
  const args = [valueRef('core'), propertyAccess(valueRef('ops'), spec), valueRef('args'), valueRef('options')];
  const streamed = callExpression(valueRef(ref('stream').text), [...args, framingsNode(fact.streams.map((m) => m.format), ref)]);
  const sigs = streamSignatures(op, fact, parts, use);
  if (sigs.length === 1) return [functionDeclaration(fn, withCore(sigs[0]!), [returnStatement(streamed)], doc)];
  // The implementation signature: the overloads above are what callers see.
  const implementation: SignatureSpec = {
    parameters: [{ name: 'core', type: typeRef('ClientCore', [keywordType('boolean')]) }, parts.args, { name: 'options', type: typeRef(use('StreamCallOptions')), optional: true }],
    returns: keywordType('unknown'),
  };
  const body = asType(asType(propertyAccess(valueRef('args'), 'body', { optional: true }), keywordType('unknown')), unionType([typeRef('Record', [keywordType('string'), keywordType('unknown')]), keywordType('undefined')]));
  const test = binary(elementAccess(body, literalExpression(fact.selector!), { optional: true }), '===', literalExpression(true));
  const plain = callExpression(valueRef(ref('call').text), args);
  return [...sigs.map((sig) => functionDeclaration(fn, withCore(sig), undefined, doc)), functionDeclaration(fn, implementation, [returnStatement(conditional(test, streamed, plain))])];
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
