// The Idempotency-Key a POST runs under, for the transaction that makes its change: that
// transaction marks the key `committed` before it commits, so a retry after a crash between the
// commit and the stored answer knows the change was made and does not make it again.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { directTransaction, type Db } from '../db/database.ts';
import { prepareQuery } from '../db/prepared.ts';
import { AppError } from '../errors/app-error.ts';
import { eventsRecordedIn, notifyEventsCommitted } from '../events/event.repository.ts';

/** `claimedAt`: the key's `created_at` as this request claimed it (IdempotencyService.start). */
export interface IdempotencyScope { keyId: string; idemKey: string; claimedAt: string }

const scope = new AsyncLocalStorage<IdempotencyScope>();

/** Runs `fn` (the rest of the request) under the Idempotency-Key it holds. */
export function runUnderIdempotencyKey<T>(key: IdempotencyScope, fn: () => T): T {
  return scope.run(key, fn);
}

const markCommitted = prepareQuery(4, (db, resultId: string | null, keyId: string, idemKey: string, claimedAt: string) => db.updateTable('idempotency_keys')
  .set({ state: 'committed', result_id: resultId })
  .where('key_id', '=', keyId).where('idem_key', '=', idemKey).where('state', '=', 'pending').where('created_at', '=', claimedAt)
  .returning('key_id'));

/** The id of the row a transaction returned: the row itself, or `{ row }` (find-or-create). */
function resultId(out: unknown): string | null {
  const o = out as { id?: unknown; row?: { id?: unknown } } | null | undefined;
  if (typeof o?.id === 'string') return o.id;
  if (typeof o?.row?.id === 'string') return o.row.id;
  return null;
}

/**
 * The write transaction of an API write: `fn` and, when the request holds an Idempotency-Key, the
 * key's `committed` mark with the id of the row `fn` returns commit together. When `fn` recorded
 * events, the webhook dispatcher is woken after the commit.
 */
export async function writeTransaction<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  let recorded = false;
  const result = await directTransaction(db, async (tx) => {
    const out = await fn(tx);
    const key = scope.getStore();
    if (key) {
      const marked = await markCommitted(tx, resultId(out), key.keyId, key.idemKey, key.claimedAt);
      // A retry took the key over while this request was held up: the retry makes the change, this one rolls back.
      if (marked.length !== 1) {
        throw new AppError('request_in_progress', 'A retry with this Idempotency-Key took the request over while it was held up; the retry carries it out.');
      }
    }
    recorded = eventsRecordedIn(tx);
    return out;
  });
  if (recorded) notifyEventsCommitted();
  return result;
}
