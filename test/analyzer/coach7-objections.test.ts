// Coach review 7 (H1–H6, M1, M5, M9, M11, M12): objections in more everyday phrasings (churn and
// switching fatigue, a decider in a relative clause, a subjectless "Is expensive", "we resell X",
// "another company … make us an offer", a failed last app, another console to learn, where the data
// sits, "not before March" in other words, "send me X and I'll take a look"); false positives removed
// (disbelief is no "not now", another person's lack of time to call people, the customer's own loss
// as "a lot of money", "läuft okay. Aber <problem>"); handled-ness (the customer left alone with the
// decider, an offer of one e-mail, a question inside an acknowledgement in unpunctuated speech-to-text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';
import { pitchCallDe, pitchCallEn } from './helpers.ts';
import { ACK_RE, OFFER_MATERIAL_RE, OFFER_TIME_RE } from '../../src/calls/analyzer/builtin/lexicon.ts';

const DE = pitchCallDe;
const EN = pitchCallEn;

function analyze(transcript: string, language: 'de' | 'en' = 'en', repSpeaker?: string) {
  return analyzeTranscript({ transcript, language, repSpeaker });
}
function objections(transcript: string) {
  return analyze(transcript).metrics.objections;
}

const DETECTED: Array<[string, string[], string[]]> = [
  // [type, German, English]
  ['status_quo', ['Ehrlich gesagt überlege ich sowieso, ob wir überhaupt verlängern.', 'Ehrlich gesagt hab ich keine Lust, schon wieder zu wechseln.', 'Wir haben eigentlich schon das DHL Geschäftskundenportal, das kostet uns nichts extra.'], ["Honestly, I don't want to switch again.", "We're not keen on changing systems again."]],
  ['authority', ['Ich geb das dann an unseren Geschäftsführer weiter, der unterschreibt bei uns alle Verträge.', 'Ich gebe das an unsere Chefin weiter.', 'Das bekommt unser Inhaber, der das am Ende unterschreibt.'], []],
  ['price', [], ['Is expensive for us.', 'Hm, is too expensive.']],
  ['competitor', ['Eine andere Spedition hat uns ein Angebot für zwei Euro gemacht.'], ['Another company, Transdoc, they make us an offer for two euro per declaration.', 'We resell Acronis.', 'They made us a quote for 40 dollars a seat.']],
  ['adoption', ['Die letzte App war eine Katastrophe.', 'Ich will nicht noch ein Tool, das meine Leute erst lernen müssen.'], ['The last app was a disaster, I told you, nobody used it.', 'We bought a scheduling add-on two years ago and nobody touched it.', "I don't want another console they have to learn.", "They're paranoid about where the data sits."]],
  ['timing', ['Vor März kann ich mir nichts Neues anschauen.'], ["But spring is crazy, I can't look at anything new before March.", "We won't start anything until Q3."]],
  ['send_material', ['Schicken Sie mir das Angebot, dann schaue ich mir das an.'], ["Send me the partner agreement and I'll take a look.", "Send us the terms and we'll get back to you."]],
];

for (const [type, de, en] of DETECTED) {
  for (const [sentence, call] of [...de.map((s) => [s, DE] as const), ...en.map((s) => [s, EN] as const)]) {
    test(`"${sentence}" is an objection of type ${type}`, () => {
      const found = objections(call(sentence));
      assert.ok(found.some((o) => o.type === type), `${sentence}: ${JSON.stringify(found)}`);
    });
  }
}

