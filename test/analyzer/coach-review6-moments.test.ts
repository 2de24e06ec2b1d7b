// Coach review 6: the choice of moments and the coaching texts – whole-clause echoes, no praise for
// greetings or switchboard lines, a confirmed label is a strength, no moment on well-wishes, the
// calendar-close praise, lines that respect the customer's facts, and the biggest-miss ranking.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript } from '../../src/calls/analyzer/builtin/index.ts';
import { brokenEcho, echoPhrase, standsAlone } from '../../src/calls/analyzer/builtin/echo.ts';
import { salutation } from '../../src/calls/analyzer/builtin/lexicon.ts';
import { buildCandidates, echoFrom } from '../../src/calls/analyzer/builtin/moments.ts';
import { buildTurns, type Sentence } from '../../src/calls/analyzer/builtin/turns.ts';
import { parseTranscript } from '../../src/calls/analyzer/builtin/transcript.ts';
import { detectRep } from '../../src/calls/analyzer/builtin/speakers.ts';
import { measure } from '../../src/calls/analyzer/builtin/measure.ts';

const sentence = (text: string) => ({ text }) as Sentence;
const all = (r: ReturnType<typeof analyzeTranscript>) => [r.strongest_moment, r.biggest_miss, ...r.moments];

test('an echo is a whole clause: never cut after a copula or auxiliary, never a verb-final clause without its conjunction (F-7)', () => {
  for (const [text, want] of [
    ['We tried a booking app three years ago and it was a disaster.', 'it was a disaster'],
    ['Dann sind die Räume leer, und andere Mitglieder beschweren sich, dass nie was frei ist.', 'andere Mitglieder beschweren sich, dass nie was frei ist'],
    ['Das Problem ist, wenn jemand früher abreist oder ein Zimmer später frei wird, dann rennt sie durchs ganze Haus.', 'Das Problem ist, wenn jemand früher abreist oder ein Zimmer später frei wird'],
    ['The thing is, when a driver calls in sick nobody covers the route.', 'The thing is, when a driver calls in sick nobody covers the route'],
  ] as const) {
    const e = echoFrom(sentence(text), /Problem|problem|thing|tried|beschweren/);
    assert.equal(e, want, text);
    assert.ok(!brokenEcho(text, e as string), text);
  }
  // Broken fragments, in both languages and tenses.
  assert.ok(brokenEcho('Das Problem ist, wenn …', 'Das Problem ist'));
  assert.ok(brokenEcho('… and it was a disaster.', 'tried a booking app three years ago and it was'));
  assert.ok(brokenEcho('The issue was, nobody called back.', 'The issue was'));
  assert.ok(brokenEcho('…, dass nie was frei ist.', 'nie was frei ist'));
  assert.ok(!standsAlone('Wenn wir nur die Hälfte der Ausfälle wieder füllen, sind das über tausend Euro.', 'Wenn wir nur die Hälfte der Ausfälle wieder füllen'));
  // A clause of its own that ends on its verb is fine.
  assert.ok(!brokenEcho('Dass es nicht nervt und dass es DSGVO-konform ist.', 'dass es DSGVO-konform ist'));
  assert.ok(!brokenEcho('That is exactly what it was.', 'That is exactly what it was'));
  assert.ok(!brokenEcho('Die Fässer kommen einfach nicht zurück.', 'Die Fässer kommen einfach nicht zurück'));
  assert.ok(!brokenEcho('Two people are on the phone all afternoon.', 'Two people are on the phone all afternoon'));
  assert.equal(echoPhrase('Ehrlich gesagt ist mir das zu teuer.'), 'Ehrlich gesagt ist mir das zu teuer');
  // After a fronted wenn-clause the main clause starts with its verb: never "das ja schon über …" without it.
  assert.equal(echoPhrase('Wenn wir nur die Hälfte der Ausfälle wieder füllen, sind das ja schon über tausend Euro im Monat.'), 'über tausend Euro im Monat');
  assert.equal(echoPhrase('Na, das wär natürlich super. Wenn wir nur die Hälfte füllen, sind das ja schon über tausend Euro im Monat.'), 'über tausend Euro im Monat');
});

