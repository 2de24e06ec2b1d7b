// Free-text input: one rule for the API and the application's forms, enforced in the services
// (the route schemas declare the same maxima for the OpenAPI document and refuse earlier).
import { validation } from '../errors/app-error.ts';

/** The longest text accepted per kind of field, in characters. */
export const MAX_LENGTH = {
  name: 200, // a person's first or last name, a user's, a team's or a company's name
  job_title: 200,
  phone: 100,
  domain: 255,
  deal_title: 500,
  next_step: 2000,
  task_title: 500,
  activity_body: 100_000,
  webhook_description: 500,
  filename: 255, // a call's file name
  external_id: 200, // a dialer's own call id
  rep_speaker: 200,
  key_name: 100, // an API key's name
  password: 200,
  webhook_url: 2000,
} as const;

/** Invisible format characters (zero-width space and joiners, word joiner, BOM): they make equal-looking names differ. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/** A name as stored: composed Unicode (NFC), no invisible characters, whitespace runs as one space, trimmed. */
export function normaliseName(raw: string): string {
  return raw.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * The lookup key of a company name: the name as stored (normaliseName), compatibility-folded
 * (NFKC: full-width and ligature letters as their plain forms) and lower-cased, so "Müller GmbH"
 * typed with a combining umlaut or a zero-width space finds the same company.
 */
export function companyNameKey(name: string): string {
  return normaliseName(name).normalize('NFKC').toLowerCase();
}

/**
 * Trimmed text in composed Unicode; blank counts as null (a field cannot be "set to spaces");
 * undefined stays undefined (not given). Longer than `max` after trimming: 422 naming the field.
 */
export function cleanText(raw: string | null | undefined, field: string, max: number): string | null | undefined {
  if (raw === undefined || raw === null) return raw;
  // Stored composed (NFC), as names are: what a system sent decomposed looks and compares the same.
  const t = raw.normalize('NFC').trim();
  if (t.length > max) throw validation(field, `${field} is longer than ${max} characters.`);
  return t === '' ? null : t;
}

/** "1 call", "2 calls": counts in the API's English messages. */
export function countOf(n: number | bigint, noun: string): string {
  return `${n} ${noun}${Number(n) === 1 ? '' : 's'}`;
}
