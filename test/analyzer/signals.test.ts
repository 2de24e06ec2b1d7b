// The measurements behind the scores, each on a small call: talk share, monologue, cutting in,
// the next step, objections and how they were answered, concessions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/coach/index.ts';

const en = (lines: string[]) => analyzeTranscript({ transcript: lines.join('\n'), language: 'en' });
const de = (lines: string[]) => analyzeTranscript({ transcript: lines.join('\n'), language: 'de' });

test('talk share counts the rep against the customer, not a colleague the rep brought', () => {
  const r = en([
    'Agent: Hi Tom, this is Jake from Hirebase. With me is Dana, our solutions engineer.',
    'Customer: Hi both.',
    'Dana: Let me show you the pipeline view, the reports, the scorecards, the integrations and the analytics dashboard with all its filters.',
    'Agent: How do you track candidates today?',
    'Customer: In a spreadsheet that three recruiters edit at the same time, and it breaks every week.',
  ]);
  assert.equal(r.rep_speaker, 'Agent');
  const repWords = 14 + 6;
  const customerWords = 2 + 16;
  assert.equal(r.metrics.rep_talk_share, Math.round((repWords / (repWords + customerWords)) * 1000) / 1000);
});

test('the longest monologue is measured in seconds when the transcript has timestamps', () => {
  const r = en([
    '[00:00:00] Rep: Hi Sam, this is Lea from Tidy. How do you plan your cleaning crews today?',
    '[00:00:10] Sam: On a whiteboard.',
    '[00:00:14] Rep: Our app plans crews, routes, supplies, invoices and reminders, it syncs with your calendar, it has a client portal, and it runs offline.',
    '[00:02:44] Sam: Okay.',
  ]);
  assert.equal(r.metrics.longest_monologue_seconds, 150);
});

test('a customer cut off twice and protesting lowers listening against the same call without it', () => {
  const calm = [
    'Rep: Hi Mia, this is Ben from Routely. How do you schedule your drivers today?',
    'Mia: We use paper lists and every morning somebody calls each driver to confirm the route.',
    'Rep: What does that cost you each week?',
    'Mia: About ten hours of dispatcher time, and we still miss deliveries.',
    'Rep: So the morning calls eat ten hours and deliveries still slip?',
    'Mia: Exactly.',
  ];
  const rude = [
    'Rep: Hi Mia, this is Ben from Routely. How do you schedule your drivers today?',
    'Mia: We use paper lists and every morning somebody calls each driver to –',
    'Rep: Right, our app does all of that automatically.',
    'Mia: Let me finish, please. Somebody calls each driver to confirm the route, and that takes –',
    'Rep: Yes yes, the app sends the routes to the phones.',
    'Mia: You keep interrupting me.',
  ];
  assert.ok(en(rude).scores.listening < en(calm).scores.listening);
});

test('the next step: dated and agreed with an invite, vague, or none', () => {
  const opening = ['Rep: Hi Tom, this is Jake from Hirebase. How do you hire drivers today?', 'Tom: Mostly through agencies, and it is expensive.'];
  const dated = en([...opening, 'Rep: Does Tuesday at 10 am work for a demo with your ops lead?', 'Tom: Tuesday at ten works.', "Rep: Great, I'll send you the calendar invite right now."]);
  assert.equal(dated.metrics.next_step, 'dated');
  assert.equal(dated.metrics.next_step_dated, true);
  const vague = en([...opening, "Rep: Okay, I'll follow up with you at some point.", 'Tom: Sure, bye.']);
  assert.ok(vague.metrics.next_step === 'vague' || vague.metrics.next_step === 'undated', vague.metrics.next_step);
  assert.ok(vague.scores.next_step < dated.scores.next_step);
  const none = en([...opening, 'Rep: Alright, thanks for your time.', 'Tom: Bye.']);
  assert.equal(none.metrics.next_step_dated, false);
  assert.ok(none.scores.next_step <= vague.scores.next_step);
});

test('an objection argued with is not handled; one acknowledged and explored is', () => {
  const start = ['Verkäufer: Hallo Frau Kern, hier ist Jonas von Taktwerk. Wie planen Sie heute Ihre Schichten?', 'Kunde: Mit Excel, das kostet mich jede Woche einen halben Tag.'];
  const argued = de([...start, 'Verkäufer: Unser Tool erstellt den Plan automatisch für 89 Euro im Monat.', 'Kunde: Das ist uns ehrlich gesagt zu teuer.', 'Verkäufer: Nein, das stimmt so nicht, wir sind viel günstiger als alle anderen.']);
  const price = argued.metrics.objections.find((o) => o.type === 'price');
  assert.ok(price, JSON.stringify(argued.metrics.objections));
  assert.equal(price.handled, false);
  const heard = de([...start, 'Verkäufer: Unser Tool erstellt den Plan automatisch für 89 Euro im Monat.', 'Kunde: Das ist uns ehrlich gesagt zu teuer.', 'Verkäufer: Verstehe ich, das ist ein berechtigter Punkt. Zu teuer im Vergleich wozu?']);
  const heardPrice = heard.metrics.objections.find((o) => o.type === 'price');
  assert.ok(heardPrice, JSON.stringify(heard.metrics.objections));
  assert.equal(heardPrice.handled, true);
  assert.ok(heard.scores.objection_handling > argued.scores.objection_handling);
});

test('a discount nobody asked for is named in the coaching', () => {
  const r = en([
    'Rep: Hi Ann, this is Max from Shiftly. How do you plan shifts today?',
    'Ann: In a shared calendar, it works okay.',
    'Rep: Our app does shift swaps, time tracking and payroll export, and I can give you 30 percent off the first year if you sign this week.',
    'Ann: Hm, okay.',
  ]);
  const quoted = [r.biggest_miss, ...r.moments].map((m) => m.quote).join(' | ');
  assert.match(quoted, /30 percent off/);
});

test('in a transcript that writes question marks, a sentence without one is not counted as a question', async () => {
  const { parseTranscript } = await import('../../src/calls/analyzer/coach/parse/transcript.ts');
  const { buildCall } = await import('../../src/calls/analyzer/coach/utterances/build.ts');
  const { isQuestion } = await import('../../src/calls/analyzer/coach/signals/sides.ts');
  const { classifyWithClauses } = await import('../../src/calls/analyzer/coach/utterances/clauses.ts');
  const statement = 'Ich zeig Ihnen erst mal, wie so ein Lead aussieht, dann wird das viel klarer.';
  // Its clause "wie so ein Lead aussieht" reads like a question to the classifier.
  assert.ok(classifyWithClauses(statement, 15).labels.has('question_open'));
  const marked = buildCall(parseTranscript(['Anna: Wie planen Sie heute Ihre Touren?', 'Ben: Mit Excel.', `Anna: ${statement}`].join('\n')));
  const asked = marked.utterances.find((u) => u.text.startsWith('Wie planen'));
  const told = marked.utterances.find((u) => u.text === statement);
  assert.ok(asked && isQuestion(asked));
  assert.ok(told && !isQuestion(told));
  // Speech-to-text without any punctuation keeps what the classifier hears as a question.
  const unpunctuated = buildCall(parseTranscript(['anna: wie planen sie heute ihre touren', 'ben: mit excel das dauert'].join('\n')));
  assert.ok(isQuestion(unpunctuated.utterances[0]));
});
