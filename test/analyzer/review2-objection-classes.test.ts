// Coach review 4 (12 new calls): objections are phrased as classes, not as one phrase each – a
// number offered by someone else, a person who decides, what is left in the budget, not renewing,
// a team that will not take to a new tool, "send it to … I'll forward it", someone in a meeting.
// Concessions given away, guarantees next to "kein Problem", permission questions, value argued in
// the customer's own numbers, feature dumps and "I'll send something over this week".
// None of the phrasings below is taken from the review's calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';
import { explainScores } from '../../src/calls/analyzer/builtin/index.ts';

const DE = (cust: string, rep = 'Okay.') =>
  `Rep: Guten Tag Frau Lehmann, hier ist Tom von Nordlicht. Wie läuft es bei Ihnen?\nKundin: Ganz gut, danke. Wir hatten uns das Angebot angeschaut.\nRep: Schön. Was ist Ihr Eindruck?\nKundin: ${cust}\nRep: ${rep}\nKundin: Gut.\n`;
const EN = (cust: string, rep = 'Okay.') =>
  `Rep: Hi Laura, this is Tom from Nordlicht. How are things on your side?\nCustomer: Good, thanks. We looked at the proposal.\nRep: Great. What's your impression?\nCustomer: ${cust}\nRep: ${rep}\nCustomer: Fine.\n`;

function types(transcript: string): string[] {
  return analyzeTranscript({ transcript, language: 'de' }).metrics.objections.map((o) => o.type);
}

const CLASSES: Array<{ type: string; de: string[]; en: string[]; notDe: string[]; notEn: string[] }> = [
  {
    type: 'price',
    de: ['Der Wettbewerber hat uns 2,90 pro Stück angeboten.', 'Ehrlich gesagt bietet uns Textor das für 39 Euro im Monat an.'],
    en: ['Another vendor quoted us $40 a seat for the same thing.', 'Honestly, they offered us 25 percent less than you.'],
    // A pain with a number is not a price objection.
    notDe: ['Das hat uns letztes Jahr 14.000 Euro Nachzahlung gekostet.', 'Wir haben 140 Leute in der Produktion.'],
    notEn: ['It cost us 12,000 pounds in write-offs last year.', 'We have 40 drivers and 26 vans.'],
  },
  {
    type: 'competitor',
    de: ['Textor hat uns letzte Woche 3,20 angeboten.', 'Wir hatten letzte Woche eine Demo von Fleetmax, die war gut.'],
    en: ['We had a demo from Rippling last month that looked good.', 'Acme quoted us a lot less.'],
    notDe: ['Der Vertreter hat uns 3,20 angeboten.', 'Die Demo von gestern war hilfreich.'],
    notEn: ['They offered us a trial.', 'The demo from last week was useful.'],
  },
  {
    type: 'authority',
    de: ['Das muss ich noch mit Frau Kaiser abstimmen.', 'Am Ende hat unser Inhaber das letzte Wort.', 'Ich würde das gern mit Jonas durchsprechen.'],
    en: ["I'll have to check with Priya before we go ahead.", 'Our COO has the final say on anything like this.', 'Honestly, she makes the final call, not me.'],
    // Talking to the rep, or a fact about a meeting in the past, is no authority objection.
    notDe: ['Das möchte ich gern mit Ihnen besprechen.', 'Wir haben letzte Woche mit dem Team über die Touren gesprochen.'],
    notEn: ["I'd like to talk to you about the onboarding.", 'We talked to our customers about delivery times.'],
  },
  {
    type: 'budget',
    de: ['Das ist mehr, als wir dieses Jahr noch übrig haben.', 'Unser Budget für Software wurde gerade gekürzt.'],
    en: ["We've been told to cut our tooling spend this year.", "Our budget was slashed in the last planning round.", "That's more than we have left for this quarter."],
    notDe: ['Wir wollen die Durchlaufzeit senken.', 'Die Fahrer haben noch Zeit übrig.'],
    notEn: ['We want to cut the time it takes to close the books.', 'We reduced errors by half last year.'],
  },
  {
    type: 'status_quo',
    de: ['Wir überlegen ehrlich gesagt, zu kündigen.', 'Ich weiß nicht, ob wir nächstes Jahr verlängern.'],
    en: ["To be honest, we're thinking about cancelling.", "We probably won't renew in March."],
    notDe: ['Die Kunden kündigen uns, wenn die Lieferung zu spät kommt.'],
    notEn: ['We renew our insurance every March.'],
  },
  {
    type: 'adoption',
    de: ['Ich will kein neues Tool, mit dem meine Leute nicht klarkommen.', 'Die Monteure werden das nie lernen, die hassen schon das Handy.'],
    en: ["My guys won't figure out another app, trust me.", "The temps are never going to learn a new system."],
    // Today's problem with today's tool is a pain, not a concern about the new one.
    notDe: ['Die Fahrer verstehen die Touren nicht.'],
    notEn: ["Our drivers don't understand the routing sheets."],
  },
  {
    type: 'send_material',
    de: ['Schreiben Sie einfach eine Mail an einkauf@firma.de.', 'Schicken Sie das an die Zentrale, wir leiten das dann weiter.'],
    en: ['Just send an email to sales@ourcompany.com.', "I'll pass it on to the right people."],
    notDe: ['Wir geben die Daten dann manuell an die Buchhaltung weiter.'],
    notEn: ['We send invoices to our clients every Friday.'],
  },
  {
    type: 'timing',
    de: ['Sie ist leider gerade in einem Termin.', 'Ich muss gleich in eine Besprechung.'],
    en: ["Sorry, I'm heading into a call in a minute.", "He's in a meeting right now."],
    notDe: ['Ich sitze jeden Montag zwei Stunden im Meeting.'],
    notEn: ['We have a weekly meeting on Mondays.'],
  },
];

