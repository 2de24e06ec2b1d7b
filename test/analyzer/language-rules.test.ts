import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript, detectFormOfAddress, detectLanguage, METHODS, validateAnalysis } from '../../src/calls/analyzer/index.ts';
import { corpus, corpusFiles, norm } from './helpers.ts';

for (const file of corpusFiles()) {
  test(`language rules and verbatim quotes: ${file}`, () => {
    const transcript = corpus(file);
    for (const language of ['de', 'en'] as const) {
      const r = analyzeTranscript({ transcript, language });
      // 1. coaching texts in the requested language
      for (const t of [r.strongest_moment.why, r.strongest_moment.coaching, r.biggest_miss.why, r.biggest_miss.coaching, r.commitment, ...r.moments.flatMap((m) => [m.why, m.coaching])]) {
        assert.equal(detectLanguage(t), language, t);
      }
      // 2. method_label with method in en (catalogue label), never in de
      for (const m of [r.strongest_moment, r.biggest_miss, ...r.moments]) {
        if (m.method && language === 'en') assert.equal(m.method_label, METHODS[m.method]);
        else assert.equal(m.method_label, undefined);
        assert.ok(norm(transcript).includes(norm(m.quote)), `verbatim: ${m.quote}`);
        assert.ok(m.speaker.length > 0);
      }
      // 3. what_to_say_instead in the call's language and the rep's form of address
      const say = r.biggest_miss.what_to_say_instead;
      assert.equal(detectLanguage(say), r.call_language, say);
      assert.equal(detectFormOfAddress(say), r.form_of_address, say);
      assert.equal(r.moments.length, 3);
      assert.deepEqual(validateAnalysis(r, { transcript, language, callLanguage: r.call_language, formOfAddress: r.form_of_address }), []);
    }
  });
}

test('the commitment is a concrete first-person action for the next call', () => {
  for (const file of ['de_sie_discovery_poor.txt', 'en_cold_call_poor.txt']) {
    const de = analyzeTranscript({ transcript: corpus(file), language: 'de' }).commitment;
    const en = analyzeTranscript({ transcript: corpus(file), language: 'en' }).commitment;
    assert.match(de, /^Im nächsten (Kaltakquise-)?Gespräch .*\bich\b/);
    assert.match(en, /^In my next (cold )?call I will /);
  }
});

test('what_to_say_instead echoes the customer’s own words (a quoted phrase they said)', () => {
  const transcript = corpus('de_sie_discovery_poor.txt');
  const r = analyzeTranscript({ transcript, language: 'en' });
  const quoted = /„([^“]+)“/.exec(r.biggest_miss.what_to_say_instead);
  assert.ok(quoted, r.biggest_miss.what_to_say_instead);
  const customerLines = transcript.split('\n').filter((l) => l.startsWith('Thomas Brandt:')).join('\n');
  assert.ok(customerLines.includes(quoted[1]), quoted[1]);
});

test('a transcript whose words show no language ("hello", "ok") is taken to be in the language of the push', () => {
  for (const [transcript, language] of [['hello', 'en'], ['Rep: Hello?\nKim: Okay.', 'en'], ['hello', 'de'], ['Rep: Okay.\nKim: Hm.', 'de']] as const) {
    const r = analyzeTranscript({ transcript, language });
    assert.equal(r.call_language, language, transcript);
    assert.equal(detectLanguage(r.biggest_miss.what_to_say_instead), language, `${transcript}: ${r.biggest_miss.what_to_say_instead}`);
  }
});
