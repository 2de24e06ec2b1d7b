// Coach review 4: who speaks for the seller, and a hard no never answered with a meeting slot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';

const se = [
  'Lena: Hi zusammen! Ich hab Tobi mitgebracht, er ist bei uns Solutions Engineer.',
  'Tobias Krämer: Hi, freut mich.',
  'Mehmet: Hi. Bei uns landen die Bugs per Copy-Paste im Jira, das nervt.',
  'Tobias Krämer: Verstehe. Wir haben eine native Jira-Integration, die wir selbst pflegen. Wie kommen die Tickets heute ins Jira?',
  'Mehmet: Per Hand. Aber ich hab ehrlich gesagt Sorge wegen Security, ich will kein Tool, das Vollzugriff auf unser Jira hat.',
  'Tobias Krämer: Absolut berechtigt. Was genau müsste für euren Auditor erfüllt sein?',
  'Mehmet: Daten in der EU.',
  'Lena: Passt dir Dienstag um zehn für den Pilot?',
  'Mehmet: Dienstag um zehn geht.',
].join('\n');

test('a colleague the rep brought along is on the seller side, never the customer', () => {
  const r = analyzeTranscript({ transcript: se, language: 'de', repName: 'Lena' });
  assert.equal(r.rep_speaker, 'Lena');
  assert.ok(!r.metrics.objections.some((o) => o.type === 'competitor'), JSON.stringify(r.metrics.objections));
  assert.deepEqual(r.metrics.objections, [{ type: 'adoption', handled: true }]);
  assert.ok(!r.biggest_miss.what_to_say_instead.includes('native Jira-Integration'), r.biggest_miss.what_to_say_instead);
});

test('a generic "Speaker 3" introduced as the rep\'s solutions engineer is on the seller side', () => {
  const t = [
    'Speaker 1: I run procurement, and with me is Omar from operations.',
    'Speaker 2: Thanks. I\'m Chris from Palletrack, and I brought Dana, one of our solutions engineers.',
    'Speaker 3: Hi everyone.',
    'Speaker 4: Hi. Our counts are off by four percent every month, that costs us a lot.',
    'Speaker 3: Which scanners are you using today?',
    'Speaker 4: Zebra handhelds.',
    'Speaker 3: We have a certified connector, so we would not add another system of record.',
    'Speaker 1: Okay. Could we talk again on Friday at ten?',
    'Speaker 2: Friday at ten works, I\'ll send the invite.',
  ].join('\n');
  const r = analyzeTranscript({ transcript: t, language: 'en' });
  assert.equal(r.rep_speaker, 'Speaker 2');
  assert.ok(!r.metrics.objections.some((o) => o.type === 'status_quo'), JSON.stringify(r.metrics.objections));
});

test('after a hard no, the suggested line never proposes a meeting slot, and "verstehe, aber darf ich trotzdem erklären" is no strength', () => {
  const de = [
    'Speaker 1: Ja, Winkler?',
    'Speaker 2: Hallo Herr Winkler, hier ist Dennis Baumann von Solarkraft Nord, ich rufe an wegen Ihrer Dachfläche, wir haben da ein Angebot für Photovoltaik.',
    'Speaker 1: Nee, kein Interesse. Wir haben das Dach gerade neu verpachtet.',
    'Speaker 2: Ah, verstehe, aber darf ich Ihnen trotzdem kurz erklären, was wir anders machen als die anderen Anbieter? Das dauert nur zwei Minuten.',
    'Speaker 1: Nein, wirklich nicht. Ich hab gleich einen Termin.',
    'Speaker 2: Soll ich Ihnen dann einfach mal Unterlagen schicken?',
    'Speaker 1: Schönen Tag noch.',
  ].join('\n');
  const en = [
    'Jake Miller: Hey, is this Linda?',
    'Linda Chu: Speaking.',
    'Jake Miller: Hey Linda, Jake from Fleetsy, we do GPS tracking for fleets, so I wanted to see if you\'d be interested in a demo.',
    'Linda Chu: We already have GPS in every truck. Please take us off your list.',
    'Jake Miller: Oh, but ours is way cheaper than Samsara, can I just show you the pricing?',
    'Linda Chu: No. Bye.',
  ].join('\n');
  for (const [t, repName] of [[de, 'Dennis Baumann'], [en, 'Jake Miller']]) {
    for (const language of ['de', 'en'] as const) {
      const r = analyzeTranscript({ transcript: t, language, repName });
      assert.ok(!/Dienstag um 10|Tuesday at 10|nächsten Schritt gleich festmachen|lock in the next step/i.test(r.biggest_miss.what_to_say_instead), r.biggest_miss.what_to_say_instead);
      assert.ok(!/trotzdem kurz erklären/.test(r.strongest_moment.quote), r.strongest_moment.quote);
      assert.ok(r.metrics.objections.some((o) => o.type === 'status_quo' && !o.handled), JSON.stringify(r.metrics.objections));
    }
  }
});
