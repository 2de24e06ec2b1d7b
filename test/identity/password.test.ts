// Password hashing: today's scrypt cost, and hashes of an older cost upgraded at the next sign-in.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestDatabase } from '../helpers/database.ts';
import { hashPassword, needsRehash, PASSWORD_PARAMS, passwordParams, verifyPassword } from '../../src/identity/password.ts';

// The real cost here: scripts/run-tests.mjs lowers it for the other files (RZ_TEST_SCRYPT_N).
delete process.env.RZ_TEST_SCRYPT_N;

const OLD_COST = { N: 2 ** 14, r: 8, p: 1 };
const PASSWORD = 'an old-cost password';

describe('password hashing', () => {
  const db = useTestDatabase();

  it('hashes new passwords with scrypt at N = 2^17, r = 8, p = 1', async () => {
    assert.equal(PASSWORD_PARAMS.N, 2 ** 17);
    const stored = await hashPassword(PASSWORD);
    assert.match(stored, /^scrypt\$131072\$8\$1\$/);
    assert.equal(await verifyPassword(PASSWORD, stored), true);
    assert.equal(await verifyPassword('another password', stored), false);
    assert.equal(needsRehash(stored), false);
  });

  it('RZ_TEST_SCRYPT_N only lowers N, to a power of two from 2^10; anything else leaves today\'s cost', () => {
    try {
      for (const [value, n] of [[String(2 ** 10), 2 ** 10], [String(2 ** 12), 2 ** 12], [String(2 ** 9), 2 ** 17], ['3000', 2 ** 17], [String(2 ** 18), 2 ** 17], ['', 2 ** 17], ['x', 2 ** 17]] as const) {
        process.env.RZ_TEST_SCRYPT_N = value;
        assert.deepEqual(passwordParams(), { N: n, r: 8, p: 1 }, value);
      }
    } finally {
      delete process.env.RZ_TEST_SCRYPT_N;
    }
  });

  it('refuses a stored hash asking for an absurd cost instead of allocating for it', async () => {
    assert.equal(await verifyPassword(PASSWORD, `scrypt$${2 ** 30}$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`), false);
  });

  it('signs in with a hash of the old cost and stores it re-hashed at the current cost; a wrong password changes nothing', async () => {
    const s = db.services();
    const { owner_id } = await s.identity.createTeam({ name: 'Rehash', ownerEmail: 'old.cost@rehash.test' });
    const old = await hashPassword(PASSWORD, OLD_COST);
    assert.equal(needsRehash(old), true);
    await db.handle.db.updateTable('users').set({ password_hash: old }).where('id', '=', owner_id).execute();
    const hashOf = async () => (await s.identity.repo.user(owner_id))!.password_hash!;

    assert.equal((await s.sessions.signIn('old.cost@rehash.test', 'not the password', '192.0.2.1')).ok, false);
    assert.equal(await hashOf(), old);

    assert.equal((await s.sessions.signIn('old.cost@rehash.test', PASSWORD, '192.0.2.1')).ok, true);
    const upgraded = await hashOf();
    assert.match(upgraded, /^scrypt\$131072\$8\$1\$/);
    assert.equal(needsRehash(upgraded), false);
    assert.equal((await s.sessions.signIn('old.cost@rehash.test', PASSWORD, '192.0.2.1')).ok, true);
    assert.equal(await hashOf(), upgraded, 'a current hash is not re-hashed again');
  });
});
