// Building blocks shared by the CRM, deal and coaching pages: lists, timeline and small forms.
import type { Services } from '../services.ts';
import type { DealRow } from '../deals/deal.row.ts';
import type { TaskRow } from '../tasks/task.row.ts';
import type { ActivityRow } from '../activities/activity.row.ts';
import { type Actor, seesAll } from '../common/actor.ts';
import type { CallRow } from '../calls/call.row.ts';
import { SCORE_DIMENSIONS, type AnalysisResult } from '../calls/analyzer/types.ts';
import { dimensionLabel } from './charts.ts';
import { html, join, type Html } from './html.ts';
import type { PageCtx } from './context.ts';
import { csrfField } from './layout.ts';
import { money, personName, when } from './format.ts';
import type { MessageKey } from './i18n.ts';
import { overdueCutoff } from '../lib/time.ts';
import { MAX_LENGTH } from '../common/text.ts';
import { MIN_PASSWORD } from '../identity/password.ts';

export type Stage = { key: string; label: string; position: number };

/**
 * One form as the page shows it: after the services refused it (formAction hands the post back),
 * filled in as sent, with the message above it, the named field marked and its <details> box
 * open; otherwise with the page's own values. A form is known by its action path.
 */
export interface Refill {
  readonly rejected: boolean;
  /** The sent value, or the page's own. */
  value(name: string, own?: string | null): string;
  /** Every value sent under a name (checkbox groups), or the page's own. */
  values(name: string, own: string[]): string[];
  /** Checkbox or option state: as sent, or the page's default. */
  checked(name: string, value: string, own: boolean): Html;
  selected(name: string, value: string, own: boolean): Html;
  /** Marks the field the services named. */
  invalid(name: string, hint?: string): Html;
  /** The message, for the top of the form. */
  error(): Html;
  /** For the <details> around the form. */
  open(): Html;
}

/** A field's attributes: marked and pointing at the form's message when refused; `hint`, its own description, kept beside it (one aria-describedby). */
export function invalidAttrs(refused: boolean, hint?: string) {
  return refused ? html` aria-invalid="true" aria-describedby="${hint ? `${hint} ` : ''}form-error"` : hint ? html` aria-describedby="${hint}"` : html``;
}

/** The attributes of a field where a user chooses a new password: the limits checkPassword enforces. */
export const NEW_PASSWORD_ATTRS = html`type="password" required minlength="${MIN_PASSWORD}" maxlength="${MAX_LENGTH.password}" autocomplete="new-password"`;

export function refill(ctx: PageCtx, action: string): Refill {
  const r = ctx.rejected?.action === action ? ctx.rejected : null;
  const sent = (name: string): string[] => {
    const v = r?.values[name];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  const on = (name: string, value: string, own: boolean) => (r ? sent(name).includes(value) : own);
  return {
    rejected: r !== null,
    value: (name, own) => (r ? (sent(name)[0] ?? '') : (own ?? '')),
    values: (name, own) => (r ? sent(name) : own),
    checked: (name, value, own) => (on(name, value, own) ? html` checked` : html``),
    selected: (name, value, own) => (on(name, value, own) ? html` selected` : html``),
    // `hint`: the id of the field's own description, kept next to the error (one aria-describedby).
    invalid: (name, hint) => invalidAttrs(r?.field === name, hint),
    error: () => {
      if (!r) return html``;
      r.shown = true;
      return html`<p class="flash flash-error form-error" role="alert" id="form-error">${r.message}</p>`;
    },
    open: () => (r ? html` open` : html``),
  };
}

export async function userNames(services: Services, teamId: string): Promise<Map<string, string>> {
  const users = await services.identity.repo.teamUsers(teamId);
  return new Map(users.map((u) => [u.id, u.name]));
}

/** A list's address with its filters (empty ones left out) and, for a later page, the cursor. */
export function listHref(base: string, params: Record<string, string | undefined>): (cursor?: string) => string {
  return (cursor) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) p.set(k, v);
    if (cursor) p.set('cursor', cursor);
    const s = p.toString();
    return s ? `${base}?${s}` : base;
  };
}