for (const c of CLASSES) {
  test(`objection class ${c.type}: new phrasings found in both languages, lookalikes are not`, () => {
    for (const s of c.de) assert.ok(types(DE(s)).includes(c.type), `de: ${s} -> ${types(DE(s)).join(',')}`);
    for (const s of c.en) assert.ok(types(EN(s)).includes(c.type), `en: ${s} -> ${types(EN(s)).join(',')}`);
    for (const s of c.notDe) assert.ok(!types(DE(s)).includes(c.type), `de not: ${s} -> ${types(DE(s)).join(',')}`);
    for (const s of c.notEn) assert.ok(!types(EN(s)).includes(c.type), `en not: ${s} -> ${types(EN(s)).join(',')}`);
  });
}

test('the person who decides answered with a meeting that brings them in handles the authority objection', () => {
  const r = analyzeTranscript({ transcript: EN('I need to run this past Priya, our COO.', 'Of course. Could we set up 30 minutes with Priya on Thursday at 10?'), language: 'en' });
  assert.deepEqual(r.metrics.objections, [{ type: 'authority', handled: true }]);
  const material = analyzeTranscript({ transcript: EN('I need to run this past Priya, our COO.', "Sure. I'll send you some info you can share with her."), language: 'en' });
  assert.deepEqual(material.metrics.objections, [{ type: 'authority', handled: false }]);
});

const NEGOTIATION_EN = (rep: string) =>
  `Rep: Hi Laura, this is Tom from Nordlicht. Thanks for making the time.\nCustomer: Sure. We are close, but I need to discuss the price.\nRep: What is on your mind?\nCustomer: Our planners lose two days a week reconciling spreadsheets, that is the main problem.\nRep: ${rep}\nCustomer: Okay.\nRep: Shall we meet on Thursday at 10 to go through the contract?\nCustomer: Thursday at 10 works.\n`;

test('a discount or a free extra given away is a concession: a miss in objection handling, never praised', () => {
  for (const rep of [
    'What if I gave you 10 percent off this year?',
    "I'll throw in the onboarding for free.",
    'We could waive the setup fee for you.',
  ]) {
    const r = analyzeTranscript({ transcript: NEGOTIATION_EN(rep), language: 'en' });
    const ex = explainScores({ transcript: NEGOTIATION_EN(rep), language: 'en' });
    assert.ok(ex.objection_handling.some((l) => /concession given away/.test(l)), `${rep}: ${ex.objection_handling.join('; ')}`);
    assert.notEqual(r.strongest_moment.quote, rep, rep);
  }
  const de = `Rep: Guten Tag Frau Lehmann, hier ist Tom von Nordlicht.\nKundin: Guten Tag.\nRep: Wie läuft die Planung heute?\nKundin: Wir verlieren jede Woche zwei Tage mit Abtippen.\nRep: Zwei Tage pro Woche. Ich kann Ihnen da preislich entgegenkommen, zehn Prozent Rabatt sind drin.\nKundin: Okay.\n`;
  assert.ok(explainScores({ transcript: de, language: 'de' }).objection_handling.some((l) => /concession/.test(l)));
});

test('a concession traded for something after the objection was explored is no miss', () => {
  const give = `Rep: Hi Greta, thanks for the time.\nCustomer: Your price is too high, we have a cheaper quote.\nRep: Thanks for being direct. What is included in that quote?\nCustomer: Licences only, implementation is extra. But I still need a better price.\nRep: If you sign a three-year term by the 28th, I can bring year one down to 131,000, and in return I'd ask for a reference call.\nCustomer: That works.\n`;
  const ex = explainScores({ transcript: give, language: 'en' });
  assert.ok(!ex.objection_handling.some((l) => /concession/.test(l)), ex.objection_handling.join('; '));
});

