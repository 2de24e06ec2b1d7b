// "Analyse a call" without a dialer: a transcript pasted or read from a file in the browser goes
// through the same service as POST /api/v1/calls (same checks, limits and errors), then a page
// follows the analysis until the call's coaching can be opened.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import type { Actor } from '../../common/actor.ts';
import type { CallRow } from '../../calls/call.row.ts';
import { AppError } from '../../errors/app-error.ts';
import { MAX_LENGTH } from '../../common/text.ts';
import { html, type Html } from '../html.ts';
import { actor, ctxOf, done, str, type PageCtx } from '../context.ts';
import { csrfField, layout } from '../layout.ts';
import { dateText, personName } from '../format.ts';
import { formErrorText } from '../form-errors.ts';
import { refill } from '../widgets.ts';
import { analyseTexts, type AnalyseText } from './analyse-call.texts.ts';

const HIDE = { hide: true };
const ACTION = '/calls/new';
/** The form's fields, as POST /calls names them. */
const FIELDS = ['transcript', 'filename', 'language', 'contact_id', 'deal_id', 'rep_speaker'] as const;
/** Contacts and deals offered in the selects: the newest ones (one list page at most). */
const CHOICES = '100';
/**
 * 500,000 characters, url-encoded, take up to 12 bytes each (a 4-byte character as %XX four
 * times, counted as one character): room for the longest transcript the service accepts.
 */
const FORM_BODY_LIMIT = 8 * 1024 * 1024;
/** Without JavaScript the progress page reloads itself this often (seconds). */
const REFRESH_SECONDS = 3;

interface Choice { id: string; label: string }
interface Choices { contacts: Choice[]; deals: Choice[] }

/** Contacts (everyone sees all of the team's) and open deals the user can see, plus one preset by the query. */
async function choicesFor(services: Services, a: Actor, preset: { contact_id?: string; deal_id?: string }): Promise<Choices> {
  const [contacts, deals] = await Promise.all([
    services.contacts.list(a, { limit: CHOICES }),
    services.deals.list(a, { status: 'open', limit: CHOICES }),
  ]);
  const out: Choices = {
    contacts: contacts.items.map((c) => ({ id: c.id, label: personName(c) === c.email ? c.email : `${personName(c)} (${c.email})` })),
    deals: deals.items.map((d) => ({ id: d.id, label: d.title })),
  };
  // A contact or deal page may link here with its record chosen; it need not be among the latest.
  if (preset.contact_id && !out.contacts.some((c) => c.id === preset.contact_id)) {
    const c = await services.contacts.getRow(a, preset.contact_id).catch(() => null);
    if (c) out.contacts.unshift({ id: c.id, label: personName(c) });
  }
  if (preset.deal_id && !out.deals.some((d) => d.id === preset.deal_id)) {
    const d = await services.deals.get(a, preset.deal_id).catch(() => null);
    if (d) out.deals.unshift({ id: d.id, label: d.title });
  }
  return out;
}

function choiceSelect(f: ReturnType<typeof refill>, tx: AnalyseText, name: 'contact_id' | 'deal_id', label: string, items: Choice[], own: string): Html {
  const sent = f.value(name, own);
  // A value sent that is no longer offered (a stale or altered form) stays chosen, so the error names it.
  const all = sent && !items.some((i) => i.id === sent) ? [...items, { id: sent, label: sent }] : items;
  return html`<div class="field"><label for="c-${name}">${label}</label>
    <select id="c-${name}" name="${name}"${f.invalid(name)}><option value="">${tx('none')}</option>
      ${all.map((i) => html`<option value="${i.id}"${i.id === sent ? html` selected` : ''}>${i.label}</option>`)}</select></div>`;
}

