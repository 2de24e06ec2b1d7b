// The pipeline board's columns and cards: each card names its contact, its next step and how long
// it has been in its stage; cards move by drag and drop or by keyboard (app.js, "Pipeline board"),
// and without JavaScript through the deal page's stage form, which the card's title links to.
import { html, type Html } from './html.ts';
import type { PageCtx } from './context.ts';
import type { DealRow } from '../deals/deal.row.ts';
import type { ContactTable } from '../db/schema.ts';
import type { Page } from '../common/pagination.ts';
import { money, personName, when } from './format.ts';

const DAY_MS = 86_400_000;

export interface CardFacts {
  names: Map<string, string>;
  contacts: Map<string, ContactTable>;
  /** When each deal entered its current stage (DealService.stageSince). */
  since: Map<string, string>;
  now: number;
}

interface Column {
  key: string;
  label: string;
  page: Page<DealRow>;
  cents: number;
  moreHref: string;
}

/** "3 days in stage": whole days since the deal entered its stage. */
export function daysInStage(ctx: PageCtx, sinceIso: string, now: number): string {
  const days = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / DAY_MS));
  return days === 0 ? ctx.t('crm.today_in_stage') : days === 1 ? ctx.t('crm.day_in_stage') : ctx.t('crm.days_in_stage', { n: days });
}

/** The next step: its date (calendar day, UTC) when it has one, and its text. */
function nextStep(ctx: PageCtx, d: DealRow, now: number): Html {
  if (!d.next_step_at && !d.next_step) return html``;
  const overdue = d.next_step_at !== null && d.next_step_at.slice(0, 10) < new Date(now).toISOString().slice(0, 10);
  const date = d.next_step_at ? html`${ctx.t('deals.next_step')} ${when(ctx, d.next_step_at, false)}` : html`${ctx.t('deals.next_step')}`;
  return html`<span class="nextstep${overdue ? ' overdue' : ''}">${date}${d.next_step ? html`: ${d.next_step}` : ''}</span>`;
}

function dealCard(ctx: PageCtx, d: DealRow, facts: CardFacts): Html {
  const contact = d.contact_id ? facts.contacts.get(d.contact_id) : undefined;
  return html`<article class="dealcard" draggable="true" tabindex="0" data-deal="${d.id}" data-title="${d.title}" data-cents="${String(d.value_cents ?? 0)}" aria-labelledby="card-${d.id}" aria-describedby="card-keys">
    <a id="card-${d.id}" class="cardtitle" href="/deals/${d.id}">${d.title}</a>
    <span class="value">${money(ctx, d.value_cents)}</span>
    <span class="cardcontact">${contact ? html`<a href="/contacts/${contact.id}">${personName(contact)}</a>` : html`<span class="muted">${ctx.t('crm.no_contact')}</span>`}</span>
    ${nextStep(ctx, d, facts.now)}
    <span class="muted cardfoot"><span class="age">${daysInStage(ctx, facts.since.get(d.id) ?? d.created_at, facts.now)}</span> · ${facts.names.get(d.owner_id) ?? ''}</span>
  </article>`;
}

/**
 * "N more in this stage": the deals of the column not shown. Always rendered (hidden at none), with
 * its text as a template, so app.js can count it again after a card moves in or out.
 */
function moreLink(ctx: PageCtx, c: Column): Html {
  const more = c.page.total - c.page.items.length;
  return html`<a class="morelink" href="${c.moreHref}" data-more="${ctx.t('deals.more_in_stage')}"${more > 0 ? '' : html` hidden`}>${more > 0 ? ctx.t('deals.more_in_stage', { n: more }) : ''}</a>`;
}

/**
 * The board. `data-*` on it carry what app.js needs to move a card without a page load: the form
 * token and the messages in the interface language.
 */
export function board(ctx: PageCtx, columns: Column[], facts: CardFacts): Html {
  const t = ctx.t;
  return html`<p class="hint">${t('crm.board_hint')}</p><p class="sr-only" id="card-keys">${t('crm.card_keys')}</p>
    <p class="boardstatus" id="board-status" aria-live="polite"></p>
    <div class="board" id="board" data-csrf="${ctx.csrf}" data-msg-moved="${t('crm.moved_to')}" data-msg-failed="${t('crm.not_moved')}" data-msg-first="${t('crm.first_stage')}"
      data-msg-last="${t('crm.last_stage')}" data-msg-moving="${t('crm.moving')}" data-msg-today="${t('crm.today_in_stage')}">${columns.map((c) => html`<section class="column" data-stage="${c.key}" data-label="${c.label}" aria-labelledby="col-${c.key}">
      <h2 id="col-${c.key}"><span>${c.label}</span><span class="muted coltotal" data-count="${String(c.page.total)}" data-cents="${String(c.cents)}">${String(c.page.total)} · ${money(ctx, c.cents)}</span></h2>
      <div class="cards">${c.page.items.map((d) => dealCard(ctx, d, facts))}</div>
      ${moreLink(ctx, c)}
    </section>`)}</div>`;
}
