/**
 * socialgen installed the way a user installs it: `npm pack` of generator/, the tarball installed offline
 * into a fresh project outside the repository, and `npx socialgen generate` run there on that project's
 * own spec with no other setup. With `--layout files`, a program imports the client and the server from
 * the generated folders, type-checks under strict NodeNext, and runs the client against the server over
 * loopback. The tarball itself passes publint and Are The Types Wrong, runs compiled JavaScript (no tsx),
 * and its programmatic API works from the installed package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attwEsmOnly } from '../helpers/attw.ts';
import { repoRoot, tempDir, tscBin } from '../helpers/paths.ts';
import { installProject, packSocialgen } from './harness.ts';

/** The user's spec: written for this test, nothing of the repository's. */
const SPEC = `openapi: 3.1.0
info:
  title: Notes API
  version: "1.2"
paths:
  /notes:
    post:
      operationId: createNote
      summary: Create a note
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewNote' }
      responses:
        '201':
          description: The note
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Note' }
  /notes/{id}:
    get:
      operationId: getNote
      summary: Get a note
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: integer, minimum: 1 }
      responses:
        '200':
          description: The note
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Note' }
        '404':
          description: No such note
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
components:
  schemas:
    NewNote:
      type: object
      required: [text]
      additionalProperties: false
      properties:
        text: { type: string, minLength: 1, maxLength: 140 }
        tags: { type: array, items: { type: string }, maxItems: 5 }
    Note:
      type: object
      required: [id, text, tags]
      properties:
        id: { type: integer, minimum: 1 }
        text: { type: string }
        tags: { type: array, items: { type: string } }
    Problem:
      type: object
      required: [type, title, status]
      properties:
        type: { type: string }
        title: { type: string }
        status: { type: integer }
`;

/** The user's program: a server on the generated stubs, the generated client calling it over 127.0.0.1. */
const MAIN = `import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createClient } from './api/client/index.js';
import { createHandler, createNodeListener } from './api/server/index.js';
import type { Note } from './api/types/index.js';
import { NewNoteSchema, validateNote } from './api/validators/index.js';

const notes = new Map<number, Note>();
const handler = createHandler({
  createNote({ body }) {
    const note: Note = { id: notes.size + 1, text: body.text, tags: body.tags ?? [] };
    notes.set(note.id, note);
    return { status: 201, body: note };
  },
  getNote({ params }) {
    const note = notes.get(params.id);
    return note ? { status: 200, body: note } : { status: 404, body: { type: 'about:blank', title: 'No such note', status: 404 } };
  },
});

const server = createServer(createNodeListener(handler));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = createClient({ baseUrl: 'http://127.0.0.1:' + (server.address() as AddressInfo).port });
try {
  const created = await client.createNote({ body: { text: 'hello', tags: ['a'] } });
  const fetched: Note = await client.getNote({ id: created.id });
  const status = async (call: () => PromiseLike<unknown>): Promise<number | string> => {
    try {
      await call();
      return 'ok';
    } catch (error) {
      return error instanceof ApiError ? error.status : String(error);
    }
  };
  const missing = await status(() => client.getNote({ id: 99 }));
  const invalid = await status(() => client.createNote({ body: { text: '' } }));
  const standard = NewNoteSchema['~standard'].validate({ text: 7 });
  console.log(JSON.stringify({ created, fetched, missing, invalid, valid: validateNote(fetched).valid, issues: 'issues' in standard ? standard.issues?.map((i) => i.path) : null }));
} finally {
  server.close();
}

// Type-level facts, compiled only.
export function typeFacts(): void {
  // @ts-expect-error the id is a number
  void client.getNote({ id: 'one' });
  // @ts-expect-error text is required
  void client.createNote({ body: {} });
}
`;