/** What the user may need to do before a call is accepted (the service still decides). */
function readiness(ctx: PageCtx, tx: AnalyseText): Html {
  const u = ctx.user;
  if (!u) return html``;
  return html`${u.consent !== 1 ? html`<p class="flash flash-error" id="needs-consent">${tx('needs_consent')} <a href="/privacy">${tx('needs_consent_link')}</a></p>` : ''}
    ${u.paid !== 1 ? html`<p class="flash flash-error" id="needs-paid">${tx('needs_paid')}</p>` : ''}`;
}

function formPage(ctx: PageCtx, choices: Choices, preset: { contact_id?: string; deal_id?: string }, error: Html | null): string {
  const tx = analyseTexts(ctx.locale);
  const f = refill(ctx, ACTION);
  const lang = f.value('language', ctx.locale);
  const body = html`<div class="pagehead"><h1>${tx('title')}</h1><a href="/calls">${ctx.t('nav.calls')}</a></div>
    <p class="hint spaced">${tx('intro')}</p>
    ${error ? '' : readiness(ctx, tx)}
    <form method="post" action="${ACTION}" class="stack card analyse-call">
      ${error ?? f.error()}
      ${csrfField(ctx)}
      <label for="c-transcript">${tx('transcript')}</label>
      <p class="hint" id="c-transcript-hint">${tx('transcript_hint')}</p>
      <textarea id="c-transcript" name="transcript" rows="14" spellcheck="false"${f.invalid('transcript', 'c-transcript-hint')}>${f.value('transcript')}</textarea>
      <div class="filepick" data-transcript-file hidden>
        <label for="c-file">${tx('file')}</label>
        <input id="c-file" type="file" accept=".txt,.vtt,.srt,text/plain,text/vtt" aria-describedby="c-file-hint"
          data-too-big="${tx('file_too_big')}" data-not-text="${tx('file_not_text')}" data-unreadable="${tx('file_unreadable')}">
        <p class="hint" id="c-file-hint">${tx('file_hint')}</p>
        <p class="flash flash-error" role="alert" id="c-file-error" hidden></p>
      </div>
      <label for="c-filename">${tx('filename')}</label>
      <input id="c-filename" name="filename" maxlength="${MAX_LENGTH.filename}" value="${f.value('filename')}"${f.invalid('filename')}>
      <label for="c-language">${tx('language')}</label>
      <select id="c-language" name="language"${f.invalid('language')}>
        <option value="en"${lang === 'en' ? html` selected` : ''}>${tx('lang_en')}</option>
        <option value="de"${lang === 'de' ? html` selected` : ''}>${tx('lang_de')}</option></select>
      <div class="inline-form">
        ${choiceSelect(f, tx, 'contact_id', tx('contact'), choices.contacts, preset.contact_id ?? '')}
        ${choiceSelect(f, tx, 'deal_id', tx('deal'), choices.deals, preset.deal_id ?? '')}
      </div>
      <p class="hint">${tx('link_hint')}</p>
      <label for="c-rep">${tx('rep_speaker')}</label>
      <input id="c-rep" name="rep_speaker" maxlength="${MAX_LENGTH.rep_speaker}" value="${f.value('rep_speaker')}"${f.invalid('rep_speaker', 'c-rep-hint')}>
      <p class="hint" id="c-rep-hint">${tx('rep_speaker_hint')}</p>
      <button type="submit" class="primary">${tx('submit')}</button>
    </form>`;
  return layout(ctx, { title: tx('title'), body });
}

/**
 * The service's refusal as a sentence in the interface language; the API's codes and fields
 * decide which one. Anything not listed keeps the common form wording (form-errors.ts).
 */
