// The CSV columns of rz import and rz export, per resource: the API's fields (POST body for
// import, row for export). Column names match case-insensitively, with spaces and hyphens read
// as underscores ("First Name" is first_name).
import type { ContactInput } from '../contacts/contact.service.ts';
import type { DealInput } from '../deals/deal.service.ts';

export const RESOURCES = ['contacts', 'companies', 'deals'] as const;
export type Resource = (typeof RESOURCES)[number];

export interface ColumnSpec {
  /** Columns import reads, as in the API's POST body. */
  accepted: readonly string[];
  required: readonly string[];
  /** Columns of the exported row that import does not take (set by RZ); a file may carry them. */
  ignored: readonly string[];
  /** Columns export writes: the API's row. */
  exported: readonly string[];
}

const ROW_TIMES = ['owner_id', 'created_at', 'updated_at'];

export const COLUMNS: Record<Resource, ColumnSpec> = {
  contacts: {
    accepted: ['email', 'first_name', 'last_name', 'phone', 'job_title', 'company', 'company_id'],
    required: ['email'],
    ignored: ['id', ...ROW_TIMES],
    exported: ['id', 'email', 'first_name', 'last_name', 'phone', 'job_title', 'company_id', ...ROW_TIMES],
  },
  companies: {
    accepted: ['name', 'domain'],
    required: ['name'],
    ignored: ['id', ...ROW_TIMES],
    exported: ['id', 'name', 'domain', ...ROW_TIMES],
  },
  deals: {
    // id: a deal of the team with this id is found instead of created (re-importing an export).
    accepted: ['id', 'title', 'value_eur', 'value_cents', 'stage', 'status', 'contact_id', 'contact_email', 'company', 'company_id', 'next_step', 'next_step_at'],
    required: [],
    ignored: ['currency', 'closed_at', ...ROW_TIMES],
    exported: ['id', 'title', 'value_cents', 'value_eur', 'currency', 'stage', 'status', 'contact_id', 'company_id', 'owner_id', 'next_step', 'next_step_at', 'closed_at', 'created_at', 'updated_at'],
  },
};

export function columnKey(header: string): string {
  return header.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection): export
// writes such a cell with a leading apostrophe, which spreadsheets hide, and import takes it off.
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export type ImportInput = ContactInput | { name: string; domain?: string } | (DealInput & { id?: string; status?: string });
