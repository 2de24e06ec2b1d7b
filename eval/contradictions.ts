// Moments whose text contradicts their own quote: the coaching asks for what the quote already
// does (a missed follow-up quoted at the rep's follow-up question), or praises what the quote
// does not do. Judged with the classifier's labels of the quoted words.
import type { DetailedAnalysis } from '../src/calls/analyzer/coach/index.ts';
import { contradictingLabels } from '../src/calls/analyzer/coach/moments/contradicted-by.ts';

export function contradictions(d: DetailedAnalysis): string[] {
  const out: string[] = [];
  for (const c of [d.kinds.strongest, d.kinds.miss, ...d.kinds.moments]) {
    // The words alone, as the classifier reads them out of context.
    const against = contradictingLabels(c.kind, c.quote.text);
    if (against.length) out.push(`${c.kind} at "${c.quote.text.slice(0, 60)}" (${against.join(', ')})`);
  }
  return out;
}
