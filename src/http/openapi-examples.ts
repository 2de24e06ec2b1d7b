// Examples for the OpenAPI document, built from the schemas themselves so they never drift from
// them (Spectral checks every example against its schema): a field's own `examples` first, then
// a value that reads like real data for the common field names, then one its type takes.
import { ERROR_STATUS } from '../errors/app-error.ts';

type Schema = Record<string, any>;
type Doc = { components?: { schemas?: Record<string, Schema> } };

const WHEN = '2026-11-22T09:15:03.120Z';
const ULID = '01JD3Q6Z8W5V3K8Y2N4R7T9A1B';
const ID_PREFIX: Record<string, string> = {
  contact_id: 'ct', company_id: 'co', deal_id: 'dl', task_id: 'tk', activity_id: 'ac', call_id: 'cl', webhook_id: 'wh',
  delivery_id: 'dv', event_id: 'ev', owner_id: 'us', user_id: 'us', created_by: 'us', changed_by: 'us', assignee_id: 'us', team_id: 'tm',
};
const BY_NAME: Record<string, unknown> = {
  email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '+44 20 7946 0958', job_title: 'Head of Sales',
  domain: 'analytical-engines.example', title: 'Acme renewal', stage: 'qualified', from_stage: 'new', to_stage: 'qualified',
  next_step: 'Send the offer', body: 'Asked for references', url: 'https://crm.example.com/rz-hook', filename: 'call-2026-11-22.vtt',
  currency: 'EUR', value_cents: 1250000, value_eur: 12500, key: 'qualified', label: 'Qualified',
  description: 'CRM sync', request_id: '6f1d2c3b-8a4e-4f0a-9b7c-2d1e0f3a4b5c', next_cursor: null, closed_at: null, error: null, total: 1, position: 1,
  event: 'deal.updated', status_code: 200, last_status_code: 200, last_error: null, response_snippet: 'ok', duration_ms: 183,
  status: 'done', quote: 'Kunde: Das ist uns im Moment zu teuer.', speaker: 'Kunde', rep_speaker: 'Agent', method_label: 'SPIN: implication question',
  why: 'The price objection was met with a discount before the cost of the problem was on the table.',
  coaching: 'Ask what the problem costs them before you talk about price.', commitment: 'In my next call I ask one cost-of-problem question before I name a price.',
  secret: 'whsec_kQ3d5PZ0oV8mJm2pQmC1rj8y7yQ0Lw3hQ0m0F5Tn8qU=', prefix: 'rz_live_abc', what_to_say_instead: 'Was würde sich für Sie ändern, wenn das gelöst wäre?',
};

/** Whether the value has a type the schema allows (a field named like another of another type). */
function takes(schema: Schema, value: unknown): boolean {
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

/** Fields whose example depends on what holds them: `name` of a company, a team, a user. */
const IN_CONTEXT: Record<string, unknown> = {
  'Company.name': 'Analytical Engines Ltd', 'company.name': 'Analytical Engines Ltd', 'team.name': 'Acme Sales', 'user.name': 'Tim Berger',
  'user.email': 'tim@acme.example', 'key.scopes': ['read', 'write'],
  'WebhookDelivery.body': `{"id":"ev_${ULID}","event":"deal.updated","created_at":"${WHEN}","data":{"id":"dl_${ULID}"}}`, 'team.id': `tm_${ULID}`, 'user.id': `us_${ULID}`, 'key.id': `key_${ULID}`, 'Webhook.description': 'CRM sync',
};

function fromType(schema: Schema, name: string): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date-time' || name.endsWith('_at')) return WHEN;
      if (schema.format === 'date') return WHEN.slice(0, 10);
      if (ID_PREFIX[name]) return `${ID_PREFIX[name]}_${ULID}`;
      return name === 'name' ? 'Ada Lovelace' : 'text';
    case 'integer': case 'number': return schema.minimum ?? (name.endsWith('_seconds') ? 42 : 1);
    case 'boolean': return false;
    case 'array': return [];
    case 'object': return {};
    default: return null;
  }
}

/** An example value for `schema`; `name` is the property it is the value of. */
export function exampleOf(schema: Schema | undefined, doc: Doc, name = '', seen: string[] = [], owner = ''): unknown {
  if (!schema) return null;
  const named = IN_CONTEXT[`${owner}.${name}`];
  if (named !== undefined && takes(schema, named)) return named;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.$ref) {
    const component = String(schema.$ref).split('/').pop()!;
    // A row that holds itself (never, today) would recurse for ever: stop at the second visit.
    if (seen.includes(component)) return {};
    return exampleOf(doc.components?.schemas?.[component], doc, name, [...seen, component], component);
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.includes(BY_NAME[name]) ? BY_NAME[name] : schema.enum.find((v: unknown) => v !== null) ?? null;
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: Schema) => exampleOf(s, doc, name, seen, owner)));
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return exampleOf(branches.find((b: Schema) => b.type !== 'null') ?? branches[0], doc, name, seen, owner);
  if (schema.properties) {
    return Object.fromEntries(Object.entries<Schema>(schema.properties).map(([key, s]) => [key, exampleOf(s, doc, key, seen, name || owner)]));
  }
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items, doc, name, seen, owner));
  }
  if (name in BY_NAME && takes(schema, BY_NAME[name])) return BY_NAME[name];
  return fromType(schema, name);
}

const MESSAGES: Partial<Record<keyof typeof ERROR_STATUS, string>> = {
  invalid_key: 'Unknown or revoked API key.',
  missing_scope: 'This key lacks the write scope.',
  not_found: 'Contact not found.',
  duplicate: 'A call with this external_id exists.',
  validation_error: 'email is required.',
  rate_limited: "The team used its requests for today.",
  payload_too_large: 'The request body is too large.',
};

/** The error code an answer's description names first, else the first code of its status. */
export function errorCodeOf(status: number, description: string): keyof typeof ERROR_STATUS {
  const codes = Object.entries(ERROR_STATUS).filter(([, s]) => s === status).map(([c]) => c as keyof typeof ERROR_STATUS);
  return codes.find((c) => new RegExp(`\\b${c}\\b`).test(description)) ?? codes[0] ?? 'internal_error';
}

/** An error body with that code, as the error handler renders it. */
export function exampleError(code: keyof typeof ERROR_STATUS): unknown {
  return {
    detail: {
      error: code, message: MESSAGES[code] ?? `${code.charAt(0).toUpperCase()}${code.slice(1).replace(/_/g, ' ')}.`,
      ...(code === 'validation_error' ? { field: 'email' } : {}),
      ...(code === 'duplicate' ? { existing_id: `cl_${ULID}` } : {}),
      request_id: BY_NAME.request_id,
    },
  };
}
