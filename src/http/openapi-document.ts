// The last pass over the generated OpenAPI document, for the integrators who read it and the
// generators that turn it into clients: tags with descriptions, plain `enum`s and nullable types
// instead of TypeBox's unions, a named component for every row, page, detail and input, and an
// example on every request body and answer. It changes the document only: the route schemas,
// and so validation and the answers, stay as they are.
import { errorCodeOf, exampleError, exampleOf } from './openapi-examples.ts';

type Schema = Record<string, any>;
type Doc = { info?: Schema; tags?: Schema[]; paths?: Record<string, Record<string, any>>; components?: Record<string, any>; webhooks?: Record<string, any> };

const TAGS: Array<[string, string]> = [
  ['me', 'The key itself: its team, role, scopes and the pipeline stages.'],
  ['contacts', 'People, found or created by email.'],
  ['companies', 'Organisations, found or created by name.'],
  ['deals', 'Deals moving through the pipeline stages: open, won or lost.'],
  ['tasks', 'To-dos with a due date, linked to a deal or contact.'],
  ['activities', 'Timeline entries: notes, calls, emails, meetings, WhatsApp messages.'],
  ['calls', 'Pushed call transcripts and their coaching analysis (run in the background).'],
  ['webhooks', 'Signed HTTP callbacks for events, their delivery log, redelivery and ping.'],
  ['events', 'The event log: every event a webhook could receive, to read back after downtime.'],
  ['webhook events', 'What RZ POSTs to a registered webhook URL, one entry per event.'],
];

const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as Schema).type === 'null' && Object.keys(s).length === 1;
const isPlain = (s: Schema) => typeof s.type === 'string' && s.type !== 'null' && !s.$ref && !s.anyOf && !s.allOf && !s.oneOf;

/** anyOf of one-value enums (TypeBox literals) -> one enum; anyOf [T, null] -> type [T, "null"]. */
function simplified(schema: Schema): Schema {
  const branches: Schema[] | undefined = schema.anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  const values = branches.filter((b) => !isNull(b));
  const nullable = values.length < branches.length;
  const literal = (b: Schema) => b.type === 'string' && Array.isArray(b.enum) && Object.keys(b).every((k) => k === 'type' || k === 'enum' || k === 'description');
  if (values.length > 1 && values.every(literal)) {
    const description = rest.description ?? values.find((b) => b.description)?.description;
    return {
      ...rest, type: nullable ? ['string', 'null'] : 'string',
      enum: [...values.flatMap((b) => b.enum), ...(nullable ? [null] : [])], ...(description ? { description } : {}),
    };
  }
  if (nullable && values.length === 1 && isPlain(values[0])) {
    const [only] = values;
    return { ...only, ...rest, type: [only.type, 'null'], ...(only.enum ? { enum: [...only.enum, null] } : {}) };
  }
  return schema;
}

/** Every schema in the document, inner ones first, through `visit`. */
function walk(node: unknown, visit: (s: Schema) => Schema): unknown {
  if (Array.isArray(node)) return node.map((n) => walk(n, visit));
  if (typeof node !== 'object' || node === null) return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'example' || k === 'examples' || k === 'enum' || k === 'const' || k === 'default' ? v : walk(v, visit);
  return visit(out);
}

const mediaOf = (holder: Schema | undefined): Schema | undefined => holder?.content?.['application/json'];

/** A body or answer schema with a title (ContactPage, DealDetail, ContactInput) becomes a named component. */
function hoistTitled(doc: Doc, media: Schema | undefined): void {
  const schema = media?.schema;
  if (!schema || schema.$ref || typeof schema.title !== 'string') return;
  const schemas = (doc.components!.schemas ??= {});
  const existing = schemas[schema.title];
  if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) throw new Error(`OpenAPI: two different schemas are named ${schema.title}`);
  schemas[schema.title] = schema;
  media.schema = { $ref: `#/components/schemas/${schema.title}` };
}

function eachOperation(doc: Doc, fn: (op: Schema, method: string, path: string) => void): void {
  for (const [path, item] of Object.entries(doc.paths ?? {})) for (const [method, op] of Object.entries(item)) fn(op, method, path);
}

function addExamples(doc: Doc): void {
  // One example per error code, shared by every answer that gives it (components.examples).
  const shared = (doc.components!.examples ??= {});
  eachOperation(doc, (op) => {
    const body = mediaOf(op.requestBody);
    if (body && body.example === undefined && body.examples === undefined) body.example = exampleOf(body.schema, doc);
    for (const [status, response] of Object.entries<Schema>(op.responses ?? {})) {
      const media = mediaOf(response);
      if (!media || media.example !== undefined || media.examples !== undefined) continue;
      if (/^2/.test(status)) {
        media.example = exampleOf(media.schema, doc);
        continue;
      }
      const code = errorCodeOf(Number(status), response.description ?? '');
      shared[code] ??= { summary: `${status} ${code}`, value: exampleError(code) };
      media.examples = { [code]: { $ref: `#/components/examples/${code}` } };
    }
  });
}

export function polishDocument<T extends object>(source: T): T {
  const doc = walk(source, simplified) as Doc;
  doc.info = {
    ...doc.info,
    // A self-hosted service: whoever runs this installation answers for it.
    contact: { name: 'The operator of this RZ installation' },
    // No open-source licence is granted: an SPDX reference of our own says so (SPDX has no id for it).
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  };
  doc.tags = TAGS.map(([name, description]) => ({ name, description }));
  doc.components ??= {};
  eachOperation(doc, (op) => {
    hoistTitled(doc, mediaOf(op.requestBody));
    for (const response of Object.values<Schema>(op.responses ?? {})) hoistTitled(doc, mediaOf(response));
  });
  addExamples(doc);
  return doc as T;
}
