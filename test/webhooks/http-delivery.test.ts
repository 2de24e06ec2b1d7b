import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { TLSSocket } from 'node:tls';
import { after, before, describe, it } from 'node:test';
import selfsigned from 'selfsigned';
import { sendWebhook, type WebhookRequest } from '../../src/webhooks/http-delivery.ts';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  servername?: string | false | null;
}

interface TestServer {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

const openSockets = new Set<net.Socket>();

async function listen(server: http.Server | https.Server, received: Received[]): Promise<TestServer> {
  server.on('connection', (s: net.Socket) => {
    openSockets.add(s);
    s.on('close', () => openSockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function collect(handler: Handler, received: Received[]) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        servername: (req.socket as TLSSocket).servername,
      });
      handler(req, res, body);
    });
  };
}

async function httpServer(handler: Handler): Promise<TestServer> {
  const received: Received[] = [];
  return listen(http.createServer(collect(handler, received)), received);
}

async function httpsServer(handler: Handler, key: string, cert: string): Promise<TestServer> {
  const received: Received[] = [];
  return listen(https.createServer({ key, cert }, collect(handler, received)), received);
}

function request(url: string, extra: Partial<WebhookRequest> = {}): WebhookRequest {
  return {
    url: new URL(url),
    address: '127.0.0.1',
    headers: { 'Content-Type': 'application/json', 'X-RZ-Event': 'deal.created', 'X-RZ-Delivery': 'dlv_1' },
    body: '{"id":"evt_1","event":"deal.created"}',
    timeoutMs: 2000,
    ...extra,
  };
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const servers: TestServer[] = [];
async function track(s: Promise<TestServer>): Promise<TestServer> {
  const server = await s;
  servers.push(server);
  return server;
}

after(async () => {
  for (const s of openSockets) s.destroy();
  await Promise.all(servers.map((s) => s.close()));
});

describe('sendWebhook over http', () => {
  it('posts the body and headers, and treats 2xx as ok', async () => {
    const srv = await track(httpServer((_req, res) => res.writeHead(204).end()));
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/hooks/rz?team=1`));
    assert.equal(out.ok, true);
    assert.equal(out.status, 204);
    assert.equal(out.error, null);
    assert.equal(out.responseSnippet, '');
    assert.ok(out.durationMs >= 0 && out.durationMs < 2000);
    assert.equal(srv.received.length, 1);
    const got = srv.received[0];
    assert.equal(got.method, 'POST');
    assert.equal(got.url, '/hooks/rz?team=1');
    assert.equal(got.body, '{"id":"evt_1","event":"deal.created"}');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['x-rz-event'], 'deal.created');
    assert.equal(got.headers['x-rz-delivery'], 'dlv_1');
    assert.equal(got.headers['content-length'], String(Buffer.byteLength(got.body)));
  });

  it('sends the body as UTF-8 with the right Content-Length', async () => {
    const srv = await track(httpServer((_req, res) => res.writeHead(200).end('thanks')));
    const body = '{"name":"Müller – 東京 🚀"}';
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`, { body }));
    assert.equal(out.ok, true);
    assert.equal(out.responseSnippet, 'thanks');
    assert.equal(srv.received[0].body, body);
    assert.equal(srv.received[0].headers['content-length'], String(Buffer.byteLength(body, 'utf8')));
  });

  it('reports a 500 as failed, with status and snippet', async () => {
    const srv = await track(
      httpServer((_req, res) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('database on fire')),
    );
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`));
    assert.equal(out.ok, false);
    assert.equal(out.status, 500);
    assert.match(out.error!, /500/);
    assert.equal(out.responseSnippet, 'database on fire');
  });

  it('reports 4xx as failed', async () => {
    const srv = await track(httpServer((_req, res) => res.writeHead(410).end()));
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`));
    assert.deepEqual([out.ok, out.status], [false, 410]);
  });

  it('does not follow a redirect', async () => {
    const target = await track(httpServer((_req, res) => res.writeHead(200).end('should not be reached')));
    const srv = await track(
      httpServer((_req, res) => res.writeHead(302, { Location: `http://127.0.0.1:${target.port}/stolen` }).end()),
    );
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`));
    assert.equal(out.ok, false);
    assert.equal(out.status, 302);
    assert.equal(out.error, 'redirect not followed');
    // A followed redirect would have reached the target before sendWebhook answered.
    assert.equal(srv.received.length, 1);
    assert.equal(target.received.length, 0);
  });

  it('times out on a server that never answers', async () => {
    const srv = await track(httpServer(() => {}));
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`, { timeoutMs: 300 }));
    assert.equal(out.ok, false);
    assert.equal(out.status, null);
    assert.equal(out.error, 'timeout after 300 ms');
    assert.ok(out.durationMs >= 290 && out.durationMs < 1500, `duration ${out.durationMs}`);
  });

  it('times out on a server that accepts the connection but never reads', async () => {
    const sockets: net.Socket[] = [];
    const raw = net.createServer((s) => {
      sockets.push(s);
      s.pause();
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const { port } = raw.address() as AddressInfo;
    try {
      const out = await sendWebhook(request(`http://127.0.0.1:${port}/`, { timeoutMs: 300 }));
      assert.equal(out.ok, false);
      assert.equal(out.error, 'timeout after 300 ms');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });

  it('counts reading the response in the timeout (status sent, body hangs)', async () => {
    const srv = await track(
      httpServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('partial');
      }),
    );
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`, { timeoutMs: 300 }));
    assert.equal(out.ok, false);
    assert.equal(out.status, 200);
    assert.equal(out.error, 'timeout after 300 ms');
    assert.equal(out.responseSnippet, 'partial');
  });

  it('reports connection refused', async () => {
    const port = await freePort();
    const out = await sendWebhook(request(`http://127.0.0.1:${port}/`));
    assert.equal(out.ok, false);
    assert.equal(out.status, null);
    assert.match(out.error!, /connection refused/);
    assert.equal(out.responseSnippet, null);
  });

  it('reports a connection reset', async () => {
    const srv = await track(httpServer((req) => req.socket.destroy()));
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`));
    assert.equal(out.ok, false);
    assert.equal(out.status, null);
    assert.match(out.error!, /connection reset|socket hang up/);
  });

  it('keeps only the first KiB of the response', async () => {
    const srv = await track(httpServer((_req, res) => res.writeHead(500).end('x'.repeat(5000))));
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`));
    assert.equal(out.status, 500);
    assert.equal(out.responseSnippet, 'x'.repeat(1024));
  });

  it('honours maxResponseBytes', async () => {
    const srv = await track(httpServer((_req, res) => res.writeHead(200).end('abcdefghij')));
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`, { maxResponseBytes: 4 }));
    assert.equal(out.ok, true);
    assert.equal(out.responseSnippet, 'abcd');
  });

  it('stops reading an endless response once it has the snippet', async () => {
    const srv = await track(
      httpServer((_req, res) => {
        res.writeHead(200);
        const timer = setInterval(() => res.write('y'.repeat(512)), 5);
        res.on('close', () => clearInterval(timer));
      }),
    );
    const out = await sendWebhook(request(`http://127.0.0.1:${srv.port}/`, { timeoutMs: 60_000 }));
    assert.equal(out.ok, true);
    assert.equal(out.responseSnippet, 'y'.repeat(1024));
    // Not held until the timeout: the sender stops reading after its snippet.
    assert.ok(out.durationMs < 30_000, `duration ${out.durationMs}`);
  });

  it('connects to the pinned address, keeping the URL host in the Host header', async () => {
    const srv = await track(httpServer((_req, res) => res.writeHead(200).end('ok')));
    const out = await sendWebhook(request(`http://hooks.example.test:${srv.port}/x`, { address: '127.0.0.1' }));
    assert.equal(out.ok, true, String(out.error));
    assert.equal(srv.received.length, 1);
    assert.equal(srv.received[0].headers.host, `hooks.example.test:${srv.port}`);
    assert.equal(srv.received[0].url, '/x');
  });

  it('connects to the pinned address even when the URL host is another IP literal', async () => {
    const srv = await track(httpServer((_req, res) => res.writeHead(200).end()));
    const out = await sendWebhook(request(`http://192.0.2.77:${srv.port}/x`, { address: '127.0.0.1', timeoutMs: 10_000 }));
    assert.equal(out.ok, true, String(out.error));
    assert.equal(srv.received[0].headers.host, `192.0.2.77:${srv.port}`);
  });

  it('connects to a pinned IPv6 address (where ::1 is available)', async (t) => {
    const received: Received[] = [];
    const server = http.createServer(collect((_req, res) => res.writeHead(200).end(), received));
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(0, '::1', () => resolve(true));
    });
    if (!listening) {
      t.skip('no IPv6 loopback on this machine');
      return;
    }
    try {
      const { port } = server.address() as AddressInfo;
      const out = await sendWebhook(request(`http://hooks.example.test:${port}/v6`, { address: '::1' }));
      assert.equal(out.ok, true, String(out.error));
      assert.equal(received[0].headers.host, `hooks.example.test:${port}`);
      const out2 = await sendWebhook(request(`http://[::1]:${port}/v6`, { address: '[::1]' }));
      assert.equal(out2.ok, true, String(out2.error));
      assert.equal(received[1].headers.host, `[::1]:${port}`);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('ignores a Host or Content-Length given by the caller', async () => {
    const srv = await track(httpServer((_req, res) => res.writeHead(200).end()));
    const out = await sendWebhook(
      request(`http://hooks.example.test:${srv.port}/`, {
        headers: { Host: 'evil.example', 'Content-Length': '1', 'Content-Type': 'application/json' },
      }),
    );
    assert.equal(out.ok, true);
    assert.equal(srv.received[0].headers.host, `hooks.example.test:${srv.port}`);
    assert.equal(srv.received[0].body, '{"id":"evt_1","event":"deal.created"}');
  });

  it('ignores HTTP_PROXY / HTTPS_PROXY from the environment', async () => {
    const proxy = await track(httpServer((_req, res) => res.writeHead(200).end('proxied')));
    const srv = await track(httpServer((_req, res) => res.writeHead(200).end('direct')));
    const saved = { ...process.env };
    const proxyUrl = `http://127.0.0.1:${proxy.port}`;
    Object.assign(process.env, {
      HTTP_PROXY: proxyUrl,
      http_proxy: proxyUrl,
      HTTPS_PROXY: proxyUrl,
      https_proxy: proxyUrl,
      ALL_PROXY: proxyUrl,
      NO_PROXY: '',
      NODE_USE_ENV_PROXY: '1',
    });
    try {
      const out = await sendWebhook(request(`http://hooks.example.test:${srv.port}/`));
      assert.equal(out.ok, true);
      assert.equal(out.responseSnippet, 'direct');
      assert.equal(srv.received.length, 1);
      assert.equal(proxy.received.length, 0);
    } finally {
      for (const k of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'ALL_PROXY', 'NO_PROXY', 'NODE_USE_ENV_PROXY']) {
        if (k in saved) process.env[k] = saved[k];
        else delete process.env[k];
      }
    }
  });

  it('never throws, even on bad input', async () => {
    const outs = await Promise.all([
      sendWebhook(request('http://127.0.0.1:1/', { address: 'not-an-ip' })),
      sendWebhook(request('ftp://127.0.0.1/', {})),
      sendWebhook(request('http://127.0.0.1:1/', { headers: { 'X-Bad': 'line\r\nbreak' } })),
    ]);
    for (const out of outs) {
      assert.equal(out.ok, false);
      assert.equal(typeof out.error, 'string');
    }
  });
});

