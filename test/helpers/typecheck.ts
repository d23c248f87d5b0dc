/**
 * `tsc --noEmit` over a throw-away project: write the files, a strict tsconfig and an ESM package.json,
 * run the workspace's compiler once, and get its diagnostics grouped by file.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tscBin } from './paths.ts';

/** The generated packages' compiler settings (emit/package/index.ts buildTsconfig) with noEmit; strict. */
export const STRICT_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [] as string[],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  forceConsistentCasingInFileNames: true,
};

export interface TypecheckResult {
  ok: boolean;
  /** The compiler's whole output. */
  output: string;
  /** Error lines grouped by file (paths relative to the project folder). */
  errorsByFile: Map<string, string[]>;
}

/**
 * Makes `dir` a strict project (tsconfig.json including `include`, package.json with `"type": "module"`)
 * unless it already has a tsconfig.json.
 */
export function writeProject(dir: string, include: string[] = ['**/*.ts'], compilerOptions: Record<string, unknown> = {}): void {
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...STRICT_COMPILER_OPTIONS, ...compilerOptions }, include }, null, 2));
  if (!existsSync(path.join(dir, 'package.json'))) writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
}

/** Runs `tsc --noEmit -p dir` (writing a strict project first when `dir` has no tsconfig.json). */
export function typecheck(dir: string, project = 'tsconfig.json'): TypecheckResult {
  if (!existsSync(path.join(dir, project))) writeProject(dir);
  const run = spawnSync(tscBin, tscArgs(dir, project), { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw run.error;
  return resultOf(dir, run.status, `${run.stdout}${run.stderr}`);
}

/**
 * `typecheck` in a child process left running: started in `beforeAll` and awaited by its test, the compiler
 * works while the file's other tests wait on sockets and timers (a core that would otherwise idle).
 */
export function typecheckAsync(dir: string, project = 'tsconfig.json'): Promise<TypecheckResult> {
  if (!existsSync(path.join(dir, project))) writeProject(dir);
  return new Promise((resolve, reject) => {
    execFile(tscBin, tscArgs(dir, project), { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      // A non-zero exit is the compiler's verdict (in the output); only a failure to run it is an error.
      if (error && typeof error.code !== 'number') return reject(error);
      resolve(resultOf(dir, error ? (error.code as number) : 0, `${stdout}${stderr}`));
    });
  });
}

const tscArgs = (dir: string, project: string) => ['--noEmit', '--pretty', 'false', '-p', path.join(dir, project)];

function resultOf(dir: string, status: number | null, output: string): TypecheckResult {
  const errorsByFile = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const m = /^(.+?)\(\d+,\d+\): error /.exec(line);
    if (!m) continue;
    const file = path.isAbsolute(m[1]) ? path.relative(dir, m[1]) : m[1];
    const list = errorsByFile.get(file) ?? [];
    list.push(line);
    errorsByFile.set(file, list);
  }
  return { ok: status === 0, output, errorsByFile };
}
