// The second half of `npm run build` (after `tsc -b`): files the compiled generator reads as data at run
// time, copied next to the compiled modules that read them. The client and server runtimes are TypeScript
// sources copied verbatim into every generated package (emit/client/index.ts, emit/server/index.ts read
// them from `./runtime/`); the validators' runtime modules are read and copied by use; the prettier worker is plain JavaScript started by path (write/format.ts); codegen/typescript.mjs is plain JavaScript (why: see it).
// Copies only what changed, so a no-op build stays cheap.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ASSETS = [
  { dir: 'emit/client/runtime', match: (f) => f.endsWith('.ts') },
  { dir: 'emit/server/runtime', match: (f) => f.endsWith('.ts') },
  { dir: 'emit/msw/runtime', match: (f) => f.endsWith('.ts') },
  { dir: 'emit/adapters/runtime', match: (f) => f.endsWith('.ts') },
  // The zod target's refinements (checks.ts there only stands in for the copied validators' checks) and the MCP server runtime.
  { dir: 'emit/zod/runtime', match: (f) => f === 'schemas.ts' },
  { dir: 'emit/mcp/runtime', match: (f) => f.endsWith('.ts') },
  // The validators' runtime helpers and format checks are real modules whose declarations are copied into
  // generated code by use (emit/validators/runtime/library.ts reads them as text).
  { dir: 'emit/validators/runtime', match: (f) => f.endsWith('.ts') && f !== 'library.ts' },
  { dir: 'emit/validators/runtime/helpers', match: (f) => f.endsWith('.ts') && f !== 'index.ts' },
  { dir: 'emit/validators/runtime/formats', match: (f) => f.endsWith('.ts') && f !== 'index.ts' },
  { dir: 'write', match: (f) => f === 'format-worker.mjs' },
  // ts-morph loaded with require (see the file), and its declarations for the compiled API's .d.ts files.
  { dir: 'codegen', match: (f) => f === 'typescript.mjs' },
  { dir: 'codegen', match: (f) => f === 'typescript.d.mts', to: 'types/codegen' },
];

for (const { dir, match, to: into = dir } of ASSETS) {
  const from = path.join(root, 'src', dir);
  const to = path.join(root, 'dist', into);
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from).filter(match)) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    if (existsSync(target) && statSync(target).mtimeMs >= statSync(source).mtimeMs) continue;
    copyFileSync(source, target);
  }
}
