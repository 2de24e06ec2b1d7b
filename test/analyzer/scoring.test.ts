import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript, SCORE_DIMENSIONS, type ScoreDimension } from '../../src/calls/analyzer/index.ts';
import { questionTarget } from '../../src/calls/analyzer/builtin/score.ts';
import { corpus, corpusFiles } from './helpers.ts';

function scores(transcript: string) {
  return analyzeTranscript({ transcript, language: 'de' }).scores;
}

test('every corpus call gets five integer scores from 1 to 5', () => {
  for (const f of corpusFiles()) {
    const s = scores(corpus(f));
    assert.deepEqual(Object.keys(s).sort(), [...SCORE_DIMENSIONS].sort(), f);
    for (const d of SCORE_DIMENSIONS) assert.ok(Number.isInteger(s[d]) && s[d] >= 1 && s[d] <= 5, `${f} ${d}=${s[d]}`);
  }
});

test('good calls beat their poor counterparts on the dimensions that differ', () => {
  const pairs: Array<[string, string, ScoreDimension[]]> = [
    ['de_sie_discovery_good.txt', 'de_sie_discovery_poor.txt', ['discovery', 'listening', 'value', 'objection_handling', 'next_step']],
    ['de_sie_negotiation_price_good.txt', 'de_sie_negotiation_price_defended.txt', ['objection_handling', 'next_step']],
    ['en_negotiation_price_laer.txt', 'en_negotiation_price_defended.txt', ['discovery', 'objection_handling', 'next_step']],
    ['en_cold_call_good.txt', 'en_cold_call_poor.txt', ['discovery', 'listening', 'objection_handling', 'next_step']],
    ['de_du_startup_discovery_good.txt', 'de_du_startup_poor.txt', ['discovery', 'listening', 'value', 'next_step']],
  ];
  for (const [good, poor, dims] of pairs) {
    const g = scores(corpus(good));
    const p = scores(corpus(poor));
    for (const d of dims) assert.ok(g[d] > p[d], `${good} ${d}=${g[d]} should beat ${poor} ${d}=${p[d]}`);
  }
});

const BASE = [
  'Anna: Hallo Herr Brandt, hier ist Anna von Nordlicht.',
  'Herr Brandt: Hallo.',
  'Anna: Wir haben eine Plattform mit Dashboard, Reporting, Vorlagen und einer App für den Außendienst, alles automatisch und mit einer Schnittstelle zu Ihrem ERP.',
  'Herr Brandt: Unser Problem ist eigentlich, dass die Angebote zu lange dauern.',
  'Anna: Dafür haben wir die Vorlagen-Funktion.',
  'Herr Brandt: Okay.',
];

test('monotonic: a dated, agreed next step with an invite raises next_step', () => {
  const without = scores([...BASE, 'Anna: Ich melde mich mal.', 'Herr Brandt: Tschüss.'].join('\n'));
  const withStep = scores([...BASE, 'Anna: Passt Ihnen Dienstag um 10 Uhr für eine Demo?', 'Herr Brandt: Ja, Dienstag um 10 passt.', 'Anna: Ich schicke Ihnen gleich die Einladung.'].join('\n'));
  assert.ok(withStep.next_step > without.next_step, `${withStep.next_step} > ${without.next_step}`);
  assert.equal(withStep.next_step, 5);
});

test('monotonic: exploring the pain with open questions raises discovery', () => {
  const explored = [
    ...BASE.slice(0, 4),
    'Anna: Was heißt zu lange? Wie oft passiert das?',
    'Herr Brandt: Ein Angebot dauert neun Tage, wir verlieren dadurch fünf Aufträge im Quartal.',
    'Anna: Was kostet Sie das? Und wie wirkt sich das auf das Team aus?',
    'Herr Brandt: Rund 200.000 Euro Umsatz, und die Leute sind frustriert.',
    'Anna: Woran würden Sie merken, dass es gelöst ist? Wer entscheidet bei Ihnen darüber?',
    'Herr Brandt: Wenn ein Angebot in einem Tag rausgeht. Ich entscheide mit dem Geschäftsführer.',
  ];
  assert.ok(scores(explored.join('\n')).discovery > scores(BASE.join('\n')).discovery);
});