/** The footer of every list: the total, a link back to the first page from a later one, the next page. */
export function pager(ctx: PageCtx, href: (cursor?: string) => string, page: { next_cursor: string | null; total: number }, cursor: string | undefined): Html {
  return html`<p class="pager"><span>${ctx.t('list.total', { n: page.total })}</span>
    ${cursor ? html`<a href="${href()}" rel="first">${ctx.t('list.first')}</a>` : ''}
    ${page.next_cursor ? html`<a href="${href(page.next_cursor)}" rel="next">${ctx.t('list.more')}</a>` : ''}</p>`;
}

export function searchForm(ctx: PageCtx, action: string, q: string, label: MessageKey): Html {
  return html`<form method="get" action="${action}" class="search" role="search">
    <label for="q" class="sr-only">${ctx.t(label)}</label>
    <input id="q" name="q" type="search" value="${q}" placeholder="${ctx.t(label)}">
    <button type="submit">${ctx.t('action.search')}</button>
  </form>`;
}

export function dealList(ctx: PageCtx, deals: DealRow[], names: Map<string, string>, stages: Stage[]): Html {
  if (deals.length === 0) return html`<p class="empty">${ctx.t('deals.none')}</p>`;
  return html`<ul class="rows">${deals.map((d) => html`<li>
    <a href="/deals/${d.id}">${d.title}</a> <span class="badge status-${d.status}">${ctx.t(`status.${d.status}`)}</span>
    <span class="muted">${money(ctx, d.value_cents)} · ${stageLabel(stages, d.stage)} · ${names.get(d.owner_id) ?? ''}</span></li>`)}</ul>`;
}

/** A deal's or contact's tasks as the Tasks page orders them: open before done, soonest due first, undated last. */
export function inAgendaOrder<T extends { done: boolean; due_at: string | null; id: string }>(tasks: T[]): T[] {
  const key = (k: T) => `${k.done ? 1 : 0}${k.due_at ? `0${k.due_at}` : '1'}`;
  return [...tasks].sort((a, b) => key(a).localeCompare(key(b)) || a.id.localeCompare(b.id));
}

/** A task with what it is for, where the list shows tasks of many deals and contacts. */
export type ListedTask = TaskRow & {
  deal?: { id: string; title: string } | null;
  contact?: { id: string; first_name: string | null; last_name: string | null; email: string } | null;
};

export function taskList(ctx: PageCtx, tasks: ListedTask[], names: Map<string, string>, canComplete: boolean): Html {
  if (tasks.length === 0) return html`<p class="empty">${ctx.t('tasks.none')}</p>`;
  const now = overdueCutoff();
  return html`<ul class="rows">${tasks.map((k) => html`<li class="${k.done ? 'done' : k.due_at && k.due_at < now ? 'overdue' : ''}">
    <span class="task-title">${k.title}</span>
    ${k.deal || k.contact ? html`<span class="task-for">${ctx.t('tasks.for')} ${k.deal ? html`<a href="/deals/${k.deal.id}">${k.deal.title}</a>` : ''}${k.deal && k.contact ? ' · ' : ''}${k.contact ? html`<a href="/contacts/${k.contact.id}">${personName(k.contact)}</a>` : ''}</span>` : ''}
    <span class="muted">${join([k.due_at ? html`${ctx.t('tasks.due')} ${when(ctx, k.due_at, false)}` : '', names.get(k.owner_id) ?? ''].filter(Boolean), ' · ')}</span>
    ${k.done ? html`<span class="badge">${ctx.t('tasks.done')}</span>`
      : k.due_at && k.due_at < now ? html`<span class="badge warn">${ctx.t('tasks.overdue')}</span>` : ''}
    ${!k.done && canComplete ? html`<form method="post" action="/tasks/${k.id}/done" class="rowform">${csrfField(ctx)}<button type="submit">${ctx.t('tasks.mark_done')}</button></form>` : ''}
  </li>`)}</ul>`;
}

export type TimelineCalls = Map<string, { call: CallRow; canOpen: boolean }>;

