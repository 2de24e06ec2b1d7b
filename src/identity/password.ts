import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { validation } from '../errors/app-error.ts';
import { MAX_LENGTH } from '../common/text.ts';

export const MIN_PASSWORD = 10;

/** A password a user chooses: MIN_PASSWORD to MAX_LENGTH.password characters (422 on `field` otherwise). */
export function checkPassword(password: unknown, field = 'password'): string {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD) {
    throw validation(field, `The password must have at least ${MIN_PASSWORD} characters.`);
  }
  if (password.length > MAX_LENGTH.password) throw validation(field, 'The password is too long.');
  return password;
}

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))));

export interface ScryptParams { N: number; r: number; p: number }

// N = 2^17 (r 8, p 1) is today's guidance for scrypt: 128 MiB and a noticeable fraction of a
// second per hash. Hashes stored at a lower cost still verify and are re-hashed at the next
// successful sign-in (needsRehash).
export const PASSWORD_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The cost of new hashes: PASSWORD_PARAMS, unless the test knob RZ_TEST_SCRYPT_N (a power of two
 * from 2^10, below 2^17) lowers N: scripts/run-tests.mjs sets it so that the suite's hundreds of
 * sign-ins take seconds, not minutes. A process without it re-hashes such a hash at full cost at
 * the next sign-in (needsRehash).
 */
export function passwordParams(): ScryptParams {
  const n = Number(process.env.RZ_TEST_SCRYPT_N);
  return Number.isInteger(n) && n >= 2 ** 10 && n < PASSWORD_PARAMS.N && (n & (n - 1)) === 0 ? { ...PASSWORD_PARAMS, N: n } : PASSWORD_PARAMS;
}
// The largest cost a stored hash may ask for: a corrupted row must not make us allocate gigabytes.
const MAX_N = 2 ** 20;

// Node refuses scrypt above 32 MiB by default; scrypt needs 128 * N * r bytes, plus headroom.
const maxmem = (params: ScryptParams) => 128 * params.N * params.r * 2;

/** scrypt$N$r$p$salt$hash (base64). `params` other than the current ones are for tests of old hashes. */
export async function hashPassword(password: string, params: ScryptParams = passwordParams()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { ...params, maxmem: maxmem(params) });
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash to check against when the email is unknown, at the current cost so timing reveals no accounts. */
export function dummyHash(): string {
  const { N, r, p } = passwordParams();
  return `scrypt$${N}$${r}$${p}$${'A'.repeat(22)}==$${'A'.repeat(43)}=`;
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (alg !== 'scrypt' || !hash || !Number.isInteger(params.N) || params.N < 2 || params.N > MAX_N || !(params.r >= 1 && params.r <= 32) || !(params.p >= 1 && params.p <= 16)) return null;
  return { params, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.hash.length, { ...parsed.params, maxmem: maxmem(parsed.params) });
  return timingSafeEqual(key, parsed.hash);
}

/** Whether a stored hash was made with other parameters than today's (re-hash it once the password is known). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  const params = passwordParams();
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
}
