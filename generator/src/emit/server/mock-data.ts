/**
 * ApiModel → what the mock answers (`MockData`, written into the server package's `mock-data.ts`): per
 * operation its declared responses with their sample plans and named examples, and the facts that keep
 * its answers coherent with the request, all read from the model's schema facts (response side):
 *
 * - a page token is sampled under both schemas that judge it: the token parameter's (the next request)
 *   and the next-token member's (this answer);
 * - an integer member beside the next token whose name counts (`count`, `…_count`, `…Count`) is the
 *   number of items on the page;
 * - a scalar member of the answer (or of an object member of it) named like a path parameter or a
 *   top-level member of the JSON request body carries the request's value, when every value the request
 *   may hold is also valid for the member (the same constraints, or the member only names its type).
 */
import { canonicalJson, factsOf, type SchemaFacts } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel, ResponseModel, Schema, SchemaObject } from '../../model/types.ts';
import type { MockData, MockEcho, MockOperation, MockResponse } from './runtime/mock.ts';
import { SamplePlanner } from './sample-plan.ts';

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set(['description', 'title', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'examples', 'default', 'externalDocs', 'xml', 'discriminator']);
const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/** What the mock answers for every operation (success responses from the model's facts, response side). */
export function buildMockData(model: ApiModel): MockData {
  const facts = factsOf(model);
  const planner = new SamplePlanner(facts, 'response');
  const operations: Record<string, MockOperation> = {};
  for (const op of model.operations) {
    const mock = mockOperation(op, planner, facts);
    if (mock) operations[op.names.method] = mock;
  }
  return { plans: planner.plans, operations };
}

/** The first success response (the first with content, if any has): what the mock answers by default. */
function successOf(op: OperationModel): ResponseModel | undefined {
  const success = op.responses.filter((res) => /^2/.test(res.status));
  return success.find((res) => res.content.length) ?? success[0];
}

function mockOperation(op: OperationModel, planner: SamplePlanner, facts: SchemaFacts): MockOperation | undefined {
  // Without a success response, the first declared one is the default answer (as Prism does).
  const success = successOf(op) ?? op.responses[0];
  if (!success) return undefined;
  const ordered = [success, ...op.responses.filter((res) => res !== success)];
  const out: MockOperation = { responses: ordered.map((res) => mockResponse(res, planner)) };
  const media = jsonMedia(success);
  if (!media) return out;
  const pagination = op.pagination;
  // Where a page's items are: declared or inferred, else `/data` when that is an array (the client's default).
  const itemsPointer = pagination?.itemsPointer ?? (pagination && isArray(planner.schemaAt(media.schema, '/data'), facts) ? '/data' : undefined);
  if (itemsPointer !== undefined) {
    const page = planner.planAt(media.schema, itemsPointer);
    if (page) Object.assign(out, { itemsPointer, page });
  }
  if (pagination?.kind === 'token' || pagination?.kind === 'header' || pagination?.kind === 'body') {
    // A token valid where the mock hands it out and where the client sends it back.
    const parameter = pagination.kind === 'body' ? requestMemberSchema(op, pagination.tokenMemberPointer, planner) : op.parameters.find((p) => p.in === 'query' && p.name === pagination.tokenParameter)?.schema;
    const member = pagination.kind === 'header' ? op.responses.flatMap((r) => r.headers).find((h) => h.name === pagination.nextTokenHeader)?.schema : planner.schemaAt(media.schema, pagination.nextTokenPointer);
    const parts = [parameter, member].filter((s): s is Schema => s !== undefined);
    if (parts.length) out.token = planner.plan(parts.length === 1 ? parts[0]! : { allOf: parts });
    const count = pagination.kind === 'header' ? undefined : countBeside(media.schema, pagination.nextTokenPointer, planner, facts);
    if (count !== undefined && out.page) out.countPointer = count;
  }
  if (pagination?.kind === 'link' || pagination?.kind === 'url') {
    // The mock's own next links carry the position in a page or offset parameter the operation takes.
    const page = op.parameters.find((p) => p.in === 'query' && p.name === 'page');
    const offset = op.parameters.find((p) => p.in === 'query' && p.name === 'offset');
    if (page) out.position = { parameter: page.name, by: 'page', first: facts.merged(page.schema)?.minimum === 0 ? 0 : 1 };
    else if (offset) out.position = { parameter: offset.name, by: 'offset', first: 0 };
  }
  const echoes = echoesOf(op, media.schema, facts);
  if (echoes.length) out.echoes = echoes;
  return out;
}

