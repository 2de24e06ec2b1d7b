// Coach review 8: the choice and the text of the coaching – the interruption miss quoted where the
// customer protested (never at the rep's mirror), a method for the unhedged guarantee, a scheduling
// call's miss at the answer the rep left without a follow-up (echoing that answer), no cold-call praise
// in a call about an agreed meeting, and no "problem stepped over" at the rep's answer to a question.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/builtin/index.ts';
import { AGREED_MEETING_RE, buildCandidates, COMPARED_WITH_RE, GONE_RE, LEFT_WITH_CUSTOMER_RE, namedDecider, PERSON_WANTS_RE, selectMoments } from '../../src/calls/analyzer/builtin/moments.ts';
import { buildTurns } from '../../src/calls/analyzer/builtin/turns.ts';
import { parseTranscript } from '../../src/calls/analyzer/builtin/transcript.ts';
import { detectRep } from '../../src/calls/analyzer/builtin/speakers.ts';
import { measure } from '../../src/calls/analyzer/builtin/measure.ts';
import { objectionSay } from '../../src/calls/analyzer/builtin/texts.ts';
import { corpus } from './helpers.ts';

function candidatesOf(transcript: string, language: 'de' | 'en') {
  const parsed = parseTranscript(transcript);
  const turns = buildTurns(parsed);
  const rep = detectRep(turns, parsed.labels, {});
  const m = measure(turns, rep.key, parsed.hasTimestamps, language, rep.colleagues);
  return { m, turns, candidates: buildCandidates(m) };
}

const INTERRUPT_EN = [
  'Tyler: Hi Nadia, Tyler from Drafthour. You downloaded our guide on billing hours. Do you have five minutes?',
  'Nadia: Sure, a few minutes.',
  'Tyler: How do you track project hours today?',
  'Nadia: Everyone fills in a spreadsheet, and at month end I basically spend two days just —',
  'Tyler: Two days! What happens to the rest of your work then?',
  'Nadia: It piles up. Last month I actually missed —',
  'Tyler: Right, and how do the partners feel about that?',
  'Nadia: Can I just finish? Last month I missed the deadline for the VAT return and paid a late fee.',
  'Tyler: Sorry. Would a demo next Thursday work?',
  'Nadia: Send me a couple of times.',
  'Tyler: Will do.',
].join('\n');

const INTERRUPT_DE = [
  'Jonas: Hallo Frau Brandt, Jonas von Zeitwerk. Sie hatten unseren Leitfaden zur Zeiterfassung heruntergeladen. Haben Sie fünf Minuten?',
  'Brandt: Ja, kurz.',
  'Jonas: Wie erfassen Sie heute die Projektstunden?',
  'Brandt: Jeder trägt sie in eine Tabelle ein, und am Monatsende sitze ich dann zwei Tage nur an —',
  'Jonas: Zwei Tage! Was passiert in der Zeit mit Ihrer übrigen Arbeit?',
  'Brandt: Die bleibt liegen. Letzten Monat habe ich sogar —',
  'Jonas: Verstehe, und was sagen die Partner dazu?',
  'Brandt: Darf ich kurz ausreden? Letzten Monat habe ich die Frist für die Umsatzsteuer verpasst.',
  'Jonas: Entschuldigung. Passt Ihnen eine Demo nächsten Donnerstag?',
  'Brandt: Schicken Sie mir ein paar Termine.',
  'Jonas: Mache ich.',
].join('\n');

test('the interruption miss is quoted at the cut the customer protested against, never at the rep\'s mirror (H3, 08)', () => {
  for (const [transcript, language, mirrorLine, cutLine, echo] of [
    [INTERRUPT_EN, 'en', 'Two days!', /^Right, and how do the partners/, /^Last month I actually missed$/],
    // A cut clause that reads as no clause of its own („Letzten Monat habe ich sogar“) leaves the echo to what the customer said before.
    [INTERRUPT_DE, 'de', 'Zwei Tage!', /^Verstehe, und was sagen die Partner/, /Letzten Monat|zwei Tage/],
  ] as const) {
    const { m, candidates } = candidatesOf(transcript, language);
    assert.ok(m.finishRequest !== null);
    const miss = candidates.find((x) => x.kind === 'interruption');
    assert.ok(miss);
    assert.notEqual(miss.sentence.text, mirrorLine);
    assert.match(miss.sentence.text, cutLine);
    assert.equal(miss.method, 'voss_mirror');
    assert.match(miss.echo ?? '', echo);
    assert.ok(transcript.includes(miss.echo ?? '\u0000'));
    // With listening lowest it is the biggest miss.
    const sel = selectMoments(candidates, { discovery: 4, listening: 2, value: 3, objection_handling: 3, next_step: 3 });
    assert.equal(sel.miss.kind, 'interruption');
  }
  // Without the request to finish, a mirror among the cuts is still never the quote (near case).
  const { m, candidates } = candidatesOf(INTERRUPT_EN.replace('Can I just finish? ', ''), 'en');
  assert.equal(m.finishRequest, null);
  const miss = candidates.find((x) => x.kind === 'interruption');
  assert.ok(miss);
  assert.notEqual(miss.sentence.text, 'Two days!');
});

