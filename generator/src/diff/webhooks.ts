/**
 * OpenAPI 3.1 `webhooks`: requests the API sends to its subscribers. The model does not carry them (no target
 * generates code for them), so they are read from the bundled documents. The direction is reversed: the
 * webhook's request body is what the API sends — compared like a response (a subscriber's handler breaks on
 * a widening) — and what the subscriber answers is compared like a request (the API breaks on a narrowing).
 * Schemas inside are compared by the same schema comparison as everything else.
 */
import { appendPointer } from '../load/pointer.ts';
import type { Schema } from '../model/types.ts';
import { DOCUMENT, type DiffContext, type SchemaCtx, type SharedScope } from './context.ts';
import { compareSchemas } from './schema/compare.ts';
import type { SideModel } from './side.ts';
import { PATH_ITEM_METHODS } from '../model/http-methods.ts';


type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Webhook name → method → operation object, with its pointer (a path item `$ref` resolved inside the document). */
function webhooksOf(side: SideModel): Map<string, Map<string, { op: Json; pointer: string }>> {
  const out = new Map<string, Map<string, { op: Json; pointer: string }>>();
  const doc = side.spec.document;
  const hooks = doc.webhooks;
  if (!isRecord(hooks)) return out;
  for (const [name, raw] of Object.entries(hooks)) {
    let item = raw;
    let pointer = appendPointer('/webhooks', name);
    if (isRecord(item) && typeof item.$ref === 'string' && item.$ref.startsWith('#/')) {
      pointer = item.$ref.slice(1);
      item = resolve(doc, pointer);
    }
    if (!isRecord(item)) continue;
    const methods = new Map<string, { op: Json; pointer: string }>();
    for (const method of PATH_ITEM_METHODS) if (isRecord(item[method])) methods.set(method, { op: item[method] as Json, pointer: appendPointer(pointer, method) });
    // OAS 3.2 additional operations, by their method token as written.
    const additional = item.additionalOperations;
    if (isRecord(additional)) for (const [method, op] of Object.entries(additional)) if (isRecord(op)) methods.set(method, { op, pointer: appendPointer(pointer, 'additionalOperations', method) });
    out.set(name, methods);
  }
  return out;
}

function resolve(doc: Json, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : undefined;
  }
  return node;
}

/** An object that may be a local `$ref` (request bodies, responses), with the pointer it resolves to. */
function deref(doc: Json, value: unknown, pointer: string): { value: Json; pointer: string } | undefined {
  if (isRecord(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
    const target = resolve(doc, value.$ref.slice(1));
    return isRecord(target) ? { value: target, pointer: value.$ref.slice(1) } : undefined;
  }
  return isRecord(value) ? { value, pointer } : undefined;
}

/** Media type → schema (and its pointer) of a `content` map. */
function contentOf(doc: Json, owner: { value: Json; pointer: string } | undefined): Map<string, { schema: Schema; pointer: string }> {
  const out = new Map<string, { schema: Schema; pointer: string }>();
  const content = owner?.value.content;
  if (!isRecord(content)) return out;
  for (const [mediaType, media] of Object.entries(content)) {
    if (!isRecord(media) || media.schema === undefined) continue;
    out.set(mediaType.toLowerCase(), { schema: media.schema as Schema, pointer: appendPointer(owner!.pointer, 'content', mediaType, 'schema') });
  }
  return out;
}

export function compareWebhooks(dc: DiffContext): void {
  const before = webhooksOf(dc.base);
  const after = webhooksOf(dc.head);
  for (const [name, methods] of after) {
    if (!before.has(name)) {
      dc.add({ id: 'webhook-added', message: `webhook \`${name}\` was added`, scope: DOCUMENT, headPtr: appendPointer('/webhooks', name), where: `webhook|${name}` });
      continue;
    }
    const old = before.get(name)!;
    for (const [method, { pointer }] of methods) {
      if (!old.has(method)) dc.add({ id: 'webhook-operation-added', message: `webhook \`${name}\`: the API now also sends ${method.toUpperCase()} requests`, scope: DOCUMENT, headPtr: pointer, where: `webhook|${name}|${method}` });
    }
    for (const [method, { pointer }] of old) {
      if (!methods.has(method)) dc.add({ id: 'webhook-operation-removed', message: `webhook \`${name}\`: the API no longer sends ${method.toUpperCase()} requests — subscribers waiting for them get nothing`, scope: DOCUMENT, basePtr: pointer, anchorPtr: appendPointer('/webhooks', name), where: `webhook|${name}|${method}` });
    }
    for (const [method, head] of methods) {
      const base = old.get(method);
      if (base) compareWebhookOperation(dc, name, method, base, head);
    }
  }
  for (const name of before.keys()) {
    if (!after.has(name)) dc.add({ id: 'webhook-removed', message: `webhook \`${name}\` was removed — subscribers no longer receive these events`, scope: DOCUMENT, basePtr: appendPointer('/webhooks', name), anchorPtr: isRecord(dc.head.spec.document.webhooks) ? '/webhooks' : '/info', where: `webhook|${name}` });
  }
}

function compareWebhookOperation(dc: DiffContext, name: string, method: string, base: { op: Json; pointer: string }, head: { op: Json; pointer: string }): void {
  if (dc.identical(base.op, head.op)) return;
  const label = `webhook \`${name}\` (${method.toUpperCase()})`;
  const scope: SharedScope = { kind: 'shared', key: `webhook:${name}:${method}`, label, component: null, parents: new Set([DOCUMENT]), typeNames: [] };
  const docA = dc.base.spec.document;
  const docB = dc.head.spec.document;
  // The payload the API sends: compared like a response.
  const payloadA = contentOf(docA, deref(docA, base.op.requestBody, appendPointer(base.pointer, 'requestBody')));
  const payloadB = contentOf(docB, deref(docB, head.op.requestBody, appendPointer(head.pointer, 'requestBody')));
  compareContent(dc, payloadA, payloadB, { dir: 'response', role: 'body', scope, label: `${label} payload`, path: '', typeNames: [], depth: 0 });
  // What the subscriber answers: compared like a request.
  const responsesA = isRecord(base.op.responses) ? base.op.responses : {};
  const responsesB = isRecord(head.op.responses) ? head.op.responses : {};
  for (const status of Object.keys(responsesB)) {
    if (!(status in responsesA)) continue;
    const answerA = contentOf(docA, deref(docA, responsesA[status], appendPointer(base.pointer, 'responses', status)));
    const answerB = contentOf(docB, deref(docB, responsesB[status], appendPointer(head.pointer, 'responses', status)));
    compareContent(dc, answerA, answerB, { dir: 'request', role: 'body', scope, label: `${label} answer ${status}`, path: '', typeNames: [], depth: 0 });
  }
}

function compareContent(dc: DiffContext, before: Map<string, { schema: Schema; pointer: string }>, after: Map<string, { schema: Schema; pointer: string }>, ctx: SchemaCtx): void {
  for (const [mediaType, head] of after) {
    const base = before.get(mediaType);
    if (base) compareSchemas(dc, base.schema, base.pointer, head.schema, head.pointer, { ...ctx, label: `${ctx.label} (${mediaType})` });
  }
}
