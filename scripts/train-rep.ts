// `npm run train` (second step): fits the learned rep finder (src/calls/analyzer/coach/rep/rep-weights.json)
// on calls whose salesperson is known, with the utterance model just trained. Deterministic.
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { casesIn } from '../eval/agreement.ts';
import { trainingCallDirs } from './train-scores.ts';
import { modelDataHash } from '../src/calls/analyzer/coach/classify/model.ts';
import { parseTranscript } from '../src/calls/analyzer/coach/parse/transcript.ts';
import { matchLabel } from '../src/calls/analyzer/coach/rep/find-rep.ts';
import { fitRepWeights, type RepWeights } from '../src/calls/analyzer/coach/rep/learned-rep.ts';
import { speakerFeatures, type SpeakerFeatures } from '../src/calls/analyzer/coach/rep/speaker-features.ts';
import { buildCall } from '../src/calls/analyzer/coach/utterances/build.ts';

/** Calls with a known salesperson the rep finder learns from; eval/dev and eval/sealed are never among them. */
export const REP_TRAINING_DIRS = ['eval/corpus', ...trainingCallDirs()];

export function trainRep(root: string): RepWeights {
  const groups: Array<{ speakers: SpeakerFeatures[]; rep: number }> = [];
  const h = createHash('sha256');
  for (const dir of REP_TRAINING_DIRS) {
    if (!existsSync(`${root}/${dir}`)) continue;
    for (const c of casesIn(`${root}/${dir}`)) {
      if (!c.ann.rep_speaker) continue;
      const call = buildCall(parseTranscript(c.transcript));
      const features = speakerFeatures(call);
      if (features.size < 2) continue;
      const keys = [...features.keys()];
      const rep = matchLabel(keys, c.ann.rep_speaker, true);
      if (rep === null) continue;
      h.update(c.name).update(c.transcript).update(c.ann.rep_speaker);
      groups.push({ speakers: keys.map((k) => features.get(k) as SpeakerFeatures), rep: keys.indexOf(rep) });
    }
  }
  return { version: 1, data_hash: h.update(modelDataHash()).digest('hex'), calls: groups.length, ...fitRepWeights(groups) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const w = trainRep(root);
  const out = new URL('../src/calls/analyzer/coach/rep/rep-weights.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify(w, null, 2)}\n`);
  console.log(`rep finder fitted on ${w.calls} calls; wrote ${fileURLToPath(out)}`);
}