/** The analysed calls behind a timeline's call activities, and whether the viewer may open each. */
export function timelineCalls(services: Services, actor: Actor, items: ActivityRow[]): Promise<TimelineCalls> {
  return services.calls.forTimeline(actor, items.flatMap((a) => (a.call_id ? [a.call_id] : [])));
}

/**
 * A call analysis on the timeline, written from its result in the interface language (the stored
 * activity text is in the language the analysis was asked for).
 */
function callSummary(ctx: PageCtx, c: CallRow | undefined): Html | null {
  const r = c?.status === 'done' ? (c.result as AnalysisResult | null) : null;
  if (!c || !r?.scores) return null;
  const scores = SCORE_DIMENSIONS.map((d) => `${dimensionLabel(ctx, d)} ${r.scores[d]}/5`).join(', ');
  // The commitment stays in the language the coaching was asked for; say so when it differs.
  const other = c.language !== ctx.locale ? html` <span class="muted">(${ctx.t(c.language === 'de' ? 'calls.written_in_de' : 'calls.written_in_en')})</span>` : '';
  return html`<p class="tl-body">${ctx.t('calls.analysis')}${c.filename ? ` (${c.filename})` : ''}: ${scores}. ${ctx.t('calls.commitment')}: <span lang="${c.language}">${r.commitment}</span>${other}</p>`;
}

export function timeline(ctx: PageCtx, items: ActivityRow[], names: Map<string, string>, calls: TimelineCalls = new Map()): Html {
  if (items.length === 0) return html`<p class="empty">${ctx.t('timeline.none')}</p>`;
  return html`<ol class="timeline">${items.map((a) => {
    const call = a.call_id ? calls.get(a.call_id) : undefined;
    return html`<li>
    <div class="tl-head"><span class="badge kind-${a.kind}">${ctx.t(`kind.${a.kind}`)}</span> ${when(ctx, a.occurred_at)} · ${names.get(a.owner_id) ?? ''}</div>
    ${callSummary(ctx, call?.call) ?? (a.body ? html`<p class="tl-body">${a.body}</p>` : '')}
    ${call?.canOpen ? html`<p><a href="/calls/${call.call.id}">${ctx.t('calls.open_coaching')}</a></p>` : ''}
  </li>`;
  })}</ol>`;
}

export function stageLabel(stages: Stage[], key: string): string {
  return stages.find((s) => s.key === key)?.label ?? key;
}

export function moveForm(ctx: PageCtx, d: DealRow, stages: Stage[]): Html {
  return html`<form method="post" action="/deals/${d.id}/stage" class="move">
    ${csrfField(ctx)}
    <label class="sr-only" for="stage-${d.id}">${ctx.t('deals.move_to')}: ${d.title}</label>
    <select id="stage-${d.id}" name="stage">${stages.map((s) => html`<option value="${s.key}"${s.key === d.stage ? html` selected` : ''}>${s.label}</option>`)}</select>
    <button type="submit">${ctx.t('deals.move')}</button>
  </form>`;
}

/** The New deal form in its collapsible box (open again when it was just refused). */
export function newDealBox(ctx: PageCtx, stages: Stage[], preset: { contactEmail?: string; companyName?: string } = {}, boxClass = 'addbox'): Html {
  const t = ctx.t;
  const f = refill(ctx, '/deals');
  return html`<details class="${boxClass}"${f.open()}><summary>${t('deals.new')}</summary>
  <form method="post" action="/deals" class="inline-form">
    ${f.error()}
    ${csrfField(ctx)}
    <div class="field"><label for="d-title">${t('deals.title')}</label><input id="d-title" name="title" maxlength="${MAX_LENGTH.deal_title}" value="${f.value('title')}"${f.invalid('title')}></div>
    <div class="field"><label for="d-value">${t('deals.value')}</label><input id="d-value" name="value_eur" inputmode="decimal" placeholder="12.500 / 12.5k" value="${f.value('value_eur')}"${f.invalid('value_eur')}></div>
    <div class="field"><label for="d-stage">${t('deals.stage')}</label><select id="d-stage" name="stage"${f.invalid('stage')}>${stages.map((s, i) => html`<option value="${s.key}"${f.selected('stage', s.key, i === 0)}>${s.label}</option>`)}</select></div>
    <div class="field"><label for="d-contact">${t('deals.contact_email')}</label><input id="d-contact" name="contact_email" type="email" value="${f.value('contact_email', preset.contactEmail)}"${f.invalid('contact_email')}></div>
    <div class="field"><label for="d-company">${t('field.company')}</label><input id="d-company" name="company" maxlength="${MAX_LENGTH.name}" value="${f.value('company', preset.companyName)}"${f.invalid('company')}></div>
    <button type="submit" class="primary">${t('deals.create')}</button>
  </form></details>`;
}