/** The schema of a member of the JSON request body. */
function requestMemberSchema(op: OperationModel, pointer: string, planner: SamplePlanner): Schema | undefined {
  const body = op.requestBody?.content.find((c) => /json/i.test(c.mediaType))?.schema;
  return body === undefined ? undefined : planner.schemaAt(body, pointer);
}

function isArray(schema: Schema | undefined, facts: SchemaFacts): boolean {
  if (schema === undefined) return false;
  const types = facts.jsonTypes(schema);
  return types.has('array') && !types.has('object');
}

function jsonMedia(response: ResponseModel) {
  return response.content.find((c) => /json/i.test(c.mediaType)) ?? response.content[0];
}

function mockResponse(res: ResponseModel, planner: SamplePlanner): MockResponse {
  const status = /^\d{3}$/.test(res.status) ? Number(res.status) : /^[1-5]XX$/i.test(res.status) ? Number(res.status[0]) * 100 : 200;
  const out: MockResponse = { declared: res.status, status };
  const media = jsonMedia(res);
  if (!media) return out;
  out.mediaType = media.mediaType;
  out.plan = planner.plan(media.schema);
  if (media.examples.length) out.examples = media.examples;
  if (media.exampleNames) out.exampleNames = media.exampleNames;
  return out;
}

/** The words of a member name (`result_count`, `resultCount` → result, count). */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The pointer of an integer member beside the next token whose name says it counts, if any. */
function countBeside(body: Schema, nextTokenPointer: string, planner: SamplePlanner, facts: SchemaFacts): string | undefined {
  const parentPointer = nextTokenPointer.slice(0, nextTokenPointer.lastIndexOf('/'));
  const parent = parentPointer === '' ? body : planner.schemaAt(body, parentPointer);
  if (parent === undefined) return undefined;
  const token = nextTokenPointer.slice(nextTokenPointer.lastIndexOf('/') + 1);
  const member = facts.shape(parent, 'response').members.find((m) => {
    if (m.name === token || m.schema === undefined || !words(m.name).includes('count')) return false;
    const types = facts.jsonTypes(m.schema);
    return types.has('integer') || types.has('number');
  });
  return member && `${parentPointer}/${escape(member.name)}`;
}

function escape(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The keywords of a schema that judge values (`$ref` and `allOf` merged in). */
function constraints(facts: SchemaFacts, schema: Schema): SchemaObject {
  const view = facts.merged(schema);
  return Object.fromEntries(Object.entries(view).filter(([k]) => !ANNOTATIONS.has(k) && !k.startsWith('x-'))) as SchemaObject;
}

/** Every scalar `source` admits is valid under `target`. */
function carries(facts: SchemaFacts, source: Schema, target: Schema): boolean {
  const from = facts.jsonTypes(source);
  if (from.size === 0 || [...from].some((t) => !SCALARS.has(t))) return false;
  const s = constraints(facts, source);
  const t = constraints(facts, target);
  if (canonicalJson(s) === canonicalJson(t)) return true;
  if (Object.keys(t).some((k) => k !== 'type')) return false;
  const to = facts.jsonTypes(target);
  return [...from].every((type) => to.has(type) || (type === 'integer' && to.has('number')));
}

/** Members of the default answer (top level, and one object member down) that carry a request value. */
function echoesOf(op: OperationModel, body: Schema, facts: SchemaFacts): MockEcho[] {
  const sources: { from: MockEcho['from']; name: string; member: string; schema: Schema }[] = [];
  for (const p of op.parameters) if (p.in === 'path') sources.push({ from: 'path', name: p.name, member: p.name, schema: p.schema });
  const requestMedia = op.requestBody?.content.find((c) => /json/i.test(c.mediaType));
  if (requestMedia) {
    for (const m of facts.shape(requestMedia.schema, 'request').members)
      if (m.schema !== undefined) sources.push({ from: 'body', name: `/${escape(m.name)}`, member: m.name, schema: m.schema });
  }
  if (!sources.length) return [];
  const echoes: MockEcho[] = [];
  const visit = (schema: Schema, pointer: string, depth: number) => {
    for (const member of facts.shape(schema, 'response').members) {
      if (member.schema === undefined) continue;
      const into = `${pointer}/${escape(member.name)}`;
      const source = sources.find((s) => s.member === member.name && carries(facts, s.schema, member.schema!));
      if (source) echoes.push({ into, from: source.from, name: source.name });
      else if (depth === 0 && facts.jsonTypes(member.schema).has('object') && !facts.jsonTypes(member.schema).has('array')) visit(member.schema, into, 1);
    }
  };
  if (facts.jsonTypes(body).has('object')) visit(body, '', 0);
  return echoes;
}
