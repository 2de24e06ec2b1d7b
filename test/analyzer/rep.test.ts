import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeTranscript } from '../../src/calls/analyzer/coach/index.ts';
import { trainRep } from '../../scripts/train-rep.ts';

const neutral = [
  'Anna: Guten Tag Herr Brandt.',
  'Ben: Hallo. Wie lange dauert eine Einführung? Und was kostet das? Gibt es Rabatt?',
  'Anna: Etwa acht Wochen.',
  'Ben: Okay.',
].join('\n');

test('repSpeaker hint wins when that speaker is present (exact or by name tokens)', () => {
  assert.equal(analyzeTranscript({ transcript: neutral, language: 'de', repSpeaker: 'Anna' }).rep_speaker, 'Anna');
  assert.equal(analyzeTranscript({ transcript: neutral, language: 'de', repSpeaker: 'anna' }).rep_speaker, 'Anna');
  const full = 'Anna Schmidt: Hallo.\nBen Weber: Wie geht es? Was kostet das?\nAnna Schmidt: Gut.';
  assert.equal(analyzeTranscript({ transcript: full, language: 'de', repSpeaker: 'Anna' }).rep_speaker, 'Anna Schmidt');
  assert.equal(analyzeTranscript({ transcript: full, language: 'de', repSpeaker: 'Anna Schmidt' }).metrics.rep_detection, 'hint');
});

test('an absent repSpeaker hint falls through to the other rules', () => {
  const r = analyzeTranscript({ transcript: neutral, language: 'de', repSpeaker: 'Carla' });
  assert.notEqual(r.metrics.rep_detection, 'hint');
});

test('role labels: Verkäufer/Agent/Sales/Berater vs Kunde/Customer/Interessent', () => {
  const cases: Array<[string, string]> = [
    ['Kunde: Was kostet das? Und wie lange dauert es?\nVerkäufer: Guten Tag.\nKunde: Hm?', 'Verkäufer'],
    ['Customer: How much is it? How long does it take?\nAgent: Hello there.\nCustomer: Okay?', 'Agent'],
    ['Interessent: Was machen Sie genau? Wer sind Sie?\nBerater: Wir helfen Teams.', 'Berater'],
    ['Prospect: Who is this? What do you want?\nTom (Sales): This is Tom.', 'Tom (Sales)'],
    ['Kundin: Wie bitte? Wer ist da?\nLena: Lena hier.', 'Lena'],
  ];
  for (const [t, rep] of cases) {
    const r = analyzeTranscript({ transcript: t, language: 'de' });
    assert.equal(r.rep_speaker, rep, t);
    assert.equal(r.metrics.rep_detection, 'role_label', t);
  }
});

test('a seller\'s team named after the buyer ("Customer Success") is the seller\'s side, not the customer\'s', () => {
  const t = [
    'Katrin Vogel – Customer Success Managerin, SimuCell GmbH: Guten Tag, Herr Dr. Henning, Katrin Vogel von SimuCell. Ich habe Ihre Kündigung vor mir.',
    'Dr. Ralf Henning – Technischer Leiter, Henning Automation GmbH: Ja. Die Entscheidung ist gefallen.',
    'Katrin Vogel – Customer Success Managerin, SimuCell GmbH: Was war ausschlaggebend?',
  ].join('\n');
  const r = analyzeTranscript({ transcript: t, language: 'de' });
  assert.equal(r.rep_speaker, 'Katrin Vogel – Customer Success Managerin, SimuCell GmbH');
  assert.equal(r.metrics.rep_detection, 'role_label');
  const en = 'Customer Support (Lena): Hi, Lena from Parcelo support, you asked about the renewal?\nCustomer: Yes, what does it cost?';
  assert.equal(analyzeTranscript({ transcript: en, language: 'en' }).rep_speaker, 'Customer Support (Lena)');
});

test("the key owner's name: full name, first name or last name", () => {
  const t = 'Julia Krämer: Hallo.\nThomas Brandt: Was kostet das? Wie lange dauert es? Wer macht das?\nJulia Krämer: Gerne.';
  for (const repName of ['Julia Krämer', 'Julia', 'Frau J. Krämer']) {
    const r = analyzeTranscript({ transcript: t, language: 'de', repName });
    assert.equal(r.rep_speaker, 'Julia Krämer', repName);
    assert.equal(r.metrics.rep_detection, 'rep_name', repName);
  }
});