test('monotonic: acknowledging and asking back beats defending a price objection', () => {
  const pre = [...BASE, 'Herr Brandt: Das ist uns aber ehrlich gesagt zu teuer.'];
  const defended = scores([...pre, 'Anna: Aber das ist wirklich fair, die Konkurrenz ist viel teurer.', 'Herr Brandt: Hm.'].join('\n'));
  const laer = scores([...pre, 'Anna: Das verstehe ich, danke für die Offenheit. Womit vergleichen Sie den Preis?', 'Herr Brandt: Mit unserer Excel-Lösung.', 'Anna: Beantwortet das Ihre Frage?', 'Herr Brandt: Ja.'].join('\n'));
  assert.ok(laer.objection_handling > defended.objection_handling, `${laer.objection_handling} > ${defended.objection_handling}`);
  assert.ok(defended.objection_handling <= 2);
});

test('monotonic: tying the offer to the customer’s words raises value', () => {
  const tied = [
    'Anna: Hallo Herr Brandt, hier ist Anna von Nordlicht. Wie laufen Ihre Angebote heute?',
    'Herr Brandt: Unser Problem ist, dass die Angebote zu lange dauern, weil die Preise in drei Excel-Listen stehen.',
    'Anna: Was würde es für Sie bedeuten, wenn ein Angebot in einem Tag rausgeht?',
    'Herr Brandt: Wir würden weniger Aufträge verlieren.',
    'Anna: Sie hatten gesagt, dass die Preise in drei Excel-Listen stehen. Mit unserer Lösung liegen alle Preise an einer Stelle, und die Angebote entstehen aus einer Vorlage.',
    'Herr Brandt: Okay.',
  ].join('\n');
  assert.ok(scores(tied).value > scores(BASE.join('\n')).value, `${scores(tied).value} > ${scores(BASE.join('\n')).value}`);
});

test('listening follows talk share and monologue length (rubric thresholds)', () => {
  const customer = 'Herr Brandt: Wir sind zwölf Leute im Vertrieb, arbeiten mit Excel und verlieren viel Zeit mit der Suche nach Preisen in verschiedenen Listen.';
  const balanced = ['Anna: Hallo, hier ist Anna von Nordlicht. Wie arbeiten Sie heute?', customer, 'Anna: Wenn ich Sie richtig verstehe, suchen Sie die Preise in mehreren Listen?', customer].join('\n');
  const long = 'Anna: ' + 'Unsere Plattform hat sehr viele Funktionen und ist wirklich gut. '.repeat(50);
  const dominated = [long, 'Herr Brandt: Okay.'].join('\n');
  const b = analyzeTranscript({ transcript: balanced, language: 'de' });
  const d = analyzeTranscript({ transcript: dominated, language: 'de' });
  assert.ok(b.metrics.rep_talk_share >= 0.25 && b.metrics.rep_talk_share <= 0.5, String(b.metrics.rep_talk_share));
  assert.equal(b.scores.listening, 5, '+2 talk share, +1 short monologues, +1 paraphrase');
  assert.ok(d.metrics.rep_talk_share > 0.9);
  assert.ok(d.metrics.longest_monologue_words > 375);
  assert.equal(d.scores.listening, 1);
});

test('question target scales with call length: 5 for short calls, 11 (Gong) for long ones', () => {
  assert.equal(questionTarget(300), 5);
  assert.equal(questionTarget(800), 8);
  assert.equal(questionTarget(9000), 11);
});

test('timestamps give the monologue in seconds; without them it is null (words are kept)', () => {
  const withTs = analyzeTranscript({ transcript: corpus('en_demo_webvtt.vtt'), language: 'en' });
  assert.ok((withTs.metrics.longest_monologue_seconds ?? 0) > 150, String(withTs.metrics.longest_monologue_seconds));
  assert.ok((withTs.metrics.duration_seconds ?? 0) >= 270);
  assert.equal(withTs.scores.listening, 1);
  const without = analyzeTranscript({ transcript: corpus('en_discovery_poor.txt'), language: 'en' });
  assert.equal(without.metrics.longest_monologue_seconds, null);
  assert.ok(without.metrics.longest_monologue_words > 100);
});
