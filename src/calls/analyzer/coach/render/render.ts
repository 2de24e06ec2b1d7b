// Moments as the result shows them: why and coaching in the requested language, what to say
// instead in the call's language and form of address, echoing the customer's words.
import { type BiggestMiss, type FormOfAddress, METHODS, type Moment } from '../../types.ts';
import type { CallType } from '../call-type/types.ts';
import type { LanguagePack } from '../lang/types.ts';
import type { Candidate } from '../moments/types.ts';
import type { Signals } from '../signals/index.ts';
import { fill, type Params } from './catalogue.ts';
import { echoFor } from './echo.ts';
import { addressed } from './address.ts';

export interface RenderContext {
  /** The pack of the requested coaching language. */
  coach: LanguagePack;
  /** The pack of the call's own language. */
  call: LanguagePack;
  form: FormOfAddress | null;
  signals: Signals;
  speakerOf: (key: string) => string;
  /** The call's type (call-type/): picks the type's own line where the catalogue has one. */
  callType?: CallType;
  /** The customer's first name where the rep would use it (address.ts). */
  customerName?: string | null;
}

function params(c: Candidate, ctx: RenderContext, pack: LanguagePack): Params {
  const type = c.params.type;
  return { ...c.params, ...(typeof type === 'string' ? { objection: pack.messages.objectionNames[type] ?? type } : {}) };
}

export function renderMoment(c: Candidate, ctx: RenderContext): Moment {
  const texts = ctx.coach.messages.moments[c.kind];
  const p = params(c, ctx, ctx.coach);
  const m: Moment = { quote: quoteOf(c.quote.text), speaker: ctx.speakerOf(c.quote.key), why: fill(texts.why, p), coaching: fill(texts.coaching, p) };
  if (c.method) {
    m.method = c.method;
    if (ctx.coach.code === 'en') m.method_label = METHODS[c.method];
  }
  return m;
}

/** The biggest miss; a caveat about the transcript (no labels, one speaker, two languages) ends its coaching. */
export function renderMiss(c: Candidate, ctx: RenderContext, note?: string): BiggestMiss {
  const m = renderMoment(c, ctx);
  return { ...m, coaching: note ? `${m.coaching} ${note}` : m.coaching, what_to_say_instead: sayInstead(c, ctx) };
}

function sayInstead(c: Candidate, ctx: RenderContext): string {
  const msgs = ctx.call.messages;
  const echo = echoFor(c, ctx.signals, ctx.call);
  const p = { ...params(c, ctx, ctx.call), echo: echo ?? '' };
  const typed = ctx.callType ? msgs.sayByCallType[ctx.callType] : undefined;
  const objection = c.kind.startsWith('objection_') && !c.positive && typeof c.params.type === 'string' ? c.params.type : null;
  const byType = objection ? ((ctx.callType && msgs.sayObjectionByCallType[ctx.callType]?.[objection]) || msgs.sayObjection[objection]) : undefined;
  const say = typed?.[c.kind] ?? msgs.say[c.kind] ?? msgs.say.rep_statement ?? { plain: '' };
  const line = byType && echo ? fill(byType, p, ctx.form) : fill(echo && say.echo ? say.echo : say.plain, p, ctx.form);
  return addressed(line, ctx.customerName ?? null, ctx.call, ctx.form);
}

export function renderCommitment(c: Candidate, ctx: RenderContext): string {
  const msgs = ctx.coach.messages.commitment;
  return fill(msgs[c.kind] ?? msgs.rep_statement ?? '', params(c, ctx, ctx.coach));
}

const MAX_QUOTE_CHARS = 240;

/** The utterance, or its first 240 characters up to a word's end: still an exact substring. */
function quoteOf(text: string): string {
  if (text.length <= MAX_QUOTE_CHARS) return text;
  const cut = text.slice(0, MAX_QUOTE_CHARS);
  const space = cut.search(/\s\S*$/);
  return (space > 40 ? cut.slice(0, space) : cut).trimEnd();
}