describe('sendWebhook over https', () => {
  let key = '';
  let cert = '';
  before(async () => {
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'hooks.example.test' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 2, value: 'hooks.example.test' }] },
      ],
    });
    key = pems.private;
    cert = pems.cert;
  });

  it('validates the certificate against the URL host name, sent as SNI', async () => {
    const srv = await track(httpsServer((_req, res) => res.writeHead(200).end('secure'), key, cert));
    const out = await sendWebhook(request(`https://hooks.example.test:${srv.port}/tls`, { ca: cert }));
    assert.equal(out.ok, true, String(out.error));
    assert.equal(out.responseSnippet, 'secure');
    assert.equal(srv.received.length, 1);
    assert.equal(srv.received[0].servername, 'hooks.example.test');
    assert.equal(srv.received[0].headers.host, `hooks.example.test:${srv.port}`);
  });

  it('refuses a certificate that is not trusted', async () => {
    const srv = await track(httpsServer((_req, res) => res.writeHead(200).end(), key, cert));
    const out = await sendWebhook(request(`https://hooks.example.test:${srv.port}/`));
    assert.equal(out.ok, false);
    assert.equal(out.status, null);
    assert.match(out.error!, /TLS error/);
    assert.equal(srv.received.length, 0);
  });

  it('refuses a certificate for another host name', async () => {
    const srv = await track(httpsServer((_req, res) => res.writeHead(200).end(), key, cert));
    const out = await sendWebhook(request(`https://other.example.test:${srv.port}/`, { ca: cert }));
    assert.equal(out.ok, false);
    assert.match(out.error!, /TLS error.*(altnames|other\.example\.test)/i);
    assert.equal(srv.received.length, 0);
  });
});
