import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript, countFormsOfAddress, detectFormOfAddress, detectLanguage } from '../../src/calls/analyzer/index.ts';
import { corpus } from './helpers.ts';

test('detectLanguage: German and English texts, short and long', () => {
  assert.equal(detectLanguage('Das ist uns ehrlich gesagt zu teuer.'), 'de');
  assert.equal(detectLanguage('That is honestly too expensive for us.'), 'en');
  assert.equal(detectLanguage('Wir verlieren jede Woche Kunden, weil die Angebote zu lange dauern.'), 'de');
  assert.equal(detectLanguage('We lose customers every week because our quotes take too long.'), 'en');
  assert.equal(detectLanguage('Größe Übergabe Änderung'), 'de');
  assert.equal(detectLanguage('OK', 'en'), 'en', 'no signal: fallback');
  assert.equal(detectLanguage('OK'), 'de', 'default fallback is de');
});

test('detectFormOfAddress: du forms, Sie forms, capitalised mid-sentence only', () => {
  assert.equal(detectFormOfAddress('Wie läuft das bei dir? Was kostet dich das?'), 'du');
  assert.equal(detectFormOfAddress('Wie läuft das bei euch, und wer entscheidet in eurem Team?'), 'du');
  assert.equal(detectFormOfAddress('Wie läuft das bei Ihnen? Passt Ihnen Dienstag?'), 'Sie');
  assert.equal(detectFormOfAddress('Was kostet Sie das, und wie sieht Ihr Team das?'), 'Sie');
  assert.equal(detectFormOfAddress('Sie haben gesagt, dass es teuer ist.'), 'Sie');
  // third person and sentence-initial "Ihr" are not forms of address
  assert.equal(detectFormOfAddress('Die Kunden sagen, sie haben keine Zeit. Ihr Chef auch nicht.'), null);
  assert.equal(detectFormOfAddress('Ich gebe ihr das Angebot.'), null);
  assert.equal(detectFormOfAddress('We will send you the invite.'), null);
  assert.deepEqual(countFormsOfAddress('Kannst du mir sagen, was Sie meinen?'), { du: 1, sie: 1 });
});

test("the call's own language is detected from its words, independent of the requested language", () => {
  const en = corpus('en_discovery_good.txt');
  const de = corpus('de_sie_discovery_good.txt');
  for (const language of ['de', 'en'] as const) {
    assert.equal(analyzeTranscript({ transcript: en, language }).call_language, 'en');
    assert.equal(analyzeTranscript({ transcript: de, language }).call_language, 'de');
  }
  const mixed = analyzeTranscript({ transcript: corpus('mixed_language_de.txt'), language: 'en' });
  assert.equal(mixed.call_language, 'de');
});

test('German calls: the rep’s du or Sie; English calls: null', () => {
  assert.equal(analyzeTranscript({ transcript: corpus('de_du_startup_discovery_good.txt'), language: 'de' }).form_of_address, 'du');
  assert.equal(analyzeTranscript({ transcript: corpus('de_sie_cold_call_good.txt'), language: 'en' }).form_of_address, 'Sie');
  assert.equal(analyzeTranscript({ transcript: corpus('en_cold_call_good.txt'), language: 'de' }).form_of_address, null);
  // The rep's form decides, even if the customer uses the other one.
  const t = 'Lena: Hi Jonas, wie läuft es bei dir? Was brauchst du?\nJonas: Danke, Frau Vogt, wie geht es Ihnen? Haben Sie Zeit?\nLena: Klar, erzähl mal, was dich beschäftigt.';
  assert.equal(analyzeTranscript({ transcript: t, language: 'de', repSpeaker: 'Lena' }).form_of_address, 'du');
});

test('what_to_say_instead follows the call language and the rep’s form, whatever the requested language', () => {
  for (const [file, lang, form] of [
    ['de_du_cold_call_competitor.txt', 'de', 'du'],
    ['de_sie_negotiation_price_defended.txt', 'de', 'Sie'],
    ['en_negotiation_price_defended.txt', 'en', null],
  ] as const) {
    for (const language of ['de', 'en'] as const) {
      const say = analyzeTranscript({ transcript: corpus(file), language }).biggest_miss.what_to_say_instead;
      assert.equal(detectLanguage(say), lang, `${file} ${language}: ${say}`);
      assert.equal(detectFormOfAddress(say), form, `${file} ${language}: ${say}`);
      const c = countFormsOfAddress(say);
      assert.ok(c.du === 0 || c.sie === 0, `never mixed: ${say}`);
    }
  }
});
