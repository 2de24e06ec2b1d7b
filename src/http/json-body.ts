// JSON bodies: an empty body with Content-Type application/json counts as no body (clients
// often send the header on POSTs without payload, e.g. /deals/{id}/reopen). Everything else
// goes through Fastify's own safe parser: `__proto__` and `constructor.prototype` keys are
// removed (prototype-poisoning protection), so they are ignored like any unknown field.
import type { FastifyInstance } from 'fastify';

export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parse(request, text, done);
  });
}
