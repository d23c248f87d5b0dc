import { loadModel } from '../generator/src/load-model.ts';
import { createEmitContext } from '../generator/src/emit/emitter.ts';
import { validatorsEmitter } from '../generator/src/emit/validators/index.ts';
const { model } = await loadModel(new URL('../spec/social-posting.openapi.yaml', import.meta.url).pathname);
const ctx = createEmitContext({ packages: { scope: '@x', names: { types: '@x/types', validators: '@x/validators' }, version: '1.0.0' } as never, generatorVersion: '0' });
const f = (validatorsEmitter.emit(model, ctx) as any[]).find((x) => x.path === 'src/compiled.ts');
const why: Record<string, number> = {};
for (const [a, b] of f.formatted) {
  const p = f.contents.slice(a, b);
  for (const l of p.split('\n')) if (l.length > 120) { const k = 'W ' + l.trim().slice(0, 60); why[k] = (why[k] ?? 0) + 1; }
  for (const l of p.split('\n')) if (l.replace(/'(?:[^'\\\n]|\\.)*'/g, '').includes('"')) { const k = 'Q ' + l.trim().slice(0, 80); why[k] = (why[k] ?? 0) + 1; }
}
console.log(Object.entries(why).sort((a, b) => b[1] - a[1]).slice(0, 25));
