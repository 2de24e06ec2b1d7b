// The call as a handful of numbers: the measurements the hand rubric reads, how often each side
// did what the five dimensions are about, the hand rubric's own five scores and what the call's
// words predict (call-text.ts). The score calibration (calibration.ts) is fitted on these against
// coaches' scores. (All 88 label rates were tried as well: across writers they did worse.)
import { SCORE_DIMENSIONS } from '../../types.ts';
import { LABELS, type Label } from '../classify/labels.ts';
import type { Signals } from '../signals/index.ts';
import { isCustomerU, isRepU } from '../signals/sides.ts';

export interface CallFeatures {
  names: string[];
  values: number[];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const share = <T>(xs: T[], ok: (x: T) => boolean) => (xs.length ? xs.filter(ok).length / xs.length : 0);

function measured(s: Signals): Record<string, number> {
  const q = s.questions;
  const o = s.objections;
  const p = s.pitches;
  return {
    talk_share: s.talkShare,
    monologue_min: Math.min(s.monologue.effectiveSeconds, 600) / 60,
    speakers: Math.min(s.speakers, 5),
    questions: Math.log1p(q.all.length),
    discovery_per_target: Math.min(2, q.discovery.length / s.questionTarget),
    open_questions: Math.log1p(q.open.length),
    open_share: q.discovery.length ? q.open.length / q.discovery.length : 0,
    questions_bunched: q.all.length >= 4 ? Math.max(...q.byThird) / q.all.length : 0,
    pains: Math.log1p(s.pains.length),
    pains_explored: Math.log1p(s.pains.filter((x) => x.explored).length),
    pains_drawn_out: Math.log1p(s.pains.filter((x) => x.drawnOut).length),
    impacts: Math.log1p(s.pains.filter((x) => x.impact).length),
    listening_moves: Math.log1p(s.listening.length),
    cuts: Math.log1p(s.interruptions.cuts.length),
    protests: Math.min(1, s.interruptions.protests.length),
    pitches: Math.log1p(p.all.length),
    pitches_tied: Math.log1p(p.tied),
    tied_share: p.all.length ? p.tied / p.all.length : 0,
    feature_dump: p.featureDump ? 1 : 0,
    pitch_after_pain: p.afterFirstPain ? 1 : 0,
    guarantees: Math.min(1, s.offers.guarantees.length),
    unasked_offers: Math.min(1, s.offers.unasked.length),
    objections: Math.log1p(o.length),
    objection_quality: o.length ? mean(o.map((x) => x.quality)) / 4 : 0,
    objection_min_quality: o.length ? Math.min(...o.map((x) => x.quality)) / 4 : 0,
    acknowledged: share(o, (x) => x.acknowledged),
    explored: share(o, (x) => x.explored),
    answered: share(o, (x) => x.answered),
    checked_back: share(o, (x) => x.checkedBack),
    defended: share(o, (x) => x.defended),
    conceded: share(o, (x) => x.conceded),
    next_level: s.nextStep.level,
    next_agreed: Number(s.nextStep.agreed),
    next_invite: Number(s.nextStep.invite),
  };
}

const REP_RATES: Label[] = ['question_open', 'question_closed', 'ask_situation', 'ask_pain', 'ask_impact', 'summary', 'mirror', 'label', 'acknowledge', 'check_back', 'defend', 'pitch_feature', 'value_tied', 'proof', 'next_step_dated'];
const CUSTOMER_RATES: Label[] = ['pain', 'impact', 'interest', 'agreement'];

type Utterances = Signals['sides']['call']['utterances'];

/** The salesperson's and the customer's utterances. */
function bySide(s: Signals): { rep: Utterances; customer: Utterances } {
  const all = s.sides.call.utterances;
  return { rep: all.filter((u) => isRepU(s.sides, u)), customer: all.filter((u) => isCustomerU(s.sides, u)) };
}

/** Per label, the mean probability over the salesperson's (or the customer's) utterances. */
function labelRates({ rep, customer }: { rep: Utterances; customer: Utterances }): Record<string, number> {
  const rate = (us: typeof rep, l: Label) => mean(us.map((u) => u.probs[LABELS.indexOf(l)]));
  return {
    ...Object.fromEntries(REP_RATES.map((l) => [`rep_${l}`, rate(rep, l)])),
    ...Object.fromEntries(CUSTOMER_RATES.map((l) => [`customer_${l}`, rate(customer, l)])),
  };
}

const prob = (u: { probs: ArrayLike<number> }, l: Label) => u.probs[LABELS.indexOf(l)];
const maxOf = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);

/** How the call ends: the strongest signs of a proposal, a date and the customer's yes in its last third. */
function endingRates(s: Signals): Record<string, number> {
  const from = (s.sides.call.totalWords * 2) / 3;
  const late = s.sides.call.utterances.filter((u) => u.wordPos >= from);
  const seller = late.filter((u) => !isCustomerU(s.sides, u));
  const customer = late.filter((u) => isCustomerU(s.sides, u));
  return {
    end_proposal: maxOf(seller.map((u) => prob(u, 'next_step_proposal'))),
    end_dated: maxOf(seller.map((u) => prob(u, 'next_step_dated'))),
    end_logistics: maxOf(seller.map((u) => prob(u, 'ask_logistics'))),
    end_agreement: maxOf(customer.map((u) => prob(u, 'agreement'))),
    end_send_material: maxOf(customer.map((u) => prob(u, 'objection_send_material'))),
    end_customer_dated: maxOf(customer.map((u) => prob(u, 'next_step_dated'))),
  };
}

const REP_PEAKS: Label[] = ['ask_pain', 'ask_impact', 'ask_need_payoff', 'explore_objection', 'check_back', 'summary', 'label', 'value_tied', 'proof'];
const CUSTOMER_PEAKS: Label[] = ['pain', 'impact', 'interest'];

/** The strongest sign of each label anywhere in the call: one clear instance says more than a mean over many sentences. */
function peakRates({ rep, customer }: { rep: Utterances; customer: Utterances }): Record<string, number> {
  return {
    ...Object.fromEntries(REP_PEAKS.map((l) => [`peak_rep_${l}`, maxOf(rep.map((u) => prob(u, l)))])),
    ...Object.fromEntries(CUSTOMER_PEAKS.map((l) => [`peak_customer_${l}`, maxOf(customer.map((u) => prob(u, l)))])),
  };
}

/**
 * `text`: the call-text model's five predictions (call-text.ts), or null without a model: the
 * calibration then reads those features as their mean.
 */
export function callFeatures(s: Signals, handScores: Record<string, number>, text: number[] | null): CallFeatures {
  const sides = bySide(s);
  const all = { ...measured(s), ...labelRates(sides), ...endingRates(s), ...peakRates(sides), ...Object.fromEntries(Object.entries(handScores).map(([k, v]) => [`hand_${k}`, v])) };
  return withTextFeatures({ names: Object.keys(all), values: Object.values(all) }, text);
}

const TEXT_FEATURES = SCORE_DIMENSIONS.map((d) => `text_${d}`);

export function withTextFeatures(f: CallFeatures, text: number[] | null): CallFeatures {
  return text ? { names: [...f.names, ...TEXT_FEATURES], values: [...f.values, ...text] } : f;
}
