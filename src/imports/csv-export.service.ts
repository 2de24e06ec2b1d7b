// rz export and the application's "Download CSV": every row of a kind the user may see (the
// API's visibility rule: a member's deals are their own), as the API's rows, newest first.
// Read in keyset pages, so a large team is written out without holding it in memory.
import { stringify } from 'csv-stringify/sync';
import type { Actor } from '../common/actor.ts';
import type { Services } from '../services.ts';
import { ContactRepository } from '../contacts/contact.repository.ts';
import { toContactRow } from '../contacts/contact.row.ts';
import { CompanyRepository } from '../companies/company.repository.ts';
import { toCompanyRow } from '../companies/company.row.ts';
import { DealRepository } from '../deals/deal.repository.ts';
import { toDealRow } from '../deals/deal.row.ts';
import { COLUMNS, guardCell, type Resource } from './csv-columns.ts';

const PAGE = 1000;

type Row = Record<string, unknown>;

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  return guardCell(String(v));
}

export class CsvExportService {
  constructor(private readonly services: Services) {}

  /** The visible rows of `resource` as CSV, header first, in chunks of up to PAGE rows. */
  async *csv(actor: Actor, resource: Resource): AsyncGenerator<string> {
    const columns = COLUMNS[resource].exported;
    yield stringify([columns as string[]]);
    let before: string | null = null;
    for (;;) {
      const rows: Row[] = await this.page(actor, resource, before);
      if (rows.length === 0) return;
      yield stringify(rows.slice(0, PAGE).map((r) => columns.map((c) => cell(r[c]))));
      if (rows.length <= PAGE) return;
      before = rows[PAGE - 1].id as string;
    }
  }

  /** Up to PAGE + 1 rows older than `before` (the one more says whether another page follows). */
  private async page(actor: Actor, resource: Resource, before: string | null): Promise<Row[]> {
    const db = this.services.handle.db;
    if (resource === 'contacts') return (await new ContactRepository(db).list(actor.teamId, { before, limit: PAGE })).map(toContactRow);
    if (resource === 'companies') return (await new CompanyRepository(db).list(actor.teamId, { before, limit: PAGE })).map(toCompanyRow);
    return (await new DealRepository(db).list(actor, { status: 'all', before, limit: PAGE })).map(toDealRow);
  }
}
