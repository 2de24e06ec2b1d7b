// Team page: plan and usage (licence, requests and calls today against their limits, this
// month's allowances: team cap, personal pools, credits; today's analysis spend).
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.ts';
import { CallRepository } from '../../calls/call.repository.ts';
import { utcDay } from '../../lib/time.ts';
import { html } from '../html.ts';
import { actor, ctxOf } from '../context.ts';
import { dateText, money, num } from '../format.ts';
import { TEAM_TABS, teamFrame } from './team.ts';

const ADMIN = { access: 'admin' as const };
const HIDE = { hide: true };

TEAM_TABS.push({ href: '/team/usage', label: 'team.usage' });

export function usageRoutes(services: Services): FastifyPluginAsync {
  return async (web) => {
    web.get('/team/usage', { schema: HIDE, config: ADMIN }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const t = ctx.t;
      const a = actor(request);
      const [team, users, requests, callsToday] = await Promise.all([
        services.identity.repo.team(a.teamId), services.teamAdmin.members(a), services.requestLimits.today(a.teamId),
        new CallRepository(services.handle.db).countCreatedOn(a.teamId, utcDay()),
      ]);
      const usage = await Promise.all(users.map((u) => services.allowances.usage(a.teamId, u.id)));
      const teamUsage = usage[0];
      // "used / limit" never breaks inside; the limit part is smaller so it fits a narrow card.
      const ofLimit = (used: number, max: number | null) => html`<span class="big">${num(ctx, used)}&nbsp;<span class="of">/ ${max === null ? t('usage.unlimited') : num(ctx, max)}</span></span>`;
      const meter = (value: number, max: number | null) => (max === null ? html`` : html`<meter min="0" max="${max}" value="${Math.min(value, max)}" high="${Math.floor(max * 0.8)}" optimum="0"></meter>`);
      const body = html`<div class="kpis">
          <div class="kpi" id="licence"><span class="muted">${t('usage.licence')}</span><span class="big">${team!.licence === 'active' ? t('usage.licence_active') : t('usage.licence_inactive')}</span></div>
          <div class="kpi"><span class="muted">${t('usage.requests_today')}</span>${ofLimit(requests, team!.request_limit)}${meter(requests, team!.request_limit)}</div>
          <div class="kpi" id="calls-today"><span class="muted">${t('usage.calls_today')}</span>${ofLimit(callsToday, team!.call_limit)}${meter(callsToday, team!.call_limit)}</div>
          <div class="kpi"><span class="muted">${t('usage.team_cap')}</span>${ofLimit(teamUsage?.team_calls ?? 0, team!.team_cap)}${meter(teamUsage?.team_calls ?? 0, team!.team_cap)}</div>
          <div class="kpi"><span class="muted">${t('usage.spend_today')}</span><span class="big">${money(ctx, teamUsage?.spend_cents_today ?? 0)}</span><span>${t('usage.spend_limit')}: ${team!.spend_limit_cents === null ? t('usage.unlimited') : money(ctx, team!.spend_limit_cents)}</span></div>
        </div>
        <p class="hint spaced" id="renews">${t('usage.renews', { day: teamUsage ? dateText(ctx, teamUsage.renews_on) : '' })}</p>
        <section aria-labelledby="pools-h"><h2 id="pools-h">${t('usage.personal')}</h2>
          <div class="tablewrap"><table>
            <thead><tr><th scope="col">${t('field.name')}</th><th scope="col">${t('usage.paid')}</th><th scope="col">${t('usage.pool')}</th><th scope="col">${t('usage.credits_used')}</th><th scope="col">${t('usage.credits_left')}</th></tr></thead>
            <tbody>${users.map((u, i) => html`<tr><td class="person">${u.name}</td><td>${u.paid ? t('common.yes') : t('common.no')}</td>
              <td>${num(ctx, usage[i].pool_calls)} / ${u.personal_pool === null ? t('usage.unlimited') : num(ctx, u.personal_pool)}</td>
              <td>${num(ctx, usage[i].credit_calls)}</td><td>${num(ctx, u.credits)}</td></tr>`)}</tbody>
          </table></div>
        </section>`;
      return reply.type('text/html; charset=utf-8').send(teamFrame(ctx, '/team/usage', body));
    });
  };
}
