import { LIMIT_IN_DOCUMENT } from '../common/schema.ts';

// Headers the API guard adds to every route (rate-limit answers, Idempotency-Key on POST) live
// in one hook, not in each route schema; they are added to the generated document here so it
// describes them on every operation.
const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: "The team's requests per UTC day.", schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left today after this one.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix seconds of the next UTC midnight, when the count restarts.', schema: { type: 'integer' } },
};
const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } };
const IDEMPOTENCY_KEY = {
  in: 'header', name: 'Idempotency-Key', required: false,
  description: 'Makes a retried POST safe: the same key and body replay the first answer; the same key with another body answers 422. A retry while the first request runs waits for it; one whose process died is taken over after 15 s (a first request only held up then rolls back: 409 request_in_progress). Kept 48 hours.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

// Answers every operation can give beyond its own schema: from the HTTP parser (400, 408, 431),
// the licence (402 also on reads: members' keys), and for a body, its size and type (413, 415).
const EVERY_OPERATION: Record<string, string> = {
  400: 'bad_request: the HTTP request itself is malformed (e.g. raw non-ASCII bytes in the URL, no Host header)',
  402: "licence_inactive: the team's licence is not in force (writes; members' keys also on reads)",
  408: 'request_timeout: the headers or the body did not arrive within 60 s',
  431: 'headers_too_large: request headers over 16 KiB',
};
// Every operation checks its query string and path before its own rules (api-guard preValidation).
const QUERY_422 = 'validation_error, with field: a query parameter given twice, or text holding a NUL character or an unpaired surrogate';
const IDEMPOTENCY_422 = 'validation_error with field Idempotency-Key: an empty key, or a key used before with another body or path';
// fastify/swagger's text for a response without a description.
const SUCCESS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted: queued; the work runs in the background', 204: 'No Content' };
const WITH_BODY: Record<string, string> = {
  413: 'payload_too_large: body over 2 MiB (POST /calls: 4 MiB)',
  415: 'unsupported_media_type: a compressed body (Content-Encoding) or a charset other than UTF-8; the body is read as JSON whatever the Content-Type',
};
const REPLAYED = { description: 'true on an answer replayed for a retried Idempotency-Key', schema: { type: 'string', enum: ['true'] } };

/** A name for an operation whose route gives none (getContactsById, ...): every operation of the document has one. */
function operationId(method: string, path: string): string {
  const words = path.replace(/^\/(?:api\/v1\/)?/, '').split('/').map((seg) => (seg.startsWith('{') ? `by_${seg.slice(1, -1)}` : seg));
  return method + words.flatMap((w) => w.split(/[_-]/)).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const IN_PROGRESS = 'request_in_progress: a request with the same Idempotency-Key is still running (no existing_id; retry in a few seconds), or this request was held up and a retry took its key over (its change rolled back); duplicate with existing_id: it was carried out by a server that stopped before storing its answer (existing_id names the row it made)';

type Doc = { paths?: Record<string, Record<string, any>>; components?: Record<string, any> };

export function withGuardHeaders<T extends object>(source: T): T {
  const doc = structuredClone(source) as Doc;
  doc.components = { ...doc.components, headers: { ...RATE_HEADERS, 'Retry-After': RETRY_AFTER }, parameters: { IdempotencyKey: IDEMPOTENCY_KEY } };
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      op.operationId ??= operationId(method, path);
      const errorAnswer = op.responses?.['401'];
      if (errorAnswer) {
        // A POST without a body of its own still refuses one that is too big or not JSON.
        const add = { ...EVERY_OPERATION, ...(op.requestBody || method === 'post' ? WITH_BODY : {}) };
        for (const [status, description] of Object.entries(add)) op.responses[status] ??= { ...structuredClone(errorAnswer), description };
        const extra = [QUERY_422, ...(method === 'post' ? [IDEMPOTENCY_422] : [])].join('; ');
        if (op.responses['422']) op.responses['422'].description = `${op.responses['422'].description}; ${extra}`;
        else op.responses['422'] = { ...structuredClone(errorAnswer), description: extra };
      }
      for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
        if (response.description === 'Default Response' && SUCCESS[status]) response.description = SUCCESS[status];
      }
      for (const p of op.parameters ?? []) {
        if (p.in === 'query' && p.name === 'limit') {
          const { description, ...schema } = LIMIT_IN_DOCUMENT;
          p.schema = schema;
          p.description = description;
          p.example = schema.default;
        }
      }
      if (method === 'post') {
        for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
          if (/^2/.test(status)) response.headers = { ...response.headers, 'Idempotent-Replayed': REPLAYED };
        }
        op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
        // A retry whose Idempotency-Key is held by a request still running (api-guide, Idempotency).
        const conflict = op.responses?.['409'];
        if (conflict) conflict.description = `${conflict.description}; ${IN_PROGRESS}`;
        else if (errorAnswer) op.responses['409'] = { ...structuredClone(errorAnswer), description: IN_PROGRESS };
      }
      for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
        // 401: no team to count against; 400, 408, 431: refused by the HTTP parser before any key is read.
        if (status === '401' || status === '400' || status === '408' || status === '431') continue;
        response.headers = { ...response.headers, ...Object.fromEntries(Object.keys(RATE_HEADERS).map((h) => [h, ref(h)])) };
        if (status === '429' || status === '503') response.headers['Retry-After'] = ref('Retry-After');
      }
    }
  }
  return doc as T;
}
