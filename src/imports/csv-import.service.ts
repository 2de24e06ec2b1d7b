// rz import: CSV rows through the API's own find-or-create (ContactService.findOrCreate,
// CompanyService.upsertIn, DealService.findOrCreateIn), so a row does what POST does and a second
// run of the same file creates nothing.
// Two passes: every row is checked first (the API's own field rules, the stage keys, the linked
// ids), and a file with a bad row imports nothing unless the bad rows are to be skipped; then the
// rows are written in transactions of CHUNK rows, so a running server's writes wait for one
// chunk at most, never for the whole file.
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import type { Services } from '../services.ts';
import { AppError, validation } from '../errors/app-error.ts';
import { notifyEventsCommitted } from '../events/event.repository.ts';
import { MAX_LENGTH, cleanText, normaliseName } from '../common/text.ts';
import { parseDealValue } from '../common/money.ts';
import { cleanDomain } from '../companies/domain.ts';
import { parseEmail, type ContactInput } from '../contacts/contact.service.ts';
import { DealRepository } from '../deals/deal.repository.ts';
import { optionalTimestamp } from '../deals/input.ts';
import { IdentityRepository } from '../identity/identity.repository.ts';
import { COLUMNS, columnKey, unguardCell, type Resource } from './csv-columns.ts';

const CHUNK = 500;

export interface BadRow { line: number; field: string | null; message: string }

export interface ImportResult {
  resource: Resource;
  rows: number;
  created: number;
  /** Rows that found an existing row (updated by their fields where those differ, as POST does). */
  found: number;
  skipped: number;
  bad_rows: BadRow[];
}

/** The file cannot be read as a whole (malformed CSV, a wrong header), or it has bad rows and they are not to be skipped. */
export class ImportRefused extends Error {
  constructor(message: string, readonly badRows: BadRow[] = []) {
    super(message);
  }
}

type Values = Record<string, string | undefined>;
interface Row { line: number; values: Values }

/** The header's columns as keys of the resource; unknown, duplicate or missing required columns refuse the file. */
function readHeader(resource: Resource, header: string[]): string[] {
  const spec = COLUMNS[resource];
  const keys = header.map(columnKey);
  const bad: BadRow[] = [];
  keys.forEach((k, i) => {
    if (!spec.accepted.includes(k) && !spec.ignored.includes(k)) bad.push({ line: 1, field: header[i], message: `unknown column "${header[i]}" (columns: ${spec.accepted.join(', ')})` });
    else if (keys.indexOf(k) !== i) bad.push({ line: 1, field: header[i], message: `column "${header[i]}" appears twice` });
  });
  for (const r of spec.required) if (!keys.includes(r)) bad.push({ line: 1, field: r, message: `the required column ${r} is missing` });
  if (bad.length) throw new ImportRefused('the header of the file is not usable', bad);
  return keys;
}

/** The rows with their line numbers (a quoted field may span lines: the line a row ends on). Blank cells are "not given". */
export function readCsv(resource: Resource, text: string): Row[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof records;
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 0;
    throw new ImportRefused('the file is not valid CSV', [{ line, field: null, message: err instanceof Error ? err.message.replace(/^Invalid \w+: /, '') : String(err) }]);
  }
  if (records.length === 0) throw new ImportRefused('the file is empty: it needs a header line', [{ line: 1, field: null, message: 'no header line' }]);
  const keys = readHeader(resource, records[0].record);
  return records.slice(1).map(({ record, info }) => {
    const values: Values = {};
    if (record.length !== keys.length) values.__columns = `the row has ${record.length} cells, the header ${keys.length}`;
    keys.forEach((k, i) => {
      const cell = record[i]?.trim();
      if (cell) values[k] = unguardCell(cell);
    });
    return { line: info.lines, values };
  });
}

/** The POST body a row stands for, checked by the API's own field rules (no database). */
function inputOf(resource: Resource, v: Values, stageKeys: string[]): Record<string, unknown> {
  if (v.__columns) throw validation('', v.__columns);
  if (resource === 'contacts') {
    const input: ContactInput = { email: parseEmail(v.email) };
    for (const f of ['first_name', 'last_name', 'phone', 'job_title'] as const) {
      input[f] = cleanText(v[f], f, f === 'phone' ? MAX_LENGTH.phone : f === 'job_title' ? MAX_LENGTH.job_title : MAX_LENGTH.name);
    }
    return { ...input, ...companyLink(v) };
  }
  if (resource === 'companies') {
    const name = normaliseName(v.name ?? '');
    if (!name) throw validation('name', 'name is required.');
    if (name.length > MAX_LENGTH.name) throw validation('name', `name is longer than ${MAX_LENGTH.name} characters.`);
    cleanDomain(v.domain);
    return { name, domain: v.domain };
  }
  const cents = v.value_cents === undefined ? undefined : /^\d+$/.test(v.value_cents) ? Number(v.value_cents) : v.value_cents;
  // An exported file carries both value columns; they are one value when they agree.
  const eurAgrees = v.value_eur !== undefined && cents !== undefined && parseDealValue({ value_eur: v.value_eur }) === parseDealValue({ value_cents: cents });
  const value = eurAgrees ? { value_cents: cents } : { value_eur: v.value_eur, value_cents: cents };
  parseDealValue(value);
  optionalTimestamp(v.next_step_at, 'next_step_at');
  cleanText(v.title, 'title', MAX_LENGTH.deal_title);
  cleanText(v.next_step, 'next_step', MAX_LENGTH.next_step);
  if (v.stage !== undefined && !stageKeys.includes(v.stage)) throw validation('stage', `stage must be a pipeline stage key of the team: ${stageKeys.join(', ')}.`);
  if (v.status !== undefined && v.status !== 'open' && !v.id) throw validation('status', 'A new deal is always open (won or lost: close it afterwards).');
  if (v.contact_id && v.contact_email) throw validation('contact_email', 'Send contact_id or contact_email, not both.');
  if (v.contact_email) parseEmail(v.contact_email, 'contact_email');
  return { id: v.id, title: v.title, ...value, stage: v.stage, contact_id: v.contact_id, contact_email: v.contact_email, ...companyLink(v), next_step: v.next_step, next_step_at: v.next_step_at };
}

