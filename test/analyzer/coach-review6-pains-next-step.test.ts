// Coach review 6: everyday pains with numbers, fillers in pain detection, pains stepped over, the
// "never quantified" miss, months as undated time frames, purpose statements and the question target.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript, explainScores } from '../../src/calls/analyzer/builtin/index.ts';
import { PAIN_RE, painText, quantifiesImpact } from '../../src/calls/analyzer/builtin/lexicon.ts';
import { questionTarget } from '../../src/calls/analyzer/builtin/score.ts';
import { corpus } from './helpers.ts';

const isPain = (s: string) => PAIN_RE.test(painText(s));

test('everyday pains with numbers are pains, in both languages and with fillers (F-6, F-14)', () => {
  for (const line of [
    "We wrote off a compact excavator, about forty grand, because we couldn't prove who had it last.",
    "We've had to write off two trailers this year.",
    'We had to do a voluntary recall on two products.',
    "If it happens again, we're delisted.",
    "She's on the phone ten hours a day and we still miss calls.",
    'We actually still miss a lot of calls.',
    'Half of them never get their spring tune-up because nobody calls them.',
    "They're both late because she's buried in paperwork.",
    'It takes my yard guys half a day each time.',
    "Honestly we're bad at scheduling them.",
    'Da geht locker ein halber Tag die Woche drauf.',
    'Da geht ehrlich gesagt jede Woche locker ein halber Tag drauf.',
    'Jede ausgefallene Stunde sind 58 Euro, die uns durch die Lappen gehen.',
    'Dann hat der Fahrlehrer eine Stunde Leerlauf.',
    'Wir mussten den Bagger abschreiben.',
    'Wir sind bei zwei Ketten ausgelistet worden.',
    'Wir verpassen halt immer noch Anrufe.',
    'Die Produkte sind zu spät dran, weil sie in Papierkram versinkt.',
    'Sie hängt im Sommer zehn Stunden am Tag am Telefon.',
    'Die Hälfte kriegt nie ihre Wartung, weil sich keiner drum kümmert.',
    'Wir hatten eine Rückrufaktion bei zwei Produkten.',
  ]) assert.ok(isPain(line), line);
  for (const line of [
    'Die Tafel kostet uns ja nichts.',
    'Die Tafel kostet uns eh nichts.',
    'Die Tafel kostet uns ehrlich gesagt auch nichts.',
    'Das ist halt eigentlich kein Problem.',
    'It honestly costs us nothing.',
    "Honestly, it's not a problem.",
    'If I recall correctly, you said forty.',
    'Can you pull a recall report?',
    'We never miss calls.',
    'We miss you guys.',
    'We chose them because nobody else had an API.',
    'It takes about half a day to set up.',
    'Wir sind da nicht schlecht im Planen.',
    'Everything is in one app, all in one place.',
  ]) assert.ok(!isPain(line), line);
});

test('amounts in words are impacts; counts of products or trucks are not (F-6)', () => {
  for (const line of ['about forty grand', 'The direct cost was around ninety thousand.', 'Maybe eight, nine thousand if we are full.', 'Wir mussten vierzigtausend Euro abschreiben.', 'über tausend Euro im Monat'])
    assert.ok(quantifiesImpact(line), line);
  for (const line of ['We have about sixty products.', 'Eleven techs, six trucks on the road.', 'We sell into three grocery chains.']) assert.ok(!quantifiesImpact(line), line);
});

test('a pain stepped over with the next checklist question is not explored, its number earns no discovery credit, and the moments name it (F-6)', () => {
  const call = `Tyler: Hey Mike, Tyler from Dispatchly. Are you using any software for dispatch right now?
Mike: A whiteboard and my wife on the phone. She's on the phone ten hours a day and we still miss calls.
Tyler: Got it. And do your techs have tablets?
Mike: Some of them.
Tyler: Okay. Do you do maintenance agreements?
Mike: About 400. Half of them never get their spring tune-up because nobody calls them.
Tyler: Okay, cool. Are you the one who'd make the decision?
Mike: Me and my wife.`;
  const explain = explainScores({ transcript: call, language: 'en' }).discovery.join(' | ');
  assert.doesNotMatch(explain, /followed up|impact quantified|drew out/, explain);
  const r = analyzeTranscript({ transcript: call, language: 'en' });
  assert.equal(r.metrics.pains, 2);
  assert.ok([r.biggest_miss, ...r.moments].some((m) => /moved on without asking/.test(m.why)), JSON.stringify(r.moments.map((m) => m.why)));
  // Asked about it: explored, and the impact counts.
  const asked = call.replace('Got it. And do your techs have tablets?', 'Ten hours a day. What does that mean for the business?');
  const explained = explainScores({ transcript: asked, language: 'en' }).discovery.join(' | ');
  assert.match(explained, /followed up/);
  assert.match(explained, /impact quantified/);
});

