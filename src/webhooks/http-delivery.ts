// One webhook delivery attempt over the network (decisions.md, "Webhooks").
//
// - Connects to the address checked by url-guard, never resolving the host again (no DNS
//   rebinding): a custom `lookup` answers exactly that address, while the Host header and
//   the TLS server name stay the URL's host, so virtual hosts and certificates work.
// - node:http / node:https directly: no fetch, no global dispatcher, no proxy taken from
//   HTTP_PROXY / HTTPS_PROXY, no keep-alive pool (agent: false).
// - Follows no redirects. 2xx is success; anything else, a timeout or a network error is a
//   failure, reported in the outcome. Never throws.

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface WebhookRequest {
  url: URL;
  /** The address url-guard checked; the connection goes there and nowhere else. */
  address: string;
  headers: Record<string, string>;
  body: string;
  /** Limit for the whole attempt: connecting, sending, and reading the response. */
  timeoutMs: number;
  /** How much of the response body to keep as the snippet (default 1024 bytes). */
  maxResponseBytes?: number;
  /** Extra trusted CA certificates (tests with a self-signed receiver). */
  ca?: string | Buffer;
}

export interface DeliveryOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
  responseSnippet: string | null;
}

const DEFAULT_MAX_RESPONSE_BYTES = 1024;

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function stripZone(address: string): string {
  const pct = address.indexOf('%');
  return pct >= 0 ? address.slice(0, pct) : address;
}

function describeError(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const message = e instanceof Error ? e.message : String(err);
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused (${message})`;
    case 'ECONNRESET':
      return `connection reset (${message})`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `address unreachable (${message})`;
    case 'EPIPE':
      return `connection closed while sending (${message})`;
    default:
      if (code && /CERT|SSL|TLS|ERR_TLS|SELF_SIGNED|UNABLE_TO|HOSTNAME/.test(code)) {
        return `TLS error: ${message} (${code})`;
      }
      return code && !message.includes(code) ? `${message} (${code})` : message;
  }
}

/** Sends one POST and reports what happened. Never throws, never rejects. */
export function sendWebhook(req: WebhookRequest): Promise<DeliveryOutcome> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const maxBytes = Math.max(0, req.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);

  return new Promise<DeliveryOutcome>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let request: http.ClientRequest | undefined;
    let response: http.IncomingMessage | undefined;

    const finish = (outcome: Omit<DeliveryOutcome, 'durationMs'>): void => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
      // Whatever is still open goes away: we have all we want.
      response?.destroy();
      request?.destroy();
    };

    try {
      const { url } = req;
      const isHttps = url.protocol === 'https:';
      if (!isHttps && url.protocol !== 'http:') {
        finish({ ok: false, status: null, error: `unsupported protocol ${url.protocol}`, responseSnippet: null });
        return;
      }
      const address = stripZone(stripBrackets(req.address));
      const family = isIP(address);
      if (family === 0) {
        finish({ ok: false, status: null, error: `not an IP address: ${req.address}`, responseSnippet: null });
        return;
      }

      const hostName = stripBrackets(url.hostname);
      const hostIsIp = isIP(hostName) !== 0;
      // For a host name, node asks `lookup`, which answers only the pinned address. An IP
      // literal host is never looked up, so we connect to the (checked) address directly.
      const pinnedLookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (options?.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      }) as unknown as LookupFunction;

      const body = Buffer.from(req.body, 'utf8');
      const headers: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        const lower = k.toLowerCase();
        if (lower === 'host' || lower === 'content-length' || lower === 'connection') continue;
        headers[k] = v;
      }
      headers['Host'] = url.host;
      headers['Content-Length'] = body.length;
      headers['Connection'] = 'close';

      const options: https.RequestOptions = {
        method: 'POST',
        protocol: url.protocol,
        hostname: hostIsIp ? address : hostName,
        port: url.port === '' ? (isHttps ? 443 : 80) : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers,
        lookup: pinnedLookup,
        agent: false,
      };
      if (isHttps) {
        // SNI and certificate check use the URL's host name (SNI can't carry an IP).
        if (!hostIsIp) options.servername = hostName;
        if (req.ca !== undefined) options.ca = req.ca;
      }

      // Once the status line is in, the status decides; the body only feeds the snippet.
      let responseDone: (() => void) | undefined;
      const chunks: Buffer[] = [];
      const snippet = (): string => Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');

      timer = setTimeout(() => {
        finish({
          ok: false,
          status: response?.statusCode ?? null,
          error: `timeout after ${req.timeoutMs} ms`,
          responseSnippet: response ? snippet() : null,
        });
      }, Math.max(0, req.timeoutMs));

      request = (isHttps ? https : http).request(options, (res) => {
        response = res;
        const status = res.statusCode ?? null;
        let kept = 0;

        const done = (): void => {
          if (status !== null && status >= 200 && status < 300) {
            finish({ ok: true, status, error: null, responseSnippet: snippet() });
          } else if (status !== null && status >= 300 && status < 400) {
            finish({ ok: false, status, error: 'redirect not followed', responseSnippet: snippet() });
          } else {
            finish({ ok: false, status, error: `HTTP status ${status}`, responseSnippet: snippet() });
          }
        };
        responseDone = done;

        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= maxBytes) done(); // enough: finish() destroys the rest
        });
        res.on('end', done);
        res.on('error', done);
        res.on('aborted', done);
        res.on('close', done);
      });
      request.on('error', (err) => {
        if (responseDone) responseDone();
        else finish({ ok: false, status: null, error: describeError(err), responseSnippet: null });
      });
      request.end(body);
    } catch (err) {
      finish({ ok: false, status: null, error: describeError(err), responseSnippet: null });
    }
  });
}