test('review-8 call 08: biggest miss on listening with a mirror that echoes the customer', () => {
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('en_review8_08_no_room_to_answer.txt'), language });
    assert.equal(r.biggest_miss.method, 'voss_mirror');
    assert.equal(r.biggest_miss.quote, 'Right, and how do the partners feel about that?');
    assert.match(r.biggest_miss.what_to_say_instead, /Last month I actually missed/);
  }
});

test('an unhedged guarantee as the biggest miss carries a method: the calibrated question its line asks (10)', () => {
  const call = [
    'Kevin: Hi Dana, Kevin from Boothworks. What do you need for the expo?',
    'Dana: The booth has to be in Las Vegas by March 3rd. Our last vendor was two days late.',
    'Kevin: No problem at all. I guarantee it will be on your booth by March 3rd, you have my word.',
    'Dana: Okay. Send me the quote.',
    'Kevin: Will do, talk soon.',
  ].join('\n');
  const { candidates } = candidatesOf(call, 'en');
  const promise = candidates.find((x) => x.kind === 'risky_promise');
  assert.ok(promise);
  assert.equal(promise.method, 'voss_calibrated_question');
  // Near case: a hedged promise makes no such miss.
  const hedged = candidatesOf(call.replace('I guarantee it will be on your booth by March 3rd, you have my word.', 'If the artwork is in by Friday, we usually make March 3rd.'), 'en');
  assert.ok(!hedged.candidates.some((x) => x.kind === 'risky_promise'));
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('en_review8_10_overpromise_trade_show.srt'), language });
    assert.match(r.biggest_miss.quote, /I guarantee/);
    assert.equal(r.biggest_miss.method, 'voss_calibrated_question');
  }
});

const SCHEDULING_DE = [
  'Yilmaz: Guten Tag Frau Berger, Yilmaz von Tourbase. Ich rufe wegen des Termins mit Herrn Krämer am Freitag an. Haben Sie kurz eine Minute?',
  'Berger: Ja, hallo. Herr Krämer ist am Freitag leider auf einer Messe in Nürnberg.',
  'Yilmaz: Ah, danke. Würde Dienstag um 14 Uhr passen?',
  'Berger: 14 Uhr geht.',
  'Yilmaz: Prima. Gibt es etwas, das Herr Krämer in der Demo unbedingt sehen möchte?',
  'Berger: Er hat erwähnt, dass ihm die Auswertung der Standzeiten wichtig ist.',
  'Yilmaz: Danke, das nehme ich mit. Ich schicke Ihnen gleich die neue Einladung für Dienstag, 14 Uhr.',
  'Berger: Prima, danke.',
  'Yilmaz: Einen schönen Tag noch.',
].join('\n');
const SCHEDULING_EN = [
  'Sam: Hi Lisa, Sam from Tourbase. I am calling about our demo on Friday with Mr Kramer. Do you have a minute?',
  'Lisa: Hi Sam. Mr Kramer is at a trade fair in Chicago on Friday, unfortunately.',
  'Sam: Ah, thanks. Would Tuesday at 2 pm work?',
  'Lisa: 2 pm works.',
  'Sam: Great. Is there anything Mr Kramer really wants to see in the demo?',
  'Lisa: He mentioned that the downtime reports matter most to him.',
  'Sam: Thanks, I will keep that in mind. I will send you the new invite for Tuesday at 2 pm.',
  'Lisa: Great, thanks.',
  'Sam: Have a nice day.',
].join('\n');

