// The contract's 10 seconds: a receiver that does not answer in time is a failed attempt, and
// it holds up nobody else. Runs with the default timeout (no RZ_WEBHOOK_TIMEOUT_MS).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { startReceiver, sleep, type Receiver } from './receiver.ts';

describe('webhook timeout (default 10 s)', () => {
  let s: TestServer;
  let a: TeamFixture;
  let hanging: Receiver;
  let fast: Receiver;
  before(async () => {
    s = await startTestServer({ env: { RZ_WEBHOOK_RETRY_SCHEDULE: '60,60,60,60' }, background: true });
    a = await makeTeam(s.services, s.api, 'Timeout');
    hanging = await startReceiver();
    fast = await startReceiver();
  });
  after(async () => {
    await hanging.close();
    await fast.close();
    await s.stop();
  });

  it('gives up on a silent receiver after 10 s and retries later, while another webhook is served at once', async () => {
    assert.equal(s.config.webhookTimeoutMs, 10_000);
    hanging.respond = () => 'hang';
    const slow = (await a.manager.client.post('/webhooks', { url: hanging.url, events: ['contact.created'] })).body;
    await a.manager.client.post('/webhooks', { url: fast.url, events: ['contact.created'] });
    const t0 = Date.now();
    await a.member.client.post('/contacts', { email: 'slow@timeout.test' });
    await hanging.waitFor((all) => all.length === 1);
    await fast.waitFor((all) => all.length === 1);
    assert.ok(fast.received[0].at < hanging.received[0].at + 9000, 'the fast receiver was not held up by the silent one');

    let d: any;
    for (;;) {
      d = (await a.manager.client.get(`/webhooks/${slow.id}/deliveries`)).body.items[0];
      if (d.attempts.length > 0 || Date.now() - t0 > 30_000) break;
      await sleep(100);
    }
    const [attempt] = d.attempts;
    assert.equal(attempt.error, 'timeout after 10000 ms');
    assert.equal(attempt.status_code, null);
    assert.ok(attempt.duration_ms >= 9900 && attempt.duration_ms < 12_000, String(attempt.duration_ms));
    assert.equal(d.status, 'pending', 'a timeout is retried');
    const wait = Date.parse(d.next_attempt_at) - Date.parse(attempt.attempted_at);
    assert.ok(wait >= 69_900 && wait < 80_000, `next attempt ${wait} ms after the first began`);
    assert.equal(hanging.received.length, 1);
  });
});
