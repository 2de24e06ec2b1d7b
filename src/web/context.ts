// Per-request state of the application: session, language, CSRF token, flash message, and the
// helpers pages use to render and redirect. Cookies are HttpOnly, SameSite=Lax, and Secure
// whenever the request came over https (trustProxy reads X-Forwarded-Proto).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { AppError } from '../errors/app-error.ts';
import { actorOf, type WebSession } from './session.service.ts';
import { isLocale, translator, type Locale, type MessageKey, type Translate } from './i18n.ts';
import { formErrorText } from './form-errors.ts';
import type { Handoffs, RejectedForm } from './handoff.service.ts';

export const COOKIE = { session: 'rz_session', csrf: 'rz_csrf', lang: 'rz_lang', flash: 'rz_flash', handoff: 'rz_handoff' } as const;

export interface Flash {
  kind: 'ok' | 'error';
  text: string;
}

export interface WebState {
  session: WebSession | null;
  locale: Locale;
  /** The token forms must echo: the session's, or a pre-sign-in token bound to a cookie. */
  csrf: string;
  flash: Flash | null;
  /** What the previous form post of this session handed to this page (see handoff.service.ts). */
  handed: Handoffs;
  /** Hands something to the next page this browser opens; needs a session. */
  hand: <K extends keyof Handoffs>(kind: K, value: NonNullable<Handoffs[K]>) => Promise<void>;
  /** The signed-in user's team has its licence not in force (see licenceGate). */
  licenceInactive?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    web: WebState;
  }
  interface FastifyContextConfig {
    /** Who may open a page: anyone, any signed-in user (default), or owners and managers. */
    access?: 'public' | 'user' | 'admin';
    /**
     * Stays usable while the team's licence is not in force: the action changes only the user's
     * own account (profile, password, language, privacy consent) or only takes access away.
     */
    withoutLicence?: boolean;
  }
}

export interface PageCtx {
  t: Translate;
  locale: Locale;
  user: UserTable | null;
  /** The signed-in user's team (null without a session). */
  teamName: string | null;
  csrf: string;
  flash: Flash | null;
  path: string;
  /** The page's address with its query (a search, a sort), for the language switch to come back to. */
  here: string;
  baseUrl: string;
  licenceInactive: boolean;
  /** The form the services just refused, to be shown again; `shown` once a page has rendered it. */
  rejected: (RejectedForm & { shown?: boolean }) | null;
}

export function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}) };
}

export function baseUrlOf(request: FastifyRequest, configured: string | null): string {
  return configured?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
}

// A page shown in answer to a form (POST) comes back as its path only; an address too long to
// be a redirect target (safeLocalPath) too.
function hereOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  return request.method === 'GET' && request.url.length <= MAX_REDIRECT_PATH ? request.url : path;
}

export function ctxOf(request: FastifyRequest, publicUrl: string | null): PageCtx {
  const w = request.web;
  return {
    t: translator(w.locale), locale: w.locale, user: w.session?.user ?? null, teamName: w.session?.teamName ?? null, csrf: w.csrf, flash: w.flash,
    path: request.url.split('?')[0], here: hereOf(request), baseUrl: baseUrlOf(request, publicUrl), licenceInactive: w.licenceInactive === true,
    rejected: w.handed.form ?? null,
  };
}

/** The signed-in user as an Actor; pages behind `access: user|admin` always have one. */
export function actor(request: FastifyRequest): Actor {
  const s = request.web.session;
  if (!s) throw new AppError('unauthenticated', 'Sign in first.');
  return actorOf(s.user);
}

export function setFlash(request: FastifyRequest, reply: FastifyReply, kind: Flash['kind'], text: string): void {
  reply.setCookie(COOKIE.flash, Buffer.from(JSON.stringify({ kind, text }), 'utf8').toString('base64url'), cookieOptions(request, 60));
}

export function readFlash(raw: string | undefined): Flash | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if ((v.kind === 'ok' || v.kind === 'error') && typeof v.text === 'string') return { kind: v.kind, text: v.text.slice(0, 500) };
  } catch {
    // a mangled flash cookie is simply ignored
  }
  return null;
}

/** Post/redirect/get: success message and redirect. */
export function done(request: FastifyRequest, reply: FastifyReply, to: string, message?: string) {
  if (message) setFlash(request, reply, 'ok', message);
  return reply.redirect(safeLocalPath(to), 303);
}

/** Longer redirect targets are none of ours (ids are short): a `Location` header stays small. */
export const MAX_REDIRECT_PATH = 2048;