/** A consumer of the programmatic API and the plugin API types. */
const API_USER = `import { defineEmitter, generate, loadModel, type TargetEmitter } from 'socialgen';

export const plugin: TargetEmitter = defineEmitter({
  name: 'summary',
  dependsOn: [],
  emit: (model, context) => [{ path: 'src/index.ts', contents: context.codegen.code\`export const operations = \${context.codegen.lit(model.operations.map((op) => op.operationId))};\`.text, format: 'typescript' }],
});

const { model } = await loadModel('openapi.yaml');
const result = await generate({ spec: 'openapi.yaml', targets: ['types'], layout: 'files' });
console.log(JSON.stringify({ title: model.info.title, operations: model.operations.map((op) => op.operationId), files: [...result.files.keys()] }));
`;

const tmp = tempDir('socialgen-install-');
afterAll(() => tmp.remove());
const project = path.join(tmp.dir, 'notes-app');
let packed: { tarball: string; files: string[] };
let generated: { status: number | null; stdout: string; stderr: string };

/** `npx socialgen …` in the project; npm's own notices about this machine's npm config are dropped from stderr. */
const npx = (args: string[]) => {
  const result = spawnSync('npx', ['--no-install', ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false', NO_COLOR: '1' } });
  return { ...result, stderr: result.stderr.split('\n').filter((l) => !l.startsWith('npm warn')).join('\n') };
};
/**
 * The installed bin without npx in front (the link npm made in node_modules/.bin, what npx runs; the first
 * command goes through npx): npm's own start cost about half a second of CPU a command.
 */
const socialgen = (args: string[]) => spawnSync(path.join(project, 'node_modules/.bin/socialgen'), args, { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

let program: { stdout: string; stderr: string } | undefined;
/**
 * The user's one strict program, compiled once for the two tests that read it: the generated folders
 * (src/api), the program using them (src/main.ts) and the programmatic API's user (api-user.ts, importing
 * the installed socialgen). No skipLibCheck: socialgen's installed declarations are checked, with
 * TypeScript's lib and @types/node (about 6 s of CPU, which a second program cost again).
 */
function userProgram(): { stdout: string; stderr: string } {
  if (program) return program;
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    typeRoots: [path.join(repoRoot, 'node_modules/@types')],
    strict: true,
    noUncheckedIndexedAccess: true,
    outDir: 'dist',
    rootDir: '.',
    noEmitOnError: true,
  };
  const tsconfig = path.join(project, 'tsconfig.app.json');
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions, include: ['src', 'api-user.ts'] }));
  const compiled = spawnSync(tscBin, ['-p', tsconfig, '--pretty', 'false'], { cwd: project, encoding: 'utf8' });
  program = { stdout: compiled.stdout, stderr: compiled.stderr };
  return program;
}

beforeAll(() => {
  packed = packSocialgen(tmp.dir);
  installProject(project, packed.tarball, {
    'openapi.yaml': SPEC,
    'src/main.ts': MAIN,
    'api-user.mjs': API_USER.replace(': TargetEmitter', '').replace(', type TargetEmitter', ''),
    'api-user.ts': API_USER,
  });
  generated = npx(['socialgen', 'generate', '--spec', 'openapi.yaml', '--out', 'src/api', '--layout', 'files']);
}, 300_000);

