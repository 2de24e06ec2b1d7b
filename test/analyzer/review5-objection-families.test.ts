// Coach review 5 (H1, H2, M5, M7, L2): plain textbook objections are detected as phrase families
// (word order, pronouns, tense), typed sensibly; a customer's pain with "expensive" in it, a customer
// agreeing and "the price is fine" are no objections; our price as "the problem" is a price
// objection and never a pain; a brush-off for lack of time right now is answered with a callback slot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';
import { pitchCallDe, pitchCallEn } from './helpers.ts';

const DE = pitchCallDe;
const EN = pitchCallEn;

function objections(transcript: string) {
  return analyzeTranscript({ transcript, language: 'en' }).metrics.objections;
}

const DETECTED: Array<[string, string[]]> = [
  // German: the review's probe sentences and variants of each family.
  ['timing', ['Ich habe gleich noch einen Termin.', 'Ich hab gleich einen Kundentermin.', 'Wir haben gleich eine Besprechung.', 'Ich muss jetzt auch gleich in meinen Kurs.', 'Mein Kurs fängt gleich an.', 'Ich muss gleich los.', 'Momentan passt das zeitlich überhaupt nicht.', 'Passt mir gerade zeitlich überhaupt nicht.', 'Zeitlich ist es gerade echt schwierig.', 'Der Zeitpunkt ist gerade ungünstig.']],
  ['adoption', ['Ich bin da nicht so technisch fit.', 'Meine Leute sind nicht so technisch fit.', 'Meine Mitarbeiter sind technisch nicht so fit.', 'Technisch fit sind wir da nicht so.', 'Wir sind keine Computermenschen.', 'Mit Technik haben wir es nicht so.', 'Ich weiß nicht, ob meine Mitarbeiter das annehmen.', 'Ich bin mir nicht sicher, ob mein Team das nutzt.']],
  ['authority', ['Da muss ich erst meinen Chef fragen.', 'Das frag ich erst meinen Chef.', 'Das entscheidet bei uns der Chef.', 'Mein Chef entscheidet das.', 'Das unterschreibt bei uns die Geschäftsführerin.']],
  ['budget', ['Das ist ehrlich gesagt nicht in unserem Budget.', 'Das sprengt unser Budget.', 'Das passt nicht in unser Budget.']],
  ['price', ['Der Preis ist einfach das Problem.', 'Das Problem ist der Preis.', 'Sie sind teurer als Mewa.']],
  ['status_quo', ['Wir haben eigentlich schon eine Lösung.', 'Dafür haben wir schon was.']],
  // English.
  ['timing', ["I've got another call in five minutes.", 'I have a meeting in ten minutes.', 'I gotta run.', "The timing isn't great for us.", 'The timing is bad.', 'Not a great time right now.', "Look, I'm about to go into a meeting."]],
  ['status_quo', ['We already have something for that.', "We've already got a tool for that.", 'We have a solution for that already.']],
  ['adoption', ["My team isn't very tech savvy.", "My guys aren't very techy.", "I'm not sure my staff would actually use it.", 'I doubt my drivers would ever use it.']],
  ['authority', ['My manager makes that call.', 'My boss decides.', "That's my manager's call.", 'Our operations director makes the final decision.', "I'd have to ask my boss."]],
  ['price', ["Honestly that's out of our price range.", 'Sure, but the price is still the problem.', 'The problem is the price.', 'Price is still the sticking point.', "It's expensive.", 'Sounds expensive.', "That's pretty pricey for us."]],
  ['budget', ["That's over our budget.", "It doesn't fit into our budget."]],
];

for (const [type, sentences] of DETECTED) {
  for (const sentence of sentences) {
    test(`"${sentence}" is an objection of type ${type}, ignored`, () => {
      const german = /[äöüß]|\b(?:ich|wir|das|ist|sind|mein|der)\b/i.test(sentence);
      const found = objections((german ? DE : EN)(sentence));
      assert.ok(found.some((o) => o.type === type && !o.handled), `${sentence}: ${JSON.stringify(found)}`);
    });
  }
}

test('"Wir haben eigentlich schon eine Lösung." is status quo, not a competitor; "ein anderes Tool" is a competitor', () => {
  assert.deepEqual(objections(DE('Wir haben eigentlich schon eine Lösung.')).map((o) => o.type), ['status_quo']);
  assert.deepEqual(objections(DE('Wir nutzen schon ein anderes Tool.')).map((o) => o.type), ['competitor']);
});

