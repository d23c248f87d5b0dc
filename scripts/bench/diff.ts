/**
 * `socialgen diff` speed (issue 7): the GitHub REST description (13 MB JSON, ~1200 operations, ~970 schemas)
 * against a copy with a few changes (an operation removed, a required parameter added, an enum value added
 * to a widely shared schema, a response property made optional, a maxLength lowered), written to a temp
 * folder. Reports the command's wall time and CPU time (user + system; median of 3 runs of
 * `node generator/bin/socialgen.js diff ... --format json`, process start included), the load average
 * while it ran (other jobs on a shared machine stretch wall time, not CPU time), and an in-process
 * breakdown. Target: under 3 s.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffSides, loadSide, sideSource } from '../../generator/src/diff/index.ts';
import { formatJson } from '../../generator/src/diff/format/json.ts';
import { formatMarkdown } from '../../generator/src/diff/format/markdown.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GITHUB = '/work/shared/corpus/specs/github/api.github.com.octokit-openapi-23.0.2.json';
const TARGET_SECONDS = 3;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A handful of edits a release might make; returns what was done. */
function modify(doc: Json): string[] {
  const done: string[] = [];
  const paths = doc.paths as Json;
  const pathNames = Object.keys(paths);
  // 1. remove an operation
  const removed = pathNames.find((p) => paths[p].delete && Object.keys(paths[p]).length > 1)!;
  delete paths[removed].delete;
  done.push(`removed DELETE ${removed}`);
  // 2. a new required query parameter
  const withGet = pathNames.find((p) => paths[p].get && p.includes('/repos/'))!;
  (paths[withGet].get.parameters ??= []).push({ name: 'bench_required', in: 'query', required: true, schema: { type: 'string' } });
  done.push(`added required query parameter to GET ${withGet}`);
  // 3. an enum value in the most referenced schema with an enum property
  const schemas = doc.components.schemas as Json;
  const text = JSON.stringify(paths);
  const counts = Object.keys(schemas).map((k) => [k, text.split(`"#/components/schemas/${k}"`).length] as const).sort((a, b) => b[1] - a[1]);
  for (const [key] of counts) {
    const props = schemas[key].properties as Json | undefined;
    const name = props && Object.keys(props).find((n) => Array.isArray(props[n].enum) && props[n].type === 'string');
    if (name) {
      props![name].enum.push('bench-new-value');
      done.push(`added an enum value to ${key}.${name}`);
      break;
    }
  }
  // 4. a required response property becomes optional
  for (const [key] of counts) {
    const s = schemas[key];
    if (Array.isArray(s.required) && s.required.length > 1) {
      done.push(`made ${key}.${s.required.pop()} optional`);
      break;
    }
  }
  // 5. a lower maxLength somewhere
  for (const key of Object.keys(schemas)) {
    const props = schemas[key].properties as Json | undefined;
    const name = props && Object.keys(props).find((n) => typeof props[n].maxLength === 'number');
    if (name) {
      props![name].maxLength = Math.max(1, Math.floor(props![name].maxLength / 2));
      done.push(`halved maxLength of ${key}.${name}`);
      break;
    }
  }
  return done;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'socialgen-bench-diff-'));
  try {
    const doc = JSON.parse(readFileSync(GITHUB, 'utf8')) as Json;
    const edits = modify(doc);
    const head = path.join(dir, 'github-modified.json');
    writeFileSync(head, JSON.stringify(doc));
    console.log(`GitHub REST spec (${(readFileSync(GITHUB).length / 1e6).toFixed(1)} MB) against a copy with: ${edits.join('; ')}`);

    // In-process breakdown (one run).
    let t = performance.now();
    const base = await loadSide(sideSource(GITHUB, REPO), 'base', { cwd: REPO });
    const tBase = performance.now() - t;
    t = performance.now();
    const headSide = await loadSide(sideSource(head, REPO), 'head', { cwd: REPO });
    const tHead = performance.now() - t;
    t = performance.now();
    const result = diffSides(base, headSide);
    const tDiff = performance.now() - t;
    t = performance.now();
    formatJson(result);
    formatMarkdown(result);
    const tFormat = performance.now() - t;
    const s = result.summary;
    console.log(`result: ${s.breaking} breaking, ${s.warning} warnings, ${s.info} info, semver ${s.semver}; ${result.changes.length} changes`);
    console.log(`in process: load base ${(tBase / 1000).toFixed(2)} s, load head ${(tHead / 1000).toFixed(2)} s, compare + locate ${(tDiff / 1000).toFixed(2)} s, format ${(tFormat / 1000).toFixed(2)} s`);

    // The command, end to end.
    const args = [path.join(REPO, 'generator/bin/socialgen.js'), 'diff', GITHUB, head, '--format', 'json', '--fail-on', 'never'];
    const runs: Array<{ wall: number; cpu: number; peakMb?: number }> = [];
    const load = loadavg()[0];
    for (let i = 0; i < 3; i++) {
      const useTime = existsSync('/usr/bin/time');
      const started = performance.now();
      const r = useTime
        ? spawnSync('/usr/bin/time', ['-f', '__TIME__ %U %S %M', process.execPath, ...args], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 << 20 })
        : spawnSync(process.execPath, args, { cwd: REPO, encoding: 'utf8', maxBuffer: 64 << 20 });
      const wall = (performance.now() - started) / 1000;
      if (r.status !== 0) throw new Error(`socialgen diff failed (exit ${r.status}): ${r.stderr.slice(-2000)}`);
      const m = /__TIME__ ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '');
      runs.push({ wall, cpu: m ? Number(m[1]) + Number(m[2]) : NaN, peakMb: m ? Number(m[3]) / 1024 : undefined });
    }
    runs.sort((a, b) => a.wall - b.wall);
    const median = runs[1];
    const cpus = runs.map((r) => r.cpu).sort((a, b) => a - b);
    const verdict = median.wall < TARGET_SECONDS ? 'within' : 'OVER';
    console.log(
      `socialgen diff github.json modified.json --format json: ${median.wall.toFixed(2)} s wall (median of 3), ${Number.isNaN(cpus[1]) ? 'cpu n/a' : `${cpus[1].toFixed(2)} s CPU`}${median.peakMb !== undefined ? `, peak ${median.peakMb.toFixed(0)} MB` : ''}; load average ${load.toFixed(1)} on ${os.cpus().length} cores — wall ${verdict} the ${TARGET_SECONDS} s target`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
