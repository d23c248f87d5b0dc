/**
 * Webhooks and callbacks: the requests an API sends to its users. Each operation of the OAS 3.1 `webhooks`
 * map and of every operation's `callbacks` becomes a WebhookModel holding an OperationModel built exactly as
 * a path's operation is (header parameters, request body schemas, planned names), so every target reads
 * its types and validators the way it reads an operation's.
 *
 * Two facts tell webhooks apart at run time (`webhookFacts`, once the model is whole): the values each
 * payload pins (`const`, a one-member `enum`: GitHub's `action`), and which webhooks pin the same values, so
 * that only the validators can tell them apart and a payload both accept is ambiguous (GitHub's `ping` and
 * `push` pin nothing; `label-created` and `repository-created` pin the same `action`). Generation warns
 * naming those, at the first one's place in the spec.
 */
import type { LoadedSpec } from '../load/index.ts';
import { appendPointer, getAtPointer, parsePointer, toPointer } from '../load/pointer.ts';
import { canonicalJson } from './facts/all-of.ts';
import { factsOf } from './facts/index.ts';
import { deref } from './deref.ts';
import type { NamePlanner } from './naming.ts';
import { pathItemOperations } from './operations.ts';
import type { SchemaContext } from './schema-normalize.ts';
import type { ApiModel, JsonValue, OperationModel, WebhookModel } from './types.ts';
import { isRecord } from './values.ts';

type Report = SchemaContext['report'];

/** The webhooks of `webhooks`, then the callbacks of `operations` (document order); facts are filled in by `webhookFacts`. */
export function buildWebhooks(spec: LoadedSpec, ctx: SchemaContext, planner: NamePlanner, report: Report, operations: readonly OperationModel[]): WebhookModel[] {
  const doc = spec.document;
  const out: WebhookModel[] = [];
  const seenIds = new Map<string, string>();
  const names = new Set<string>();
  const add = (kind: WebhookModel['kind'], name: string, path: string, pointer: string, value: unknown, qualifier: string): void => {
    const r = deref(doc, value, pointer);
    if ('error' in r) {
      report({ code: 'ref-unresolved', pointer: r.pointer, message: r.error });
      return;
    }
    if (!isRecord(r.value)) return;
    const ops = pathItemOperations(spec, ctx, planner, report, {
      path,
      pointer: r.pointer,
      item: r.value,
      shared: [],
      seenIds,
      // The handler key names the method, so `webhook-<name>` never collides with an operation's method name.
      synthesize: (method) => `${kind} ${name} ${method}`,
    });
    for (const operation of ops) {
      let key = ops.length > 1 ? `${name}-${operation.method}` : name;
      if (names.has(key)) key = `${qualifier}-${key}`;
      for (let i = 2; names.has(key); i++) key = `${name}-${i}`;
      names.add(key);
      out.push({ name: key, kind, operation, fixes: [], overlaps: [], pointer: operation.pointer });
    }
  };
  if (isRecord(doc.webhooks)) {
    for (const [name, item] of Object.entries(doc.webhooks)) add('webhook', name, name, toPointer(['webhooks', name]), item, 'webhook');
  }
  for (const op of operations) {
    const callbacks = deref(doc, getAtPointer(doc, parsePointer(appendPointer(op.pointer, 'callbacks'))), appendPointer(op.pointer, 'callbacks'));
    if ('error' in callbacks || !isRecord(callbacks.value)) continue;
    for (const [callbackName, callback] of Object.entries(callbacks.value)) {
      const c = deref(doc, callback, appendPointer(callbacks.pointer, callbackName));
      if ('error' in c || !isRecord(c.value)) continue;
      const expressions = Object.keys(c.value).filter((k) => !k.startsWith('x-'));
      for (const expression of expressions) {
        add('callback', expressions.length > 1 ? `${callbackName}-${expressions.indexOf(expression) + 1}` : callbackName, expression, appendPointer(c.pointer, expression), c.value[expression], op.operationId);
      }
    }
  }
  return out;
}

/** The payload members each webhook pins and the webhooks it overlaps; warns once per group of overlapping webhooks. */
export function webhookFacts(model: ApiModel, report: Report): void {
  const webhooks = model.webhooks ?? [];
  const facts = factsOf(model);
  for (const w of webhooks) {
    const media = w.operation.requestBody?.content.find((m) => facts.media(m, 'request').kind === 'json') ?? w.operation.requestBody?.content[0];
    if (!media) continue;
    for (const member of facts.shape(media.schema, 'request').members) {
      if (!member.schema) continue;
      const values = facts.enumerated(member.schema);
      if (values?.length === 1) w.fixes.push({ member: member.name, value: values[0] as JsonValue });
    }
  }
  // Two webhooks overlap when they pin the same members to the same values: the receiver narrows by pinned
  // values, preferring the webhook that pins more (order-created's `action` over ping's nothing), so only
  // equally specific webhooks are left for the validators to tell apart.
  const pinned = new Map(webhooks.map((w) => [w, w.fixes.map((f) => `${JSON.stringify(f.member)}=${canonicalJson(f.value)}`).sort().join('\n')]));
  for (const a of webhooks) {
    for (const b of webhooks) {
      if (a !== b && a.operation.method === b.operation.method && pinned.get(a) === pinned.get(b)) a.overlaps.push(b.name);
    }
  }
  // One warning per group of webhooks linked by overlaps (GitHub's `ping` links all 261 into one), at its first member.
  const grouped = new Set<WebhookModel>();
  const byName = new Map(webhooks.map((w) => [w.name, w]));
  for (const first of webhooks) {
    if (grouped.has(first) || !first.overlaps.length) continue;
    const group = [first];
    grouped.add(first);
    for (let i = 0; i < group.length; i++) {
      for (const name of group[i]!.overlaps) {
        const other = byName.get(name)!;
        if (!grouped.has(other)) {
          grouped.add(other);
          group.push(other);
        }
      }
    }
    const shown = group.slice(0, 6).map((w) => JSON.stringify(w.name)).join(', ');
    const more = group.length > 6 ? ` and ${group.length - 6} more` : '';
    report({
      code: 'webhook-overlap',
      severity: 'warning',
      pointer: first.pointer,
      message: `${group.length} webhooks cannot be told apart by the payload members they pin (${shown}${more}: they pin the same values): a receiver needs a dispatch rule (\`dispatch: { header, member }\`), else it answers a payload several of them accept with a problem naming them`,
    });
  }
}
