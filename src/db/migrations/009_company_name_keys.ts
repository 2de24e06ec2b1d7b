// Company name keys now fold Unicode forms and drop invisible characters (companyNameKey): keys
// stored before are recomputed. Only rows whose key changes are touched. Where the new key is
// already another company's of the team (two spellings saved as two companies before), the row
// keeps its old key: nothing is merged or lost, and a lookup by name finds the company that has it.
import type { Kysely } from 'kysely';
// Only pure code here: database.ts imports every migration, and a repository would import the database back.
import { companyNameKey } from '../../common/text.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db.selectFrom('companies').select(['id', 'team_id', 'name', 'name_key']).orderBy('id').execute();
  const taken = new Set(rows.map((r) => `${r.team_id}\u0000${r.name_key}`));
  for (const r of rows) {
    const key = companyNameKey(r.name);
    if (key === r.name_key || taken.has(`${r.team_id}\u0000${key}`)) continue;
    await db.updateTable('companies').set({ name_key: key }).where('id', '=', r.id).execute();
    taken.delete(`${r.team_id}\u0000${r.name_key}`);
    taken.add(`${r.team_id}\u0000${key}`);
  }
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
