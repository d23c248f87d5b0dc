/**
 * The validators target over real specs (the project's, the feature fixtures, the petstore corpus): the
 * output is byte-identical run to run, strictly typed (tsc), free of run-time dependencies and side
 * effects, and exports what docs/contracts.md promises.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';
import { emitSpec, specsUnderTest, type EmittedSpec } from './helpers/emit.ts';
import { filesOf, loadModule } from './helpers/load-module.ts';

const specs = specsUnderTest();
const emitted: EmittedSpec[] = [];

beforeAll(async () => {
  for (const [i, spec] of specs.entries()) emitted.push(await emitSpec(spec, `@typecheck/types${i}`));
});

describe.each(specs.map((s, i) => [path.basename(path.dirname(s)) + '/' + path.basename(s), i] as const))('%s', (_name, i) => {
  it('emits the same bytes twice', async () => {
    const again = await emitSpec(specs[i], `@typecheck/types${i}`);
    expect(again.validators).toEqual(emitted[i].validators);
  });

  it('imports nothing at run time but its own files, and the types package for types only', () => {
    for (const f of emitted[i].validators) {
      for (const m of f.contents.matchAll(/^import (type )?[^;]*? from "([^"]+)";/gm)) {
        if (!m[2].startsWith('./')) expect(m[1], `${f.path} imports ${m[2]}`).toBe('type ');
      }
    }
  });

  it('exports validate/is per schema and every operation validator, with no side effects on import', async () => {
    const { model, validators } = emitted[i];
    const g = globalThis as { pwned?: unknown };
    delete g.pwned;
    const mod = await loadModule(filesOf(validators));
    expect(g.pwned).toBeUndefined();
    for (const s of model.schemas) {
      expect(typeof mod[`validate${s.typeName}`], s.typeName).toBe('function');
      expect(typeof mod[`is${s.typeName}`], s.typeName).toBe('function');
    }
    const ops = mod.operationValidators as Record<string, Record<string, unknown>>;
    expect(Object.keys(ops).sort()).toEqual(model.operations.map((o) => o.names.method).sort());
    for (const op of model.operations) {
      expect(Object.prototype.hasOwnProperty.call(ops, op.names.method), op.names.method).toBe(true);
      const v = ops[op.names.method];
      for (const key of ['pathParams', 'query', 'headers', 'cookies', 'requestBody', 'response']) expect(typeof v[key], `${op.names.method}.${key}`).toBe('function');
      // Top-level exports only for the parts the operation declares (the map above has all six), and each
      // is that operation's member of the map.
      const declared: [member: string, name: string, has: boolean][] = [
        ['pathParams', op.names.pathParams, op.parameters.some((p) => p.in === 'path')],
        ['query', op.names.query, op.parameters.some((p) => p.in === 'query')],
        ['headers', op.names.headers, op.parameters.some((p) => p.in === 'header')],
        ['cookies', op.names.cookies, op.parameters.some((p) => p.in === 'cookie')],
        ['requestBody', op.names.requestBody, op.requestBody !== undefined],
        ['response', op.names.success, true],
      ];
      for (const [member, name, has] of declared) expect(mod[`validate${name}`], name).toBe(has ? v[member] : undefined);
    }
  });
});

describe('typecheck', () => {
  let tmp: { dir: string; remove(): void };
  afterAll(() => tmp?.remove());

  it('every emitted validators package compiles under the packages\' strict settings', { timeout: 180_000 }, () => {
    tmp = tempDir('socialgen-validators-tsc-');
    const paths: Record<string, string[]> = {};
    emitted.forEach((e, i) => {
      for (const [target, files] of [['types', e.types], ['validators', e.validators]] as const) {
        for (const f of files) {
          const file = path.join(tmp.dir, String(i), target, f.path);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, f.contents);
        }
      }
      paths[`@typecheck/types${i}`] = [`./${i}/types/src/index.ts`];
    });
    writeProject(tmp.dir, ['*/validators/src/**/*.ts'], { paths, declaration: true, emitDeclarationOnly: true, noEmit: false, outDir: './dist' });
    const result = typecheck(tmp.dir);
    expect(result.output).toBe('');
  });
});
