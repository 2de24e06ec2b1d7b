// Coach review 6 (F-1 … F-5, F-9, F-14, F-16, F-17, F-21): objections in everyday phrasings with
// particles and inserted words; a send request that is the invite to an agreed meeting is logistics;
// platforms the rep integrates with are no competitor; a security concern is an objection, never a
// pain; concessions as half price or free months; a question explores an objection only when it is
// about it; more acknowledgements and check-backs; a data-security guarantee is a risky promise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';
import { pitchCallDe, pitchCallEn } from './helpers.ts';
import { CHECK_BACK_RE, ACK_RE, FREE_EXTRA_RE, painText, PAIN_RE } from '../../src/calls/analyzer/builtin/lexicon.ts';

const DE = pitchCallDe;
const EN = pitchCallEn;

function analyze(transcript: string, language: 'de' | 'en' = 'en') {
  return analyzeTranscript({ transcript, language });
}
function objections(transcript: string) {
  return analyze(transcript).metrics.objections;
}

const DETECTED: Array<[string, string[]]> = [
  // F-2: status quo and competitor with particles, Swiss „Offerte“.
  ['status_quo', ['Wir suchen eigentlich kein neues System.', 'Wir haben jemanden, der das macht.', 'Ich hab einen Steuerberater, der das erledigt.', 'Wir sind nicht auf der Suche nach einem neuen Tool.']],
  ['status_quo', ["I'm not looking for another system.", "We're honestly not looking for a new tool.", "We've got a guy who does our payroll.", 'We have someone who handles that.', 'I have a bookkeeper who takes care of it.']],
  ['competitor', ['Wir schauen uns aber auch Spacebase Pro an.', 'Wir schauen uns ehrlich gesagt parallel Planradar an.', 'Wir haben eine Offerte von Hotelbird.', 'Wir haben schon eine Offerte von einem anderen Anbieter.']],
  // F-3: data location, cloud rules, a security review; authority with an adjective and „ohne ihn“.
  ['adoption', ['Wo liegen denn die Daten?', 'Cloud-Lösungen sind bei uns ein schwieriges Thema.', 'Ohne Datenschutzprüfung geht bei uns nichts rein.', 'Das müsste ich mit unserem Datenschutzbeauftragten anschauen.']],
  ['adoption', ['Where is the client data stored?', "I'm not connecting anything to our system without a security review.", 'Cloud software is a no-go for us.']],
  ['authority', ['Über das Budget entscheidet am Ende der kaufmännische Direktor.', 'Ohne ihn geht so etwas nicht durch.', 'Das entscheidet bei uns der Patron.', 'Nothing goes through without her sign-off.']],
  // F-4: budget with inserted words.
  ['budget', ['Heuer ist das Budget ehrlich gesagt verplant.', 'Das Budget ist halt schon komplett verplant.', "The budget's honestly already spent."]],
  // F-9: a timing brush-off without a verb.
  ['timing', ['Nee, ehrlich, gerade ganz schlecht, ich steh in der Backstube.', 'Passt grad echt nicht.', 'Sorry, ist gerade schlecht.']],
  // F-5: a monthly amount that is "a lot".
  ['price', ['Hm, 49 a month is a lot for us.', '89 Euro im Monat ist schon happig.']],
];

for (const [type, sentences] of DETECTED) {
  for (const sentence of sentences) {
    test(`"${sentence}" is an objection of type ${type}`, () => {
      const german = /[äöüß]|\b(?:ich|wir|das|ist|sind|mein|der|nee|passt|heuer)\b/i.test(sentence);
      const found = objections((german ? DE : EN)(sentence));
      assert.ok(found.some((o) => o.type === type), `${sentence}: ${JSON.stringify(found)}`);
    });
  }
}

const NOT_OBJECTIONS = [
  DE('Wir schauen uns das gerne in Ruhe an, klingt spannend.'),
  DE('Die Zahlen sind gerade schlecht, weil die Saison vorbei ist, aber das ist normal.'),
  DE('Wir haben einen Mitarbeiter, der die Touren plant.'),
  EN("We're looking for a new system, that's why I took the call."),
  EN("We've got a guy who left last month, so we're hiring."),
  EN('Closing 20 a month is a lot of work for us.'),
  EN('I have a company that does roofing, about twenty guys.'),
  EN('It has to stay in the budget we agreed, and it will.'),
];
for (const t of NOT_OBJECTIONS) {
  test(`no objection: ${t.split('\n')[3]}`, () => {
    assert.deepEqual(objections(t), []);
  });
}

test('F-3: a security concern is no pain and never gets a cost question', () => {
  for (const s of ['Cloud-Lösungen sind bei uns ein schwieriges Thema.', "Cloud tools are a difficult topic here, I'm not connecting anything without a security review."]) {
    assert.ok(!PAIN_RE.test(painText(s)), s);
  }
  // A real problem in the same words stays a pain.
  assert.ok(PAIN_RE.test(painText('Die Abstimmung mit der IT ist bei uns ein schwieriges Thema.')));
  const r = analyze(DE('Wo liegen die Daten? Cloud-Lösungen sind bei uns ein schwieriges Thema.'), 'de');
  assert.equal(r.metrics.pains, 0);
  assert.ok(r.metrics.objections.some((o) => o.type === 'adoption'));
  assert.doesNotMatch(r.biggest_miss.what_to_say_instead, /kostet Sie das im Monat/);
});

