import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysisError, analyzeTranscript, BuiltinAnalyzer, validateAnalysis } from '../../src/calls/analyzer/index.ts';
import { buildLongTranscript } from '../../eval/long-transcript.ts';
import { corpus, corpusFiles, norm } from './helpers.ts';

function valid(transcript: string, language: 'de' | 'en' = 'de') {
  const r = analyzeTranscript({ transcript, language });
  const problems = validateAnalysis(r, { transcript, language, callLanguage: r.call_language, formOfAddress: r.form_of_address });
  assert.deepEqual(problems, [], transcript.slice(0, 60));
  return r;
}

test('transcripts without any words throw an actionable AnalysisError', () => {
  for (const t of ['', '   \n\n  ', '...', '[00:00:01] --- ?!', '... ??? !!! --- 123', '1\n2\n3', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Anna></v>\n']) {
    assert.throws(() => analyzeTranscript({ transcript: t, language: 'de' }), (e: unknown) => {
      assert.ok(e instanceof AnalysisError);
      assert.match((e as Error).message, /no (words|spoken text)/);
      assert.match((e as Error).message, /Anna:/, 'tells the user what a transcript should look like');
      return true;
    });
  }
});

test('tiny, one-speaker, unlabelled and label-only transcripts still produce valid results', () => {
  valid('Hallo');
  valid('Anna: Hallo.');
  const single = valid('Ryan Cole: Hi Michelle, this is Ryan from Vantage. Call me back on Thursday.', 'en');
  assert.equal(single.metrics.speakers, 1);
  assert.deepEqual(single.metrics.notes, ['single_speaker']);
  assert.match(single.biggest_miss.coaching + single.strongest_moment.coaching, /only one person speaks/);
  const unlabelled = valid(corpus('unlabelled_de.txt'), 'de');
  assert.ok(unlabelled.metrics.notes?.includes('alternating_speakers_assumed'));
  assert.match(unlabelled.biggest_miss.coaching, /keine Sprecherangaben/);
  const prose = valid('the customer said the budget is gone and we should call back in spring', 'en');
  assert.match(prose.biggest_miss.coaching, /no speaker labels/);
});

test('mixed German/English call: majority language wins, note in the coaching', () => {
  const t = [
    'Anna: Hallo Herr Fischer, schön, dass es klappt. Wie läuft Ihr Forecast heute?',
    'Michael: Honestly, the forecast is a mess, we spend two hours every Friday on it and it is still wrong by twenty percent.',
    'Anna: Was bedeutet das für Ihr Team, und was sagt Ihr Board dazu?',
    'Michael: The board asks every quarter why we miss. Das nervt total, und die Team Leads sind frustriert.',
    'Anna: Wenn ich Sie richtig verstehe, kostet Sie das jede Woche zwei Stunden pro Team Lead? Passt Ihnen Dienstag um 10 Uhr für eine Demo?',
    'Michael: Yes, Tuesday at 10 works.',
  ].join('\n');
  const r = valid(t, 'en');
  assert.ok(r.metrics.notes?.includes('mixed_language'), JSON.stringify(r.metrics.notes));
  assert.match(r.biggest_miss.coaching, /switches between German and English/);
});

// Speed is measured by `npm run bench` (a 60-minute call under 200 ms), never asserted here. What is
// asserted is the absence of runaway (quadratic) work, as in the eval: that takes minutes on this
// input, linear work a few seconds even on a loaded machine.
const RUNAWAY_MS = 20_000;

test('500,000 characters: no runaway work, valid verbatim quotes', () => {
  const sources = corpusFiles().filter((f) => f.endsWith('.txt')).map(corpus);
  const huge = buildLongTranscript(sources, 90_000).slice(0, 500_000);
  assert.ok(huge.length >= 499_000);
  const c0 = process.cpuUsage();
  const r = valid(huge, 'en');
  const ms = (process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000;
  assert.ok(ms < RUNAWAY_MS, `${ms} ms CPU`);
  assert.ok((r.metrics.words ?? 0) > 60_000);
  for (const m of [r.biggest_miss, r.strongest_moment, ...r.moments]) assert.ok(norm(huge).includes(norm(m.quote)));
});

test('a very long unpunctuated line (raw speech-to-text) is quoted as a short verbatim window', () => {
  const words = 'also wir haben das problem dass die angebote ewig dauern und das kostet uns jede woche zehn stunden '.repeat(200);
  const t = `Anna: hallo hier ist anna von nordlicht wie läuft das bei ihnen\nBen: ${words}\nAnna: was bedeutet das für sie`;
  const r = valid(t);
  for (const m of [r.biggest_miss, r.strongest_moment, ...r.moments]) assert.ok(m.quote.length <= 240, String(m.quote.length));
});

test('garbage input does not crash', () => {
  valid('\u0000\u0001 binary ÿþ data ::: ::: 12:34 --> 56:78\n\t\t€€€ ok');
  valid(':::::\nA:\nB:\nA: ja\nB: nein');
  valid('<v Anna>Hallo</v>\n<v Ben>Hi</v>');
});

test('BuiltinAnalyzer: same result as analyzeTranscript, costs nothing, deterministic', async () => {
  const t = corpus('de_sie_discovery_good.txt');
  const { result, costCents } = await new BuiltinAnalyzer().analyze({ transcript: t, language: 'de' });
  assert.equal(costCents, 0);
  assert.equal(result.analyzer, 'builtin');
  assert.deepEqual(result, analyzeTranscript({ transcript: t, language: 'de' }));
  await assert.rejects(new BuiltinAnalyzer().analyze({ transcript: '  ', language: 'de' }), AnalysisError);
});

