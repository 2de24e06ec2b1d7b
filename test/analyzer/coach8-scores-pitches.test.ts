// Coach review 8: the discovery, listening and value scores and what feeds them: pitches without
// product words, ties to the customer's words, need-payoff questions, mirrors and summaries, pains and
// impacts (numbers in words), the guarantee hedge, pains stepped over, scheduling-only calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainScores } from '../../src/calls/analyzer/builtin/index.ts';
import {
  CUSTOMER_CONDITION_RE,
  IMPLICATION_Q_RE,
  NEED_PAYOFF_RE,
  PAIN_RE,
  PITCH_RE,
  PRICE_QUESTION_RE,
  RISKY_PROMISE_RE,
  SCHEDULING_PURPOSE_RE,
  painText,
  promiseHedged,
  quantifiesImpact,
} from '../../src/calls/analyzer/builtin/lexicon.ts';
import { measure } from '../../src/calls/analyzer/builtin/measure.ts';
import { parseTranscript } from '../../src/calls/analyzer/builtin/transcript.ts';
import { buildTurns } from '../../src/calls/analyzer/builtin/turns.ts';
import { detectRep } from '../../src/calls/analyzer/builtin/speakers.ts';
import { corpus } from './helpers.ts';

const isPain = (s: string) => PAIN_RE.test(painText(s));
const explain = (name: string, language: 'de' | 'en' = 'de') => explainScores({ transcript: corpus(name), language });
const measureText = (text: string) => {
  const parsed = parseTranscript(text);
  const turns = buildTurns(parsed);
  const rep = detectRep(turns, parsed.labels, {});
  return measure(turns, rep.key, parsed.hasTimestamps, 'de', rep.colleagues);
};

test("a condition on the customer's signature is no hedge of a guarantee; a condition on the work is (H2)", () => {
  for (const line of [
    'Wenn du bis Ende des Monats unterschreibst, ist die Anlage garantiert vor Ostern am Netz.',
    'Wenn Sie diese Woche bestellen, garantiere ich Ihnen die Lieferung bis Freitag.',
    "If you sign this week, I guarantee it'll be live by Monday.",
    'As long as you place the order today, we guarantee delivery by the 3rd.',
  ]) {
    assert.ok(RISKY_PROMISE_RE.test(line), line);
    assert.ok(!promiseHedged(line), line);
  }
  for (const line of ['Wenn die Daten bis Freitag da sind, ist das garantiert bis Montag fertig.', "If the data arrives by Friday, I guarantee it'll be live by Monday."]) {
    assert.ok(promiseHedged(line), line);
    assert.ok(!CUSTOMER_CONDITION_RE.test(line), line);
  }
  assert.ok(RISKY_PROMISE_RE.test('Das versprech ich dir.'));
  assert.ok(!RISKY_PROMISE_RE.test('Ich versprech mir davon eine Menge.'));
});

test('the guarantee tied to the signature is found in the solar follow-up, in both languages (H2)', () => {
  for (const language of ['de', 'en'] as const) {
    const v = explain('de_du_review8_01_solar_nachfass.txt', language).value;
    assert.ok(v.some((x) => x.includes('unhedged guarantee') && x.includes('Wenn du bis Ende des Monats')), v.join('; '));
  }
});

test('German pitches without product words are pitches; near sentences are not (M1)', () => {
  for (const line of [
    'Mit 60 Kilowatt Peak und einem Speicher deckst du rechnerisch gut 70 Prozent vom Tagesbedarf selbst.',
    'Mit der Anlage erzeugen Sie den Strom für die Kühlung selbst.',
    'Damit fällt genau das Umstellen weg, über das du dich gerade geärgert hast.',
    'Wir stellen eine zweite Mühle nur für Entkoffeinierten als Leihgerät.',
  ])
    assert.ok(PITCH_RE.test(line), line);
  for (const line of [
    'Mit Thomas kannst du das ja nochmal besprechen.',
    'Mit dem Punkt hast du völlig recht.',
    'Damit fällt die Entscheidung bei dir.',
    'Wir stellen dir gleich noch ein paar Fragen.',
  ])
    assert.ok(!PITCH_RE.test(line), line);
});

test('"Because with <company>, …" is a pitch; "with <company>" as a mere mention is not (M1)', () => {
  const call = (line: string) =>
    `Tyler: Hi Nadia, Tyler from Drafthour. Do you have five minutes?\nNadia: Sure.\nTyler: How do you track project hours today?\nNadia: In a spreadsheet, and it takes me two days every month to turn it into invoices.\nTyler: ${line}\nNadia: Okay.\n`;
  assert.equal(measureText(call('Because with Drafthour, everyone logs time on their phone and invoices are generated with one click.')).pitches.length, 1);
  assert.equal(measureText(call('And have you ever talked with Drafthour before today?')).pitches.length, 0);
});

