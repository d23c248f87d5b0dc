/**
 * Where a diagnostic points when the problem sits deep inside a file that a `$ref` brings in: the loader
 * records, for every object the bundler moves into the root, the file and pointer it was written at
 * (registerOrigins; `$id` resources likewise), and a diagnostic is placed from that. The pointers go through
 * keys that must be escaped (`/` and `~`), in a YAML file and in a JSON file (a JSON file's positions come
 * from a separate scan, not from the YAML parser).
 *
 * `‸` marks where a diagnostic must point (it is removed before writing).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSpecError, loadSpec, type Diagnostic } from '../../generator/src/load/index.ts';
import { tempDir } from '../helpers/paths.ts';

const tmp = tempDir('socialgen-places-');
afterAll(() => tmp.remove());

/** Writes `text` without its `‸` markers; returns the file's path and the `line:column` of each marker. */
function write(rel: string, text: string): { file: string; marks: string[] } {
  const marks: string[] = [];
  const clean = text.split('\n').map((line, i) => {
    let out = '';
    for (const ch of line) {
      if (ch === '‸') marks.push(`${i + 1}:${out.length + 1}`);
      else out += ch;
    }
    return out;
  });
  const file = path.join(tmp.dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, clean.join('\n'));
  return { file, marks };
}

async function problems(spec: string): Promise<Diagnostic[]> {
  try {
    const loaded = await loadSpec(spec);
    return loaded.warnings;
  } catch (error) {
    if (!isSpecError(error)) throw error;
    return error.diagnostics;
  }
}

const place = (d: Diagnostic) => `${path.relative(tmp.dir, d.file!)}:${d.line}:${d.column}`;

describe('diagnostics deep in referenced files name file:line:column', () => {
  it('a meta-schema error under escaped keys, in a referenced YAML file and in a referenced JSON file', async () => {
    const root = write(
      'split/api.yaml',
      `openapi: 3.0.3
info: { title: Places, version: "1" }
paths:
  /a/{id}:
    $ref: "./paths.yaml#/~1a~1{id}"
  /b:
    $ref: "./paths.json#/~1b"
`,
    );
    const yaml = write(
      'split/paths.yaml',
      `/a/{id}:
  get:
    parameters:
      - name: id
        in: path
        required: true
        schema: { type: string }
    responses:
      "200":
        description: ok
        content:
          application/json:
            schema:
              type: object
              properties:
                "x~y/z":
                  type: array
                  ‸minItems: many
`,
    );
    const json = write(
      'split/paths.json',
      `{
  "/b": {
    "get": {
      "responses": {
        "200": {
          "description": "ok",
          "content": {
            "application/json": {
              "schema": {
                "properties": {
                  "a/b~c": {
                    "type": "string",
                    ‸"maxLength": -1
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
`,
    );
    const found = (await problems(root.file)).filter((d) => d.severity === 'error').map(place);
    expect(found).toEqual(expect.arrayContaining([`split/paths.yaml:${yaml.marks[0]}`, `split/paths.json:${json.marks[0]}`]));
  });

  it('a warning in a referenced file points into that file', async () => {
    const root = write(
      'warn/api.yaml',
      `openapi: 3.1.0
info: { title: Places, version: "1" }
paths: {}
components:
  schemas:
    Slug:
      $ref: "./schemas.yaml#/Slug"
`,
    );
    const schemas = write(
      'warn/schemas.yaml',
      `Slug:
  type: object
  properties:
    "a/b":
      type: string
      ‸pattern: "^([a-z0-9]+-?)*$"
`,
    );
    const warnings = (await problems(root.file)).filter((d) => d.severity === 'warning' && d.code === 'pattern-redos');
    expect(warnings.map(place)).toEqual([`warn/schemas.yaml:${schemas.marks[0]}`]);
  });
});
