// The OpenAPI 3.1 document is generated from the route schemas: it must validate and describe
// every /api/v1 route with its parameters, rows and error answers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileErrors, validate } from '@readme/openapi-parser';
import { startTestServer, type TestServer } from '../helpers/server.ts';

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
        for (const status of ['400', '401', '402', '408', '429', '431']) assert.ok(op.responses[status], `${method} ${path} lacks ${status}`);
        if (op.requestBody) for (const status of ['413', '415']) assert.ok(op.responses[status], `${method} ${path} lacks ${status}`);
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
    assert.equal(doc.paths['/deals/{id}/reopen'].post.operationId, 'postDealsByIdReopen');
    assert.match(doc.paths['/me'].get.responses['402'].description, /licence_inactive/);
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
