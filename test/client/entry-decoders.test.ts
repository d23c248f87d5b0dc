/**
 * An operation table entry's `decode` names runtime functions (`decodeInt64(plans, …, decodeBinary)`,
 * `decodeBinary`, `decodeBody`); operations.ts must import each one it names. Checked by the TypeScript
 * compiler on the generated module, for an operation whose success is JSON with an int64 member or bytes,
 * read with `int64: 'bigint'` (the entry then passes `decodeBinary` to `decodeInt64`; no other operation
 * names `decodeBinary`, so nothing else brings its import), beside one that declares text.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInMemory, writeFiles } from '../helpers/generate.ts';
import { tempDir } from '../helpers/paths.ts';

const SPEC = `openapi: 3.1.0
info: { title: decoders, version: '1' }
paths:
  /wide:
    get:
      operationId: getWide
      responses:
        '200':
          description: JSON with an int64 member, or bytes
          content:
            application/json:
              schema: { type: object, properties: { n: { type: integer, format: int64 } } }
            application/octet-stream:
              schema: { type: string, contentEncoding: binary }
  /text:
    get:
      operationId: getText
      responses:
        '200':
          description: text
          content:
            text/plain:
              schema: { type: string }
`;

let tmp: ReturnType<typeof tempDir>;
let operations: string;
let diagnostics: string[];
beforeAll(async () => {
  tmp = tempDir('socialgen-decoders-');
  const spec = path.join(tmp.dir, 'spec.yaml');
  writeFileSync(spec, SPEC);
  const files = await generateInMemory(spec, ['types', 'client'], { int64: 'bigint', format: false });
  writeFiles(tmp.dir, files);
  operations = files.get('client/src/operations.ts')!;
  const file = path.join(tmp.dir, 'client/src/operations.ts');
  const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: [] });
  diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}, 60_000);
afterAll(() => tmp?.remove());

describe("the operation table imports every decoder its entries name", () => {
  it('names them: decodeInt64 with decodeBinary, and decodeBody', () => {
    expect(operations).toContain('decodeInt64(int64Plans,');
    expect(operations).toMatch(/decodeInt64\([^\n]*, decodeBinary\)/);
    expect(operations).toMatch(/decode: decodeBody\b/);
  });

  it('the compiler finds every name it uses', () => {
    expect(diagnostics).toEqual([]);
  });
});