/**
 * Only same-site absolute paths are followed (no open redirects through ?next= or Referer).
 * Browsers drop tabs and newlines from a URL and read `\\` as `/`, so `/<TAB>/evil.example`
 * would leave the site: anything with a control character or a backslash is refused, and what
 * is left must resolve to this site's origin.
 */
export function safeLocalPath(to: string | undefined, fallback = '/'): string {
  if (!to || !to.startsWith('/') || to.length > MAX_REDIRECT_PATH || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const url = new URL(to, 'http://rz.invalid');
    return url.origin === 'http://rz.invalid' ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}

/** The page a form was on (Referer), else `fallback`; either only as a safe, bounded local path. */
export function backPath(request: FastifyRequest, fallback: string): string {
  const home = safeLocalPath(fallback);
  const ref = request.headers.referer;
  if (!ref) return home;
  try {
    const u = new URL(ref);
    if (u.host !== request.host) return home;
    return safeLocalPath(u.pathname + u.search, home);
  } catch {
    return home;
  }
}

/**
 * Runs a form's action; a problem the user can fix (validation, closed deal, duplicate) comes
 * back as a message on the page the form was on. Everything else goes to the error page.
 */
export async function formAction(request: FastifyRequest, reply: FastifyReply, fallback: string, fn: () => Promise<{ to?: string; message?: string } | void>) {
  try {
    const r = (await fn()) ?? {};
    return done(request, reply, r.to ?? backPath(request, fallback), r.message);
  } catch (err) {
    if (err instanceof AppError && err.status !== 403 && err.status !== 404 && err.status !== 401 && err.status < 500) {
      const message = formErrorText(translator(request.web.locale), err, request.routeOptions.url);
      // The page the form was on shows it again, filled in as sent, with the message beside it.
      if (request.web.session) await request.web.hand('form', rejectedForm(request, message, typeof err.extra.field === 'string' ? err.extra.field : null));
      else setFlash(request, reply, 'error', message);
      return reply.redirect(backPath(request, fallback), 303);
    }
    throw err;
  }
}

// Never handed back: tokens and passwords (a refused password is typed again).
const NOT_REFILLED = new Set(['_csrf', 'password', 'current', 'confirm']);
const REFILL_MAX_CHARS = 64 * 1024;

function rejectedForm(request: FastifyRequest, message: string, field: string | null): RejectedForm {
  const values: Record<string, string | string[]> = {};
  for (const [name, v] of Object.entries((request.body as Record<string, unknown> | undefined) ?? {})) {
    if (NOT_REFILLED.has(name)) continue;
    if (typeof v === 'string') values[name] = v;
    else if (Array.isArray(v)) values[name] = v.filter((x): x is string => typeof x === 'string');
  }
  const action = request.url.split('?')[0];
  // Whatever fits a form is kept; an oversized post keeps only its message.
  return JSON.stringify(values).length > REFILL_MAX_CHARS ? { action, values: {}, message, field } : { action, values, message, field };
}

/**
 * The API's licence rule for the whole application, checked once per request after the CSRF
 * check: while the team's licence is not in force, members open nothing but their own account
 * pages (402), and owners and managers read everything but every form answers with the licence
 * message and writes nothing. Routes marked `withoutLicence` stay usable.
 */
export async function licenceGate(request: FastifyRequest, reply: FastifyReply) {
  // Static files skip the session lookup: they have no request.web.
  const w = request.web as WebState | null;
  const config = request.routeOptions.config;
  if (!w?.licenceInactive || !w.session || request.is404 || config?.access === 'public' || config?.withoutLicence) return;
  const t = translator(w.locale);
  if (w.session.user.role === 'member') throw new AppError('licence_inactive', t('licence.members_closed'));
  if (request.method === 'GET' || request.method === 'HEAD') return;
  // The form comes back filled in as sent, with the message beside it, as a refused form does:
  // what was typed is still there once the licence is in force again.
  await w.hand('form', rejectedForm(request, t('licence.no_writes'), null));
  return reply.redirect(backPath(request, '/'), 303);
}

export function str(body: unknown, name: string): string {
  const v = (body as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : '';
  return typeof v === 'string' ? v : '';
}

/** A field of an "add or update" form: its text, or undefined when left blank, so a blank field keeps what is stored. */
export function given(body: unknown, name: string): string | undefined {
  const v = str(body, name);
  return v.trim() === '' ? undefined : v;
}

/** Checkbox groups arrive as a string (one ticked) or an array (several). */
export function list(body: unknown, name: string): string[] {
  const v = (body as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' && v ? [v] : [];
}

export function localeFrom(raw: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(raw)) return raw;
  return /^\s*de\b/i.test(acceptLanguage ?? '') ? 'de' : 'en';
}

export type { MessageKey };
