/**
 * A user's first hour with the packed CLI, in an empty project outside the repository (issue 32): `init`
 * in an `npm init -y` project (a commonjs warning, fixed as it says), generation from a URL served by a
 * local node:http server (a split spec whose `$ref`s are relative to that URL, behind a token the config
 * reads from the environment), generation from a positional spec (the same split files on disk: the same
 * bytes), the mock on a taken port (exit 2 and the way out) and on a free one, `check` finding a folder left by a one-off
 * `--target` run, and a strict program written only from the generated README's example. Every command runs
 * as a child process (asynchronously: the spec server answers from this process meanwhile).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir, tscBin } from '../helpers/paths.ts';
import { installProject, packSocialgen } from './harness.ts';

/** The split spec, as files under `specs/notes/` on the server and on disk. */
const FILES: Record<string, string> = {
  'v1/openapi.yaml': `openapi: 3.1.0
info:
  title: Notes API (internal)
  version: 3.4.5
paths:
  /notes/{id}:
    get:
      operationId: getNote
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: integer, minimum: 1 }
          example: 7
      responses:
        '200':
          description: The note
          content:
            application/json:
              schema: { $ref: './schemas/note.yaml#/Note' }
        '404':
          description: No such note
          content:
            application/problem+json:
              schema: { $ref: '../common/problem.yaml' }
`,
  'v1/schemas/note.yaml': `Note:
  type: object
  required: [id, text]
  properties:
    id: { type: integer, minimum: 1 }
    text: { type: string, maxLength: 140 }
`,
  'common/problem.yaml': `type: object
required: [type, title, status]
properties:
  type: { type: string }
  title: { type: string }
  status: { type: integer }
`,
};
const TOKEN = 'first-hour-token';

const tmp = tempDir('socialgen-first-hour-');
const project = path.join(tmp.dir, 'notes-app');
let specServer: Server;
let specUrl: string;
const requests: Array<{ url: string; authorization: string | undefined }> = [];

/** `npx socialgen …` (or another command) in the project, without blocking this process's event loop. */
function sh(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: project, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, npm_config_update_notifier: 'false', NO_COLOR: '1', ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr: stderr.split('\n').filter((l) => !l.startsWith('npm warn')).join('\n') });
    });
  });
}
/** `npx socialgen …`, as the README says to run it (the first command: npx finds the installed bin). */
const npxSocialgen = (args: string[], env?: Record<string, string>) => sh('npx', ['--no-install', 'socialgen', ...args], env);
/**
 * The same bin without npx in front (the link npm made in node_modules/.bin, what npx runs): npm's own start
 * cost about half a second of CPU a command, which nine more commands would repeat.
 */
const socialgen = (args: string[], env?: Record<string, string>) => sh(path.join(project, 'node_modules/.bin/socialgen'), args, env);

/** Every file under `dir`, relative path → text. */
function tree(dir: string, rel = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of tree(dir, child)) out.set(k, v);
    else out.set(child, readFileSync(path.join(dir, child), 'utf8'));
  }
  return out;
}

beforeAll(async () => {
  const { tarball } = packSocialgen(tmp.dir);
  installProject(project, tarball, {});
  // What `npm init -y` writes today: a commonjs package.
  const pkg = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ ...pkg, type: 'commonjs' }, null, 2) + '\n');
  specServer = createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const file = FILES[(req.url ?? '').replace(/^\/specs\/notes\//, '')];
    if (req.headers.authorization !== `Bearer ${TOKEN}`) res.writeHead(401).end('no token');
    else if (file === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'content-type': 'application/yaml' }).end(file);
  });
  await new Promise<void>((resolve) => specServer.listen(0, '127.0.0.1', resolve));
  specUrl = `http://127.0.0.1:${(specServer.address() as AddressInfo).port}/specs/notes/v1/openapi.yaml`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => specServer?.close(resolve));
  tmp.remove();
});

