// Idempotency-Key on POST: the first answer is stored and replayed for a retry with the same
// key and body; the same key with another body is refused. Keys are kept 48 hours (at least 24).
// A key is `pending` while its first request runs. A retry waits for it; when the first request
// has not finished within the lease, its process is taken to have died (every POST of RZ takes
// milliseconds) and the retry takes the key over and runs the request itself.
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { AppError, validation } from '../errors/app-error.ts';
import { nowIso } from '../lib/time.ts';
import { prepareQuery } from '../db/prepared.ts';

export const IDEMPOTENCY_TTL_HOURS = 48;
/** How long a pending key belongs to the request that claimed it (`created_at` is that request's start). */
export const PENDING_LEASE_MS = 15_000;
const POLL_MS = 100;

export type IdempotencyStart =
  /** `claimedAt`: the key's `created_at` as this request claimed it, its token of ownership. */
  | { kind: 'new'; claimedAt: string }
  | { kind: 'replay'; status: number; body: string };

/** JSON with object keys sorted: the same body with its keys in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function bodyHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}`).digest('hex');
}

// The statements of every POST with a key (claim, stored answer), compiled once (prepared.ts).
const claimKey = prepareQuery(7, (db, keyId: string, idemKey: string, teamId: string, method: string, path: string, hash: string, claimedAt: string) => db
  .insertInto('idempotency_keys').values({
    key_id: keyId, idem_key: idemKey, team_id: teamId, method, path,
    body_hash: hash, state: 'pending', status_code: null, response_body: null, result_id: null, created_at: claimedAt,
  }).onConflict((oc) => oc.columns(['key_id', 'idem_key']).doNothing()).returning('key_id'));
const storeAnswer = prepareQuery(5, (db, status: number, body: string, keyId: string, idemKey: string, claimedAt: string) => db
  .updateTable('idempotency_keys').set({ state: 'done', status_code: status, response_body: body })
  .where('key_id', '=', keyId).where('idem_key', '=', idemKey).where('created_at', '=', claimedAt));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class IdempotencyService {
  constructor(private readonly db: Db) {}

  async start(args: { keyId: string; teamId: string; idemKey: string; method: string; path: string; body: unknown }): Promise<IdempotencyStart> {
    if (!args.idemKey || args.idemKey.length > 255) throw validation('Idempotency-Key', 'Idempotency-Key must be 1 to 255 characters.');
    const hash = bodyHash(args.method, args.path, args.body);
    const claimedAt = nowIso();
    const claimed = await claimKey(this.db, args.keyId, args.idemKey, args.teamId, args.method, args.path, hash, claimedAt);
    if (claimed.length > 0) return { kind: 'new', claimedAt };
    // A retry: wait for a concurrent first attempt to finish and replay it, or take over the key
    // of an attempt whose process died. Two leases at most: then another retry holds the key.
    const deadline = Date.now() + 2 * PENDING_LEASE_MS;
    for (;;) {
      const row = await this.db.selectFrom('idempotency_keys').selectAll()
        .where('key_id', '=', args.keyId).where('idem_key', '=', args.idemKey).executeTakeFirst();
      if (!row) return this.start(args); // the first attempt failed with 5xx and released the key
      if (row.body_hash !== hash) {
        throw validation('Idempotency-Key', 'This Idempotency-Key was used with a different request body or path.');
      }
      if (row.state === 'done') return { kind: 'replay', status: row.status_code!, body: row.response_body ?? '' };
      const expired = Date.parse(row.created_at) + PENDING_LEASE_MS <= Date.now();
      // Its change committed but its process died before the answer was stored: never run it
      // again; name the row it made, as a duplicate does (409 with existing_id).
      if (row.state === 'committed' && expired) {
        throw new AppError('duplicate', 'The request with this Idempotency-Key was carried out, but its answer was lost when its server stopped; existing_id is the row it made or changed.', row.result_id ? { existing_id: row.result_id } : {});
      }
      if (row.state === 'pending' && expired) {
        const claimedAt = await this.takeOver(args.keyId, args.idemKey, row.created_at);
        if (claimedAt) return { kind: 'new', claimedAt };
      }
      if (Date.now() >= deadline) break;
      await sleep(POLL_MS);
    }
    throw new AppError('request_in_progress', 'A request with this Idempotency-Key is still running; retry it in a few seconds.');
  }

  /**
   * Claims a pending key whose lease ran out, with a new `created_at` as this request's token; null
   * when another retry was first. The first request may still be alive (a long lock wait, a
   * paused process): it no longer holds the token, so its write transaction rolls back
   * (writeTransaction) and only one of the two makes the change.
   */
  private async takeOver(keyId: string, idemKey: string, seenStart: string): Promise<string | null> {
    let claimedAt = nowIso();
    if (claimedAt === seenStart) claimedAt = new Date(Date.parse(seenStart) + 1).toISOString();
    const res = await this.db.updateTable('idempotency_keys').set({ created_at: claimedAt })
      .where('key_id', '=', keyId).where('idem_key', '=', idemKey).where('state', '=', 'pending').where('created_at', '=', seenStart)
      .executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0) === 1 ? claimedAt : null;
  }

  /** Stores the answer of the request that holds the key (`claimedAt`); a request that lost the key to a retry stores nothing. */
  async finish(keyId: string, idemKey: string, claimedAt: string, status: number, body: string): Promise<void> {
    if (status >= 500) {
      // Nothing was committed: the retry runs the request again. A change that did commit stays
      // marked, so the retry answers 409 duplicate instead of making it twice.
      await this.db.deleteFrom('idempotency_keys').where('key_id', '=', keyId).where('idem_key', '=', idemKey)
        .where('created_at', '=', claimedAt).where('state', '=', 'pending').execute();
      return;
    }
    await storeAnswer(this.db, status, body, keyId, idemKey, claimedAt);
  }

  async purgeExpired(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - IDEMPOTENCY_TTL_HOURS * 3600_000).toISOString();
    const res = await this.db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
    return Number(res.numDeletedRows ?? 0);
  }
}