test('need-payoff questions: "what else would have to be true", „was wäre für dich drin“ (H5, M1)', () => {
  for (const line of [
    'What else would have to be true for you to move forward?',
    'What would be in it for you if the queue were half as long?',
    'Was wäre denn für dich drin, wenn die Schlange morgens nur halb so lang wäre?',
    'Was müsste denn noch passieren, damit Sie starten können?',
  ])
    assert.ok(NEED_PAYOFF_RE.test(line), line);
  for (const line of ['What else would you like to see in the demo?', 'Was wäre denn der nächste Schritt?', 'Was ist denn für dich drin im Paket?']) assert.ok(!NEED_PAYOFF_RE.test(line), line);
});

test('a consequence question „Was hat das mit … gemacht?“ is an implication question (M1)', () => {
  assert.ok(IMPLICATION_Q_RE.test('Was hat das mit eurer Kalkulation im Hofladen gemacht?'));
  assert.ok(IMPLICATION_Q_RE.test('What did that do to your margins?'));
  assert.ok(!IMPLICATION_Q_RE.test('Was hast du am Wochenende gemacht?'));
});

test('the tied pitches of review 8 raise value: the loaned grinder, Carelink, the solar pitch after the consequence (H5, M1)', () => {
  for (const language of ['de', 'en'] as const) {
    const coffee = explain('de_du_review8_03_humor_kaffee_upsell.txt', language).value;
    assert.ok(coffee.some((x) => x.includes('tied')) && coffee.some((x) => x.includes('need-payoff')), coffee.join('; '));
    const hipaa = explain('en_review8_09_hipaa_reference.vtt', language).value;
    assert.ok(hipaa.some((x) => x.includes('tied')) && hipaa.some((x) => x.includes('need-payoff')), hipaa.join('; '));
    const solar = explain('de_du_review8_01_solar_nachfass.txt', language).value;
    assert.ok(solar.some((x) => x.includes('tied')), solar.join('; '));
  }
});

test('a rep who cuts in: no mirror credit for cutting in, no need-payoff credit when its answer is cut off, the pitch is untied (08)', () => {
  const e = explain('en_review8_08_no_room_to_answer.txt', 'en');
  assert.ok(!e.listening.some((x) => x.includes('paraphrased')), e.listening.join('; '));
  assert.ok(!e.value.some((x) => x.includes('need-payoff') || x.includes('tied')), e.value.join('; '));
  // Near case: the same need-payoff question answered in full counts.
  const m = measureText(
    'Tyler: Hi Nadia, Tyler from Drafthour.\nNadia: Hi.\nTyler: So what would it mean for you if the hours went straight into the invoice?\nNadia: Well, it would mean I get my two days back every month.\nTyler: Got it.\n',
  );
  assert.equal(m.needPayoffs.length, 1);
});

test('mirrors from anywhere in the last turn, numbers included, and summaries of up to 18 words (M5)', () => {
  for (const language of ['de', 'en'] as const) {
    assert.ok(explain('de_du_review8_01_solar_nachfass.txt', language).listening.some((x) => x.includes('paraphrased')));
    assert.ok(explain('en_review8_07_champion_expansion.txt', language).listening.some((x) => x.includes('paraphrased')));
  }
  const mirrored = measureText(
    'Jonas: Was ist dir seit unserem Termin durch den Kopf gegangen?\nKathrin: Die Stromrechnung ist von 9.000 auf fast 16.000 Euro gestiegen, und im Sommer laufen die Kühlzellen rund um die Uhr.\nJonas: Von 9.000 auf 16.000?\nKathrin: Ja.\n',
  );
  assert.equal(mirrored.paraphrases.length, 1);
  // Near case: a short question with other numbers mirrors nothing.
  const other = measureText(
    'Jonas: Was ist dir seit unserem Termin durch den Kopf gegangen?\nKathrin: Die Stromrechnung ist von 9.000 auf fast 16.000 Euro gestiegen, und im Sommer laufen die Kühlzellen rund um die Uhr.\nJonas: Wie viele Leute arbeiten bei euch?\nKathrin: Drei.\n',
  );
  assert.equal(other.paraphrases.length, 0);
});

test('numbers in words with pounds are impacts; a headcount is not (M6)', () => {
  for (const line of ['we got a late fee of about eight hundred pounds', 'a fine of £800', 'das hat uns achthundert Pfund gekostet', 'about three thousand pounds a year'])
    assert.ok(quantifiesImpact(line), line);
  for (const line of ['we are about eight hundred people', 'The pound is weak at the moment.']) assert.ok(!quantifiesImpact(line), line);
});