test('greetings and switchboard lines are never praised as a mirror or as discovery (F-8)', () => {
  for (const t of [
    'Thanks Jess, and hi Alan, hi Raj.',
    'Thanks for calling Shipwell, this is Kyle, how can I help?',
    'Danke für Ihren Anruf, was kann ich für Sie tun?',
    'Hallo zusammen, hallo Herr Berger.',
    'Thank you for calling Northwind, how may I help you today?',
  ]) assert.ok(salutation(t), t);
  for (const t of ['Twenty more transient slips.', 'Thanks Jess, that helps a lot.', 'Danke, dass Sie das so offen sagen.', 'Zwei Stunden jeden Abend, Herr Meier.', 'How can I help you with the returns backlog?'])
    assert.ok(!salutation(t), t);
  const call = `Speaker 1: Okay, I think we're all here. I'm Jess, practice manager. With me are Alan, our finance director, and Raj, who handles IT.
Speaker 2: Thanks Jess, and hi Alan, hi Raj. I'm Ben from Vetline. I'd suggest ten minutes on how reminders work today, and at the end we decide together if a trial makes sense. Sound okay?
Speaker 1: Works for us.
Speaker 2: Jess, walk me through what happens today when a pet is due for vaccines.
Speaker 1: We send postcards, and no-shows are our biggest headache. We're at around fourteen percent no-shows.
Speaker 2: Fourteen percent. What does a no-show cost a clinic, roughly?
Speaker 3: About 85 dollars, and we have around 2,000 appointments a month.
Speaker 2: Would Tuesday at 10 work for a trial kickoff with all three of you?
Speaker 1: Tuesday at 10 works.`;
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: call, language });
    assert.ok(!all(r).some((m) => /^Thanks Jess/.test(m.quote) && m.method === 'voss_mirror'), language);
    assert.ok(!all(r).some((m) => m.method === 'sandler_upfront_contract' && /No goal or agenda|kein Ziel/.test(m.why)), language);
  }
  const inbound = `00:00:01 Kyle: Thanks for calling Shipwell, this is Kyle, how can I help?
00:00:04 Maya: Hi, I run a small candle shop and shipping labels take me two hours every evening.
00:00:12 Kyle: Two hours every evening. What does that mean for the shop?
00:00:15 Maya: I can't pack orders the next morning, so they go out a day late and I get complaints.
00:00:22 Kyle: Okay. Shall we look at it on Thursday at 3?
00:00:25 Maya: Sure, Thursday at 3.`;
  const r = analyzeTranscript({ transcript: inbound, language: 'en' });
  // Never a mirror or discovery; a tiny call may still say it was a friendly opening.
  assert.ok(![r.strongest_moment, ...r.moments].some((m) => /Thanks for calling/.test(m.quote) && (m.method !== undefined || /discovery|question|mirror/i.test(m.why))), r.strongest_moment.quote);
  // An inbound call answered at the switchboard: the caller brings the purpose, so no missing-agenda miss there.
  assert.ok(![r.biggest_miss, ...r.moments].some((m) => /Thanks for calling/.test(m.quote) && m.method === 'sandler_upfront_contract'));
});

