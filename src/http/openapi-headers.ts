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
  description: 'Makes a retried POST safe: the same key and body replay the first answer; the same key with another body answers 422. A retry while the first request runs waits for it; one whose process died is taken over after 15 s. Kept 48 hours.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const IN_PROGRESS = 'request_in_progress: a request with the same Idempotency-Key is still running (no existing_id; retry in a few seconds)';

type Doc = { paths?: Record<string, Record<string, any>>; components?: Record<string, any> };

export function withGuardHeaders<T extends object>(source: T): T {
  const doc = structuredClone(source) as Doc;
  doc.components = { ...doc.components, headers: { ...RATE_HEADERS, 'Retry-After': RETRY_AFTER }, parameters: { IdempotencyKey: IDEMPOTENCY_KEY } };
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'post') {
        op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
        // A retry whose Idempotency-Key is held by a request still running (api-guide, Idempotency).
        const conflict = op.responses?.['409'];
        if (conflict) conflict.description = `${conflict.description}; ${IN_PROGRESS}`;
        else if (op.responses?.['401']) op.responses['409'] = { ...structuredClone(op.responses['401']), description: IN_PROGRESS };
      }
      for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
        if (status === '401') continue; // no team to count against
        response.headers = { ...response.headers, ...Object.fromEntries(Object.keys(RATE_HEADERS).map((h) => [h, ref(h)])) };
        if (status === '429' || status === '503') response.headers['Retry-After'] = ref('Retry-After');
      }
    }
  }
  return doc as T;
}
