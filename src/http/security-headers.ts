// Headers every answer carries, API and application alike (the application adds its CSP and
// framing rules in web.plugin.ts).
import type { FastifyInstance } from 'fastify';

/** One year: browsers that once reached RZ over https keep using https for it. */
export const HSTS = 'max-age=31536000';

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // A JSON error echoing user input must never be sniffed into HTML by a browser.
    reply.header('x-content-type-options', 'nosniff');
    // request.protocol is https only when it really was: behind RZ_TRUST_PROXY from
    // X-Forwarded-Proto, else from the socket. Over plain http the header would mean nothing
    // (browsers ignore it there), and a local install on http must stay reachable.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
