// A real HTTP webhook receiver on 127.0.0.1 for tests: records every request (raw body bytes
// and headers) and answers what the test tells it to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  at: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any;
  delivery: string;
  event: string;
}

/** What to answer: a status (and optional body), or 'hang' to never answer. */
export type Answer = number | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang';

export interface Receiver {
  url: string; // http://127.0.0.1:PORT/hook
  port: number;
  received: Received[];
  /** Decides the answer per request (default 200). */
  respond: (r: Received, nth: number) => Answer;
  /** Resolves when `pred` holds for the received list (polls), or rejects after `ms`. */
  waitFor(pred: (all: Received[]) => boolean, ms?: number, what?: string): Promise<Received[]>;
  of(event: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  const perDelivery = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const r: Received = {
        at: Date.now(), path: req.url ?? '', headers: req.headers, raw, body,
        delivery: String(req.headers['x-rz-delivery'] ?? ''), event: String(req.headers['x-rz-event'] ?? ''),
      };
      received.push(r);
      const nth = (perDelivery.get(r.delivery) ?? 0) + 1;
      perDelivery.set(r.delivery, nth);
      let answer: Answer;
      try {
        answer = receiver.respond(r, nth);
      } catch {
        answer = 500;
      }
      if (answer === 'hang') return;
      const a = typeof answer === 'number' ? { status: answer } : answer;
      const send = () => {
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? `answer ${a.status}`);
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    respond: () => 200,
    async waitFor(pred, ms = 180_000, what = 'condition') {
      const until = Date.now() + ms;
      while (!pred(received)) {
        if (Date.now() > until) throw new Error(`receiver: timed out waiting for ${what}; got ${received.length} request(s): ${received.map((r) => r.event).join(', ')}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    of: (event) => received.filter((r) => r.event === event),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return receiver;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
