import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/index.ts';

const BODY_DE = [
  'Anna: Hallo Herr Brandt, hier ist Anna von Nordlicht. Wie läuft Ihr Angebotsprozess heute?',
  'Herr Brandt: Die Angebote dauern viel zu lange, das kostet uns zehn Stunden pro Woche.',
  'Anna: Was bedeutet das für Ihr Team?',
  'Herr Brandt: Die Leute sind frustriert, und wir verlieren Aufträge.',
].join('\n');
const BODY_EN = [
  'Rachel: Hi David, this is Rachel from Brightpath. How does your support team work today?',
  'David: The Monday backlog is our biggest problem, it costs us about ten hours every week.',
  'Rachel: What does that mean for the team?',
  'David: People are frustrated and we are losing customers.',
].join('\n');

function nextStep(body: string, closing: string) {
  const r = analyzeTranscript({ transcript: `${body}\n${closing}`, language: 'de' });
  return { kind: r.metrics.next_step, dated: r.metrics.next_step_dated, score: r.scores.next_step };
}

test('dated next steps: weekday + time, a date, "morgen", "next Tuesday at 10", with agreement and invite', () => {
  const dated: Array<[string, string]> = [
    [BODY_DE, 'Anna: Passt Ihnen Dienstag um 10 Uhr für eine Demo?\nHerr Brandt: Ja, Dienstag um 10 passt.\nAnna: Ich schicke Ihnen gleich die Kalendereinladung.'],
    [BODY_DE, 'Anna: Wollen wir uns am 14.3. um 9 Uhr nochmal zusammensetzen?\nHerr Brandt: Gerne.'],
    [BODY_DE, 'Anna: Können wir morgen früh kurz telefonieren?\nHerr Brandt: Ja, das geht.'],
    [BODY_DE, 'Anna: Wann passt es Ihnen für den nächsten Termin?\nHerr Brandt: Donnerstag um 14 Uhr passt mir gut.'],
    [BODY_EN, "Rachel: Would next Tuesday at 10 work for a session with your team?\nDavid: Tuesday at 10 works.\nRachel: Great, I'll send the calendar invite."],
    [BODY_EN, 'Rachel: Can we meet on March 21st to go through it?\nDavid: Sure, sounds good.'],
  ];
  for (const [body, closing] of dated) {
    const ns = nextStep(body, closing);
    assert.equal(ns.kind, 'dated', closing);
    assert.equal(ns.dated, true, closing);
    assert.ok(ns.score >= 4, closing);
  }
  assert.equal(nextStep(BODY_DE, dated[0][1]).score, 5, 'agreed + invite = 5');
});

test('a proposed date without a yes or an invite is not yet a dated commitment', () => {
  const ns = nextStep(BODY_DE, 'Anna: Passt Ihnen Dienstag um 10 Uhr?\nHerr Brandt: Muss ich schauen, ich weiß nicht.');
  assert.equal(ns.kind, 'dated');
  assert.equal(ns.dated, false);
  assert.equal(ns.score, 3);
});

test('undated, vague and missing next steps score lower', () => {
  const undated = nextStep(BODY_DE, 'Anna: Lassen Sie uns nächste Woche nochmal telefonieren.\nHerr Brandt: Ja, gerne.');
  assert.deepEqual([undated.kind, undated.dated, undated.score], ['undated', false, 3]);
  const vague = nextStep(BODY_DE, 'Anna: Ich schicke Ihnen mal die Unterlagen, und dann melde ich mich.\nHerr Brandt: Okay.');
  assert.deepEqual([vague.kind, vague.dated, vague.score], ['vague', false, 2]);
  // "some time" promises without "ich" or with a word between (a reviewer's call scored 1).
  for (const line of ['Anna: Gut, dann melde mich irgendwann nochmal.', 'Anna: Ich würde sagen, wir hören irgendwann mal wieder voneinander.']) {
    const someday = nextStep(BODY_DE, `${line}\nHerr Brandt: Ja, machen Sie das.`);
    assert.deepEqual([someday.kind, someday.score], ['vague', 2], line);
  }
  const vagueEn = nextStep(BODY_EN, "Rachel: I'll send over some info and follow up.\nDavid: Okay, thanks.");
  assert.deepEqual([vagueEn.kind, vagueEn.score], ['vague', 2]);
  const none = nextStep(BODY_DE, 'Anna: Danke für das Gespräch.\nHerr Brandt: Danke, tschüss.');
  assert.deepEqual([none.kind, none.dated, none.score], ['none', false, 1]);
});

test('"Guten Morgen" and a weekday early in the call are not a next step', () => {
  const t = 'Anna: Guten Morgen Herr Brandt, hier ist Anna von Nordlicht.\nHerr Brandt: Morgen. Jeden Montag verlieren wir zwei Stunden mit Listen.\nAnna: Wie kommt das?\nHerr Brandt: Die Daten sind überall verteilt.\nAnna: Verstehe.\nHerr Brandt: Ja.\nAnna: Danke.\nHerr Brandt: Tschüss.';
  const r = analyzeTranscript({ transcript: t, language: 'de' });
  assert.equal(r.metrics.next_step, 'none');
});

test('a missing next step becomes a calendar_close miss when it is the weakest dimension', () => {
  const t = `${BODY_DE}\nAnna: Wenn ich Sie richtig verstehe, kostet Sie das zehn Stunden pro Woche? Was würde es bedeuten, wenn das wegfällt?\nHerr Brandt: Das wäre eine große Entlastung.\nAnna: Danke für das Gespräch.\nHerr Brandt: Gerne, tschüss.`;
  const r = analyzeTranscript({ transcript: t, language: 'de' });
  assert.equal(r.scores.next_step, 1);
  assert.equal(r.biggest_miss.method, 'calendar_close');
  assert.equal(r.biggest_miss.method_label, undefined, 'no method_label with language de');
  assert.match(r.biggest_miss.what_to_say_instead, /Einladung/);
});
