// RFC 3339 UTC with milliseconds and Z, the one timestamp format of the API and the database.
export function nowIso(): string {
  return new Date().toISOString();
}

export function utcDay(d = new Date()): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Start of the current UTC day. The application shows due dates as days, so a task is overdue
 * once its due day has ended: a task due today (a date-only due_at is 00:00 UTC) is not yet.
 */
export function overdueCutoff(d = new Date()): string {
  return `${utcDay(d)}T00:00:00.000Z`;
}

export function utcMonth(d = new Date()): string {
  return d.toISOString().slice(0, 7);
}

/** Unix seconds of the next UTC midnight. */
export function nextUtcMidnight(d = new Date()): number {
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) / 1000);
}

/** First day of the next UTC month, e.g. 2026-12-01. */
export function nextMonthStart(d = new Date()): string {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** Parses an RFC 3339 / ISO 8601 date-time (or a plain date) and renders it canonically; null if invalid. */
export function normalizeTimestamp(value: string): string | null {
  const v = value.trim();
  const m = /^(\d{4})-\d{2}-\d{2}(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-](\d{2}):?(\d{2}))?)?$/.exec(v);
  if (!m) return null;
  // RFC 3339's ranges: Date would roll 24:00 over into the next day. Years before 1900 are
  // typing errors in a CRM (0000, 0202), not dates anyone schedules or records.
  const [, year, hour, minute, second, zone, offHour, offMinute] = m;
  if (Number(year) < 1900 || Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59) return null;
  if (Number(offHour ?? 0) > 23 || Number(offMinute ?? 0) > 59) return null;
  const d = new Date(hour === undefined ? `${v}T00:00:00Z` : zone === undefined ? `${v}Z` : v);
  if (Number.isNaN(d.getTime())) return null;
  // Reject rolled-over dates such as 2026-02-30.
  const [y, mo, da] = v.slice(0, 10).split('-').map(Number);
  const check = new Date(Date.UTC(y, mo - 1, da));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== da) return null;
  return d.toISOString();
}
