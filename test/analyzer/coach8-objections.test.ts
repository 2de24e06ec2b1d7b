// Coach review 8 (H1, M2, M3, M4): objections in more everyday phrasings (a named firm's offer, where
// the customer already buys, looking at it with the spouse who decides, "a calendar that's enough",
// "well covered", professional secrecy, a compliance officer's veto as a data-protection concern,
// "make it quick", "send me a price list", a minimum above what they use); false positives removed
// („mitten in …“ about a process or a story is no "not now", a free feature in the pitch is no
// concession); handled-ness (the decider included at once and invited in the next turn, a label of the
// concern acknowledges it, the customer's answer to the rep's question is no second objection).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';
import { explainScores } from '../../src/calls/analyzer/builtin/index.ts';
import { pitchCallDe, pitchCallEn } from './helpers.ts';
import { FREE_EXTRA_RE } from '../../src/calls/analyzer/builtin/lexicon.ts';

const DE = pitchCallDe;
const EN = pitchCallEn;

function objections(transcript: string, language: 'de' | 'en' = 'en') {
  return analyzeTranscript({ transcript, language }).metrics.objections;
}

const DETECTED: Array<[string, string[], string[]]> = [
  // [type, German, English]
  ['timing', ['Ich bin gerade mitten in einem Termin.', 'Wir stecken gerade mitten in der Inventur.', "Machen Sie's kurz."], ["We're about to open for lunch, so make it quick.", 'Keep it short, please.']],
  ['competitor', ['Die Firma Lichtblick Dachtechnik hat uns 71.000 angeboten.', 'Wir beziehen unseren Kaffee schon seit Jahren von Tchibo.'], ['We already buy our wines from Vinport.', 'The company Acme quoted us 40 dollars a seat.']],
  ['authority', ['Das muss ich mir aber nochmal mit meinem Mann anschauen, der Hof gehört uns beiden.', 'Das schau ich mir mit meiner Chefin in Ruhe an.'], ['I need to look at it with my husband.', "We'd have to go through the quote with our owner.", 'Our CFO and our compliance officer have to sign off on that.']],
  ['status_quo', ['Wir haben eigentlich schon einen Kalender, der reicht.', 'Aber ich sage gleich, wir sind über unsere Berufshaftpflicht eigentlich gut abgesichert.'], ['We already have a calendar, and it does the job.', "Honestly, we're already well covered."]],
  ['adoption', ['Wir unterliegen der Verschwiegenheitspflicht, ich gebe keine Details über unsere Systeme an Dritte heraus.', 'Unser Datenschutzbeauftragter wird das nie freigeben.'], ["We don't share any details about our systems with third parties.", 'Our compliance officer will never sign off on that.']],
  ['send_material', ['Schick mir mal eure Preisliste.'], ['Look, I really have to go. Send me a price list.']],
  ['price', ['Hm, zehn Kilo ist aber schon mehr, als wir brauchen.'], ["That's more than we need."]],
];

for (const [type, de, en] of DETECTED) {
  for (const [sentence, call, lang] of [...de.map((s) => [s, DE, 'de'] as const), ...en.map((s) => [s, EN, 'en'] as const)]) {
    test(`"${sentence}" is an objection of type ${type}`, () => {
      const found = objections(call(sentence), lang);
      assert.ok(found.some((o) => o.type === type), `${sentence}: ${JSON.stringify(found)}`);
    });
  }
}

// Near sentences that must not be read as an objection of that type.
const NOT_THAT: Array<[string, string]> = [
  // H1: „mitten in …“ about a process or a story.
  ['timing', DE('Ich will nicht, dass mitten in einer Messreihe das System neu startet.')],
  ['timing', DE('Die Kanzlei war neun Tage komplett offline, mitten in der Abgabefrist.')],
  ['timing', EN('Just make it quick to set up, that is all I ask.')],
  // A supplier of something else, without "already"; a named firm that offered something else.
  ['competitor', EN('We buy our parts from Bosch.')],
  ['competitor', DE('Wir kaufen die Teile bei Bosch.')],
  // The team is no decider.
  ['authority', DE('Das schau ich mir mit meinen Leuten an.')],
  ['authority', EN("I'll look at it with my team.")],
  // A compliance officer's veto is a data-protection concern, not who decides.
  ['authority', EN('Our compliance officer will never sign off on that.')],
  // Not covered, not enough.
  ['status_quo', DE('Wir sind da leider nicht gut abgesichert.')],
  ['status_quo', DE('Wir haben schon einen Kalender, aber der reicht nicht.')],
  ['status_quo', EN("We already have a calendar, but it's not enough.")],
  ['adoption', DE('Unsere Mandanten geben uns keine Daten rechtzeitig.')],
  ['send_material', EN('Send me the contract and I will sign it today.')],
  // The customer's own over-ordering is a pain, not the offer's minimum.
  ['price', DE('Wir bestellen immer mehr, als wir brauchen.')],
  ['price', EN('We always order more than we need.')],
];
for (const [type, t] of NOT_THAT) {
  test(`no ${type} objection: ${t.split('\n')[3]}`, () => {
    const found = objections(t, /^Verkäufer/.test(t) ? 'de' : 'en');
    assert.ok(!found.some((o) => o.type === type), JSON.stringify(found));
  });
}

