// The Team page (owners and managers): members, API keys, and — as their services exist —
// webhooks and plan & usage. Every action is re-checked by TeamAdminService on the server.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { ROLES } from '../../identity/identity.service.ts';
import type { Role } from '../../db/schema.ts';
import { validation } from '../../errors/app-error.ts';
import { html, type Html } from '../html.ts';
import { actor, ctxOf, formAction, list, str, type PageCtx } from '../context.ts';
import { csrfField, layout } from '../layout.ts';
import { breakableEmail, when } from '../format.ts';
import { NEW_PASSWORD_ATTRS, refill } from '../widgets.ts';
import type { MessageKey } from '../i18n.ts';
import { MAX_LENGTH } from '../../common/text.ts';

const ADMIN = { access: 'admin' as const };
/** Taking access away stays possible while the licence is not in force (docs/application.md). */
const REVOKING = { access: 'admin' as const, withoutLicence: true };
const HIDE = { hide: true };

interface Tab { href: string; label: MessageKey }
/** Team sections; webhooks and usage add themselves when their services exist. */
export const TEAM_TABS: Tab[] = [
  { href: '/team', label: 'team.members' },
  { href: '/team/keys', label: 'team.keys' },
];

export function teamFrame(ctx: PageCtx, current: string, body: Html): string {
  const t = ctx.t;
  return layout(ctx, {
    title: `${t('nav.team')} · ${t(TEAM_TABS.find((x) => x.href === current)?.label ?? 'nav.team')}`,
    body: html`<h1>${t('nav.team')}</h1>
      <nav class="tabs" aria-label="${t('nav.team')}"><ul>
        ${TEAM_TABS.map((x) => html`<li><a href="${x.href}"${x.href === current ? html` aria-current="page"` : ''}>${t(x.label)}</a></li>`)}
      </ul></nav>
      ${body}`,
  });
}

function roleOptions(ctx: PageCtx, selected: Role, canGrantOwner: boolean): Html {
  return html`${ROLES.filter((r) => canGrantOwner || r !== 'owner' || selected === 'owner').map((r) => html`<option value="${r}"${r === selected ? html` selected` : ''}>${ctx.t(`role.${r}`)}</option>`)}`;
}

/** The role the add-user form offers first: as just sent, else member. */
function sentRole(value: string): Role {
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : 'member';
}

type Member = Awaited<ReturnType<Services['teamAdmin']['members']>>[number];

/** One member's row: role, paid seat and (de)activation as forms where this user may change them. */
function memberRow(ctx: PageCtx, u: Member, meId: string, isOwner: boolean): Html {
  const t = ctx.t;
  const self = u.id === meId;
  const canTouch = !self && (isOwner || u.role !== 'owner');
  return html`<tr${u.active ? '' : html` class="revoked"`}>
    <td class="person">${u.name}${self ? html` <span class="muted">(${t('members.you')})</span>` : ''}</td><td class="email">${breakableEmail(u.email)}</td>
    <td>${canTouch ? html`<form method="post" action="/team/members/${u.id}/role" class="rowform">${csrfField(ctx)}
        <label class="sr-only" for="role-${u.id}">${t('field.role')}: ${u.name}</label>
        <select id="role-${u.id}" name="role">${roleOptions(ctx, u.role, isOwner)}</select>
        <button type="submit">${t('members.change_role')}</button></form>` : t(`role.${u.role}`)}</td>
    <td>${u.active ? t('members.active') : html`<span class="badge">${t('members.deactivated')}</span>`}</td>
    <td>${u.consent ? t('members.consent_yes') : t('members.consent_no')}</td>
    <td>${isOwner ? html`<form method="post" action="/team/members/${u.id}/paid" class="rowform">${csrfField(ctx)}
        <label class="sr-only" for="paid-${u.id}">${t('usage.paid')}: ${u.name}</label>
        <select id="paid-${u.id}" name="paid">${(['yes', 'no'] as const).map((v) => html`<option value="${v}"${(v === 'yes') === (u.paid === 1) ? html` selected` : ''}>${t(`common.${v}`)}</option>`)}</select>
        <button type="submit">${t('members.change_role')}</button></form>` : html`<span id="paid-${u.id}">${u.paid ? t('common.yes') : t('common.no')}</span>`}</td>
    <td>${canTouch ? (u.active
      ? html`<form method="post" action="/team/members/${u.id}/deactivate" data-confirm="${t('members.confirm_deactivate', { name: u.name })}">${csrfField(ctx)}<button type="submit" class="danger">${t('members.deactivate')}</button></form>`
      : html`<form method="post" action="/team/members/${u.id}/reactivate">${csrfField(ctx)}<button type="submit">${t('members.reactivate')}</button></form>`) : ''}</td>
  </tr>`;
}

