/**
 * Requests the generated validators accept, for driving the mock in tests: path, query and header
 * parameters and a JSON body sampled from their request-side plans (the sampler the mock itself uses, so a
 * request it cannot build valid is the sampler's limit, which the callers count).
 */
import { SamplePlanner } from '../../generator/src/emit/server/sample-plan.ts';
import { sample, seededRandom } from '../../generator/src/emit/server/runtime/sample.ts';
import { factsOf } from '../../generator/src/model/facts/index.ts';
import type { ApiModel, OperationModel, Schema } from '../../generator/src/model/types.ts';

export class RequestSampler {
  private readonly planner: SamplePlanner;

  constructor(model: ApiModel) {
    this.planner = new SamplePlanner(factsOf(model), 'request');
  }

  value(schema: Schema, seed: string): unknown {
    // Afresh: a spec's examples are not always valid under their own schemas.
    return sample(this.planner.plan(schema), { plans: this.planner.plans, random: seededRandom(seed), fresh: true }, 1);
  }

  /** Path parameter values of `op`, sampled (the same seed gives the same values). */
  pathParams(op: OperationModel, seed: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of op.parameters) if (p.in === 'path') out[p.name] = this.value(p.schema, `${seed}|${p.name}`);
    return out;
  }

  /**
   * A request for `op` under `origin` (required parameters, a JSON body when it takes one); `path` overrides
   * path parameter values and `query` adds query parameters. Undefined when a required parameter is an
   * object (its serialization is beyond this helper).
   */
  request(op: OperationModel, origin: string, options: { seed?: string; headers?: Record<string, string>; path?: Record<string, unknown>; query?: Record<string, string> } = {}): Request | undefined {
    const seed = options.seed ?? op.operationId;
    const params = { ...this.pathParams(op, seed), ...options.path };
    let path = op.path;
    for (const [name, value] of Object.entries(params)) path = path.replace(`{${name}}`, encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value)));
    const query = new URLSearchParams();
    const headers: Record<string, string> = { ...options.headers };
    for (const p of op.parameters) {
      if (!p.required || p.in === 'path' || p.in === 'cookie') continue;
      const value = this.value(p.schema, `${seed}|${p.name}`);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return undefined;
      const list = Array.isArray(value) ? value.map(String) : [String(value)];
      if (p.in === 'header') headers[p.name] = list.join(',');
      else if (p.explode) for (const item of list) query.append(p.name, item);
      else query.set(p.name, list.join(','));
    }
    for (const [name, value] of Object.entries(options.query ?? {})) query.set(name, value);
    const init: RequestInit = { method: op.method.toUpperCase(), headers };
    const body = op.requestBody ? this.body(op, seed) : undefined;
    if (op.requestBody?.required && !body) return undefined;
    if (body) {
      if (body.contentType) headers['content-type'] = body.contentType;
      init.body = body.payload;
    }
    return new Request(`${origin}${path}${query.size ? '?' + query : ''}`, init);
  }

  /** A JSON, urlencoded or multipart body (the first of those the operation takes), sampled. */
  private body(op: OperationModel, seed: string): { contentType?: string; payload: BodyInit } | undefined {
    const content = op.requestBody?.content ?? [];
    const json = content.find((c) => /json/i.test(c.mediaType));
    if (json) return { contentType: json.mediaType, payload: JSON.stringify(this.value(json.schema, `${seed}|body`)) };
    const form = content.find((c) => c.mediaType === 'application/x-www-form-urlencoded' || c.mediaType === 'multipart/form-data');
    if (!form) return undefined;
    const value = this.value(form.schema, `${seed}|body`);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const fields: [string, string][] = [];
    for (const [name, member] of Object.entries(value)) {
      for (const item of Array.isArray(member) ? member : [member]) fields.push([name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item)]);
    }
    if (form.mediaType === 'application/x-www-form-urlencoded') return { contentType: form.mediaType, payload: new URLSearchParams(fields).toString() };
    const data = new FormData();
    for (const [name, text] of fields) data.append(name, text);
    return { payload: data };
  }
}

/** A status that `Prefer: code=` would select the declared response `declared` with (`4XX` → 499, `default` → an undeclared one). */
export function statusFor(declared: string, op: OperationModel): number | undefined {
  if (/^[2-5]\d\d$/.test(declared)) return Number(declared);
  if (/^[2-5]XX$/i.test(declared)) return Number(declared[0]) * 100 + 99;
  if (declared !== 'default') return undefined;
  const taken = (code: number) => op.responses.some((r) => r.status === String(code) || r.status.toUpperCase() === `${String(code)[0]}XX`);
  return [599, 598, 597, 299].find((code) => !taken(code));
}
