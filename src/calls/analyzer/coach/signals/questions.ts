// The rep's questions: all of them, those that explore the customer's business (discovery), the
// open ones among them, and how they spread over the call's thirds.
import type { Utterance } from '../utterances/types.ts';
import { DISCOVERY_LABELS, type Sides, has, isQuestion } from './sides.ts';

export interface Questions {
  all: Utterance[];
  discovery: Utterance[];
  open: Utterance[];
  closed: Utterance[];
  byThird: [number, number, number];
}

export function repQuestions(s: Sides): Questions {
  const all: Utterance[] = [];
  const discovery: Utterance[] = [];
  const byThird: [number, number, number] = [0, 0, 0];
  const total = Math.max(1, s.call.totalWords);
  for (const u of s.call.utterances) {
    if (u.key !== s.rep || !isQuestion(u)) continue;
    all.push(u);
    byThird[Math.min(2, Math.floor((u.wordPos / total) * 3))]++;
    if (has(u, ...DISCOVERY_LABELS, 'explore_objection')) discovery.push(u);
  }
  const open = discovery.filter((u) => has(u, 'question_open'));
  const closed = discovery.filter((u) => !has(u, 'question_open'));
  return { all, discovery, open, closed, byThird };
}

/** Questions expected of a call this long: words / 100, 5 to 11; short calls fewer. */
export function questionTarget(words: number): number {
  if (words < 150) return Math.max(3, Math.round(words / 30));
  return Math.min(11, Math.max(5, Math.round(words / 100)));
}
