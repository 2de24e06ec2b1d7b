// Listening moments: a mirror, summary or label; a long monologue; cutting the customer off.
import type { Signals } from '../signals/index.ts';
import type { Candidate } from './types.ts';
import type { Utterance } from '../utterances/types.ts';
import { isSeller } from '../signals/sides.ts';
import { MONOLOGUE_GOOD_SECONDS } from '../rubric/listening.ts';

export function listeningMoments(s: Signals): Candidate[] {
  const out: Candidate[] = [];
  for (const m of s.listening) {
    const context = s.sides.call.turns[m.utterance.turn - 1]?.utterances.at(-1);
    out.push({ kind: 'listening_move', dimension: 'listening', positive: true, weight: m.kind === 'mirror' ? 5.5 : 7, quote: m.utterance, context, method: m.kind === 'label' ? 'voss_label' : 'voss_mirror', params: { move: m.kind } });
  }
  const mono = s.monologue;
  if (mono.turn && mono.effectiveSeconds > MONOLOGUE_GOOD_SECONDS) {
    const heavy = mono.effectiveSeconds > 150 || s.talkShare > 0.7;
    out.push({ kind: 'monologue', dimension: 'listening', positive: false, weight: heavy ? 8 : 5, quote: mono.turn.utterances[0], method: 'trial_close', params: { seconds: Math.round(mono.effectiveSeconds), talkPct: Math.round(s.talkShare * 100) } });
  }
  if (s.listening.length === 0 && s.speakers > 1) {
    const after = longestCustomerTurnReply(s);
    if (after) out.push({ kind: 'no_listening_move', dimension: 'listening', positive: false, weight: 4, quote: after.quote, context: after.context, method: 'voss_mirror', params: { talkPct: Math.round(s.talkShare * 100) } });
  }
  const cuts = s.interruptions.cuts;
  if (cuts.length > 0 && (cuts.length >= 2 || s.interruptions.protests.length > 0)) {
    const cut = cuts[0];
    const context = s.sides.call.turns[cut.turn - 1]?.utterances.at(-1);
    out.push({ kind: 'interruption', dimension: 'listening', positive: false, weight: s.interruptions.protests.length > 0 ? 8.5 : 6, quote: cut, context, method: 'voss_mirror', params: { cuts: cuts.length } });
  }
  return out;
}

/** The rep's first words after the customer's longest turn: where a summary would have fitted. */
function longestCustomerTurnReply(s: Signals): { quote: Utterance; context: Utterance } | null {
  const turns = s.sides.call.turns;
  let best: { quote: Utterance; context: Utterance; words: number } | null = null;
  for (let i = 0; i + 1 < turns.length; i++) {
    const t = turns[i];
    if (isSeller(s.sides, t.key) || turns[i + 1].key !== s.sides.rep) continue;
    if (!best || t.words > best.words) best = { quote: turns[i + 1].utterances[0], context: t.utterances[t.utterances.length - 1], words: t.words };
  }
  return best && best.words >= 25 ? best : null;
}
