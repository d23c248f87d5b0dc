/**
 * The server package's webhook files (docs/webhooks.md): the receiver over the webhooks' table, their error
 * shapes, and the mock's samples. The parts the client shares (the runtime copies, each webhook's route) are
 * emit/webhooks/'s.
 */
import { namedLine, typeName } from '../../codegen/module-lines.ts';
import { printModuleLine } from '../../codegen/pretty-doc.ts';
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, WebhookModel } from '../../model/types.ts';
import type { EmitContext, EmittedFile } from '../emitter.ts';
import { routeOf, runtimeFiles, webhooksOf } from '../webhooks/index.ts';
import type { WebhookSamples } from './runtime/webhook-mock.ts';
import { SamplePlanner } from './sample-plan.ts';
import { ProblemShapes } from './table.ts';

/**
 * The problem shapes of the webhooks' declared `4xx`/`4XX`/`default` JSON responses (each written once) and,
 * per webhook, which declared status gives which (`{ '400': 0, default: 1 }`); a webhook without one has none.
 */
function problemShapesOf(model: ApiModel, webhooks: readonly WebhookModel[]) {
  const shapes = new ProblemShapes(model);
  const byWebhook = new Map<WebhookModel, Record<string, number>>();
  for (const w of webhooks) {
    const problems: Record<string, number> = {};
    for (const response of w.operation.responses) {
      const at = shapes.of(response);
      if (at !== undefined) problems[response.status] = at;
    }
    if (Object.keys(problems).length) byWebhook.set(w, problems);
  }
  return { list: shapes.list, byWebhook };
}

/** What the mock samples for each webhook: request-side plans of its payload and header parameters, and the spec's example. */
function webhookSamples(model: ApiModel, webhooks: readonly WebhookModel[]): WebhookSamples {
  const planner = new SamplePlanner(factsOf(model), 'request');
  const entries = webhooks.map((w) => {
    const media = w.operation.requestBody?.content[0];
    const headers = Object.fromEntries(w.operation.parameters.filter((p) => p.in === 'header' && p.required).map((p) => [p.name, planner.plan(p.schema)]));
    return [w.name, { route: routeOf(w), ...(media ? { payload: planner.plan(media.schema) } : {}), ...(media?.examples.length ? { example: media.examples[0] } : {}), headers }] as const;
  });
  return { plans: planner.plans, webhooks: Object.fromEntries(entries) };
}


