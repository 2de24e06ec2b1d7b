// Every measurement of one call, taken once; the rubric and the moments read only these.
import type { LanguagePack } from '../lang/types.ts';
import type { Call } from '../utterances/types.ts';
import { interruptions, type Interruptions } from './interruptions.ts';
import { listeningMoves, type ListeningMove } from './listening-moves.ts';
import { longestMonologue, type Monologue } from './monologue.ts';
import { nextStep, type NextStep } from './next-step.ts';
import { customerObjections, type Objection } from './objections.ts';
import { repOffers, type Offers } from './offers.ts';
import { customerPains, type Pain } from './pains.ts';
import { repPitches, type Pitches } from './pitches.ts';
import { questionTarget, repQuestions, type Questions } from './questions.ts';
import type { Sides } from './sides.ts';
import { talkShare } from './talk-share.ts';

export interface Signals {
  sides: Sides;
  speakers: number;
  talkShare: number;
  monologue: Monologue;
  questions: Questions;
  questionTarget: number;
  pains: Pain[];
  listening: ListeningMove[];
  interruptions: Interruptions;
  pitches: Pitches;
  objections: Objection[];
  offers: Offers;
  nextStep: NextStep;
}

export function measure(call: Call, rep: string, colleagues: Set<string>, lang: LanguagePack): Signals {
  const sides: Sides = { call, rep, colleagues };
  const pains = customerPains(sides, lang);
  return {
    sides,
    speakers: new Set(call.turns.map((t) => t.key)).size,
    talkShare: talkShare(sides).share,
    monologue: longestMonologue(sides),
    questions: repQuestions(sides),
    questionTarget: questionTarget(call.totalWords),
    pains,
    listening: listeningMoves(sides, lang),
    interruptions: interruptions(sides),
    pitches: repPitches(sides, pains, lang),
    objections: customerObjections(sides),
    offers: repOffers(sides),
    nextStep: nextStep(sides, lang),
  };
}
