/** A small split spec for the pipeline tests, and ways to run the CLI: in process, or as a child process. */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { repoRoot } from '../helpers/paths.ts';

export const socialgenBin = path.join(repoRoot, 'generator/bin/socialgen.js');

/** `api.yaml` → `thing.yaml`: one operation with an owner-marked path parameter, one schema in another file. */
export function writePipelineSpec(dir: string, thingProperties = 'name: { type: string }'): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'api.yaml'),
    `openapi: 3.1.0
info:
  title: Pipeline API
  version: "1.4"
paths:
  /users/{id}/things:
    get:
      operationId: listThings
      summary: List things
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string, pattern: "^[0-9]+$", examples: ["42"] }
          x-my-owner: true
      responses:
        '200':
          description: The things
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Thing' } }
components:
  schemas:
    Thing:
      $ref: './thing.yaml'
`,
  );
  writeThing(dir, thingProperties);
  return path.join(dir, 'api.yaml');
}

export function writeThing(dir: string, properties: string): void {
  writeFileSync(path.join(dir, 'thing.yaml'), `type: object\nrequired: [id]\nproperties:\n  id: { type: string }\n  ${properties}\n`);
}

/** `socialgen <args>` in process (same code path as the command), with output collected. */
export async function runCli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIO(cwd);
  const code = await main(args, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

/** `socialgen mock <args>` as a process (the built CLI): its URL once it listens (stderr), and a stop that ends it. */
export async function startMockCommand(args: string[], cwd = repoRoot): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [socialgenBin, 'mock', '--port', '0', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(stderr);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`socialgen mock exited (${code}): ${stderr}`)));
  });
  return { url, stop: () => void child.kill('SIGTERM') };
}