test('a label the customer confirmed is a voss_label strength, never half an answer to an objection (F-11)', () => {
  const call = (answer: string) => `Speaker 1: Hopfenwerk, Lukas am Apparat.
Speaker 2: Hi Lukas, Mira von Fasslogik. Wie läuft das bei euch mit den Fässern gerade?
Speaker 1: Die Fässer kommen nicht zurück. Letztes Jahr haben wir 300 neue Fässer gekauft, das Stück kostet uns so um die 90 Euro.
Speaker 2: Klingt so, als ob ihr euer eigenes Material quasi zweimal bezahlt.
Speaker 1: ${answer} Und mein Vater sagt, das war schon immer so.
Speaker 2: Was passiert, wenn ein Wirt sagt, er hat die Fässer schon zurückgegeben?
Speaker 1: Dann zahlen wir das Pfand trotzdem zurück, dreißig Euro pro Fass.
Speaker 2: Wie schaut's bei euch nächsten Mittwoch aus, um 15 Uhr, mit deinem Vater?
Speaker 1: Mittwoch geht.`;
  for (const answer of ['Ja, genau so fühlt sich das an.', 'Genau.', 'Ja, exakt.']) {
    const r = analyzeTranscript({ transcript: call(answer), language: 'en' });
    const label = all(r).find((m) => /^Klingt so, als ob/.test(m.quote));
    assert.ok(!label || label.method === 'voss_label', `${answer}: ${label?.method}`);
    assert.ok(!all(r).some((m) => /^Klingt so, als ob/.test(m.quote) && m.method === 'gap_selling'), answer);
  }

});

test('well-wishes and regards are no place for a moment (F-10)', () => {
  const call = `Verkäufer: Grüß Gott, Frau Hofbauer, Stefan Gruber von Kassablick. Ich ruf an wegen Ihrer Verlängerung. Haben Sie zehn Minuten?
Kundin: Ja, passt.
Verkäufer: Wie ist die Saison gelaufen?
Kundin: Gut, aber die Abrechnung am Abend dauert jeden Abend zwei Stunden.
Verkäufer: Jeden Abend zwei Stunden, das ist ordentlich. Wann kann ich Sie wegen dem Shop wieder anrufen?
Kundin: Ich muss das eh mit meinem Mann besprechen.
Verkäufer: Dann noch schöne Feiertage und liebe Grüße an Ihren Mann.
Kundin: Danke, gleichfalls.`;
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: call, language });
    assert.ok(!all(r).some((m) => /schöne Feiertage/.test(m.quote)), language);
  }
});

test('the calendar-close praise gives no attendee advice when attendees were named or invited (F-13)', () => {
  const call = (close: string) => `Rep: Hi Omar, thanks for the time. How did the year go with Fieldnote?
Customer: Well, but the new buildings are still on paper checklists, that's double work every week.
Rep: What does that cost you?
Customer: About twelve thousand dollars in disputes last quarter.
Rep: ${close}
Customer: Thursday at two works.
Rep: Perfect, I'll send the invite.`;
  for (const close of ['How about this Thursday at 2 pm, you, Priya and me?', 'How about Thursday at 2 pm with both of you?']) {
    for (const language of ['de', 'en'] as const) {
      const r = analyzeTranscript({ transcript: call(close), language });
      assert.ok(!all(r).some((m) => /purpose and attendees|Inhalt und Teilnehmer/.test(m.coaching)), close);
    }
  }
  // Not named: the advice stays.
  const r = analyzeTranscript({ transcript: call('How about this Thursday at 2 pm?'), language: 'en' });
  assert.ok(all(r).some((m) => /purpose and attendees|who else should join/.test(m.coaching)));
});