test('everyday pains of review 8: regulars gone, people turning away, calling around for cover; a risen bill alone is a number (M1, H5)', () => {
  for (const line of [
    'Wir mussten die Preise anheben, und ein paar Stammkunden sind seitdem weg.',
    'Das tut schon weh.',
    'Da warten die Leute manchmal acht Minuten auf einen Flat White, und ein paar drehen dann um und gehen zum Bäcker nebenan.',
    'When a caregiver calls in sick, a scheduler calls around for cover, sometimes for an hour.',
  ])
    assert.ok(isPain(line), line);
  for (const line of ['Die Stromrechnung ist letztes Jahr von 9.000 auf fast 16.000 Euro gestiegen.', 'Unser Umsatz ist letztes Jahr gestiegen.', 'Das tut gut.', 'Die Stammkunden sind seit Jahren treu.', 'He calls around noon.', 'Die Leute warten gern auf den Kaffee.'])
    assert.ok(!isPain(line), line);
});

test("the customer's price question is no pain (M2)", () => {
  assert.ok(PRICE_QUESTION_RE.test('Leihgerät heißt, was kostet mich das?'));
  assert.ok(PRICE_QUESTION_RE.test('How much does that cost me?'));
  assert.ok(!PRICE_QUESTION_RE.test('Was ist denn das größte Problem?'));
  const m = measureText('Mia: Wir stellen dir die Mühle als Leihgerät hin.\nBen: Leihgerät heißt, was kostet mich das?\nMia: Die Mühle selbst nichts.\nBen: Gut.\n');
  assert.equal(m.pains.length, 0);
});

test('a pain left for the next checklist question or the requirements earns no discovery point (05, M7)', () => {
  for (const language of ['de', 'en'] as const) {
    const lab = explain('de_sie_review8_05_technik_fragen_labor.txt', language);
    assert.ok(!lab.discovery.some((x) => x.includes('pain')), lab.discovery.join('; '));
    assert.ok(!lab.value.some((x) => x.includes('pain explored')), lab.value.join('; '));
    const booth = explain('en_review8_10_overpromise_trade_show.srt', language).discovery;
    assert.ok(!booth.some((x) => x.includes('pain') || x.includes('impact')), booth.join('; '));
  }
  // Near cases: a closed question that refers back, or one about the pain's own noun, still explores it.
  const base = (q: string) => `Rep: Wie läuft das heute?\nKunde: Die Techniker tippen die Werte abends in Excel ab, das dauert jeden Abend eine Stunde.\nRep: ${q}\nKunde: Ja.\n`;
  assert.ok(measureText(base('Und das passiert jeden Abend?')).pains[0].explored);
  assert.ok(measureText(base('Und die Werte, stimmen die dann?')).pains[0].explored);
  assert.ok(!measureText(base('Und die Schnittstelle zu Ihrem ERP, das war SAP, richtig?')).pains[0].explored);
  assert.ok(!measureText(base('Was brauchen Sie diesmal?')).pains[0].explored);
});

test('a scheduling-only call is measured against the short-call minimum of questions (H4)', () => {
  assert.ok(SCHEDULING_PURPOSE_RE.test('Ich rufe wegen des Termins mit Herrn Krämer am Freitag an.'));
  assert.ok(SCHEDULING_PURPOSE_RE.test("I'm calling about our demo on Friday."));
  assert.ok(!SCHEDULING_PURPOSE_RE.test('Ich rufe wegen Ihrer Anfrage zur Tourenplanung an.'));
  assert.ok(!SCHEDULING_PURPOSE_RE.test("I'm calling about the guide you downloaded."));
  for (const language of ['de', 'en'] as const) {
    const d = explain('de_sie_review8_06_terminverschiebung_assistenz.txt', language).discovery;
    assert.ok(d.some((x) => x.includes('>= 2')), d.join('; '));
  }
});

test('check-backs and „zusammensetzen“ proposals are no discovery questions (01)', () => {
  assert.equal(measureText('Rep: Wie läuft es heute?\nKunde: Geht so.\nRep: Hilft dir das beim Vergleich?\nKunde: Ja.\n').discoveryQuestions, 1);
  assert.equal(measureText('Rep: Wie läuft es heute?\nKunde: Geht so.\nRep: Wollen wir uns nächste Woche zu dritt zusammensetzen, mit Thomas?\nKunde: Ja.\n').discoveryQuestions, 1);
  assert.equal(measureText('Rep: Wie läuft es heute?\nKunde: Geht so.\nRep: Wollen wir nicht erst mal über eure Abläufe reden?\nKunde: Ja.\n').discoveryQuestions, 2);
});
