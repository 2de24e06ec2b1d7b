// The closed set of error codes of the public API and the one code-to-status map.
// Every error a client sees is rendered from an AppError by the one error handler.

export const ERROR_STATUS = {
  bad_request: 400,
  invalid_key: 401,
  unauthenticated: 401,
  team_cap: 402,
  personal_pool: 402,
  credits: 402,
  licence_inactive: 402,
  subscription_required: 402,
  missing_scope: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  duplicate: 409,
  request_in_progress: 409,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  validation_error: 422,
  deal_not_open: 422,
  consent_required: 428,
  rate_limited: 429,
  call_limit: 429,
  internal_error: 500,
  paused: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.extra = extra;
    this.headers = headers;
  }

  /** The error body; requestId, when given, is added as detail.request_id. */
  body(requestId?: string): { detail: Record<string, unknown> } {
    return { detail: { error: this.code, message: this.message, ...this.extra, ...(requestId ? { request_id: requestId } : {}) } };
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found.`);
export const validation = (field: string, message: string) => new AppError('validation_error', message, { field });
export const forbidden = (message = 'You do not have permission to do this.') => new AppError('forbidden', message);

/** An entry of the 422 list form (malformed JSON, wrong types). */
export interface ValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

export class RequestShapeError extends Error {
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.name = 'RequestShapeError';
    this.issues = issues;
  }
}
