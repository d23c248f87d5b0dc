/**
 * How the frontend targets are registered and packaged: built-ins on the plugin API that are generated
 * only when selected, planned after what they import, and laid out as packages with their peer libraries
 * (also development dependencies, for the package's own build) and a README example of this spec.
 */
import { describe, expect, it } from 'vitest';
import { builtinRegistry, loadEmitter } from '../../generator/src/emit/registry.ts';
import { generateInMemory, type TargetName } from '../helpers/generate.ts';
import { projectSpec } from '../helpers/paths.ts';

describe('the query and msw targets', () => {
  it('are registered like the built-ins but generated only when selected', async () => {
    const registry = builtinRegistry();
    expect(registry.names()).toEqual(['types', 'validators', 'client', 'server', 'query', 'msw', 'express', 'fastify', 'hono', 'koa', 'next', 'zod', 'mcp']);
    expect(registry.defaults()).toEqual(['types', 'validators', 'client', 'server']);
    expect(registry.plan(['msw', 'query', 'types', 'validators', 'client', 'server']).map((t) => t.name)).toEqual(['types', 'validators', 'client', 'server', 'query', 'msw']);
    for (const name of ['query', 'msw', 'zod', 'mcp'] as const) {
      const emitter = await loadEmitter(name);
      expect(emitter).toMatchObject({ name, optIn: true });
      expect(emitter.dependsOn).toEqual(registry.get(name)!.dependsOn);
    }
  });

  it('as packages: pinned to the sibling packages, peer-depending on their library (a development dependency too)', async () => {
    const files = await generateInMemory(projectSpec, ['types', 'validators', 'client', 'server', 'query', 'msw', 'zod', 'mcp'] as unknown as TargetName[], { format: false });
    const query = JSON.parse(files.get('query/package.json')!);
    expect(query).toMatchObject({
      name: '@social-posting/query',
      dependencies: { '@social-posting/client': query.version },
      peerDependencies: { '@tanstack/query-core': '^5.62.0' },
      devDependencies: { '@tanstack/query-core': '^5.62.0' },
    });
    const msw = JSON.parse(files.get('msw/package.json')!);
    expect(msw).toMatchObject({
      name: '@social-posting/msw',
      dependencies: { '@social-posting/server': msw.version, '@social-posting/types': msw.version },
      peerDependencies: { msw: '^2.0.0' },
      devDependencies: { msw: '^2.0.0' },
    });
    expect(files.get('query/README.md')).toMatch(/import \{ \w+Options \} from ["']@social-posting\/query["']/);
    expect(files.get('msw/README.md')).toMatch(/import \{ handlers \} from ["']@social-posting\/msw["']/);
    expect([...files.keys()].filter((f) => f.startsWith('msw/src/')).sort()).toEqual(['msw/src/index.ts', 'msw/src/runtime.ts']);
    const zod = JSON.parse(files.get('zod/package.json')!);
    expect(zod).toMatchObject({ name: '@social-posting/zod', peerDependencies: { zod: '^4.0.0' }, devDependencies: { zod: '^4.0.0' } });
    const mcp = JSON.parse(files.get('mcp/package.json')!);
    expect(mcp).toMatchObject({
      name: '@social-posting/mcp',
      dependencies: { '@social-posting/client': mcp.version, '@social-posting/zod': mcp.version },
      peerDependencies: { '@modelcontextprotocol/sdk': '^1.20.0', zod: '^4.0.0' },
    });
    expect(files.get('mcp/README.md')).toMatch(/import \{ createMcpServer, serveStdio \} from ["']@social-posting\/mcp["']/);
    expect([...files.keys()].filter((f) => /^(zod|mcp)\/src\//.test(f)).sort()).toEqual(['mcp/src/index.ts', 'mcp/src/runtime.ts', 'zod/src/checks.ts', 'zod/src/index.ts', 'zod/src/runtime.ts']);
  });
});