test('who introduces themselves and the call\'s purpose is the rep, also when the customer speaks first', () => {
  const de = 'Herr Maier: Ja? Wer ist da? Worum geht es? Was wollen Sie?\nTom: Hallo Herr Maier, hier ist Tom Becker von der Nordlicht GmbH.\nHerr Maier: Aha.';
  const r1 = analyzeTranscript({ transcript: de, language: 'de' });
  assert.equal(r1.rep_speaker, 'Tom');
  assert.equal(r1.metrics.rep_detection, 'utterances');
  const en = 'Mark: Hello? Who is this? What is it about?\nJake: Hi Mark, this is Jake from Hirebase.\nMark: Okay.';
  assert.equal(analyzeTranscript({ transcript: en, language: 'en' }).rep_speaker, 'Jake');
  const call = 'A: Ja bitte? Was gibt es? Wer spricht?\nB: Guten Tag, ich rufe an wegen Ihrer Anfrage.\nA: Ach so.';
  assert.equal(analyzeTranscript({ transcript: call, language: 'de' }).rep_speaker, 'B');
});

test('who asks about the other\'s business is the rep', () => {
  const t = 'Eva: Wir sind zwölf Leute.\nMax: Wie arbeitet ihr heute? Was nervt am meisten? Wer entscheidet?\nEva: Ich.\nMax: Und bis wann?';
  const r = analyzeTranscript({ transcript: t, language: 'de' });
  assert.equal(r.rep_speaker, 'Max');
  assert.equal(r.metrics.rep_detection, 'utterances');
});

test('three-person demo: a customer who introduces the company in a round of introductions is not the rep; the speaker who presents and proposes the next step is', () => {
  const de = [
    'Martin Vogel: Hallo zusammen. Ich bin Martin Vogel von Vogel Haustechnik. Neben mir sitzt Frau Krüger aus der Buchhaltung.',
    'Sabine Krüger: Hallo. Ich kümmere mich um die Belege.',
    'Laura Neumann: Schön, Sie beide kennenzulernen. Mein Vorschlag für die nächsten 30 Minuten: zwei, drei Fragen, dann zeige ich Ihnen die App, und am Ende schauen wir gemeinsam, wie es weitergeht.',
    'Martin Vogel: Läuft das auch auf Android? Und wie viele Nutzer kann man anlegen? Was kostet das?',
    'Laura Neumann: Ja, auf Android und iOS. Ich teile mal meinen Bildschirm. Hier sehen Sie die App.',
    'Sabine Krüger: Und wo landen die Belege bei mir? Kann ich die exportieren?',
    'Laura Neumann: In der Übersicht, und der Export geht per Klick. Passt Ihnen Dienstag um 9 Uhr für die Auswertung?',
    'Martin Vogel: Ja, passt.',
    'Laura Neumann: Ich schicke Ihnen beiden gleich die Einladung.',
  ].join('\n');
  const r = analyzeTranscript({ transcript: de, language: 'de' });
  assert.equal(r.rep_speaker, 'Laura Neumann');
  assert.equal(r.metrics.rep_detection, 'utterances');
  const en = [
    'Dana Price: Hi all, this is Dana Price from Crestline Freight, and with me is Omar from our finance team.',
    'Omar Haddad: Hi. Does it handle multi-currency invoices? And can we set approval limits? What about SSO?',
    "Kim Lee: Great to meet you both. Let me share my screen and I'll show you the approval flow on one of your invoices.",
    'Dana Price: How long does the setup take? Do you integrate with NetSuite?',
    'Kim Lee: About two weeks, and yes. Here you can see the NetSuite sync. Does Thursday at 10 am work for a session with your controller?',
    'Omar Haddad: Thursday works.',
    "Kim Lee: Perfect, I'll send you the invite right after this call.",
  ].join('\n');
  const e = analyzeTranscript({ transcript: en, language: 'en' });
  assert.equal(e.rep_speaker, 'Kim Lee');
  // Without selling signals, the introduction still decides.
  const cold = 'Herr Maier: Ja? Wer ist da?\nTom: Hallo Herr Maier, hier ist Tom Becker von der Nordlicht GmbH. Wie planen Sie Ihre Touren?\nHerr Maier: In Excel.';
  assert.equal(analyzeTranscript({ transcript: cold, language: 'de' }).rep_speaker, 'Tom');
});

