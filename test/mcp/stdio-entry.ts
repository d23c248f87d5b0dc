/**
 * The stdio MCP server of test/mcp/mcp.test.ts: the generated package's `createMcpServer` (configured from
 * the environment, as an MCP host starts it) served on stdin/stdout. The test runs it with
 * `node --import tsx <this file> <generated mcp folder>`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const folder = process.argv[2]!;
const mcp = await import(pathToFileURL(path.join(folder, 'index.ts')).href);
await mcp.serveStdio(mcp.createMcpServer());