test("lines respect the customer's facts: the named decider, the stated month, a pain that is solved (F-18)", () => {
  // The decider the customer named, in du and Sie, German and English.
  const authority = (line: string, reply: string) => `Verkäufer: Guten Tag, hier ist Markus von Nordlicht. Wie planen Sie Ihre Touren heute?
Kundin: Manuell in Excel, das kostet mich zehn Stunden die Woche. ${line}
Verkäufer: ${reply}
Kundin: Ja, gerne.
Verkäufer: Mache ich. Auf Wiederhören.`;
  const say = (t: string) => analyzeTranscript({ transcript: t, language: 'de' }).biggest_miss.what_to_say_instead;
  assert.match(say(authority('Ich muss das eh mit meinem Mann besprechen.', 'Verstehe. Soll ich Ihnen Unterlagen schicken?')), /Was ist Ihrem Mann dabei am wichtigsten\? Sollen wir ihn/);
  assert.match(say(authority('Das muss ich halt erst mit meiner Partnerin besprechen.', 'Verstehe. Soll ich Ihnen Unterlagen schicken?')), /Ihrer Partnerin .* sie gleich/);
  assert.match(say(authority('Ich muss das aber mit unserem Geschäftsführer besprechen.', 'Okay. Soll ich Ihnen Unterlagen schicken?')), /Ihrem Geschäftsführer/);
  const en = `Rep: Hi Tom, this is Priya from Ledgerly. How do you handle invoices today?
Customer: By email, it takes forever, maybe ten hours a week. I'd have to run it by my business partner anyway.
Rep: Sure. I'll send you some info you can forward.
Customer: Okay.`;
  assert.match(analyzeTranscript({ transcript: en, language: 'en' }).biggest_miss.what_to_say_instead, /your business partner/);
  // No one named: the generic question.
  assert.match(say(authority('Das muss ich noch intern abstimmen lassen, das entscheide ich nicht allein.', 'Verstehe. Soll ich Ihnen Unterlagen schicken?')), /^(?!.*Ihrem Mann)/);

  // A slot inside the customer's window.
  const late = (line: string) => `Paul: Guten Tag Frau Albrecht, Paul von Deskwerk. Was hat dich am Webinar interessiert?
Nadine: Ständig buchen Leute Räume und kommen nicht.
Paul: Wie oft kommt das bei euch vor?
Nadine: Fast ein Drittel der Buchungen, wir haben schon zwei Mitglieder verloren.
Paul: Was bedeutet das für euch im Monat?
Nadine: Das sind locker 500 Euro im Monat. ${line}
Paul: Verstehe. Sollen wir uns danach noch mal zusammensetzen?
Nadine: Ja, meld dich einfach.
Paul: Alles klar, dann melde ich mich.`;
  // (Where the month comes as a timing objection, the line may explore the cost of waiting instead
  // of proposing a slot; a slot it proposes is in May.)
  for (const line of ['Und ehrlich gesagt, vor Mai wird das eh nichts.', 'Vor Mai wird das bei uns nix.', 'Das wird frühestens im Mai was.', 'Meld dich einfach im Mai.']) {
    const s = say(late(line));
    if (/(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag) um/.test(s) || line.startsWith('Meld')) assert.match(s, /im Mai/, `${line}: ${s}`);
    assert.doesNotMatch(s, /(?<!ersten |erste )(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag) um/, line);
  }
  // A deadline before a month is no window.
  assert.doesNotMatch(say(late('Vor Mai müssen wir das gelöst haben.')), /im Mai/);
  const enLate = `Rep: Hi Dana, this is Sam from Slotly. What caught your interest in the webinar?
Customer: People book rooms and don't show up.
Rep: How often does that happen?
Customer: Almost a third of bookings, and we lost two members over it.
Rep: What does that mean for you per month?
Customer: Easily 500 dollars a month. Call me in March, we're opening a new site until then.
Rep: Should we pick this up again after the opening?
Customer: Yes, just reach out.
Rep: Sure, I'll be in touch.`;
  assert.match(analyzeTranscript({ transcript: enLate, language: 'en' }).biggest_miss.what_to_say_instead, /the first \w+ in March/);

  // A problem the customer says is gone is never echoed back.
  const solved = `Rep: Hi Omar, how has Fieldnote been working this year?
Customer: Pretty well. Before, my guys took photos on their own phones and we'd spend ages matching them to units. That's gone.
Rep: Glad to hear it. The renewal is $54,000 for the year. Adding the 300 east side units would be another $16,500, and they come with the same dispute module.
Customer: Okay.
Rep: Great, I'll send the paperwork.`;
  const r = analyzeTranscript({ transcript: solved, language: 'en' });
  assert.ok(!all(r).some(() => /spend ages matching/.test(r.biggest_miss.what_to_say_instead)), r.biggest_miss.what_to_say_instead);
});

