/**
 * `socialgen diff` on two OpenAPI 3.2 documents (issue 31, part A): the base is test/oas32/a-operations.yaml;
 * the head drops its QUERY operation and its LINK additional operation, adds an UNLINK one, and turns the
 * form-urlencoded `querystring` parameter into an `in: query` one. Removed operations are breaking
 * (`endpoint-removed`, as for GET or POST: oasdiff's `api-removed-without-deprecation`), an added one is
 * info, and the querystring → query change is breaking. Both documents pass Ajv with the OAI's 3.2
 * meta-schema (the independent check that the head is a 3.2 document, not a broken one).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { main } from '../../generator/src/cli/main.ts';
import { memoryIO } from '../../generator/src/cli/io.ts';
import { repoRoot } from '../helpers/paths.ts';
import { oai32Validator } from './a-oai-schema.ts';

const base = path.join(repoRoot, 'test/oas32/a-operations.yaml');
const tmp = mkdtempSync(path.join(tmpdir(), 'socialgen-oas32a-diff-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function headDocument(): Record<string, any> {
  const doc = parse(readFileSync(base, 'utf8'));
  delete doc.paths['/reports'].query;
  const item = doc.paths['/reports/{id}'];
  item.additionalOperations = { UNLINK: { ...item.additionalOperations.LINK, operationId: 'unlinkReport' } };
  doc.paths['/search'].get.parameters[0].in = 'query';
  return doc;
}

describe('socialgen diff on OpenAPI 3.2', () => {
  it('reports a removed QUERY and a removed additional operation as breaking, an added one as info', async () => {
    const head = headDocument();
    const validate = oai32Validator();
    expect(validate(head), JSON.stringify(validate.errors)).toBe(true);
    const headFile = path.join(tmp, 'head.yaml');
    writeFileSync(headFile, stringify(head));

    const io = memoryIO(repoRoot);
    const code = await main(['diff', base, headFile, '--format', 'json'], io);
    const report = JSON.parse(io.stdout.join('\n'));
    const changes = (report.changes as { id: string; level: string; message: string }[]).map((c) => `${c.level} ${c.id}: ${c.message.split(':')[0]}`).sort();
    expect(changes).toEqual([
      'breaking endpoint-removed: LINK /reports/{id}',
      'breaking endpoint-removed: QUERY /reports',
      'breaking request-parameter-querystring-changed: query parameter `criteria`',
      'info endpoint-added: UNLINK /reports/{id}',
    ]);
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).not.toMatch(/warning/i);
  });
});
