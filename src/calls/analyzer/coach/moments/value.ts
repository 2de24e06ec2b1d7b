// Value moments: a pitch tied to the customer's problem, a need-payoff question; a feature
// list nobody asked for, a pitch with no link to the customer, an unhedged guarantee.
import type { Signals } from '../signals/index.ts';
import type { Candidate } from './types.ts';
import { LABELS } from '../classify/labels.ts';
import type { Utterance } from '../utterances/types.ts';

export function valueMoments(s: Signals): Candidate[] {
  const out: Candidate[] = [];
  const firstPain = s.pains[0]?.utterance;
  for (const p of s.pitches.all) {
    if (p.tied) {
      const context = [...s.pains].reverse().find((x) => x.utterance.index < p.utterance.index)?.utterance;
      out.push({ kind: 'tied_pitch', dimension: 'value', positive: true, weight: 7, quote: p.utterance, context, method: 'gap_selling', params: {} });
    }
  }
  for (const u of s.questions.all) {
    if (u.labels.has('ask_need_payoff')) out.push({ kind: 'need_payoff', dimension: 'value', positive: true, weight: 7.5, quote: u, method: 'spin_need_payoff', params: {} });
  }
  const dump = s.pitches.featureDump;
  if (dump) {
    out.push({ kind: 'feature_dump', dimension: 'value', positive: false, weight: 7.5, quote: dump[0].utterance, context: firstPain, method: 'gap_selling', params: { features: dump.length } });
  } else {
    // The clearest pitch of those tied to nothing: the one the classifier is surest is a pitch.
    const untied = s.pitches.all.filter((p) => !p.tied).sort((a, b) => pitchProbability(b.utterance) - pitchProbability(a.utterance))[0];
    if (untied) out.push({ kind: 'untied_pitch', dimension: 'value', positive: false, weight: s.pitches.tied === 0 ? 6 : 3, quote: untied.utterance, context: firstPain, method: 'gap_selling', params: {} });
  }
  for (const g of s.offers.guarantees) {
    out.push({ kind: 'guarantee', dimension: 'value', positive: false, weight: 7, quote: g, method: 'voss_calibrated_question', params: {} });
  }
  return out;
}

const PITCH = LABELS.indexOf('pitch_feature');
const pitchProbability = (u: Utterance) => u.probs[PITCH];