async function refusalText(ctx: PageCtx, services: Services, a: Actor, err: AppError, sent: Record<string, string>): Promise<Html> {
  const tx = analyseTexts(ctx.locale);
  const field = typeof err.extra.field === 'string' ? err.extra.field : '';
  const day = /\d{4}-\d{2}-\d{2}/.exec(err.message)?.[0];
  switch (err.code) {
    case 'validation_error':
      if (field === 'transcript') return html`${tx(/longer than/.test(err.message) ? 'err.too_long' : 'err.empty')}`;
      if (field === 'rep_speaker' && /is not a speaker/.test(err.message)) {
        const speakers = /its speakers are (.+)\.$/.exec(err.message)?.[1];
        return html`${speakers ? tx('err.rep_speaker', { name: sent.rep_speaker.trim(), speakers }) : tx('err.rep_speaker_none', { name: sent.rep_speaker.trim() })}`;
      }
      break;
    case 'not_found':
      return html`${tx(/^Deal/.test(err.message) ? 'err.deal' : 'err.contact')}`;
    case 'subscription_required': return html`${tx('err.paid')}`;
    case 'consent_required': return html`${tx('err.consent')} <a href="/privacy">${tx('needs_consent_link')}</a>`;
    case 'call_limit': {
      const n = /has pushed (\d+)/.exec(err.message)?.[1];
      return html`${n === '1' ? tx('err.call_limit_one') : n && n !== '0' ? tx('err.call_limit', { n }) : tx('err.call_limit_zero')}`;
    }
    case 'paused': return html`${tx('err.paused')}`;
    case 'team_cap': case 'personal_pool': case 'credits':
      return html`${tx(`err.${err.code}`, { day: day ? dateText(ctx, day) : '' })}`;
    case 'licence_inactive': return html`${tx('err.licence')}`;
    case 'duplicate': {
      // The earlier call is linked only for those who may open it (a colleague's call stays theirs).
      const id = typeof err.extra.existing_id === 'string' ? err.extra.existing_id : '';
      const visible = id ? await services.calls.get(a, id).then(() => true, () => false) : false;
      return html`${tx('err.duplicate')}${visible ? html` <a href="/calls/${id}">${tx('err.duplicate_open')}</a>` : ''}`;
    }
    default: break;
  }
  return html`${formErrorText(ctx.t, err, ACTION)}`;
}

function sentFields(request: FastifyRequest): Record<string, string> {
  const sent: Record<string, string> = Object.fromEntries(FIELDS.map((name) => [name, str(request.body, name)]));
  // A browser sends a textarea's line breaks as CRLF (HTML's form encoding), whatever was pasted
  // or read: the transcript is kept with the line breaks it had, and its length counted as such.
  sent.transcript = sent.transcript.replace(/\r\n/g, '\n');
  return sent;
}

/**
 * A refused call comes back as the form itself, filled in as sent, with the service's status:
 * a transcript can be far larger than what a redirect hands over (context.ts keeps 64 KiB).
 */
async function refused(request: FastifyRequest, reply: FastifyReply, services: Services, err: AppError) {
  const ctx = ctxOf(request, services.config.publicUrl);
  const a = actor(request);
  const sent = sentFields(request);
  const message = await refusalText(ctx, services, a, err, sent);
  const field = typeof err.extra.field === 'string' ? err.extra.field : err.code === 'not_found' ? (/^Deal/.test(err.message) ? 'deal_id' : 'contact_id') : null;
  ctx.rejected = { action: ACTION, values: sent, message: '', field, shown: true };
  const box = html`<p class="flash flash-error form-error" role="alert" id="form-error">${message}</p>`;
  // What was chosen keeps its name in the select (it may be older than the latest offered).
  const choices = await choicesFor(services, a, { contact_id: sent.contact_id || undefined, deal_id: sent.deal_id || undefined });
  // Not found is the linked record's problem, not the page's: the form answers 422 as for any bad field.
  const status = err.status === 404 ? 422 : err.status;
  return reply.code(status).type('text/html; charset=utf-8').send(formPage(ctx, choices, {}, box));
}

