// The one error handler: every failure leaves the service in the body shape of decisions.md,
// and nothing internal (stack, SQL, paths) ever reaches a client.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RequestShapeError, type ValidationIssue } from '../errors/app-error.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  message?: string;
  params: Record<string, unknown>;
}

function pathOf(e: AjvError): Array<string | number> {
  // Array positions as numbers (["body", "events", 1]), as FastAPI-style clients expect.
  const parts: Array<string | number> = e.instancePath.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') parts.push(e.params.missingProperty);
  if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string') parts.push(e.params.additionalProperty);
  return parts;
}

/** Wrong types answer the 422 list; any other schema failure names its field (object form). */
export function translateValidation(errors: AjvError[], context: string): AppError | RequestShapeError {
  // In a union (a nullable string with a maximum length, say) a value that matches one branch's
  // type but breaks its rule also fails the other branches' type checks: that is a rule of a
  // field (object form), not a wrong type.
  const branchOf = (e: AjvError) => (e.schemaPath ?? '').slice(0, (e.schemaPath ?? '').lastIndexOf('/'));
  const typeFailed = new Set(errors.filter((e) => e.keyword === 'type').map(branchOf));
  const ruleBroken = new Set(errors.filter((e) => e.keyword !== 'type' && e.keyword !== 'anyOf' && !typeFailed.has(branchOf(e))).map((e) => e.instancePath));
  // Likewise a value whose type one branch took (an array of events) is not also "not a string"
  // for another branch: only the problems inside it count.
  const takenByOtherBranch = (e: AjvError) => {
    const m = /^(.*\/anyOf)\/(\d+)\/type$/.exec(e.schemaPath ?? '');
    return m !== null && errors.some((o) => o !== e && (o.schemaPath ?? '').startsWith(`${m[1]}/`)
      && !(o.schemaPath ?? '').startsWith(`${m[1]}/${m[2]}/`) && o.instancePath.startsWith(`${e.instancePath}/`));
  };
  const typeErrors = errors.filter((e) => e.keyword === 'type' && !ruleBroken.has(e.instancePath) && !takenByOtherBranch(e));
  if (typeErrors.length > 0) {
    const byPath = new Map<string, ValidationIssue & { expected: string[] }>();
    for (const e of typeErrors) {
      const loc = [context, ...pathOf(e)];
      const key = loc.join('\u0000');
      const expected = String(e.params.type ?? 'value');
      const prev = byPath.get(key);
      if (!prev) byPath.set(key, { loc, msg: `must be ${expected}`, type: `type_error.${expected}`, expected: [expected] });
      else if (!prev.expected.includes(expected)) {
        prev.expected.push(expected);
        prev.msg = `must be ${prev.expected.join(' or ')}`;
      }
    }
    return new RequestShapeError([...byPath.values()].map(({ expected: _expected, ...issue }) => issue));
  }
  const first = errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'type') ?? errors.find((e) => e.keyword !== 'anyOf') ?? errors[0];
  const path = pathOf(first);
  const field = path.join('.') || context;
  let message: string;
  switch (first.keyword) {
    case 'required': message = `${field} is required.`; break;
    case 'const': case 'enum': {
      const allowed = first.keyword === 'enum' && Array.isArray(first.params.allowedValues)
        ? first.params.allowedValues.map(String)
        : errors.filter((e) => e.keyword === 'const' && pathOf(e).join('.') === path.join('.')).map((e) => String(e.params.allowedValue));
      message = allowed.length ? `${field} must be one of: ${allowed.join(', ')}.` : `${field} has a value that is not allowed.`;
      break;
    }
    default: message = `${field} ${first.message ?? 'is invalid'}.`;
  }
  return new AppError('validation_error', message, { field });
}

function send(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}): void {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function renderError(err: unknown, request: FastifyRequest, reply: FastifyReply): void {
  // The request's id (the X-Request-Id of the answer) in every error object, for support tickets.
  // The 422 list form keeps its documented shape (detail is a list); X-Request-Id carries it there.
  if (err instanceof AppError) return send(reply, err.status, err.body(request.id), err.headers);
  if (err instanceof RequestShapeError) return send(reply, 422, { detail: err.issues });
  const fe = err as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fe.validation) {
    const translated = translateValidation(fe.validation, fe.validationContext ?? 'body');
    return renderError(translated, request, reply);
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(reply, 422, { detail: [{ loc: ['body'], msg: fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Body is empty but Content-Type is application/json.' : 'Malformed JSON.', type: 'json_invalid' }] });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return renderError(new AppError('unsupported_media_type', 'Send JSON with Content-Type: application/json.'), request, reply);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return renderError(new AppError('payload_too_large', 'The request body is too large.'), request, reply);
  }
  if (err instanceof SyntaxError && (fe.statusCode === 400 || /JSON/.test(fe.message))) {
    return send(reply, 422, { detail: [{ loc: ['body'], msg: 'Malformed JSON.', type: 'json_invalid' }] });
  }
  const status = fe.statusCode ?? 500;
  // 414: a path longer than the router takes names no row either.
  if (status === 404 || status === 414) return renderError(new AppError('not_found', 'Not found.'), request, reply);
  if (status === 405) return renderError(new AppError('method_not_allowed', 'Method not allowed.'), request, reply);
  if (status >= 400 && status < 500) return renderError(new AppError('validation_error', 'The request is invalid.', { field: 'body' }), request, reply);
  request.log.error({ err }, 'unhandled error');
  return renderError(new AppError('internal_error', 'Something went wrong on our side. The error has been logged.'), request, reply);
}

/**
 * Requests Node's HTTP parser refuses before there is a request (raw non-ASCII bytes in the URL, a
 * malformed header, headers over 16 KiB, a slow client) still answer in the error body of the API.
 * No key was read, so no request is counted and no limit headers are sent.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const error = err.code === 'HPE_HEADER_OVERFLOW'
    ? new AppError('headers_too_large', 'The request line and headers are too large (16 KiB at most).')
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('request_timeout', 'The request took too long to arrive.')
      : err.code === 'HPE_INVALID_URL' || err.code === 'HPE_INVALID_TOKEN' && /url/i.test(err.message)
        ? new AppError('bad_request', 'The URL is malformed. Percent-encode non-ASCII characters in it (UTF-8).')
        : new AppError('bad_request', 'The HTTP request is malformed (request line, headers or body framing).');
  // No request exists yet, so no id was given to one: this answer gets its own.
  const requestId = randomUUID();
  const body = JSON.stringify(error.body(requestId));
  const answer = `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  // Bad bytes after a good request on the same connection (pipelining, or stray bytes past
  // Content-Length): that request, received whole, may still be running. Its answer goes out
  // first, then this one; closing now would hide the answer of a change that was made. A request
  // whose own body never finished arriving (the timeout) is answered now.
  const running = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (running && !running.writableFinished && running.req.complete) {
    let sent = false;
    const after = () => {
      if (sent || socket.destroyed || socket.writableEnded) return;
      sent = true;
      socket.end(answer);
    };
    running.once('finish', after);
    running.once('close', after);
    return;
  }
  socket.end(answer);
}

/** Unknown routes are answered by /api/v1's own handler and, everywhere else, by the application's (web.plugin.ts). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => renderError(err, request, reply));
}
