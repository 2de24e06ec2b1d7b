// Cutting the customer off: a customer turn that breaks off ("… und dann –") with the rep
// speaking next, and the customer's protest at it ("Let me finish").
import type { Utterance } from '../utterances/types.ts';
import { type Sides, has, isCustomerU } from './sides.ts';

export interface Interruptions {
  /** The rep's first utterance after each cut. */
  cuts: Utterance[];
  protests: Utterance[];
}

export function interruptions(s: Sides): Interruptions {
  const turns = s.call.turns;
  const cuts: Utterance[] = [];
  for (let i = 0; i + 1 < turns.length; i++) {
    if (turns[i].key !== s.rep && turns[i].brokenOff && turns[i + 1].key === s.rep) cuts.push(turns[i + 1].utterances[0]);
  }
  const protests = s.call.utterances.filter((u) => isCustomerU(s, u) && has(u, 'interruption_protest'));
  return { cuts, protests };
}
