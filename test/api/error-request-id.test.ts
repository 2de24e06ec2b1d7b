// Every error object names its request: detail.request_id is the X-Request-Id of the answer, so
// an integrator can quote one id to the operator, who finds the request's log lines by it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient } from '../helpers/client.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';

describe('request_id in error answers', () => {
  let s: TestServer;
  let a: TeamFixture;
  before(async () => {
    s = await startTestServer();
    a = await makeTeam(s.services, s.api, 'Ids');
  });
  after(() => s.stop());

  it('is the X-Request-Id of the answer on 401, 403, 404 and 422 (object form), beside the documented keys', async () => {
    const answers = [
      await new ApiClient(s.api, 'rz_not-a-real-key').get('/me'),
      await a.readOnly.post('/contacts', { email: 'read@only.test' }),
      await a.owner.client.get('/contacts/ct_does_not_exist'),
      await a.owner.client.post('/contacts', { first_name: 'No email' }),
      await a.owner.client.get('/no-such-route'),
    ];
    assert.deepEqual(answers.map((r) => r.status), [401, 403, 404, 422, 404]);
    for (const r of answers) {
      const id = r.headers.get('x-request-id');
      assert.ok(id, 'X-Request-Id header');
      assert.equal(r.body.detail.request_id, id);
      assert.equal(typeof r.body.detail.error, 'string');
      assert.equal(typeof r.body.detail.message, 'string');
    }
    assert.equal(answers[3].body.detail.field, 'email');
    // Distinct requests, distinct ids.
    assert.equal(new Set(answers.map((r) => r.body.detail.request_id)).size, answers.length);
  });

  it('is the id a client or proxy sent in X-Request-Id', async () => {
    const r = await a.owner.client.get('/deals/dl_nope', { 'x-request-id': 'edge-42.abc' });
    assert.equal(r.status, 404);
    assert.equal(r.headers.get('x-request-id'), 'edge-42.abc');
    assert.deepEqual(r.body, { detail: { error: 'not_found', message: r.body.detail.message, request_id: 'edge-42.abc' } });
  });

  it('leaves the 422 list form a list, its id in the X-Request-Id header', async () => {
    const r = await a.owner.client.post('/contacts', '{"email": ');
    assert.equal(r.status, 422);
    assert.ok(Array.isArray(r.body.detail));
    assert.deepEqual(Object.keys(r.body.detail[0]).sort(), ['loc', 'msg', 'type']);
    assert.ok(r.headers.get('x-request-id'));
  });

  it('is also on the answers of the HTTP parser, with the same id in the header', async () => {
    const port = new URL(s.baseUrl).port;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('GET /api/v1/me HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let got = '';
      socket.on('data', (d) => { got += d; });
      socket.on('end', () => resolve(got));
      socket.on('error', reject);
    });
    assert.match(text, /^HTTP\/1\.1 400 /);
    const header = /\r\nX-Request-Id: ([^\r]+)\r\n/i.exec(text)?.[1];
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    assert.equal(body.detail.error, 'bad_request');
    assert.ok(header);
    assert.equal(body.detail.request_id, header);
  });
});
