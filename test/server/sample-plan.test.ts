/**
 * The mock's sample plans come from the model's facts: members of the side being sampled (a required
 * writeOnly member is not part of a response, a readOnly one reached through `allOf` not part of a request),
 * discriminator values from the resolved mapping, and `$ref`s as named plans so recursion stays finite.
 * The runtime sampler then produces values the generated validators accept.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/src/index.ts';
import { sample, seededRandom, type SamplePlan } from '../../generator/src/emit/server/runtime/sample.ts';
import { SamplePlanner } from '../../generator/src/emit/server/sample-plan.ts';
import { factsOf } from '../../generator/src/model/facts/index.ts';
import type { ApiModel } from '../../generator/src/model/types.ts';
import { fixtureSpecsDir } from '../helpers/paths.ts';
import { Oracle } from '../validators/helpers/oracle.ts';

let model: ApiModel;
const schema = (key: string) => model.schemas.find((s) => s.key === key)!.schema;
const memberNames = (plan: SamplePlan) => (plan.members ?? []).map(([name, , required]) => `${name}${required ? '!' : '?'}`);

beforeAll(async () => {
  model = (await loadModel(path.join(fixtureSpecsDir, 'access.yaml'))).model;
});

describe('sample plans from facts', () => {
  it('plans the members of the sampled side, access reached through $ref and allOf', () => {
    const response = new SamplePlanner(factsOf(model), 'response');
    const request = new SamplePlanner(factsOf(model), 'request');
    // Account: password is writeOnly through $ref inside an allOf part, and required.
    expect(memberNames(response.plan(schema('Account')))).toEqual(['createdAt!', 'email!', 'token!']);
    expect(memberNames(request.plan(schema('Account')))).toEqual(['email!', 'password!']);
    // Profile: readOnly and writeOnly given by another allOf part than the declaring one.
    expect(memberNames(response.plan(schema('Profile')))).toEqual(['id!', 'handle!']);
    expect(memberNames(request.plan(schema('Profile')))).toEqual(['handle!', 'pin!']);
  });

  it('tags discriminated alternatives with the values of the resolved mapping', () => {
    const planner = new SamplePlanner(factsOf(model), 'response');
    const plan = planner.plan(schema('Event'));
    expect(plan).toMatchObject({ tag: 'kind', tags: ['click', 'view'] });
    for (const seed of ['a', 'b', 'c', 'd']) {
      const value = sample(plan, { plans: planner.plans, random: seededRandom(seed) }) as { kind: string; x?: number; page?: string };
      expect(value.kind === 'click' ? typeof value.x : typeof value.page).toBe(value.kind === 'click' ? 'number' : 'string');
    }
  });

  it('refers to named schemas by key, so a recursive schema samples to a finite value', () => {
    const planner = new SamplePlanner(factsOf(model), 'response');
    const plan = planner.plan({ $ref: '#/components/schemas/TreeNode' });
    expect(plan).toEqual({ ref: 'TreeNode' });
    const value = sample(plan, { plans: planner.plans, random: seededRandom('tree'), optionalDepth: 3 });
    expect(JSON.stringify(value).length).toBeGreaterThan(10);
  });

  it('leaves out an optional member no value satisfies (an emptied enum), and Ajv accepts every sample', async () => {
    // wowza.com's `chunk_size: {type: string, enum: [2, 4, 6, 8, 10]}`: the model empties the enum (a
    // contradiction), so no string is valid; sampling it as an unrestricted string made invalid answers.
    const contradictory = (await loadModel(path.join(fixtureSpecsDir, '../directory/contradictory-enum.yaml'))).model;
    const planner = new SamplePlanner(factsOf(contradictory), 'response');
    const stream = contradictory.schemas.find((s) => s.key === 'Stream')!.schema;
    const plan = planner.plan(stream);
    const chunk = (plan.members ?? []).find(([name]) => name === 'chunk_size')!;
    expect(chunk[1]).toEqual({ none: true });
    const validate = new Oracle(contradictory, 'response').compile(stream);
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const value = sample(plan, { plans: planner.plans, random: seededRandom(seed), optionalDepth: 3 }) as Record<string, unknown>;
      expect(value).not.toHaveProperty('chunk_size');
      expect(validate(value), JSON.stringify(value)).toBe(true);
    }
    // An array of such items stays empty rather than holding invalid items.
    const list = planner.plan({ type: 'array', items: { $ref: '#/components/schemas/ChunkSize' } });
    expect(sample(list, { plans: planner.plans, random: seededRandom('list') })).toEqual([]);
  });

  it('plans a recursion through documented references (allOf of a $ref and a description) by name, and stops any other inline cycle', async () => {
    const recursive = (await loadModel(path.join(fixtureSpecsDir, '../directory/recursive-allof-ref.yaml'))).model;
    const planner = new SamplePlanner(factsOf(recursive), 'response');
    const plan = planner.plan({ $ref: '#/components/schemas/ColumnInfo' });
    expect(plan).toEqual({ ref: 'ColumnInfo' });
    // The documented reference is a named plan, so the recursion is finite and each level is the same plan.
    const type = (planner.plans.ColumnInfo!.members ?? []).find(([name]) => name === 'Type')!;
    expect(type[1]).toEqual({ ref: 'Type' });
    const validate = new Oracle(recursive, 'response').compile({ $ref: '#/components/schemas/ColumnInfo' });
    for (const seed of ['a', 'b', 'c', 'd']) {
      const value = sample(plan, { plans: planner.plans, random: seededRandom(seed), optionalDepth: 4 });
      expect(validate(value), JSON.stringify(value)).toBe(true);
    }
    // An inline schema that contains itself (no name to plan it by) ends where it recurs.
    const loop: Record<string, unknown> = { type: 'object', properties: {} };
    (loop.properties as Record<string, unknown>).self = { allOf: [loop, { minProperties: 0 }] };
    expect(new SamplePlanner(factsOf(recursive), 'response').plan(loop as never)).toMatchObject({ type: 'object' });
  });
});
