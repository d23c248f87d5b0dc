/**
 * The server runtime's path router (runtime/router.ts) on templates that name one position differently, as
 * DigitalOcean's spec does under `/v2/gen-ai/agents/`: `{agent_uuid}/api_keys`, `{parent_agent_uuid}/child_agents/
 * {child_agent_uuid}` and `{uuid}/versions`. Each path must reach its own template with its own parameter names
 * (the mock's pagination test of every DigitalOcean listing found `{uuid}/versions` answered 400 "The `uuid`
 * path parameter is missing": the parameter had been named `parent_agent_uuid`).
 */
import { describe, expect, it } from 'vitest';
import { Router } from '../../generator/src/emit/server/runtime/router.ts';
import type { TableOperation } from '../../generator/src/emit/server/runtime/types.ts';

const TEMPLATES = [
  '/v2/gen-ai/agents/{agent_uuid}/api_keys',
  '/v2/gen-ai/agents/{agent_uuid}/api_keys/{api_key_uuid}',
  '/v2/gen-ai/agents/{parent_agent_uuid}/child_agents/{child_agent_uuid}',
  '/v2/gen-ai/agents/{uuid}',
  '/v2/gen-ai/agents/{uuid}/versions',
  '/v2/gen-ai/agents/{id}.json',
  '/v2/gen-ai/agents/{name}.json/raw',
];

const router = new Router(TEMPLATES.map((path) => ({ method: 'GET', path }) as unknown as TableOperation));

describe('a path position the templates name differently', () => {
  it.each([
    ['/v2/gen-ai/agents/a1/api_keys', '/v2/gen-ai/agents/{agent_uuid}/api_keys', { agent_uuid: 'a1' }],
    ['/v2/gen-ai/agents/a1/api_keys/k2', '/v2/gen-ai/agents/{agent_uuid}/api_keys/{api_key_uuid}', { agent_uuid: 'a1', api_key_uuid: 'k2' }],
    ['/v2/gen-ai/agents/p1/child_agents/c2', '/v2/gen-ai/agents/{parent_agent_uuid}/child_agents/{child_agent_uuid}', { parent_agent_uuid: 'p1', child_agent_uuid: 'c2' }],
    ['/v2/gen-ai/agents/u1', '/v2/gen-ai/agents/{uuid}', { uuid: 'u1' }],
    ['/v2/gen-ai/agents/u1/versions', '/v2/gen-ai/agents/{uuid}/versions', { uuid: 'u1' }],
    ['/v2/gen-ai/agents/x.json', '/v2/gen-ai/agents/{id}.json', { id: 'x' }],
    ['/v2/gen-ai/agents/x.json/raw', '/v2/gen-ai/agents/{name}.json/raw', { name: 'x' }],
  ])('%s reaches %s with its own names', (path, template, params) => {
    const match = router.match(path);
    expect(match?.entry.template).toBe(template);
    expect(match?.params).toEqual(params);
  });
});
