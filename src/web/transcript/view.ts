// The call page as a coach reads it: the transcript speaker by speaker with the salesperson
// marked, the coaching moments and objections highlighted where they were said (each linked to
// its panel and back, plain anchors), the salesperson's questions and longest monologue marked,
// talk time per speaker, and the objections with how each was answered.
import type { AnalysisResult, Moment, ObjectionMetric } from '../../calls/analyzer/types.ts';
import { escapeHtml, html, raw, type Html } from '../html.ts';
import type { PageCtx } from '../context.ts';
import type { MessageKey } from '../i18n.ts';
import { markedText, type Range } from './marks.ts';
import { findQuote, longestMonologue, placesOf, questionIndices, talkTime, transcriptBlocks, type Block, type Parsed, type Place } from './model.ts';

export interface MomentRef {
  /** Anchor suffix: the panel's `moment-KEY`, the transcript's `at-KEY`. */
  key: string;
  name: string;
  moment: Moment;
}

export interface TranscriptView {
  transcript: Html;
  talk: Html;
  objections: Html | null;
  /** Moments found verbatim in the transcript (the panel links only these). */
  placed: Set<string>;
}

const OBJECTION_TYPES = new Set(['price', 'timing', 'competitor', 'status_quo', 'authority', 'send_material', 'trust', 'adoption']);

export function moments(ctx: PageCtx, r: AnalysisResult): MomentRef[] {
  return [
    { key: 'strong', name: ctx.t('calls.strongest'), moment: r.strongest_moment },
    { key: 'miss', name: ctx.t('calls.biggest_miss'), moment: r.biggest_miss },
    ...r.moments.map((m, i) => ({ key: `m${i + 1}`, name: ctx.t('tr.moment_n', { n: i + 1 }), moment: m })),
  ];
}

/** "1:05" or "1:02:03". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

function backLink(ctx: PageCtx, target: string, name: string): string {
  const label = escapeHtml(ctx.t('tr.back', { name }));
  return `<a class="back" href="#${target}" aria-label="${label}" title="${label}">↑ ${escapeHtml(name)}</a>`;
}

function objectionName(ctx: PageCtx, o: ObjectionMetric, i: number): string {
  const type = OBJECTION_TYPES.has(o.type) ? ctx.t(`objection.${o.type}` as MessageKey) : o.type;
  return `${ctx.t('tr.objection_n', { n: i + 1 })}: ${type}`;
}

type Marks = Map<string, Range[]>;

function add(marks: Marks, at: Place, r: Omit<Range, 'from' | 'to'>): void {
  const k = `${at.block}:${at.segment}`;
  const list = marks.get(k) ?? [];
  list.push({ ...r, from: at.from, to: at.to });
  marks.set(k, list);
}

/** Where the questions, the objections and the first sentence of each answer were said: one pass. */
function placesNeeded(p: Parsed, r: AnalysisResult, questions: Set<number>): Map<number, Place> {
  const wanted = new Set(questions);
  for (const o of r.metrics?.objections ?? []) {
    if (typeof o.utterance === 'number') wanted.add(o.utterance);
    if (o.reply_utterances?.length) wanted.add(o.reply_utterances[0]);
  }
  return placesOf(p, wanted);
}

/** Every range of the transcript: questions, moments, objections and their answers. */
function collectMarks(ctx: PageCtx, p: Parsed, r: AnalysisResult, questions: Set<number>, places: Map<number, Place>, placed: Set<string>): Marks {
  const marks: Marks = new Map();
  const objections = r.metrics?.objections ?? [];
  for (const q of questions) {
    const at = places.get(q);
    if (at) add(marks, at, { cls: 'q', id: `u-${q}` });
  }
  for (const ref of moments(ctx, r)) {
    const at = findQuote(p, ref.moment);
    if (!at) continue;
    placed.add(ref.key);
    add(marks, at, { cls: `hl hl-${ref.key === 'strong' || ref.key === 'miss' ? ref.key : 'moment'}`, mark: true, id: `at-${ref.key}`, after: backLink(ctx, `moment-${ref.key}`, ref.name) });
  }
  objections.forEach((o, i) => {
    const at = typeof o.utterance === 'number' ? places.get(o.utterance) : undefined;
    if (at) add(marks, at, { cls: 'hl hl-obj', mark: true, id: `at-obj-${i + 1}`, after: backLink(ctx, `objection-${i + 1}`, objectionName(ctx, o, i)) });
    const reply = o.reply_utterances?.length ? places.get(o.reply_utterances[0]) : undefined;
    if (reply) add(marks, reply, { cls: 'answer', id: `at-obj-${i + 1}-answer` });
  });
  return marks;
}

