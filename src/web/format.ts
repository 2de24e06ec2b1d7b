// Dates and money for people: the interface language decides the format; times are UTC.
import { html, join, type Html } from './html.ts';
import type { PageCtx } from './context.ts';
import type { MessageKey } from './i18n.ts';
import { DEFAULT_STAGES } from '../identity/identity.service.ts';

export const intlLocale = (ctx: PageCtx) => (ctx.locale === 'de' ? 'de-DE' : 'en-GB');

export function when(ctx: PageCtx, iso: string | null | undefined, withTime = true): Html {
  if (!iso) return html`<span class="muted">—</span>`;
  const d = new Date(iso);
  const text = new Intl.DateTimeFormat(intlLocale(ctx), withTime
    ? { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }
    : { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
  // A clock time is written in UTC (the server does not know the reader's zone); app.js shows it in the reader's own.
  return withTime ? html`<time datetime="${iso}" data-local>${text} UTC</time>` : html`<time datetime="${iso}">${text}</time>`;
}

export function money(ctx: PageCtx, cents: number | null | undefined, currency = 'EUR'): string {
  if (cents === null || cents === undefined) return '—';
  return new Intl.NumberFormat(intlLocale(ctx), { style: 'currency', currency, maximumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
}

export function num(ctx: PageCtx, n: number): string {
  return new Intl.NumberFormat(intlLocale(ctx)).format(n);
}

/** Value for <input type="date"> from a stored timestamp. */
export function dateInput(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

export function personName(c: { first_name: string | null; last_name: string | null; email: string }): string {
  const n = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return n || c.email;
}

const DEFAULT_STAGE_LABELS: Record<string, MessageKey> = { lead: 'stage.lead', qualified: 'stage.qualified', proposal: 'stage.proposal', negotiation: 'stage.negotiation' };

/** A new team's stages are stored with English labels; while a label is unchanged it shows in the interface language. */
export function localStages<S extends { key: string; label: string }>(ctx: PageCtx, stages: S[]): S[] {
  return stages.map((s) => {
    const key = DEFAULT_STAGE_LABELS[s.key];
    return key && DEFAULT_STAGES.some((d) => d.key === s.key && d.label === s.label) ? { ...s, label: ctx.t(key) } : s;
  });
}

/** A calendar date as text in the interface language, kept on one line (for sentences; `when` gives markup). */
export function dateText(ctx: PageCtx, isoDate: string): string {
  return new Intl.DateTimeFormat(intlLocale(ctx), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(isoDate)).replace(/ /g, '\u00a0');
}

/**
 * A notice for a calendar date typed into a form that lies before today (UTC): the API allows
 * back-dating, but in the application it is most often a typo (2016 for 2026). Empty when the
 * date is today or later, or unchanged from `before`.
 */
export function pastDateNote(ctx: PageCtx, key: 'dates.past_next_step' | 'dates.past_due', typed: string, before: string | null = null): string {
  const day = typed.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day === dateInput(before)) return '';
  return day < new Date().toISOString().slice(0, 10) ? ` ${ctx.t(key, { date: dateText(ctx, day) })}` : '';
}

/**
 * An e-mail address that may wrap only after its "@" and before its dots (a <wbr> each), so a
 * narrow cell breaks it where a reader expects, never mid-word.
 */
export function breakableEmail(email: string): Html {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return join(parts.map((p, i) => (i === 0 ? html`${p}` : html`<wbr>${p}`)));
}
