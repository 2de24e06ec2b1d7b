// Team page: webhooks (register with the URL checked and the secret shown once, events, health,
// delivery log with the body sent and each attempt's answer, redeliver, ping, pause, delete).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { EVENT_NAMES } from '../../events/event.repository.ts';
import { ALL_EVENTS, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookRow } from '../../webhooks/webhook.row.ts';
import { html, type Html } from '../html.ts';
import { actor, ctxOf, formAction, list, str, type PageCtx } from '../context.ts';
import { csrfField } from '../layout.ts';
import { num, when } from '../format.ts';
import { listHref, pager, refill } from '../widgets.ts';
import { TEAM_TABS, teamFrame } from './team.ts';
import { attemptErrorText } from '../form-errors.ts';
import { MAX_LENGTH } from '../../common/text.ts';

const ADMIN = { access: 'admin' as const };
const HIDE = { hide: true };

TEAM_TABS.push({ href: '/team/webhooks', label: 'team.webhooks' });

type Health = 'healthy' | 'failing' | 'retrying' | 'unused';

/** Health from the newest deliveries: the last finished one decides; retries in flight show. */
function healthOf(deliveries: WebhookDeliveryRow[]): Health {
  if (deliveries.length === 0) return 'unused';
  const last = deliveries.find((d) => d.status !== 'pending');
  if (deliveries[0].status === 'pending' && deliveries[0].attempt_count > 0) return 'retrying';
  if (!last) return 'unused';
  return last.status === 'succeeded' ? 'healthy' : 'failing';
}

function healthBadge(ctx: PageCtx, h: Health): Html {
  const cls = h === 'healthy' ? 'ok' : h === 'failing' ? 'err' : h === 'retrying' ? 'warn' : '';
  return html`<span class="badge ${cls}">${ctx.t(`webhooks.health_${h}`)}</span>`;
}

/**
 * The body as sent, indented for reading. The signed bytes are the compact text (the API's
 * `body`); a body that is not JSON (never written by RZ) is shown as it is. Escaped by html``.
 */
function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function eventsText(ctx: PageCtx, w: WebhookRow): string {
  return w.events.includes(ALL_EVENTS) ? ctx.t('webhooks.all_events') : w.events.join(', ');
}

function eventCheckboxes(ctx: PageCtx, selected: string[], idPrefix: string, invalid: Html = html``): Html {
  const all = selected.includes(ALL_EVENTS);
  return html`<fieldset class="field events"${invalid}><legend>${ctx.t('webhooks.events')}</legend>
    <label class="check"><input type="checkbox" name="events" value="*"${all ? html` checked` : ''}> <strong>${ctx.t('webhooks.all_events')}</strong></label>
    ${EVENT_NAMES.map((e) => html`<label class="check" for="${idPrefix}-${e}"><input type="checkbox" id="${idPrefix}-${e}" name="events" value="${e}"${!all && selected.includes(e) ? html` checked` : ''}> <code>${e}</code></label>`)}
  </fieldset>`;
}

/**
 * The events ticked in a form. "All events" is ticked by default, so a form with it and single
 * events too is refused (by parseEvents, the one rule for forms, API and CLI) rather than guessed.
 */
function formEvents(request: FastifyRequest): string[] {
  return list(request.body, 'events');
}