/** The record a note or task form attaches to, as hidden fields. */
function linkFields(link: { deal_id?: string; contact_id?: string }): Html {
  return html`${link.deal_id ? html`<input type="hidden" name="deal_id" value="${link.deal_id}">` : ''}${link.contact_id ? html`<input type="hidden" name="contact_id" value="${link.contact_id}">` : ''}`;
}

export function noteForm(ctx: PageCtx, link: { deal_id?: string; contact_id?: string }): Html {
  const t = ctx.t;
  const f = refill(ctx, '/activities');
  return html`<form method="post" action="/activities" class="stack">
    ${f.error()}
    ${csrfField(ctx)}
    ${linkFields(link)}
    <label for="n-kind">${t('notes.kind')}</label>
    <select id="n-kind" name="kind">${(['note', 'email', 'meeting', 'call', 'whatsapp'] as const).map((k) => html`<option value="${k}"${f.selected('kind', k, k === 'note')}>${t(`kind.${k}`)}</option>`)}</select>
    <label for="n-body">${t('notes.body')}</label>
    <textarea id="n-body" name="body" required maxlength="${MAX_LENGTH.activity_body}"${f.invalid('body')}>${f.value('body')}</textarea>
    <button type="submit" class="primary">${t('notes.add')}</button>
  </form>`;
}

/** The task form in its collapsible box (open again when it was just refused). */
export function taskBox(ctx: PageCtx, link: { deal_id?: string; contact_id?: string }): Html {
  return html`<details class="addbox"${refill(ctx, '/tasks').open()}><summary>${ctx.t('tasks.add')}</summary>${taskForm(ctx, link)}</details>`;
}

export function taskForm(ctx: PageCtx, link: { deal_id?: string; contact_id?: string }): Html {
  const t = ctx.t;
  const f = refill(ctx, '/tasks');
  return html`<form method="post" action="/tasks" class="stack">
    ${f.error()}
    ${csrfField(ctx)}
    ${linkFields(link)}
    <label for="t-title">${t('tasks.title_field')}</label>
    <input id="t-title" name="title" required maxlength="${MAX_LENGTH.task_title}" value="${f.value('title')}"${f.invalid('title')}>
    <label for="t-due">${t('tasks.due_field')}</label>
    <input id="t-due" name="due_at" type="date" value="${f.value('due_at')}"${f.invalid('due_at')}>
    <button type="submit">${t('tasks.add')}</button>
  </form>`;
}


/**
 * The rep (a user of the team) a list is narrowed to, from a query value: owners and managers
 * only; anything else, or a member's request, means every visible row ('').
 */
export function repOf(a: Actor, names: Map<string, string>, raw: unknown): string {
  return seesAll(a) && typeof raw === 'string' && names.has(raw) ? raw : '';
}

/** The labelled "Rep" select of a GET filter form: all reps, or one user of the team. */
export function repSelect(ctx: PageCtx, names: Map<string, string>, rep: string, id: string, param: string): Html {
  const t = ctx.t;
  return html`<div class="field"><label for="${id}">${t('deals.rep')}</label><select id="${id}" name="${param}"><option value="">${t('deals.all_reps')}</option>${[...names].map(([uid, name]) => html`<option value="${uid}"${uid === rep ? html` selected` : ''}>${name}</option>`)}</select></div>`;
}
