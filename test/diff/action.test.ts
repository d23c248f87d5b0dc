/**
 * The reusable action (`action.yml`): its shape (a composite action whose every input reaches a step, one
 * `socialgen diff` run), the workflow using it, and its script run for real against a git repository with a
 * breaking spec change — annotations on stdout, the report file, the outputs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const REPO = path.resolve(__dirname, '../..');
const action = parse(readFileSync(path.join(REPO, 'action.yml'), 'utf8'));
const workflow = parse(readFileSync(path.join(REPO, '.github/workflows/spec-review.yml'), 'utf8'));
const script = readFileSync(path.join(REPO, '.github/scripts/spec-review.sh'), 'utf8');

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

const steps: Step[] = action.runs.steps;
/** Every `${{ inputs.x }}` a step reads (its env, with, if and run). */
const inputsRead = (step: Step): string[] => [...JSON.stringify(step).matchAll(/inputs\.([a-z-]+)/g)].map((m) => m[1]);

describe('action.yml', () => {
  it('is a composite action with the documented inputs', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['base-ref', 'spec', 'ignore-file', 'fail-on']));
    expect(action.inputs.spec.required).toBe(true);
    expect(action.inputs['fail-on'].default).toBe('breaking');
    expect(action.inputs['base-ref'].default).toBe('${{ github.base_ref }}');
    for (const [name, input] of Object.entries(action.inputs as Record<string, { description: string }>)) expect(input.description.length, name).toBeGreaterThan(10);
  });

  it('wires every input into a step, and the comparison inputs into the one step that compares', () => {
    const read = new Set(steps.flatMap(inputsRead));
    for (const name of Object.keys(action.inputs)) expect(read, `input ${name} is used`).toContain(name);
    const compare = steps.find((s) => s.id === 'diff')!;
    expect(compare.env).toMatchObject({ SPEC: '${{ inputs.spec }}', BASE_REF: '${{ inputs.base-ref }}', IGNORE_FILE: '${{ inputs.ignore-file }}', FAIL_ON: '${{ inputs.fail-on }}' });
    // Every environment variable the script reads is set by the step.
    for (const name of ['SPEC', 'BASE_REF', 'IGNORE_FILE', 'FAIL_ON', 'PROJECT', 'LINK', 'REPORT', 'REPORT_FULL', 'REPORT_JSON', 'SOCIALGEN_HOME']) {
      expect(script).toMatch(new RegExp(`\\$\\{?${name}\\b`));
      expect(compare.env, name).toHaveProperty(name);
    }
    expect(compare.run).toContain('.github/scripts/spec-review.sh');
  });

  it('compares once: one socialgen diff run writes every format', () => {
    const runs = [...script.matchAll(/"\$socialgen"/g)];
    expect(runs).toHaveLength(1);
    expect(script).toMatch(/args=\(diff .*--format github --output "comment=\$REPORT" --output "json=\$REPORT_JSON" --fail-on "\$\{FAIL_ON:-breaking\}"\)/);
    expect(script).toContain('args+=(--output "markdown=$REPORT_FULL")');
    expect(script).toContain('args+=(--project "$PROJECT")');
    expect(script).toContain('--ignore "$IGNORE_FILE"');
    // No step runs the command itself: the script is the one place.
    for (const step of steps) expect(step.run ?? '', step.name).not.toMatch(/(npx |\/)socialgen\b/);
  });

  it('exposes the verdict and fails the job only after the comment step', () => {
    for (const name of ['exit-code', 'breaking', 'warnings', 'semver', 'report', 'full-report']) expect(action.outputs[name].value).toBe(`\${{ steps.diff.outputs.${name} }}`);
    const names = steps.map((s) => s.name ?? s.uses);
    expect(names.indexOf('Post or update the review comment')).toBeLessThan(names.indexOf('Verdict'));
    expect(steps.find((s) => s.name === 'Verdict')!.if).toBe("steps.diff.outputs.exit-code != '0'");
    expect(steps.find((s) => s.name === 'Post or update the review comment')!.if).toContain("inputs.comment == 'true'");
  });

  it('uploads the full review as the job artifact, also when the verdict fails the job', () => {
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.if).toBe("always() && steps.diff.outputs.full-report != ''");
    expect(upload.with).toMatchObject({ name: 'spec-review', path: expect.stringContaining('${{ steps.diff.outputs.full-report }}') });
    const names = steps.map((s) => s.name ?? s.uses);
    expect(names.indexOf('Upload the full review')).toBeLessThan(names.indexOf('Verdict'));
  });

  it('the repository workflow reviews its spec through the action, with one `uses:` step', () => {
    const jobSteps: Step[] = workflow.jobs.diff.steps;
    const review = jobSteps.filter((s) => s.uses === './');
    expect(review).toHaveLength(1);
    expect(review[0].with).toMatchObject({ spec: '${{ env.SPEC }}', 'ignore-file': '${{ env.IGNORE_FILE }}', 'fail-on': 'breaking', 'base-ref': '${{ github.base_ref }}' });
    expect(JSON.stringify(workflow)).not.toMatch(/(npx |\/)socialgen\b/);
    expect(jobSteps[0]).toMatchObject({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
  });
});

