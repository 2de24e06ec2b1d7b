// What the rep promised or gave away: unhedged guarantees, and concessions (a discount, free
// months) offered before the customer pushed on price, or at once when they did.
import type { Utterance } from '../utterances/types.ts';
import { type Sides, has, isCustomerU, sure } from './sides.ts';

export interface Offers {
  guarantees: Utterance[];
  concessions: Utterance[];
  /** Concessions nobody asked for: no price objection before them. */
  unasked: Utterance[];
}

export function repOffers(s: Sides): Offers {
  const guarantees: Utterance[] = [];
  const concessions: Utterance[] = [];
  const unasked: Utterance[] = [];
  let pricePushed = false;
  for (const u of s.call.utterances) {
    if (isCustomerU(s, u) && has(u, 'objection_price')) pricePushed = true;
    if (u.key !== s.rep) continue;
    if (sure(u, 'guarantee')) guarantees.push(u);
    if (has(u, 'concession')) {
      concessions.push(u);
      if (!pricePushed) unasked.push(u);
    }
  }
  return { guarantees, concessions, unasked };
}
