const root = process.argv[2];
const { loadModel } = await import(root + '/generator/src/index.ts');
const { typesEmitter } = await import(root + '/generator/src/emit/types/index.ts');
const { model } = await loadModel('/work/shared/corpus/specs/github/api.github.com.octokit-openapi-23.0.2.json');
const times: number[] = [];
for (let i = 0; i < 4; i++) {
  const t = performance.now();
  typesEmitter.emit(model, { packages: { scope: '', names: {} as any, version: '1' }, options: {}, generatorVersion: 'x' } as any);
  times.push(Math.round(performance.now() - t));
}
console.log(root, 'emit ms', times.join(' '));