test('too few questions: quoted at the statement that left an answer without a follow-up, echoing that answer (H4, 06)', () => {
  for (const [transcript, language, left, echo, plainFact] of [
    [SCHEDULING_DE, 'de', 'Danke, das nehme ich mit.', /Auswertung der Standzeiten/, /Messe/],
    [SCHEDULING_EN, 'en', 'Thanks, I will keep that in mind.', /downtime reports/, /trade fair/],
  ] as const) {
    const { candidates } = candidatesOf(transcript, language);
    const few = candidates.find((x) => x.kind === 'few_questions' && !x.reserve);
    assert.ok(few, language);
    assert.equal(few.sentence.text, left);
    assert.match(few.echo ?? '', echo);
    assert.equal(few.extra?.dropped, true);
    const r = analyzeTranscript({ transcript, language });
    if (r.biggest_miss.quote === left) {
      assert.match(r.biggest_miss.what_to_say_instead, echo);
      assert.doesNotMatch(r.biggest_miss.what_to_say_instead, plainFact);
      assert.doesNotMatch(r.biggest_miss.what_to_say_instead, /nicht so, wie Sie es sich wünschen|isn't working the way/);
    }
  }
  // Near case: the rep followed the answer up with a question – no statement left it, so it is not quoted.
  const followed = SCHEDULING_DE.replace('Danke, das nehme ich mit.', 'Danke. Was genau stört ihn daran heute?');
  const { candidates } = candidatesOf(followed, 'de');
  assert.ok(!candidates.some((x) => x.kind === 'few_questions' && x.extra?.dropped === true));
  // The review call itself, in both coaching languages.
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('de_sie_review8_06_terminverschiebung_assistenz.txt'), language });
    assert.equal(r.biggest_miss.quote, 'Danke, das nehme ich mit.');
    assert.match(r.biggest_miss.what_to_say_instead, /Auswertung der Standzeiten/);
    assert.doesNotMatch(r.biggest_miss.what_to_say_instead, /Messe|wie Sie es sich wünschen/);
    assert.ok(!/Kaltanruf|cold call/i.test(r.moments.concat(r.strongest_moment).map((x) => x.why).join(' ')));
  }
});

test('a call about an agreed meeting is a follow-up: its opening is not praised as a cold call (H4, 06)', () => {
  for (const t of [
    'Ich rufe wegen des Termins mit Herrn Krämer am Freitag an.',
    'Ich melde mich wegen unserer Demo am Donnerstag.',
    'I am calling about our demo on Friday with Mr Kramer.',
    'I need to move our meeting next week.',
  ]) assert.ok(AGREED_MEETING_RE.test(t), t);
  for (const t of [
    'Ich rufe an, weil ich gerne einen Termin mit Ihnen vereinbaren würde.',
    'Ich rufe wegen eines Termins für eine Demo an.',
    'I would love to book a meeting with you next week.',
    'I am calling about a demo of our platform.',
  ]) assert.ok(!AGREED_MEETING_RE.test(t), t);
  for (const [transcript, language, cold] of [
    [SCHEDULING_DE, 'de', /Kaltanruf/],
    [SCHEDULING_EN, 'en', /cold call/i],
  ] as const) {
    const r = analyzeTranscript({ transcript, language });
    assert.ok(![r.strongest_moment, ...r.moments].some((x) => cold.test(x.why)), language);
  }
});

test('the rep\'s answer to the customer\'s price question is no problem stepped over (M2, 03)', () => {
  const { candidates } = candidatesOf(corpus('de_du_review8_03_humor_kaffee_upsell.txt'), 'de');
  assert.ok(!candidates.some((x) => (x.kind === 'pain_unexplored' || x.kind === 'pain_funnel') && x.sentence.text === 'Die Mühle selbst nichts.'));
});

test('an unasked free extra: the line echoes what the customer said right before it and speaks of price only once price came up (07)', () => {
  const call = (criterion: string) => [
    'Grace: Hi Dev, Grace from Loopwise. What does your VP care about most?',
    'Dev: Our PMs lose a full day every two weeks reading tickets, and the rating dropped to 3.9.',
    'Grace: What does that cost you?',
    'Dev: About 600 hours a year, roughly.',
    'Grace: And what will finance want to see?',
    `Dev: ${criterion}`,
    'Grace: Then let us build that slide together. And to make it easier, I could include the onboarding for the product team for free.',
    'Dev: Okay, nice.',
    'Grace: Great, I will send you the invite for Wednesday at 10 am.',
  ].join('\n');
  const noPrice = analyzeTranscript({ transcript: call('A payback under a year, and they want it on one slide.'), language: 'en' });
  const lines = [noPrice.biggest_miss, ...noPrice.moments].filter((x) => /for free/.test(x.quote));
  assert.ok(lines.length > 0);
  const { candidates } = candidatesOf(call('A payback under a year, and they want it on one slide.'), 'en');
  const concession = candidates.find((x) => x.kind === 'concession');
  assert.ok(concession);
  assert.match(concession.echo ?? '', /payback under a year/);
  assert.equal(concession.extra?.negotiation, false);
  // Near case: the customer talked about the price before – the line may speak of price.
  const priced = candidatesOf(call('A payback under a year, and the price has to fit the budget.'), 'en').candidates.find((x) => x.kind === 'concession');
  assert.ok(priced);
  assert.equal(priced.extra?.negotiation, true);
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('en_review8_07_champion_expansion.txt'), language });
    assert.match(r.biggest_miss.quote, /for free/);
    assert.match(r.biggest_miss.what_to_say_instead, /payback under a year/);
    assert.doesNotMatch(r.biggest_miss.what_to_say_instead, /talk about price|move on price/);
  }
});