function companyLink(v: Values): { company?: string; company_id?: string } {
  if (v.company && v.company_id) throw validation('company', 'Send company or company_id, not both.');
  if (v.company !== undefined) {
    const name = normaliseName(v.company);
    if (name.length > MAX_LENGTH.name) throw validation('company', `company is longer than ${MAX_LENGTH.name} characters.`);
  }
  return { company: v.company, company_id: v.company_id };
}

function badRow(line: number, err: unknown): BadRow {
  if (err instanceof AppError) return { line, field: (err.extra.field as string) || null, message: err.message };
  throw err;
}

export class CsvImportService {
  constructor(private readonly services: Services) {}

  async import(actor: Actor, resource: Resource, text: string, opts: { skipBadRows?: boolean; onProgress?: (done: number, total: number) => void } = {}): Promise<ImportResult> {
    const rows = readCsv(resource, text);
    const { good, bad } = await this.check(actor, resource, rows);
    if (bad.length && !opts.skipBadRows) throw new ImportRefused(`${bad.length} of ${rows.length} rows are bad; nothing was imported (--skip-bad-rows imports the others)`, bad);
    const result: ImportResult = { resource, rows: rows.length, created: 0, found: 0, skipped: bad.length, bad_rows: bad };
    const db = this.services.handle.db;
    for (let i = 0; i < good.length; i += CHUNK) {
      const chunk = good.slice(i, i + CHUNK);
      let line = 0;
      try {
        const counts = await db.transaction().execute(async (tx) => {
          let created = 0;
          for (const row of chunk) {
            line = row.line;
            if (await this.write(tx, actor, resource, row.input)) created++;
          }
          return created;
        });
        result.created += counts;
        result.found += chunk.length - counts;
      } catch (err) {
        // Checked rows fail here only when the data changed under the import (a company deleted in between).
        const why = err instanceof AppError ? err.message : String(err);
        throw new ImportRefused(`line ${line} failed while writing (${why}); the ${result.created + result.found} rows before its group of ${CHUNK} were imported, none after`);
      } finally {
        notifyEventsCommitted();
      }
      opts.onProgress?.(i + chunk.length, good.length);
    }
    return result;
  }

  /** Every row through the field rules, then the linked ids against the database. */
  private async check(actor: Actor, resource: Resource, rows: Row[]) {
    const stageKeys = resource === 'deals' ? (await new IdentityRepository(this.services.handle.db).stages(actor.teamId)).map((s) => s.key) : [];
    const bad: BadRow[] = [];
    const checked: Array<{ line: number; input: Record<string, unknown> }> = [];
    for (const row of rows) {
      try {
        checked.push({ line: row.line, input: inputOf(resource, row.values, stageKeys) });
      } catch (err) {
        bad.push(badRow(row.line, err));
      }
    }
    const missing = await this.missingLinks(actor, checked.map((r) => r.input));
    const good = checked.filter((r) => {
      const field = ['company_id', 'contact_id'].find((f) => typeof r.input[f] === 'string' && missing.has(r.input[f] as string));
      if (field) bad.push({ line: r.line, field, message: `${field === 'company_id' ? 'Company' : 'Contact'} not found.` });
      return !field;
    });
    bad.sort((a, b) => a.line - b.line);
    return { good, bad };
  }

  /** The company_id and contact_id values that name no row of the team. */
  private async missingLinks(actor: Actor, inputs: Array<Record<string, unknown>>): Promise<Set<string>> {
    const ids = (f: string) => [...new Set(inputs.map((i) => i[f]).filter((x): x is string => typeof x === 'string'))];
    const missing = new Set<string>();
    for (const [f, lookup] of [['company_id', (x: string[]) => this.services.companies.byIds(actor, x)], ['contact_id', (x: string[]) => this.services.contacts.byIds(actor, x)]] as const) {
      const all = ids(f);
      for (let i = 0; i < all.length; i += 500) {
        const found = await lookup(all.slice(i, i + 500));
        for (const id of all.slice(i, i + 500)) if (!found.has(id)) missing.add(id);
      }
    }
    return missing;
  }

  /** One checked row, as POST does it; true when it created a row. */
  private async write(tx: Kysely<Database>, actor: Actor, resource: Resource, input: Record<string, unknown>): Promise<boolean> {
    const s = this.services;
    if (resource === 'contacts') return (await s.contacts.findOrCreate(tx, actor, input as ContactInput)).created;
    if (resource === 'companies') return (await s.companies.upsertIn(tx, actor, input.name as string, input.domain as string | undefined)).created;
    const { id, ...deal } = input;
    if (typeof id === 'string' && await new DealRepository(tx).visibleById(actor, id)) return false;
    return (await s.deals.findOrCreateIn(tx, actor, deal)).created;
  }
}
