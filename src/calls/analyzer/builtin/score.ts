// The scoring rubric. docs/coaching.md documents exactly these thresholds: change both together.

import type { ScoreDimension, Scores } from '../types.ts';
import { type Measurements, WORDS_PER_SECOND } from './measure.ts';

export const MONOLOGUE_GOOD_SECONDS = 76;
export const MONOLOGUE_BAD_SECONDS = 150;

/**
 * Questions expected from the rep: 11 (Gong's 11–14 for discovery) in a long call, scaled down for
 * short ones: 5 from about 150 words, and below that about one per 30 words (at least 3), so a
 * six-line brush-off call is not measured against five questions (coach review 6).
 */
export function questionTarget(totalWords: number, schedulingOnly = false): number {
  // A short call only to move or confirm an agreed meeting is measured against the short-call minimum of 3 (coach review 8).
  if (schedulingOnly) return 3;
  return Math.max(Math.min(5, Math.max(3, Math.round(totalWords / 30))), Math.min(11, Math.round(totalWords / 100)));
}

/** Longest rep monologue in seconds: measured with timestamps, else estimated at 150 words per minute. */
export function monologueSeconds(m: Measurements): number {
  return m.monologueSeconds ?? m.monologueWords / WORDS_PER_SECOND;
}

function clamp(x: number): number {
  return Math.max(1, Math.min(5, Math.round(x)));
}

export interface ScoreDetail {
  scores: Scores;
  target: number;
  /** Lines explaining each score (rubric items that applied), for docs/debugging. */
  explain: Record<ScoreDimension, string[]>;
}

