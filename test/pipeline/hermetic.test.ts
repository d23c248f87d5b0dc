/**
 * socialgen is hermetic: no network access, no telemetry, no update checks, and the output depends only on
 * the spec, the config and socialgen's version.
 *
 * - Statically: no module of the generator (outside the runtimes it copies into the generated packages,
 *   and `socialgen mock`'s server) imports a network module or calls fetch/WebSocket/XMLHttpRequest.
 * - At run time: the real command, with every proxy variable pointing at a local listener and a preload
 *   (`node --import`, NODE_OPTIONS untouched) that records any socket connection, DNS lookup or fetch,
 *   generates every package of the project spec without one; a spec `$ref` to an http URL is an error,
 *   not a download.
 * - Two runs from different folders, with different time zones, locales, home folders and relative versus
 *   absolute paths, write identical bytes, and nothing of the machine (paths, user, host, today) leaks in.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../helpers/generate.ts';
import { projectSpec, repoRoot, tempDir } from '../helpers/paths.ts';
import { socialgenBin, writePipelineSpec } from './helpers.ts';

const NETWORK_MODULES = /^(node:)?(http|https|http2|net|tls|dgram|dns|dns\/promises|inspector)$|^(undici|node-fetch|axios|got|ws|request|superagent|cross-fetch|isomorphic-fetch)(\/|$)/;
const NETWORK_GLOBALS = new Set(['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource']);

/**
 * What is not the pipeline: runtimes copied verbatim into the generated packages (they are the packages'
 * code: the client's fetch, the server's node:http adapter), `socialgen mock`, a server by design, and the
 * reader of a spec given as a URL (load/remote.ts), which fetches only then: the run below, from files,
 * shows that a local spec makes no request.
 */
const NOT_PIPELINE = [/^emit\/(client|server|validators|msw|adapters|zod|mcp)\/runtime\//, /^cli\/commands\/mock(-serve)?\.ts$/, /^load\/remote\.ts$/];

function sourceFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, rel)).sort()) {
    const child = rel ? `${rel}/${entry}` : entry;
    if (statSync(path.join(dir, child)).isDirectory()) out.push(...sourceFiles(dir, child));
    else if (/\.(ts|mts|js|mjs)$/.test(entry)) out.push(child);
  }
  return out;
}