// Near sentences that must not be read as an objection of that type.
const NOT_THAT: Array<[string, string]> = [
  // H1: disbelief is no "not now".
  ['timing', DE('Das ist jetzt nicht Ihr Ernst, oder?')],
  ['timing', DE('Das ist doch jetzt nicht wahr.')],
  // H2: another person's lack of time to call people is a pain of their team.
  ['timing', EN("And my front desk is so busy they don't have time to call everybody the day before.")],
  ['timing', EN("I can't believe we waited until March to fix it.")],
  // H3: the customer's own loss, no price named.
  ['price', EN("When you put it like that, yeah. That's a lot of money for coffee.")],
  ['price', EN('Is raining here, but okay.')],
  ['price', EN('Is expensive to run trucks here, the fuel alone is crazy.')],
  ['status_quo', DE('Ich überlege gerade, ob wir das Team vergrößern.')],
  ['status_quo', DE('Wir haben schon das Problem erkannt, aber keine Lösung.')],
  ['status_quo', EN('We want to switch to a new system again this year.')],
  ['authority', DE('Ich gebe das an unsere Kunden weiter.')],
  ['authority', DE('Unser Geschäftsführer, der hat gerade Urlaub.')],
  ['competitor', EN('And the client was very angry, he say maybe he go to another forwarder.')],
  ['competitor', EN('Our clients make us an offer we cannot refuse every year.')],
  ['competitor', EN("Make me an offer for twenty licences and I'll look at it.")],
  ['status_quo', DE('Wir haben schon das System von Ihnen getestet, und es war gut.')],
  ['adoption', EN('The last delivery was a disaster.')],
  ['adoption', EN('The last app we built was a big success.')],
  ['adoption', DE('Die letzte Lieferung war eine Katastrophe.')],
  ['send_material', EN("Send me the contract and I'll sign it today.")],
  ['send_material', DE('Schicken Sie mir den Vertrag, dann unterschreibe ich.')],
];
for (const [type, t] of NOT_THAT) {
  test(`no ${type} objection: ${t.split('\n')[3]}`, () => {
    const found = objections(t);
    assert.ok(!found.some((o) => o.type === type), JSON.stringify(found));
  });
}

test('H2: time to call people is a task, time for a call is the offer', () => {
  assert.ok(!OFFER_TIME_RE.test("they don't have time to call everybody the day before"));
  assert.ok(OFFER_TIME_RE.test("I don't have time for a call right now"));
  assert.ok(OFFER_TIME_RE.test('Mein Chef hat keine Zeit für eine Demo'));
});

test('M1: „puh das ist schon ne menge für uns“ right after a price in speech-to-text is a price objection, handled with an embedded question and a check-back', () => {
  const t = [
    'Speaker 1: hallo lena hier ist timo von griffbrett hast du zehn minuten',
    'Speaker 2: ja passt gerade',
    'Speaker 1: wie läuft bei euch der check-in aktuell ab',
    'Speaker 2: ich tipp das abends ins excel das dauert ne stunde jeden abend',
    'Speaker 1: genau da setzt griffbrett an deine kunden checken mit dem qr code selbst ein',
    'Speaker 2: klingt gut und was kostet das',
    'Speaker 1: für eine halle in eurer größe sind es hundertneunundvierzig euro im monat',
    'Speaker 2: puh das ist schon ne menge für uns wir sind ja nur ne kleine halle',
    'Speaker 1: verstehe ich das ist ein fairer punkt im vergleich wozu wirkt es für dich viel',
    'Speaker 2: na ja die aushilfe am samstag kostet mich ungefähr so viel im monat',
    'Speaker 1: dann sind das im monat rund achthundert euro gegen hundertneunundvierzig beantwortet das deine frage zum preis',
    'Speaker 2: ja so gerechnet schon',
  ].join('\n');
  const r = analyze(t, 'de');
  assert.ok(r.metrics.objections.some((o) => o.type === 'price' && o.handled), JSON.stringify(r.metrics.objections));
  assert.ok(r.scores.objection_handling >= 4, String(r.scores.objection_handling));
  // „ne menge arbeit“ is no price.
  const work = t.replace('puh das ist schon ne menge für uns wir sind ja nur ne kleine halle', 'puh das ist schon ne menge arbeit am abend');
  assert.ok(!analyze(work, 'de').metrics.objections.some((o) => o.type === 'price'));
});

const stall = (reply: string) =>
  [
    'Speaker 1: northside supply this is ray',
    'Speaker 2: hi ray this is amber from stockwise do you have a few minutes',
    'Speaker 1: sure',
    'Speaker 2: how do you count inventory today',
    'Speaker 1: we do a full count every quarter and we lose fifteen grand in july alone',
    "Speaker 2: that's exactly what stockwise does we count with handheld scanners as you pick",
    'Speaker 1: sounds interesting but i need to think it over',
    `Speaker 2: ${reply}`,
    'Speaker 1: show me it works with our epicor',
  ].join('\n');