function blockHtml(ctx: PageCtx, b: Block, marks: Marks, monologue: string | null): string {
  const who = `<span class="speaker">${escapeHtml(b.speaker)}</span>${b.rep ? ` <span class="badge rep">${escapeHtml(ctx.t('tr.rep'))}</span>` : ''}`;
  const ts = b.start !== null ? ` <span class="ts">${clock(b.start)}</span>` : '';
  const paras = b.segments.map((s, j) => {
    // A later piece of the turn with a time of its own shows it.
    const own = j > 0 && s.start !== null ? `<span class="ts">${clock(s.start)}</span> ` : '';
    return `<p>${own}${markedText(s.text, marks.get(`${b.no}:${j}`) ?? [])}</p>`;
  }).join('');
  const cls = `turn${b.rep ? ' rep' : ''}${monologue ? ' monologue' : ''}`;
  const note = monologue ? `<p class="mono-note">${escapeHtml(monologue)}</p>` : '';
  return `<div class="${cls}" id="turn-${b.no}"><div class="who">${who}${ts}</div>${note}${paras}</div>`;
}

function monologueText(ctx: PageCtx, m: { seconds: number | null; words: number }): string {
  return m.seconds !== null
    ? ctx.t('tr.monologue_timed', { time: clock(m.seconds), n: m.words })
    : ctx.t('tr.monologue_words', { n: m.words });
}

/** The transcript and the panels that point into it. */
export function transcriptView(ctx: PageCtx, transcript: string, r: AnalysisResult | null, callLang: string): TranscriptView {
  const p = transcriptBlocks(transcript, r?.rep_speaker);
  const questions = r ? questionIndices(p, r) : new Set<number>();
  const places = r ? placesNeeded(p, r, questions) : new Map<number, Place>();
  const placed = new Set<string>();
  const marks: Marks = r ? collectMarks(ctx, p, r, questions, places, placed) : new Map();
  const mono = r ? longestMonologue(p) : null;
  const monoNote = mono ? `${ctx.t('tr.monologue')}: ${monologueText(ctx, mono)}` : null;
  const turns = p.blocks.map((b) => blockHtml(ctx, b, marks, mono?.block === b ? monoNote : null)).join('');
  const body = p.blocks.length === 0 ? html`<p class="empty">${ctx.t('tr.empty')}</p>` : raw(`<div class="turns" lang="${escapeHtml(callLang)}">${turns}</div>`);
  const legend = r ? html`<ul class="legend tr-legend">
      <li><span class="badge rep">${ctx.t('tr.rep')}</span> ${r.rep_speaker ?? ''}</li>
      <li><mark class="hl hl-moment">${ctx.t('tr.legend_moment')}</mark></li>
      <li><mark class="hl hl-obj">${ctx.t('tr.objection')}</mark></li>
      <li><span class="q">${ctx.t('tr.question')}</span></li>
      ${mono ? html`<li><a href="#turn-${mono.block.no}">${ctx.t('tr.monologue')}</a></li>` : ''}
    </ul>` : '';
  return {
    transcript: html`<section class="card transcript" aria-labelledby="tr-h" id="transcript"><h2 id="tr-h">${ctx.t('tr.title')}</h2>${legend}${body}</section>`,
    talk: talkPanel(ctx, p, r ? questions : null, mono ? { ...mono, text: monologueText(ctx, mono) } : null),
    objections: r ? objectionsPanel(ctx, r, p, places) : null,
    placed,
  };
}

const BAR_COLOURS = ['#1f4fd1', '#D55E00', '#009E73', '#CC79A7', '#8a6d00', '#56B4E9'];