/** Module specifiers a file imports (static, dynamic with a literal, require) and network globals it uses. */
function networkUses(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let specifier: string | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specifier = node.moduleSpecifier.text;
    if (ts.isCallExpression(node) && node.arguments.length && ts.isStringLiteralLike(node.arguments[0])) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) specifier = node.arguments[0].text;
    }
    if (specifier !== undefined && NETWORK_MODULES.test(specifier)) found.push(`imports ${specifier}`);
    if (ts.isIdentifier(node) && NETWORK_GLOBALS.has(node.text)) {
      const parent = node.parent;
      const isUse = (ts.isCallExpression(parent) && parent.expression === node) || ts.isNewExpression(parent) || (ts.isPropertyAccessExpression(parent) && parent.name === node);
      if (isUse) found.push(`uses ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no network module in the pipeline (static)', () => {
  const src = path.join(repoRoot, 'generator/src');
  const files = sourceFiles(src);

  it('the excluded folders exist (the check is not vacuous)', () => {
    expect(files.filter((f) => NOT_PIPELINE.some((re) => re.test(f))).length).toBeGreaterThan(5);
    expect(files.filter((f) => !NOT_PIPELINE.some((re) => re.test(f))).length).toBeGreaterThan(30);
    // The scan does see network use where it is (the server's Node adapter, the client's fetch).
    expect(networkUses(path.join(src, 'emit/server/runtime/node.ts'))).toContain('imports node:http');
    expect(networkUses(path.join(src, 'emit/client/runtime/core.ts')).length).toBeGreaterThan(0);
  });

  it('generator/src (outside the generated runtimes and the mock server) imports no network module and calls no fetch', () => {
    const offenders = files.filter((f) => !NOT_PIPELINE.some((re) => re.test(f))).flatMap((f) => networkUses(path.join(src, f)).map((use) => `${f}: ${use}`));
    expect(offenders).toEqual([]);
  });

  it('the bin and the generator package declare no network client among their dependencies', () => {
    expect(networkUses(path.join(repoRoot, 'generator/bin/socialgen.js'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'generator/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).filter((d) => NETWORK_MODULES.test(d))).toEqual([]);
  });
});

/** Records, to $SOCIALGEN_NET_LOG, every TCP/UDP connection, DNS lookup and fetch made in the process and its workers. */
const PRELOAD = `
import { appendFileSync } from 'node:fs';
import net from 'node:net';
import dgram from 'node:dgram';
import dns from 'node:dns';
const log = (what) => appendFileSync(process.env.SOCIALGEN_NET_LOG, what + '\\n');
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  // A path is a Unix domain socket: local IPC (tsx's loader talks to its parent), not the network.
  if (typeof first === 'object' && first !== null && first.path !== undefined) log('ipc ' + first.path);
  else log('connect ' + (typeof first === 'object' && first !== null ? \`\${first.host ?? 'localhost'}:\${first.port}\` : String(first)));
  return connect.apply(this, args);
};
const send = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function (...args) { log('udp send'); return send.apply(this, args); };
for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny']) {
  const original = dns[name];
  dns[name] = function (...args) { log('dns.' + name + ' ' + args[0]); return original.apply(this, args); };
  const promised = dns.promises[name];
  dns.promises[name] = function (...args) { log('dns.promises.' + name + ' ' + args[0]); return promised.apply(this, args); };
}
const fetch = globalThis.fetch;
globalThis.fetch = function (...args) { log('fetch ' + String(args[0])); return fetch.apply(this, args); };
`;

describe('generation with no network, in any folder, time zone or locale', () => {
  const tmp = tempDir('socialgen-hermetic-');
  let listener: Server;
  let proxyHits = 0;
  let proxy = '';
  const runs: Record<'a' | 'b', { code: number | null; stderr: string; out: string; tree: Map<string, string> }> = {} as never;
  const netLog = path.join(tmp.dir, 'net.log');

  /** `node [--import preload] socialgen generate ...` without blocking the event loop (the proxy listener must answer). */
  function generate(name: 'a' | 'b', cwd: string, args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<void> {
    mkdirSync(cwd, { recursive: true });
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [...nodeArgs, socialgenBin, 'generate', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.stdout.resume();
      child.on('error', reject);
      child.on('exit', (code) => {
        const out = path.resolve(cwd, args[args.indexOf('--out') + 1]);
        runs[name] = { code, stderr, out, tree: code === 0 ? readTree(out) : new Map() };
        resolve();
      });
    });
  }

  beforeAll(async () => {
    listener = createServer((socket) => {
      proxyHits++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    proxy = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
    writeFileSync(path.join(tmp.dir, 'no-network.mjs'), PRELOAD);
    writeFileSync(netLog, '');

    const base = { PATH: process.env.PATH ?? '', NO_COLOR: '1' };
    // A: relative paths from a folder next to the spec's copy, UTC, C locale.
    const a = generate('a', path.join(tmp.dir, 'a'), ['--spec', path.relative(path.join(tmp.dir, 'a'), projectSpec), '--out', 'out', '--quiet'], {
      ...base,
      HOME: path.join(tmp.dir, 'a'),
      TZ: 'UTC',
      LANG: 'C',
      LC_ALL: 'C',
    });
    // B: absolute paths from a deep folder, UTC+14, a Turkish locale (dotless i), another home and user,
    // SOURCE_DATE_EPOCH, every proxy variable at the local listener, and the network recorder preloaded.
    const b = generate(
      'b',
      path.join(tmp.dir, 'b/deep/er'),
      ['--spec', projectSpec, '--out', path.join(tmp.dir, 'b-out'), '--quiet'],
      {
        ...base,
        HOME: path.join(tmp.dir, 'b'),
        USER: 'someone-else',
        TZ: 'Pacific/Kiritimati',
        LANG: 'tr_TR.UTF-8',
        LC_ALL: 'tr_TR.UTF-8',
        SOURCE_DATE_EPOCH: '1',
        HTTP_PROXY: proxy,
        HTTPS_PROXY: proxy,
        http_proxy: proxy,
        https_proxy: proxy,
        ALL_PROXY: proxy,
        NO_PROXY: '',
        SOCIALGEN_NET_LOG: netLog,
        ...(process.env.NODE_OPTIONS !== undefined ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
      },
      ['--import', path.join(tmp.dir, 'no-network.mjs')],
    );
    await Promise.all([a, b]);
  }, 300_000);

  afterAll(() => {
    listener?.close();
    tmp.remove();
  });

  it('both runs succeed and write every package', () => {
    for (const name of ['a', 'b'] as const) {
      expect(runs[name].stderr, `run ${name}`).toBe('');
      expect(runs[name].code, `run ${name}`).toBe(0);
      expect([...new Set([...runs[name].tree.keys()].map((f) => f.split('/')[0]))]).toEqual(['client', 'server', 'types', 'validators']);
    }
  });

  it('no connection, DNS lookup, UDP packet or fetch was made, and the proxy was never contacted', () => {
    const log = readFileSync(netLog, 'utf8').split('\n').filter(Boolean);
    // Only local IPC through Unix sockets, if any (tsx's loader), never a host.
    expect(log.filter((line) => !line.startsWith('ipc '))).toEqual([]);
    for (const line of log) expect(line).toMatch(/^ipc \//);
    expect(proxyHits).toBe(0);
  });

  it('the recorder does record (a fetch through it is seen)', async () => {
    const log = path.join(tmp.dir, 'sanity.log');
    writeFileSync(log, '');
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, ['--import', path.join(tmp.dir, 'no-network.mjs'), '--input-type=module', '-e', `await fetch(${JSON.stringify(proxy)}).catch(() => {});`], {
        env: { PATH: process.env.PATH ?? '', SOCIALGEN_NET_LOG: log },
        stdio: 'ignore',
      });
      child.on('exit', () => resolve());
    });
    const lines = readFileSync(log, 'utf8');
    expect(lines).toContain(`fetch ${proxy}`);
    expect(lines).toMatch(/^connect 127\.0\.0\.1:\d+$/m);
  }, 30_000);

  it('the two runs wrote identical bytes', () => {
    const a = runs.a.tree;
    const b = runs.b.tree;
    expect([...b.keys()]).toEqual([...a.keys()]);
    const different = [...a.keys()].filter((f) => a.get(f) !== b.get(f));
    expect(different).toEqual([]);
  });

  it('nothing of the machine leaks into the output: folders, home, user, host name, today', () => {
    const today = new Date().toISOString().slice(0, 10);
    const needles = [tmp.dir, repoRoot, os.homedir(), os.hostname(), 'someone-else', today].filter((n) => n.length > 3);
    for (const [file, contents] of runs.a.tree) {
      for (const needle of needles) expect(contents.includes(needle), `${file} contains ${needle}`).toBe(false);
    }
  });

  it('a $ref to an http URL is an error naming it, not a download', async () => {
    const dir = path.join(tmp.dir, 'remote');
    writePipelineSpec(dir);
    const api = path.join(dir, 'api.yaml');
    writeFileSync(api, readFileSync(api, 'utf8').replace("$ref: './thing.yaml'", `$ref: '${proxy}/thing.yaml'`));
    const hitsBefore = proxyHits;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [socialgenBin, 'generate', '--spec', 'api.yaml', '--out', 'out', '--target', 'types', '--quiet'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/api\.yaml:\d+:\d+: .*thing\.yaml/);
    expect(proxyHits).toBe(hitsBefore);
  }, 60_000);
});