test('F-1: a send request with the agreement of a dated meeting, or for the invite, is logistics', () => {
  const en = [
    'Rep: Hi Mark, Aaron from Tallyboard. How do you track your equipment today?',
    'Customer: Paper tickets, mostly. It takes my guys half a day every time something goes missing.',
    'Rep: Then I suggest fifteen minutes next week. Would Tuesday at 7:30 work?',
    'Customer: Tuesday at 7:30. Fine, send me something.',
    "Rep: Will do, I'll send the invite right after this call. What's the best address?",
    'Customer: mark@ridgeline.com.',
  ].join('\n');
  for (const language of ['en', 'de'] as const) {
    const r = analyzeTranscript({ transcript: en, language });
    assert.ok(!r.metrics.objections.some((o) => o.type === 'send_material'), JSON.stringify(r.metrics.objections));
    const texts = [r.biggest_miss.what_to_say_instead, r.commitment, ...[r.biggest_miss, ...r.moments].flatMap((m) => [m.why, m.coaching])];
    assert.ok(!texts.some((x) => /Thursday|Donnerstag/.test(x ?? '')), texts.join(' | '));
  }
  const du = [
    'Verkäufer: Hi Lukas, Mira von Fasslogik. Wie behaltet ihr heute den Überblick über eure Fässer?',
    'Kunde: Gar nicht, ehrlich. Jedes Jahr kaufen wir dreihundert neue nach.',
    'Verkäufer: Wie schaut es bei euch nächsten Mittwoch um 15 Uhr aus, mit deinem Vater?',
    'Kunde: Mittwoch geht. Den Papa bring ich mit.',
    'Verkäufer: Passt, dann lade ich euch beide ein. Welche Mail-Adresse hat dein Vater?',
    "Kunde: Schick's einfach an mich, ich leite es weiter.",
    'Verkäufer: Mach ich. Bis Mittwoch!',
  ].join('\n');
  assert.ok(!objections(du).some((o) => o.type === 'send_material'), JSON.stringify(objections(du)));
  // Without an agreed meeting it is still a brush-off.
  assert.ok(objections(EN('Just send me something.')).some((o) => o.type === 'send_material'));
  assert.ok(objections(DE('Schicken Sie mir einfach mal Unterlagen.')).some((o) => o.type === 'send_material'));
});

test('F-5: platforms the rep integrates with are context; a tool the rep does not integrate with is a competitor', () => {
  const call = (cust: string, reply: string) =>
    [
      'Rep: Thanks for calling Shipwell, this is Kyle.',
      'Customer: Hi, I run an online candle store.',
      'Rep: Great. We print labels, batch ship, and we integrate with Shopify, Etsy, WooCommerce and Amazon.',
      `Customer: ${cust}`,
      `Rep: ${reply}`,
      'Customer: Okay.',
    ].join('\n');
  assert.ok(!objections(call("We're on Shopify and Etsy.", 'Perfect, setup takes ten minutes.')).some((o) => o.type === 'competitor'));
  assert.ok(!objections(call('We sell through Squarespace.', 'Perfect, we integrate with that too.')).some((o) => o.type === 'competitor'));
  assert.ok(objections(call('We already use ShipStation.', 'Okay, setup takes ten minutes.')).some((o) => o.type === 'competitor'));
});

test('F-5: "I don\'t pay anything except X" right after a price is a price objection; without a price it is none', () => {
  const call = (price: string) =>
    [
      'Rep: Thanks for calling Shipwell, this is Kyle.',
      'Customer: Hi, I run an online candle store and ship about 150 orders a day.',
      `Rep: ${price}`,
      "Customer: Hm. Right now I don't pay anything except postage.",
      'Rep: Right, but you will save a lot on the discounted rates.',
      'Customer: Okay.',
    ].join('\n');
  const found = objections(call('Our Growth plan is 49 dollars a month.'));
  assert.ok(found.some((o) => o.type === 'price' && !o.handled), JSON.stringify(found));
  assert.deepEqual(objections(call('We print labels and batch ship your orders.')), []);
});