async function membersPage(services: Services, request: FastifyRequest): Promise<string> {
  const ctx = ctxOf(request, services.config.publicUrl);
  const t = ctx.t;
  const me = ctx.user!;
  const members = await services.teamAdmin.members(actor(request));
  const isOwner = me.role === 'owner';
  const add = refill(ctx, '/team/members');
  const pw = refill(ctx, '/team/password');
  // Whose password this user may set: anyone else's for an owner, a non-owner's for a manager.
  const resettable = members.filter((u) => u.id !== me.id && (isOwner || u.role !== 'owner'));
  const body = html`
  <section class="card" aria-labelledby="add-h">
    <h2 id="add-h">${t('members.add')}</h2>
    <form method="post" action="/team/members" class="inline-form">
      ${add.error()}
      ${csrfField(ctx)}
      <div class="field"><label for="m-name">${t('field.name')}</label><input id="m-name" name="name" maxlength="${MAX_LENGTH.name}" autocomplete="off" value="${add.value('name')}"${add.invalid('name')}></div>
      <div class="field"><label for="m-email">${t('field.email')}</label><input id="m-email" name="email" type="email" required autocomplete="off" value="${add.value('email')}"${add.invalid('email')}></div>
      <div class="field"><label for="m-role">${t('field.role')}</label><select id="m-role" name="role"${add.invalid('role')}>${roleOptions(ctx, sentRole(add.value('role', 'member')), isOwner)}</select></div>
      <div class="field"><label for="m-pw">${t('members.initial_password')}</label><input id="m-pw" name="password" ${NEW_PASSWORD_ATTRS}${add.invalid('password')}></div>
      <button type="submit" class="primary">${t('members.add_submit')}</button>
    </form>
  </section>
  <section aria-labelledby="members-h">
    <h2 id="members-h">${t('team.members')}</h2>
    <div class="tablewrap"><table>
      <thead><tr><th scope="col">${t('field.name')}</th><th scope="col">${t('field.email')}</th><th scope="col">${t('field.role')}</th><th scope="col">${t('members.status')}</th><th scope="col">${t('members.consent')}</th><th scope="col">${t('usage.paid')}</th><th scope="col"><span class="sr-only">${t('field.actions')}</span></th></tr></thead>
      <tbody>${members.map((u) => memberRow(ctx, u, me.id, isOwner))}</tbody></table></div>
    <p class="hint">${t('members.deactivate_hint')}</p>
    <p class="hint">${t('members.paid_hint')}</p>
  </section>
  ${resettable.length ? html`<section class="card" aria-labelledby="pw-h">
    <h2 id="pw-h">${t('members.set_password')}</h2>
    <p class="hint" id="setpw-hint">${t('members.set_password_hint')}</p>
    <form method="post" action="/team/password" class="inline-form">
      ${pw.error()}
      ${csrfField(ctx)}
      <div class="field"><label for="pw-user">${t('members.user')}</label><select id="pw-user" name="user" required${pw.invalid('user')}><option value=""${pw.selected('user', '', true)} disabled>${t('members.choose_user')}</option>${resettable.map((u) => html`<option value="${u.id}"${pw.selected('user', u.id, false)}>${u.name} (${u.email})</option>`)}</select></div>
      <div class="field"><label for="pw-new">${t('profile.new_password')}</label><input id="pw-new" name="password" ${NEW_PASSWORD_ATTRS}${pw.invalid('password', 'setpw-hint')}></div>
      <button type="submit">${t('members.set_password_submit')}</button>
    </form>
  </section>` : ''}`;
  return teamFrame(ctx, '/team', body);
}