describe('the socialgen tarball', () => {
  it('holds compiled JavaScript with declarations, the bin and the templates; no TypeScript sources to run', () => {
    expect(packed.files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'bin/socialgen.js', 'dist/index.js', 'dist/types/index.d.ts', 'dist/cli/main.js', 'dist/types/cli/main.d.ts', 'templates/README.md.hbs']));
    // The only .ts files are the runtimes copied verbatim into generated code (client, server, msw, the server adapters, zod, mcp)
    // validators' runtime modules, copied into generated code by use (data, not code to run).
    const ts = packed.files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    expect(ts.filter((f) => !/^dist\/emit\/((client|server|msw|adapters|zod|mcp)\/runtime|validators\/runtime(\/helpers|\/formats)?)\/[a-z0-9-]+\.ts$/.test(f))).toEqual([]);
    expect(packed.files.filter((f) => f.includes('tsbuildinfo'))).toEqual([]);
    const json = JSON.parse(readFileSync(path.join(repoRoot, 'generator/package.json'), 'utf8')) as Record<string, unknown>;
    expect(json.private).toBeUndefined();
    expect(json.engines).toEqual({ node: '>=20.19' });
    expect(Object.keys(json.dependencies as object)).not.toContain('tsx');
  });

  it('publint reports nothing', async () => {
    const buffer = readFileSync(packed.tarball);
    const result = await publint({ pack: { tarball: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer }, level: 'suggestion', strict: true });
    expect(result.messages.map((m) => `${m.type} ${m.code}: ${formatMessage(m, result.pkg) ?? ''}`)).toEqual([]);
  });

  it('Are The Types Wrong (ESM-only profile) reports nothing, for the API and the CLI entry', async () => {
    const report = await attwEsmOnly(packed.tarball);
    expect(report.typed).toBe(true);
    expect(report.problems).toEqual([]);
    expect(report.entrypoints.sort()).toEqual(['.', './cli', './package.json']);
  });
});

describe('a fresh project with the tarball installed (offline, outside the repository)', () => {
  it('installed socialgen and its dependencies only, without tsx', () => {
    expect(existsSync(path.join(project, 'node_modules/socialgen/dist/cli/main.js'))).toBe(true);
    expect(existsSync(path.join(project, 'node_modules/tsx'))).toBe(false);
    expect(path.relative(repoRoot, project).startsWith('..')).toBe(true);
  });

  it('`npx socialgen generate --layout files` writes the four folders of plain modules', () => {
    expect(generated.stderr).not.toMatch(/error|warning/i);
    expect(generated.status).toBe(0);
    expect(readdirSync(path.join(project, 'src/api')).sort()).toEqual(['client', 'server', 'types', 'validators']);
    expect(existsSync(path.join(project, 'src/api/client/package.json'))).toBe(false);
    expect(socialgen(['check', '--spec', 'openapi.yaml', '--out', 'src/api', '--layout', 'files', '--quiet']).status).toBe(0);
  }, 120_000);

  it('a program using client and server type-checks under strict NodeNext and runs over loopback', () => {
    const compiled = userProgram();
    expect(compiled.stdout + compiled.stderr).toBe('');
    const run = spawnSync(process.execPath, ['dist/src/main.js'], { cwd: project, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim())).toEqual({
      created: { id: 1, text: 'hello', tags: ['a'] },
      fetched: { id: 1, text: 'hello', tags: ['a'] },
      missing: 404,
      // The server validates the body (minLength 1): a 400 problem, which the client raises as ApiError.
      invalid: 400,
      valid: true,
      issues: [['text']],
    });
  }, 240_000);

  it('default package names come from the spec\'s title (--layout packages)', () => {
    const result = socialgen(['generate', '--spec', 'openapi.yaml', '--out', 'packages', '--target', 'types,client', '--quiet']);
    expect(result.stderr).toBe('');
    const client = JSON.parse(readFileSync(path.join(project, 'packages/client/package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
    expect(client).toMatchObject({ name: '@notes-api/client', version: '1.2.0' });
    expect(Object.keys(client.dependencies)).toEqual(['@notes-api/types', '@notes-api/validators']);
  }, 120_000);

  it('the programmatic API runs from the installed package, and its types check', () => {
    const run = spawnSync(process.execPath, ['api-user.mjs'], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ title: 'Notes API', operations: ['createNote', 'getNote'], files: ['types/README.md', 'types/index.ts', 'types/limits.ts', 'types/operations.ts', 'types/schemas.ts'] });
    // Checked in the user's one program (userProgram), with socialgen's installed declarations.
    const checked = userProgram();
    expect(checked.stdout + checked.stderr).toBe('');
  }, 240_000);
});