test('an objection given up at the close ranks above "no questions" (F-19)', () => {
  const call = `REP: Hi, is this Mr. Ortiz?
PROSPECT: Yeah, who's this?
REP: Hi Luis, Dana from Brightpath Payroll. We help restaurants run payroll with tips included, and I wanted to see if you'd be open to a quick demo.
PROSPECT: We've got a guy who does our payroll. Just send me an email, I'll take a look.
REP: Sure, no problem! What's the best email?
PROSPECT: luis@ortizgrill.com.
REP: Perfect, I'll send it over today. Have a great day!`;
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: call, language });
    assert.equal(r.biggest_miss.quote, "Sure, no problem! What's the best email?", language);
  }
});

test('the why fits the quote: no accusation audit at a discovery question, a frequency question is no consequence question, a tied early pitch is "pitched before exploring" (F-20)', () => {
  const physio = `JONAS: Hi Clara, Jonas von Praxisflow.
CLARA: Hi Jonas. Ich hab eine Viertelstunde.
JONAS: Wie macht ihr das gerade mit den Terminen?
CLARA: Alles übers Telefon. Am nächsten Morgen ruft Petra alle zurück. Da geht der halbe Vormittag drauf.
JONAS: Habt ihr schon mal was anderes ausprobiert?
CLARA: Wir hatten mal ein Online-Tool, das haben wir nach drei Monaten gekündigt.
JONAS: Okay. Bei uns können die Patienten auch per Telefon buchen, über eine Sprachansage. Das könnte für euch ganz gut passen.
CLARA: Ja, klingt interessant. Ich muss jetzt aber gleich wieder.
JONAS: Klar, kein Problem. Schön, dass wir mal gesprochen haben!`;
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: physio, language });
    assert.ok(!all(r).some((m) => m.quote === 'Habt ihr schon mal was anderes ausprobiert?' && m.method === 'voss_accusation_audit'), language);
  }
  const cowork = `Paul: Guten Tag Frau Albrecht, Paul von Deskwerk. Was hat dich am Webinar interessiert?
Nadine: Ständig buchen Leute Räume und kommen nicht. Dann beschweren sich andere Mitglieder.
Paul: Wie oft kommt das bei euch vor, dass ein gebuchter Raum leer bleibt?
Nadine: Fast ein Drittel der Buchungen. Und wir haben schon zwei Mitglieder verloren, die gesagt haben, sie finden nie einen Raum.
Paul: Ein Drittel, wow. Genau dafür haben wir den automatischen Check-in: Wenn niemand innerhalb von zehn Minuten eincheckt, wird der Raum wieder freigegeben.
Nadine: Okay.
Paul: Wollen wir am Dienstag um 10 Uhr eine Demo machen?
Nadine: Ja, Dienstag um 10 passt.`;
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: cowork, language });
    const freq = all(r).find((m) => /^Wie oft kommt das/.test(m.quote));
    assert.ok(!freq || !/consequences|Auswirkungen/.test(freq.why.split('.')[0]), freq?.why);
    assert.ok(!all(r).some((m) => /^Genau dafür/.test(m.quote) && /no link to what the customer|ohne Bezug zu dem/.test(m.why)), language);
  }
  // A need-payoff label never sits on a closed question the rep asked instead.
  const hvac = `Rep: Hey, is this Mike? This is Jordan from Fieldly.
Customer: Yeah.
Rep: How do you schedule your techs today?
Customer: My wife does it by phone. In summer she's on the phone ten hours a day and we still miss calls.
Rep: And do your techs have tablets?
Customer: Some do.
Rep: Okay. We do scheduling and dispatch in one app.
Customer: I've got to get to the next job.
Rep: No worries, I'll let you go.`;
  const r = analyzeTranscript({ transcript: hvac, language: 'en' });
  assert.ok(!all(r).some((m) => m.quote === 'And do your techs have tablets?' && m.method === 'spin_need_payoff'));
});

