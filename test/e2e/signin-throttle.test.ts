// The sign-in throttle under concurrency: guesses fired at once at two server processes on one
// database get exactly the limit's number of password checks (per email and per address).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { spawnRz, type ChildServer } from '../helpers/process.ts';
import { makeTeam, type TeamFixture } from '../helpers/fixtures.ts';
import { emailOf, setPasswords } from './helpers.ts';
import { THROTTLE } from '../../src/web/session.service.ts';

// Password checks at the real cost (scripts/run-tests.mjs lowers it for other files): the race
// this file guards against lives in the time a check takes.
delete process.env.RZ_TEST_SCRYPT_N;

describe('sign-in throttle across two processes', () => {
  let s: TestServer;
  let child: ChildServer;
  let t: TeamFixture;
  let csrf: { cookie: string; token: string };

  before(async () => {
    s = await startTestServer({ env: { RZ_TRUST_PROXY: '1' } });
    t = await makeTeam(s.services, s.api, 'Throttle');
    await setPasswords(s.services, [t.member.userId]);
    child = await spawnRz('serve', s.database, { RZ_TRUST_PROXY: '1' });
    // The pre-sign-in token is a double-submit cookie: the same pair is good on both servers.
    const page = await fetch(`${s.baseUrl}/signin`);
    csrf = { token: /name="_csrf" value="([^"]+)"/.exec(await page.text())![1], cookie: page.headers.getSetCookie().find((c) => c.startsWith('rz_csrf='))!.split(';')[0] };
  });
  after(async () => {
    await child?.kill();
    await s.stop();
  });

  /** Fires every guess at once, alternating between the two processes; answers the statuses. */
  async function guessAtOnce(guesses: Array<{ email: string; ip: string }>): Promise<{ checked: number; throttled: number }> {
    const statuses = await Promise.all(guesses.map(async (g, i) => {
      const r = await fetch(`${i % 2 ? child.baseUrl : s.baseUrl}/signin`, {
        method: 'POST', redirect: 'manual',
        headers: { cookie: csrf.cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': g.ip },
        body: new URLSearchParams({ _csrf: csrf.token, email: g.email, password: 'wrong-password' }),
      });
      await r.text();
      return r.status;
    }));
    assert.deepEqual(statuses.filter((x) => x !== 401 && x !== 429), []);
    return { checked: statuses.filter((x) => x === 401).length, throttled: statuses.filter((x) => x === 429).length };
  }

  it(`checks exactly ${THROTTLE.perEmail} of 60 concurrent wrong passwords for one email (each from its own address)`, async () => {
    const email = await emailOf(s.services, t.member.userId);
    const answers = await guessAtOnce(Array.from({ length: 60 }, (_, i) => ({ email, ip: `198.51.100.${i + 1}` })));
    assert.deepEqual(answers, { checked: THROTTLE.perEmail, throttled: 60 - THROTTLE.perEmail });
  });

  it(`checks exactly ${THROTTLE.perIp} of 60 concurrent wrong passwords from one address (each for its own email)`, async () => {
    const answers = await guessAtOnce(Array.from({ length: 60 }, (_, i) => ({ email: `nobody${i}@throttle.test`, ip: '203.0.113.7' })));
    assert.deepEqual(answers, { checked: THROTTLE.perIp, throttled: 60 - THROTTLE.perIp });
  });
});
