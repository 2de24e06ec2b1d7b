// Confusion of the analyzer's scores against the coach's, per dimension (rows: coach, columns: RZ).
//   npx tsx eval/confusion.ts eval/dev eval/train-calls
import { analyseWithDetails } from '../src/calls/analyzer/coach/index.ts';
import { SCORE_DIMENSIONS } from '../src/calls/analyzer/types.ts';
import { casesIn } from './agreement.ts';

const dirs = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const m = Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, Array.from({ length: 6 }, () => new Array<number>(6).fill(0))]));
for (const dir of dirs) {
  for (const c of casesIn(dir)) {
    if (!c.ann.scores) continue;
    const r = analyseWithDetails({ transcript: c.transcript, language: 'en', repName: 'Jordan Blake', repSpeaker: c.ann.repSpeaker }).result;
    for (const d of SCORE_DIMENSIONS) m[d]![c.ann.scores[d]]![r.scores[d]]!++;
  }
}
for (const d of SCORE_DIMENSIONS) {
  console.log(`${d}  (rows coach 1..5, columns RZ 1..5)`);
  for (let i = 1; i <= 5; i++) console.log(`  ${i}: ${m[d]![i]!.slice(1).map((n) => String(n).padStart(3)).join(' ')}`);
}