/** One bar per speaker (share of words, or of time where the transcript has it), with the numbers written out. */
function talkPanel(ctx: PageCtx, p: Parsed, questions: Set<number> | null, mono: { block: Block; text: string } | null): Html {
  const { speakers, byTime } = talkTime(p);
  const total = speakers.reduce((n, s) => n + (byTime ? s.seconds : s.words), 0) || 1;
  const fmt = (x: number) => Math.round(x * 100);
  const rows = speakers.map((s, i) => {
    const share = (byTime ? s.seconds : s.words) / total;
    const detail = byTime ? `${clock(s.seconds)} · ${ctx.t('tr.words', { n: s.words })}` : ctx.t('tr.words', { n: s.words });
    return html`<li class="talk-row${s.rep ? ' rep' : ''}"><span class="talk-name">${s.speaker}${s.rep ? html` <span class="badge rep">${ctx.t('tr.rep')}</span>` : ''}</span>
      <svg class="talkbar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true"><rect x="0" y="0" width="100" height="10" fill="#e8ebf0"/><rect x="0" y="0" width="${(share * 100).toFixed(2)}" height="10" fill="${BAR_COLOURS[i % BAR_COLOURS.length]}"/></svg>
      <span class="talk-figure"><strong>${fmt(share)} %</strong> <span class="muted">${detail}</span></span></li>`;
  });
  return html`<section class="card" aria-labelledby="tt-h" id="talk-time"><h2 id="tt-h">${ctx.t('tr.talk_time')}</h2>
    <p class="hint">${byTime ? ctx.t('tr.by_time') : ctx.t('tr.by_words')}</p>
    <ul class="talk">${rows}</ul>
    ${questions ? html`<dl class="facts">
      <dt>${ctx.t('tr.monologue')}</dt><dd>${mono ? html`<a href="#turn-${mono.block.no}">${mono.text}</a>` : '—'}</dd>
      <dt>${ctx.t('tr.questions')}</dt><dd id="question-count">${questions.size}${questions.size ? html` · <a href="#u-${[...questions][0]}">${ctx.t('tr.first_question')}</a>` : ''}</dd>
    </dl>` : ''}
  </section>`;
}

function stepBadges(ctx: PageCtx, o: ObjectionMetric): Html {
  const steps = (['acknowledged', 'explored', 'answered', 'checked_back'] as const).filter((k) => typeof o[k] === 'boolean');
  const warn = (['defended', 'conceded'] as const).filter((k) => o[k] === true);
  return html`${steps.map((k) => html`<span class="badge ${o[k] ? 'ok' : ''}">${o[k] ? '✓' : '✗'} ${ctx.t(`tr.step.${k}`)}</span> `)}${warn.map((k) => html`<span class="badge warn">${ctx.t(`tr.step.${k}`)}</span> `)}`;
}

/** The objections the analysis found, each with where it was said and how it was answered. */
function objectionsPanel(ctx: PageCtx, r: AnalysisResult, p: Parsed, answers: Map<number, Place>): Html {
  const list = r.metrics?.objections ?? [];
  const located = list.some((o) => typeof o.utterance === 'number');
  const items = list.map((o, i) => {
    const answer = o.reply_utterances?.length ? answers.get(o.reply_utterances[0]) : undefined;
    const answerText = answer ? p.blocks[answer.block].segments[answer.segment].text.slice(answer.from, answer.to) : null;
    return html`<li class="objection" id="objection-${i + 1}">
      <p><strong>${objectionName(ctx, o, i)}</strong> <span class="badge ${o.handled ? 'ok' : 'err'}">${o.handled ? ctx.t('tr.handled') : ctx.t('tr.not_handled')}</span></p>
      ${o.quote ? html`<blockquote lang="${r.call_language ?? ''}"><p>“${o.quote}”</p></blockquote>` : ''}
      ${typeof o.utterance === 'number' ? html`<p><a href="#at-obj-${i + 1}">${ctx.t('tr.show')}</a></p>` : ''}
      ${answerText ? html`<p><strong>${ctx.t('tr.answer')}:</strong> <a href="#at-obj-${i + 1}-answer" lang="${r.call_language ?? ''}">“${answerText}”</a></p>` : o.reply_utterances ? html`<p class="muted">${ctx.t('tr.no_answer')}</p>` : ''}
      <p>${stepBadges(ctx, o)}</p>
    </li>`;
  });
  return html`<section class="card" aria-labelledby="ob-h" id="objections"><h2 id="ob-h">${ctx.t('tr.objections')}</h2>
    ${list.length === 0 ? html`<p class="empty">${ctx.t('tr.no_objections')}</p>` : html`<ol class="objections">${items}</ol>`}
    ${list.length > 0 && !located ? html`<p class="hint">${ctx.t('tr.objections_unlocated')}</p>` : ''}
  </section>`;
}