export function webhookRoutes(services: Services): FastifyPluginAsync {
  const send = (reply: FastifyReply, page: string) => reply.type('text/html; charset=utf-8').send(page);
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  async function listPage(request: FastifyRequest) {
    const ctx = ctxOf(request, services.config.publicUrl);
    const t = ctx.t;
    // The signing secret of a webhook just registered is handed over once (post/redirect/get).
    const created = request.web.handed.webhook;
    const f = refill(ctx, '/team/webhooks');
    const a = actor(request);
    const hooks = await services.webhooks.list(a, { limit: '100' });
    const health = await Promise.all(hooks.items.map(async (w) => healthOf((await services.webhooks.deliveries(a, w.id, { limit: '10' })).items)));
    const body = html`
      ${created ? html`<section class="card secret" aria-labelledby="newhook-h" id="new-webhook">
        <h2 id="newhook-h">${t('webhooks.created')}</h2>
        <p>${t('webhooks.secret_once')}</p>
        <div class="copyrow"><code id="webhook-secret" class="secret-value">${created.secret}</code>
          <button type="button" class="copy" data-copy="#webhook-secret">${t('action.copy')}</button></div>
        <p class="hint">${t('webhooks.verify_hint')}</p>
        <p><a href="/team/webhooks/${created.id}">${t('webhooks.open_log')}</a></p>
      </section>` : ''}
      <section class="card" aria-labelledby="addhook-h">
        <h2 id="addhook-h">${t('webhooks.register')}</h2>
        <form method="post" action="/team/webhooks" class="stack">
          ${f.error()}
          ${csrfField(ctx)}
          <label for="wh-url">URL</label>
          <input id="wh-url" name="url" type="url" required maxlength="${MAX_LENGTH.webhook_url}" placeholder="https://example.com/rz-webhook" value="${f.value('url')}"${f.invalid('url', 'wh-url-hint')}>
          <p id="wh-url-hint" class="hint">${t(services.config.webhookAllowPrivate ? 'webhooks.url_hint_private' : 'webhooks.url_hint')}</p>
          <label for="wh-desc">${t('webhooks.description')}</label>
          <input id="wh-desc" name="description" maxlength="${MAX_LENGTH.webhook_description}" value="${f.value('description')}"${f.invalid('description')}>
          ${eventCheckboxes(ctx, f.values('events', [ALL_EVENTS]), 'new', f.invalid('events'))}
          <button type="submit" class="primary">${t('webhooks.register_submit')}</button>
        </form>
      </section>
      <section aria-labelledby="hooks-h">
        <h2 id="hooks-h">${t('team.webhooks')}</h2>
        ${hooks.items.length === 0 ? html`<p class="empty">${t('webhooks.none')}</p>` : html`<div class="tablewrap"><table>
          <thead><tr><th scope="col">URL</th><th scope="col">${t('webhooks.events')}</th><th scope="col">${t('webhooks.health')}</th><th scope="col">${t('members.status')}</th></tr></thead>
          <tbody>${hooks.items.map((w, i) => html`<tr><td><a class="url" href="/team/webhooks/${w.id}">${w.url}</a>${w.description ? html`<br><span class="muted">${w.description}</span>` : ''}</td>
            <td>${eventsText(ctx, w)}</td><td>${healthBadge(ctx, health[i])}</td><td>${w.paused ? html`<span class="badge warn">${t('webhooks.paused')}</span>` : t('members.active')}</td></tr>`)}</tbody>
        </table></div>`}
      </section>`;
    return teamFrame(ctx, '/team/webhooks', body);
  }

  return async (web) => {
    web.get('/team/webhooks', { schema: HIDE, config: ADMIN }, async (request, reply) => send(reply, await listPage(request)));

    web.post('/team/webhooks', { schema: HIDE, config: ADMIN }, async (request, reply) => formAction(request, reply, '/team/webhooks', async () => {
      const created = await services.webhooks.create(actor(request), {
        url: str(request.body, 'url').trim(), events: formEvents(request), description: str(request.body, 'description'),
      });
      // Shown once by the page the redirect opens; reloading that page registers and shows nothing.
      await request.web.hand('webhook', { id: created.id, secret: created.secret });
      return { to: '/team/webhooks#new-webhook' };
    }));

    web.get('/team/webhooks/:id', { schema: HIDE, config: ADMIN }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const t = ctx.t;
      const a = actor(request);
      const query = request.query as Record<string, string>;
      const w = await services.webhooks.detail(a, idOf(request));
      const page = await services.webhooks.deliveries(a, w.id, { cursor: query.cursor, limit: '25' });
      const names = new Map((await services.identity.repo.teamUsers(a.teamId)).map((u) => [u.id, u.name]));
      const body = html`<p><a href="/team/webhooks">← ${t('team.webhooks')}</a></p>
        <div class="grid2">
          <section class="card" aria-labelledby="wh-h"><h2 id="wh-h">${w.url}</h2>
            <dl class="facts">
              <dt>${t('webhooks.health')}</dt><dd id="webhook-health">${healthBadge(ctx, healthOf(page.items))}</dd>
              <dt>${t('members.status')}</dt><dd>${w.paused ? html`<span class="badge warn">${t('webhooks.paused')}</span>` : t('members.active')}</dd>
              <dt>${t('webhooks.events')}</dt><dd>${eventsText(ctx, w)}</dd>
              <dt>${t('keys.created_at')}</dt><dd>${when(ctx, w.created_at)} · ${names.get(w.created_by) ?? ''}</dd>
              ${w.description ? html`<dt>${t('webhooks.description')}</dt><dd>${w.description}</dd>` : ''}
            </dl>
            <div class="inline-form">
              <form method="post" action="/team/webhooks/${w.id}/ping">${csrfField(ctx)}<button type="submit">${t('webhooks.ping')}</button></form>
              <form method="post" action="/team/webhooks/${w.id}/${w.paused ? 'resume' : 'pause'}">${csrfField(ctx)}<button type="submit">${w.paused ? t('webhooks.resume') : t('webhooks.pause')}</button></form>
              <form method="post" action="/team/webhooks/${w.id}/delete" data-confirm="${t('webhooks.confirm_delete')}">${csrfField(ctx)}<button type="submit" class="danger">${t('webhooks.delete')}</button></form>
            </div>
          </section>
          <section class="card" aria-labelledby="ev-h"><h2 id="ev-h">${t('webhooks.change_events')}</h2>
            <form method="post" action="/team/webhooks/${w.id}/events" class="stack">${csrfField(ctx)}${eventCheckboxes(ctx, w.events, 'edit')}
              <button type="submit">${t('action.save')}</button></form>
          </section>
        </div>
        <section aria-labelledby="log-h"><h2 id="log-h">${t('webhooks.log')}</h2>
          ${page.items.length === 0 ? html`<p class="empty">${t('webhooks.no_deliveries')}</p>` : html`<div class="tablewrap"><table id="delivery-log">
            <thead><tr><th scope="col">${t('webhooks.event')}</th><th scope="col">${t('deals.status')}</th><th scope="col">${t('webhooks.attempts')}</th><th scope="col">${t('field.created')}</th><th scope="col"><span class="sr-only">${t('field.actions')}</span></th></tr></thead>
            ${page.items.map((d) => html`<tbody class="delivery"><tr>
              <td><code>${d.event}</code><br><span class="muted"><code>${d.id}</code></span></td>
              <td><span class="badge ${d.status === 'succeeded' ? 'ok' : d.status === 'failed' ? 'err' : 'warn'}">${t(`delivery.${d.status}`)}</span>
                ${d.next_attempt_at && d.status === 'pending' ? html`<br><span class="muted">${t('webhooks.next_attempt')} ${when(ctx, d.next_attempt_at)}</span>` : ''}</td>
              <td>${d.attempts.length === 0 ? html`<span class="muted">—</span>` : html`<ol class="attempts">${(d.attempts as WebhookAttemptRow[]).map((x) => html`<li>
                ${x.status_code !== null ? html`<strong>HTTP ${x.status_code}</strong>` : html`<strong>${t('webhooks.no_answer')}</strong>`} · ${num(ctx, x.duration_ms)} ms · ${when(ctx, x.attempted_at)}
                ${x.error ? html`<br><span class="muted">${attemptErrorText(t, x.error)}</span>` : ''}
                ${x.response_snippet ? html`<details class="payload"><summary>${t('webhooks.answer')}</summary><pre class="snippet">${x.response_snippet}</pre></details>` : ''}</li>`)}</ol>`}</td>
              <td>${when(ctx, d.created_at)}</td>
              <td>${d.status !== 'pending' || d.attempts.length > 0 ? html`<form method="post" action="/team/webhooks/${w.id}/deliveries/${d.id}/redeliver">${csrfField(ctx)}<button type="submit">${t('webhooks.redeliver')}</button></form>` : ''}</td>
            </tr>
            <tr class="delivery-body"><td colspan="5"><details class="payload"><summary>${t('webhooks.body_sent')}</summary>
              <pre class="body-sent"><code>${readableBody(d.body)}</code></pre>
              <p class="hint">${t('webhooks.body_hint', { path: `GET /api/v1/webhooks/${w.id}/deliveries` })}</p></details></td></tr></tbody>`)}</table></div>`}
          ${pager(ctx, listHref(`/team/webhooks/${w.id}`, {}), page, query.cursor)}
        </section>`;
      return send(reply, teamFrame(ctx, '/team/webhooks', body));
    });

    const action = (path: string, run: (request: FastifyRequest) => Promise<unknown>, message: 'webhooks.pinged' | 'webhooks.paused_msg' | 'webhooks.resumed' | 'webhooks.deleted' | 'webhooks.redelivered' | 'webhooks.events_saved', to?: (request: FastifyRequest) => string) =>
      web.post(path, { schema: HIDE, config: ADMIN }, async (request, reply) => formAction(request, reply, `/team/webhooks/${idOf(request)}`, async () => {
        await run(request);
        return { to: to ? to(request) : `/team/webhooks/${idOf(request)}`, message: ctxOf(request, null).t(message) };
      }));

    action('/team/webhooks/:id/ping', (r) => services.webhooks.ping(actor(r), idOf(r)), 'webhooks.pinged');
    action('/team/webhooks/:id/pause', (r) => services.webhooks.update(actor(r), idOf(r), { paused: true }), 'webhooks.paused_msg');
    action('/team/webhooks/:id/resume', (r) => services.webhooks.update(actor(r), idOf(r), { paused: false }), 'webhooks.resumed');
    action('/team/webhooks/:id/events', (r) => services.webhooks.update(actor(r), idOf(r), { events: formEvents(r) }), 'webhooks.events_saved');
    action('/team/webhooks/:id/delete', (r) => services.webhooks.remove(actor(r), idOf(r)), 'webhooks.deleted', () => '/team/webhooks');
    action('/team/webhooks/:id/deliveries/:delivery/redeliver', (r) => services.webhooks.redeliver(actor(r), idOf(r), (r.params as { delivery: string }).delivery), 'webhooks.redelivered');

  };
}