test('"never quantified" is not used when the customer quantified later or the pain answered a consequence question (F-12)', () => {
  const never = /never quantified|nie beziffert/;
  for (const name of ['de_sie_review6_01_inbound_fahrschule.txt', 'en_review6_15_food_recall_customer_talks.txt']) {
    const r = analyzeTranscript({ transcript: corpus(name), language: 'en' });
    assert.ok(![r.biggest_miss, ...r.moments].some((m) => never.test(m.why)), name);
  }
  const call = `Rep: Hi Tom, this is Ann from Pickly. How do Fridays look for you?
Customer: Chaos. It's really stressful.
Rep: What happens then?
Customer: We had two complaints last week.
Rep: How much does a lost regular bring in per month?
Customer: Maybe two thousand euros a month.
Rep: Okay. Would Tuesday at 10 work for a demo?
Customer: Yes.`;
  const r = analyzeTranscript({ transcript: call, language: 'en' });
  assert.ok(![r.biggest_miss, ...r.moments].some((m) => never.test(m.why)), JSON.stringify(r.moments.map((m) => m.why)));
});

test('an agreed callback in a month is an undated time frame (3); Jänner and heuer are read (F-10)', () => {
  const body = `Anna: Hallo Herr Brandt, hier ist Anna von Nordlicht. Wie läuft Ihr Angebotsprozess heute?
Herr Brandt: Die Angebote dauern viel zu lange, das kostet uns zehn Stunden pro Woche.
Anna: Was bedeutet das für Ihr Team?
Herr Brandt: Die Leute sind frustriert.`;
  const bodyEn = `Rachel: Hi David, this is Rachel from Brightpath. How does your support team work today?
David: The Monday backlog is our biggest problem, it costs us about ten hours every week.
Rachel: What does that mean for the team?
David: People are frustrated.`;
  const ns = (b: string, closing: string) => {
    const r = analyzeTranscript({ transcript: `${b}\n${closing}`, language: 'de' });
    return [r.metrics.next_step, r.scores.next_step];
  };
  for (const closing of [
    "Anna: Wann kann ich Sie wieder anrufen?\nHerr Brandt: Rufen S' mich im Jänner an, nach den Feiertagen.\nAnna: Mach ich.",
    'Anna: Wann kann ich Sie wieder anrufen?\nHerr Brandt: Rufen Sie mich im Januar an.\nAnna: Mache ich.',
    'Anna: Wann sollen wir wieder sprechen?\nHerr Brandt: Ende Mai, dann haben wir die Zahlen.\nAnna: Gut, machen wir so.',
    'Anna: Wann sollen wir wieder telefonieren?\nHerr Brandt: Heuer noch, ruf mich im Dezember an.\nAnna: Mach ich.',
  ]) assert.deepEqual(ns(body, closing), ['undated', 3], closing);
  for (const closing of [
    'Rachel: When should I call you again?\nDavid: Call me in January, after the holidays.\nRachel: Will do.',
    'Rachel: When would be a good time to talk again?\nDavid: Early next month.\nRachel: Sounds good, talk then.',
  ]) assert.deepEqual(ns(bodyEn, closing), ['undated', 3], closing);
  // A date in Jänner is dated.
  assert.equal(ns(body, 'Anna: Passt Ihnen der 14. Jänner um 10 Uhr für einen Termin?\nHerr Brandt: Ja, passt.')[0], 'dated');
  // A month in a pitch or a past event is no next step.
  assert.equal(ns(body, 'Anna: Im Mai haben wir ein neues Modul veröffentlicht.\nHerr Brandt: Aha. Danke, tschüss.')[0], 'none');
});

test('a purpose statement that quotes the customer is no value statement when nothing was offered (F-22)', () => {
  const call = `00:00:01 Jana Voss: Moin Ole, Jana von Teigwerk hier. Ich ruf an, weil du gesagt hast, eure Filialbestellungen laufen noch per Fax. Hast du zwei Minuten?
00:00:10 Ole Petersen: Nee, gerade ganz schlecht, ich steh in der Backstube.
00:00:15 Jana Voss: Alles klar. Passt es dir Donnerstag um 14 Uhr?
00:00:21 Ole Petersen: Donnerstag zwei geht.
00:00:24 Jana Voss: Super, bis Donnerstag!`;
  const value = explainScores({ transcript: call, language: 'de' }).value.join(' | ');
  assert.match(value, /no pitch/, value);
  assert.doesNotMatch(value, /tied to the customer/, value);
});

test('the question target scales below 5 for very short calls and stays 5–11 otherwise (F-9)', () => {
  assert.equal(questionTarget(80), 3);
  assert.equal(questionTarget(120), 4);
  assert.equal(questionTarget(200), 5);
  assert.equal(questionTarget(470), 5);
  assert.equal(questionTarget(800), 8);
  assert.equal(questionTarget(3000), 11);
  const short = `00:00:01 Jana Voss: Moin Ole, Jana von Teigwerk hier. Ich ruf an, weil du gesagt hast, eure Filialbestellungen laufen noch per Fax. Hast du zwei Minuten?
00:00:10 Ole Petersen: Nee, gerade ganz schlecht, ich steh in der Backstube und der Ofen piept.
00:00:15 Jana Voss: Alles klar, dann halt ich dich nicht auf. Passt es dir Donnerstag um 14 Uhr?
00:00:21 Ole Petersen: Donnerstag zwei geht.
00:00:24 Jana Voss: Super, bis Donnerstag!`;
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: short, language });
    const text = [r.biggest_miss, ...r.moments].map((m) => m.why).join('\n');
    assert.doesNotMatch(text, /calls for about 5|etwa 5 sinnvoll/, text);
  }
});
