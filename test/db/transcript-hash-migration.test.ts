// Migration 006: calls pushed before duplicates were compared by content get the content hash,
// so a re-export of a call from the last 30 days is still recognised after an upgrade. Both databases.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { useTestDatabase } from '../helpers/database.ts';
import { newId } from '../../src/lib/ids.ts';
import { transcriptHash } from '../../src/calls/transcript-hash.ts';
import { up } from '../../src/db/migrations/006_transcript_content_hash.ts';

describe('migration 006: transcript content hash', () => {
  const db = useTestDatabase();

  it('rehashes the calls of the last 31 days and leaves older ones as they were', async () => {
    const services = db.services();
    const { team_id, owner_id } = await services.identity.createTeam({ name: 'T', ownerEmail: 'owner@example.com' });
    const rawHash = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
    const call = (transcript: string, daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
      return {
        id: newId('call'), team_id, status: 'done', language: 'de', filename: null, deal_id: null, contact_id: null, owner_id,
        error: null, result: null, transcript, transcript_hash: rawHash(transcript), external_id: null, rep_speaker: null,
        cost_cents: 0, allowance: null, allowance_period: null, created_day: at.slice(0, 10), created_at: at, analysed_at: null, updated_at: at,
      };
    };
    const recent = Array.from({ length: 3 }, (_, i) => call(`Anna: Hallo ${i}\r\nBen: Tag  \r\n`, i * 10));
    const old = call('Anna: Hallo alt\r\nBen: Tag\r\n', 40);
    await db.handle.db.insertInto('calls').values([...recent, old] as any).execute();

    await up(db.handle.db);

    const hashes = new Map((await db.handle.db.selectFrom('calls').select(['id', 'transcript_hash']).execute()).map((r) => [r.id, r.transcript_hash]));
    for (const c of recent) {
      assert.equal(hashes.get(c.id), transcriptHash(c.transcript));
      assert.notEqual(hashes.get(c.id), c.transcript_hash);
    }
    assert.equal(hashes.get(old.id), old.transcript_hash);
  });
});
