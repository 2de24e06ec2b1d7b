// Small TypeBox building blocks shared by every route schema.
import { Type, type Static, type TSchema } from 'typebox';
import { ERROR_STATUS } from '../errors/app-error.ts';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/**
 * A row field that may be null. A plain type becomes `type: [T, "null"]` (with null among its
 * enum values), which the answer's serializer writes directly; an anyOf makes it check each
 * branch with a validator per field. Request bodies keep Nullable: their 422 messages are worded
 * from the anyOf's branches.
 */
export function NullableValue<T extends TSchema>(t: T) {
  const s = t as TSchema & { type?: unknown; enum?: unknown[] };
  const plain = typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array' && s.type !== 'null';
  if (!plain) return Type.Unsafe<Static<T> | null>(Nullable(t));
  return Type.Unsafe<Static<T> | null>({ ...s, type: [s.type, 'null'], ...(s.enum ? { enum: [...s.enum, null] } : {}) });
}

/**
 * One of a few strings, as `{type: "string", enum}`: TypeBox's Union of Literals is an anyOf of
 * one-value schemas, which the document would show as such and the serializer checks branch by
 * branch. Validation answers the same: a wrong type is "must be string", another value "must be
 * one of: ...".
 */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
export const Timestamp = Type.String({ format: 'date-time', description: 'RFC 3339, UTC, milliseconds, Z' });
export const Id = (prefix: string) => Type.String({ description: `Opaque id (prefix ${prefix}_)`, examples: [`${prefix}_01JD3Q6Z8W5V3K8Y2N4R7T9A1B`] });
export const IdParam = Type.Object({ id: Type.String() });

export const ErrorDetail = Type.Object({
  error: Type.String({ enum: Object.keys(ERROR_STATUS), description: 'Stable error code from a closed set; clients branch on it.' }),
  message: Type.String({ description: 'Short English sentence for logs.' }),
  field: Type.Optional(Type.String({ description: 'With 422 on a single field.' })),
  existing_id: Type.Optional(Type.String({ description: 'With 409 duplicate.' })),
  request_id: Type.Optional(Type.String({
    description: 'The id of the request (its X-Request-Id answer header): quote it when asking the operator about an error. On every error of this form; '
      + 'on an answer replayed for an Idempotency-Key, the id of the request that was answered first.',
    examples: ['6f1d2c3b-8a4e-4f0a-9b7c-2d1e0f3a4b5c'],
  })),
}, { additionalProperties: true });

export const ValidationIssue = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
  msg: Type.String(),
  type: Type.String(),
});

export const ErrorBody = Type.Object({ detail: ErrorDetail }, { $id: 'Error', title: 'Error' });
export const ValidationListBody = Type.Object({ detail: Type.Array(ValidationIssue) }, { $id: 'ValidationErrorList' });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  401: 'invalid_key: unknown or revoked key',
  402: "licence_inactive: the team's licence is not in force (writes; members' keys also on reads)",
  403: 'missing_scope or forbidden',
  404: 'not_found: no such row, or not visible to this key',
  409: 'duplicate, with existing_id',
  422: 'validation_error, with field; malformed JSON or wrong types answer a list of {loc, msg, type}',
  428: 'consent_required',
  429: 'rate_limited: the team used its requests for today, with Retry-After',
  503: 'paused: the daily spend limit holds call analysis',
};

/**
 * OpenAPI error answers for a route: a status, or [status, description] where the route gives
 * codes of its own. Error bodies are rendered by the error handler, never by these schemas.
 */
export function errors(...statuses: Array<number | [number, string]>): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const entry of [401, 429, ...statuses]) {
    const [s, description] = Array.isArray(entry) ? entry : [entry, ERROR_DESCRIPTIONS[entry]];
    out[s] = s === 422
      ? Type.Union([Type.Ref('Error'), Type.Ref('ValidationErrorList')], { description })
      : Type.Ref('Error', { description });
  }
  return out;
}

/** Page size as a query string; parseLimit checks it (422 field limit) with one message for every list. */
export const LimitParam = Type.Optional(Type.String({ description: 'Page size: an integer from 1 to 100, default 25', examples: ['25'] }));
/** How the document shows it: a query string holds text, but its contract is an integer (the service checks it the same way). */
export const LIMIT_IN_DOCUMENT = { type: 'integer', minimum: 1, maximum: 100, default: 25, description: 'Page size: an integer from 1 to 100, default 25 (above 100: 422 with field limit)' };

export const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ description: 'Case-insensitive substring search' })),
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from next_cursor' })),
  limit: LimitParam,
});

export const pageOf = <T extends TSchema>(item: T, title: string) => Type.Object({
  items: Type.Array(item),
  next_cursor: Nullable(Type.String({ description: 'Cursor of the next page; null on the last page' })),
  total: Type.Integer({ minimum: 0, description: 'Rows matching the filters that the key can see (a q search: at most 10000, see total_relation)' }),
  total_relation: Type.String({
    enum: ['eq', 'gte'], description: 'eq: total is exact. gte: a q search with more than 10000 matches; total is 10000 and the real number is higher',
  }),
}, { title });