async function submit(request: FastifyRequest, reply: FastifyReply, services: Services) {
  const a = actor(request);
  const s = sentFields(request);
  let call: CallRow;
  try {
    call = await services.calls.push(a, {
      transcript: s.transcript,
      filename: s.filename.trim() || null,
      language: s.language || null,
      contact_id: s.contact_id || null,
      deal_id: s.deal_id || null,
      rep_speaker: s.rep_speaker.trim() || null,
    });
  } catch (err) {
    // Every refusal the API documents for POST /calls (paused is a 503) is the user's to read on the form.
    if (err instanceof AppError && (err.code === 'paused' || (err.status < 500 && err.status !== 401 && err.status !== 403))) {
      return refused(request, reply, services, err);
    }
    throw err;
  }
  return done(request, reply, `/calls/${call.id}/progress`, analyseTexts(request.web.locale)('started'));
}

/** While the analysis is queued or running; a finished (or failed) call opens its own page. */
async function progressPage(request: FastifyRequest, reply: FastifyReply, services: Services) {
  const ctx = ctxOf(request, services.config.publicUrl);
  const tx = analyseTexts(ctx.locale);
  const a = actor(request);
  const c = await services.calls.get(a, (request.params as { id: string }).id);
  if (c.status === 'done' || c.status === 'failed') return reply.redirect(`/calls/${c.id}`, 303);
  const contact = c.contact_id ? await services.contacts.getRow(a, c.contact_id).catch(() => null) : null;
  const name = c.filename ?? (contact ? ctx.t('calls.call_with', { name: personName(contact) }) : ctx.t('calls.call'));
  const body = html`<div class="pagehead"><h1>${tx('progress.title')}</h1></div>
    <section class="card analysing" aria-labelledby="an-h">
      <h2 id="an-h">${name}</h2>
      <div data-call-status="/calls/${c.id}/status" data-call-page="/calls/${c.id}"
        data-queued="${tx('progress.queued')}" data-running="${tx('progress.running')}">
        <progress aria-labelledby="an-status"></progress>
        <p role="status" id="an-status" data-status="${c.status}">${tx(c.status === 'queued' ? 'progress.queued' : 'progress.running')}</p>
      </div>
      <p class="hint">${tx('progress.auto')} <a href="/calls/${c.id}">${tx('progress.open')}</a></p>
    </section>
    <noscript><meta http-equiv="refresh" content="${REFRESH_SECONDS}"></noscript>`;
  return reply.type('text/html; charset=utf-8').send(layout(ctx, { title: tx('progress.title'), body }));
}

export function analyseCallRoutes(services: Services): FastifyPluginAsync {
  return async (web) => {
    web.get(ACTION, { schema: HIDE }, async (request, reply) => {
      const ctx = ctxOf(request, services.config.publicUrl);
      const q = request.query as Record<string, string | undefined>;
      const preset = { contact_id: typeof q.contact_id === 'string' ? q.contact_id : undefined, deal_id: typeof q.deal_id === 'string' ? q.deal_id : undefined };
      const choices = await choicesFor(services, actor(request), preset);
      return reply.type('text/html; charset=utf-8').send(formPage(ctx, choices, preset, null));
    });
    web.post(ACTION, { schema: HIDE, bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => submit(request, reply, services));
    web.get('/calls/:id/progress', { schema: HIDE }, async (request, reply) => progressPage(request, reply, services));
    // For app.js on the progress page: the status only, under the call's visibility (404 otherwise).
    web.get('/calls/:id/status', { schema: HIDE }, async (request, reply) => {
      const c = await services.calls.get(actor(request), (request.params as { id: string }).id);
      return reply.header('cache-control', 'no-store').send({ id: c.id, status: c.status });
    });
  };
}

/** The link on the Calls page. */
export function analyseCallLink(ctx: PageCtx): Html {
  return html`<a href="${ACTION}" class="button primary" id="analyse-call">${analyseTexts(ctx.locale)('link')}</a>`;
}

/** On a call's page while it is analysed: the page that follows the analysis (app.js also reloads the call page when it is done). */
export function progressLink(ctx: PageCtx, callId: string): Html {
  return html`<a href="/calls/${callId}/progress" data-call-status="/calls/${callId}/status" data-call-page="/calls/${callId}">${analyseTexts(ctx.locale)('progress.follow')}</a>`;
}