export function score(m: Measurements): ScoreDetail {
  const explain: Record<ScoreDimension, string[]> = { discovery: [], listening: [], value: [], objection_handling: [], next_step: [] };
  // Only questions that explore count: not permission, identity checks, logistics, material offers, concessions or dates.
  const q = m.discoveryQuestions;
  const target = questionTarget(m.totalWords, m.schedulingOnly);

  // Discovery
  let d = 1;
  if (q >= Math.ceil(target / 2)) {
    d++;
    explain.discovery.push(`+1 questions ${q} >= ${Math.ceil(target / 2)}`);
  }
  if (q >= target) {
    d++;
    explain.discovery.push(`+1 questions ${q} >= target ${target}`);
  }
  if (m.openDiscoveryQuestions >= 3 && m.openDiscoveryQuestions >= 0.4 * q) {
    d++;
    explain.discovery.push(`+1 open questions ${m.openDiscoveryQuestions}/${q}`);
  }
  // A pain the rep followed up, or one the rep's open question drew out ("Wie planen Sie Ihre Einsätze
  // heute?" – "Zwei Leute sitzen jede Woche zwanzig Stunden an der Planung"): a question that gets
  // such an answer is a discovery strength (coach review 6).
  if (m.pains.some((p) => p.explored)) {
    d++;
    explain.discovery.push('+1 a customer pain was followed up with a question');
  } else if (m.pains.some((p) => p.answersOpenQuestion && !p.pitchedNext && !p.steppedOver)) {
    // A pain the open question drew out and the rep then answered with a pitch or a feature tour
    // ("Das Problem ist, dass ständig Posts ohne Freigabe rausgehen." – "Dann lass mich mal meinen
    // Screen sharen …") earns nothing: the rep stepped over it (coach review 7). So does one the rep left
    // for the next checklist question or the requirements ("What do you need this time?", coach review 8).
    d++;
    explain.discovery.push('+1 an open question drew out a customer pain');
  }
  // A number the customer volunteers on a pain the rep never followed up, in answer to a closed
  // checklist question ("Are you using any software?" – "… we still miss calls" – "Got it. And do your
  // techs have tablets?"), is no credit to discovery; an open question that drew it is (coach review 6).
  if ((m.impacts > 0 || m.pains.some((p) => p.impact)) && m.pains.some((p) => p.explored || (p.impact && p.answersOpenQuestion && !p.pitchedNext && !p.steppedOver))) {
    d++;
    explain.discovery.push('+1 impact quantified');
  }
  if (d > 2 && q > 0 && m.openDiscoveryQuestions === 0) {
    // Only closed questions ("Sie haben eigene Lkw im Einsatz, richtig?", "Mit einem Kartenleser im
    // Büro?"): an interrogation with one-word answers, however many questions and whatever came up.
    d = 2;
    explain.discovery.push('=2 only closed questions');
  }
  const maxThird = Math.max(...m.questionsByThird);
  const asked = m.repQuestions.length;
  if (asked >= 4 && maxThird >= 0.8 * asked) {
    d--;
    explain.discovery.push('-1 questions bunched in one third of the call');
  }
  if (m.discoveryQuestions === 0) {
    // A pain the customer volunteers is no credit to discovery when the rep never asked.
    d = 1;
    explain.discovery.push('=1 no discovery question (only permission, logistics, material offers or dates)');
  }

  // Listening
  let l = 1;
  const share = m.talkShare;
  if (share >= 0.25 && share <= 0.5) {
    l += 2;
    explain.listening.push(`+2 talk share ${(share * 100).toFixed(0)}% in 25–50 %`);
  } else if ((share > 0.5 && share <= 0.65) || share < 0.25) {
    l += 1;
    explain.listening.push(`+1 talk share ${(share * 100).toFixed(0)}%`);
  }
  const mono = monologueSeconds(m);
  if (mono <= MONOLOGUE_GOOD_SECONDS) {
    l++;
    explain.listening.push(`+1 longest monologue ${Math.round(mono)} s <= ${MONOLOGUE_GOOD_SECONDS} s`);
  } else if (mono > MONOLOGUE_BAD_SECONDS) {
    l--;
    explain.listening.push(`-1 longest monologue ${Math.round(mono)} s > ${MONOLOGUE_BAD_SECONDS} s`);
  }
  if (m.paraphrases.length > 0) {
    l++;
    explain.listening.push('+1 paraphrased or mirrored the customer');
  }
  // Cutting the customer off (turns that break off mid-sentence, „… und dann –“) is the opposite of
  // giving them the floor, and a customer who has to ask to be let finish says so (coach review 7).
  if (m.interruptions.length >= 2) {
    l--;
    explain.listening.push(`-1 cut the customer off ${m.interruptions.length} times`);
  }
  if (m.finishRequest) {
    l--;
    explain.listening.push(`-1 the customer asked to be let finish ("${m.finishRequest.text.slice(0, 40)}")`);
  }
  if (m.speakers < 2) {
    l = 1;
    explain.listening.push('=1 only one speaker');
  }

  // Value
  let v: number;
  // A feature dump is a pitch, with or without "our platform" words.
  if (m.pitches.length === 0 && !m.featureDump) {
    v = 2;
    explain.value.push('=2 no pitch');
    if (m.pains.some((p) => p.explored)) {
      v++;
      explain.value.push('+1 pain explored before pitching');
    }
    if (m.needPayoffs.length > 0) {
      v++;
      explain.value.push('+1 need-payoff question');
    }
  } else {
    v = 1;
    if (m.linkedPitches.length > 0) {
      v++;
      explain.value.push(`+1 ${m.linkedPitches.length} pitch sentence(s) tied to the customer's words`);
    }
    if (m.linkedPitches.length >= 2 || (m.linkedPitches.length >= 1 && m.linkedPitches.length >= 0.4 * m.pitches.length)) {
      v++;
      explain.value.push('+1 most of the pitch is tied to the customer');
    }
    if (m.needPayoffs.length > 0) {
      v++;
      explain.value.push('+1 need-payoff question');
    }
    const dumpFirst = m.featureDump !== null && (m.pains.length === 0 || m.featureDump.turn.wordPos < m.pains[0].sentence.wordPos);
    if (!m.pitchBeforePain && !dumpFirst && m.pains.length > 0) {
      v++;
      explain.value.push('+1 pitched only after a pain was uncovered');
    }
    if (m.featureDump) {
      v--;
      explain.value.push(`-1 feature dump (${m.featureDump.features} features, not tied to the customer)`);
    }
  }

  // An unhedged guarantee on a date, a delivery or a result promises value the rep does not control.
  if (m.riskyPromises.length > 0) {
    v--;
    explain.value.push(`-1 unhedged guarantee ("${m.riskyPromises[0].text.slice(0, 60)}")`);
  }

  // Objection handling
  let o: number;
  if (m.objections.length === 0) {
    o = m.concernInvite ? 4 : 3;
    explain.objection_handling.push(m.concernInvite ? '=4 no objections, rep invited concerns' : '=3 no objections raised');
  } else {
    const mean = m.objections.reduce((a, x) => a + x.quality, 0) / m.objections.length;
    o = mean >= 3.5 ? 5 : mean >= 2.5 ? 4 : mean >= 1.75 ? 3 : mean >= 1 ? 2 : 1;
    explain.objection_handling.push(`=${o} mean handling quality ${mean.toFixed(2)} over ${m.objections.length} objection(s)`);
    // One objection argued away or given up is a miss a coach names, however well another was handled.
    if (o > 3 && m.objections.some((x) => x.quality <= 1)) {
      o = 3;
      explain.objection_handling.push('=3 at most: an objection was defended or given up');
    }
  }
  // A discount or a free extra given away (unasked, before the objection was explored, or for nothing in return).
  if (m.concessions.length > 0) {
    o--;
    explain.objection_handling.push(`-1 concession given away ("${m.concessions[0].text.slice(0, 60)}")`);
  }

  // Next step
  const ns = m.nextStep.level;
  explain.next_step.push(`=${ns} next step ${m.nextStep.kind}${m.nextStep.agreed ? ', agreed' : ''}${m.nextStep.invite ? ', invite' : ''}`);

  return {
    scores: { discovery: clamp(d), listening: clamp(l), value: clamp(v), objection_handling: clamp(o), next_step: clamp(ns) },
    target,
    explain,
  };
}