test('a close left with the customer after they named whose sign-off it needs names that person and echoes what they want (L, 09)', () => {
  assert.ok(LEFT_WITH_CUSTOMER_RE.test("Why don't you share it with her, and we touch base once she's had a look?"));
  assert.ok(LEFT_WITH_CUSTOMER_RE.test('Dann besprechen Sie das am besten mit ihr.'));
  assert.ok(!LEFT_WITH_CUSTOMER_RE.test('Shall we invite her to a call on Thursday at 10?'));
  assert.ok(!LEFT_WITH_CUSTOMER_RE.test('Sollen wir sie gleich mit einladen?'));
  assert.ok(PERSON_WANTS_RE.test("She'll want to see the BAA in writing."));
  assert.ok(PERSON_WANTS_RE.test('Er will das Angebot schriftlich sehen.'));
  assert.ok(!PERSON_WANTS_RE.test('I want to start before the summer.'));
  assert.ok(!PERSON_WANTS_RE.test('Ich will das schriftlich sehen.'));
  assert.equal(namedDecider('Our compliance officer will never sign off on that.')?.en, 'your compliance officer');
  assert.equal(namedDecider('Our compliance rules are strict.'), null);
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('en_review8_09_hipaa_reference.vtt'), language });
    assert.match(r.biggest_miss.what_to_say_instead, /compliance officer/);
    assert.match(r.biggest_miss.what_to_say_instead, /She'll want to see the BAA in writing/);
  }
});

test('a price objection that already names its comparison gets no "compared to what?" line (L, 12)', () => {
  for (const t of ['Bei der Konkurrenz ist das günstiger.', 'Woanders kriegen wir das billiger.', 'We get it cheaper elsewhere.', 'Another supplier quoted us less.']) assert.ok(COMPARED_WITH_RE.test(t), t);
  for (const t of ['That is too expensive for us.', 'Das ist uns zu teuer.', 'Our budget has a limit for this year.', 'Das Budget ist knapp.']) assert.ok(!COMPARED_WITH_RE.test(t), t);
  for (const mode of ['Sie', 'du', 'en'] as const) {
    const plain = objectionSay(mode, 'laer', 'zu teuer', 'price');
    const compared = objectionSay(mode, 'laer', 'zu teuer', 'price', false, undefined, false, true);
    assert.match(plain, /Im Vergleich wozu|compared to what/);
    assert.doesNotMatch(compared, /Im Vergleich wozu|compared to what/);
    assert.match(compared, /zu teuer/);
  }
  assert.ok(!/\bSie\b/.test(objectionSay('du', 'laer', null, 'price', false, undefined, false, true)));
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('en_review8_12_wine_restaurant_pitch.txt'), language });
    assert.doesNotMatch(r.biggest_miss.what_to_say_instead, /compared to what/);
  }
});

test('the talk-share line mirrors the statement the rep talked over, never a point already mirrored; a named loss is a problem (H2, 01)', () => {
  for (const t of ['Ein paar Stammkunden sind seitdem weg.', 'Die Gäste sind einfach ausgeblieben.', 'Some of our regulars have stopped coming.', 'Two clients left last year.']) assert.ok(GONE_RE.test(t), t);
  for (const t of ['Die Kunden sind zufrieden.', 'Ich bin morgen weg.', 'Our customers love the shop.', 'We left the office early.']) assert.ok(!GONE_RE.test(t), t);
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: corpus('de_du_review8_01_solar_nachfass.txt'), language });
    const lines = [r.biggest_miss.what_to_say_instead];
    // Whatever the miss, its line never asks about the bill the rep had already mirrored („Von 9.000 auf 16.000?“) …
    if (r.biggest_miss.quote.startsWith('Die Kühlung frisst')) {
      assert.doesNotMatch(lines[0], /Stromrechnung/);
      // … nor "what isn't working" after the customer named lost regulars.
      assert.doesNotMatch(lines[0], /nicht so, wie du es dir wünschst/);
    }
  }
  const { candidates } = candidatesOf(corpus('de_du_review8_01_solar_nachfass.txt'), 'de');
  const talk = candidates.find((x) => x.kind === 'talk_share');
  if (talk) assert.match(talk.echo ?? '', /Stammkunden/);
});