test('M11: in unpunctuated speech-to-text an acknowledgement and the question in one sentence are both there', () => {
  const good = analyze(stall('totally fair what would you need to see to make a decision'), 'en', 'Speaker 2');
  const o = good.metrics.objections.find((x) => x.type === 'timing');
  assert.ok(o?.handled, JSON.stringify(good.metrics.objections));
  assert.ok(good.scores.objection_handling >= 4, String(good.scores.objection_handling));
  // An acknowledgement without a question is only half handled.
  const half = analyze(stall('totally fair we can talk again next month'), 'en', 'Speaker 2');
  assert.ok(half.scores.objection_handling <= 3, String(half.scores.objection_handling));
  // "I see what you mean" asks nothing.
  const noQ = analyze(stall('totally fair i see what you mean'), 'en', 'Speaker 2');
  assert.ok(noQ.scores.objection_handling <= 3, String(noQ.scores.objection_handling));
});

const authorityCall = (reply: string, de = false) =>
  de
    ? [
        'Verkäufer: Guten Tag Frau Ortiz, hier ist Markus von Voltwise.',
        'Kundin: Hallo.',
        'Verkäufer: Wie sehen Sie heute, wann eine Lastspitze passiert ist?',
        'Kundin: Gar nicht, wir sehen es erst auf der Rechnung, das kostet uns rund 16.000 Euro im Monat.',
        'Verkäufer: Genau dafür ist Voltwise gebaut, Sie sehen jede Spitze sofort.',
        'Kundin: Das müsste ich aber mit unserem Finanzchef, Herrn Berg, besprechen. Der unterschreibt so etwas.',
        `Verkäufer: ${reply}`,
        'Kundin: Okay.',
      ].join('\n')
    : [
        'Rep: Hi Jenna, Marcus from Voltwise.',
        'Customer: Hi Marcus.',
        'Rep: How do you find out when a peak happened today?',
        'Customer: We see it on the bill a month later, and it costs us about sixteen thousand a month.',
        "Rep: That's exactly what Voltwise is built for, you see the peak the moment it happens.",
        "Customer: I'd need to get our CFO, Rob, to look at this. He signs off on anything like that.",
        `Rep: ${reply}`,
        'Customer: Sounds good.',
      ].join('\n');

test('H6: the customer left alone with the decider is not handled; bringing the decider in is', () => {
  for (const [reply, de] of [
    ["Totally. Why don't you chat with Rob, and we'll touch base sometime after that?", false],
    ['Sure, once you have talked to Rob, just let me know.', false],
    ['Klar. Sprechen Sie das doch erst mit Herrn Berg durch, und dann melden Sie sich.', true],
  ] as const) {
    const found = analyze(authorityCall(reply, de), de ? 'de' : 'en').metrics.objections.filter((o) => o.type === 'authority');
    assert.ok(found.length > 0 && found.every((o) => !o.handled), `${reply}: ${JSON.stringify(found)}`);
  }
  for (const [reply, de] of [
    ['Makes sense. Could the three of us sit down with Rob on Thursday at 2 pm for twenty minutes?', false],
    ['Makes sense. What will matter most to Rob when he looks at it?', false],
    ['Verstehe. Was ist Herrn Berg bei so einer Entscheidung am wichtigsten?', true],
  ] as const) {
    const found = analyze(authorityCall(reply, de), de ? 'de' : 'en').metrics.objections.filter((o) => o.type === 'authority');
    assert.ok(found.some((o) => o.handled), `${reply}: ${JSON.stringify(found)}`);
  }
});

test('M9: an offer of one e-mail gives the brush-off up, whatever acknowledgement came with it', () => {
  assert.ok(OFFER_MATERIAL_RE.test('Would it be okay if I send you one email, and if it is useless you delete it?'));
  assert.ok(OFFER_MATERIAL_RE.test('Wäre es okay, wenn ich Ihnen eine kurze Mail schicke?'));
  assert.ok(!OFFER_MATERIAL_RE.test('Would it be okay if I send you the invite for Thursday?'));
  assert.ok(!OFFER_MATERIAL_RE.test('Wäre es okay, wenn ich Ihnen die Einladung für Donnerstag schicke?'));
  const call = (reply: string) =>
    [
      '[00:01] Luke Hart: Gary, it is Luke from ClaimBridge, we help body shops get insurance claims paid faster.',
      '[00:11] Gary Novak: Honestly, the paperwork is a nightmare. But I don\'t have time for this now, I\'ve got a car on the lift.',
      `[00:20] Luke Hart: ${reply}`,
      '[00:30] Gary Novak: Fine.',
    ].join('\n');
  const given = objections(call('Understood, then I won\'t keep you. Would it be okay if I send you one email?')).filter((o) => o.type === 'timing');
  assert.ok(given.length > 0 && given.every((o) => !o.handled), JSON.stringify(given));
  const handled = objections(call('Understood. When would be a better time, Thursday at 2 pm?')).filter((o) => o.type === 'timing');
  assert.ok(handled.some((o) => o.handled), JSON.stringify(handled));
});