test('a guarantee next to "kein Problem" / "no problem" is still an unhedged guarantee', () => {
  for (const [language, sentence] of [
    ['de', 'Überhaupt kein Problem, das ist garantiert bis Ende März fertig.'],
    ['en', "No problem at all, I can guarantee it will be live by March."],
  ] as const) {
    const t = language === 'de' ? DE('Wir brauchen das bis April.', sentence) : EN('We need it by April.', sentence);
    assert.ok(explainScores({ transcript: t, language }).value.some((l) => /unhedged guarantee/.test(l)), sentence);
  }
  // A real negation still hedges.
  assert.ok(!explainScores({ transcript: DE('Wir brauchen das bis April.', 'Das kann ich Ihnen nicht garantieren.'), language: 'de' }).value.some((l) => /guarantee/.test(l)));
});

test('permission, identity and logistics questions are no discovery questions', () => {
  const t = `Rep: Hallo, spreche ich mit Herrn Brandt?\nKunde: Ja.\nRep: Hier ist Tom von Nordlicht. Haben Sie kurz zwei Minuten?\nKunde: Nein, ich bin gleich weg. Schicken Sie mir was per Mail.\nRep: Gern. An welche E-Mail-Adresse?\nKunde: brandt@firma.de.\n`;
  const r = analyzeTranscript({ transcript: t, language: 'de' });
  assert.equal(r.scores.discovery, 1);
  // Not coached as discovery questions; the reply that agreed to send material may be coached as that.
  for (const m of [r.strongest_moment, r.biggest_miss, ...r.moments]) {
    assert.ok(!(/zwei Minuten|E-Mail-Adresse|Herrn Brandt\?/.test(m.quote) && m.method === 'voss_calibrated_question' && !/Unterlagen/.test(m.why)), m.quote);
  }
  assert.doesNotMatch(r.strongest_moment.why, /Fragen wie diese|questions like this/);
});

test('value argued in the customer\'s own numbers counts as value tied to the customer', () => {
  const t = `Rep: Hi Greta, thanks for the time.\nCustomer: Your offer is 90,000 for year one and the other quote is 15 percent lower, that is too expensive.\nRep: Understood. What does their quote include?\nCustomer: Licences only, the implementation is billed by the day.\nRep: Our 90,000 includes the implementation at a fixed price, so side by side over three years the gap closes.\nCustomer: Fair point.\n`;
  const ex = explainScores({ transcript: t, language: 'en' });
  assert.ok(!ex.value.some((l) => /no pitch/.test(l)), ex.value.join('; '));
  assert.ok(ex.value.some((l) => /tied to the customer/.test(l)), ex.value.join('; '));
  // A comparison that reuses nothing the customer said is no value statement.
  const plain = `Rep: Hi Greta, thanks for the time.\nCustomer: We are growing fast.\nRep: Side by side, most teams compare us on total cost.\nCustomer: Okay.\n`;
  assert.ok(explainScores({ transcript: plain, language: 'en' }).value.some((l) => /no pitch/.test(l)));
  // Feature news is a pitch.
  const news = EN('We are not sure yet.', 'We have just released a new reporting module and an AI assistant.');
  assert.ok(!explainScores({ transcript: news, language: 'en' }).value.some((l) => /no pitch/.test(l)));
});

test('a feature dump without product words is a pitch: value 1, the monologue moment a trial close', () => {
  const dump =
    'Let me walk you through it. You get the dashboard for every site, the automated reporting, the API, the Slack integration, the mobile app with offline sync, the workflow builder, the templates library and the SSO integration with Okta, plus the analytics add-on and a dedicated success manager, and all of it is included in the enterprise tier that most customers of your size choose after the first year of using it.';
  const t = `Rep: Hi Raj, Hannah from Vaultline. How are things?\nCustomer: Busy. We just doubled the team.\nRep: ${dump}\nCustomer: Okay. It is quite a lot.\nRep: I'll send you the details.\nCustomer: Fine.\n`;
  const r = analyzeTranscript({ transcript: t, language: 'en' });
  assert.equal(r.scores.value, 1);
  assert.ok([r.biggest_miss, ...r.moments].some((m) => m.method === 'trial_close' || m.method === 'gap_selling' || m.method === 'spin_need_payoff'));
});

test('"I\'ll send something over this week" is a vague next step, an undated meeting is not', () => {
  const vague = EN('Send it over.', "I'll send something over with both options. I'll get that to you this week.");
  assert.equal(analyzeTranscript({ transcript: vague, language: 'en' }).scores.next_step, 2);
  const deVague = DE('Schicken Sie es mir.', 'Ich schicke Ihnen das Angebot diese Woche noch.');
  assert.ok(analyzeTranscript({ transcript: deVague, language: 'de' }).scores.next_step <= 2);
  const undated = EN('Sounds good.', "Let's talk again next week.");
  assert.equal(analyzeTranscript({ transcript: undated, language: 'en' }).scores.next_step, 3);
});
