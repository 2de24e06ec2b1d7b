// The OpenAPI 3.1 document is generated from the route schemas: it must validate and describe
// every /api/v1 route with its parameters, rows and error answers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileErrors, validate } from '@readme/openapi-parser';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ERROR_STATUS } from '../../src/errors/app-error.ts';
import { EVENT_NAMES } from '../../src/events/event.repository.ts';
import { describeFindings, redoclyFindings, spectralFindings } from '../helpers/openapi-lint.ts';

/** A schema with its $ref followed (named components of the document). */
const resolve = (doc: any, schema: any): any => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema);
const jsonSchema = (doc: any, holder: any): any => resolve(doc, holder?.content?.['application/json']?.schema);

describe('OpenAPI document', () => {
  let s: TestServer;
  let doc: any;
  before(async () => {
    s = await startTestServer();
    const r = await fetch(`${s.api}/openapi.json`);
    assert.equal(r.status, 200);
    doc = await r.json();
  });
  after(() => s.stop());

  it('is a valid OpenAPI 3.1 document', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await validate(structuredClone(doc));
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
  });

  it('describes every API route, with bearer auth and error answers', () => {
    const routes: Array<[string, string]> = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of Object.keys(item)) routes.push([method.toUpperCase(), path]);
    }
    const must = [
      ['GET', '/me'], ['GET', '/contacts'], ['POST', '/contacts'], ['GET', '/contacts/{id}'],
      ['GET', '/companies'], ['POST', '/companies'], ['GET', '/companies/{id}'],
    ];
    for (const r of s.app.registeredRoutes) {
      if (!r.url.startsWith('/api/v1/') || r.url === '/api/v1/openapi.json') continue;
      must.push([r.method, r.url.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')]);
    }
    assert.ok(must.length >= 7);
    for (const [m, p] of must) assert.ok(routes.some(([rm, rp]) => rm === m && rp === p), `${m} ${p} missing from the document`);
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        assert.ok(op.summary, `${method} ${path} has no summary`);
        assert.ok(op.responses['401'], `${method} ${path} does not document 401`);
        const ok = Object.keys(op.responses).find((c) => c.startsWith('2'));
        assert.ok(ok, `${method} ${path} documents no success answer`);
      }
    }
    assert.ok(doc.components.schemas.Contact, 'Contact row schema');
    assert.ok(doc.components.schemas.Error, 'Error body schema');
    assert.deepEqual(doc.components.securitySchemes.bearer, { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' });
  });

  it('documents the list query parameters and the 422 shapes', () => {
    const list = doc.paths['/contacts'].get;
    const names = list.parameters.map((p: any) => p.name).sort();
    assert.deepEqual(names, ['cursor', 'limit', 'q']);
    const r422 = doc.paths['/contacts'].post.responses['422'];
    assert.ok(JSON.stringify(r422).includes('ValidationErrorList') || JSON.stringify(r422).includes('loc'));
    // Defaults the contract names are in the schema, where client generators read them.
    assert.equal(jsonSchema(doc, doc.paths['/calls'].post.requestBody).properties.language.default, 'de');
  });

  it('documents the rate-limit headers on answers and Idempotency-Key on every POST', () => {
    const ok = doc.paths['/contacts'].get.responses['200'];
    for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
      assert.equal(ok.headers[h].$ref, `#/components/headers/${h}`);
      assert.ok(doc.components.headers[h].description);
    }
    const limited = doc.paths['/contacts'].get.responses['429'];
    assert.equal(limited.headers['Retry-After'].$ref, '#/components/headers/Retry-After');
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!item.post) continue;
      assert.ok(item.post.parameters.some((p: any) => p.$ref === '#/components/parameters/IdempotencyKey'), `POST ${path} lacks Idempotency-Key`);
    }
    assert.equal(doc.components.parameters.IdempotencyKey.in, 'header');
  });

  it('names every operation, and documents the answers every operation can give beyond its own schema', () => {
    const ids: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        ids.push(op.operationId);
        // 422: a query parameter given twice (every operation), a bad Idempotency-Key (every POST).
        for (const status of ['400', '401', '402', '408', '422', '429', '431']) assert.ok(op.responses[status], `${method} ${path} lacks ${status}`);
        if (op.requestBody || method === 'post') for (const status of ['413', '415']) assert.ok(op.responses[status], `${method} ${path} lacks ${status}`);
        if (method === 'post') assert.match(op.responses['422'].description, /Idempotency-Key/, `POST ${path}`);
        for (const [status, r] of Object.entries<any>(op.responses)) assert.notEqual(r.description, 'Default Response', `${method} ${path} ${status}`);
        for (const p of op.parameters ?? []) {
          if (p.name === 'limit') assert.deepEqual(p.schema, { type: 'integer', minimum: 1, maximum: 100, default: 25 }, `${method} ${path} limit`);
          // An example must be a value its own schema takes (a client generator copies it).
          if (p.example !== undefined && p.schema.type === 'integer') assert.ok(Number.isInteger(p.example), `${method} ${path} ${p.name} example ${JSON.stringify(p.example)}`);
        }
        if (method === 'post') {
          assert.ok(op.responses['409'], `POST ${path} lacks 409 (Idempotency-Key in use)`);
          for (const [status, r] of Object.entries<any>(op.responses)) if (status.startsWith('2')) assert.ok(r.headers['Idempotent-Replayed'], `POST ${path} ${status}`);
        }
        // The HTTP parser's refusals carry no rate-limit headers (no key was read).
        assert.equal(op.responses['400'].headers, undefined);
      }
    }
    assert.ok(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z]+$/.test(id)), ids.join(', '));
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    assert.equal(doc.paths['/deals/{id}/reopen'].post.operationId, 'reopenDeal');
    assert.equal(doc.paths['/contacts'].get.operationId, 'listContacts');
    assert.equal(doc.paths['/deals'].post.operationId, 'createDeal');
    assert.equal(doc.paths['/webhooks/{id}/deliveries/{delivery_id}/redeliver'].post.operationId, 'redeliverWebhookDelivery');
    assert.match(doc.paths['/me'].get.responses['402'].description, /licence_inactive/);
    // Codes an operation cannot give are not named on it.
    assert.doesNotMatch(doc.paths['/contacts'].post.responses['402'].description, /team_cap|credits/);
    assert.match(doc.paths['/calls'].post.responses['402'].description, /subscription_required.*team_cap, personal_pool or credits/);
    assert.doesNotMatch(doc.paths['/tasks'].post.responses['429'].description, /call_limit/);
    assert.match(doc.paths['/calls'].post.responses['429'].description, /call_limit/);
    assert.doesNotMatch(doc.paths['/contacts'].post.responses['422'].description, /deal_not_open/);
    assert.match(doc.paths['/deals/{id}'].patch.responses['422'].description, /deal_not_open/);
  });

  it('lists the closed set of error codes', () => {
    assert.deepEqual([...doc.components.schemas.Error.properties.detail.properties.error.enum].sort(), Object.keys(ERROR_STATUS).sort());
  });

  it('describes what a webhook receiver gets: every event with its headers, body and row, and the event names wherever they are used', () => {
    assert.deepEqual(doc.components.schemas.EventName.enum, [...EVENT_NAMES]);
    assert.deepEqual(Object.keys(doc.webhooks).sort(), [...EVENT_NAMES, 'ping'].sort());
    const rows: Record<string, string> = { 'deal.stage_changed': 'Deal', 'contact.created': 'Contact', 'company.created': 'Company', 'task.done': 'Task', 'activity.created': 'Activity', 'call_analysis.done': 'Call', ping: 'Webhook' };
    for (const [event, row] of Object.entries(rows)) {
      const op = doc.webhooks[event].post;
      assert.deepEqual(op.parameters.filter((p: any) => p.name.startsWith('X-RZ-') && p.name !== 'X-RZ-Attempt').map((p: any) => p.name), ['X-RZ-Event', 'X-RZ-Delivery', 'X-RZ-Signature']);
      assert.equal(op.parameters[0].schema.const, event);
      const body = op.requestBody.content['application/json'].schema;
      assert.deepEqual(body.required, ['id', 'event', 'created_at', 'data']);
      assert.equal(body.properties.data.$ref, `#/components/schemas/${row}`);
    }
    const names = '#/components/schemas/EventName';
    assert.equal(doc.paths['/events'].get.parameters.find((p: any) => p.name === 'event').schema.$ref, names);
    assert.deepEqual(doc.components.schemas.Event.properties.event.enum, [...EVENT_NAMES]);
    assert.deepEqual(doc.components.schemas.Webhook.properties.events.items.enum, [...EVENT_NAMES, '*']);
    assert.match(JSON.stringify(jsonSchema(doc, doc.paths['/webhooks'].post.requestBody).properties.events), /EventName/);
    assert.deepEqual(doc.paths['/webhooks/{id}/deliveries'].get.parameters.find((p: any) => p.name === 'status').schema.enum, ['pending', 'succeeded', 'failed']);
  });

  it('documents the list page of every list with total_relation as an enum of eq and gte', () => {
    let lists = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const schema = jsonSchema(doc, item.get?.responses['200']);
      if (!schema?.properties?.next_cursor) continue;
      assert.match(item.get.responses['200'].content['application/json'].schema.$ref, /^#\/components\/schemas\/\w+Page$/, path);
      lists++;
      assert.deepEqual(schema.required?.slice().sort(), ['items', 'next_cursor', 'total', 'total_relation'], path);
      assert.deepEqual(schema.properties.total_relation.enum, ['eq', 'gte'], path);
      assert.equal(schema.properties.total_relation.type, 'string', path);
    }
    assert.ok(lists >= 9, `${lists} lists in the document`);
  });

  it('documents the owner_id extension filter of GET /deals', () => {
    const params = doc.paths['/deals'].get.parameters;
    assert.deepEqual(params.map((p: any) => p.name).sort(), ['cursor', 'limit', 'owner_id', 'q', 'stage', 'status']);
    const owner = params.find((p: any) => p.name === 'owner_id');
    assert.equal(owner.in, 'query');
    assert.notEqual(owner.required, true);
    assert.equal(owner.schema.type, 'string');
    assert.match(owner.description ?? owner.schema.description, /^Extension: .*owner_id/);
  });

  it("passes Spectral's spectral:oas and Redocly's recommended rules without an error or a warning", async () => {
    const spectral = await spectralFindings(doc);
    assert.equal(spectral.filter((f) => f.severity === 'error' || f.severity === 'warn').length, 0, describeFindings(spectral));
    const redocly = await redoclyFindings(doc);
    assert.equal(redocly.filter((f) => f.severity === 'error' || f.severity === 'warn').length, 0, describeFindings(redocly));
  });

  it('reads well: a summary, a description and a defined tag on every operation, an example on every body and answer', () => {
    const tags = new Set(doc.tags.map((t: any) => t.name));
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const where = `${method} ${path}`;
        assert.ok(op.summary && op.summary.length <= 60, `${where}: a short summary`);
        assert.ok(op.description, `${where}: a description`);
        assert.ok(op.tags.length > 0 && op.tags.every((t: string) => tags.has(t)), `${where}: defined tags`);
        if (op.requestBody) assert.ok(op.requestBody.content['application/json'].example, `${where}: a request example`);
        for (const [status, r] of Object.entries<any>(op.responses)) {
          const media = r.content?.['application/json'];
          if (media) assert.ok(media.example !== undefined || Object.keys(media.examples ?? {}).length > 0, `${where} ${status}: an example`);
        }
      }
    }
    // A row, a page, a detail and an input each have a name client generators use.
    for (const name of ['Contact', 'ContactPage', 'ContactDetail', 'ContactInput', 'Deal', 'DealPage', 'DealDetail', 'DealInput', 'DealPatch', 'Error', 'Me', 'WebhookCreated']) {
      assert.ok(doc.components.schemas[name], `component ${name}`);
    }
    assert.equal(doc.paths['/contacts/{id}'].get.responses['200'].content['application/json'].schema.$ref, '#/components/schemas/ContactDetail');
  });

  it('writes choices as enum and nullable fields as a type list, not as unions of one-value schemas', () => {
    const text = JSON.stringify(doc);
    // An anyOf of schemas that each allow one value, or of a plain type and null, is what TypeBox unions became.
    const unions: string[] = [];
    const visit = (node: any, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node.anyOf)) {
        const one = node.anyOf.filter((b: any) => b.enum?.length === 1 || b.const !== undefined);
        if (one.length > 1) unions.push(at);
      }
      for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'examples') visit(v, `${at}/${k}`);
    };
    visit(doc, '#');
    assert.deepEqual(unions, []);
    assert.deepEqual(doc.components.schemas.Deal.properties.status, { type: 'string', enum: ['open', 'won', 'lost'] });
    assert.deepEqual(doc.components.schemas.Call.properties.filename, { type: ['string', 'null'] });
    assert.ok(text.length > 0);
  });

  it('serves /docs under RZ\'s name and mark, not the framework\'s', async () => {
    const page = await (await fetch(`${s.baseUrl}/docs/`)).text();
    assert.match(page, /<title>RZ API reference<\/title>/);
    // Swagger UI's top-bar logo is replaced by RZ's, inlined by the page's initializer.
    const init = await (await fetch(`${s.baseUrl}/docs/static/swagger-initializer.js`)).text();
    const inlined = /data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(init);
    assert.ok(inlined, 'the logo is replaced');
    assert.match(Buffer.from(inlined[1], 'base64').toString(), />RZ<.*API reference/);
  });

  it('serves an interactive reference at /docs that shows this same document', async () => {
    const r = await fetch(`${s.baseUrl}/docs/`);
    assert.equal(r.status, 200);
    assert.match(await r.text(), /swagger-ui/i);
    // The page loads ./json (swagger-initializer.js): it must be the full document, headers and all.
    const init = await (await fetch(`${s.baseUrl}/docs/static/swagger-initializer.js`)).text();
    assert.match(init, /resolveUrl\('\.\/json'\)/);
    const shown = await (await fetch(`${s.baseUrl}/docs/json`)).json();
    assert.deepEqual(shown, doc);
    assert.ok(shown.paths['/contacts'].post.parameters.some((p: any) => p.$ref === '#/components/parameters/IdempotencyKey'));
  });
});
