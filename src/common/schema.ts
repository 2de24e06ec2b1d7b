// Small TypeBox building blocks shared by every route schema.
import { Type, type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const Timestamp = Type.String({ format: 'date-time', description: 'RFC 3339, UTC, milliseconds, Z' });
export const Id = (prefix: string) => Type.String({ description: `Opaque id (prefix ${prefix}_)`, examples: [`${prefix}_01JD3Q6Z8W5V3K8Y2N4R7T9A1B`] });
export const IdParam = Type.Object({ id: Type.String() });

export const ErrorDetail = Type.Object({
  error: Type.String({ description: 'Stable error code; clients branch on it.' }),
  message: Type.String({ description: 'Short English sentence for logs.' }),
  field: Type.Optional(Type.String({ description: 'With 422 on a single field.' })),
  existing_id: Type.Optional(Type.String({ description: 'With 409 duplicate.' })),
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
  402: 'licence_inactive (writes; members also reads), or a call allowance code',
  403: 'missing_scope or forbidden',
  404: 'not_found: no such row, or not visible to this key',
  409: 'duplicate, with existing_id',
  422: 'validation_error (with field) or deal_not_open; malformed JSON or wrong types answer a list of {loc, msg, type}',
  428: 'consent_required',
  429: 'rate_limited (or call_limit), with Retry-After',
  503: 'paused: the daily spend limit holds call analysis',
};

/** OpenAPI error answers for a route. Error bodies are rendered by the error handler, never by these schemas. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const s of [401, 429, ...statuses]) {
    out[s] = s === 422
      ? Type.Union([Type.Ref('Error'), Type.Ref('ValidationErrorList')], { description: ERROR_DESCRIPTIONS[s] })
      : Type.Ref('Error', { description: ERROR_DESCRIPTIONS[s] });
  }
  return out;
}

/** Page size as a query string; parseLimit checks it (422 field limit) with one message for every list. */
export const LimitParam = Type.Optional(Type.String({ description: 'Page size: an integer from 1 to 100, default 25', examples: ['25'] }));

export const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ description: 'Case-insensitive substring search' })),
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from next_cursor' })),
  limit: LimitParam,
});

export const pageOf = <T extends TSchema>(item: T, title: string) => Type.Object({
  items: Type.Array(item),
  next_cursor: Nullable(Type.String()),
  total: Type.Integer(),
}, { title });
