// The page frame: landmarks (header/nav/main/footer), skip link, language switch, sign-out.
import { html, type Html } from './html.ts';
import type { PageCtx } from './context.ts';
import type { MessageKey } from './i18n.ts';
import { intlLocale } from './format.ts';

interface NavItem {
  href: string;
  label: MessageKey;
  admin?: boolean;
}

/** Main navigation; sections appear as their capabilities exist (see web.plugin.ts). */
export const NAV: NavItem[] = [
  { href: '/pipeline', label: 'nav.pipeline' },
  { href: '/deals', label: 'nav.deals' },
  { href: '/contacts', label: 'nav.contacts' },
  { href: '/companies', label: 'nav.companies' },
  { href: '/tasks', label: 'nav.tasks' },
  { href: '/calls', label: 'nav.calls' },
  { href: '/coaching', label: 'nav.coaching' },
];

export function addNav(item: NavItem, before?: string): void {
  if (NAV.some((n) => n.href === item.href)) return;
  const i = before ? NAV.findIndex((n) => n.href === before) : -1;
  if (i >= 0) NAV.splice(i, 0, item);
  else NAV.push(item);
}

function isCurrent(path: string, href: string): boolean {
  return path === href || path.startsWith(`${href}/`);
}

export function csrfField(ctx: PageCtx): Html {
  return html`<input type="hidden" name="_csrf" value="${ctx.csrf}">`;
}

function languageSwitch(ctx: PageCtx): Html {
  const other = ctx.locale === 'de' ? 'en' : 'de';
  return html`<form method="post" action="/language" class="lang">
    ${csrfField(ctx)}<input type="hidden" name="next" value="${ctx.here}">
    <button type="submit" name="locale" value="${other}" lang="${other}" title="${ctx.t('lang.switch')}">${other === 'de' ? 'Deutsch' : 'English'}</button>
  </form>`;
}

function nav(ctx: PageCtx): Html {
  if (!ctx.user) return html``;
  const admin = ctx.user.role === 'owner' || ctx.user.role === 'manager';
  const items = NAV.filter((n) => !n.admin || admin);
  if (admin) items.push({ href: '/team', label: 'nav.team' });
  return html`<nav aria-label="${ctx.t('nav.main')}" class="mainnav"><ul>
    ${items.map((n) => html`<li><a href="${n.href}"${isCurrent(ctx.path, n.href) ? html` aria-current="page"` : ''}>${ctx.t(n.label)}</a></li>`)}
  </ul></nav>`;
}

/** The header's search across contacts, companies and deals (the /search page); "/" focuses it (app.js). */
function headerSearch(ctx: PageCtx): Html {
  if (!ctx.user) return html``;
  return html`<form method="get" action="/search" class="hsearch" role="search" aria-label="${ctx.t('search.label')}">
    <label for="hq" class="sr-only">${ctx.t('search.label')}</label>
    <input id="hq" name="q" type="search" placeholder="${ctx.t('search.placeholder')}" aria-keyshortcuts="/" title="${ctx.t('search.shortcut')}">
  </form>`;
}

function userMenu(ctx: PageCtx): Html {
  if (!ctx.user) return html``;
  return html`<div class="usermenu">
    <a href="/profile"${isCurrent(ctx.path, '/profile') ? html` aria-current="page"` : ''}>${ctx.user.name}</a>
    <a href="/privacy"${isCurrent(ctx.path, '/privacy') ? html` aria-current="page"` : ''}>${ctx.t('nav.privacy')}</a>
    <form method="post" action="/signout">${csrfField(ctx)}<button type="submit" class="link">${ctx.t('nav.signout')}</button></form>
  </div>`;
}

export function flashBox(ctx: PageCtx): Html {
  // A refused form is shown again beside its message; if this page has no such form, the message stands here.
  const unshown = ctx.rejected && !ctx.rejected.shown ? html`<div class="flash flash-error" role="alert">${ctx.rejected.message}</div>` : '';
  if (!ctx.flash) return html`${unshown}`;
  return html`${unshown}<div class="flash flash-${ctx.flash.kind}" role="${ctx.flash.kind === 'error' ? 'alert' : 'status'}">${ctx.flash.text}</div>`;
}

/** On every page while the team's licence is not in force (see licenceGate in context.ts). */
function licenceBanner(ctx: PageCtx): Html {
  return ctx.licenceInactive ? html`<p class="banner" role="note" id="licence-banner">${ctx.t('licence.banner')}</p>` : html``;
}

export function layout(ctx: PageCtx, opts: { title: string; body: Html; wide?: boolean }): string {
  return `<!doctype html>\n${html`<html lang="${ctx.locale}" data-intl="${intlLocale(ctx)}"${ctx.user ? html` data-user="${ctx.user.id}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title} · RZ</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/app.css">
<script src="/static/app.js" defer></script>
</head>
<body>
<a class="skip" href="#main">${ctx.t('nav.skip')}</a>
<header class="top">
  <a class="brand" href="/">RZ</a>${ctx.teamName ? html`<span class="teamname" title="${ctx.t('nav.team_name')}">${ctx.teamName}</span>` : ''}
  ${nav(ctx)}
  <div class="topright">${headerSearch(ctx)}${userMenu(ctx)}${languageSwitch(ctx)}</div>
</header>
<main id="main" tabindex="-1" class="${opts.wide ? 'wide' : ''}">
${licenceBanner(ctx)}
${flashBox(ctx)}
${opts.body}
</main>
<footer class="foot"><span>RZ · ${ctx.t('footer.tagline')}</span> <a href="/docs">${ctx.t('footer.api')}</a></footer>
</body>
</html>`.value}`;
}
