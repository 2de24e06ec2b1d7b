// The errors the client throws: RzError for every answer RZ gives with an error status, so a
// caller branches on `code` (RZ's stable error code) instead of parsing messages.

/** One entry of the 422 list form: a body that could not be parsed or a field of the wrong type. */
export interface RzValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

export class RzError extends Error {
  /** RZ's error code (`not_found`, `validation_error`, `rate_limited`, ...); `validation_error` for the 422 list form. */
  readonly code: string;
  /** The HTTP status. */
  readonly status: number;
  /** The answer's `detail`: the error object (with `field`, `existing_id`, ...) or the 422 list. */
  readonly detail: Record<string, unknown> | RzValidationIssue[] | null;
  /** The request's id (`detail.request_id`, else the `X-Request-Id` header): quote it to the operator. */
  readonly requestId: string | null;
  /** The field a 422 names (`detail.field`, or the first list entry's location without `body`). */
  readonly field: string | null;
  /** Seconds to wait, from `Retry-After` (429, 503). */
  readonly retryAfter: number | null;

  constructor(status: number, body: unknown, headers: Headers) {
    const detail = (body as { detail?: unknown } | null)?.detail;
    const list = Array.isArray(detail) ? (detail as RzValidationIssue[]) : null;
    const object = !list && detail && typeof detail === 'object' ? (detail as Record<string, unknown>) : null;
    const code = typeof object?.error === 'string' ? object.error : list ? 'validation_error' : `http_${status}`;
    const message = typeof object?.message === 'string' ? object.message : list ? list.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; ') : `HTTP ${status}`;
    super(`${code}: ${message}`);
    this.name = 'RzError';
    this.code = code;
    this.status = status;
    this.detail = list ?? object;
    this.requestId = (typeof object?.request_id === 'string' ? object.request_id : null) ?? headers.get('x-request-id');
    this.field = typeof object?.field === 'string' ? object.field : list?.[0] ? list[0].loc.filter((p) => p !== 'body').join('.') || 'body' : null;
    const retry = Number(headers.get('retry-after'));
    this.retryAfter = headers.has('retry-after') && Number.isFinite(retry) ? retry : null;
  }
}
