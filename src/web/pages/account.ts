// Every user's own pages: the privacy notice (consent for call analysis) and the profile.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.ts';
import { validation } from '../../errors/app-error.ts';
import { MAX_LENGTH } from '../../common/text.ts';
import { checkPassword } from '../../identity/password.ts';
import { verifyPassword } from '../../identity/password.ts';
import { html } from '../html.ts';
import { COOKIE, cookieOptions, ctxOf, formAction, str } from '../context.ts';
import { csrfField, layout } from '../layout.ts';
import { NEW_PASSWORD_ATTRS, refill } from '../widgets.ts';
import { when } from '../format.ts';
import { isLocale, LOCALES } from '../i18n.ts';

const HIDE = { hide: true };
/** A user's own account stays usable while the team's licence is not in force: it writes no CRM data. */
const OWN = { withoutLicence: true };

export function accountRoutes(services: Services): FastifyPluginAsync {
  return async (web) => {
    web.get('/privacy', { schema: HIDE, config: OWN }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const t = ctx.t;
      const u = ctx.user!;
      const body = html`<article class="prose">
        <h1>${t('privacy.title')}</h1>
        <p>${t('privacy.p1')}</p>
        <p>${t('privacy.p2')}</p>
        <ul>
          <li>${t('privacy.li1')}</li>
          <li>${t('privacy.li2')}</li>
          <li>${t('privacy.li3')}</li>
          <li>${t('privacy.li4')}</li>
        </ul>
        <p>${t('privacy.p3')}</p>
        <section class="card" aria-labelledby="consent-h">
          <h2 id="consent-h">${t('privacy.your_consent')}</h2>
          ${u.consent === 1
            ? html`<p class="ok" id="consent-state">${t('privacy.accepted_at')} ${when(ctx, u.consent_at)}</p>
              <form method="post" action="/privacy/withdraw">${csrfField(ctx)}<button type="submit">${t('privacy.withdraw')}</button></form>`
            : html`<p id="consent-state">${t('privacy.not_accepted')}</p>
              <form method="post" action="/privacy/accept">${csrfField(ctx)}<button type="submit" class="primary">${t('privacy.accept')}</button></form>`}
        </section>
      </article>`;
      return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: t('privacy.title'), body }));
    });

    web.post('/privacy/accept', { schema: HIDE, config: OWN }, async (request, reply) => formAction(request, reply, '/privacy', async () => {
      await services.identity.updateUser(request.web.session!.user.id, { consent: true });
      return { to: '/privacy', message: ctxOf(request, null).t('privacy.thanks') };
    }));

    web.post('/privacy/withdraw', { schema: HIDE, config: OWN }, async (request, reply) => formAction(request, reply, '/privacy', async () => {
      await services.identity.updateUser(request.web.session!.user.id, { consent: false });
      return { to: '/privacy', message: ctxOf(request, null).t('privacy.withdrawn') };
    }));

    web.get('/profile', { schema: HIDE, config: OWN }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const t = ctx.t;
      const u = ctx.user!;
      // A refused form shows its message at the form, the field marked, what was typed kept (not passwords).
      const pf = refill(ctx, '/profile');
      const pwf = refill(ctx, '/profile/password');
      const body = html`<h1>${t('profile.title')}</h1>
      <div class="grid2">
        <section class="card" aria-labelledby="p-h">
          <h2 id="p-h">${t('profile.details')}</h2>
          <dl class="facts"><dt>${t('field.email')}</dt><dd>${u.email}</dd><dt>${t('field.role')}</dt><dd>${t(`role.${u.role}`)}</dd></dl>
          <form method="post" action="/profile" class="stack">
            ${pf.error()}
            ${csrfField(ctx)}
            <label for="name">${t('field.name')}</label>
            <input id="name" name="name" required maxlength="${MAX_LENGTH.name}" value="${pf.value('name', u.name)}" autocomplete="name"${pf.invalid('name')}>
            <label for="locale">${t('field.language')}</label>
            <select id="locale" name="locale"${pf.invalid('locale')}>${LOCALES.map((l) => html`<option value="${l}"${pf.selected('locale', l, l === u.locale)}>${t(`lang.${l}`)}</option>`)}</select>
            <button type="submit" class="primary">${t('action.save')}</button>
          </form>
        </section>
        <section class="card" aria-labelledby="pw-h">
          <h2 id="pw-h">${t('profile.password')}</h2>
          <form method="post" action="/profile/password" class="stack">
            ${pwf.error()}
            ${csrfField(ctx)}
            <label for="current">${t('profile.current_password')}</label>
            <input id="current" name="current" type="password" required autocomplete="current-password"${pwf.invalid('current')}>
            <label for="new">${t('profile.new_password')}</label>
            <input id="new" name="password" ${NEW_PASSWORD_ATTRS}${pwf.invalid('password', 'pw-hint')}>
            <p id="pw-hint" class="hint">${t('field.password_hint')}</p>
            <label for="confirm">${t('profile.confirm_password')}</label>
            <input id="confirm" name="confirm" ${NEW_PASSWORD_ATTRS}${pwf.invalid('confirm')}>
            <button type="submit">${t('profile.change_password')}</button>
          </form>
        </section>
      </div>`;
      return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: t('profile.title'), body }));
    });

    web.post('/profile', { schema: HIDE, config: OWN }, async (request, reply) => formAction(request, reply, '/profile', async () => {
      const name = str(request.body, 'name').trim();
      const locale = str(request.body, 'locale');
      // Too long: the service says so (the form names the field).
      if (!name) throw validation('name', ctxOf(request, null).t('profile.name_required'));
      if (!isLocale(locale)) throw validation('locale', 'Unknown language.');
      await services.identity.updateUser(request.web.session!.user.id, { name, locale });
      reply.setCookie(COOKIE.lang, locale, cookieOptions(request, 365 * 86400));
      request.web.locale = locale;
      return { to: '/profile', message: ctxOf(request, null).t('profile.saved') };
    }));

    web.post('/profile/password', { schema: HIDE, config: OWN }, async (request, reply) => formAction(request, reply, '/profile', async () => {
      const s = request.web.session!;
      const t = ctxOf(request, null).t;
      if (!(await verifyPassword(str(request.body, 'current'), s.user.password_hash))) throw validation('current', t('profile.wrong_password'));
      const password = checkPassword(str(request.body, 'password'));
      if (password !== str(request.body, 'confirm')) throw validation('confirm', t('profile.mismatch'));
      await services.identity.updateUser(s.user.id, { password });
      // Other browsers signed in as this user are signed out; this one stays.
      await services.sessions.endSessionsOf(s.user.id, s.id);
      return { to: '/profile', message: t('profile.password_changed') };
    }));
  };
}
