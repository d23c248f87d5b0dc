/**
 * The independent side of the form tests: a plain node:http server that records each request's raw bytes
 * and headers and answers with a fixed JSON body, so tests compare exactly what went over the wire.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  contentType: string;
  bytes: Buffer;
}

export interface Recorder {
  url: string;
  requests: Recorded[];
  /** The last request's body as text (latin1: one character per byte, so binary parts compare too). */
  last(): Recorded & { text: string };
  close(): Promise<void>;
}

export async function startRecorder(answers: Record<string, { status: number; body: unknown }>): Promise<Recorder> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, contentType: req.headers['content-type'] ?? '', bytes: Buffer.concat(chunks) });
      const answer = answers[req.url!.split('?')[0]!] ?? { status: 404, body: { type: 'about:blank', title: 'Not Found' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    last() {
      const r = requests[requests.length - 1];
      if (!r) throw new Error('no request recorded');
      return { ...r, text: r.bytes.toString('latin1') };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
