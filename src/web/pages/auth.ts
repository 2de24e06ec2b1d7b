// First-run setup, sign-in, sign-out and the language switch.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.ts';
import { AppError } from '../../errors/app-error.ts';
import { formErrorText } from '../form-errors.ts';
import { html } from '../html.ts';
import { COOKIE, cookieOptions, ctxOf, safeLocalPath, setFlash, str, type PageCtx } from '../context.ts';
import { csrfField, layout } from '../layout.ts';
import { NEW_PASSWORD_ATTRS, invalidAttrs } from '../widgets.ts';
import { isLocale } from '../i18n.ts';
import { SESSION_DAYS } from '../session.service.ts';
import { MAX_LENGTH } from '../../common/text.ts';

const PUBLIC = { access: 'public' as const };
const HIDE = { hide: true };

// The service's field names on the Setup form's inputs.
const SETUP_INPUTS: Record<string, string> = { name: 'team', owner_name: 'name', email: 'email', password: 'password' };

function setupPage(ctx: PageCtx, values: Record<string, string> = {}, error?: { message: string; field: string }) {
  const t = ctx.t;
  const bad = error ? SETUP_INPUTS[error.field] : undefined;
  const invalid = (input: string, hint?: string) => invalidAttrs(bad === input, hint);
  return layout(ctx, {
    title: t('setup.title'),
    body: html`<section class="narrow card">
      <h1>${t('setup.title')}</h1>
      <p>${t('setup.intro')}</p>
      ${error ? html`<p class="flash flash-error form-error" role="alert" id="form-error">${error.message}</p>` : ''}
      <form method="post" action="/setup" class="stack">
        ${csrfField(ctx)}
        <label for="team">${t('setup.team')}</label>
        <input id="team" name="team" required maxlength="${MAX_LENGTH.name}" value="${values.team ?? ''}" autocomplete="organization"${invalid('team')}>
        <label for="name">${t('field.your_name')}</label>
        <input id="name" name="name" required maxlength="${MAX_LENGTH.name}" value="${values.name ?? ''}" autocomplete="name"${invalid('name')}>
        <label for="email">${t('field.email')}</label>
        <input id="email" name="email" type="email" required value="${values.email ?? ''}" autocomplete="email"${invalid('email')}>
        <label for="password">${t('field.password')}</label>
        <input id="password" name="password" ${NEW_PASSWORD_ATTRS}${invalid('password', 'pw-hint')}>
        <p id="pw-hint" class="hint">${t('field.password_hint')}</p>
        <button type="submit" class="primary">${t('setup.submit')}</button>
      </form>
    </section>`,
  });
}

function signInPage(ctx: PageCtx, next: string, email = '', error?: string) {
  const t = ctx.t;
  return layout(ctx, {
    title: t('signin.title'),
    body: html`<section class="narrow card">
      <h1>${t('signin.title')}</h1>
      ${error ? html`<p class="flash flash-error" role="alert">${error}</p>` : ''}
      <form method="post" action="/signin" class="stack">
        ${csrfField(ctx)}
        <input type="hidden" name="next" value="${next}">
        <label for="email">${t('field.email')}</label>
        <input id="email" name="email" type="email" required value="${email}" autocomplete="username" autofocus>
        <label for="password">${t('field.password')}</label>
        <input id="password" name="password" type="password" required autocomplete="current-password">
        <button type="submit" class="primary">${t('signin.submit')}</button>
      </form>
    </section>`,
  });
}

