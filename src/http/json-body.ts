// JSON bodies: an empty body with Content-Type application/json counts as no body (clients
// often send the header on POSTs without payload, e.g. /deals/{id}/reopen). Everything else
// goes through Fastify's own safe parser: `__proto__` and `constructor.prototype` keys are
// removed (prototype-poisoning protection), so they are ignored like any unknown field.
// Before that, what the API cannot read as sent is refused rather than guessed at: a compressed
// body or another charset (415), bytes that are not UTF-8 and nesting deeper than any request
// needs (422 list form, like malformed JSON).
import type { FastifyInstance } from 'fastify';
import { AppError, RequestShapeError } from '../errors/app-error.ts';

/** No request of the API nests deeper than a few levels; 64 leaves room and keeps every later walk of the body shallow. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function bodyIssue(msg: string): RequestShapeError {
  return new RequestShapeError([{ loc: ['body'], msg, type: 'json_invalid' }]);
}

/** Deeper than `max` levels of arrays and objects? Iterative, so no body can exhaust the stack. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Bodies as JSON: under `application/json` everywhere; with `anyType`, whatever Content-Type says
 * (the API: `fetch` sends a string body as text/plain and `curl -d` as a form, and the body is
 * JSON all the same; what is not JSON answers the 422 list form, as malformed JSON does).
 */
export function installJsonParser(app: FastifyInstance, opts: { anyType?: boolean } = {}): void {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  if (opts.anyType) app.removeAllContentTypeParsers();
  else app.removeContentTypeParser('application/json');
  app.addContentTypeParser(opts.anyType ? '*' : 'application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const encoding = String(request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && encoding !== '') {
      return done(new AppError('unsupported_media_type', 'Send the body uncompressed (no Content-Encoding).'), undefined);
    }
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(String(request.headers['content-type'] ?? ''))?.[1].toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      return done(new AppError('unsupported_media_type', 'Send JSON in UTF-8 (Content-Type: application/json; charset=utf-8).'), undefined);
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(bodyIssue('The body is not valid UTF-8.'), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    return parse(request, text, (err, value) => {
      if (err) return done(err, undefined);
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return done(bodyIssue(`The body is nested more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
      return done(null, value);
    });
  });
}