async function keysPage(services: Services, request: FastifyRequest): Promise<string> {
  const ctx = ctxOf(request, services.config.publicUrl);
  const t = ctx.t;
  // A key just made is handed over once from its form post (post/redirect/get); a reload shows none.
  const created = request.web.handed.key;
  const f = refill(ctx, '/team/keys');
  const keys = await services.teamAdmin.keys(actor(request));
  const curl = created ? `curl -H "Authorization: Bearer ${created.key}" ${ctx.baseUrl}/api/v1/me` : '';
  const body = html`
    ${created ? html`<section class="card secret" aria-labelledby="newkey-h" tabindex="-1" id="new-key">
      <h2 id="newkey-h">${t('keys.created', { name: created.name })}</h2>
      <p><strong>${t('keys.shown_once')}</strong></p>
      <div class="copyrow"><code id="key-secret" class="secret-value">${created.key}</code>
        <button type="button" class="copy" data-copy="#key-secret">${t('action.copy')}</button></div>
      <p>${t('keys.try_it')}</p>
      <div class="copyrow"><pre><code id="key-curl">${curl}</code></pre>
        <button type="button" class="copy" data-copy="#key-curl">${t('action.copy')}</button></div>
    </section>` : ''}
    <section class="card" aria-labelledby="addkey-h">
      <h2 id="addkey-h">${t('keys.new')}</h2>
      <p class="hint">${t('keys.acts_as_you')}</p>
      <form method="post" action="/team/keys" class="inline-form">
        ${f.error()}
        ${csrfField(ctx)}
        <div class="field"><label for="key-name">${t('field.name')}</label>
        <input id="key-name" name="name" required maxlength="${MAX_LENGTH.key_name}" placeholder="${t('keys.name_placeholder')}" value="${f.value('name')}"${f.invalid('name')}></div>
        <fieldset class="field"${f.invalid('scopes')}><legend>${t('keys.scopes')}</legend>
          <label class="check"><input type="checkbox" name="scopes" value="read"${f.checked('scopes', 'read', true)}> ${t('scope.read')}</label>
          <label class="check"><input type="checkbox" name="scopes" value="write"${f.checked('scopes', 'write', true)}> ${t('scope.write')}</label>
        </fieldset>
        <button type="submit" class="primary">${t('keys.create')}</button>
      </form>
    </section>
    <section aria-labelledby="keys-h">
      <h2 id="keys-h">${t('team.keys')}</h2>
      ${keys.length === 0 ? html`<p class="empty">${t('keys.none')}</p>` : html`<div class="tablewrap"><table>
        <thead><tr><th scope="col">${t('field.name')}</th><th scope="col">${t('keys.prefix')}</th><th scope="col">${t('keys.scopes')}</th><th scope="col">${t('keys.owner')}</th><th scope="col">${t('keys.created_at')}</th><th scope="col">${t('keys.last_used')}</th><th scope="col"><span class="sr-only">${t('field.actions')}</span></th></tr></thead>
        <tbody>${keys.map((k) => html`<tr${k.revoked_at ? html` class="revoked"` : ''}>
          <td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${k.scopes.map((s) => t(`scope.${s}` as MessageKey)).join(', ')}</td>
          <td>${k.user_name}${k.created_by !== k.user_id ? html` <span class="muted">(${t('keys.created_by', { name: k.created_by_name })})</span>` : ''}</td>
          <td>${when(ctx, k.created_at)}</td><td>${k.last_used_at ? when(ctx, k.last_used_at) : html`<span class="muted">${t('keys.never')}</span>`}</td>
          <td>${k.revoked_at ? html`<span class="badge">${t('keys.revoked')}</span>` : !k.revocable ? '' : html`<form method="post" action="/team/keys/${k.id}/revoke" data-confirm="${t('keys.confirm_revoke', { name: k.name })}">${csrfField(ctx)}<button type="submit" class="danger">${t('keys.revoke')}</button></form>`}</td>
        </tr>`)}</tbody></table></div>`}
    </section>`;
  return teamFrame(ctx, '/team/keys', body);
}