describe('the action script against a real repository', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'socialgen-action-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: tmp, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  const spec = (paths: string): string => `openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n${paths}`;
  const op = (p: string, id: string): string => `  ${p}:\n    get:\n      operationId: ${id}\n      responses: {'200': {description: ok}}\n`;

  function review(env: Record<string, string>): { stdout: string; outputs: Record<string, string>; report: string } {
    const outFile = path.join(tmp, `out-${Math.random().toString(36).slice(2)}`);
    const report = path.join(tmp, 'review.md');
    writeFileSync(outFile, '');
    const result = spawnSync('bash', [path.join(REPO, '.github/scripts/spec-review.sh')], {
      cwd: tmp,
      encoding: 'utf8',
      env: { ...process.env, SOCIALGEN: path.join(REPO, 'node_modules/.bin/socialgen'), SPEC: 'api/openapi.yaml', FAIL_ON: 'breaking', REPORT: report, REPORT_FULL: path.join(tmp, 'review-full.md'), REPORT_JSON: path.join(tmp, 'review.json'), GITHUB_OUTPUT: outFile, ...env },
    });
    expect(result.status, result.stderr).toBe(0);
    const outputs = Object.fromEntries(readFileSync(outFile, 'utf8').trim().split('\n').map((l) => l.split(/=(.*)/s).slice(0, 2)));
    return { stdout: result.stdout, outputs, report: readFileSync(report, 'utf8') };
  }

  it('annotates, writes the report and reports the verdict from one comparison', () => {
    git('init', '-q', '-b', 'main');
    mkdirSync(path.join(tmp, 'api'));
    writeFileSync(path.join(tmp, 'api/openapi.yaml'), spec(op('/a', 'getA') + op('/b', 'getB')));
    git('add', '.');
    git('commit', '-qm', 'base');
    writeFileSync(path.join(tmp, 'api/openapi.yaml'), spec(op('/b', 'getB')));
    const { stdout, outputs, report } = review({ BASE_REF: 'main' });
    expect(outputs['exit-code']).toBe('1');
    expect(outputs.breaking).toBe('1');
    expect(outputs.semver).toBe('major');
    expect(stdout).toMatch(/^::error file=.*title=endpoint-removed/m);
    expect(report.split('\n')[0]).toBe('<!-- socialgen-diff -->');
    expect(report).toContain('endpoint-removed');
    expect(outputs['full-report']).toBe(path.join(tmp, 'review-full.md'));
    expect(readFileSync(outputs['full-report'], 'utf8')).toContain('| ❌ | the operation was removed; it was not deprecated first — clients calling it break | `endpoint-removed` | `GET /a` |');
  });

  it('an ignore file accepts the break; fail-on never passes; a spec new on the base branch is not an error', () => {
    writeFileSync(path.join(tmp, 'api/ignore.yaml'), `- id: endpoint-removed\n  pointer: /paths/~1a/get\n  reason: Announced removal.\n`);
    expect(review({ BASE_REF: 'main', IGNORE_FILE: 'api/ignore.yaml' }).outputs['exit-code']).toBe('0');
    expect(review({ BASE_REF: 'main', FAIL_ON: 'never' }).outputs['exit-code']).toBe('0');
    const fresh = review({ BASE_REF: 'main', SPEC: 'api/new.yaml' });
    expect(fresh.outputs['exit-code']).toBe('0');
    expect(fresh.report).toContain('does not exist on `main` yet');
  });

  it('an unknown base ref is exit code 2 with an explanation', () => {
    const { outputs, report, stdout } = review({ BASE_REF: 'no-such-branch' });
    expect(outputs['exit-code']).toBe('2');
    expect(report).toContain('could not run');
    expect(stdout).toContain('::error::The base ref `no-such-branch`');
  });
});