export function authRoutes(services: Services): FastifyPluginAsync {
  const noTeam = async () => (await services.identity.repo.countTeams()) === 0;

  return async (web) => {
    web.get('/', { schema: HIDE, config: PUBLIC }, async (request, reply) => {
      if (await noTeam()) return reply.redirect('/setup', 303);
      if (!request.web.session) return reply.redirect('/signin', 303);
      return reply.redirect('/pipeline', 303);
    });

    web.get('/setup', { schema: HIDE, config: PUBLIC }, async (request, reply) => {
      // Setup exists only until the first team does.
      if (!(await noTeam())) throw new AppError('not_found', 'Not found.');
      return reply.type('text/html; charset=utf-8').send(setupPage(ctxOf(request, services.config.publicUrl)));
    });

    web.post('/setup', { schema: HIDE, config: PUBLIC }, async (request, reply) => {
      if (!(await noTeam())) throw new AppError('not_found', 'Not found.');
      const b = request.body;
      const values = { team: str(b, 'team'), name: str(b, 'name'), email: str(b, 'email') };
      const ctx = ctxOf(request, services.config.publicUrl);
      try {
        const { owner_id } = await services.identity.createTeam({
          name: values.team, ownerEmail: values.email, ownerName: values.name, ownerPassword: str(b, 'password'),
        });
        const owner = (await services.identity.repo.user(owner_id))!;
        if (isLocale(ctx.locale) && ctx.locale !== owner.locale) await services.identity.updateUser(owner.id, { locale: ctx.locale });
        const { token } = await services.sessions.createSession(owner);
        reply.setCookie(COOKIE.session, token, cookieOptions(request, SESSION_DAYS * 86400));
        setFlash(request, reply, 'ok', ctx.t('setup.done'));
        return reply.redirect('/team', 303);
      } catch (err) {
        // Shown again directly (no session yet to hand a refused form over a redirect), as sign-in does.
        if (err instanceof AppError && err.status === 422) return reply.code(422).type('text/html; charset=utf-8').send(setupPage(ctx, values, { message: formErrorText(ctx.t, err, '/setup'), field: String(err.extra.field ?? '') }));
        throw err;
      }
    });

    web.get('/signin', { schema: HIDE, config: PUBLIC }, async (request, reply) => {
      if (await noTeam()) return reply.redirect('/setup', 303);
      const next = safeLocalPath((request.query as Record<string, string>).next, '/');
      if (request.web.session) return reply.redirect(next, 303);
      return reply.type('text/html; charset=utf-8').send(signInPage(ctxOf(request, services.config.publicUrl), next));
    });

    web.post('/signin', { schema: HIDE, config: PUBLIC }, async (request, reply) => {
      const b = request.body;
      const email = str(b, 'email');
      const next = safeLocalPath(str(b, 'next'), '/');
      const result = await services.sessions.signIn(email, str(b, 'password'), request.ip);
      const ctx = ctxOf(request, services.config.publicUrl);
      if (!result.ok) {
        const throttled = result.reason === 'throttled';
        return reply.code(throttled ? 429 : 401).type('text/html; charset=utf-8')
          .send(signInPage(ctx, next, email, ctx.t(`signin.${result.reason}`)));
      }
      reply.setCookie(COOKIE.session, result.token, cookieOptions(request, SESSION_DAYS * 86400));
      // The pre-sign-in token is spent; forms now carry the session's own token.
      reply.clearCookie(COOKIE.csrf, { path: '/' });
      return reply.redirect(next, 303);
    });

    web.post('/signout', { schema: HIDE, config: PUBLIC }, async (request, reply) => {
      if (request.web.session) await services.sessions.signOut(request.web.session.id);
      reply.clearCookie(COOKIE.session, { path: '/' });
      setFlash(request, reply, 'ok', ctxOf(request, null).t('signin.signed_out'));
      return reply.redirect('/signin', 303);
    });

    web.post('/language', { schema: HIDE, config: PUBLIC }, async (request, reply) => {
      const locale = str(request.body, 'locale');
      if (!isLocale(locale)) throw new AppError('validation_error', 'Unknown language.', { field: 'locale' });
      reply.setCookie(COOKIE.lang, locale, cookieOptions(request, 365 * 86400));
      const s = request.web.session;
      if (s) await services.identity.updateUser(s.user.id, { locale });
      return reply.redirect(safeLocalPath(str(request.body, 'next'), '/'), 303);
    });
  };
}