export function teamRoutes(services: Services): FastifyPluginAsync {
  const send = (reply: FastifyReply, page: string) => reply.type('text/html; charset=utf-8').send(page);

  return async (web) => {
    web.get('/team', { schema: HIDE, config: ADMIN }, async (request, reply) => send(reply, await membersPage(services, request)));

    web.post('/team/members', { schema: HIDE, config: ADMIN }, async (request, reply) => formAction(request, reply, '/team', async () => {
      const b = request.body;
      await services.teamAdmin.addMember(actor(request), { email: str(b, 'email'), name: str(b, 'name'), role: str(b, 'role'), password: str(b, 'password') });
      return { to: '/team', message: ctxOf(request, null).t('members.added', { email: str(b, 'email').trim().toLowerCase() }) };
    }));

    web.post('/team/members/:id/role', { schema: HIDE, config: ADMIN }, async (request, reply) => formAction(request, reply, '/team', async () => {
      const u = await services.teamAdmin.changeRole(actor(request), (request.params as { id: string }).id, str(request.body, 'role'));
      return { to: '/team', message: ctxOf(request, null).t('members.role_changed', { name: u.name }) };
    }));

    web.post('/team/password', { schema: HIDE, config: ADMIN }, async (request, reply) => formAction(request, reply, '/team', async () => {
      const u = await services.teamAdmin.setPassword(actor(request), str(request.body, 'user'), str(request.body, 'password'));
      return { to: '/team', message: ctxOf(request, null).t('members.password_set', { name: u.name }) };
    }));

    web.post('/team/members/:id/paid', { schema: HIDE, config: ADMIN }, async (request, reply) => formAction(request, reply, '/team', async () => {
      const paid = str(request.body, 'paid');
      if (paid !== 'yes' && paid !== 'no') throw validation('paid', 'Choose yes or no.');
      const u = await services.teamAdmin.setPaid(actor(request), (request.params as { id: string }).id, paid === 'yes');
      return { to: '/team', message: ctxOf(request, null).t(u.paid ? 'members.paid_on' : 'members.paid_off', { name: u.name }) };
    }));

    for (const [action, active] of [['deactivate', false], ['reactivate', true]] as const) {
      web.post(`/team/members/:id/${action}`, { schema: HIDE, config: active ? ADMIN : REVOKING }, async (request, reply) => formAction(request, reply, '/team', async () => {
        const u = await services.teamAdmin.setActive(actor(request), (request.params as { id: string }).id, active);
        return { to: '/team', message: ctxOf(request, null).t(active ? 'members.reactivated' : 'members.deactivated_msg', { name: u.name }) };
      }));
    }

    web.get('/team/keys', { schema: HIDE, config: ADMIN }, async (request, reply) => send(reply, await keysPage(services, request)));

    web.post('/team/keys', { schema: HIDE, config: ADMIN }, async (request, reply) => formAction(request, reply, '/team/keys', async () => {
      const name = str(request.body, 'name');
      const created = await services.teamAdmin.createKey(actor(request), { name, scopes: list(request.body, 'scopes') });
      // Shown once by the page the redirect opens; reloading that page creates and shows nothing.
      await request.web.hand('key', { key: created.key, name: name.trim() });
      return { to: '/team/keys#new-key' };
    }));

    web.post('/team/keys/:id/revoke', { schema: HIDE, config: REVOKING }, async (request, reply) => formAction(request, reply, '/team/keys', async () => {
      await services.teamAdmin.revokeKey(actor(request), (request.params as { id: string }).id);
      return { to: '/team/keys', message: ctxOf(request, null).t('keys.revoked_msg') };
    }));
  };
}