test('an accepted "we\'ll get back to you" is quoted as the miss of the close, with a dated check-in (F-24)', () => {
  const call = (line: string, reply: string) => `Rep: Hi Jess, I'm Ben from Vetline. How do reminders work today?
Customer: We send postcards, and no-shows are our biggest headache, around fourteen percent.
Rep: What does a no-show cost you?
Customer: About 85 dollars each, that's real money.
Rep: How about a trial in one clinic, starting next month?
Customer: ${line}
Rep: ${reply}`;
  for (const line of ["That could work. Let us talk internally and we'll get back to you.", "We'll discuss it and I'll let you know."]) {
    const r = analyzeTranscript({ transcript: call(line, 'Sounds good. Thanks everyone.'), language: 'en' });
    const m = all(r).find((x) => x.quote === line.replace(/^That could work\. /, ''));
    assert.ok(m, line);
    assert.match(m.why, /get back to you/);
  }
  // Answered with a dated check-in: no such miss.
  const ok = analyzeTranscript({ transcript: call("Let us talk internally and we'll get back to you.", 'Of course. Shall we put 15 minutes in for Thursday at 10 to hear where you landed?'), language: 'en' });
  assert.ok(!all(ok).some((m) => /was simply accepted/.test(m.why)));
});

test('a slip back to „Sie“ after the customer offered du is a note among the moments, never the biggest miss (F-23)', () => {
  const call = (offer: string, slip: string) => `Paul Schreiber: Guten Tag Frau Albrecht, Paul Schreiber von Deskwerk. Haben Sie kurz Zeit?
Nadine Albrecht: Hallo. Ja, kurz geht. ${offer}
Paul Schreiber: Sehr gern, ich bin Paul. Was hat dich am Webinar interessiert?
Nadine Albrecht: Ständig buchen Leute Räume und kommen nicht, wir haben schon zwei Mitglieder verloren.
Paul Schreiber: Wie oft kommt das bei euch vor?
Nadine Albrecht: Fast ein Drittel der Buchungen.
Paul Schreiber: Ein Drittel, wow. Genau dafür haben wir den automatischen Check-in. ${slip}
Nadine Albrecht: Okay. Meld dich einfach im Mai.
Paul Schreiber: Alles klar, dann melde ich mich im Mai.`;
  const slips = (t: string) => {
    const parsed = parseTranscript(t);
    const turns = buildTurns(parsed);
    const rep = detectRep(turns, parsed.labels, {});
    return buildCandidates(measure(turns, rep.key, parsed.hasTimestamps, 'de', rep.colleagues)).filter((x) => x.kind === 'form_slip').map((x) => x.sentence.text);
  };
  const offered = 'Und sag ruhig Nadine, bei uns duzen sich alle.';
  assert.deepEqual(slips(call(offered, 'Außerdem haben Sie ein Dashboard mit der Auslastung.')), ['Außerdem haben Sie ein Dashboard mit der Auslastung.']);
  assert.deepEqual(slips(call('Wir können uns gern duzen.', 'Dazu bekommen Sie ein Dashboard.')), ['Dazu bekommen Sie ein Dashboard.']);
  // "Sie" at the start of a sentence is "they"; no du offered, no note.
  assert.deepEqual(slips(call(offered, 'Sie haben das bei anderen Coworkings auch so gelöst.')), []);
  assert.deepEqual(slips(call('', 'Außerdem haben Sie ein Dashboard mit der Auslastung.')), []);
  // Never the biggest miss.
  for (const language of ['de', 'en'] as const) {
    const r = analyzeTranscript({ transcript: call(offered, 'Außerdem haben Sie ein Dashboard mit der Auslastung.'), language });
    assert.doesNotMatch(r.biggest_miss.why, /slips back|rutscht wieder ein „Sie“/);
  }
});