test('F-4: half price and free months are concessions; a free trial is none', () => {
  for (const s of [
    'Wissen Sie was, ich kann Ihnen das Modul die ersten sechs Monate um die Hälfte geben.',
    'Ich gebe dir zwei Monate gratis dazu.',
    'I can give you the first three months free.',
    "I'll do it for half off.",
    'Das Modul bekommen Sie zum halben Preis.',
  ]) {
    assert.ok(FREE_EXTRA_RE.test(s), s);
  }
  for (const s of ['Sie können das zwei Wochen kostenlos testen.', 'You get two weeks free to try it out.', 'Damit reduzieren Sie Ihren Aufwand um die Hälfte.']) {
    assert.ok(!FREE_EXTRA_RE.test(s), s);
  }
  const call = [
    'Verkäufer: Grüß Gott Frau Hofbauer, Stefan von Druckwerk. Ich ruf an wegen Ihrer Verlängerung.',
    'Kundin: Ja, die machen wir wie gehabt.',
    'Verkäufer: Sehr gut. Wir haben ein neues Modul für die Auftragsplanung, das Ihnen jeden Abend zwei Stunden spart.',
    'Kundin: Klingt nicht schlecht, aber heuer ist das Budget ehrlich gesagt verplant.',
    'Verkäufer: Verstehe. Ich kann Ihnen das Modul die ersten sechs Monate um die Hälfte geben.',
    'Kundin: Hm, ich überlege es mir.',
  ].join('\n');
  const r = analyze(call, 'de');
  assert.ok(r.metrics.objections.some((o) => o.type === 'budget' && !o.handled), JSON.stringify(r.metrics.objections));
  assert.ok(r.scores.objection_handling <= 1);
  assert.ok([r.biggest_miss, ...r.moments].some((m) => m.quote.includes('um die Hälfte')), JSON.stringify(r.biggest_miss));
});

test('F-16: a question about something else does not explore the objection', () => {
  const call = (q: string) =>
    [
      'Rep: Hi Mike, Tyler from Dispatchly. How do you schedule your techs today?',
      "Customer: On the phone, mostly. My wife does it, and we still miss calls.",
      'Rep: Are you the one who would make the decision on software?',
      "Customer: Me and my wife. We're also looking at Fieldpro.",
      `Rep: Okay. ${q}`,
      'Customer: Hm, not sure.',
    ].join('\n');
  assert.ok(objections(call("And do you know roughly when you'd want something in place?")).some((o) => o.type === 'competitor' && !o.handled));
  assert.ok(objections(call('What do you like about Fieldpro so far?')).some((o) => o.type === 'competitor' && o.handled));
  assert.ok(objections(call('What would be most important to you when you compare?')).some((o) => o.type === 'competitor' && o.handled));
});

test('F-17: more acknowledgements and check-backs', () => {
  for (const s of ["I'm glad you told me that.", 'Glad you said it now.', 'Danke, dass Sie das so offen sagen.', 'Schön, dass Sie das ansprechen.', 'Alles klar, dann halt ich dich nicht auf.', "No problem, I won't keep you."]) {
    assert.ok(ACK_RE.test(s), s);
  }
  for (const s of ['Wenn wir nur die Zimmerreinigung vergleichen, wo stehen wir dann für Sie?', 'Ist das so recht für Sie?', 'Wäre das so für Ihr Team machbar?', "Would that be an exception they'd consider?", 'So the GPS covers the big machines. Does that sound right?']) {
    assert.ok(CHECK_BACK_RE.test(s), s);
  }
  for (const s of ['Would that be Tuesday or Wednesday?', 'Wo stehen die Fässer?']) {
    assert.ok(!CHECK_BACK_RE.test(s), s);
  }
});

test('F-9: a brush-off turned into a dated, agreed callback is handled', () => {
  const call = [
    '00:00:01 Jana Voss: Moin Ole, Jana von Teigwerk hier. Ich ruf an, weil eure Filialbestellungen noch per Fax laufen. Hast du zwei Minuten?',
    '00:00:10 Ole Petersen: Moin. Nee, ehrlich, gerade ganz schlecht, ich steh in der Backstube.',
    '00:00:15 Jana Voss: Okay. Wann passt es dir für zehn Minuten – Donnerstag um 14 Uhr?',
    '00:00:21 Ole Petersen: Donnerstag zwei geht.',
    '00:00:24 Jana Voss: Super, ich schick dir die Einladung. Bis Donnerstag!',
    '00:00:28 Ole Petersen: Jo, bis dann.',
  ].join('\n');
  const r = analyze(call, 'de');
  assert.deepEqual(r.metrics.objections, [{ type: 'timing', handled: true }]);
  assert.ok(r.scores.objection_handling >= 4, JSON.stringify(r.scores));
});

test('F-21: a guarantee about data security is a risky promise', () => {
  const call = [
    'Verkäuferin: Guten Tag, Sandra Lehmkuhl von Sterilo. Wir haben eine Lösung für die Instrumentenverfolgung mit Dashboard und App.',
    'Kunde: Wo liegen die Daten? Cloud-Lösungen sind bei uns ein schwieriges Thema.',
    'Verkäuferin: Unsere Server stehen in Frankfurt, wir sind ISO-zertifiziert. Das kann ich Ihnen garantieren.',
    'Kunde: Das müsste ich mir trotzdem anschauen.',
    'Verkäuferin: Natürlich. Ich melde mich nächste Woche.',
    'Kunde: In Ordnung.',
  ].join('\n');
  const r = analyze(call, 'de');
  assert.ok([r.biggest_miss, ...r.moments].some((m) => m.quote.includes('Das kann ich Ihnen garantieren')), JSON.stringify([r.biggest_miss, ...r.moments].map((m) => m.quote)));
});