/** The server package's webhook files. */
export function serverWebhookFiles(model: ApiModel, context: EmitContext, head: string, runtimeHead: string): EmittedFile[] {
  const webhooks = webhooksOf(model);
  if (!webhooks.length) return [];
  const n = context.nodes;
  const p = context.printer;
  const shapes = problemShapesOf(model, webhooks);
  const table = webhooks.map((w) => ({
    name: w.name,
    method: w.operation.httpMethod,
    headers: w.operation.parameters.filter((q) => q.in === 'header').map((q) => q.name),
    fixes: w.fixes.map((f) => [f.member, f.value]),
    ...(shapes.byWebhook.has(w) ? { problems: shapes.byWebhook.get(w) } : {}),
  }));
  const module = p
    .module()
    .line(head)
    .line(head);
  const imports = [
    namedLine('import', ['webhookValidators'], context.importPath('validators', 'src/webhooks.ts')),
    namedLine('import', ['Webhooks'], context.importPath('types', 'src/webhooks.ts'), true),
    namedLine('import', ['fire', 'sampleOf', typeName('FireWebhookOptions'), typeName('SampleWebhookOptions'), typeName('WebhookSamples')], './runtime/webhook-mock.js'),
    namedLine('import', ['createReceiver', typeName('WebhookEntry'), typeName('WebhookReceiverOptions')], './runtime/webhook-receiver.js'),
    namedLine('import', ['TableProblemShape'], './runtime/types.js', true),
  ];
  for (const line of imports) module.line(printModuleLine(line));
  module.node(
    n.variable('const', 'WEBHOOKS', n.literalExpression(table), {
      type: n.arrayType(n.typeRef('WebhookEntry')),
      doc: ['Each webhook: its method, declared header parameters, the payload members it pins (model/webhooks.ts) and its error shapes.'],
    }),
  );
  module.node(
    n.variable('const', 'PROBLEM_SHAPES', n.literalExpression(shapes.list), {
      type: n.arrayType(n.typeRef('TableProblemShape')),
      doc: ["The problem shapes the webhooks' declared error responses give (model/facts/problem-shape.ts): refusals are answered in them."],
    }),
  );
  const request = n.typeRef('Request');
  module.node(
    n.functionDeclaration(
      'createWebhookReceiver',
      {
        parameters: [{ name: 'options', type: n.typeRef('WebhookReceiverOptions', [n.typeRef('Webhooks')]) }],
        returns: n.functionType([{ name: 'request', type: request }], n.typeRef('Promise', [n.typeRef('Response')])),
      },
      [n.returnStatement(n.callExpression(n.valueRef('createReceiver'), [n.valueRef('WEBHOOKS'), n.valueRef('webhookValidators'), n.valueRef('options'), n.valueRef('PROBLEM_SHAPES')]))],
      [
        'A Web-standard receiver, `(request: Request) => Promise<Response>`, for the webhooks in `handlers` (keyed by',
        "their names in the spec): it verifies the signature over the raw body first (401), validates headers and",
        'payload (400), finds the webhook (`dispatch`, else the payload), and calls its handler (2xx). docs/webhooks.md.',
      ],
    ),
  );
  const json = (value: unknown) => n.callExpression(n.propertyAccess(n.valueRef('JSON'), 'parse'), [n.literalExpression(JSON.stringify(value))]);
  module.node(
    n.variable('const', 'SAMPLES', json(webhookSamples(model, webhooks)), {
      type: n.typeRef('WebhookSamples'),
      doc: ["What the mock samples for each webhook (JSON text: every key stays an own property)."],
    }),
  );
  const K = n.typeRef('K');
  const typeParameters = [{ name: 'K', constraint: n.keyofType(n.typeRef('Webhooks')) }];
  const of = (member: string) => n.indexedAccessType(n.indexedAccessType(n.typeRef('Webhooks'), K), n.literalType(member));
  module.node(
    n.functionDeclaration(
      'sampleWebhook',
      {
        typeParameters,
        parameters: [
          { name: 'name', type: K },
          { name: 'options', type: n.typeRef('SampleWebhookOptions'), initializer: n.objectLiteral([]) },
        ],
        returns: n.typeLiteral([n.propertySignature('payload', of('payload')), n.propertySignature('headers', of('headers'))]),
      },
      [n.returnStatement(n.asType(n.callExpression(n.valueRef('sampleOf'), [n.valueRef('SAMPLES'), n.valueRef('name'), n.valueRef('options')]), n.typeLiteral([n.propertySignature('payload', of('payload')), n.propertySignature('headers', of('headers'))])))],
      ["The webhook `name`'s payload and required header parameters as the mock samples them (the spec's example when it has one), deterministic from `options.seed`."],
    ),
  );
  module.node(
    n.functionDeclaration(
      'fireWebhook',
      {
        typeParameters,
        parameters: [
          { name: 'name', type: K },
          { name: 'options', type: n.intersectionType([n.typeRef('FireWebhookOptions'), n.typeLiteral([n.propertySignature('payload', of('payload'), { optional: true })])]) },
        ],
        returns: n.typeRef('Promise', [n.typeRef('Response')]),
      },
      [n.returnStatement(n.callExpression(n.valueRef('fire'), [n.valueRef('SAMPLES'), n.valueRef('name'), n.valueRef('options')]))],
      [
        'Fires the webhook `name` at `options.url` as the API would: a sample (or `options.payload`) with its sampled',
        "header parameters (`options.headers` win), signed with `options.secret` under `options.signature`. docs/webhooks.md.",
      ],
    ),
  );
  return [module.file('src/webhooks.ts'), ...runtimeFiles(['webhook-signatures.ts', 'webhook-sender.ts', 'webhook-receiver.ts', 'webhook-mock.ts'], runtimeHead)];
}