test('"Understood." acknowledges like „Verstanden.“', () => {
  assert.ok(ACK_RE.test('Understood.'));
  assert.ok(!ACK_RE.test('They misunderstood the invoice.'));
});

test('H4: „läuft okay“ followed by „Aber <problem>“ is no status quo; „Aber wir brauchen kein neues System“ still is', () => {
  const t = (second: string) =>
    DE(`Wir nutzen jetzt Velofix. Läuft eigentlich okay, die Buchung klappt. ${second}`);
  assert.ok(!objections(t('Aber es gibt keine Erinnerungs-SMS, und die Leute vergessen ihre Termine.')).some((o) => o.type === 'status_quo'));
  assert.ok(objections(t('Aber wir brauchen eigentlich kein neues System.')).some((o) => o.type === 'status_quo'));
  const en = (second: string) => EN(`We use Velofix now. It works fine, the booking is okay. ${second}`);
  assert.ok(!objections(en('But there are no reminders, and people forget their appointments.')).some((o) => o.type === 'status_quo'));
  assert.ok(objections(en("But honestly we don't need another tool.")).some((o) => o.type === 'status_quo'));
  // Another objection in the next sentence leaves the status quo standing.
  assert.ok(objections(en("But I'm not the one who decides anyway.")).some((o) => o.type === 'status_quo'));
});

test('05: the customer asking back where the data lives, in answer to "what do you need", raises a concern; naming a criterion does not', () => {
  const call = (answer: string) =>
    [
      'Verkäufer: Guten Morgen Frau Keller, hier ist Stefan von Lieferkettenradar.',
      'Kundin: Guten Morgen.',
      'Verkäufer: Frau Keller, was brauchen Sie aus Security-Sicht?',
      `Kundin: ${answer}`,
      'Verkäufer: Verstehe, das ist berechtigt. Was prüft Ihre Lieferantenfreigabe noch?',
      'Kundin: Den Fragebogen.',
    ].join('\n');
  assert.ok(analyze(call('Wo liegen die Daten genau?'), 'de').metrics.objections.some((o) => o.type === 'adoption' && o.handled));
  assert.ok(!analyze(call('Dass meine Leute damit klarkommen.'), 'de').metrics.objections.some((o) => o.type === 'adoption'));
});

test('09: the answer to "Who is she?" names the decider on request; the same sentence unasked is an authority objection', () => {
  const call = (question: string) =>
    [
      'Rep: Hi Owen, Carla from PawDesk. The proposal comes to 1,290 dollars a month.',
      'Customer: Okay, that I can take to my partner.',
      `Rep: ${question}`,
      'Customer: Dr. Liang. She signs anything over five thousand a year.',
      'Rep: Got it.',
      'Customer: Okay.',
    ].join('\n');
  assert.ok(!objections(call('Great. Who is she, and what will matter most to her?')).some((o) => o.type === 'authority'));
  const de = (question: string) => call(question).replace(/Customer: Dr\. Liang\. She signs anything over five thousand a year\./, 'Customer: Unsere Chefin, die unterschreibt bei uns alle Verträge.');
  assert.ok(!analyze(de('Gut. Wer ist das bei Ihnen?'), 'de').metrics.objections.some((o) => o.type === 'authority'));
  assert.ok(analyze(de('Gut. Wie viele Praxen würden zuerst starten?'), 'de').metrics.objections.some((o) => o.type === 'authority'));
  assert.ok(objections(call('Great. And how many clinics would start first?')).some((o) => o.type === 'authority'));
});