test('inbound calls: the caller who introduces their company is the customer; the speaker who answers the call is the rep', () => {
  const cases: Array<[string, string, string]> = [
    [
      'de',
      [
        'sabine: Hallo, hier ist Sabine Wolter von der Wolter Logistik. Ich habe auf Ihrer Website das Formular ausgefüllt, wegen der Staplerflotte.',
        'markus: Hallo Frau Wolter, schön, dass Sie anrufen. Markus Lenz von E-Lift Leasing. Sie haben zwölf Gasstapler, richtig?',
        'sabine: Genau, zwölf Stück.',
        'markus: Was ist der Anlass, dass Sie sich gerade jetzt damit beschäftigen?',
        'sabine: Zwei Stapler sind letzten Monat ausgefallen.',
      ].join('\n'),
      'markus',
    ],
    [
      'en',
      [
        'Sarah Whitfield: Hi, this is Sarah Whitfield from Harvest Table Foods. We saw your ad in Food Logistics.',
        'Amir Haddad: Hi Sarah, thanks for calling. This is Amir from StockPilot. What made you reach out?',
        'Sarah Whitfield: Does your system handle lot tracking? How fast is a recall report? Does it integrate with QuickBooks?',
        'Amir Haddad: Yes, in a few seconds, and it does.',
      ].join('\n'),
      'Amir Haddad',
    ],
    // Only the caller's side says it is inbound: the other speaker wins without introducing themselves.
    [
      'en',
      [
        'Dana: Hi, Dana Fox from Fox Freight here. I filled out the form on your website.',
        'Lee: Sure. What does your fleet look like today?',
        'Dana: Forty trucks, and the dispatch runs on whiteboards.',
        'Lee: What happens when a driver calls in sick?',
        'Dana: Chaos, honestly. We lose half a day re-planning.',
        'Lee: Then let me show you how the planner handles that. Does Thursday at 10 work?',
      ].join('\n'),
      'Lee',
    ],
  ];
  for (const [language, transcript, rep] of cases) {
    const r = analyzeTranscript({ transcript, language: language as 'de' | 'en' });
    assert.equal(r.rep_speaker, rep, transcript);
  }
  // A customer's "thanks for calling" at the end of a cold call changes nothing.
  const cold = 'Tom: Hi, this is Tom from Ledgerly. I am calling about your invoicing.\nKim: Okay. We are fine.\nTom: Understood.\nKim: Thanks for calling, bye.';
  assert.equal(analyzeTranscript({ transcript: cold, language: 'en' }).rep_speaker, 'Tom');
});

test('the committed rep weights are what `npm run train` makes from the committed calls and utterance model', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const committed = JSON.parse(readFileSync(new URL('../../src/calls/analyzer/coach/rep/rep-weights.json', import.meta.url), 'utf8'));
  assert.deepEqual(trainRep(root), committed);
});

test('in a demo the account manager who introduces the solutions engineer is the salesperson, though the engineer asks and presents more', () => {
  const transcript = [
    'Dana Lee: Hi, yes, I can hear you.',
    "Maya Ortiz: Great, thanks for making the time, Dana. I'm Maya, account manager at Routewise, and I've brought Sam along, he's one of our solutions engineers.",
    'Sam Park: Hi Dana, good to meet you.',
    'Dana Lee: Hi both.',
    'Sam Park: Before I share my screen, how do you plan the routes for your drivers today?',
    'Dana Lee: Mostly in a spreadsheet. Every morning it takes me about two hours, and when someone is sick it falls apart.',
    'Sam Park: Two hours every morning. What happens when it falls apart?',
    'Dana Lee: Deliveries go out late and customers call to complain. Last month we lost a restaurant client over it.',
    "Sam Park: Okay, let me show you the planner. You import the orders, it builds the routes in a minute, and if a driver is out you drag his stops to the others.",
    'Sam Park: Here you see the live map, the time windows and the driver app with proof of delivery.',
    'Dana Lee: That looks useful. Does it work with our order system?',
    'Sam Park: Yes, we have an import for that, and an open API as well.',
    'Sam Park: How many drivers and vans do you run on a normal day?',
    'Dana Lee: Twelve drivers, fourteen vans.',
    'Sam Park: And who else plans when you are away?',
    'Dana Lee: Nobody really, that is the problem.',
    'Sam Park: Then the shared planning board helps: anyone on your team can open it, and the routes are saved as templates.',
    'Dana Lee: And what does it cost?',
    'Maya Ortiz: For twelve drivers it would be about four hundred a month. Shall we set up a two-week trial with your real orders and review it together next Thursday at ten?',
    'Dana Lee: Yes, Thursday at ten works.',
    "Maya Ortiz: Great, I'll send the invite today.",
  ].join('\n');
  const r = analyzeTranscript({ transcript, language: 'en' });
  assert.equal(r.rep_speaker, 'Maya Ortiz');
  assert.equal(r.metrics.rep_detection, 'utterances');
});
