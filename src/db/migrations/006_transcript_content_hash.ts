// Duplicate transcripts are compared by content, whitespace aside (transcript-hash.ts): the calls
// that can still be duplicates (pushed in the last 31 days) get their hash in the new form.
import type { Kysely } from 'kysely';
import { transcriptHash } from '../../calls/transcript-hash.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const since = new Date(Date.now() - 31 * 86_400_000).toISOString();
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; transcript: string }> = await db.selectFrom('calls').select(['id', 'transcript'])
      .where('created_at', '>=', since).where('id', '>', after).orderBy('id').limit(500).execute();
    if (rows.length === 0) return;
    for (const r of rows) await db.updateTable('calls').set({ transcript_hash: transcriptHash(r.transcript) }).where('id', '=', r.id).execute();
    after = rows[rows.length - 1].id;
  }
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