const NOT_OBJECTIONS = [
  // A customer's pain ("expensive" is the stations, not our price).
  EN('Our drivers fill up at the expensive stations.'),
  EN('We overpay about two thousand a month on expensive stations.'),
  EN('We made some costly mistakes last year.'),
  EN('Honestly, the manual matching is the biggest problem, it takes a full day every month.'),
  DE('Die Abrechnung dauert jeden Monat drei Tage, das ist unser größtes Problem.'),
  DE('Das ist ein teurer Fehler, der uns jeden Monat Geld kostet.'),
  DE('Wir haben schon eine Lösung gesucht, aber nichts gefunden.'),
  // A customer agreeing.
  EN('Yes, that sounds good, let\'s do it.'),
  DE('Ja, das klingt gut, machen wir so.'),
  // The price is fine.
  EN('The price is fine.'),
  EN('The price is not the problem.'),
  DE('Der Preis ist nicht das Problem.'),
  DE('Der Preis passt für uns.'),
  // Not a brush-off: the team's work, a people count, a plan.
  DE('Wir müssen weg von Excel.'),
  EN('I need to run payroll every Friday.'),
  EN('My manager makes 50 calls a day.'),
  EN("Our shift manager decides who works on Sundays, and it's chaos."),
];
for (const t of NOT_OBJECTIONS) {
  test(`no objection: ${t.split('\n')[3]}`, () => {
    assert.deepEqual(objections(t), []);
  });
}

test('our price as "the problem" is a price objection, never a pain', () => {
  const r = analyzeTranscript({ transcript: EN('Sure, but the price is still the problem.'), language: 'en' });
  assert.equal(r.metrics.pains, 0);
  assert.ok(![r.biggest_miss, ...r.moments].some((m) => m.method === 'sandler_pain_funnel'), JSON.stringify(r.moments));
});

test('a brush-off for lack of time right now, given up with material: a callback slot, not what waiting costs', () => {
  const en = [
    'Rep: Hi Tom, this is Jake from Hirebase. Our platform has an applicant tracking system and an analytics dashboard, and we work with over two thousand companies.',
    'Customer: Okay.',
    'Rep: We also have a mobile app and integrations with LinkedIn, and setup takes less than a day.',
    'Customer: Hm.',
    'Rep: And the AI ranks applicants automatically, so your team only sees the best ones.',
    "Customer: Look, I've got another call in five minutes.",
    "Rep: Sure, I'll send you some info by email.",
    'Customer: Fine. Bye.',
  ].join('\n');
  for (const language of ['en', 'de'] as const) {
    const r = analyzeTranscript({ transcript: en, language });
    assert.equal(r.biggest_miss.quote, "Sure, I'll send you some info by email.");
    assert.equal(r.biggest_miss.method, 'voss_calibrated_question');
    assert.match(r.biggest_miss.what_to_say_instead, /^“I've got another call in five minutes” – understood.*better time/);
    assert.doesNotMatch(r.biggest_miss.what_to_say_instead, /cost you|meantime/);
    assert.doesNotMatch(r.biggest_miss.why, /who decides|decision maker|wer entscheidet|Entscheider/);
  }
  // Late in the call (an early brush-off of a cold call is answered with an accusation audit).
  const sie = [
    'Verkäufer: Guten Tag Herr Schmidt, hier ist Markus von Datalux. Wir haben eine Plattform für Ihre Buchhaltung mit Dashboard und Belegerkennung.',
    'Kunde: Aha.',
    'Verkäufer: Unsere Plattform hat außerdem eine App und eine Schnittstelle zu DATEV.',
    'Kunde: Okay.',
    'Verkäufer: Und das Reporting können Sie individuell anpassen, mit über fünfzig Vorlagen.',
    'Kunde: Hm. Ich habe gleich noch einen Termin.',
    'Verkäufer: Kein Problem, ich schicke Ihnen einfach mal unsere Unterlagen per E-Mail.',
    'Kunde: Ja, machen Sie das.',
  ].join('\n');
  const r = analyzeTranscript({ transcript: sie, language: 'de' });
  assert.equal(r.biggest_miss.method, 'voss_calibrated_question');
  assert.match(r.biggest_miss.what_to_say_instead, /^„Ich habe gleich noch einen Termin“ – verstehe, dann halte ich Sie nicht auf\. Wann passt es Ihnen besser/);
  assert.doesNotMatch(r.biggest_miss.what_to_say_instead, /kostet/);
});
