// How often two coaches agree: a second coach's blind scores of calls (eval/second-coach/<set>/,
// scores and salesperson only, written from the transcripts without seeing the first coach's
// annotation) against the first coach's annotation (in eval/dev, or in eval/sealed before the set's report). The ceiling an analyzer measured
// against one coach can be expected to reach.
//   npx tsx eval/inter-coach.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCORE_DIMENSIONS } from '../src/calls/analyzer/types.ts';
import { casesIn } from './agreement.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
// The first coach's annotation, wherever the set is now (before its report in sealed/, after it in dev/).
const sealedSets = existsSync(join(here, 'sealed')) ? readdirSync(join(here, 'sealed'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(here, 'sealed', d.name)) : [];
const first = new Map([join(here, 'dev'), ...sealedSets].flatMap((dir) => casesIn(dir)).map((c) => [c.name, c.ann]));
for (const set of readdirSync(join(here, 'second-coach'))) {
  const dir = join(here, 'second-coach', set);
  let n = 0;
  let exact = 0;
  let offByTwo = 0;
  let rep = 0;
  let calls = 0;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const a = first.get(f.slice(0, -5));
    if (!a?.scores || !existsSync(join(dir, f))) continue;
    const b = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { rep_speaker: string; scores: Record<string, number> };
    calls++;
    rep += Number(b.rep_speaker.trim().toLowerCase() === (a.rep_speaker ?? '').trim().toLowerCase());
    for (const d of SCORE_DIMENSIONS) {
      const diff = Math.abs(b.scores[d] - a.scores[d]);
      n++;
      exact += Number(diff === 0);
      offByTwo += Number(diff >= 2);
    }
  }
  console.log(`${set}: ${calls} calls, same salesperson ${rep}, scores equal ${exact}/${n} (${Math.round((100 * exact) / n)} %), off by two or more ${offByTwo} (${Math.round((100 * offByTwo) / n)} %)`);
}
