import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript, type AnalysisResult, type Language, validateAnalysis } from '../../src/calls/analyzer/index.ts';
import { corpus } from './helpers.ts';

const transcript = corpus('de_sie_negotiation_price_defended.txt');
const ctx = (language: Language) => ({ transcript, language, callLanguage: 'de' as const, formOfAddress: 'Sie' as const });
const fresh = (language: Language): AnalysisResult => structuredClone(analyzeTranscript({ transcript, language }));

test('a built-in result is valid in both languages', () => {
  assert.deepEqual(validateAnalysis(fresh('de'), ctx('de')), []);
  assert.deepEqual(validateAnalysis(fresh('en'), ctx('en')), []);
});

test('rejects a quote that is not verbatim, but accepts different whitespace', () => {
  const r = fresh('de');
  r.moments[1].quote = 'Der Preis ist zu hoch, sagte die Kundin.';
  const problems = validateAnalysis(r, ctx('de'));
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^moments\[1\]\.quote is not verbatim/);
  const ok = fresh('de');
  ok.biggest_miss.quote = ok.biggest_miss.quote.replace(/ /g, '\n  ');
  assert.deepEqual(validateAnalysis(ok, ctx('de')), []);
});

test('rejects coaching texts in the wrong language', () => {
  const r = fresh('en');
  r.biggest_miss.why = 'Hier wurde der Einwand sofort verteidigt, statt nachzufragen, was dahintersteckt.';
  r.commitment = 'Im nächsten Gespräch stelle ich nach jedem Einwand eine offene Frage.';
  const problems = validateAnalysis(r, ctx('en'));
  assert.ok(problems.some((p) => p.startsWith('biggest_miss.why is not in English')), problems.join('\n'));
  assert.ok(problems.some((p) => p.startsWith('commitment is not in English')), problems.join('\n'));
  const de = fresh('de');
  de.strongest_moment.coaching = 'Keep asking open questions like this one, and then listen to the answer.';
  assert.ok(validateAnalysis(de, ctx('de')).some((p) => p.startsWith('strongest_moment.coaching is not in German')));
});

test('method_label: required with method in en, equal to the catalogue label; absent in de', () => {
  const en = fresh('en');
  assert.ok(en.biggest_miss.method, 'the miss names a method');
  delete en.biggest_miss.method_label;
  assert.ok(validateAnalysis(en, ctx('en')).some((p) => p === 'biggest_miss.method_label is missing (language en requires it with method)'));
  const wrong = fresh('en');
  wrong.biggest_miss.method_label = 'Some label';
  assert.ok(validateAnalysis(wrong, ctx('en')).some((p) => p.startsWith('biggest_miss.method_label must be')));
  const de = fresh('de');
  de.biggest_miss.method_label = 'Labeling';
  assert.ok(validateAnalysis(de, ctx('de')).some((p) => p === 'biggest_miss.method_label must be absent when language is de'));
  const unknown = fresh('de') as unknown as { biggest_miss: { method: string } };
  unknown.biggest_miss.method = 'aida';
  assert.ok(validateAnalysis(unknown, ctx('de')).some((p) => p.includes('is not in the method catalogue')));
});

test('what_to_say_instead: call language and the rep’s form of address, never mixed', () => {
  const english = fresh('en');
  english.biggest_miss.what_to_say_instead = 'I hear you. Compared to what does it feel expensive for you?';
  assert.ok(validateAnalysis(english, ctx('en')).some((p) => p.startsWith('biggest_miss.what_to_say_instead is not in German')));
  const du = fresh('de');
  du.biggest_miss.what_to_say_instead = 'Das verstehe ich. Im Vergleich wozu wirkt es teuer für dich?';
  assert.ok(validateAnalysis(du, ctx('de')).some((p) => p === 'biggest_miss.what_to_say_instead uses du although the salesperson said Sie'));
  const mixed = fresh('de');
  mixed.biggest_miss.what_to_say_instead = 'Das verstehe ich. Was meinen Sie genau, und was brauchst du dafür?';
  assert.ok(validateAnalysis(mixed, ctx('de')).some((p) => p.startsWith('biggest_miss.what_to_say_instead mixes du')));
  const mixedUnknown = fresh('de');
  mixedUnknown.biggest_miss.what_to_say_instead = mixed.biggest_miss.what_to_say_instead;
  assert.ok(validateAnalysis(mixedUnknown, { ...ctx('de'), formOfAddress: null }).some((p) => p.includes('mixes du')));
});

test('schema: five integer scores 1–5, exactly three moments, required strings', () => {
  const r = fresh('de') as unknown as Record<string, any>;
  r.scores.discovery = 3.5;
  r.scores.value = 0;
  delete r.scores.next_step;
  r.moments.pop();
  r.commitment = '';
  delete r.strongest_moment.speaker;
  const problems = validateAnalysis(r, ctx('de'));
  for (const expected of [
    'scores.discovery must be an integer from 1 to 5 (got 3.5)',
    'scores.value must be an integer from 1 to 5 (got 0)',
    'scores.next_step must be an integer from 1 to 5 (got undefined)',
    'moments must have exactly three entries (got 2)',
    'commitment must be a non-empty string',
    'strongest_moment.speaker must be a non-empty string',
  ]) {
    assert.ok(problems.includes(expected), `${expected}\n${problems.join('\n')}`);
  }
  assert.deepEqual(validateAnalysis(null, ctx('de')), ['result is not an object']);
  assert.ok(validateAnalysis({}, ctx('de')).length >= 5);
});
