import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';

const OPEN_DE = 'Rep: Hallo Frau Lehmann, hier ist Tom von der Nordlicht GmbH. Wie läuft es bei Ihnen?\nKundin: Ganz gut, danke. Wir hatten uns das Angebot angeschaut.\n';
const OPEN_EN = 'Rep: Hi Laura, this is Tom from Nordlicht. How are things on your side?\nCustomer: Good, thanks. We looked at the proposal.\n';
const LAER_DE = 'Rep: Das verstehe ich, danke für die Offenheit. Was genau meinen Sie damit?\n';
const DEFEND_DE = 'Rep: Aber unser Produkt ist wirklich das beste am Markt, das lohnt sich auf jeden Fall.\n';
const IGNORE_DE = 'Rep: Okay. Dann zeige ich Ihnen jetzt noch das Dashboard.\n';
const LAER_EN = 'Rep: I understand, thanks for being upfront. What exactly is behind that?\n';
const DEFEND_EN = "Rep: But our product is really better than anything else, it pays for itself.\n";

const CASES: Array<{ type: string; de: string; en: string }> = [
  { type: 'price', de: 'Das ist uns ehrlich gesagt zu teuer.', en: "Honestly, that's too expensive for us." },
  { type: 'budget', de: 'Wir haben dieses Jahr kein Budget mehr dafür.', en: "We don't have the budget for this right now." },
  { type: 'timing', de: 'Gerade ist kein guter Zeitpunkt, melden Sie sich im nächsten Quartal.', en: "It's not a good time, let's revisit next quarter." },
  { type: 'competitor', de: 'Wir arbeiten schon mit einem anderen Anbieter zusammen.', en: 'We already work with another vendor for that.' },
  { type: 'status_quo', de: 'Ehrlich gesagt läuft das bei uns eigentlich ganz gut so.', en: "Honestly, we're happy with what we have." },
  { type: 'authority', de: 'Das muss ich erst mit meinem Chef absprechen.', en: 'I need to run it by my boss first.' },
  { type: 'send_material', de: 'Schicken Sie mir doch einfach mal Unterlagen.', en: 'Just send me some information by email.' },
];

function objections(transcript: string) {
  return analyzeTranscript({ transcript, language: 'de' }).metrics.objections;
}

for (const c of CASES) {
  test(`objection ${c.type} (de): detected; LAER handles it, defending or ignoring does not`, () => {
    const handled = objections(`${OPEN_DE}Kundin: ${c.de}\n${LAER_DE}Kundin: Okay.\n`);
    assert.ok(handled.some((o) => o.type === c.type && o.handled), JSON.stringify(handled));
    const defended = objections(`${OPEN_DE}Kundin: ${c.de}\n${DEFEND_DE}Kundin: Okay.\n`);
    assert.ok(defended.some((o) => o.type === c.type && !o.handled), JSON.stringify(defended));
    const ignored = objections(`${OPEN_DE}Kundin: ${c.de}\n${IGNORE_DE}Kundin: Okay.\n`);
    assert.ok(ignored.some((o) => o.type === c.type && !o.handled), JSON.stringify(ignored));
  });
  test(`objection ${c.type} (en): detected; LAER handles it, defending does not`, () => {
    const handled = objections(`${OPEN_EN}Customer: ${c.en}\n${LAER_EN}Customer: Okay.\n`);
    assert.ok(handled.some((o) => o.type === c.type && o.handled), JSON.stringify(handled));
    const defended = objections(`${OPEN_EN}Customer: ${c.en}\n${DEFEND_EN}Customer: Okay.\n`);
    assert.ok(defended.some((o) => o.type === c.type && !o.handled), JSON.stringify(defended));
  });
}

test('no false objections in a neutral exchange, negations and price questions', () => {
  const t = `${OPEN_DE}Kundin: Das ist gar nicht so teuer, und das Thema Preis ist kein Problem. Was kostet denn die Einrichtung?\nRep: Einmalig 500 Euro.\nKundin: Gut.`;
  assert.deepEqual(objections(t), []);
  const en = `${OPEN_EN}Customer: That's not too expensive, actually. What does onboarding cost?\nRep: 500 dollars once.\nCustomer: Fine.`;
  assert.deepEqual(objections(en), []);
});

test("answers to the rep's own qualifying question are not objections", () => {
  const t = 'Rep: Hallo, hier ist Tom von Nordlicht. Wer entscheidet bei Ihnen darüber?\nKundin: Das muss ich mit meinem Chef absprechen, der entscheidet am Ende.\nRep: Danke.';
  assert.deepEqual(objections(t), []);
});

test('an unhandled price objection becomes the biggest miss with a matching method', () => {
  const t = [
    'Rep: Hallo Frau Lehmann, hier ist Tom von der Nordlicht GmbH. Wie viele Nutzer wären es denn?',
    'Kundin: Etwa zwanzig Leute im Vertrieb, verteilt auf drei Standorte, und alle arbeiten bisher mit Excel-Listen.',
    'Rep: Und wann wollen Sie starten? Wer entscheidet?',
    'Kundin: Im Herbst, und das entscheide ich zusammen mit unserem Geschäftsführer. Aber das ist uns ehrlich gesagt zu teuer.',
    'Rep: Aber das ist ein fairer Preis, die anderen sind viel teurer.',
    'Kundin: Hm. Ich weiß nicht, wir müssen da intern nochmal drüber reden.',
    'Rep: Passt Ihnen Dienstag um 10 Uhr für die Demo?',
    'Kundin: Ja, Dienstag um 10 passt.',
    'Rep: Ich schicke Ihnen die Einladung.',
  ].join('\n');
  const r = analyzeTranscript({ transcript: t, language: 'en' });
  assert.deepEqual(r.metrics.objections, [{ type: 'price', handled: false }]);
  assert.equal(r.scores.objection_handling, 2);
  assert.ok(['laer', 'feel_felt_found', 'voss_label'].includes(r.biggest_miss.method ?? ''), r.biggest_miss.method);
  assert.equal(r.biggest_miss.method_label, r.biggest_miss.method === 'laer' ? 'Listen, acknowledge, explore, respond' : r.biggest_miss.method_label);
  assert.equal(r.biggest_miss.quote, 'Aber das ist ein fairer Preis, die anderen sind viel teurer.');
  assert.match(r.biggest_miss.what_to_say_instead, /„[^“]*zu teuer[^“]*“/);
});
