// Password hashing: today's scrypt cost, and hashes of an older cost upgraded at the next sign-in.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestDatabase } from '../helpers/database.ts';
import { hashPassword, needsRehash, PASSWORD_PARAMS, verifyPassword } from '../../src/identity/password.ts';

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