test('M4: "for free" is a concession only as an offer to this customer', () => {
  for (const s of [
    'And to make it easier, I could probably include the onboarding for the product team for free.',
    'What if we set up the approval flow for you ourselves, free of charge?',
    'I can do the set-up at no extra cost.',
  ]) {
    assert.ok(FREE_EXTRA_RE.test(s), s);
  }
  for (const s of [
    'So we deliver twice a week, we have no minimum order, and our sommelier can train your staff for free.',
    'Onboarding takes less than a day and we port your existing numbers for free.',
  ]) {
    assert.ok(!FREE_EXTRA_RE.test(s), s);
  }
  const call = (rep: string) =>
    `Rep: Hi Marco, this is Jake from Cellar Direct. ${rep}\nCustomer: We already buy our wines from Vinport.\nRep: What do you like about them?\nCustomer: They are cheap.\n`;
  const feature = explainScores({ transcript: call('We deliver twice a week, and our sommelier can train your staff for free.'), language: 'en' });
  assert.ok(!feature.objection_handling.some((l) => /concession/.test(l)), feature.objection_handling.join('; '));
  const given = explainScores({ transcript: call('I could train your staff for free if you like.'), language: 'en' });
  assert.ok(given.objection_handling.some((l) => /concession given away/.test(l)), given.objection_handling.join('; '));
});

test('the decider included at once and invited to a meeting in the next turn handles the authority objection', () => {
  const t = [
    'Jonas: Hallo Kathrin, hier ist Jonas von Sonnwerk. Das Angebot für die Anlage ist fertig.',
    'Kathrin: Danke. Das muss ich mir aber nochmal mit meinem Mann anschauen, der Hof gehört uns beiden.',
    'Jonas: Klar, das sollte Thomas auch mit entscheiden. Die Anlage deckt gut 70 Prozent eures Bedarfs.',
    'Kathrin: Das klingt gut.',
    'Jonas: Wollen wir uns nächste Woche zu dritt zusammensetzen, mit Thomas?',
    'Kathrin: Ja, Donnerstag Abend.',
    '',
  ].join('\n');
  const found = analyzeTranscript({ transcript: t, language: 'de' }).metrics.objections;
  assert.deepEqual(found, [{ type: 'authority', handled: true }]);
  // Without the invitation it is not handled.
  const alone = t.replace('Wollen wir uns nächste Woche zu dritt zusammensetzen, mit Thomas?', 'Dann schick ich dir das Angebot.');
  assert.deepEqual(analyzeTranscript({ transcript: alone, language: 'de' }).metrics.objections, [{ type: 'authority', handled: false }]);
});

test('a label of the concern acknowledges it; the answer to the question about it is no second objection', () => {
  const t = [
    'Rep: Hi Priscilla, it is Marcus from Carelink. With Carelink an open shift goes to every caregiver nearby at once.',
    'Customer: I like that. But our compliance officer will never sign off on that.',
    'Rep: So the concern is that patient messages end up in our app. Can I ask what exactly your compliance officer looks for?',
    'Customer: A business associate agreement, and where the data is stored.',
    'Rep: We sign a BAA as standard and the data stays in US data centers. Does that cover what she would ask?',
    'Customer: Mostly, yes.',
    '',
  ].join('\n');
  const found = analyzeTranscript({ transcript: t, language: 'en' }).metrics.objections;
  assert.deepEqual(found, [{ type: 'adoption', handled: true }]);
  const ex = explainScores({ transcript: t, language: 'en' });
  assert.ok(ex.objection_handling.some((l) => /=5 mean handling quality 4\.00 over 1/.test(l)), ex.objection_handling.join('; '));
});