describe("a user's first hour with the packed CLI", () => {
  it('init writes the config and script, and warns that the commonjs package.json does not suit the files layout', async () => {
    const init = await npxSocialgen(['init']);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('wrote socialgen.config.yaml');
    expect(init.stderr).toContain('package.json has "type": "commonjs", but the files layout writes ESM modules');
    expect(init.stderr).toContain('npm pkg set type=module');
    // Doing what the warning says.
    expect((await sh('npm', ['pkg', 'set', 'type=module'])).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).scripts).toEqual({ generate: 'socialgen generate' });
  }, 120_000);

  it('generates from a URL: relative $refs fetched against it, the token from the environment sent to that host', async () => {
    const config = path.join(project, 'socialgen.config.yaml');
    const text = readFileSync(config, 'utf8').replace(/^spec: .*$/m, `spec: ${JSON.stringify(specUrl)}\nheaders:\n  Authorization: "Bearer \${NOTES_TOKEN}"`);
    writeFileSync(config, text);
    const missingToken = await socialgen(['generate']);
    expect(missingToken.code).toBe(2);
    expect(missingToken.stderr).toMatch(/^socialgen\.config\.yaml:\d+:\d+: headers\.Authorization uses \$\{NOTES_TOKEN\}, which is not set in the environment$/m);
    const generated = await socialgen(['generate'], { NOTES_TOKEN: TOKEN });
    expect(generated.stderr).not.toMatch(/error|warning/i);
    expect(generated.code).toBe(0);
    expect(readdirSync(path.join(project, 'src/api')).sort()).toEqual(['client', 'server', 'types', 'validators']);
    const fetched = requests.filter((r) => r.authorization === `Bearer ${TOKEN}`).map((r) => r.url);
    expect(new Set(fetched)).toEqual(new Set(['/specs/notes/v1/openapi.yaml', '/specs/notes/v1/schemas/note.yaml', '/specs/notes/common/problem.yaml']));
    // A missing file behind the URL names the URL.
    const wrong = await socialgen(['generate', specUrl.replace('openapi.yaml', 'nope.yaml'), '--out', 'src/none'], { NOTES_TOKEN: TOKEN });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`${specUrl.replace('openapi.yaml', 'nope.yaml')}: cannot fetch: HTTP 404 Not Found`);
  }, 240_000);

  it('generates from a positional spec: the same split files on disk give the same bytes', async () => {
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(project, 'spec', rel)), { recursive: true });
      writeFileSync(path.join(project, 'spec', rel), text);
    }
    const local = await socialgen(['generate', 'spec/v1/openapi.yaml', '--out', 'local/api', '--quiet']);
    expect(local.stderr).toBe('');
    expect(local.code).toBe(0);
    const fromUrl = tree(path.join(project, 'src/api'));
    const fromFiles = tree(path.join(project, 'local/api'));
    expect([...fromFiles.keys()]).toEqual([...fromUrl.keys()]);
    // The README names the output folder it imports from (`./api/…` in both), so every file is the same.
    for (const [file, text] of fromUrl) expect(fromFiles.get(file), file).toBe(text);
  }, 240_000);

  it('the mock on a taken port exits 2, says so and how to pick another; on --port 0 it serves', async () => {
    const busy: NetServer = createNetServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const mock = await socialgen(['mock', 'spec/v1/openapi.yaml', '--port', String(port)]);
      expect(mock.code).toBe(2);
      expect(mock.stderr.trim()).toBe(`socialgen: port ${port} on 127.0.0.1 is taken (another server is listening there); pick another with --port <n>, or --port 0 for a free one (the chosen port is printed)`);
    } finally {
      busy.close();
    }
    // On a free port it serves: the mock's server package is type-stripped by the esbuild installed with
    // the CLI (its platform binary an optional dependency; the install ran no scripts).
    const child = spawn(path.join(project, 'node_modules/.bin/socialgen'), ['mock', 'spec/v1/openapi.yaml', '--port', '0'], { cwd: project, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      let stderr = '';
      const url = await new Promise<string | undefined>((resolve) => {
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          stderr += d;
          const found = / listening on (http:\/\/\S+) \(port (\d+);/.exec(stderr);
          if (found) resolve(found[2] !== '0' ? found[1] : undefined);
        });
        child.on('exit', () => resolve(undefined));
      });
      expect(url, stderr).toBeDefined();
      const response = await fetch(`${url}/notes/7`);
      expect(response.status).toBe(200);
      const note = (await response.json()) as { id: unknown; text: unknown };
      expect([typeof note.id, typeof note.text]).toEqual(['number', 'string']);
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);

  it('check finds the folder a one-off --target run left behind', async () => {
    const once = await socialgen(['generate', 'spec/v1/openapi.yaml', '--out', 'local/api', '--target', 'query', '--quiet']);
    expect(once.code).toBe(0);
    expect(readdirSync(path.join(project, 'local/api')).sort()).toEqual(['client', 'query', 'server', 'types', 'validators']);
    const check = await socialgen(['check', 'spec/v1/openapi.yaml', '--out', 'local/api', '--quiet']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('1 stale folder');
    expect(check.stdout).toContain('stale folder: local/api/query/ (socialgen wrote it for the query target');
    // The URL config is checked against a fresh fetch: up to date.
    expect((await socialgen(['check', '--quiet'], { NOTES_TOKEN: TOKEN })).code).toBe(0);
  }, 240_000);

  it("a strict program written only from the client README's example compiles, with --target types,client alone", async () => {
    const only = await socialgen(['generate', 'spec/v1/openapi.yaml', '--out', 'src/small', '--target', 'types,client', '--quiet']);
    expect(only.code).toBe(0);
    // The client imports the validators (optional validation): the selection brings them.
    expect(readdirSync(path.join(project, 'src/small')).sort()).toEqual(['client', 'types', 'validators']);
    const readme = readFileSync(path.join(project, 'src/api/client/README.md'), 'utf8');
    const example = /## Usage\n\n```ts\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(example).toContain("from './api/client/index.js'");
    writeFileSync(path.join(project, 'src/main.ts'), `${example}\n`);
    writeFileSync(path.join(project, 'src/small-main.ts'), `${example!.replace('./api/client/index.js', './small/client/index.js')}\n`);
    // Generated .ts and the README's example only: skipLibCheck leaves out TypeScript's own lib (checked
    // with @types/node in install/cli.test.ts), no file of ours.
    const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], strict: true, noUncheckedIndexedAccess: true, noEmit: true, skipLibCheck: true };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src/main.ts', 'src/small-main.ts', 'src/api/client', 'src/api/types', 'src/api/validators', 'src/small'] }));
    const compiled = await sh(tscBin, ['-p', 'tsconfig.json', '--pretty', 'false']);
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);
    expect(path.relative(repoRoot, project).startsWith('..')).toBe(true);
  }, 240_000);
});
