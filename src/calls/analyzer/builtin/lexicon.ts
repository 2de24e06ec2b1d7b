// The German and English phrase lists the analyzer measures with, compiled once.
// Each list is matched on single sentences (or one turn), never across the whole transcript.

import { rx } from './regex.ts';

export const OBJECTION_TYPES = ['price', 'budget', 'timing', 'competitor', 'status_quo', 'authority', 'adoption', 'send_material'] as const;
export type ObjectionType = (typeof OBJECTION_TYPES)[number];

// --- Questions --------------------------------------------------------------------------

/** Openers stripped before classifying a question ("Okay, und wie ..." -> "wie ..."). */
export const QUESTION_FILLER_RE = rx(
  String.raw`^(?:(?:und|also|okay|ok|gut|so|na|ja|jetzt|dann|aber|noch|mal|genau|verstehe|spannend|interessant|super|prima|klar|and|but|right|well|now|great|got it|i see|interesting|perfect|cool|alright|sure|thanks|danke)\b[,.!]?\s+)+`,
);
export const OPEN_START_RE = rx(
  String.raw`^(?:wie|was|warum|wieso|weshalb|weswegen|welche[rsnm]?|wo|wohin|woher|wofür|woran|womit|wodurch|worauf|worüber|wozu|wann|wer|wen|wem|wessen|inwiefern|inwieweit|erzähl|erzähle|erzählen|erzählt|beschreib|beschreiben|schildern|schildere|what|what's|whats|how|how's|why|which|where|who|who's|when|tell|walk|describe|explain|talk)\b`,
);
/** Open prompts that are questions even without a question mark. */
export const OPEN_PROMPT_RE = rx(
  String.raw`^(?:(?:und|also|okay|ok|so|and)\b[,]?\s+)?(?:erzähl(?:en Sie| mal|t mal)|beschreib(?:en Sie| mal)|schildern Sie|nehmen Sie mich mit|nimm mich mit|tell me (?:about|more)|walk me through|describe|help me understand)\b`,
);
/**
 * A question written with a period ("Ähm, wie machen Sie das heute.", "So, how do you handle that
 * today."): after fillers, a W-word followed by a verb (not "Was wir machen, ist …", "Wie Sie
 * sehen", "Wie gesagt", "What we do is …", "Which means …"), or a verb-first question ("Haben Sie
 * …", "Gibt es …", "Do you …", "Can you …"). Matched on the sentence without its fillers.
 */
export const UNMARKED_FILLER_RE = rx(
  String.raw`^(?:(?:(?:ähm|äh|ehm|hm|hmm|um|uh|okay|ok|und|and|well|now)\b[,.!]?|(?:also|so|gut|ja|na|right|alright|dann|jetzt)\b[,.!])\s+)+`,
);
const NOT_AFTER_W = String.raw`(?:ich|wir|uns|mich|mir|man|das|die|der|den|dem|es|er|sie|Sie|du|ihr|gesagt|besprochen|erwähnt|vereinbart|versprochen|immer|schon|gewohnt|gehabt|auch|bei|in|im|zum|zur|mit|für|genau|gerade|üblich|eben|jeder|jede|wenn|viel|viele|lange|oft|we|i|you|they|it|he|she)`;
export const UNMARKED_OPEN_RE = rx(
  String.raw`^(?:also\s+|so\s+(?!wie\b))?(?:(?:wie|was|warum|wieso|weshalb|wann|wer|wo|woher|wohin|womit|wofür|woran|worauf)\s+(?!${NOT_AFTER_W}\b)\S+\s+\S+|(?:wie lange|wie oft)\s+(?!${NOT_AFTER_W}\b)\S+|(?:welche[rsnm]?|wie viele?|wieviel)\s+\S+\s+(?!${NOT_AFTER_W}\b)\S+|(?:how|what|why|who|when|where|which)\s+(?:(?:much|many|long|often|kind of|sort of|part of)\s+(?:\S+\s+)?)?(?:do|does|did|are|is|was|were|can|could|would|will|should|have|has)\b|(?:how's|what's|who's|where's|when's)\s+(?!more\b)\S+)`,
);
export const UNMARKED_CLOSED_RE = rx(
  String.raw`^(?:(?:haben|hätten|hast|habt|hättest|können|könnten|kannst|könntest|könnt|sind|seid|bist|wären|wärst|nutzen|nutzt|nutzst|arbeiten|arbeitet|arbeitest|kennen|kennst|kennt|würden|würdest|würdet|wollen|willst|wollt|möchten|möchtest|müssen|musst|planen|plant|planst)\s+(?:Sie|du|ihr)\b(?!,)|gibt es\b|(?:do|does|did|are|is|can|could|would|will|have|has|should|shall)\s+(?:you|your|there|we|they|anyone|anybody)\b)`,
);
/**
 * Closed questions that ask for interest instead of exploring ("Wäre es für Sie interessant, das
 * automatisch auszuwerten?", "Wäre ein Termin für eine Demo interessant?", "Would you be interested
 * in a demo?"): a pitch or a close, no discovery. Only on closed questions ("Was wäre für Sie
 * interessant?" explores).
 */
export const INTEREST_Q_RE = rx(
  String.raw`\b(?:(?:wäre|wären|ist|sind|wär) (?:\S+ ){0,6}?interessant|(?:hätten|haben) Sie (?:\S+ )?interesse|(?:hättest|hast) du (?:\S+ )?interesse|(?:would|are|were) you (?:\S+ )?(?:be )?interested|(?:would|could) (?:that|it|this) be (?:of )?(?:interest|interesting))\b`,
);
/** A proposal of a meeting as a question ("How about we set up a demo?", "Sollen wir einen Termin ausmachen?"): a close, no discovery. */
export const PROPOSAL_Q_RE = rx(
  String.raw`\b(?:how about|what about|wie wäre es|wie wär's|wie wärs|shall we|sollen wir|wollen wir|should we)\b[^.?!]{0,50}\b(?:demo\w*|termin\w*|meeting|call|treffen|gespräch|präsentation|workshop|trial|testphase|set up|ausmachen|vereinbaren|einplanen|zusammensetzen|zusammen ?setzen|zusammenkommen|treffen|schedule|book|get together|sit down)\b`,
);
/**
 * A tag question that asks for agreement, not about the customer (coach review 7): a tag of assent
 * after a statement or a proposal ("… zeig dir direkt das Tool, okay?", "Und wir hören uns dann
 * nächste Woche, okay?", "Let me show you the dashboard, alright?"), a tag after the rep's own
 * action ("Ich schick dir das dann, oder?", "We'll start with the demo, right?") or after praise of
 * the offer ("Das ist echt simpel, oder?", "Pretty cool, right?"). Closed, and no discovery question;
 * "Ihr habt seit letztem Jahr einen Onlineshop, richtig?" still asks about the customer.
 */
export const AGREEMENT_TAG_RE = rx(
  String.raw`(?:,\s*(?:okay|ok|alright|all right|einverstanden|in ordnung|passt das|passt's|sound good|sounds good|fair enough|deal)\?\s*$|^\W*(?:(?:und|also|dann|so|and|then|okay|ok)\s+)*(?:ich|wir|lass uns|lasst uns|i|we|let me|let's|i'll|we'll|i'm going to|we're going to)\b[^?]*,\s*(?:oder|right|ne|gell|nicht wahr|yeah|yes)\?\s*$|^\W*(?:das ist|das wär|das wäre|ist doch|pretty|that's|that is|this is|it's|ziemlich|echt)\b[^,?]{0,30}\b(?:simpel|einfach|cool|praktisch|genial|klasse|stark|easy|simple|neat|nice|great|handy|awesome)\b,\s*(?:oder|right|ne|gell|nicht wahr|huh|eh)\?\s*$)`,
);
/**
 * Unpunctuated speech-to-text: a turn is one sentence, and a question often ends a turn that opens with
 * an acknowledgement ("verstehe ich das ist ein fairer punkt im vergleich wozu wirkt es für dich viel",
 * "got it that makes sense what would you need to see"). A W-word and a verb, then at most eight words
 * addressed to the customer (du, Sie, you …) up to the end: an open question (coach review 7).
 * "that's what makes it special" asks nothing.
 */
const YOU = String.raw`(?:du|dich|dir|dein\w*|Sie|Ihnen|Ihr\w*|euch|ihr|euer\w*|eure\w*|you|your)`;
export const STT_TAIL_OPEN_RE = rx(
  String.raw`\S+\s+\S+\s+(?:wozu|wie|warum|wieso|weshalb|welche[rsnm]?|woran|wofür|what|how|why|which)\s+(?:wirkt|wirken|ist|sind|wäre|wären|würde|würdest|würden|müsste|müssten|macht|brauchst|braucht|brauchen|hast|habt|haben|kostet|siehst|sehen|denkst|denken|does|do|did|is|are|would|could|makes?|should)\s+(?:\S+\s+){0,7}?${YOU}(?:\s+\S+){0,6}$`,
);
/** The same for a closed check-back at the end of an unpunctuated turn ("… beantwortet das deine frage zum preis", "… does that answer your question"). */
export const STT_TAIL_CLOSED_RE = rx(
  String.raw`\S+\s+\S+\s+(?:beantwortet|hilft|passt|klingt|ergibt|wäre) das (?:\S+\s+){0,2}?(?:deine|Ihre|eure|dir|Ihnen|euch|für dich|für Sie|für euch)(?:\s+\S+){0,4}$|\S+\s+\S+\s+(?:does|would|could|did) (?:that|this) (?:answer|work|help|change|address|make sense)(?:\s+\S+){0,5}$`,
);
export const TAG_QUESTION_RE = rx(String.raw`(?:,\s*(?:oder|nicht wahr|ne|gell|right|correct|isn't it|don't you|ok|okay)\?\s*$)`);

// --- Customer pains and impact ----------------------------------------------------------

export const PAIN_NEGATION_RE = rx(
  String.raw`\b(?:kein(?:e|en)?\s+(?:problem(?:e)?|thema|stress|aufwand)|ohne\s+(?:(?:große|größere|jede|jedes|jeden|irgendwelche|nennenswerte|besondere)\s+)?(?:probleme?|ärger|stress|fehler|ausfälle?|aufwand|schwierigkeiten)|without\s+(?:any\s+|a\s+single\s+|major\s+)?(?:problems?|issues?|errors?|hiccups?|trouble)|(?:nie|noch nie|never|never had)\s+(?:ein\s+|irgendwelche\s+|a\s+|any\s+)?(?:problem(?:e|s)?|issues?|ärger|trouble)|no\s+(?:problem|problems|issue|issues|worries)|not\s+(?:a|an)\s+(?:problem|issue)|nicht\s+(?:das\s+)?problem|problemlos|(?:verlieren|verliert|verliere|verlor|verloren)\s+(?:wir\s+|ich\s+|man\s+)?(?:dadurch\s+|damit\s+|so\s+)?(?:keine|keinen|nichts|kaum)|(?:kostet|kosten)\s+(?:uns|mich)\s+(?:fast\s+)?(?:nichts|nix|kaum\s+was)|(?:costs?|costing)\s+(?:us|me)\s+(?:almost\s+|next to\s+)?nothing)\b`,
  'gi',
);
/**
 * A plain price ("Das kostet uns 89 Euro im Monat", "It costs us $89 a month"): "kostet uns" with
 * nothing but an amount is what something costs, not a problem. Removed before PAIN_RE decides, so
 * a problem word or a loss in the same sentence ("3.000 Euro an Überstunden") still counts.
 */
export const PRICE_STATEMENT_RE = rx(
  String.raw`\b(?:kostet|kosten|costs?)\s+(?:uns|mich|us|me)\s+(?:\S+\s+){0,3}?(?:\d[\d.,]*\s*(?:€|euros?|eur|dollars?|usd|bucks|k)\b|(?:€|\$)\s*\d[\d.,]*(?:\s*k\b)?)`,
  'gi',
);
/**
 * Discourse particles and fillers ("Die Tafel kostet uns ja nichts", "da geht ehrlich gesagt locker
 * ein halber Tag drauf", "it honestly costs us nothing"): they change neither whether a sentence
 * names a problem nor whether it negates one, so pain detection reads the sentence without them.
 */
export const PAIN_FILLER_RE = rx(
  String.raw`\b(?:ehrlich gesagt|offen gesagt|ganz ehrlich|ja|halt|eh|doch|auch|aber|eigentlich|nun mal|numal|actually|honestly|frankly|to be honest|basically|really)\b,?\s*`,
  'gi',
);
/** A sentence as pain detection reads it: fillers, negations ("kein Problem"), plain prices and our price as "the problem" removed. */
export function painText(text: string): string {
  // A data-location or security-review concern („Cloud-Lösungen sind bei uns ein schwieriges Thema“) is an objection, no pain.
  return text.replace(PAIN_FILLER_RE, '').replace(PAIN_NEGATION_RE, ' ').replace(PRICE_STATEMENT_RE, ' ').replace(PRICE_PROBLEM_RE, ' ').replace(SECURITY_CONCERN_RE, ' ');
}
/**
 * Everyday pains with a loss or a number in them (coach review 6): written-off equipment, a recall,
 * being delisted, calls still missed, work that never happens because nobody does it, things late
 * because someone is buried in paperwork, on the phone for hours, idle time, money "durch die Lappen",
 * "geht … ein halber Tag die Woche drauf" with fillers in between.
 */
const PAIN_R6 = String.raw`(?:wr(?:ote|ite|ites|itten|iting) (?:\S+ ){0,4}?off|(?:abschreiben|abgeschrieben) (?:müssen|mussten|musste)|(?:mussten|musste|müssen|muss) (?:\S+ ){1,5}abschreiben|(?:do|did|doing|had|has|have|issue|issued|run|ran) (?:a |an |the |two |three |several )?(?:\S+ )?recalls?\b(?! (?:report|function|feature|module|process)\b)|(?:voluntary|product|costly|big|huge|full|massive) recalls?|recall(?:ed)? (?:\S+ ){0,3}(?:products?|batch\w*|units?|items?|lots?)|pull(?:ed)? (?:them|it|\S+ products?) (?:\S+ ){0,2}(?:from|off) (?:\S+ ){0,3}(?:stores|shelves|market)|rückrufaktion\w*|(?:vom markt|aus (?:den|dem) (?:regalen|regal|handel)) (?:nehmen|genommen|holen|geholt)|delist\w*|ausgelistet|auslist\w*|(?:we|i|they|he|she|you)(?:'re| are| were| was| will be|'ll be| might be| could be| would be| get| got)? (?:\S+ )?(?:kicked out|dropped as a supplier)|(?:fliegen|fliegt|flogen) (?:wir |die |ich )?(?:\S+ )?raus|rausgeflogen|(?:we|i|they|he|she)(?: (?!never\b|rarely\b|seldom\b|hardly\b|don['’]t\b|didn['’]t\b|do\b|won['’]t\b|not\b)\S+){0,2} miss(?:es)? (?:\S+ ){0,2}?(?:calls?|appointments?|orders?|deliveries|leads?|jobs?|shipments?|bookings?|tune-?ups?|inspections?|follow-?ups?)|(?:we|i|they|he|she)(?: (?!never\b|rarely\b|seldom\b|hardly\b|don['’]t\b|didn['’]t\b|do\b|won['’]t\b|not\b)\S+){0,2} miss(?:es)? (?:a lot of|lots of|most of|half (?:of )?(?:the|our)|so many|too many|many) (?:calls|appointments|orders|deliveries|leads|jobs|bookings)|verpass\w* (?:\S+ ){0,3}?(?:anrufe?|kunden|bestellungen|rückrufe?|wartung\w*|buchungen)|(?:because|since|as|weil|da) (?:sich )?(?:nobody|no one|noone|niemand|keiner) (?:\S+ ){0,3}?(?:calls?|called|follows? up|followed up|checks?|checked|reminds?|reminded|remembers?|remembered|has (?:the )?time|had (?:the )?time|keeps? track|kept track|noticed|picks? up|picked up|answers?|answered|anruft|meldet|kümmert|nachfasst|nachhakt|zeit hat|dran denkt|daran denkt|abnimmt|rangeht)|\blate because|(?:behind schedule|delayed|held up) because|(?:zu spät|verspät\w*|verzöger\w*|in verzug|im verzug|hinken (?:\S+ )?hinterher)(?: \S+){0,4},? weil|verzögerung(?:en)?|buried (?:in|under)|(?:versinkt|versinken|versinke|versank|versanken|vergraben|begraben|erstickt|ersticken) (?:\S+ ){0,2}?(?:in|unter|im) |(?:on|at) the phone (?:for )?(?:about |around |nearly |almost |like |over )?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many|all) (?:hours?|day|morning|afternoon)|on the phone all day|(?:hängt|hänge|hängen|hing|sitzt|sitze|sitzen|saß|ist|bin|sind|telefoniert|telefonieren) (?:\S+ ){0,4}?(?:stundenlang|den ganzen tag|den halben tag|(?:\d+|eine|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf) stunden (?:am tag|täglich|pro tag|jeden tag|die woche|in der woche))(?: \S+){0,2} (?:am|ans) telefon|(?:stundenlang|den ganzen tag) am telefon|leerlauf\w*|(?:sit|sits|sat|sitting|stand|stands|stood|standing) (?:\S+ ){0,2}idle|idle time|durch die lappen|(?:geht|gehen|ging|gingen) (?:\S+ ){1,9}?drauf(?!\s+(?:ein|an)\b)|takes? (?:\S+ ){1,3}?(?:about |around |almost |nearly |over |at least |roughly )?(?:\d[\d.,]*|an?|one|two|three|four|five|six|seven|eight|nine|ten|half an?) (?:hours?|days?|minutes|mornings?|afternoons?) (?:every|each|a|per) (?:day|morning|evening|week|month|time)|(?:we['’]re|we are|i['’]m|i am|they['’]re|they are) (?:\S+ )?(?:bad|terrible|awful|hopeless|not (?:very |that |so )?good) at|(?:wir sind|ich bin|die sind) (?:da |darin |echt |ziemlich |richtig |total )*(?:schlecht|miserabel) (?:im|in|bei|darin))`;
/**
 * Everyday pains (coach review 7): a supplier that keeps shorting the customer, running out to buy
 * what did not come, "Rain days are the worst", crews or customers left waiting, guests waiting in
 * the lobby, comped rooms, a one-star review, people forgetting or not picking up, a team too busy to
 * do it, „ist die Hölle“, people who turn round at the queue and leave, „kommen nicht wieder“, „haben
 * uns … gekostet“ (a loss in the past, not a monthly price).
 */
const PAIN_R7 = String.raw`(?:(?:keeps?|kept|been) short(?:ing|ed)? (?:us|me|them)\b|short(?:s|ed|ing) us on|(?:came|come|comes|arrived?) (?:in )?short\b|(?:had|have|has) to (?:run|go|drive|rush) (?:out )?(?:to|and) (?:\S+ ){0,3}?(?:buy|get|pick up)|(?:is|are|was|were|has been|have been) (?:just |always |honestly |really )?(?:the worst|brutal|a nightmare|hell)\b|(?:it's|it is|things are|that's) (?:only )?(?:getting )?worse\b|(?:crews?|guys|drivers|techs|technicians|workers|staff|trucks|people|customers|clients|guests|patients|callers) (?:are |were |is |was |sit |sat |stand |stood |just |all |then )*(?:sitting|standing|waiting) (?:around|idle|in the (?:yard|lobby|shop|lot|truck|office|waiting room)|on hold)|(?:guests|customers|clients|patients|callers) (?:\S+ ){0,2}?waiting (?:in|at|for|on)|comp(?:ed|ing)? (?:\S+ ){0,2}?(?:rooms?|nights?|meals?|orders?)\b|one-?star (?:review|rating)|(?:people|customers|clients|patients|guests) (?:just |simply |often |always |then )?(?:forget|don't (?:pick up|show up|come back)|never come back|walk (?:out|away)|leave)\b|(?:half|most|some) of them (?:don't|do not|never) (?:pick up|answer|show up|call back)|(?:so|too) busy (?:that )?(?:they|we|i|he|she) (?:don't|can't|do not|cannot|never)|(?:ist|sind|war|waren) (?:\S+ ){0,2}?(?:die (?:reinste )?hölle|der horror|ein albtraum)|(?:leute|kunden|gäste|patienten) (?:\S+ ){0,3}?(?:umdrehen|drehen (?:\S+ )?um|wieder gehen|gehen wieder|kommen (?:\S+ ){0,2}?nicht (?:mehr |wieder)|abhauen)|(?:kommen|kommt) (?:dann )?(?:oft |meist |meistens )?(?:auch )?nicht (?:mehr )?wieder|(?:hat|haben|hatte|hatten) (?:uns|mich) (?:(?!(?:im|pro|jeden|jedes|je) (?:monat|jahr|quartal)\b)\S+ ){0,5}?gekostet\b(?! (?:im|pro|jeden|jedes|je) (?:monat|jahr|quartal))|(?:sitzen|stehen|warten) (?:\S+ ){0,3}?(?:rum|herum|im hof|auf dem hof|in der halle)\b)`;
/** The customer asks what something costs („Leihgerät heißt, was kostet mich das?“, "How much does that cost me?"): a price question, no pain. */
export const PRICE_QUESTION_RE = rx(
  String.raw`\b(?:(?:was|wie ?viel) (?:kostet|kosten|würde|wird) (?:\S+ ){0,3}?(?:kosten|mich|uns|das|es)?|how much (?:does|would|will|is|are)|what (?:does|would|will) (?:\S+ ){0,3}?cost)\b`,
);
/**
 * Everyday pains (coach review 8): regulars gone, „das tut weh“, people who wait minutes in the queue or
 * turn round and go elsewhere („ein paar drehen dann um und gehen zum Bäcker“). A cost that went up is a
 * number, like a plain price; its consequence („Wir mussten die Preise anheben …“) is the pain.
 */
const PAIN_R8 = String.raw`(?:(?:stammkunden|kunden|gäste|regulars|customers|clients) (?:\S+ ){0,3}?(?:sind|waren|are|were) (?:\S+ ){0,2}?(?:weg|abgesprungen|gone)\b|(?:das|es) (?:tut|tat) (?:\S+ ){0,2}?weh\b|(?:that|it) (?:really )?hurts\b|(?:drehen|dreht|drehten) (?:\S+ ){0,3}?um und (?:gehen|geht|gingen)|(?:warten|wartet|warteten) (?:die |unsere |meine )?(?:leute|kunden|gäste|patienten) (?:\S+ ){0,2}?(?:\d+|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|fünfzehn|zwanzig) minuten|(?:people|customers|guests|patients) (?:\S+ ){0,2}?wait (?:\S+ ){0,2}?(?:\d+|five|six|seven|eight|nine|ten|fifteen|twenty) minutes)`;
export const PAIN_RE = rx(
  String.raw`(?:\b[a-zäöüß]{0,25}(?:problem|aufwand|engpass|chaos)\w*|\b(?:abtipp\w*|tipp(?:e|en|t) (?:\S+ ){0,4}ab\b|stimm(?:t|en) (?:die hälfte |oft |meistens |vieles |ständig |häufig |immer wieder )?nicht|im minus|draufgezahlt|(?:kann|können) (?:ich |wir |man )?(?:die|den|das) \S+ vergessen|überstunden|re-?typ\w*|retype\w*|overtime|penalt\w*|(?:vertrags)?strafe[n]?|rework\w*|nacharbeit\w*|strafzahlung\w*|mahngebühr\w*|säumniszuschl\w*|(?:miss|missed|missing) (?:\S+ ){0,3}?(?:deadlines?|service windows?|targets?|renewals?|promises?|slas?|delivery (?:dates?|windows?))|schwierig\w*|herausforderung\w*|aufwändig\w*|aufwendig\w*|dauert (?:ewig|zu lange|lange|ewig lange|viel zu lange)|kostet uns|kosten uns|verlier\w*|verloren|fehler\w*|manuell\w*|händisch\w*|nervt|nervig\w*|frustrier\w*|ärger\w*|engpass|engpässe|chaos|chaotisch|unübersichtlich|klappt (?:nicht|oft nicht)|funktioniert (?:nicht|oft nicht)|stress\w*|ausfall|ausfälle|beschwer\w*|abspringen|springen ab|zeitfresser|doppelt (?:erfass|pfleg|eingeb)\w*|zu langsam|mühsam|lästig|hakt|bleibt liegen|bleiben liegen|unzufrieden|problem|problems|issue|issues|challenge|challenges|challenging|struggl\w*|pain|painful|takes (?:forever|too long|ages|hours|days)|time-consuming|time consuming|eats (?:up )?(?:about |around |roughly )?(?:\d|a |an |half|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty)|frisst|fressen|manual|manually|costs us|cost us|losing|lose|lost|errors?|mistakes?|frustrat\w*|annoying|bottleneck\w*|mess|messy|churn\w*|complain\w*|broken|doesn't work|does not work|isn't working|headache\w*|nightmare|difficult|hard to|wast(?:e|es|ed|ing)|falls? through the cracks|slipping through|too slow|impossible|embarrass\w*|(?:numbers|figures|data) (?:are|were|is) wrong|unmöglich|peinlich|fehlbest\w*|fehlmeng\w*|flying blind|im blindflug|im dunkeln|kost(?:et|en) mich|(?:kostet|kosten|geht|gehen|zerrt|zerren)\b[^.?!]{0,30}\bnerven|auf die nerven|(?:bleibt|bleiben|blieb|blieben) (?:\S+ ){0,5}liegen|liegen ?(?:bleiben|bleibt|geblieben)|(?:bleibt|bleiben) (?:\S+ ){0,2}auf der strecke|(?:ständig|dauernd|permanent|andauernd|immer wieder)\b[^.?!]{0,30}\b(?:rückfrage\w*|nachfrage\w*|nachhaken|nachtelefonier\w*|hinterher\w*|korrigier\w*)|(?:telefonier|lauf|renn|jag)\w* (?:\S+ ){0,4}hinterher|hinterher(?:telefonier|lauf|renn)\w*|(?:kommen|komme|kommt) (?:\S+ )?(?:kaum|nicht|gar nicht) (?:mehr )?hinterher|(?:geht|gehen|ging|gingen) (?:\S+ ){1,5}drauf(?!\s+ein)|ab(?:zu)?tipp\w*|unleserlich|illegible|unreadable|extra (?:eine |einen |jemanden |zwei )?(?:aushilfe\w*|kraft|kräfte|person|leute|mitarbeiter\w*|werkstudent\w*) (?:\S+ )?(?:einstellen|eingestellt|holen|geholt)|(?:treibt|treiben) (?:mich|uns|einen) in den wahnsinn|macht (?:mich|uns) wahnsinnig|drives? (?:me|us|everyone|them) (?:crazy|nuts|mad|up the wall)|(?:bremst|bremsen) (?:uns|mich|alles|das team) (?:\S+ )?aus|slows? (?:us|me|everything|everyone|the team|things) down|(?:niemand|keiner) weiß (?:so )?(?:genau )?(?:wo|wer|welche\w*|was|ob|wie)|(?:nobody|no one) (?:really )?knows (?:where|which|what|who|whether|if|how)|(?:hire|hired|bring in|brought in|get|got|take on|took on) (?:a |an |another |extra |two |some )?(?:temps?|temporary \w+|freelancers?|contractors?|extra (?:person|people|help)) just|(?:keep|kept) having to|end up (?:doing|redoing) \w+ (?:twice|again|over)|(?:constantly|keep|always) (?:\S+ ){0,2}(?:chasing|fixing|correcting|searching|hunting)|chas(?:e|es|ing) (?:\S+ ){0,3}(?:for|after|down)\b|can(?:'t|not| barely| hardly) keep up|dauert (?:\S+ ){0,2}(?:jeden|jede|jedes|täglich|wöchentlich|morgens|abends|immer) (?:\S+ ){0,3}?(?:fast |knapp |gut |über |mindestens |bestimmt |locker |rund |etwa |ungefähr |schon )?(?:\d[\d.,]*|eine?n?|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|anderthalb|eineinhalb|(?:einen|den) halben) (?:stunden?|std|minuten|tage?|vormittag|nachmittag)|dauert (?:\S+ ){0,3}?(?:fast |knapp |gut |über |mindestens |bestimmt |locker |rund |etwa |ungefähr |schon )?(?:\d[\d.,]*|eine?n?|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|anderthalb|eineinhalb|(?:einen|den) halben) (?:stunden?|std|minuten|tage?|vormittag|nachmittag) (?:am|pro|die|jeden|jede|in der|im) (?:tag|morgen|abend|woche|monat)|takes? (?:us |me |them |her |him )?(?:about |around |almost |nearly |over |at least |roughly )?(?:\d[\d.,]*|an?|one|two|three|four|five|six|seven|eight|nine|ten|half an?) (?:hours?|days?|minutes|mornings?|afternoons?) (?:every|each|a|per) (?:day|morning|evening|week|month|time)|(?:übertrag\w*|tipp\w*|erfass\w*|sitz\w*) (?:\S+ ){0,3}(?:abends|nachts|am wochenende|nach feierabend)|(?:per|von) hand|by hand|(?:vergess\w*|vergisst) (?:ich |wir |man |er |sie )?(?:regelmäßig|ständig|oft|dauernd|immer wieder|manchmal)|(?:regelmäßig|ständig|oft|dauernd|immer wieder) (?:\S+ ){0,2}vergessen|fäng\w* (?:\S+ ){0,3}von vorne? an|von vorne? anfangen|start(?:s|ing)? (?:all )?over again|(?:ziemlich|sehr|echt|ganz schön|wahnsinnig|unheimlich|viel zu|extrem) viel arbeit|doppelte (?:arbeit|erfassung)|doppelarbeit|(?:it's|that's|it is|that is) (?:\S+ ){0,2}(?:a lot of|so much|too much) (?:extra |manual )?work|double (?:work|entry|data entry)|duplicate (?:work|data entry)|such\w* (?:ich |wir |man |er |sie )?(?:ewig|stundenlang|ständig|dauernd)|short-?staffed|short staffed|under-?staffed|unterbesetzt|(?:nobody|no one) noticed|chas(?:e|es|ed|ing) (?:\S+ ){0,2}(?:approvals?|signatures?|sign-offs?|invoices?|payments?|receipts?|timesheets?|updates?|answers?)|drowning in|ertrinken in|ersticken in|loses|(?:said|says|told us|mentioned|threaten\w*) (?:that )?(?:they're|they are|they'd|they might be|they will be|they'll be|they may be|to be) (?:\S+ )?(?:looking at|talking to|switching to|moving to|leaving for|going to) (?:other|another|a different|a competitor)|(?:start|starts|started|run|runs|ran|are|is|come in|arrive|arrives) late (?:every|each|all the time|again|most days)|skip(?:s|ping)? lunch|exit interviews?|(?:gesagt|gemeint|angedeutet|gedroht)\b[^.?!]{0,40}\b(?:andere[n]?|woanders|einen anderen) (?:lieferanten|anbieter\w*|dienstleister\w*|partner\w*|logistiker\w*|agentur\w*)|(?:gesagt|gemeint|angedeutet|gedroht)\b[^.?!]{0,40}\b(?:abspringen|kündigen|wechseln)\b|länger (?:gedauert|gebraucht) als (?:geplant|gedacht|vorgesehen|erwartet)|took (?:\S+ ){0,3}longer than (?:planned|expected|scheduled)|(?:teile|material|unterlagen|daten|informationen) (?:haben |hat )?gefehlt|in die jahre gekommen|(?:mussten|musste|müssen|muss) (?:\S+ ){1,5}(?:statt|anstatt) |(?:had|have|has) to (?:\S+ ){1,5}instead of |(?:jeden tag|ständig|dauernd|immer) (?:\S+ )?zu spät|kündigungsgespräch\w*|nichts (?:mehr )?(?:gestimmt|gepasst|funktioniert|geklappt)|veraltet\w*|outdated|out of date|schlange von|in der schlange|(?:queue|line)s? of (?:almost |nearly |about |over )?(?:an? |\d+ |one |two |three )?(?:hours?|minutes|people)|stinksauer|fuchsteufelswild|verärgert|furious|livid|nicht mehr (?:bei uns |mit uns )?(?:gebucht|bestellt|gekauft|beauftragt|verlängert)|(?:didn't|did not|won't|will not) (?:re-?book|renew|come back|order again|book (?:us )?again)|(?:umsatz|revenue|business|sales) (?:\S+ ){0,2}(?:verloren|weg|lost|gone)|late (?:fees?|charges?|payments?)|bußgeld\w*|geldbuße\w*|(?:got|received|paid|were hit with|a) (?:\S+ )?fines?\b(?! (?:by|with|for me|for us))|(?:missed|lost|losing|lose|loses) (?:\S+ ){0,2}discounts?|verzugszins\w*|skonto (?:\S+ ){0,2}(?:verloren|verpasst|verschenkt)|spen(?:d|ds|t|ding) (?:\S+ ){0,3}?(?:whole|entire|full|half(?: a| the| my| our)?|all) (?:\S+ )?(?:mornings?|days?|afternoons?|evenings?|weeks?|weekends?|nights?|shifts?)|spen(?:d|ds|t|ding) (?:\S+ ){0,2}?(?:hours|days|ages|forever)\b (?:\S+ ){0,4}?(?:on|chasing|calling|fixing|doing|searching|trying|sorting|dealing|matching|checking|typing|re-?typing)|chas(?:e|es|ed|ing) (?:\S+ ){0,2}(?:replacements?|cover|people|staff|drivers|workers|suppliers|customers|clients|subs|temps|freelancers|technicians|paperwork|documents|forms|confirmations?|quotes?|orders?|deliveries|parts|numbers)|(?:calls?|calling|phones?|phoning|rings?|ringing) (?:a?round|round)\b(?! (?:to|for) (?:see|ask)\b| (?:noon|midnight|lunch\w*|\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)|(?:we|i|they|he|she|the team|the crew)(?:'ve| have| had)? (?:\S+ )?missed\b(?! (?:you|your|that|what|the (?:call|beginning|start|first part))\b)|(?:verbringe|verbringen|verbringt|verbracht|verbrachte|verbrachten) (?:\S+ ){0,3}?(?:den ganzen|einen ganzen|den halben|einen halben|ganze|halbe|halben|ganzen|stunden|stundenlang|tage)\b|(?:den|einen) (?:ganzen|halben) (?:vormittag|nachmittag|morgen|tag|abend) (?:\S+ ){0,2}(?:damit|mit|am telefon|hinterher)\b|abtelefonier\w*|rumtelefonier\w*|herumtelefonier\w*|(?:haben|hat|habe|hab|hatten|hatte) (?!(?:Sie|du|ihr|nichts|nix)\b)(?:\S+ ){0,4}?verpasst|verpass(?:en|t) (?:wir|ich|die|der|er|sie) (?:\S+ ){0,3}?(?:termine?|fristen?|deadlines?|liefer\w*|reinigung\w*|einsätze?|touren?|aufträge?))\b|\b${PAIN_R6}\b|\b${PAIN_R7}\b|\b${PAIN_R8}\b)`,
);
/**
 * An amount of money in words ("about forty grand", "around ninety thousand", "eight, nine thousand",
 * „vierzigtausend Euro“, „über tausend Euro“): an impact like "40.000 Euro" (coach review 6).
 */
const MONEY_WORDS_R6 = String.raw`\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a few|several|hundred|a hundred|a couple)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))? (?:thousand|grand|million)\b|\b(?:(?:ein|zwei|drei|vier|fünf|sech|sechs|sieb|sieben|acht|neun|zehn|elf|zwölf|und|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert)*(?:tausend|hundert)|zehntausend) (?:euro|franken|dollar|pfund)\b|\b(?:thousand|hundred) (?:dollars|euros|bucks|pounds|quid)\b`;
/** The part of an impact that is time or money ("sieben Stunden die Woche", "9.000 Euro"), echoed before a headcount. */
export const TIME_MONEY_RE = rx(
  String.raw`(?:\d[\d.,]*\s*(?:%|prozent|percent|€|euros?|eur|dollars?|usd|pounds?|pfund|gbp|bucks|k\b|tsd|tausend|thousand|grand|mio|millionen|million|überstunden|stunden|std|h\b|hours?|hrs|minuten|minutes|mins|tage|tagen|days?|wochen|weeks?|monate|monaten|months?)|(?:€|\$|£|eur)\s*\d|\b(?:ein|eine|einen|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|fünfzehn|zwanzig|dreißig|vierzig|fünfzig|hundert|(?:ein|zwei|drei|vier|fünf|sech|sechs|sieb|sieben|acht|neun|und|hundert|tausend){1,4}(?:zehn|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert|tausend)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|halben|halbe|half a|half an)\s+(?:ganze[n]?\s+|volle[n]?\s+|full\s+)?(?:(?:über)?stunden?|tage?n?|wochen?|monate?n?|hours?|days?|weeks?|months?|prozent|percent|euros?|dollars?|pounds?|pfund)|\b(?:a|one) (?:full |whole )?(?:day|hour|morning|afternoon) (?:a|per|every|each) (?:week|month|day)\b|${MONEY_WORDS_R6})`,
);
/**
 * The statement puts a number on a problem: time, money, people, customers or orders, a share, or
 * how often it happens ("Two or three times a week", „zwei- bis dreimal die Woche“).
 */
export const IMPACT_RE = rx(
  String.raw`(?:\d[\d.,]*\s*(?:%|prozent|percent|€|euros?|eur|dollars?|usd|pounds?|pfund|gbp|bucks|k\b|tsd|tausend|thousand|grand|mio|millionen|million|überstunden|stunden|std|h\b|hours?|hrs|minuten|minutes|mins|tage|tagen|days?|wochen|weeks?|monate|monaten|months?|leute|personen|mitarbeiter\w*|people|kunden|customers|leads|deals|aufträge|aufträgen|orders|tickets|fte|anrufe|calls|angebote|quotes|reps|vertriebler\w*)|(?:€|\$|£|eur)\s*\d|\b(?:ein|eine|einen|ne|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|fünfzehn|zwanzig|dreißig|vierzig|fünfzig|hundert|(?:ein|zwei|drei|vier|fünf|sech|sechs|sieb|sieben|acht|neun|und|hundert|tausend){1,4}(?:zehn|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert|tausend)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|halben|halbe|half a|half an)\s+(?:ganze[n]?\s+|volle[n]?\s+|full\s+|\S+-\S+\s+)?(?:(?:über)?stunden?|tage?n?|wochen?|monate?n?|hours?|days?|weeks?|months?|prozent|percent|euros?|dollars?|pounds?|pfund|leute|people|kunden|customers|mitarbeiter\w*|deals|leads|aufträge|orders|vertriebler|reps|calls|anrufe|tickets|fehler|errors|mistakes)\b|\b(?:ein drittel|ein viertel|die hälfte|a third|a quarter|half of|tausende|thousands)\b|\b(?:a|one) (?:full |whole )?(?:day|hour|morning|afternoon) (?:a|per|every|each) (?:week|month|day)\b|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|once|twice)(?: times?)? (?:a|per|every|each|in a) (?:day|week|month|shift|quarter)\b|\b(?:\d+|ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|mehrere)[- ]?mal (?:am|pro|die|in der|im|jede[nrs]?) (?:tag|woche|monat|quartal|schicht)\b|${MONEY_WORDS_R6})`,
);
/**
 * A headcount ("40 Leute", "zwölf Monteure", "eight reps"): the size of the team is context, not
 * the impact of a problem. Removed before IMPACT_RE decides whether a statement quantifies one.
 */
export const HEADCOUNT_RE = rx(
  String.raw`(?:\d[\d.,]*|\b(?:ein|eine|einen|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|fünfzehn|zwanzig|dreißig|vierzig|fünfzig|hundert|(?:ein|zwei|drei|vier|fünf|sech|sechs|sieb|sieben|acht|neun|und|hundert|tausend){1,4}(?:zehn|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert|tausend)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred))\s+(?:leute|leuten|personen|mitarbeiter\w*|people|employees|staff|fte|reps|vertriebler\w*|monteure[n]?|techniker[n]?|recruiter|sdrs|agents)\b(?!\s+(?:\S+\s+)?(?:spend|spent|spending|verbringen|verbringt|sitzen|sind (?:\S+ )?(?:nur|damit|voll)|full[- ]time|vollzeit|nur (?:für|damit))\b)`,
  'gi',
);
/**
 * Numbers that are no problem of the customer's (coach review 7): a sign-off threshold ("She signs
 * anything over five thousand a year", „alles über 10.000 Euro muss der Vorstand freigeben“), a
 * requirement's limit („nicht älter als zwölf Monate“, "no older than twelve months"), a margin or
 * commission someone else gives ("they give us 30 percent margin"). A question that drew them out is
 * never praised for a quantified problem.
 */
export const NON_PROBLEM_NUMBER_RE = rx(
  String.raw`\b(?:(?:anything|everything|all|purchases?|contracts?|spend|deals?|alles|ausgaben|verträge|bestellungen) (?:\S+ ){0,2}?(?:over|above|more than|beyond|über|ab|oberhalb von) (?:\S+ ){0,3}?(?:needs?|has to|have to|must|goes|go|signs?|approves?|muss|müssen|braucht|brauchen|geht|gehen|unterschreibt|genehmigt|freigeben)|(?:signs?|sign off on|signs off on|approves?|unterschreibt|genehmigt|zeichnet) (?:\S+ ){0,2}?(?:anything|everything|all|alles|jeden? \S+) (?:over|above|more than|über|ab)|(?:nicht älter als|höchstens|maximal|no older than|not older than|at most|no more than|within the last)|\d[\d.,]*\s*(?:%|prozent|percent) (?:\S+ )?(?:margin|marge|provision|commission|rabatt|discount|rebate)|(?:margin|marge|provision|commission|rebate) (?:of |von )?(?:\S+ ){0,2}?(?:\d|percent|prozent))\b`,
);
/** The statement quantifies an impact (time, money, customers or orders lost …), not only a headcount. */
export function quantifiesImpact(text: string): boolean {
  return IMPACT_RE.test(text.replace(HEADCOUNT_RE, ' '));
}
/** Rep questions that dig into consequences (SPIN implication, Sandler pain funnel). */
export const IMPLICATION_Q_RE = rx(
  String.raw`\b(?:was bedeutet das|was hei(?:ß|ss)t das (?:konkret|für)|was kostet (?:Sie|dich|euch|das)|wie viel (?:Zeit|Geld|Umsatz)|wieviel|wie oft|welche auswirkung\w*|auswirkung\w*|was passiert(?:,)? wenn|was passiert dann|wie wirkt sich|welche folgen|folgen|seit wann|what does that mean|what (?:does|did) (?:\w+ ){1,3}mean (?:for|to)|was bedeutet(?:e)? (?:\w+ ){1,3}für|what (?:does|did|would|will) (?:\w+ ){0,6}cost(?: you| us| them)?|was hat (?:\w+ ){0,6}gekostet|what happens (?:to|then|next)|what happened (?:to|with) (?:your|the|those|them|it|him|her)|was ist (?:dann |da )?mit (?:\S+ ){1,3}passiert|was hat (?:das|es|dies) (?:\S+ ){0,6}?(?:gemacht|bewirkt|ausgelöst|verändert)|what did (?:that|it|this) do (?:to|for)|was hat (?:das|es) (?:\w+ )?gekostet|how much (?:time|money|revenue)|how often|what(?:'s| is) the impact|impact|what happens (?:if|when)|how does that affect|what does that do to|how long has)\b`,
);

// More everyday phrasings of objections (coach review 3), spliced into OBJECTION_RES below.
/** Spelled-out numbers, so that "Fünfundzwanzig Prozent", "four hundred and eighty thousand" count as amounts. */
const NUM_WORD = String.raw`(?:(?:ein|zwei|drei|vier|fünf|sech|sechs|sieb|sieben|acht|neun|zehn|elf|zwölf|und|hundert|tausend){1,5}(?:zehn|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert|tausend)|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|vierzig|fünfzig|hundert|tausend|(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|and)[ -]){0,6}(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million))`;
/** An amount: digits or number words with a unit, or a large number word ("thousand", "tausend"). */
const AMOUNT = String.raw`(?:${NUM_WORD}\s+(?:prozent|percent|euros?|dollars?|bucks|pounds?|franken)|(?:hundert|tausend|thousand|hundred|million|millionen|grand)|\d[\d.,]*\s*(?:k|tsd)\b)`;
const PRICE_MORE = String.raw`(?:ein|einen|eine|ne|'ne)\s+(?:\S+\s+)?(?:batzen|stange|haufen)\s+geld|kein pappenstiel|(?:ist|wäre|sind|wären|klingt|kostet)\s+(?:\S+\s+){0,2}nicht\s+(?:gerade\s+|ganz\s+|so\s+|eben\s+)?(?:billig|günstig|wenig)|not (?:exactly |really |that |very )?cheap|(?:worried|concerned|nervous|anxious|hesitant|unsure) about (?:the |your )?(?:price|pricing|cost|costs)|(?:price|pricing|cost)\b[^.?!]{0,20}\b(?:is|would be|remains) (?:a |my |our |the )?(?:\w+ )?(?:concern|worry|sticking point)|(?:sorgen|bauchschmerzen|bedenken)\b[^.?!]{0,30}\b(?:preis\w*|kosten)|(?:preis|kosten)\b[^.?!]{0,30}\b(?:macht|machen) (?:mir|uns) (?:\S+ )?(?:sorgen|bauchschmerzen)|(?:higher|more|pricier|above what) than (?:i|we)(?:'d| had| have)? (?:expected|budgeted|planned|thought|had in mind|hoped|were hoping|anticipated)|(?:höher|mehr),? als (?:ich|wir) (?:erwartet|gedacht|geplant|eingeplant|gehofft|kalkuliert)|mehr,? als (?:ich|wir) (?:\S+ ){0,3}?(?:ausgeben|ausgebe|zahlen|bezahlen|zahle|bezahle|investieren)\b|more than (?:we|i)(?:'re| are)? (?:\S+ ){0,2}?(?:pay|paying|spend|spending)\b|${AMOUNT}[^.?!]{0,50}\b(?:echt|ziemlich|ganz schön|sehr|schon|recht|viel zu|zu|arg) viel\b(?! (?:umsatz|zeit|arbeit|aufwand|stunden))|${AMOUNT}[^.?!]{0,50}\b(?:is|are|seems|feels|would be) (?:a lot|quite a lot|too much|steep|a stretch)\b(?! (?:of time|of work|of hours))`;
/**
 * "Puh, das ist für uns echt viel.", "That's a lot for us.": a price objection only right after a
 * price was named (PRICE_MENTION_RE in the customer's turn or the rep's turn before); else it can
 * be about work or time.
 */
export const PRICE_CONTEXT_RE = rx(
  String.raw`\b(?:(?:das|es|dies|der preis|die summe|der betrag)\s+(?:ist|wäre|klingt|scheint|sind)\s+(?:\S+\s+){0,3}?(?:echt|ziemlich|schon|ganz schön|sehr|recht|arg|viel zu|zu|eine ganze menge|schon ganz schön)\s+viel|(?:das|es|dies|der preis|die summe|der betrag)\s+(?:ist|wäre|klingt|scheint|sind)\s+(?:\S+\s+){0,3}?(?:eine|ne|'ne)\s+(?:ganze\s+)?menge|(?:das|es|dies|der preis)\s+(?:ist|wäre|sind)\s+(?:\S+\s+){0,2}?(?:ein|eine)\s+(?:ordentlicher|großer|ziemlicher|gewaltiger|heftiger|deutlicher|ganz schöner|riesiger|satter|krasser|ordentliche|große|deutliche)\s+(?:sprung|aufschlag|steigerung|erhöhung)|(?:that's|that is|it's|it is|that would be)\s+(?:\S+\s+){0,2}?(?:a|quite a)\s+(?:big|huge|steep|significant|massive|hefty|sizeable)\s+(?:jump|hike|increase|step up)|(?:that's|that is|it's|it is|that would be|that'd be|this is|that sounds like|sounds like)\s+(?:\S+\s+){0,2}?(?:a lot|quite a lot|too much|a bit much|steep|a stretch|a big number|a big ask|a lot of money))\b(?!\s+(?:of|to|arbeit|zeit|aufwand|work|time)\b)(?=\s*(?:[.!,;…]|$|für\b|for\b|geld\b|money\b|bei\b|at\b|in\b|auf\b|pro\b|per\b|im\b|a\b|right\b|gerade\b|jetzt\b|now\b))`,
);
/** A price on the table: an amount with a currency, a price word, "kostet", "per month". */
export const PRICE_MENTION_RE = rx(
  String.raw`(?:\d[\d.,]*\s*(?:€|euros?|eur|dollars?|usd|bucks|k\b|tsd|tausend)|[€$£]\s*\d|\b(?:preis\w*|kostet|kosten|lizenz\w*|gebühr\w*|price\w*|pricing|costs?|fee|fees|quote|angebot|offerte|im monat|pro monat|pro nutzer|per (?:month|user|seat|year)|a (?:month|seat|year))\b)`,
);
const TIMING_MORE = String.raw`not (?:before|until) (?:q[1-4]|next (?:year|quarter|month|spring|summer|fall|autumn|winter)|the (?:new year|end of the year|summer)|january|february|march|april|may|june|july|august|september|october|november|december)|nicht vor (?:q[1-4]|januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|dem sommer|ende des jahres|nächstem jahr)|frühestens (?:im|in|ab|nach|zum)`;
/** "Wir haben erst vor zwei Jahren neue Kassen gekauft", "We just renewed with our current provider": just invested in what they have, or bound by a contract. */
export const LOCKED_IN_RE = rx(String.raw`\b(?:(?:erst|gerade erst|eben erst|erst kürzlich|kürzlich|vor kurzem|letztes jahr)\b[^.?!]{0,50}\b(?:gekauft|angeschafft|investiert|eingeführt|umgestellt|verlängert|erneuert|unterschrieben|abgeschlossen)|(?:just|recently|only just|only recently)\s+(?:\S+\s+)?(?:renewed|re-signed|signed (?:a|with|on)|bought|purchased|invested in|rolled out|implemented|upgraded|extended)|(?:locked|tied) in(?:to)? (?:a |our |the )?(?:\S+ )?(?:contract|agreement)|under contract (?:until|through|for)|(?:vertrag|vertraglich)\b[^.?!]{0,30}\b(?:gebunden|läuft noch))\b`);
/** "Unser Server läuft seit Jahren ohne Probleme": it works, so why change. */
const STATUS_QUO_MORE = String.raw`(?:läuft|laufen|lief|funktioniert|klappt|klappen)\b[^.?!]{0,30}\bohne (?:\S+ )?(?:probleme|ärger|ausfälle|schwierigkeiten)|(?:runs|works|worked|has worked|has run|ran)\b[^.?!]{0,30}\bwithout (?:any )?(?:problems|issues|trouble)|(?:erst|gerade erst|eben erst|erst kürzlich|kürzlich|vor kurzem|letztes jahr)\b[^.?!]{0,50}\b(?:gekauft|angeschafft|investiert|eingeführt|umgestellt|verlängert|erneuert|unterschrieben|abgeschlossen)|(?:just|recently|only just|only recently)\s+(?:\S+\s+)?(?:renewed|re-signed|signed (?:a|with|on)|bought|purchased|invested in|rolled out|implemented|upgraded|extended)|(?:locked|tied) in(?:to)? (?:a |our |the )?(?:\S+ )?(?:contract|agreement)|under contract (?:until|through|for)|(?:vertrag|vertraglich)\b[^.?!]{0,30}\b(?:gebunden|läuft noch)`;
/** "Die bieten etwas Ähnliches an", "Andere Agenturen nehmen zwanzig": another vendor with the same offer. */
const COMPETITOR_MORE = String.raw`(?:bieten|bietet|boten|anbieten|offer|offers|sell|sells)\s+(?:auch\s+|also\s+)?(?:etwas |was |so )?(?:ähnliches|vergleichbares|das gleiche|dasselbe|something (?:similar|like (?:this|that|it))|the same thing|a similar (?:product|tool|solution|service))|andere(?:n)? (?:agenturen|anbieter|dienstleister|lösungen|vermittler|händler|lieferanten)\b[^.?!]{0,30}\b(?:nehmen|verlangen|kosten|bieten|machen|sind|haben|liegen)`;
/**
 * "I can't sign this", "has to go through our VP", "I'd still need to show that to our CFO",
 * "die Entscheidung trifft der Direktor, nicht ich", "Ich muss eh erst mit meiner Frau reden",
 * "I'm not really the right person".
 */
const AUTHORITY_MORE = String.raw`(?:in|up to) the hands of (?:our|my|the|a) [a-z]+|(?:liegt|liegen) (?:\S+ )?in den händen (?:von|unsere[sr]|meine[sr]|der|des)|(?:i|we) (?:can't|cannot|can not|couldn't|am not able to|don't get to) sign (?:this|that|it|off|anything)|(?:has|have|needs?|would need|would have|will have|'d have|'ll have) to go (?:through|past|via|to) (?:our|my|the|a) [a-z]+|goes through (?:our|my|the) (?:\S+ ){0,2}(?:procurement|board|vp|cfo|ceo|finance|legal|director|head|owner|committee)|(?:show|present|take|bring|forward|pass|send) (?:it|this|that|them|the (?:proposal|quote|numbers|offer)) (?:\S+ )?to (?:our|my|the) (?:\S+ ){0,2}(?:boss|manager|ceo|cfo|cto|coo|cmo|vp|director|head|board|owner|partners?|founder|procurement|finance|legal)|(?:he|she|they) signs?\b(?! (?:up|in|out|the (?:delivery|timesheet)))|(?:not|isn't|aren't) (?:really |actually |quite )?(?:the right person|the person who (?:decides|signs)|the decision[- ]maker|who decides)|(?:check|clear|confirm|sort out) (?:the |our |that |this |it )?(?:budget |numbers |price |cost |spend )?with (?:our |my |the )?(?:hr|finance|procurement|legal|accounting|boss|manager|cfo|ceo|owner|partners?|director|board)\b|(?:entscheidung|entscheidungen)\b[^.?!]{0,60}?\b(?:trifft|treffen|liegt bei|liegt beim|liegen bei) (?!(?:ich|wir)\b)\S+|(?:trifft|treffen) (?:der|die|unser\w*|mein\w*) (?:\S+ ){1,3}?(?:die|diese) entscheidung|(?:entscheidet|entscheiden|unterschreibt|unterschreiben),? nicht ich|(?:bin|sind) (?:\S+ ){0,2}?nicht (?:der|die) (?:richtige[n]? )?(?:ansprechpartner\w*|richtige person|entscheider\w*|person,? die (?:das )?entscheidet)|nicht zuständig|(?:(?:ich|wir)\s+(?:muss|müsste|müssen|sollte|sollten|will|möchte|würde|werde)|(?:muss|müsste|müssen|sollte|will|möchte|würde|werde)\s+(?:ich|wir))\s+(?:\S+\s+){0,4}?mit\s+(?!(?:Ihnen|dir|euch|uns|mir|Ihrem|Ihrer|deinem|deiner)\b)(?:\S+\s+){1,3}?(?:reden|sprechen|besprechen|absprechen|abstimmen|klären|durchsprechen|bereden|rücksprache halten)`;

// Plain textbook objections in more word orders, pronouns and tenses (coach review 5, H1).
/** The customer's people, for an adoption doubt ("ob meine Mitarbeiter das annehmen", "whether my staff would use it"). */
const R5_PEOPLE_DE = String.raw`(?:leute|mitarbeiter\w*|mitarbeitende\w*|angestellte\w*|aushilfen|kollegen|kolleginnen|team|fahrer\w*|monteure[n]?|azubis|trainer\w*|personal|belegschaft|älteren|pflegekräfte|pfleger\w*|techniker\w*|köche|kellner\w*|verkäufer\w*|jungs|mädels|kunden|kundinnen|mitglieder[n]?|lehrer\w*|erzieher\w*)`;
const R5_PEOPLE_EN = String.raw`(?:people|staff|team|teams|guys|folks|drivers|temps|techs|technicians|nurses|crew|crews|employees|users|reps|workers|trainers|instructors|coaches|agents|cleaners|cooks|chefs|servers|caregivers|teachers|members|clients|customers|volunteers|salespeople|installers|operators|admins|assistants|receptionists|managers)`;
/** Who decides, by role ("der Chef", "my manager", "our operations director"). */
const R5_ROLE_DE = String.raw`(?:chef|chefin|geschäftsführer\w*|geschäftsführung|geschäftsleitung|vorgesetzte[nr]?|vorstand|inhaber\w*|boss|gesellschafter\w*|aufsichtsrat|cfo|ceo|direktor\w*|einkauf|partnerin|frau|mann|teamleit\w*|abteilungsleit\w*|bereichsleit\w*|filialleit\w*|praxisinhaber\w*|finanzabteilung|it-abteilung|betriebsrat|zentrale|patron|patronne)`;
const R5_ROLE_EN = String.raw`(?:boss|manager|ceo|cfo|cto|coo|cmo|vp|director|head|owner|owners|partner|partners|founder|co-founder|cofounder|board|gm|md|principal|president|superintendent|procurement|wife|husband|supervisor|leadership|management|higher-ups|higher ups)`;
/** Not followed by a noun: "too expensive for us", not "the expensive stations". */
const R5_NOT_ATTRIBUTIVE = String.raw`(?!\s+(?!(?:for|to|and|but|or|though|at|in|than|compared|now|already|honestly|right|anyway|overall|per|each|every|over|given|as|if|when|with|considering)\b)[a-z]{3,})`;
/**
 * Our price as the problem ("the price is still the problem", "das Problem ist der Preis", "am Preis
 * hakt es"): a price objection, never the customer's pain (painText removes it before PAIN_RE decides).
 */
const PRICE_PROBLEM = String.raw`(?:the |your |this |that )?(?:price|pricing|prices|(?:cost|costs)(?! (?:of|for|to)\b)|number|quote|investment|fees?)\b[^.?!]{0,20}\b(?:is|are|'s|would be|remains|stays|will be)\s+(?:still |really |just |definitely |honestly |kind of |simply |always )*(?:the |a |an |my |our )?(?:main |real |big |biggest |major |only |one )?(?:problem|issue|hurdle|blocker|obstacle|dealbreaker|deal-breaker|deal breaker|sticking point|stumbling block)|(?:the )?(?:problem|issue|sticking point|hurdle|catch|blocker) (?:is|remains|'s|really is|still is) (?:still |really |just |simply )*(?:the |your |this |that )?(?:price|pricing|cost|costs)\b(?! of)|(?:der |ihr |dein |euer |das |dieser )?(?:preis|preise|kosten(?!\s+(?:für|der|des|durch|von|bei)\b))\b[^.?!]{0,20}\b(?:ist|sind|bleibt|bleiben|wäre|wären) (?:(?:halt|eben|einfach|schon|noch|nach wie vor|immer noch|leider|ehrlich gesagt|für uns|für mich)\s+){0,3}(?:das |ein |der |die |mein |unser )?(?:große |größte |eigentliche |einzige |echte |entscheidende )?(?:problem|knackpunkt|haken|hürde|hindernis|stolperstein)|(?:das problem|der knackpunkt|der haken|die hürde) (?:ist|bleibt) (?:(?:halt|eben|einfach|schon|wirklich|nur|eigentlich|ehrlich gesagt|nach wie vor|immer noch)\s+){0,2}(?:der|ihr|dein|euer) preis|(?:am|beim) preis (?:hakt|scheitert|hängt)`;
export const PRICE_PROBLEM_RE = rx(String.raw`\b(?:${PRICE_PROBLEM})\b`, 'gi');
const PRICE_R5 = String.raw`${PRICE_PROBLEM}|(?:out of|outside(?: of)?|above|beyond|over) (?:our|my|the|their) (?:\S+ )?(?:price range|price point|pay grade)|(?:too|very|quite|pretty|really|a bit|a little|bit|so|rather|fairly|super|kind of|kinda|awfully|seriously|incredibly|way|more|a lot more|much more) (?:expensive|pricey|costly)${R5_NOT_ATTRIBUTIVE}|(?:that|it|this|you|you guys|y'all|your (?:\S+ )?(?:offer|price|prices|pricing|quote|proposal|product|tool|software|solution|platform|plan|package|service|licen[cs]es?|subscription|rates?))(?:'s|'re| is| are| would be| will be| seems| sounds| looks| feels| gets| might be| could be| was| were| seem| sound| look)(?: \S+){0,2}? (?:expensive|pricey|costly)${R5_NOT_ATTRIBUTIVE}|(?:that's|that is|it's|it is|this is|sounds like|seems like|looks like|that would be|that'd be|you're|you are) (?:an? |quite an? |a (?:very|really|pretty|rather) )?(?:\S+ )?expensive (?:tool|solution|product|platform|option|service|investment|purchase|thing|one|proposition|software|plan|package|subscription)|(?:sounds|seems|looks|feels) (?:\S+ )?(?:expensive|pricey|costly)${R5_NOT_ATTRIBUTIVE}|^\W*(?:\S+\s+){0,3}(?:expensive|pricey|costly)\W*$|teurer(?=\s+als\b|\s*[.!?,;…]|\s*$)`;
const BUDGET_R5 = String.raw`(?:nicht|kaum) (?:\S+ ){0,2}?(?:in|im) (?:unserem|unser|meinem|dem|diesem|unserm|unseren) (?:\S+ )?budget|(?:sprengt|übersteigt|überschreitet|sprengen|übersteigen|überschreiten) (?:\S+ ){0,2}?(?:unser|unseren|das|mein|meinen|jedes|jeden) (?:\S+ )?budget|(?:passt|passen) (?:\S+ ){0,2}?nicht (?:in (?:unser|das|mein)|ins) (?:\S+ )?budget|(?:über|außerhalb|jenseits) (?:unseres|unserem|unseren|meines|meinem|des|dem) (?:\S+ )?budgets?|(?:das |ein )?budget (?:\S+ ){0,2}?(?:haben|hab|habe) (?:wir|ich) (?:\S+ )?nicht|(?:over|above|outside(?: of)?|beyond|exceeds?|blows?|busts?) (?:our|my|the|this year's|their) (?:\S+ )?budget|(?:doesn't|does not|won't|will not|wouldn't|would not) fit (?:in|into|within) (?:our|my|the|this year's) (?:\S+ )?budget|(?:not|isn't) in (?:my|our \S+) budget`;
/**
 * Leaving the call ("Ich muss gleich los", "I've got to run"): a timing brush-off on its own, but
 * not next to another objection in the same turn (one brush-off) nor with a question for what
 * comes next ("Gut, ich muss gleich los. Was machen wir?").
 */
const LEAVING = String.raw`(?:muss|müssen|müsste)\s+(?:(?:ich|wir|jetzt|auch|leider|aber|dann|eh|schon|echt|wirklich|dringend)\s+){0,3}(?:gleich|sofort|jetzt)\s+(?:(?:auch|noch|schon|wieder|leider)\s+)*(?:los|weg|weiter|auflegen|schluss machen)|(?:ich|wir) (?:muss|müssen) (?:(?:jetzt|leider|gleich|auch)\s+)*los|(?:gotta|got to|have to|need to) (?:run|dash|jump|hop off|jump off|head out|hang up|go now)(?=\s*(?:[.,!;…]|$|now\b|soon\b|in (?:\d|a |an |one|two|five|ten|fifteen|a few|a couple)|to (?:a|another|my)\b))`;
export const LEAVING_RE = rx(String.raw`\b(?:${LEAVING})\b`);
const TIMING_R5 = String.raw`${LEAVING}|(?:hab|habe|hätte|haben)\s+(?:ich\s+|wir\s+)?(?:(?:jetzt|aber|leider|noch|schon|auch|dann|eigentlich|gerade)\s+)*(?:gleich|sofort|in (?:\S+ )?(?:minuten|min))\s+(?:(?:noch|schon|direkt|wieder)\s+)*(?:ein|einen|eine|'nen|nen)\s+(?:anderen\s+|weiteren\s+|nächsten\s+|wichtigen\s+)?(?:termin|meeting|besprechung|call|telefonat|kunden|kundin|patienten|patientin|kurs|anruf|gespräch|kundentermin|training|unterricht|behandlung|schicht)|gleich (?:kommt|kommen|beginnt|fängt|startet) (?:\S+ ){0,2}?(?:kunde|kundin|kunden|patient\w*|kurs|meeting|termin|besprechung|training|unterricht|schicht)|(?:kurs|meeting|termin|besprechung|training|unterricht|schicht|call|sprechstunde) (?:fängt|beginnt|startet|geht) (?:\S+ )?(?:gleich|sofort|jetzt|in (?:\S+ )?minuten)|(?:muss|müssen|müsste)\s+(?:(?:ich|wir|jetzt|auch|leider|aber|dann|eh|schon|echt|wirklich|dringend)\s+){0,3}(?:gleich|sofort|jetzt)\s+(?:(?:auch|noch|schon|wieder|leider)\s+)*(?:(?:in|zu|zum|zur|ins)\s+(?:(?:meinen|meine|mein|einen|eine|ein|den|die|das|dem|der|'nen|nen|unseren|unsere|unser|nächsten|nächste)\s+)?(?:\S+\s+)?(?:kurs|termin|meeting|besprechung|sitzung|call|telefonat|unterricht|training|behandlung|probe|schicht|dienst|gespräch|kundentermin|patienten|kunden|baustelle|vorlesung|konferenz))|(?:(?:gerade|grad|jetzt|momentan|aktuell|derzeit|zurzeit|im moment|zeitlich|terminlich|diese woche|dieses jahr)\s+passt\s+(?:(?:es|das|mir|uns|zeitlich|terminlich|leider|eher|einfach|wirklich|bei (?:mir|uns)|gerade|grad|momentan|aktuell)\s+){0,3}|passt\s+(?:(?:es|das|mir|uns|leider|eher|einfach|wirklich|bei (?:mir|uns))\s+){0,3}(?:gerade|grad|jetzt|momentan|aktuell|derzeit|zurzeit|im moment|zeitlich|terminlich|diese woche|dieses jahr)\s+(?:(?:es|das|mir|uns|zeitlich|terminlich|leider|eher|einfach|wirklich|gerade)\s+){0,2})(?:(?:gar|überhaupt|leider|eher|ganz|einfach|wirklich|so)\s+)*(?:nicht|schlecht)\b|(?:zeitlich|terminlich)\s+(?:(?:ist|wird|wäre|sieht|passt|es|das|bei|mir|uns|mich)\s+){0,3}(?:(?:gerade|grad|momentan|jetzt|aktuell|derzeit|zurzeit|diese woche|dieses jahr|im moment)\s+)?(?:(?:ganz|echt|sehr|eher|leider|einfach|wirklich|total|ziemlich|extrem|gar|überhaupt|es|das|bei|mir|uns)\s+)*(?:schwierig|schlecht|eng|knapp|ungünstig|nicht drin|unmöglich)|(?:der )?zeitpunkt (?:ist|wäre) (?:\S+ ){0,2}?(?:schlecht|ungünstig|nicht (?:so |ganz |gerade |besonders )?(?:ideal|gut|günstig|optimal|der richtige|der beste|passend)|denkbar schlecht)|(?:i(?:'ve| have)?|we(?:'ve| have)?|there's)\s+(?:just\s+|actually\s+|only\s+|really\s+)?(?:got|have)\s+(?:a|an|another|my next|the next|one more)\s+(?:\S+\s+)?(?:call|meeting|appointment|client|customer|patient|class|session|interview|lesson|training|shift|demo)\s+(?:(?:starting|coming up|that starts|scheduled)\s+)?(?:in|at)\s+(?:(?:about|like|around|just|literally|only)\s+)?(?:\d+|a|an|one|two|three|four|five|ten|fifteen|twenty|thirty|a few|a couple(?: of)?|half an)\s+(?:\S+\s+)?(?:minutes?|mins?|seconds?|secs?|hour|moment)|(?:another|my next|the next) (?:call|meeting|appointment|class|session) (?:starts |starting |begins |coming up )?(?:in|at) (?:\S+ )?(?:minutes?|mins?|\d+|a (?:minute|sec|second|moment)|five|ten|two|fifteen|a few|a couple)|timing (?:(?:is|'s)(?: just| really| honestly)? (?:not|n't)|isn't|is not|just isn't|really isn't)(?: \S+)? (?:great|good|right|ideal|the best)|timing (?:is|'s) (?:\S+ )?(?:bad|terrible|awful|off|tricky|difficult|tough|wrong)|(?:isn't|is not|not) (?:\S+ )?(?:the right|a good|an ideal|the best|a great) (?:time|timing|moment)(?=\s*(?:[.,!;…—–-]|$|for (?:me|us|this|that)\b|right now\b|now\b|to talk\b))`;
const AUTHORITY_R5 = String.raw`(?:muss|müsste|müssen|sollte|sollten)\s+(?:(?:ich|wir|da|das|es|erst|erstmal|erst mal|noch|mal|zuerst|vorher|eh|sowieso|aber|natürlich|auf jeden fall)\s+){0,4}(?:meinen|meine|unseren|unsere|den|die|unser|mein)\s+${R5_ROLE_DE}\s+(?:(?:noch|mal|erst|dazu)\s+)?(?:fragen|überzeugen|einbinden|ins boot holen|mit ins boot holen|dazuholen|um erlaubnis bitten|um freigabe bitten)(?!,? ob (?:er|sie) (?:\S+ ){0,3}(?:zeit|dabei|dazu\w*|mitkommt|mitkommen|kann|teilnehm\w*))|(?:frag|frage|fragen)\s+(?:ich|wir)\s+(?:(?:noch|mal|eh|lieber|besser|aber)\s+)?(?:erst|erstmal|erst mal|zuerst|vorher)\s+(?:(?:noch|mal)\s+)?(?:meinen|meine|unseren|unsere|den|die)\s+${R5_ROLE_DE}|(?:entscheid(?:et|en)|unterschreib(?:t|en)|genehmig(?:t|en)) (?:(?:das|so was|sowas|so etwas|bei uns|hier|am ende|letztlich|eh|sowieso|immer|aber|dann|alles|ohnehin)\s+){0,3}(?:der|die|mein|meine|unser|unsere) ${R5_ROLE_DE}|(?:der|die|mein|meine|unser|unsere) ${R5_ROLE_DE} (?:entscheidet|entscheiden|unterschreibt|unterschreiben)(?=\s*(?:[.,!;…]|$|das\b|so was\b|sowas\b|am ende\b|letztlich\b|alles\b))|(?:my|our|the) (?:\S+ )?${R5_ROLE_EN}(?:'s| is| has| would| will| usually| always| ultimately| really)? ?(?:the one who |who )?(?:makes?|make) (?:(?:that|the|this|those|these|all (?:the|those|these|our)|such|any|every|the final|final) (?:\S+ )?(?:call|calls|decision|decisions)|(?:the )?(?:call|calls|decision|decisions)(?!\s+(?:to|with|for)\b))\b|(?:that's|that is|it's|it is|this is|that'd be|that would be|that'll be)\s+(?:\S+\s+)?(?:my|our|the) (?:\S+ )?${R5_ROLE_EN}(?:'s|s'| 's) (?:call|decision)|(?:my|our|the) (?:\S+ )?${R5_ROLE_EN} (?:decides|signs|approves|signs off|has the (?:final )?say|calls the shots|holds the (?:purse strings|budget))(?=\s*(?:[.,!;…]|$|on\b|that\b|this\b|it\b|these\b|those\b|everything\b|anything\b|what\b|whether\b|if\b|in the end\b|ultimately\b))|(?:decisions?|purchases?|anything|something|spend|tools?|software) like (?:that|this) (?:go|goes|has to go|have to go|need to go|needs to go) (?:through|to|past) (?:my|our|the) \S+|(?:i|we)(?:'d| would| will|'ll)? (?:(?:have|need|got) to|gotta|must) (?:first )?(?:ask|check with|clear (?:it|this|that) with|get the okay from|get approval from|get sign-off from) (?:my|our|the) (?:\S+ )?${R5_ROLE_EN}|(?:ask|check with) (?:my|our|the) (?:\S+ )?${R5_ROLE_EN} first`;
const ADOPTION_R5 = String.raw`nicht (?:so |besonders |sehr |allzu |wirklich |gerade |ganz so |so wirklich |unbedingt )?(?:technisch|digital|computer|it|technik)[- ]?(?:fit|versiert|affin|begabt|bewandert|unterwegs|erfahren)|technisch (?:\S+ ){0,2}?(?:fit|versiert|affin|begabt|bewandert)\b[^.?!]{0,25}\bnicht\b|(?:kein|keine|keinen) (?:großen |echten |richtigen )?(?:technik|computer|it|digital)-?(?:mensch|menschen|leute|typ|typen|freak|freaks|profi|profis|experte|experten|fan|fans|fuchs|füchse|crack|cracks)|(?:mit|bei) (?:der |dem |den )?(?:technik|computern|computer|apps|software|digitalem|digitalen sachen|dem digitalen)\b[^.?!]{0,25}\b(?:nicht so|nicht so ganz|nicht gut|schwer|überfordert|auf kriegsfuß|nichts am hut)|(?:(?:weiß|weiss|wissen)\s+(?:\S+\s+){0,2}?nicht|(?:bin|sind)\s+(?:mir|uns)\s+(?:\S+\s+)?(?:nicht |un)sicher|frage mich|bezweifle|zweifle)\s*,?\s+(?:ob|dass)\s+(?:\S+\s+)?${R5_PEOPLE_DE}\s+(?:\S+\s+){0,4}?(?:annehmen|annimmt|nutzen|nutzt|benutzen|benutzt|mitmachen|mitmacht|mitziehen|mitzieht|akzeptieren|akzeptiert|verwenden|verwendet|hinkriegen|hinkriegt|klarkommen|klarkommt|zurechtkommen|zurechtkommt|lernen|lernt|bedienen|bedient|umstellen|umstellt|kapieren|kapiert|verstehen|versteht)\b|(?:not|isn't|aren't|is not|are not|ain't|wasn't|weren't|never been|never were)\s+(?:\S+\s+)?(?:very |that |so |particularly |super |really |exactly |the most |all that |too )?(?:techy|tech-savvy|tech savvy|techsavvy|computer-savvy|computer savvy|digitally savvy|digital natives?|tech-minded|tech people|techies|tech-literate|computer-literate|good with (?:computers|tech|technology|apps|software|phones))|(?:not|isn't|aren't|is not|are not) (?:very|that|so|particularly|super|really|all that|overly) technical|technophob\w*|tech-?averse|tech-?shy|computer-?illiterate|tech-?illiterate|luddites?|(?:struggle|struggles|struggling|struggled) with (?:tech|technology|computers|apps|new software|new tools|new systems|anything digital|smartphones)|(?:not sure|unsure|don't know|do not know|doubt|wonder|not convinced|not certain|can't see|cannot see|can't imagine|don't think)\s+(?:if\s+|whether\s+|that\s+)?(?:\S+\s+)?${R5_PEOPLE_EN}\s+(?:(?:would|will|'d|are going to|is going to|are gonna|is gonna|could|can|really|actually|ever)\s+){1,3}(?:\S+\s+)?(?:use|adopt|take to|get on with|buy into|bother with|learn|figure|go for|embrace|accept|stick with|log in)`;
/** "Wir haben eigentlich schon eine Lösung", "We already have something for that": what they have in place (status quo), not another vendor. */
const STATUS_QUO_R5 = String.raw`(?:haben|hab|habe|hätten|nutzen|nutze|verwenden|verwende|benutzen|benutze)\s+(?:wir\s+|ich\s+)?(?:(?:eigentlich|ja|doch|da|dafür|hier|intern|im grunde|inzwischen|mittlerweile|auch|eh|sowieso|ehrlich gesagt|längst)\s+){0,3}(?:schon|bereits)\s+(?:(?:eine|ein|einen|so eine|so ein|so einen|eine eigene|ein eigenes|einen eigenen|unsere|unser|unseren|eine gute|ein gutes|einen guten|eine funktionierende|ein funktionierendes)\s+(?:(?!ander)\S+\s+)?(?:lösung|tool|system|programm|software|app|plattform|prozess|werkzeug)|(?:was|etwas|sowas|so was|so etwas)(?:\s+(?:dafür|für|in der art|ähnliches|eigenes|im einsatz))?)\b(?![^.?!]{0,40}\b(?:gesucht|angeschaut|angesehen|ausprobiert|probiert|versucht|getestet|verglichen|im kopf|überlegt|angefragt)\b)|(?:we|i)(?:'ve| have)? (?:(?:already|actually|kind of|sort of|pretty much)\s+)*(?:already\s+)(?:got |have )?(?:something|a (?:\S+ )?(?:solution|tool|system|process|setup|app|platform)|one|someone)(?: (?:for (?:that|this|it)|in place|that (?:does|handles|covers)|like (?:that|this)))?\b(?![^.?!]{0,40}\b(?:looked|looking|searched|searching|tried|trying|considered|tested)\b)|(?:we|i) (?:have|'ve got|got) (?:something|a (?:\S+ )?(?:solution|tool|system|process|setup)|someone) (?:for (?:that|this|it) )?already`;
// Everyday phrasings with particles and inserted words (coach review 6, F-2 … F-5, F-9, F-14),
// spliced into OBJECTION_RES below. A few discourse particles may stand anywhere in between.
const R6_PART_DE = String.raw`(?:(?:ja|aber|auch|halt|eh|doch|ehrlich gesagt|ehrlich|schon|eben|leider|nun mal|nämlich|wirklich|echt|eigentlich|heuer|dieses jahr|für dieses jahr|für heuer|gerade|grad|momentan|aktuell|derzeit|zurzeit|bereits|längst|komplett|völlig|total|quasi|praktisch|fast|so gut wie|im grunde|natürlich|wohl|sowieso|einfach|ganz|restlos|schon längst),?\s+)`;
const R6_PART_EN = String.raw`(?:(?:actually|honestly|also|just|really|already|frankly|to be honest|quite|pretty much|basically|totally|completely|all|kind of|sort of|still|currently|right now|this year|for this year|for the year|pretty|fully),?\s+)`;
/** "I'm not looking for another system", "we've got a guy who does our payroll", „Wir haben jemanden, der das macht“, „Wir suchen eigentlich kein neues System“. */
const STATUS_QUO_R6 = String.raw`(?:not|n't|never) (?:really |actually |currently |even )?(?:looking|shopping|in the market) for (?:another|a new|a different|an additional|any new|any other|any|more|new) (?:\S+ )?(?:system|tool|solution|software|app|platform|vendor|provider|subscription|program|service)s?|(?:we|i)(?:'ve| have)? (?:already |actually |also )?(?:got|have) (?:(?:a|an|our own|my|one|this|our) (?:\S+ )?)?(?:guy|gal|person|lady|fellow|someone|somebody|accountant|bookkeeper|freelancer|contractor|nephew|niece|cousin|brother-in-law|sister-in-law|friend|intern)\b,? (?:who|that) (?:\S+ ){0,2}?(?:does|do|handles|takes care of|looks after|runs|manages|sorts|covers|deals with|doing|helps)\b|(?:haben|hab|habe) (?:wir |ich )?(?:${R6_PART_DE}){0,3}(?:jemanden|jemand|einen|eine|unseren|unsere|meinen|meine)(?: [a-zäöüß-]+)?,? (?:der|die) (?:\S+ ){0,3}?(?:macht|erledigt|übernimmt|betreut|regelt|managt|pflegt|kümmert)\b|(?:suche|suchen|brauche|brauchen) (?:ich |wir )?(?:${R6_PART_DE}){0,3}(?:kein|keine|keinen) (?:neues|neue|neuen|weiteres|weitere|weiteren|anderes|andere|anderen|zusätzliches|zusätzliche|zusätzlichen) (?:tool|system|software|programm|lösung|app|anbieter|plattform)|nicht auf der suche nach (?:einem |einer )?(?:neuen |weiteren |anderen )?(?:tool|system|software|programm|lösung|app|anbieter|plattform)`;
/** A Swiss „Offerte“ is an „Angebot“: „eine Offerte von einem anderen Anbieter“. */
const COMPETITOR_R6 = String.raw`offerten? (?:von|vom) (?:einem |einer |der |dem )?(?:anderen|wettbewerb\w*|konkurrenz|mitbewerber\w*)`;
/**
 * Where the data lives, cloud rules and a security review ("Wo liegen die Daten?", „Cloud-Lösungen
 * sind bei uns ein schwieriges Thema“, "I'm not connecting anything … without a security review"):
 * an adoption/security objection, never a pain to put a cost on (painText removes it).
 */
const SECURITY_CONCERN = String.raw`wo (?:liegen|lagern|landen|sind|stehen|bleiben|werden) (?:(?:denn|dann|eigentlich|genau|bei (?:Ihnen|euch|dir))\s+)*(?:die |unsere |meine |eure |Ihre |deine )?[a-zäöüß-]*(?:daten|server)\b|cloud(?:-?lösung\w*|-?software|-?dienst\w*|-?anbieter\w*|-?tools?|-?systeme?|-?produkte?)? (?:sind|ist|wäre|wären) (?:\S+ ){0,4}?(?:schwierig\w*|heikel\w*|kritisch\w*|problematisch\w*|tabu|nicht erlaubt|verboten|ein no-?go|ausgeschlossen)|(?:ohne|erst nach|nicht ohne) (?:eine |einer |unsere |die |der |den |unseren )?(?:\S+ )?(?:datenschutz|sicherheits|it-sicherheits|security|compliance)[a-zäöüß-]*(?:prüfung|check|freigabe|review|audit|bewertung)|(?:datenschutz|sicherheits|it-sicherheits|security|compliance)[a-zäöüß-]*(?:prüfung|check|freigabe|review|audit)\w* (?:für (?:alles|jede\w*)|durchlaufen|bestehen)|(?:datenschutzbeauftragte\w*|informationssicherheit\w*|it-sicherheit)\b[^.?!]{0,40}\b(?:anschauen|ansehen|prüfen|absegnen|freigeben)|(?:anschauen|ansehen|prüfen|absegnen|freigeben)\b[^.?!]{0,40}\b(?:datenschutzbeauftragte\w*|informationssicherheit\w*|it-sicherheit)|daten (?:müssen|sollen|dürfen) (?:\S+ ){0,3}?(?:in deutschland|in der eu|im haus|bei uns|on-?prem\w*|nicht in die cloud|nicht raus)|where (?:is|are|will|would|does|do) (?:\S+ ){0,2}?data (?:be )?(?:stored|hosted|kept|held|live|lives|sit|sits|go|goes|located|processed)|(?:without|until|before) (?:a |an |our |the |some )?(?:proper |full |formal )?(?:security|privacy|it|infosec|compliance|data protection|gdpr|hipaa|soc ?2)[a-z-]* (?:review|assessment|audit|check|sign-off|approval|vetting)|(?:cloud|saas|hosted) (?:\S+ )?(?:solutions?|software|tools?|systems?|products?|services?)? ?(?:are|is|'s) (?:\S+ ){0,3}?(?:a |an )?(?:difficult|tricky|touchy|sensitive|no-go|non-starter|hard sell|not allowed|off the table|big issue)|data (?:has|needs|must|have) to (?:stay|remain|be stored|be hosted) (?:in|on|within)`;
/** „Ob die mit so einem Handy-Programm klarkommen, weiss ich nicht.“: the doubt about the team before "I don't know". */
const ADOPTION_R6 = String.raw`\bob (?:die|sie|er|meine \S+|unsere \S+|${R5_PEOPLE_DE})\b[^.?!]{0,60}\b(?:annehmen|annimmt|nutzen|nutzt|benutzen|benutzt|mitmachen|mitziehen|akzeptieren|hinkriegen|klarkommen|klarkommt|zurechtkommen|zurechtkommt|bedienen|kapieren|umstellen),? (?:weiß|weiss|wissen) (?:ich|wir) (?:\S+ )?nicht`;
export const SECURITY_CONCERN_RE = rx(String.raw`\b(?:${SECURITY_CONCERN})\b`, 'gi');
/** „Über das Budget entscheidet am Ende der kaufmännische Direktor“, „Ohne ihn geht so etwas nicht durch“, "Nothing goes through without her". */
const AUTHORITY_R6 = String.raw`(?:entscheid(?:et|en)|unterschreib(?:t|en)|genehmig(?:t|en)) (?:(?:das|darüber|so was|sowas|so etwas|bei uns|hier|am ende|letztlich|eh|sowieso|immer|aber|dann|alles|ohnehin|halt|ja|doch)\s+){0,3}(?:der|die|mein|meine|unser|unsere) [a-zäöüß-]+(?:e|en|er) ${R5_ROLE_DE}|(?:der|die|mein|meine|unser|unsere) [a-zäöüß-]+(?:e|en|er) ${R5_ROLE_DE} (?:entscheidet|entscheiden|unterschreibt|unterschreiben)(?=\s*(?:[.,!;…]|$|das\b|so was\b|sowas\b|am ende\b|letztlich\b|alles\b))|ohne (?:ihn|ihm|(?:den|die|unseren|unsere|meinen|meine|seine|ihre|sein|ihr|dessen|deren) (?:[a-zäöüß-]+ )?(?:${R5_ROLE_DE}|zustimmung|freigabe|unterschrift|okay|ok|segen|einverständnis|go))\b,? (?:\S+ ){0,2}?(?:geht|läuft|passiert|wird|kommt|bewegt sich) (?:\S+ ){0,3}?(?:nicht durch|nichts|nix|gar nichts)|(?:nothing|none of this|no purchase|no deal|it|this|that) (?:\S+ ){0,2}?(?:goes through|go through|gets signed|gets approved|happens|moves|gets done|get approved|get signed) without (?:him|her|them|(?:his|her|their|the|my|our) (?:\S+ )?(?:${R5_ROLE_EN}|sign-?off|approval|ok|okay|blessing|signature))`;
/** „heuer ist das Budget ehrlich gesagt verplant“, "the budget's honestly already spent". */
const BUDGET_R6 = String.raw`(?:budget|etat)s? (?:(?:ist|sind|war|waren|wäre|wären)\s+)?(?:${R6_PART_DE}){0,4}(?:weg|aufgebraucht|verplant|erschöpft|ausgeschöpft|knapp|eingefroren|gestrichen|vergeben|verbraucht|ausgereizt|gedeckelt)\b|budget(?:s|'s)? (?:(?:is|are|was|were|has been|have been)\s+)?(?:${R6_PART_EN}){0,3}(?:tight|spent|gone|frozen|allocated|used up|locked|committed|maxed out|exhausted|tapped out|earmarked)`;
/** "49 a month is a lot for us", „89 im Monat ist schon happig“. */
const PRICE_R6 = String.raw`\d[\d.,]*\s*(?:(?:euros?|€|dollars?|bucks|franken|chf)\s*)?(?:(?:a|per|pro|im|in the|the|each|every|je) (?:month|year|seat|user|head|licen[cs]e|monat|jahr|nutzer|kopf|platz|lizenz)|monthly|yearly|annually|monatlich|jährlich)\b[^.?!]{0,30}?\b(?:is|are|seems|feels|would be|'s|sounds|ist|sind|wäre|wären|klingt|scheint)\s+(?:\S+\s+){0,2}?(?:a lot|quite a lot|too much|a bit much|steep|a stretch|pricey|expensive|viel|zu viel|happig|teuer|heftig|eine menge|kein pappenstiel)\b(?! (?:of time|of work|of hours|arbeit|zeit))`;
/**
 * "Right now I don't pay anything except postage", „Aktuell zahlen wir nichts außer dem Porto“:
 * nothing paid today. A price objection right after a price (measure.ts checks the price is on the table).
 */
export const FREE_NOW_RE = rx(
  String.raw`\b(?:(?:i|we)\s+(?:(?:currently|right now|today|basically|actually|only|just|honestly)\s+)*(?:don't|do not|dont)\s+pay\s+(?:anything|a thing|a cent|a penny|a dime|nothing)|(?:i|we)\s+(?:(?:currently|right now|today|basically|actually)\s+)*(?:pay|spend)\s+(?:nothing|zero)|(?:zahle|zahlen|bezahle|bezahlen)\s+(?:ich|wir)\s+(?:${R6_PART_DE}|bisher\s+|im moment\s+|heute\s+)*(?:nichts|nix|keinen cent|null)|(?:ich|wir)\s+(?:zahle|zahlen|bezahle|bezahlen)\s+(?:${R6_PART_DE}|bisher\s+|im moment\s+|heute\s+)*(?:nichts|nix|keinen cent|null)|(?:kostet|kosten)\s+(?:mich|uns)\s+(?:${R6_PART_DE}|bisher\s+|im moment\s+|heute\s+)*(?:nichts|nix|keinen cent)\s+(?:außer|ausser|bis auf))\b`,
);
/** „Nee, ehrlich, gerade ganz schlecht“, „passt grad echt nicht“: a timing brush-off of the call. */
const TIMING_R6 = String.raw`^\W*(?:(?:nee|nein|no|oh|ach|puh|hm|hmm|also|ehrlich|ehrlich gesagt|ganz ehrlich|sorry|du|ja|ähm|äh|moin|hallo)[,.!]?\s+){0,4}(?:(?:es|das) (?:ist|is) |(?:ist|is|'s) (?:es |das )?)?(?:gerade|grad|jetzt|momentan|im moment|heute)\s+(?:(?:ganz|echt|total|wirklich|eher|sehr|leider|ziemlich|gar|eh|halt|einfach|extrem|denkbar|bisschen|etwas)\s+)*(?:schlecht|ungünstig|blöd|doof|nicht so gut|nicht gut)(?=\s*(?:[.,!;…–-]|$|bei mir\b|bei uns\b|für mich\b))|(?:passt|passts|passt's|geht)(?:\s+(?:es|das|mir|uns))*\s+(?:gerade|grad|jetzt|momentan|heute|im moment)\s+(?:(?:ganz|echt|total|wirklich|eher|leider|ziemlich|gar|überhaupt|eh|halt|einfach)\s+)*(?:nicht|schlecht|ungünstig)\b`;

// Coach review 7: more everyday phrasings, spliced into OBJECTION_RES below.
const R7_MONTH = String.raw`(?:q[1-4]|next (?:year|quarter|month|spring|summer|fall|autumn|winter)|the (?:new year|end of the year|summer|fall)|january|february|march|april|may|june|july|august|september|october|november|december)`;
const R7_MONAT = String.raw`(?:q[1-4]|januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|dem sommer|ende des jahres|nächstem jahr)`;
/** "I can't look at anything new before March", „Vor März kann ich mir nichts Neues anschauen“. */
const TIMING_R7 = String.raw`(?:can't|cannot|can not|won't|will not|couldn't|not going to|am not going to)\s+(?:\S+\s+){1,4}?(?:anything|something|this|that|it|a new \S+)\s+(?:new\s+)?(?:before|until|till)\s+${R7_MONTH}|vor ${R7_MONAT},? (?:kann|können|schaffe|schaffen|will|wollen) (?:ich|wir) (?:mir |uns )?(?:\S+ ){0,2}?(?:nichts|nix|keine\w*)`;
/**
 * Churn and switching fatigue: „überlege …, ob wir überhaupt verlängern“, „keine Lust, schon wieder
 * zu wechseln“, "I don't want to switch again"; a tool already there by its name, with an article
 * („Wir haben eigentlich schon das DHL Geschäftskundenportal“).
 */
const STATUS_QUO_R7 = String.raw`(?:überlegen|überlege|überlegt|denken|denke)\b[^.?!]{0,40}\bob (?:wir|ich) (?:\S+ ){0,3}?(?:verlängern|weitermachen|bleiben|dabei bleiben)|(?:keine|keinen|wenig) (?:lust|nerv|nerven|bock),? (?:\S+ ){0,3}?(?:wieder|nochmal|noch ?mal|erneut) (?:zu )?(?:wechseln|umzusteigen|umsteigen|umzustellen|umstellen)|(?:(?:don't|do not|wouldn't|would not) (?:really )?want|(?:not|no) (?:keen|eager|looking forward)|(?:hate|dread)) (?:to |on |about )?(?:switch|switching|change|changing|migrate|migrating|move|moving)(?: \S+){0,2}? again|(?:haben|hab|habe|nutzen|nutze)\s+(?:wir\s+|ich\s+)?(?:(?:eigentlich|ja|doch|da|dafür|auch|eh|sowieso|ehrlich gesagt)\s+){0,3}(?:schon|bereits)\s+(?:das|den|die|unser|unseren|unsere)\s+(?:[A-ZÄÖÜ]\S*\s+){0,2}[a-zäöüß-]*(?:portal|lösung|tool|system|programm|software|plattform)\b(?![^.?!]{0,40}\b(?:gesucht|angeschaut|angesehen|ausprobiert|probiert|versucht|getestet|verglichen|im kopf|überlegt|angefragt)\b)`;
/** "Is expensive for us." without a subject (non-native English). */
const PRICE_R7 = String.raw`^\W*(?:(?:well|hm+|hmm|ah|oh|yes|yeah|no|but|okay|ok|sorry),?\s+)*(?:is|are|'s)\s+(?:(?:very|too|so|quite|really|a bit|a little|bit|much too)\s+)?(?:expensive|pricey|costly)(?=\s*(?:[.!?,;…]|$|for (?:us|me)\b))`;
/** "Another company, Transdoc, they make us an offer for two euro", „eine andere Spedition hat uns ein Angebot gemacht“. */
const COMPETITOR_R7 = String.raw`(?:another|a different|other|one other) (?:company|vendor|provider|supplier|firm|agency|forwarder)\b[^.?!]{0,40}\b(?:offer|offers|offered|quote|quotes|quoted|proposal)\b|(?:they|he|she)(?:'ve| have| had)? (?:\S+ )?(?:make|makes|made|give|gives|gave|sent|send|sends) (?:us|me) (?:a |an |their )?(?:better |cheaper |lower )?(?:offer|quote|proposal) (?:for|of|at)\b(?=[^.?!]{0,30}(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|fifty|hundred|thousand|euros?|dollars?|percent|cents?)\b))|(?:eine|ein) (?:andere|anderer) (?:firma|anbieter|dienstleister|spedition|agentur)\b[^.?!]{0,40}\bangebot`;
/**
 * A bad experience with such a tool ("The last app was a disaster", "we bought a scheduling add-on
 * two years ago and nobody touched it"), a new tool the team has to learn ("I don't want another
 * console they have to learn"), where the data sits ("they're paranoid about where the data sits").
 */
const ADOPTION_R7 = String.raw`(?:the|our|my|that) (?:last|previous|old|other) (?:\S+ )?(?:software|tool|system|app|platform|solution|add-?on|module|portal|program|programme)s? (?:was|were|turned out to be|ended up being|turned out) (?:\S+ ){0,2}?(?:a |an )?(?:total |complete |absolute |real )?(?:disaster|nightmare|failure|flop|mess|waste of money)|(?:tried|used|had|bought|rolled out|tested|got|introduced|paid for)\s+(?:\S+\s+){0,5}?(?:software|tools?|systems?|apps?|platforms?|solutions?|add-?ons?|modules?|portals?)\b[^.?!]{0,50}\b(?:nobody|no one|none of (?:them|us|the \S+)) (?:ever |really |even )?(?:used|touched|opened|logged into|adopted|wanted)\b|(?:die|das|unsere|unser|meine|mein) (?:letzte|letztes|alte|altes|vorige|voriges) (?:\S+ )?(?:software|tool|system|app|plattform|lösung|programm)\b[^.?!]{0,20}\b(?:war|wurde) (?:\S+ ){0,2}?(?:eine |ein )?(?:katastrophe|desaster|reinfall|flop)|(?:another|a new|yet another|one more)\s+(?:\S+\s+)?(?:tool|system|app|console|platform|software|dashboard|portal|program|interface)s?\s+(?:that\s+)?(?:they|my \S+|our \S+|the \S+|people|staff)\s+(?:(?:have|need|would have|'d have|will have|would need)\s+to|must)\s+(?:\S+\s+)?(?:learn|master|get used to)|(?:noch|schon wieder) (?:ein|eine|einen) (?:weiteres |weitere |weiteren |neues |neue |neuen )?[a-zäöüß-]*(?:tool|system|app|konsole|plattform|software|programm|oberfläche),? (?:das|die|den) (?:\S+ ){1,4}?(?:lernen|erlernen|einarbeiten)|where (?:(?:the|their|our|your|my|client|customer|patient)\s+)*data (?:is |are |gets |will be |would be )?(?:stored|hosted|kept|held|lives?|sits?|goes|located|processed)\b`;
/**
 * The decider in a relative clause or as the one it is passed on to: „an unseren Geschäftsführer weiter,
 * der unterschreibt bei uns alle Verträge“, „Ich geb das dann an unseren Geschäftsführer weiter“.
 */
const AUTHORITY_R7 = String.raw`${R5_ROLE_DE}\w*,?\s+(?:der|die)\s+(?:(?:unterschreibt|unterzeichnet|entscheidet|genehmigt)\b|(?:\S+\s+){1,4}?(?:unterschreibt|unterzeichnet|entscheidet|genehmigt|absegnet|freigibt)(?=\s*(?:[.,!;…]|$)))|(?:geb|gebe|geben|leite|leiten|reiche|reichen)\s+(?:ich\s+|wir\s+)?(?:(?:das|es|den vertrag|das angebot|die unterlagen|alles|dann|gerne|gern|mal|einfach|direkt|so)\s+){0,3}(?:an|zu)\s+(?:unseren|unsere|meinen|meine|den|die|unserem|meinem|dem|der)\s+${R5_ROLE_DE}\w*\s+(?:\S+\s+){0,2}?weiter\b`;
/** "Send me the partner agreement and I'll take a look", „Schicken Sie mir das, dann schau ich mir das an“. */
const SEND_MATERIAL_R7 = String.raw`send (?:me|us)\b[^.?!]{0,40}?\b(?:and|then) (?:I'll|I will|we'll|we will|I can|we can) (?:\S+ )?(?:take a look|have a look|look (?:at it|it over|through it|into it)|read (?:it|through it)|review it|think about it|get back to you)|(?:schicken|senden|schick|schickt|mailen)\s+(?:Sie\s+|du\s+|ihr\s+)?(?:mir|uns)\b[^.?!]{0,40}?\b(?:dann|und) (?:schau|schaue|schauen|guck|gucke|lese|les|lesen) (?:ich|wir) (?:mir |uns )?(?:\S+ ){0,3}?(?:an|durch)\b`;

/**
 * „mitten in …“ is a brush-off only about the speaker's now: „ich bin gerade mitten in einem Termin“,
 * „wir stecken mitten in der Inventur“, „mitten im Meeting“ (coach review 8, H1). A process the
 * customer describes („dass mitten in einer Messreihe das System neu startet“) or a colleague's
 * story („neun Tage offline, mitten in der Abgabefrist“) is no "not now".
 */
const TIMING_MITTEN_R8 = String.raw`(?:bin|sind|stecke|stecken|steck|sitze|sitzen|stehe|stehen)\s+(?:(?:ich|wir|er|sie|gerade|grad|jetzt|momentan|eh|leider|echt|halt|noch|ja|schon|aber|eigentlich|da|hier|aktuell|ehrlich gesagt)\s+){0,3}mitten\s+(?:in|im)\b|mitten\s+(?:in\s+(?:einem|einer|der|dem|'nem|nem)|im)\s+(?:\S+\s+)?(?:besprechung|meeting|termin|kundentermin|telefonat|gespräch|call|sitzung|konferenz|kurs|unterricht|training|behandlung|vorlesung|schicht)\b`;
/** "make it quick", „machen Sie's kurz“: the customer grants the call only a moment (coach review 8, M3). */
const TIMING_QUICK_R8 = String.raw`(?:make it|keep it) (?:quick|short|brief|snappy)(?=\s*(?:[.,!;…—–-]|$|please\b|though\b))|(?:mach|macht|machen Sie)(?:'s| es| das)? (?:aber |bitte |bloß |nur )?kurz(?=\s*(?:[.,!;…]|$|bitte\b))|(?:fass|fassen Sie) (?:dich|sich) (?:bitte |aber )?kurz`;
/**
 * Looking at it together with the one who decides with them (coach review 8, M3): „Das muss ich mir
 * aber nochmal mit meinem Mann anschauen“, „schau ich mir mit meiner Chefin an“, "I need to look at
 * it with my husband". The customer's team („mit meinen Leuten“) is no decider.
 */
const AUTHORITY_R8 = String.raw`(?:(?:muss|müsste|müssen|will|möchte|würde|werde|sollte|sollten)\s+(?:ich|wir)|(?:ich|wir)\s+(?:muss|müsste|müssen|will|möchte|würde|werde|sollte|sollten)|schau|schaue|schauen|guck|gucke|sehe|sehen)\s+(?:(?:ich|wir|mir|uns|das|es|dies|den|die|vertrag|das angebot|die zahlen|aber|noch ?mal|nochmal|erst|erstmal|erst mal|zuerst|vorher|in ruhe|gemeinsam|zusammen|dann|eh|auf jeden fall|natürlich)\s+){0,5}mit\s+(?:meinem|meiner|unserem|unserer|dem|der)\s+${R5_ROLE_DE}\s+(?:(?:zusammen|gemeinsam|noch|mal|in ruhe|genau)\s+)*(?:anschauen|ansehen|angucken|durchgehen|durchschauen|durchrechnen|überlegen|beraten|an)\b|(?:i|we)(?:'ll|'d| will| would)? (?:\S+ )?(?:need|needs|have|has|got|gotta|must|want) to (?:look at|look over|go through|look through|sit down with|read through) (?:it|this|that|the (?:offer|quote|numbers|proposal|contract)) (?:together )?with (?:my|our) (?:\S+ )?${R5_ROLE_EN}\b`;
/**
 * Covered already (coach review 8, M3): „wir sind über unsere Berufshaftpflicht eigentlich gut
 * abgesichert“, "we're already well covered"; and a tool by its plain name that is enough: „Wir haben
 * eigentlich schon einen Kalender, der reicht“, "We already have a calendar, it does the job".
 */
const STATUS_QUO_R8 = String.raw`(?:sind|bin)\s+(?:wir\s+|ich\s+)?(?:(?!(?:nicht|kaum|schlecht|nie|unzureichend|unter)\b)\S+\s+){0,4}?(?:(?:eigentlich|ja|doch|schon|bereits|wirklich|ganz|sehr|bestens|ausreichend|hinreichend|voll|gut|ordentlich|längst)\s+){1,3}(?:abgesichert|versichert|abgedeckt|versorgt)\b|(?:we're|we are|i'm|i am)\s+(?:(?:already|actually|pretty|fairly|quite|really|honestly)\s+)*(?:well|fully|adequately|already)\s+(?:covered|insured)\b|(?:haben|hab|habe|nutzen|nutze|benutzen|benutze|verwenden|verwende)\s+(?:wir\s+|ich\s+)?(?:${R6_PART_DE}){0,3}(?:schon|bereits)\s+(?:ein|eine|einen|unser|unsere|unseren)\s+(?:\S+\s+){1,2}?(?:und\s+)?(?:der|die|das|er|sie|es)\s+(?:(?:reicht|genügt|tut's|tuts|passt)(?:\s+(?:uns|mir|völlig|vollkommen|eigentlich|auch|aus))*)(?=\s*(?:[.,!;…]|$))|(?:we|i)(?:'ve| have)?\s+(?:(?:already|actually|just)\s+)+(?:got|have|use)\s+(?:a|an|our|my)\s+(?:\S+\s+){1,2}?(?:and\s+|which\s+)?(?:it|that|which)(?:'s|\s+is|\s+does)?\s+(?:(?:good\s+)?enough|the job|does the job|fine|plenty)(?=\s*(?:[.,!;…]|$|for (?:us|me)\b))`;
/**
 * Professional secrecy: nothing about their systems to third parties (coach review 8, M3): „Wir
 * unterliegen der Verschwiegenheitspflicht …, ich gebe keine Details über unsere Systeme an Dritte
 * heraus“, "we don't share details about our systems with third parties". A data-protection concern (adoption).
 */
const ADOPTION_R8 = String.raw`(?:unterliegen|unterliege|unterliegt)\s+(?:der\s+|einer\s+|einer strengen\s+|der strengen\s+)?(?:\S+\s+)?(?:verschwiegenheitspflicht|schweigepflicht)|(?:gebe|geben|geb|gibt|rücke|rücken|teile|teilen|reiche|reichen)\s+(?:ich\s+|wir\s+)?(?:\S+\s+){0,2}?(?:keine|keinerlei|nie|niemals)\s+(?:\S+\s+){0,4}?(?:details|daten|informationen|infos|angaben|interna)\b[^.?!]{0,40}?\b(?:an dritte|nach außen|nach aussen)|(?:don't|do not|can't|cannot|won't|will not|never)\s+(?:share|give out|disclose|hand over|release|pass on)\s+(?:any\s+)?(?:details|data|information|info)\b[^.?!]{0,40}?\b(?:with|to)\s+(?:third parties|outsiders|outside parties|anyone outside)|(?:compliance|privacy|data protection|security|infosec|it security)\s+(?:officer|officers|team|department|people|lead|head|folks|guys)\s+(?:\S+\s+){0,2}?(?:will never|would never|won't ever|won't|will not|would not|wouldn't|never)\s+(?:\S+\s+)?(?:sign off|approve|allow|accept|okay|ok|let)\b|(?:datenschutzbeauftragte\w*|compliance\w*|it-sicherheit|informationssicherheit|datenschutz)\s+(?:\S+\s+){0,3}?(?:nie|niemals|nicht)\s+(?:\S+\s+){0,2}?(?:freigeben|absegnen|zustimmen|genehmigen|erlauben|mitmachen)`;
const COMPLIANCE_GATE = String.raw`\b(?:(?:compliance|privacy|data protection|infosec|security)\s+(?:officer|officers|team|department|lead|head)|datenschutzbeauftragte\w*|compliance-?(?:beauftragte\w*|abteilung|verantwortliche\w*)|informationssicherheitsbeauftragte\w*)\b`;
const COMPLIANCE_GATE_RE = rx(COMPLIANCE_GATE);
const COMPLIANCE_GATE_ALL_RE = rx(COMPLIANCE_GATE, 'gi');
const DECIDER_ROLE_RE = rx(String.raw`\b(?:${R5_ROLE_DE}|${R5_ROLE_EN})\b`);
/**
 * A compliance or data-protection gate and no decider besides ("Our compliance officer will never sign
 * off on that"): the concern is data protection (adoption), not who decides (coach review 8). "our CFO
 * and our compliance officer" still names a decider.
 */
export function complianceGateOnly(text: string): boolean {
  return COMPLIANCE_GATE_RE.test(text) && !DECIDER_ROLE_RE.test(text.replace(COMPLIANCE_GATE_ALL_RE, ' '));
}
/**
 * A minimum above what they use (coach review 8, M2): „zehn Kilo ist aber schon mehr, als wir
 * brauchen“, "that's more than we need"; the offer as the subject, not the customer's own over-ordering.
 */
const PRICE_R8 = String.raw`(?:das|es|dies|\d[\d.,]*\s*[a-zäöüß]+|(?:zehn|zwanzig|fünf|drei|zwei|hundert|fünfzig)\s+\S+|(?:die|der|das)\s+(?:mindestmenge|mindestabnahme|paket|minimum))\s+(?:ist|sind|wäre|wären)\s+(?:(?:aber|schon|doch|deutlich|viel|ja|halt|eigentlich|einfach|leider|ehrlich gesagt|für uns)\s+)*mehr,?\s+als\s+(?:ich|wir)\s+(?:\S+\s+)?(?:brauche|brauchen|verbrauche|verbrauchen|benötige|benötigen|loswerden|verkaufen|abnehmen)\b|(?:that's|that is|it's|it is|this is|that would be|the (?:minimum|package|bundle|plan) is)\s+(?:(?:way|much|a lot|far|honestly|just|still)\s+)*more than (?:we|i) (?:need|use|go through|sell|can use)\b`;
// --- Objections -------------------------------------------------------------------------

export const OBJECTION_RES: Record<ObjectionType, RegExp> = {
  price: rx(
    String.raw`\b(?:mehr,? als (?:ich|wir) (?:dachte|dachten|gedacht hatte|gedacht hatten|erwartet hatte|erwartet hatten)|(?:a lot |much |way )?more than (?:we(?:'re| are)?|i(?:'m| am)?) (?:pay|paying|spend|spending) (?:now|today|currently|at the moment)|(?:zu|ziemlich|recht|sehr|echt|schon|ganz schön|viel zu|deutlich zu) teuer|(?:das|es) (?:klingt|ist|wäre|scheint|wirkt) (?:\w+ ){0,2}teuer|preis (?:ist|liegt|wäre|scheint) (?:\w+ )?(?:zu hoch|hoch|happig|heftig|stolz|viel|über)|preislich|happig|kostspielig|mehr,? als (?:ich|wir) (?:erwartet|gedacht|geplant|eingeplant|gerechnet|im kopf)|more than (?:i|we) (?:expected|budgeted|planned|thought|had in mind)|(?:preis\w*|kosten|angebot|euro|betrag|summe)\b[^.?!]{0,40}\b(?:zu hoch|zu viel|happig|heftig|über unserem)|beim preis\b[^.?!]{0,20}\bentgegenkommen|(?:zu|viel zu) viel (?:geld|kosten)|kostet (?:uns )?(?:zu viel|ganz schön)|günstiger|billiger|rabatt\w*|nachlass|preisnachlass|too expensive|too (?:much|high|steep)|(?:price|pricing|cost|quote|number)\b[^.?!]{0,40}\b(?:too high|too much|steep|a lot)|price is (?:high|steep|a lot|too)|(?:pricing|price) (?:is|seems) (?:a bit )?(?:high|steep|a lot)|cheaper|(?:a|any|some|more|better|bigger|extra) discount(?!s? (?:over|above|beyond|of more than|greater than|bigger than|needs?|requires?|has to|must)\b)|discount\?|overpriced|(?:ist|wäre|sind|kostet|kosten|liegt|liegen) (?:\w+ ){0,3}mehr,? als (?:erwartet|gedacht|geplant|eingeplant)|(?:is|it's|that's|costs?|comes to) (?:\w+ ){0,3}more than expected|(?:\d[\d.,]*\s*(?:euros?|€|eur|dollars?|bucks|prozent|percent|%)|[€$]\s*\d[\d.,]*|preis|kosten|betrag|summe)\b[^.?!]{0,50}\b(?:echt|ziemlich|ganz schön|sehr|schon|recht|viel zu|zu|arg) viel\b(?! (?:umsatz|zeit|arbeit|aufwand|stunden))|(?:\d[\d.,]*\s*(?:euros?|dollars?|bucks|percent|%)|[€$]\s*\d[\d.,]*|price|increase|cost)\b[^.?!]{0,50}\b(?:is|are|seems|feels|would be) (?:a lot|quite a lot|too much|steep|a stretch)\b(?! (?:of time|of work|of hours))|(?:hat|haben|hätte|hätten|bietet|bieten|bot|boten)\b[^.?!]{0,60}?\d[\d.,]*\s*(?:euro|€|eur|cent|prozent|%|dollars?)?(?:\s+(?:pro|je|im|die|das|den|für|per)\s+\S+){0,2}\s+(?:angeboten|offeriert)|(?:bietet|bieten|bot|boten)\b[^.?!]{0,40}?(?:\d[\d.,]*\s*(?:euro|€|eur|prozent|%|dollars?)|[€$]\s*\d)[^.?!]{0,30}?\ban\b|(?:offered|quoted|quote|charging|charges|charge)\s+(?:us|me)\b[^.?!]{0,30}?(?:[$€£]\s*\d|\d[\d.,]*\s*(?:dollars?|euros?|pounds?|bucks|percent|%|a (?:seat|user|head|month|year)|per))|(?:tough|hard|difficult) sell|(?:can't|cannot|can not|hard to|difficult to|couldn't) justify|schwer (?:zu )?(?:rechtfertigen|vermitteln|begründen)|(?:kann|können) (?:ich|wir) (?:\w+ ){0,2}nicht (?:rechtfertigen|begründen)|${PRICE_MORE}|${PRICE_R5}|${PRICE_R6}|${PRICE_R7}|${PRICE_R8})\b`,
  ),
  budget: rx(
    String.raw`\b(?:kein(?:en)? budget|budget (?:ist|wäre|war) (?:\w+ )?(?:weg|aufgebraucht|verplant|erschöpft|ausgeschöpft|knapp|eingefroren|gestrichen|vergeben|nicht da)|nicht im budget|nicht eingeplant|kein geld|nicht leisten|budgetfreigabe|budget(?:s)? (?:sind|ist) (?:für dieses jahr|dieses jahr) (?:\w+ )?(?:weg|verplant|durch)|no budget|budget is (?:\w+ )?(?:tight|spent|gone|frozen|allocated|used up|locked)|(?:don't|do not) have (?:the |a |any )?budget|(?:not|isn't) in (?:the|our|this year's) budget|can't afford|cannot afford|budget freeze|no money|budgets? (?:are|is) (?:\w+ )?(?:set|closed|frozen)|more than (?:i|we)(?:'ve| have)? (?:got |have )?(?:left|remaining)|(?:all|what) (?:i|we)(?:'ve| have)? (?:got )?left (?:this|for the) (?:year|quarter)|(?:cut|cutting|slash|slashing|trim|trimming|reduce|reducing) (?:\S+ ){0,2}?(?:software|tool|tooling|vendor|saas|it|tech|licen[cs]e|subscription) (?:spend|spending|budgets?|costs)|(?:cut|cutting|slash|slashing|trim|trimming) (?:our|the|my) (?:\S+ )?(?:budgets?|spend|spending)|budgets? (?:was|were|got|has been|have been|is being) (?:\S+ )?(?:cut|slashed|reduced|trimmed|halved)|mehr,? als (?:ich|wir) (?:\S+ ){0,4}?(?:übrig|frei|zur verfügung) (?:habe|haben|hab)|(?:geld|budget|euro|€)\b[^.?!]{0,20}\b(?:übrig|im topf)|(?:budget\w*|ausgaben|softwareausgaben|it-ausgaben|softwarekosten|lizenzkosten|toolkosten) (?:\S+ ){0,4}(?:kürzen|gekürzt|senken|gesenkt|zusammenstreichen|zusammengestrichen|streichen|gestrichen|halbieren|halbiert)|(?:kürzen|senken|streichen|halbieren) (?:\S+ ){0,2}(?:das |unser |die |unsere |unseren )?(?:budget|ausgaben|softwareausgaben|it-budget)|${BUDGET_R5}|${BUDGET_R6})\b`,
  ),
  timing: rx(
    String.raw`\b(?:vor (?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|q[1-4]|ende des jahres|dem sommer) (?:wird|passiert|geht) (?:das |da )?(?:eh |sowieso |bestimmt )?(?:nix|nichts)|nothing (?:is going to |will |is gonna )?happen(?:s|ing)? (?:before|until) (?:q[1-4]|next \w+|january|february|march|april|may|june|july|august|september|october|november|december)|no new tools (?:this|until)|(?:budget|spending) freeze|(?:in|under|have|got|there's) (?:a |an )?hiring freeze|(?:kein guter|ein schlechter|nicht der richtige|nicht so ein guter|kein so guter) zeitpunkt|schlechter zeitpunkt|(?:jetzt|gerade|momentan) nicht(?!,?\s+(?:(?:Ihr|dein|euer|sein|ihr)\s+ernst|wahr|zu fassen|zu glauben)\b)|(?:passt|geht) (?:es |das )?(?:mir )?(?:gerade|grad|jetzt|momentan|heute) (?:gar |überhaupt |leider |eher |ganz )?(?:nicht|schlecht)|(?:hab|habe) (?:ich )?(?:gleich |schon )?in (?:\S+ )?(?:minuten|min) (?:einen|ein|eine|'nen|nen) (?:kunden|kundin|termin|meeting|besprechung|call|patienten|patientin)|(?:muss|müsste|möchte|will|würde) (?:mir|uns) (?:das|es|alles) (?:\S+ ){0,2}?in ruhe (?:anschauen|ansehen|durchlesen|überlegen|durchgehen|angucken)|(?:need|have|want|'d like|would like) to (?:think (?:about it|it over)|sleep on it)|(?:let me|I'll|I will) (?:think (?:about it|it over)|sleep on it)|nicht jetzt|(?:erst )?(?:im )?nächste[ns]? (?:jahr|quartal)|(?:keine|wenig|kaum) zeit|zu früh|andere prioritäten|(?:gerade|momentan) (?:zu )?viel (?:los|um die ohren)|nach (?:der|dem|unserer|unserem) (?:migration|umstellung|sommer|sommerpause|projekt|einführung|messe)|melden (?:Sie|du) sich (?:in|im) (?:ein paar|drei|sechs|\w+) (?:monaten|wochen|quartal)|${TIMING_MITTEN_R8}|(?:ist|bin|sind|sitzt|sitze|sitzen|steckt|stecke)\s+(?:\S+\s+)?(?:gerade|grad|gleich|aber|noch|momentan|jetzt|leider|schon)\s+(?:\S+\s+)?(?:in|im)\s+(?:einer\s+|einem\s+|der\s+|dem\s+|'nem\s+)?(?:besprechung|meeting|termin|telefonat|gespräch|call|sitzung|konferenz)|(?:muss|müssen)\s+(?:\S+\s+)?(?:gleich|sofort|jetzt)\s+(?:\S+\s+)?(?:in|zu)\s+(?:eine|einen|ein|die|den|das|der|dem)\s+(?:besprechung|meeting|termin|sitzung|call)|(?:about to|just about to|on my way to|heading (?:into|to)|(?:have|got|need) to (?:run|jump|hop|go) (?:to|into|on)|gotta (?:run|jump|hop) (?:to|into|on)|running (?:into|to)|jumping (?:into|on)|walking into|going into) (?:go (?:into|to) )?(?:a|another|my|the|an) (?:\S+ )?(?:meeting|call|appointment|session|presentation)|(?:i'm|i am|he's|he is|she's|she is|they're|they are) (?:\S+ )?(?:in|on) (?:a|an|another) (?:meeting|call)\b(?! (?:with you|about))|gleich (?:ein|einen) (?:meeting|termin|call)|(?:gerade|grad) (?:beschäftigt|im meeting|unterwegs|im auto)|in the middle of (?:something|a meeting)|(?:don't|do not) have (?:much |a lot of )?time|(?:bad|busy) moment|not a good time|isn't a good time|bad time|bad timing|not (?:right )?now|next (?:year|quarter)|no time|too busy|(?:other|different) priorities|revisit (?:this |it )?(?:later|in)|circle back|later this year|in a few months|swamped|after (?:the|our) (?:migration|rollout|summer|project|launch)|${TIMING_MORE}|${TIMING_R5}|${TIMING_R6}|${TIMING_R7}|${TIMING_QUICK_R8})\b`,
  ),
  competitor: rx(
    String.raw`\b(?:(?:schon|bereits) (?:einen |ein |eine )?(?:anderen |festen )?(?:anbieter|dienstleister|partner|agentur)|(?:schon|bereits) (?:einen |ein |eine )?(?:anderen|andere|anderes) (?:tool|system|lösung|software|programm)|(?:anderen?|anderer|kleineren?|günstigeren?) (?:anbieter|dienstleister|agentur|lösung)|angebote? (?:von|vom) (?:einem |einer |der |dem )?(?:anderen|wettbewerb\w*|konkurrenz|mitbewerber\w*)|(?:wettbewerb\w*|konkurrenz|mitbewerber\w*) (?:ist|sind|bietet|bieten|macht|hat|wäre)\b[^.?!]{0,30}\b(?:günstiger|billiger|besser|weniger)|vergleichen (?:gerade|noch|auch|das)|(?:arbeiten|arbeite|nutzen|nutze|haben|setzen)\b[^.?!]{0,30}\b(?:salesforce|hubspot|pipedrive|zoho|freshsales|gong|chorus|salesloft|outreach|close\.com|copper|teamleader|weclapp|centralstationcrm|monday|planday|personio|papershift|shiftbase|quinyx|deputy|intercom|zendesk|freshdesk|mailchimp|brevo|lexoffice|sevdesk|asana|jira|trello|clickup|notion|wix|squarespace|shopify|klaviyo|calendly|typeform|pendo|userpilot|appcues|walkme)|already (?:use|using|work with|working with) (?:a |an )?(?:vendor|provider|solution|tool|partner|system|agency)|already have (?:a |an )?(?:vendor|provider|partner|agency)|(?<!\b(?:add|adding|want|introduce|introducing|buy|buying|yet|juggle|juggling|pay for) )another (?:vendor|provider|agency|tool|solution)|other (?:vendors?|providers?|solutions?|tools?|agenc\w+)|(?:quote|offer|proposal) from (?:another|a competitor|a smaller|a cheaper)(?: vendor| provider| agency| company| supplier)?|competitors? (?:is|are|offers?|charges?)|comparing|(?:looking at|evaluating) (?:other|another|a few)|(?:use|using|with|on) (?:salesforce|hubspot|pipedrive|zoho|freshsales|gong|chorus|salesloft|outreach|close\.com|copper|teamleader|weclapp|centralstationcrm|monday|planday|personio|papershift|shiftbase|quinyx|deputy|intercom|zendesk|freshdesk|mailchimp|brevo|lexoffice|sevdesk|asana|jira|trello|clickup|notion|wix|squarespace|shopify|klaviyo|calendly|typeform|pendo|userpilot|appcues|walkme)|${COMPETITOR_MORE}|${COMPETITOR_R6}|${COMPETITOR_R7})\b`,
  ),
  status_quo: rx(
    String.raw`\b(?:(?:läuft|klappt|funktioniert)(?: (?:das|es|doch|eigentlich|bisher|so weit|soweit|alles|ja|im moment|bei uns|momentan|aktuell))* (?:gut|ganz gut|prima|okay|ok|super|ordentlich)|(?:sind|bin|waren)\b[^.?!]{0,60}\bzufrieden|brauchen wir (?:eigentlich )?nicht|kein (?:bedarf|interesse)|warum (?:sollte|sollten|soll) (?:ich|wir) (?:\S+ )?wechseln|why (?:would|should) (?:i|we) (?:\S+ )?(?:switch|change)|(?:ich|wir) (?:weiß|weiss|wissen),? was (?:ich|wir) (?:habe|haben|hab|an \S+ (?:habe|haben|hab))|(?:i|we) know what (?:i|we)(?:'ve| have)? got|(?:we|i) already have (?:\S+ ){0,3}?(?:in (?:every|all|each|our)|on (?:every|all|each)|installed|in place|covered|sorted)|wir haben (?:schon|bereits) (?:\S+ ){0,3}?(?:in (?:jedem|jeder|allen)|im einsatz|installiert)|(?:take|remove|put) (?:us|me) (?:off|from) (?:your|the) (?:\S+ )?list|(?:don't|do not) call (?:us|me|here) again|(?:nehmen|streichen|löschen) Sie (?:uns|mich) (?:\S+ )?(?:von|aus) (?:Ihrer|der) (?:\S+ )?liste|rufen Sie (?:hier |uns |mich )?(?:bitte )?nicht mehr an|excel reicht|reicht (?:uns|mir) (?:völlig|eigentlich|aus)|(?:haben|machen) wir (?:schon )?immer so|keinen (?:bedarf|grund|mehrwert)|never change a running system|(?:happy|fine|good|satisfied) with (?:what|our|the current|how|the way)|(?:works|working) (?:fine|well|okay|ok)|(?:we're|we are) (?:fine|good|okay|ok)(?: with| as is| for now)?|(?:don't|do not) (?:really )?need|not interested|no need|(?:spreadsheets?|excel) (?:works|is enough|does the job|is fine)|(?:always )?done it this way|ain't broke|(?:add|adding|want|introduce|introducing|yet|juggle|juggling|pay for) another (?:tool|subscription|system|app|login|platform|vendor)|another subscription|(?:not sure|unsure|don't know|do not know|not certain) (?:if |whether )?(?:we(?:'re| are|'ll| will)?|i(?:'m| am|'ll| will)?) (?:going to |gonna )?(?:renew|renewing|stay|staying|continue|continuing|extend|extending)|(?:won't|will not|not going to|aren't going to|might not|may not|probably won't|probably not going to) (?:be )?(?:renew|renewing|extend|extending|continue|continuing)|(?:thinking about|considering|planning to|plan to|going to|want to|looking to|decided to) (?:\S+ )?(?:cancel|cancelling|canceling|churn|terminate|terminating|leave you|leaving you|switch away)|(?:cancel|terminate) (?:our|the) (?:contract|subscription|account|licen[cs]es?|plan)|(?:überlegen|überlege|denken|denke)\b[^.?!]{0,40}\b(?:zu kündigen|kündigen|zu wechseln|aufzuhören|auszusteigen)|(?:wollen|werden|möchten|will|werde) (?:\S+ ){0,3}(?:kündigen|nicht (?:mehr )?verlängern)|(?:weiß|wissen) (?:\S+ ){0,2}nicht,? ob (?:wir|ich) (?:\S+ ){0,3}(?:verlängern|weitermachen|bleiben)|(?:nicht|kein\w*)\b[^.?!]{0,30}\b(?:noch (?:ein|eine|einen)|(?:ein|eine|einen) weitere[ns]?) (?:tool|abo|system|app|software|plattform|login)|${STATUS_QUO_MORE}|${STATUS_QUO_R5}|${STATUS_QUO_R6}|${STATUS_QUO_R7}|${STATUS_QUO_R8})\b`,
  ),
  authority: rx(
    String.raw`\b(?:entscheid(?:e|en) (?:ich|wir) (?:das )?nicht (?:allein|alleine)|(?:muss|müssen) (?:meine|mein|unser|unsere) \w+ (?:mit )?(?:drauf ?schauen|draufschauen|zustimmen|ja sagen)|mit (?:meiner|meinem) (?:mitgründerin|mitgründer|geschäftspartner\w*|partnerin|frau|mann) (?:\w+ ){0,2}(?:abstimmen|absprechen|besprechen)|run (?:this|it|that) (?:by|past) (?:our|my|the) (?:\w+ ){0,3}\w+|mit (?:meinem |meiner |dem |der |unserem |unserer )?(?:chef|chefin|geschäftsführer\w*|geschäftsführung|vorgesetzten|vorstand|einkauf|it|team|partner|inhaber\w*|kollegen|boss|cfo|ceo)\b.{0,40}?\b(?:absprechen|besprechen|klären|abstimmen|rücksprache)|(?:nicht|kann das nicht) (?:allein|alleine) entscheiden|nicht (?:meine|mein) entscheidung|entscheid(?:e|et|en) (?:am ende |letztlich )?(?:der|die|mein|meine|unser|unsere) (?:chef|chefin|geschäftsführer\w*|geschäftsführung|vorstand|einkauf)|rücksprache (?:halten|mit)|freigabe (?:vom|von der|durch)|(?:muss|müsste|müssen|soll)\b[^.?!]{0,40}\b(?:freigeben|absegnen|abnicken|zustimmen|gegenzeichnen)|(?:chef\w*|geschäftsführer\w*|geschäftsleitung|ceo|cfo|vorstand|inhaber\w*)\b[^.?!]{0,40}\b(?:freigeben|absegnen|zustimmen|entscheiden)|(?:run it|run this|check) (?:by|with) (?:my|our|the) (?:boss|manager|ceo|cfo|cto|team|procurement|legal|partner|vp|director|head)|(?:talk|speak) (?:to|with) (?:my|our|the) (?:boss|manager|ceo|cfo|team|procurement|partner|vp|director)|not (?:my decision|up to me|the one who decides|my call)|(?:take|bring) (?:this|it|that) (?:to|up with) (?:my|our|the) (?:\w+ ){0,2}(?:boss|manager|ceo|cfo|cto|coo|vp|director|head|board|procurement|legal|finance|partners?)|(?:need|needs) (?:sign-off|sign off|approval)|(?:my|our) (?:boss|ceo|cfo|vp|director) (?:decides|has to|needs to|would have to|makes)|(?:makes?|has|have|gets?) the (?:final|last) (?:call|say|word|decision)|(?:final|last) (?:call|say|word|decision) (?:is|lies|sits|rests) (?:with|on)|signs? off on|(?:has|have|needs?) to (?:sign|approve|sign off|okay|greenlight) (?:it|this|that|off|the (?:deal|contract|purchase|order|spend))|(?:i|we)(?:'ll|'d| will| would)? (?:\S+ )?(?:need|needs|have|has|got|gotta|must|want) to (?:talk|speak|check|discuss (?:it|this|that)|run (?:it|this|that)|go over (?:it|this|that)|sit down) (?:about (?:it|this|that) )?(?:to|with|by|past) (?!(?:you|u|y'all|your team)\b)\S+|(?:(?:muss|müsste|müssen|will|möchte|werde|würde|sollte)\s+(?:ich|wir)\s+(?:das|es|dies)|(?:ich|wir)\s+(?:muss|müsste|müssen|will|möchte|werde|würde|sollte)\s+(?:das|es|dies)|(?:das|es|dies)\s+(?:muss|müsste|müssen|will|möchte|werde|würde|sollte)\s+(?:ich|wir))\b[^.?!]{0,40}?\bmit\s+(?!(?:Ihnen|dir|euch|uns|mir)\b)[^.?!]{1,40}?\b(?:besprechen|absprechen|abstimmen|klären|durchsprechen|bereden|rücksprache halten)|(?:hat|haben)\b[^.?!]{0,30}?\bdas letzte wort|(?:muss|müssen|müsste)\b[^.?!]{0,30}\b(?:unterschreiben|unterzeichnen|abzeichnen)|${AUTHORITY_MORE}|${AUTHORITY_R5}|${AUTHORITY_R6}|${AUTHORITY_R7}|${AUTHORITY_R8})\b`,
  ),
  // A concern that the team will not take to the tool ("my site leads are not very techy",
  // "die Köche sind technisch nicht so fit", "nobody used it after a month"), not a past fact of a trial.
  adoption: rx(
    String.raw`\b(?:(?:not|aren't|are not|isn't) (?:\S+ )?(?:tech|technical|computer|digital|it) (?:people|persons?|folks|guys|types?)|keine (?:technik|computer|it)-?(?:menschen|leute|typen|experten)|(?:tried|used|had|bought|rolled out|tested) (?:\S+ ){0,4}?(?:software|tools?|systems?|apps?|platforms?|solutions?)\b[^.?!]{0,50}\b(?:disaster|nightmare|failure|flop|mess|waste of money|never worked|didn't work|did not work|went nowhere)|(?:software|tool|system|app|plattform|lösung|programm)\b[^.?!]{0,60}\b(?:ausprobiert|probiert|versucht|eingeführt|getestet|gekauft|gehabt)\b[^.?!]{0,40}\b(?:katastrophe|desaster|reinfall|flop|nicht funktioniert|nicht geklappt|ging schief|gescheitert|rausgeschmissenes geld)|(?:ausprobiert|probiert|versucht|eingeführt|getestet|gekauft|gehabt)\b[^.?!]{0,40}\b(?:war|wurde|das war) (?:\S+ )?(?:eine |ein )?(?:katastrophe|desaster|reinfall|flop)|(?:sorge|sorgen|bedenken|angst|bauchschmerzen)\b[^.?!]{0,30}\b(?:security|sicherheit|datenschutz|dsgvo|datensicherheit|it-sicherheit|compliance)|(?:worried|concerned|nervous|concerns?|worry)\b[^.?!]{0,30}\b(?:security|data privacy|privacy|gdpr|data protection|compliance)|(?:will|möchte|wollen|möchten) (?:\S+ )?kein(?:e|en)? (?:tool|system|software|app|anbieter|lösung)\b[^.?!]{0,30}\b(?:vollzugriff|vollen zugriff|zugriff auf|zugang zu)|(?:don't|do not) want (?:a |an |any )?(?:tool|system|vendor|app|third party)\b[^.?!]{0,30}\b(?:full access|access to)|not (?:very |that |so |particularly |super |really )?(?:techy|tech-savvy|tech savvy|computer-savvy|good with (?:computers|tech|technology))|(?:nobody|no one) (?:used|uses|will use|would use|is going to use) (?:it|them|the tool|the app|another tool) (?:after|anyway|again|in the end)|(?:won't|will not|wouldn't|aren't going to|are not going to) (?:actually )?(?:use|adopt) (?:it|another tool|a new tool|the app)|technisch (?:nicht (?:so |besonders |sehr )?|wenig )(?:fit|versiert|affin|begabt|bewandert)|nicht (?:so |besonders |sehr )?technikaffin|keine technik(?:freaks|fans|profis)|(?:nutzt|benutzt|verwendet) (?:das )?(?:bei uns |dann |am ende )?(?:eh |sowieso |doch )?(?:keiner|niemand)|(?:werden|würden) (?:das |so ein tool |eine app )?(?:eh |sowieso |nie |doch nicht |nicht )+(?:nutzen|benutzen|annehmen)|${ADOPTION_R5}|${SECURITY_CONCERN}|${ADOPTION_R6}|${ADOPTION_R7}|${ADOPTION_R8})\b`,
  ),
  send_material: rx(
    String.raw`\b(?:(?:schicken|schick) (?:Sie |du )?(?:mir|uns) (?:halt |mal |einfach |doch )*was (?:per )?(?:mail|e-mail)|(?:schicken|senden|mailen|schick|sende|schickt) (?:Sie |du |ihr )?(?:mir|uns) (?:doch |einfach |mal |gerne |bitte |vielleicht )*(?:ein paar |etwas |was |die |Ihre |eure |deine |eine |einen |mehr )?(?:unterlagen|infos|informationen|infomaterial|broschüre|präsentation|material|mail|e-mail|was|etwas|preisliste|preise|katalog|prospekt|flyer)|per (?:e-)?mail (?:schicken|senden|zukommen)|unterlagen (?:zu|zukommen|durchlesen|anschauen)|send (?:me|us|over) (?:some |the |a |an |your |more )?(?:info|information|material|materials|deck|brochure|something|details|overview|email|one-pager|pdf|case stud\w*|price ?list|price sheet|pricing|prices|rate card|catalog|catalogue)|(?:email|e-mail) me|shoot me an email|something in writing|(?:schicken|senden|schreiben|schick|schreib)\s+(?:Sie\s+|du\s+|ihr\s+)?(?:doch\s+|einfach\s+|mal\s+|gerne\s+|bitte\s+)*(?:eine\s+|ne\s+|'ne\s+)?(?:mail|e-mail|email|nachricht|unterlagen|infos)\s+an\b|(?:ich|wir)\s+(?:leite|leiten|gebe|geben)\s+(?:die|das|es|sie|diese|dies|alles)\s+(?:gerne?\s+|dann\s+|einfach\s+)?weiter|(?:leite|leiten|gebe|geben)\s+(?:ich|wir)\s+(?:die|das|es|sie|diese|dies|alles)\s+(?:gerne?\s+|dann\s+|einfach\s+)?weiter|(?:send|email|e-mail|drop)\s+(?:an? |the )?(?:email|note|message|something|it|details|info)\s+to\s+(?:info|sales|office|him|her|them|\S+@)|(?:I'll|I will|I can|we'll) (?:pass|forward) (?:it|that|this|them) (?:on|along)\b|${SEND_MATERIAL_R7})\b`,
  ),
};
/**
 * A timing objection about this very moment ("Ich habe gleich noch einen Termin", "Ich muss jetzt
 * gleich in meinen Kurs", "I'm about to go into a meeting", "not a good time"): a brush-off of the
 * call, answered with an acknowledgement and a time to call back, not with what waiting costs.
 */
export const BUSY_NOW_RE = rx(
  String.raw`\b(?:(?:gerade|grad|jetzt|momentan|im moment)\s+(?:(?:ganz|echt|total|wirklich|eher|sehr|leider|ziemlich|gar|überhaupt|eh|halt|einfach)\s+)*(?:schlecht|ungünstig|blöd|doof)|(?:passt|passts|passt's)(?:\s+(?:es|das|mir|uns))*\s+(?:gerade|grad|jetzt|heute|im moment)\s+(?:(?:ganz|echt|total|wirklich|eher|leider|ziemlich|gar|überhaupt|eh|halt|einfach)\s+)*(?:nicht|schlecht)|gleich|sofort|in (?:\S+ )?(?:minuten|min|minutes?|mins?|seconds?)|about to|just about to|on my way|heading (?:into|to)|running (?:into|to)|walking into|going into|jumping (?:into|on)|gotta (?:run|go|jump|hop|dash)|got to (?:run|go)|have to (?:run|go|jump|hop|dash)|need to (?:run|dash|jump|hop off|head out|hang up)|in the middle of|mitten (?:in|im)|(?:make|keep) it (?:quick|short|brief|fast|snappy)|(?:mach|macht|machen Sie)(?:'s| es| das)? (?:\S+ )?kurz|(?:fass|fassen Sie) (?:dich|sich) (?:\S+ )?kurz|(?:gerade|grad|jetzt|momentan|im moment|right now)\b[^.?!]{0,30}\b(?:besprechung|meeting|termin|call|telefonat|beschäftigt|unterwegs|im auto|busy|driving)|(?:bin|sind|ist|i'm|i am|we're|he's|she's) (?:\S+ )?(?:in|im|on) (?:a |an |another |einer |einem |'nem )?(?:meeting|call|besprechung|termin|telefonat|sitzung)|not a good time|isn't a good time|bad time|(?:bad|busy) moment|too busy|swamped|schlechter zeitpunkt|kein guter zeitpunkt|passt (?:es |das )?(?:mir )?(?:gerade|grad|jetzt|heute) (?:gar |überhaupt |leider |eher |ganz )?(?:nicht|schlecht)|(?:muss|müssen) (?:\S+ ){0,3}?(?:los|weg))\b`,
);
/** The objections whose numbers are a price or a quote, never the impact of a problem. */
export const PRICE_NUMBER_RES = [OBJECTION_RES.price, OBJECTION_RES.budget, OBJECTION_RES.competitor] as const;
/** Reported speech of a third party ("one said they're looking at other 3PLs", "ein Kunde hat gesagt, sie schauen sich um"). */
export const THIRD_PARTY_REPORT_RE = rx(
  String.raw`\b(?:(?:one|some|two|three|several|many|most|a few|a couple) (?:of (?:them|our \w+|the \w+) )?|(?:a|one|our|the|another) (?:client|customer|brand|account|partner)s? |(?:clients|customers|they|he|she) )(?:said|say|says|told (?:us|me)|mentioned|threaten\w*|warned)\b|\b(?:ein(?:er|e)?|manche|einige|viele|zwei|drei) (?:\S+ )?(?:kunden?|kundin|mandant\w*|auftraggeber\w*)? ?(?:hat|haben|hätte) (?:\S+ )?(?:gesagt|gemeint|angedeutet|gedroht)|(?:ein(?:er|e)? (?:unserer|von unseren) \S+|der kunde|die kundin|kunden) (?:sagt|sagen|sagte|sagten|meinte|meinten|droht|drohen)`,
);
/** A goal with a date ("she wants chargebacks cut in half next year", "Ziel ist, die Fehler nächstes Jahr zu halbieren"): no timing objection. */
export const GOAL_RE = rx(
  String.raw`\b(?:wants?|needs?|expects?|goal|target|aim\w*|plan\w*|ziel\w*|will|möchte|soll|sollen)\b[^.?!]{0,50}\b(?:cut|cuts|reduce[ds]?|halve[ds]?|in half|double[ds]?|grow|increase[ds]?|lower(?:ed)?|improve[ds]?|down|senken|gesenkt|halbieren|halbiert|verdoppeln|reduzieren|reduziert|steigern|erhöhen|runter)\b`,
);

/**
 * A product named after "we already use", "we're looking at", "wir nutzen schon", "wir schauen uns
 * auch … an", "Angebot von": the capitalised word that follows (case-sensitive). German
 * capitalises every noun, so a German name needs more: an inner capital, digit or dot
 * ("PlanRadar", "Bill.com"), or a word that is neither a generic tool nor a noun by its ending
 * ("Shopware" yes; "Papierlisten", "Software", "Vorlagen" no).
 */
const COMPETITOR_PHRASE_EN_RE =
  /\b(?:(?:currently|already|still)\s+(?:using|use|on|with|working with|work with)|(?:[Ww]e|I)(?:'re| are|'ve been| have been|'m| am)?\s+(?:(?:already|currently|also|still|now|actually)\s+)*(?:use|using|looking at|evaluating|trialing|trialling|testing|piloting|signed with|switching to|moving to|comparing you (?:to|with)|resell|reselling|partner with|are partnered with)|(?:quote|offer|proposal|pitch|demo|trial|presentation|rep|salesperson|call) (?:from|with|by))\s+([A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)?(?:['’]s\b)?)/g;
const COMPETITOR_PHRASE_DE_RE =
  /(?:\b(?:[Ww]ir|[Ii]ch)\s+(?:nutzen|nutze|verwenden|verwende|benutzen|benutze|arbeiten mit|arbeite mit|testen|teste|sind bei)|\b(?:[Nn]utzen|[Vv]erwenden|[Bb]enutzen|[Aa]rbeiten|[Tt]esten)\s+wir(?:\s+mit)?|\b(?:[Ww]ir\s+)?schauen\s+uns|\b(?:[Aa]ngebot|[Dd]emo|[Pp]räsentation|[Vv]ertreter|[Vv]ertreterin|[Vv]ertriebler|[Vv]erkäufer|[Tt]estzugang|[Oo]fferte)\s+(?:von|vom|bei))\s+(?:(?:schon|bereits|aktuell|derzeit|zurzeit|momentan|gerade|grad|auch|noch|ja|eigentlich|aber|ebenfalls|parallel|zusätzlich|gleichzeitig|daneben|außerdem|ausserdem|übrigens|halt|eh|doch|nämlich|ehrlich gesagt|seit\s+\S+\s+\S+|seit\s+\S+|mit)\s+)*([A-ZÄÖÜ][\p{L}\d.&-]*(?:['’]s\b)?)/gu;
/** The perfect tense: "wir haben uns auch Kubecost angeschaut", "ich hab mir Personio angesehen", "we've looked at Kubecost". */
const COMPETITOR_PERFECT_DE_RE =
  /(?:\b[Ww]ir\s+haben\s+uns|\b[Hh]aben\s+wir\s+uns|\b[Ii]ch\s+hab[e]?\s+mir|\b[Hh]ab[e]?\s+ich\s+mir)\s+(?:(?:schon|bereits|auch|noch|mal|ja|eigentlich|gerade|kürzlich|vor\s+kurzem)\s+)*([A-ZÄÖÜ][\p{L}\d.&-]*)(?=[^.?!]{0,40}?(?:angeschaut|angesehen|angeguckt|getestet|ausprobiert|vorführen\s+lassen|zeigen\s+lassen)\b)/gu;
const COMPETITOR_PERFECT_EN_RE = /\b(?:[Ww]e|I)(?:'ve|\s+have)?\s+(?:(?:also|already|just|recently)\s+)*(?:looked at|evaluated|tested|trialed|trialled|demoed|piloted)\s+([A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)?)/g;
/** A named vendor offering a price ("Mewa hat uns 3,60 angeboten", "Acme quoted us $40 a seat"); not after an article ("Der Vertreter hat uns …"). */
const COMPETITOR_OFFER_EN_RE = /(?<!\b(?:[Tt]he|[Oo]ur|[Mm]y|[Aa]n?)\s)\b([A-Z][\w.&-]*)\s+(?:(?:has|have|just|already)\s+)?(?:offered|quoted|pitched)\s+(?:us|me)\b/g;
const COMPETITOR_OFFER_DE_RE =
  /(?<!\b(?:[Dd]er|[Dd]ie|[Dd]as|[Dd]en|[Dd]em|[Ee]in|[Ee]ine|[Ee]inen|[Uu]nser|[Uu]nsere|[Mm]ein|[Mm]eine)\s)(?<![\p{L}])([A-ZÄÖÜ][\p{L}\d.&-]*)\s+(?:hat|haben|bietet|bieten|bot|boten)\s+(?:uns|mir)\b[^.?!]{0,40}?\b(?:angeboten|an)\b/gu;
/**
 * Where the customer already buys (coach review 8, M3): "We already buy our wines from Vinport", „Wir
 * beziehen unseren Kaffee schon von Kessler“; "already" or "currently" is needed, a supplier of
 * something else ("we buy our parts from Bosch") is context.
 */
const COMPETITOR_BUY_EN_RE =
  /\b(?:[Ww]e|I)(?:'re| are)?\s+(?:(?:actually|also|all|still|mostly)\s+)*(?:already|currently)\s+(?:(?:actually|also|all|still|mostly)\s+)*(?:buy|buying|order|ordering|get|getting|source|sourcing|purchase|purchasing)\s+(?:(?:our|my|all|the|most|of|everything|it|them|[a-z]+)\s+){0,3}?(?:from|through|via|with)\s+([A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)?)/g;
const COMPETITOR_BUY_DE_RE =
  /\b(?:[Ww]ir|[Ii]ch)\s+(?:kaufen|kaufe|beziehen|beziehe|bestellen|bestelle)\s+(?:\S+\s+){0,3}?(?:schon|bereits|aktuell|derzeit|seit)\s+(?:\S+\s+){0,3}?(?:bei|von|über)\s+(?:(?:der|dem|den)\s+)?(?:Firma\s+)?([A-ZÄÖÜ][\p{L}\d.&-]*)/gu;
/** "Die Firma Lichtblick Dachtechnik hat uns 71.000 angeboten", "The company Acme quoted us": a named vendor after "Firma"/"company" (coach review 8, M3). */
const COMPETITOR_FIRM_OFFER_RE =
  /\b(?:[Dd]ie\s+)?(?:[Ff]irma|[Tt]he\s+company|[Tt]he\s+firm|[Aa]\s+company\s+called)\s+([A-ZÄÖÜ][\p{L}\d.&-]*)(?:\s+[A-ZÄÖÜ][\p{L}\d.&-]*){0,2}\s+(?:(?:hat|haben|has|have|just|already|schon|bereits)\s+)?(?:(?:uns|mir)\s+(?:[^.?!]|\.(?=\d)){0,40}?\b(?:angeboten|offeriert|gemacht)|(?:offered|quoted|pitched)\s+(?:us|me))\b|\b(?:[Dd]ie\s+)?[Ff]irma\s+([A-ZÄÖÜ][\p{L}\d.&-]*)(?:\s+[A-ZÄÖÜ][\p{L}\d.&-]*){0,2}\s+(?:bietet|bieten|bot)\s+(?:uns|mir)\b(?:[^.?!]|\.(?=\d)){0,40}?\ban\b/gu;
const NOT_COMPETITOR = new Set([
  'They', 'He', 'She', 'We', 'You', 'Er', 'Es', 'Wir', 'Man', 'Jemand', 'Someone', 'Somebody', 'Everyone',
  'I', 'Excel', 'Google', 'Sheets', 'Outlook', 'Word', 'Slack', 'Teams', 'Zoom', 'Gmail', 'Office', 'Microsoft', 'WhatsApp',
  'Dropbox', 'Email', 'E-Mail', 'E-Mails', 'Mail', 'Mails', 'Paper', 'Papier', 'Zettel', 'The', 'This', 'That', 'These', 'Those',
  'It', 'Our', 'My', 'Your', 'A', 'An', 'Some', 'Mr', 'Mrs', 'Ms', 'Dr', 'Herr', 'Herrn', 'Frau', 'Monday', 'Tuesday', 'Wednesday',
  'Thursday', 'Friday', 'Saturday', 'Sunday', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag',
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
  'Januar', 'Februar', 'März', 'Mai', 'Juni', 'Juli', 'Oktober', 'Dezember', 'Christmas', 'Easter', 'Weihnachten', 'Ostern',
  'Software', 'Hardware', 'Tool', 'Tools', 'System', 'Systeme', 'Systemen', 'Programm', 'Programme', 'Lösung', 'Lösungen',
  'Listen', 'Liste', 'Tabellen', 'Tabelle', 'Vorlagen', 'Vorlage', 'Ordner', 'Telefon', 'Kalender', 'Whiteboard', 'Stift',
  'Sie', 'Ihnen', 'Ihr', 'Ihre', 'Ihren', 'Ihrem', 'Ihrer', 'Ihres', 'Dich', 'Dir', 'Euch', 'Dein', 'Deine', 'Euer', 'Eure', 'Apps', 'App',
  'Zeit', 'Mühe', 'Kunden', 'Leute', 'Mitarbeiter', 'Daten', 'Dateien', 'Datei', 'Anbieter', 'Partner', 'Dienstleister', 'Agentur',
]);
/** German noun endings: a capitalised word with one of these is a noun, not a product name. */
const GERMAN_NOUN_END_RE = /(?:ung|ungen|heit|heiten|keit|keiten|schaft|schaften|tion|tionen|liste|listen|tabelle|tabellen|zettel|ordner|programm|programme|system|systeme|lösung|lösungen|vorlage|vorlagen|papier|datei|dateien|mails?|buch|bücher|blatt|blätter|bogen|karte|karten|plan|pläne|dienst|dienste|anbieter|partner|firma|firmen|leute|kunden|mitarbeiter|team|teams|zeit|sache|sachen|nummer|nummern|telefon|gruppe|gruppen|ansatz|prozess|prozesse|weg|wege|en|ern)$/;

function productName(name: string, german: boolean): boolean {
  // "Sarah's numbers" is a person's; "WhatsApp-Gruppen", "Excel-Tabellen" are judged by both parts.
  if (/['’]s$/.test(name)) return false;
  const word = name.split(/\s+/)[0].replace(/[.&-]+$/, '');
  const parts = word.split('-');
  if (parts.length > 1) return parts.every((p) => p !== '' && productName(p, german)) || (productName(parts[0], german) && !german);
  if (!word || NOT_COMPETITOR.has(word) || /^Q[1-4]$/.test(word)) return false;
  if (/^\p{Lu}\p{Ll}+\p{Lu}|\d|\.\p{L}/u.test(word)) return true;
  if (!german) return true;
  return word.length >= 4 && !GERMAN_NOUN_END_RE.test(word.toLowerCase());
}

/** The customer names a product they use or consider ("we already use Cognism", "wir nutzen schon PlanRadar"). */
export function namesCompetitor(text: string): boolean {
  for (const [re, german] of [[COMPETITOR_PHRASE_EN_RE, false], [COMPETITOR_PHRASE_DE_RE, true], [COMPETITOR_PERFECT_EN_RE, false], [COMPETITOR_PERFECT_DE_RE, true], [COMPETITOR_OFFER_EN_RE, false], [COMPETITOR_OFFER_DE_RE, true], [COMPETITOR_BUY_EN_RE, false], [COMPETITOR_BUY_DE_RE, true], [COMPETITOR_FIRM_OFFER_RE, false]] as const) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) if (productName(m[1] ?? m[2], german)) return true;
  }
  return false;
}
/** The rep connects to a platform ("we integrate with Shopify, Etsy …", „mit Schnittstelle zu DATEV“, "works with both"). */
export const INTEGRATION_RE = rx(
  String.raw`\b(?:integrat\w*|integrier\w*|schnittstelle\w*|anbindung\w*|angebunden|anbinden|connect(?:s|ed|ion)? (?:to|with)|works? (?:with|on|alongside)|plugs? (?:into|in to)|syncs? (?:with|to)|compatible with|kompatibel mit|(?:verbinden|verbunden|läuft|laufen|funktioniert) mit)\b`,
);
const CAPITALISED_RE = /(?<=\s)[A-ZÄÖÜ][\p{L}\d.&-]*[\p{L}\d]/gu;
/**
 * The products the customer names are all platforms the rep integrates with ("We're on Shopify and
 * Etsy" after "we integrate with Shopify, Etsy, WooCommerce …", or answered with "we integrate with
 * both"): where the customer sells or works, context and no competitor. `repText`: the rep's
 * sentences that name integrations, up to the reply.
 */
export function onlyIntegratedPlatforms(text: string, repText: string, replyIntegrates: boolean): boolean {
  const german = /[äöüß]|\b(?:wir|ich|und|sind|bei|mit)\b/.test(text);
  const names = (text.match(CAPITALISED_RE) ?? []).filter((w) => productName(w, german));
  if (names.length === 0) return false;
  if (replyIntegrates) return true;
  return names.every((w) => new RegExp(`(?<![\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(repText));
}
/**
 * An adoption concern phrased as a sentence about the team and a new tool ("ich will nicht nochmal
 * ein System, das die Aushilfen nicht kapieren", "my guys won't figure out another app"): people
 * of the customer's team, a coping verb with a negation, and either a new tool ("nochmal ein
 * System", "another app") or a future negation ("won't", "werden … nicht"). A fact about today's
 * tool ("die Fahrer verstehen die Touren nicht") is a pain, not this.
 */
const ADOPTION_PEOPLE_RE = rx(
  String.raw`\b(?:leute|mitarbeiter\w*|aushilfen|kollegen|kolleginnen|team|fahrer|monteure|azubis|jungs|mädels|personal|belegschaft|älteren|staff|team|people|guys|folks|drivers|temps|techs|technicians|nurses|crew|employees|users|reps|workers)\b`,
);
const ADOPTION_COPE_RE = rx(
  String.raw`\b(?:(?:nicht|nie|kaum|never|not)\s+(?:\S+\s+){0,2}?(?:kapieren|kapiert|checken|checkt|verstehen|versteht|klarkommen|zurechtkommen|zurechtfinden|lernen|hinkriegen|bedienen|annehmen|nutzen|benutzen|get|figure|learn|understand|cope|manage|handle|use|adopt)|(?:kapieren|kapiert|checken|checkt|verstehen|versteht|kommen|lernen|bedienen|nutzen|benutzen)\s+(?:\S+\s+){0,3}?(?:nicht|nie|eh nicht|sowieso nicht)|(?:won't|wouldn't|can't|cannot|couldn't|don't|aren't going to|will never|would never)\s+(?:\S+\s+)?(?:get|figure|learn|understand|cope|manage|handle|use|adopt|bother)|überfordert|overwhelmed)\b`,
);
const ADOPTION_NEW_RE = rx(
  String.raw`\b(?:(?:noch ?mal|nochmal|schon wieder|wieder|noch|k?ein neues|k?eine neue|k?einen neuen|ein weiteres|eine weitere|another|a new|yet another|new)\s+(?:\S+\s+)?(?:system|tool|app|software|programm|kasse|plattform|lösung|login|platform)|won't|will not|wouldn't|will never|aren't going to|are not going to|werden|würden|wird|würde)\b`,
);
/** The sentence voices a concern that the team will not take to a new tool (ADOPTION_* above). */
export function adoptionConcern(text: string): boolean {
  return ADOPTION_PEOPLE_RE.test(text) && ADOPTION_COPE_RE.test(text) && ADOPTION_NEW_RE.test(text);
}
/** Negated objection phrases ("gar nicht so teuer", "not that expensive"). */
export const OBJECTION_NEGATION_RE = rx(
  String.raw`\b(?:nicht (?:so |zu |besonders |allzu )?teuer|gar nicht teuer|not (?:that |too |so |very )?expensive|isn't expensive|kein (?:problem|thema) mit dem preis)\b`,
  'gi',
);

/**
 * Someone else's lack of time for their work ("Die Köche haben im Service keine Zeit, am Tablet
 * rumzutippen", "our drivers don't have time to fill in forms"): a problem of the customer's
 * team, not a brush-off of this call. The speaker's own "ich/wir habe(n) keine Zeit" and a third
 * party with no time for the offer itself ("Mein Chef hat keine Zeit für eine Demo") stay timing.
 */
export const THIRD_PARTY_NO_TIME_RE = rx(
  String.raw`\b(?:(?:die|der|das|unsere?|meine?|deren|dessen|viele|alle|manche)\s+(?:[\wäöüß-]+\s+){0,2}(?:haben|hat|hätten|hätte)|die\s+haben|(?:they|he|she|(?:the|our|my|most|many|all)\s+(?:[\w-]+\s+){0,2}(?:\w+s|staff|team|crew|people)\b)\s+(?:just\s+|simply\s+|really\s+)?(?:don't|do not|doesn't|does not|never)\s+(?:\w+\s+)?have)\s+(?:[\wäöüß-]+\s+){0,4}?(?:keine|kaum|wenig|no|the|any|enough|much)?\s*(?:zeit|time)\b`,
);
/**
 * No time for a task of their own ("Aber wir haben keine Zeit, das mal richtig zu analysieren",
 * "we don't have time to clean up the data"): a pain, not a brush-off of this call, unless the task
 * is looking at the offer or meeting (OFFER_TIME_RE: "keine Zeit, uns das anzuschauen").
 */
export const NO_TIME_TO_RE = rx(
  String.raw`\b(?:(?:keine|wenig|kaum|nicht genug) zeit,?\s+(?:um\s+)?(?:[^\s.?!,]+\s+){0,6}?(?:zu\s+[^\s.?!,]+|[^\s.?!,]+zu[^\s.?!,]+en)|(?:don't|do not|never|didn't) have (?:the |much |any |enough )?time to\s+[^\s.?!,]+(?:\s+[^\s.?!,]+){0,3})`,
);
/**
 * Asking to pitch after an objection ("Verstehe, aber darf ich Ihnen trotzdem kurz erklären, was wir
 * anders machen?", "can I just show you the pricing?"): pushes on, explores nothing; a defence.
 */
export const PUSH_PITCH_RE = rx(
  String.raw`\b(?:(?:darf|kann|könnte|dürfte) ich (?:Ihnen|dir|euch) (?:\S+ ){0,3}?(?:erklären|zeigen|erzählen|vorstellen|präsentieren|vorführen)|(?:can|could|may) I (?:just |quickly |still |at least )*(?:show|tell|walk|explain|pitch|demo)\b|let me (?:just |quickly |at least )*(?:show|tell|explain|walk))\b`,
);
/**
 * A hard no: the customer declines the conversation itself ("Nee, kein Interesse.", "Please take us
 * off your list.", "Rufen Sie hier bitte nicht mehr an."). The line after it acknowledges and asks
 * one question about today's set-up, or respects the opt-out; it never proposes a meeting slot.
 */
export const HARD_NO_RE = rx(
  String.raw`\b(?:kein interesse|nicht interessiert|not interested|no interest|no thanks|nein danke|(?:take|remove|put) (?:us|me) (?:off|from) (?:your|the) (?:\S+ )?list|(?:don't|do not) call (?:us|me|here) again|(?:nehmen|streichen|löschen) Sie (?:uns|mich) (?:\S+ )?(?:von|aus) (?:Ihrer|der) (?:\S+ )?liste|rufen Sie (?:hier |uns |mich )?(?:bitte )?nicht mehr an)\b`,
);
/** … unless that time is for the offer, a meeting or a look at it. */
export const OFFER_TIME_RE = rx(
  String.raw`\b(?:anzuschauen|anschauen|ansehen|anzusehen|reinschauen|termin\w*|demo\w*|gespräch\w*|meeting\w*|call|calls|treffen|präsentation|look at|looking at|meet|meeting|talk|this|dafür|für so ?was|for that)\b(?<!\bto calls?)`,
);

/** The rep acknowledges what the customer said. */
/**
 * Acknowledgements in other words (coach review 6, F-17, F-9): "I'm glad you told me that", „Schön, dass
 * Sie das ansprechen“, and for a brush-off „dann halte ich dich nicht auf“, "I won't keep you".
 */
const ACK_R6 = String.raw`glad (?:you |that you )?(?:told|tell|said|say|shared|share|asked|ask|flagged|flag|brought (?:that|this|it) up|let me know)|(?:schön|gut|prima|super),? dass (?:Sie|du|ihr) (?:\S+ ){0,3}?(?:sagen|sagst|sagt|ansprechen|ansprichst|ansprecht|erwähnen|erwähnst|fragen|fragst)|danke (?:Ihnen |dir |euch )?für (?:den hinweis|die info|die offenen worte)|thanks for (?:letting me know|the heads-?up|being (?:so )?(?:open|upfront|honest|straight))|(?:dann )?(?:halte|halt|halten) (?:ich|wir) (?:Sie|dich|euch) (?:\S+ )?nicht (?:länger |weiter )?auf|(?:I|we) won't keep you|(?:I'll|I will|let me) let you (?:go|get back to it)|don't (?:want to )?keep you`;
export const ACK_RE = rx(
  String.raw`\b(?:${ACK_R6}|verstehe|verstanden|understood|verständlich|nachvollziehbar|berechtigt\w*|gute frage|guter punkt|gut, dass|danke, dass|danke für (?:die|Ihre|deine|eure) (?:offenheit|ehrlichkeit|rückmeldung)|kann ich (?:gut |sehr gut |total |absolut |voll )?(?:nachvollziehen|verstehen)|(?:ich kann|wir können) (?:\S+ ){0,2}?(?:nachvollziehen|verstehen)|(?:das|so) sehe ich (?:auch|genauso|ähnlich|ganz genauso)|sehe ich (?:auch|genauso) so|i can (?:totally |completely |fully |really )?(?:understand|see why|see that|see how)|i see (?:that|it) (?:too|the same way)|i (?:totally |completely )?(?:agree|get why)|(?:that's|that is) (?:a )?(?:real|valid|fair|legitimate|big|important) (?:concern|point|question|worry)|glad you (?:raised|mentioned|brought)|das höre ich (?:öfter|oft|häufig)|klingt (?:so|danach), als|absolut|fair|i understand|understandable|makes sense|i hear you|i get (?:it|that)|good (?:question|point)|thanks for (?:being|sharing|raising|telling|saying|mentioning|the honesty)|good to (?:hear|know)|gut zu wissen|freut mich zu hören|appreciate|that's fair|fair enough|sounds like|it seems like|totally get)\b`,
);
/**
 * Feel, felt, found after the acknowledgement: others saw it the same way at first ("Die Kantine bei
 * Hella hat das am Anfang ganz genauso gesehen", „Andere Agenturen haben am Anfang genau das Gleiche
 * gedacht wie du“, "a lot of our customers felt the same way", "they had exactly the same concern") …
 */
export const FELT_RE = rx(
  String.raw`\b(?:(?:hat|haben|hatte|hatten|ging|gingen|sah|sahen) (?:\S+ ){0,6}?(?:genauso|ganz genauso|ähnlich|auch so|genau so|genau gleich|ganz gleich|exakt gleich) (?:gesehen|empfunden|gedacht|gesagt|erlebt|gegangen)|(?:hat|haben|hatte|hatten) (?:\S+ ){0,5}?(?:genau |ganz genau )?(?:das gleiche|dasselbe|das selbe|dieselben bedenken|die gleichen bedenken|die gleiche sorge|dieselbe sorge) (?:gedacht|gesagt|gesehen|befürchtet|empfunden|erlebt|gehabt)|(?:ging|geht) es (?:\S+ ){0,3}?(?:genauso|ähnlich)|(?:felt|thought|saw (?:it|this|that)|said) (?:\S+ ){0,2}?(?:exactly )?the same(?: way| thing)?|felt (?:just )?like that|(?:had|have had|raised) (?:exactly |just )?the same (?:concern|worry|worries|doubts?|reservations?|thought|question))\b`,
);
/** … and what they found ("Festgestellt haben sie dann …", "What they found was …"). */
export const FOUND_RE = rx(
  String.raw`\b(?:festgestellt|herausgefunden|gemerkt|gesehen,? dass|erlebt,? dass|found|discovered|realized|realised|learned|noticed)\b`,
);
/**
 * The rep argues back instead of exploring; against a competitor, argues the competitor down
 * ("Asana ist ein gutes Tool, aber halt nicht für Agenturen gemacht", "Clockify ist auch okay, aber …",
 * "a good tool, but not built for agencies").
 */
/** "Spacebase ist nicht schlecht, aber die sind eigentlich für große Bürogebäude gemacht, nicht für Coworkings", "X is not bad, but it's built for enterprises, not for you" (coach review 6, F-2). */
const DEFENSE_R6 = String.raw`^\W*(?:right|sure|true|okay|ok|klar|stimmt|schon|mag sein|richtig),? (?:but|aber)\b|\b(?:(?:ist|sind|is|are|'s|'re) (?:auch |ja |schon |also |gar |really |actually |honestly )?(?:nicht schlecht|not bad|gut|good|solid|okay|ok|fine),? (?:aber|but)|für (?:\S+ ){1,3}(?:gemacht|gebaut|ausgelegt|gedacht),? (?:und )?(?:aber )?nicht (?:für|auf)|(?:made|built|designed) for (?:\S+ ){1,3}(?:not|rather than) (?:for )?)\b`;
export const DEFENSE_RE = rx(
  String.raw`${DEFENSE_R6}|(?:^\s*(?:aber|but|actually|eigentlich|nein|no|naja|well,? actually)\b|\b(?:ja,? aber|yes,? but|verstehe,? aber|i understand,? but|unser preis ist|unsere preise sind|our price is|our pricing is|(?:wirklich|absolut|definitiv|total) (?:nicht teuer|fair|günstig|wettbewerbsfähig|preiswert)|(?:really|absolutely|definitely|very|extremely|super) (?:not expensive|fair|worth it|competitive)|günstiger als|billiger als|cheaper than|besser als|better than|the best on the market|der beste am markt|das stimmt (?:so )?nicht|that's not (?:true|right|correct)|rechnet sich (?:sofort|schnell|garantiert)|pays for itself|lohnt sich (?:auf jeden fall|garantiert|immer)|wir sind (?:nicht|gar nicht) teuer|we're not expensive|competitively priced|(?:preislich|vom preis her) (?:\w+ )?(?:super|sehr gut|gut|fair) aufgestellt|(?:our |unsere )?(?:prices|pricing|preise) (?:went up|have gone up|increased|sind gestiegen|steigen) (?:\w+ ){0,5}(?:because|weil)|(?:ein |eine |a |an )?(?:gutes|guter|gute|solides|solider|solide|good|great|solid|nice|decent) (?:tool|werkzeug|produkt|system|programm|software|app|lösung|product|solution),? (?:aber|but)|(?:ist|is) (?:auch |ja |schon |also )?(?:okay|ok|fine|nett|ganz nett|in ordnung),? (?:aber|but)|nicht (?:für|auf) (?:\S+ ){1,2}(?:gemacht|gebaut|ausgelegt|gedacht)|not (?:made|built|designed) for)\b)`,
);
/** The rep offers to send material instead of exploring ("Soll ich Ihnen Unterlagen schicken?", "I'll send over some info"). */
/** "Would it be okay if I send you one email …?", „Wäre es okay, wenn ich Ihnen eine Mail schicke?“ (coach review 7, M9). */
const OFFER_MATERIAL_R7 = String.raw`(?:(?:would it be|would that be|is it|is that) (?:\S+ )?(?:okay|ok|alright|all right|fine),? if I|(?:do|would) you mind if I) (?:just )?(?:send|email|e-mail|shoot|drop) (?:you|over) (?:\S+ ){0,3}?(?:email|e-mail|mail|note|message|line|info|information|material|materials|deck|brochure|one-pager|pdf|case stud\w*)\b|(?:wäre es|ist es|wär's|wärs) (?:\S+ )?(?:okay|ok|in ordnung|recht),? wenn ich (?:Ihnen|dir|euch) (?:\S+ ){0,3}?(?:mail|e-mail|unterlagen|infos|informationen|infomaterial|broschüre|präsentation)\b[^.?!]{0,20}?\b(?:schicke|sende|maile|zukommen lasse|rüberschicke)`;
export const OFFER_MATERIAL_RE = rx(
  String.raw`\b(?:${OFFER_MATERIAL_R7}|(?:I|we) (?:could |can |'ll |will |would |might )?(?:just )?(?:send|sent|email|e-mail|emailed|shoot|shot|forward|drop|dropped) (?:you|over) (?:\w+ ){0,3}(?:info|information|material|materials|deck|brochure|one-pager|pdf|case stud\w*|overview|details|summary|reference\w*)\b|(?:soll|kann|darf) ich (?:Ihnen|dir|euch) (?!(?:\S+ ){0,4}?(?:einladung|kalendereinladung|termineinladung|termin|link|zugang|testzugang|zugangsdaten)\b)(?:\S+ ){1,4}?(?:schicken|senden|zukommen lassen|mailen|rüberschicken|zuschicken)\b|(?:shall|should|can|could|may) I (?:just )?(?:send|email|e-mail|shoot|drop) (?:you|over) (?!(?:\w+ ){0,3}?(?:invite|invitation|calendar|meeting link|link|access|login|trial)\b)(?:a |an |some |our |my |the )?(?:quick |short |brief |little )?(?:email|e-mail|note|message|line|mail)\b|(?:soll|kann|darf) ich (?:Ihnen|dir|euch) (?:\w+ ){0,3}(?:unterlagen|infos|informationen|infomaterial|material|broschüre|präsentation|was|etwas|ein angebot)\b[^.?!]{0,30}\b(?:schicken|senden|zukommen lassen|mailen|rüberschicken)|(?:ich )?(?:schicke?|sende|maile) (?:Ihnen|dir|euch) (?:\w+ ){0,4}(?:unterlagen|infos|informationen|infomaterial|material|broschüre|präsentation|was|etwas)\b|(?:put together|prepare|draw up|write up)\b[^.?!]{0,60}\bsend (?:it|that|them|this|everything) (?:over|across|to you)|(?:shall|should|can|could|may) I (?:just )?(?:send|email|e-mail|shoot) (?:you|over) (?:\w+ ){0,3}(?:info|information|material|materials|deck|brochure|something|details|overview|one-pager|pdf|case stud\w*)|(?:I'll|I will|let me|I can|I could) (?:just )?(?:send|email|e-mail|shoot) (?:you |over )?(?:\w+ ){0,3}(?:info|information|material|materials|deck|brochure|something|details|overview|one-pager|pdf|case stud\w*))\b`,
);
/** The rep offers a lower price ("we could probably give you a discount", "fünf Prozent Rabatt kann ich Ihnen geben"). */
export const DISCOUNT_OFFER_RE = rx(
  String.raw`\b(?:(?:gebe|geben|packe|packen) (?:ich|wir) (?:Ihnen|dir|euch) (?:\S+ ){0,3}(?:gratis|kostenlos|umsonst|kostenfrei) (?:dazu|obendrauf)|(?:throw|put) (?:in )?(?:the |a |an )?(?:\w+ ){0,2}(?:in )?for free|(?:waive|drop|skip) the (?:\w+ )?fee|(?:do|can do) something on (?:the )?price|(?:schaue|schau|gucke) (?:ich )?(?:noch ?mal |mal )?(?:beim|am|nach dem) preis|(?:give|offer|do|get) you (?:a |an? (?:extra |additional )?|some )?(?:discount|reduction|better price|\w+ (?:%|percent)(?: off)?)|(?:a |an extra |some )?discount (?:of|for you)|\d+ ?(?:%|percent) off|(?:come|go) down (?:on|in) (?:the )?price|(?:reduce|lower|drop) the price|(?:\d+|\w+) (?:prozent|%) (?:rabatt|nachlass)|(?:einen |etwas |zusätzlichen |den )?(?:rabatt|nachlass|preisnachlass) (?:geben|anbieten|machen|einräumen|gewähren)|(?:geben|gebe|biete|räume) (?:Ihnen|dir|euch) (?:\w+ ){0,3}(?:rabatt|nachlass)|(?:beim|mit dem) preis (?:\w+ ){0,2}(?:entgegenkommen|runtergehen|heruntergehen|etwas machen))\b`,
);
/**
 * A free extra the rep adds ("I could probably include it", "on the house", "gebe ich Ihnen gratis
 * dazu", "ohne Aufpreis"): with DISCOUNT_OFFER_RE, a concession.
 */
/**
 * Half the price and free months (coach review 6, F-4): „ich kann Ihnen das Modul die ersten sechs Monate
 * um die Hälfte geben“, „zur Hälfte des Preises“, "half off", „ich gebe dir zwei Monate gratis“,
 * "the first three months would be free"; not a free trial to test with.
 */
const FREE_EXTRA_R6 = String.raw`(?:Ihnen|dir|euch|you) (?:\S+ ){0,8}?(?:um|für|zur) (?:die )?hälfte (?:des preises |vom preis )?(?:geben|lassen|überlassen|machen|anbieten|berechnen|verkaufen|rechnen)|(?:um|auf) die hälfte (?:\S+ )?(?:günstiger|billiger|reduzier\w*|rabattier\w*)|(?:zur|für die) hälfte (?:des preises|vom preis)|half (?:off|the (?:price|cost|fee))\b|(?:cut|knock|take) (?:\S+ ){0,2}?(?:price|fee|cost) in half|(?:gebe|geben|gibt|schenke|schenken|schenk|packe|packen|pack|lege|legen|leg|give|giving|throw in|throwing in|offer|offering|kriegen|kriegst|kriegt|bekommen|bekommst|bekommt|get)\b[^.?!]{0,40}?\b(?:\d+|ein|einen|eine|zwei|drei|vier|fünf|sechs|zwölf|one|two|three|four|five|six|twelve|a) (?:volle[n]? |full |extra |weitere[n]? |additional |ganze[n]? )?(?:monate?|months?|wochen|weeks?) (?:gratis|kostenlos|umsonst|geschenkt|kostenfrei|free|for free|on us|on the house|at no (?:cost|charge))\b(?! (?:\S+ )?(?:test\w*|ausprobier\w*|trial\w*|to try|zum testen))|(?:the )?first (?:\S+ )?(?:months?|weeks?|year) (?:is |are |would be |will be )(?:free|on us|at no (?:cost|charge))`;
/**
 * "For free" is a concession only as an offer to this customer (coach review 8, M4): the rep's own
 * "I could include … for free", a hypothetical ("we could …", "what if we … free of charge") or "for
 * you". A feature in the pitch ("our sommelier can train your staff for free", "we port your numbers
 * for free") gives nothing away.
 */
const FREE_WORDS_R8 = String.raw`(?:for free(?! (?:accounts?|trials?|plans?|tiers?|versions?|users?|seats?|licen[cs]es?|logins?|sign-?ups?|demos?))|free of charge|at no (?:extra |additional )?(?:cost|charge)|on the house|on us|complimentary)`;
const FREE_OFFERED_R8 = String.raw`(?:\bI\b|\b(?:could|would|might)\b|\bwhat if\b|\bhow about\b|\bfor you\b)[^.?!]{0,80}?\b${FREE_WORDS_R8}|${FREE_WORDS_R8}[^.?!]{0,30}?\bfor you\b`;
export const FREE_EXTRA_RE = rx(
  String.raw`\b(?:${FREE_EXTRA_R6}|(?:could|can|will|'ll|would|might) (?:probably |also |even |just )?(?:include|add|throw in) (?:it|that|this|them)\b(?! (?:in|into|to|on) (?:the|your|our|a)\b)|${FREE_OFFERED_R8}|zum halben preis|(?:for|at) half (?:the )?price|half price|(?:die|den|das) ersten? (?:\S+ )?(?:monate?|wochen|jahr) (?:gratis|kostenlos|umsonst|geschenkt|frei)|(?:the )?first (?:\S+ )?(?:months?|weeks?|year) (?:free|on us|at no (?:cost|charge))|(?:gratis|kostenlos|umsonst|kostenfrei|ohne aufpreis|ohne zusatzkosten)\b[^.?!]{0,20}\b(?:dazu|obendrauf|mit rein|drauf)|(?:dazu|obendrauf|mit rein)\b[^.?!]{0,20}\b(?:gratis|kostenlos|umsonst|kostenfrei|ohne aufpreis)|(?:Ihnen|dir|euch) (?:\S+ ){0,2}(?:preislich|beim preis) entgegenkommen|(?:möchte|will|würde|kann|könnte) (?:ich )?(?:Ihnen|dir|euch) (?:\S+ ){0,2}entgegenkommen|(?:bring|get|take) (?:\S+ ){0,3}?down to|(?:auf \S+ (?:euro |€ )?)?(?:runtergehen|heruntergehen|runterkommen))`,
);
/**
 * A concession traded for something ("in return I'd ask for a signature by the 28th", "im Gegenzug",
 * "wenn Sie bis Freitag unterschreiben", "if you sign a three-year term").
 */
export const TRADE_RE = rx(
  String.raw`\b(?:im gegenzug|dafür (?:bräuchte|brauche|hätte|möchte|würde|bitte) ich|wenn (?:Sie|du|ihr) (?:\S+ ){0,6}?(?:unterschreib\w*|zusag\w*|verlänger\w*|abschließ\w*|festleg\w*|referenz\w*)|gegen (?:eine |einen )?(?:\S+ )?(?:laufzeit|referenz\w*|unterschrift|zusage)|in return|in exchange|if you (?:can |could |were to )?(?:sign|commit|agree|give|introduce|refer)|provided you (?:sign|commit|agree))\b`,
);
/** The customer asks for a better price ("Was geht da noch beim Preis?", "I need to show movement", "Can you do better?"). */
export const CONCESSION_ASK_RE = rx(
  String.raw`\b(?:rabatt|nachlass|entgegenkommen|(?:geht|ginge) (?:da )?(?:noch )?(?:was|etwas)|beim preis (?:noch )?(?:was|etwas)|spielraum|discount|movement|come down|better (?:price|deal|offer|number)|sharpen|wiggle room|flexib\w* on (?:the )?price|do (?:any )?better|match (?:their|that|the) (?:price|offer|quote))\b`,
);
/**
 * A cheaper plan offered to a price or budget objection ("We do have a smaller starter plan, which is
 * quite affordable.", "Wir haben auch ein kleineres Paket"): before any question, a concession like a discount.
 */
export const CHEAPER_PLAN_RE = rx(
  String.raw`\b(?:(?:smaller|cheaper|lighter|basic|starter|entry(?:-level)?|lite|reduced|slimmed-down|more affordable) (?:starter |basic )?(?:plan|package|tier|version|edition|option|licen[cs]e)|(?:kleinere[ns]?|günstigere[ns]?|abgespeckte[ns]?|schlankere[ns]?) (?:paket|tarif|version|modell|lizenz|variante)|(?:starter|einstiegs|basis)-?(?:paket|tarif|version|modell))\b`,
);
/** The rep checks back whether the answer landed. */
/** Check-backs as a question where the customer now stands (coach review 6, F-17): „wo stehen wir dann für Sie?“, „Ist das so recht für Sie?“, "would that be an option?". */
const CHECK_BACK_R6 = String.raw`(?:does|did) (?:that|this) sound (?:about )?(?:right|accurate|correct)|(?:is|was) that (?:about )?(?:right|accurate|correct)(?=\s*\?)|stimmt das (?:so)?(?=\s*\?)|sehe ich das richtig|wo stehen (?:wir|Sie|du|ihr) (?:\S+ )?(?:dann|damit|jetzt|nun)|ist (?:das|es) (?:so )?recht|(?:wäre|ist) (?:das|es) (?:so )?(?:für (?:Sie|dich|euch|(?:Ihr|dein|euer|Ihre|deine|eure) \S+) )?(?:so )?(?:in ordnung|okay|ok|eine option|machbar|ein weg|denkbar|vorstellbar|was für (?:Sie|dich|euch)|eine (?:gute |tragfähige |brauchbare )?(?:grundlage|basis|lösung))|(?:können|könnten|kannst|könntest|könnt) (?:Sie|du|ihr) (?:\S+ )?damit leben|where does (?:that|this) leave (?:us|you)|where do (?:we|you) stand (?:now|then|on (?:that|this|it))|would (?:that|this|it) be (?:\S+ ){0,3}?(?:an option|option|an exception|exception|a way|something|acceptable|enough|okay|ok|fine|fair|workable|reasonable|helpful|worth (?:it|a look))|how does (?:that|this) sit with you|does (?:that|this) (?:change|help) (?:things|your view|the picture)`;
export const CHECK_BACK_RE = rx(
  String.raw`\b(?:${CHECK_BACK_R6}|passt das (?:so )?(?:für (?:Sie|dich|euch) )?(?:so )?(?:\?|,? oder)|fehlt (?:Ihnen|dir|euch) (?:da |dabei )?noch (?:was|etwas)|(?:ist|wäre) (?:damit )?(?:Ihre|deine|eure) frage (?:damit )?beantwortet|(?:ist|wäre) (?:das|der punkt) (?:damit|so) (?:geklärt|beantwortet)|wie sieht (?:das|der preis|es) (?:jetzt |damit |dann )?für (?:Sie|dich|euch) aus|does (?:that|this) (?:change|settle|cover|clear up|take care of)|how does (?:that|this|the price|it) (?:look|feel|land|sit) (?:to|for|with) you(?: now)?|is that (?:clearer|clear now|better)|(?:does|did) that (?:land|resolve)|beantwortet das|passt das (?:so )?(?:für (?:Sie|dich|euch))?\?|ist das (?:so )?nachvollziehbar|macht das sinn|ergibt das sinn|hilft (?:Ihnen|dir|euch) das|klingt das (?:fair|gut|plausibel|nachvollziehbar)|wie klingt das|was meinen Sie|was meinst du|does that (?:answer|address|help|make sense)|how does that sound|is that fair|would that work|does that work for you|sound fair)\b`,
);
/** The rep invites concerns proactively. */
export const CONCERN_INVITE_RE = rx(
  // „Gibt es etwas, das aus Ihrer Sicht gegen so eine Umstellung sprechen könnte?“, „Was könnte dagegen sprechen?“,
  // "Is there anything that would speak against it?" (coach review 7).
  String.raw`\b(?:bedenken|was spricht (?:aus (?:Ihrer|deiner|eurer) sicht )?dagegen|gegen (?:\S+ ){0,4}?(?:sprechen|sprechen könnte|sprechen würde)(?=\s*\?)|gegen (?:\S+ ){0,4}?spricht(?=\s*\?)|(?:was|etwas|irgendwas|irgendetwas) (?:\S+ ){0,4}?dagegen ?sprechen (?:könnte|würde)|(?:was|etwas) (?:könnte|würde) (?:\S+ ){0,4}?dagegen ?sprechen|(?:speak|argue|count) against (?:it|this|that|switching|the \S+)|was (?:hält|hindert|könnte) (?:Sie|dich|euch)|einwände|vorbehalte|spricht (?:noch )?(?:etwas )?dagegen|concerns|stop you from|what would stop you|get in the way|hesitation|reservations|hold you back)\b`,
);

// --- Listening --------------------------------------------------------------------------

export const PARAPHRASE_RE = rx(
  String.raw`\b(?:wenn ich (?:Sie|dich|euch|das) richtig verstehe|habe ich (?:das|Sie|dich|euch) richtig verstanden|hab ich (?:das|dich) richtig verstanden|verstehe ich (?:das |Sie |dich )?richtig|Sie sagen also|du sagst also|ihr sagt also|lassen Sie mich (?:kurz )?zusammenfassen|lass mich (?:kurz )?zusammenfassen|zusammengefasst|kurz zusammengefasst|klingt (?:so|danach), als|das heißt also|also höre ich|if I understand (?:you |that )?(?:correctly|right)|so what I'm hearing|what I'm hearing is|if I hear you (?:right|correctly)|what I hear is|it sounds like|sounds like|so you're saying|let me (?:just )?(?:recap|summari[sz]e|play (?:that|this) back)|to recap|in other words|did I get that right)\b`,
);

/** Labelling: naming the customer's situation or feeling ("klingt so, als ...", "it sounds like ..."). */
export const LABEL_RE = rx(String.raw`\b(?:klingt (?:so|danach),? als|klingt nach|sounds like|it seems|it sounds)\b`);

/**
 * The customer asks to be let finish (coach review 7): „Darf ich kurz ausreden?“, „Lassen Sie mich
 * bitte ausreden“, „Ich war noch nicht fertig“, "Let me finish", "Can I finish?", "You keep
 * interrupting me". Not the rep's "Lass mich kurz ausreden" (only customer turns are read).
 */
export const FINISH_REQUEST_RE = rx(
  String.raw`\b(?:(?:darf|dürfte|kann|könnte) ich (?:\S+ ){0,2}?ausreden|lass(?:en Sie|t)? mich (?:\S+ ){0,3}?ausreden|ich (?:war|bin) (?:noch )?nicht fertig|(?:Sie unterbrechen|du unterbrichst) mich|(?:(?:let|lemme) me|(?:can|could|may) i) (?:just )?finish(?=\s*(?:[.!?,;–-]|$|please\b|here\b|my\b|what i\b))|i (?:wasn't|was not|am not|'m not) (?:quite )?finished|you keep (?:cutting me off|interrupting)|(?:stop|quit) (?:cutting me off|interrupting))\b`,
);
/** A customer turn cut off mid-sentence: it ends in a dash or an ellipsis ("… und dann –"), and the rep speaks next. */
export const CUT_OFF_RE = /(?:\s[–—-]|…|\.\.\.)\s*$/;

// --- Value ------------------------------------------------------------------------------

/** The rep presents the offer. */
export const PITCH_RE = rx(
  String.raw`\b(?:unser(?:e|er|em|en)? (?:lösung|tool|software|plattform|produkt|system|modul|funktion|feature|dashboard|app|ansatz|paket)|wir bieten|bei uns (?:können|kann|gibt|bekommen|haben)|bei uns (?:läuft|laufen|geht|passiert) (?:das |alles |die \S+ |der \S+ )?(?:\S+ )?(?:automatisch|vollautomatisch|digital|von selbst|mit einem klick)|(?:passiert|passieren) (?:\S+ ){0,3}mit uns nicht mehr|wir haben (?:auch |außerdem |übrigens )?(?:eine?n? )(?:schnittstelle|integration|anbindung) (?:zu|für|mit)|mit (?:unserer|unserem|dem tool|der plattform|der software)|damit (?:können|kannst|könnt|haben|hast|sparen|sparst)|damit (?:fällt|fallen) (?:\S+ ){0,6}?weg|damit (?:entfällt|entfallen)|wir (?:stellen|geben|leihen|liefern) (?:dir |euch |Ihnen )?(?:\S+ ){1,6}?(?:als leih[a-zäöüß]*|leihweise|zur verfügung)|^\W*mit (?!(?:wem|was|welche\w*)\b)(?:\S+ ){1,8}?(?:deck|bekomm|krieg|erreich|gewinn|produzier|erzeug|verdien)\w* (?:du|Sie|ihr)\b|(?:Sie|du|ihr) (?:können|kannst|könnt) (?:damit|mit uns|bei uns)|our (?:platform|solution|tool|software|product|system|module|feature|dashboard|app|offering|package)|we offer|with (?:our|us)|(?:you can|you'll be able to|lets you|allows you to|enables you to) (?:\w+ ){0,3}(?:with|using|in) (?:it|our|the platform)|lets you|allows you to|enables you|dafür (?:ist|sind|haben wir|gibt es|bieten wir)|genau dafür|(?:genau )?(?:da|hier|dort|an dieser stelle) setzen wir an|genau (?:da|hier|dort) setzt (?!(?:er|sie|es|man|der|die|das|ihr|du)\b)\S+ an\b|(?:that's|that is|this is|here's) (?:exactly )?where (?:we|our \w+) (?:come in|comes in|help|helps|fit|fits)|that's (?:exactly )?what (?:our|the) \w+ (?:is|are) for|we have (?:a|an) \w+ for that|for that we have|we(?:'ve| have)? (?:just |recently |also |now )*(?:launched|released|added|rolled out|introduced|shipped) (?:a|an|the|our|new|some)|wir haben (?:gerade |jetzt |neu |kürzlich |außerdem |auch )*(?:ein |eine |einen |das |die |den |unser\w* )?(?:neue[nsm]? )?\S+ (?:eingeführt|gelauncht|veröffentlicht|rausgebracht|herausgebracht))\b`,
);
export const FEATURE_RE = rx(
  String.raw`\b(?:funktion\w*|feature\w*|modul\w*|dashboard\w*|integration\w*|schnittstelle\w*|api|automatisch\w*|automatisier\w*|ki|ai|reporting|auswertung\w*|vorlagen|templates?|workflows?|automation|automated|integrat\w*|analytics|reports?|berichte|sync\w*|app|mobile|plug-?in\w*|add-?ons?)\b`,
  'gi',
);
/** The rep refers back to the customer's own words. */
// "That's exactly what Voltwise is built for.", "that's exactly what stockwise does", „Genau dafür ist
// Versandheld gebaut.“: a pitch that opens by pointing at the problem just described (coach review 7);
// not "that's exactly what I meant" nor "that's exactly what you said".
const PROBLEM_LINK = String.raw`\b(?:genau (?:das|dieses|diesen|für dieses|für das) (?:problem|thema|punkt)|für (?:Ihr|dein|euer|Ihre|deine|eure) (?:problem|thema|situation|herausforderung)|that's exactly (?:the|your)|for your (?:problem|issue|situation|challenge)|(?:that's|that is|this is) (?:exactly|precisely) what (?!(?:i|you|we|they|he|she)\b)\S+ (?:is (?:built|made|designed) for|was (?:built|made|designed) for|does|solves|fixes)|genau dafür (?:ist|wurde) (?!(?:das|es)\b)\S+ (?:gebaut|gemacht|entwickelt|da)|genau das (?:löst|macht) (?!(?:das|es|mich|uns|die|der|den|sinn|spaß|spass|keinen|einen|ihn|sie)\b)\S+)\b`;
export const LINK_RE = rx(
  String.raw`\b(?:Sie (?:hatten |haben )?(?:gesagt|erwähnt|meinten|sagten|erwähnten|erzählten|beschrieben|angesprochen)|Sie (?:hatten|haben) (?:\S+ ){1,4}?(?:gesagt|erwähnt|erzählt|beschrieben|angesprochen)|du (?:hast |hattest )?(?:gesagt|erwähnt|meintest|sagtest|erzähltest|beschrieben|angesprochen)|du (?:hast|hattest) (?:\S+ ){1,4}?(?:gesagt|erwähnt|erzählt|beschrieben|angesprochen)|ihr (?:habt )?(?:gesagt|erwähnt)|wie Sie (?:sagten|sagen|erwähnt haben|gesagt haben|meinten)|wie du (?:sagtest|sagst|gesagt hast|meintest)|you (?:mentioned|said|told me|described|brought up)|as you said|like you said|because you said)\b|${PROBLEM_LINK}`,
);
/**
 * Words that tie a pitch to "the problem" without quoting the customer ("genau für dieses Problem",
 * "that's exactly the size where …", "for your situation"): a tie only once the customer named one.
 */
export const PROBLEM_LINK_RE = rx(PROBLEM_LINK);
/**
 * Value argued in the customer's own terms without product words: a comparison or total-cost
 * reframe ("If I put both side by side on a three-year view", "Our 142 includes the full
 * implementation at a fixed price", "Wenn wir den gleichen Wechselrhythmus vergleichen, sind wir
 * ziemlich nah beieinander"). Counts as a value statement only when it reuses the customer's words.
 */
export const REFRAME_RE = rx(
  String.raw`\b(?:side by side|nebeneinander|im vergleich|vergleichen|verglichen|vergleicht|compare[ds]?|comparing|like for like|apples to apples|(?:\S+[- ])?year view|über (?:\S+ )?jahre (?:gerechnet|gesehen)|total cost|gesamtkosten|unterm strich|in summe|all in(?![- ]one\b)|includes?|included|inklusive|enthalten|on top|zusätzlich|nah beieinander|close together|pretty close|ziemlich nah|gleiche[nr]? (?:\S+ )?(?:rhythmus|umfang|leistung\w*)|same (?:scope|service|level)|against (?:a |an |the |your |our )?(?:\S+ )?(?:subscription|price|cost|fee|licen[cs]e|investment)|payback|amorti[sz]\w*|gegenüber (?:\S+ ){0,2}(?:kosten|preis|lizenz\w*|gebühr\w*|abo\w*|investition)|dagegen ?(?:legen|gelegt|rechnen|halten)|dagegenleg\w*)\b`,
);
/** SPIN need-payoff and value questions. */
export const NEED_PAYOFF_RE = rx(
  String.raw`\b(?:wie sieht (?:die|Ihre|deine|eure) rechnung (?:dann )?(?:für (?:Sie|dich|euch) )?aus|how does the math look|what does the math look like|was (?:würde|könnte) (?:sich )?(?:es |das |dann )?(?:für (?:\S+ ){1,4}?|Ihnen |dir |euch |bei (?:Ihnen|dir|euch) )?(?:(?:dann|konkret|denn) )?(?:bedeuten|bringen|ändern|verändern)|wie würde (?:es|das|der \S+|die \S+|Ihr \S+|dein \S+|euer \S+) (?:dann )?(?:für (?:\S+ ){1,4}?)?aussehen,? wenn|was wäre (?:es|das) (?:Ihnen|dir|euch) wert|angenommen,? .{0,60}(?:gelöst|weg|erledigt|automatisch)|wie würde (?:Ihnen|dir|euch) das helfen|was hätten (?:Sie|du|ihr) davon|what would (?:it|that|this) (?:mean|be worth|change|do for)|how would (?:it|that|things|your \S+) (?:look|be different|change)(?: for (?:\S+ ){1,4}?)? if|how would (?:that|it|this) help|suppose .{0,60}(?:solved|gone|fixed|automated)|what would you do with|if (?:we|you) could .{0,60}what would|what (?:else )?would (?:have|need) to (?:be true|happen|change|be in place) for (?:you|your \S+|the team|them)|what would be in it for (?:you|your \S+|the team|them)|was wäre (?:denn |dann )?(?:für (?:Sie|dich|euch|Ihr \S+|dein \S+|euer \S+) )?(?:denn |dann )?drin|was (?:müsste|muss|sollte) (?:denn )?(?:noch )?(?:passieren|gegeben sein|erfüllt sein|sich ändern|stimmen|da sein),? damit (?:Sie|du|ihr|Ihr \S+|dein \S+|euer \S+))\b`,
);
/** The rep qualifies budget, authority, need or timeline. */
/** What a qualifying question asks about: the answer to it is information on that topic, not an objection. */
export const QUALIFY_TOPIC_RES = {
  authority: rx(String.raw`\b(?:entscheid\w*|freigabe|freigeben|unterschreib\w*|wer (?:ist|sind|wäre|noch) (?:an der entscheidung|beteiligt|dabei|involviert)|wer entscheidet|einkauf|decision\w*|decide\w*|sign(?:s|-)? ?off|signs?|approv\w*(?! (?:flow|workflow|chain|routing|rules|steps?)\b)|who else|procurement|stakeholder\w*)\b`),
  budget: rx(String.raw`\b(?:budget\w*|kosten\w*|investition\w*|cost\w*|spend\w*|invest\w*)\b`),
  timing: rx(String.raw`\b(?:zeitplan|zeitrahmen|bis wann|ab wann|wann (?:soll|wollen|möchten|müsste)|timeline|time frame|timeframe|by when|when (?:do|would|should) you (?:want|need|like))\b`),
} as const;
/** A question about what matters to the customer: a concern given in answer ("Dass meine Leute damit klarkommen.") is a criterion, not an objection. */
export const CRITERIA_Q_RE = rx(
  String.raw`\b(?:am wichtigsten|wichtig|worauf (?:achten|kommt es)|kriteri\w*|what matters|most important|important to you|criteria|what would you need|was (?:bräuchten|brauchen|bräuchtest|brauchst) (?:Sie|du|ihr))\b`,
);
export const QUALIFY_RE = rx(
  String.raw`\b(?:cfo|ceo|coo|cto|geschäftsführ\w*|vorstand|committee|gremium|ausschuss|spend|spending|ausgaben|payback|amortis\w*|budget\w*|entscheid\w*|freigabe|freigeben|unterschreib\w*|zeitplan|zeitrahmen|bis wann|ab wann|wer (?:ist|sind|wäre|noch) (?:an der entscheidung|beteiligt|dabei|involviert)|wer entscheidet|einkauf|decision\w*|decide\w*|sign(?:s|-)? ?off|approv\w*(?! (?:flow|workflow|chain|routing|rules|steps?)\b)|timeline|time frame|timeframe|by when|who else|procurement|stakeholder\w*|kriterien|criteria)\b`,
);
/**
 * An unhedged guarantee by the rep ("das kann ich Ihnen zusagen", "garantiert", "I can guarantee that",
 * "that will definitely be ready by Monday"). Counts only about a delivery, a date or a result
 * (PROMISE_TOPIC_RE in the sentence or the customer's turn before) and without a hedge or a condition.
 */
export const RISKY_PROMISE_RE = rx(
  String.raw`\b(?:(?:das |es )?kann ich (?:Ihnen|dir|euch) (?:fest |hundertprozentig |verbindlich |definitiv |so )?(?:zusagen|garantieren|versprechen)|(?:ich )?(?:garantiere|verspreche) (?:Ihnen|dir|euch)|(?:garantier|versprech)e? ich (?:Ihnen|dir|euch)|wir (?:garantieren|versprechen) (?:Ihnen|dir|euch)|(?:garantieren|versprechen) wir (?:Ihnen|dir|euch)|garantiert|hundertprozentig|(?:ist|sind|läuft|laufen|steht|stehen|klappt|haben (?:Sie|du|ihr)) (?:das |es |alles )?(?:auf jeden fall|definitiv|ganz sicher|100 ?%) (?:bis|am|fertig|live|erledigt|rechtzeitig|drin)|(?:I|we) (?:can |will )?(?:guarantee|promise)|guaranteed|you have my word|(?:will|'ll) (?:definitely|absolutely|certainly|100 ?%|for sure) (?:be )?(?:ready|live|done|delivered|fixed|up and running|finished|in place|work|save|pay)|no risk (?:at all|whatsoever)|zero risk)\b`,
);
export const PROMISE_TOPIC_RE = rx(
  // A data-security guarantee („Das kann ich Ihnen garantieren.“ after „Wo liegen die Daten?“) is one on a result too.
  String.raw`\b(?:sicherheit\w*|datensicherheit|datenschutz\w*|daten|dsgvo|server\w*|verschlüssel\w*|security|secure|privacy|data|gdpr|hipaa|encrypt\w*|breach\w*|hack\w*|bis|fertig|live|rechtzeitig|termin\w*|liefer\w*|einsatzbereit|startklar|funktioniert|klappt|läuft|laufen|spar\w*|ergebnis\w*|prozent|umsatz|mindestens|abrechnung\w*|fehler\w*|montag|dienstag|mittwoch|donnerstag|freitag|ende des monats|monatsende|ready|by|deadline|on time|deliver\w*|done|works?|results?|saves?|savings|roi|revenue|double|cut|percent|per cent|increase|at least|errors?|mistakes?|monday|tuesday|wednesday|thursday|friday|end of the month|go-?live|launch)\b`,
);
/**
 * A negation of the promise ("kann ich nicht garantieren", "I can't promise"): only in the promise's
 * own clause. „Sie werden das nicht bereuen, Sie haben garantiert … dreißig Prozent mehr“ is an
 * unhedged guarantee; the „nicht“ belongs to another clause (coach review 7).
 */
export const PROMISE_NEGATION_RE = rx(String.raw`\b(?:nicht|kein\w*|nie|can't|cannot|won't|not|never|don't|no guarantee)\b`);
/** A hedge, a condition or a contract turns a promise into an honest statement (anywhere in the sentence). */
export const PROMISE_HEDGE_RE = rx(
  String.raw`\b(?:no guarantee|usually|normally|typically|in der regel|normalerweise|meistens|sofern|vorausgesetzt|wenn|falls|if|provided|assuming|as long as|unless|vertrag\w*|sla|contract\w*|in writing|schriftlich|geld-zurück|money-back|versuche|try|hoffe|hope|denke|think|eigentlich|probably|wahrscheinlich)\b`,
);
/**
 * A condition on the customer's own decision („Wenn du bis Ende des Monats unterschreibst, ist die
 * Anlage garantiert vor Ostern am Netz“, "if you sign this week, I guarantee …"): a closing lever, no
 * hedge on the delivery (coach review 8). A condition on the work („wenn die Daten bis Freitag da sind“) still is one.
 */
export const CUSTOMER_CONDITION_RE = rx(
  String.raw`\b(?:wenn|falls|sofern|sobald|if|once|as soon as|as long as|provided)\s+(?:du|Sie|ihr|you)\s+(?:\S+\s+){0,6}?(?:unterschreib\w*|unterzeichne\w*|bestell\w*|zusag\w*|zuschlag\w*|beauftrag\w*|sign\w*|order\w*|commit\w*|go ahead|book\w*|buy\w*|place the order|(?:den |the )?(?:auftrag|vertrag|contract|deal) (?:\S+ )?(?:gebt|gibst|geben|erteil\w*|macht|machst|machen))\b`,
  'gi',
);
/** Reassurance ("Das ist gar kein Problem", "no problem at all", "keine Sorge"): no hedge of a promise in the same sentence. */
export const REASSURANCE_RE = rx(
  // "keine falsche Abrechnung mehr", "nie wieder", "no more errors" promise a result: no hedge either.
  String.raw`\b(?:(?:gar|überhaupt|absolut|wirklich) )?(?:kein(?:e)? (?:problem|thema|sorge|sorgen|stress|angst)|kein ding|nicht schlimm|(?:not|no) (?:a )?(?:problem|worries|issue)(?: at all)?|don't worry|never mind|kein\w* (?:\S+ ){0,3}mehr|nie wieder|no more|never again)\b`,
  'gi',
);
/**
 * The promise is hedged: a hedge, a condition or a contract anywhere in the sentence, or a negation in
 * the clause that holds the promise (reassurance – „gar kein Problem“ – is no hedge).
 */
export function promiseHedged(text: string): boolean {
  const t = text.replace(REASSURANCE_RE, ' ').replace(CUSTOMER_CONDITION_RE, ' ');
  if (PROMISE_HEDGE_RE.test(t)) return true;
  const clauses = t.split(/[,;:–—]|\s-\s/);
  const own = clauses.filter((c) => RISKY_PROMISE_RE.test(c));
  return (own.length > 0 ? own : [t]).some((c) => PROMISE_NEGATION_RE.test(c));
}
/**
 * The rep calls about an agreed meeting, to move or confirm it („Ich rufe wegen des Termins mit Herrn
 * Krämer am Freitag an“, "I'm calling about our demo on Friday", "calling to reschedule"): a scheduling call.
 */
export const SCHEDULING_PURPOSE_RE = rx(
  String.raw`\b(?:(?:ich )?(?:rufe|ruf) (?:\S+ ){0,3}?wegen (?:des|unseres|Ihres|deines|eures|dem|unserem|Ihrem|deinem|der|unserer|Ihrer|deiner) (?:termin\w*|demo|meeting\w*|gespräch\w*|besprechung\w*|workshop\w*)|termin\w* (?:\S+ ){0,2}?(?:verschieben|verlegen|bestätigen)|(?:calling|call|ringing) (?:you )?(?:about|regarding|to (?:move|reschedule|confirm)) (?:our|the|your|tomorrow's|friday's|monday's) (?:\S+ )?(?:meeting|demo|call|appointment|session)|reschedul\w*)\b`,
);
/** The rep sets an agenda / upfront contract at the start. */
export const AGENDA_RE = rx(
  String.raw`\b(?:agenda|ziel (?:für heute|des gesprächs|von heute|unseres gesprächs|für das gespräch)|plan für (?:heute|das gespräch)|am (?:ende|schluss) (?:des gesprächs|schauen wir|entscheiden wir|können wir|besprechen wir)|vorschlag für (?:die nächsten|heute|unser gespräch)|(?:Sie|du) erzählen? mir|plan for (?:today|the call|our call)|by the end of (?:the|this|our) call|at the end of (?:the|this|our) call|at the end,? (?:we|let's|let us) (?:\S+ )?(?:decide|agree|see|look at|figure out|talk about)|goal for (?:today|this call)|for the next \d+ minutes|in den nächsten \d+ minuten|(?:and )?then we (?:can )?decide together|we decide together (?:if|whether)|(?:und )?dann entscheiden wir (?:gemeinsam|zusammen)|entscheiden (?:wir )?(?:gemeinsam|zusammen),? ob)\b`,
);
/** The rep states why they call ("ich rufe an, weil …", "the reason I'm calling is …"): with a permission question, the upfront contract of a cold call. */
export const CALL_PURPOSE_RE = rx(
  String.raw`\b(?:ich (?:rufe|ruf|ruf'|ruf’) (?:Sie |dich |euch |bei (?:Ihnen|dir|euch) )?(?:an,? )?(?:weil|wegen|um|aus einem (?:bestimmten |konkreten )?grund)|der grund (?:meines|für meinen|für den|warum ich) (?:anrufs?|anrufe)|grund,? warum ich (?:anrufe|mich melde)|ich (?:melde|meld|meld'|meld’|wollte) mich(?:,? (?:bei (?:Ihnen|dir|euch)|kurz|mal)){0,2},? (?:weil|wegen|zu)|ich (?:melde|meld) mich (?:wegen|zu)|kurz zum hintergrund|es geht (?:kurz )?um (?:Ihre|deine|eure|Ihren|deinen|euren|Ihr|dein|euer)|(?:I'm|I am|I'm just|I'm actually) (?:calling|ringing|phoning|giving you a (?:call|ring)) (?:you )?(?:because|about|since|to)|the reason (?:I'm calling|for my call|for the call|for calling|I called|I'm reaching out)|reason (?:I'm calling|for my call|for calling)|I'm reaching out because|I'm reaching out about|calling to see (?:if|whether))\b`,
);
/** The rep asks permission to go on ("Darf ich Ihnen zwei Fragen stellen?", "Mind if I ask a couple of questions?"); permission for time counts too (PERMISSION_Q_RE). */
export const ASK_PERMISSION_RE = rx(
  String.raw`\b(?:darf ich (?:Ihnen|dir|euch) (?:kurz |ganz kurz )?(?:zwei|drei|ein paar|einige|eine) fragen|darf ich (?:kurz )?(?:fragen|erzählen|erklären)|ist es (?:in ordnung|okay|ok),? wenn|(?:mind|okay|ok) if I (?:ask|take|explain)|can I (?:ask|take) (?:you )?(?:a couple|two|three|a few|\d+)|would it be (?:okay|ok|alright) (?:if|to)|is it (?:okay|ok|alright) if I)\b`,
);
/** The rep introduces the company (rep detection). */
/** An opening that says why the rep calls ("ich rufe an wegen …", "es geht um …", "I'm calling about …", "I wanted to …"). */
export const OPENING_REASON_RE = rx(
  String.raw`\b(?:wegen|weil|es geht um|geht es um|um (?:\S+ ){0,6}zu|damit|deshalb|deswegen|ich (?:wollte|möchte|würde gerne?)|ziel (?:für heute|ist|wäre)|anlass|because|about|regarding|(?:I|we) (?:wanted|want|would like|'d like) to|the reason|so that|goal (?:for today|is))\b`,
);
export const INTRO_RE = rx(
  String.raw`\b(?:[Hh]ier ist \p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)? (?:von|vom) |[Mm]ein Name ist \p{Lu}[\p{L}-]+.{0,30}? (?:von|vom) |[Ii]ch bin \p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)? (?:von|vom) |[Ii]ch rufe (?:Sie |dich |euch )?(?:an )?(?:von|vom|im Auftrag|aus|wegen)|[Ii]ch melde mich (?:von|vom|aus)|[Tt]his is \p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)? (?:from|with) |[Mm]y name is \p{Lu}[\p{L}-]+.{0,30}? (?:from|with) |I'm \p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)? (?:from|with) |I'm calling (?:from|on behalf|about|because)|[Cc]alling from)|(?:^|[,.!] )\p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)?(?: hier)? (?:from|von|vom|von der) \p{Lu}[\p{L}]+`,
  'u',
);
/**
 * Inbound calls: the caller is the customer. What a caller says about reaching the vendor
 * ("ich habe das Formular auf Ihrer Website ausgefüllt", "we saw your ad", "deshalb rufe ich an"):
 * their own "hier ist Sabine von Wolter Logistik" does not make them the salesperson.
 */
export const INBOUND_CALLER_RE = rx(
  String.raw`\b(?:(?:habe|hab|haben) (?:\S+ ){0,6}?(?:formular|kontaktformular|anfrage(?:formular)?|demo-?anfrage) (?:\S+ ){0,3}?(?:ausgefüllt|abgeschickt|geschickt|gestellt|hinterlassen)|(?:Ihre|eure|deine) (?:anzeige|website|webseite|homepage|seite|werbung|broschüre|messestand|beitrag|artikel) (?:\S+ ){0,3}?(?:gesehen|gelesen|gefunden|entdeckt)|auf (?:Ihrer|eurer|deiner) (?:website|webseite|homepage|seite) (?:\S+ ){0,4}?(?:gesehen|gelesen|gefunden|ausgefüllt)|deshalb rufe ich (?:ja |auch )?(?:bei (?:Ihnen|euch|dir) )?an|(?:Sie|ihr|du) (?:wollten|wolltet|wolltest) mich zurückrufen|ich (?:hätte|wollte|würde) (?:gern|gerne) (?:ein |einen |eine )?(?:angebot|rückruf|demo|termin für eine demo|preise?)\b|filled (?:out|in) (?:the|a|your) (?:\S+ )?form|(?:saw|seen|found|read|spotted) your (?:ad|advert|advertisement|website|site|booth|stand|post|article|listing|brochure|webinar)|(?:somebody|someone|you) (?:was|were) (?:supposed|meant) to call me back|(?:I|we) (?:requested|asked for|booked) (?:a |the )?(?:demo|quote|call-?back|trial)|I'd like (?:to get |to request )?(?:a |some )?(?:quote|pricing|price list|demo))\b`,
);
/**
 * The salesperson answering an inbound call ("schön, dass Sie anrufen", "thanks for calling",
 * "what made you reach out?", "ich habe Ihre Anfrage vor mir"). Counted only in the first turns:
 * a customer's closing "thanks for calling" says nothing.
 */
export const INBOUND_HOST_RE = rx(
  String.raw`\b(?:(?:schön|danke|vielen dank|toll|super),? dass (?:Sie|du|ihr) (?:\S+ ){0,2}?(?:anrufen|anrufst|anruft|sich melden|dich meldest|euch meldet)|(?:danke|vielen dank) für (?:Ihren|deinen|euren|den) anruf|(?:Ihre|deine|eure) (?:anfrage|nachricht|formularanfrage|demo-?anfrage) (?:\S+ ){0,3}?(?:vor mir|bekommen|erhalten|gesehen|gelesen)|ich habe (?:Ihre|deine|eure) (?:anfrage|nachricht) |was hat (?:Sie|dich|euch) (?:\S+ ){0,3}?(?:bewogen|dazu gebracht|veranlasst)|(?:thanks|thank you) (?:so much |very much )?for (?:calling|reaching out|getting in touch|your call|your (?:inquiry|enquiry|request|message))|what (?:made|prompted|led) you (?:to )?(?:reach out|call|get in touch|contact us)|I (?:have|got|saw|see) your (?:inquiry|enquiry|request|form|message)(?: here| in front of me)?)\b`,
);
/** The salesperson presents: shares the screen, shows the product ("ich zeige Ihnen", "let me show you"). */
export const PRESENT_RE = rx(
  String.raw`\b(?:(?:ich )?zeige (?:ich )?(?:Ihnen|dir|euch)|zeig(?:e)? ich (?:Ihnen|dir|euch)|(?:ich )?teile (?:jetzt |mal |kurz |gleich |einfach )*(?:meinen |den )?bildschirm|bildschirm (?:teilen|freigeben)|(?:hier|da|jetzt) sehen (?:Sie|ihr)|(?:hier|da|jetzt) siehst du|wie (?:Sie|du|ihr) (?:hier )?(?:sehen|siehst|seht)|ich führe (?:Sie|dich|euch) (?:kurz |mal )?durch|let me show you|I'll show you|I will show you|I'm going to show you|(?:share|sharing) my screen|(?:here|now|as) you can see|you can see here|(?:let me|I'll) walk you through|let me pull up)\b`,
);
/** The salesperson owns the next step: sends the invite, the access or the proposal ("Ich schicke Ihnen die Einladung"). */
export const SELLER_NEXT_RE = rx(
  String.raw`\b(?:(?:ich )?(?:schicke|sende) (?:Ihnen|dir|euch) (?:\S+ ){0,4}(?:kalendereinladung|einladung|termineinladung|zugang|zugänge|zugangsdaten|angebot|testzugang)|I'll send (?:you |over )?(?:\S+ ){0,3}(?:invite|invitation|calendar invite|proposal|quote|access|logins?|trial))\b`,
);
/** Weaker rep signals: hosting the call. */
export const HOST_RE = rx(
  String.raw`\b(?:danke,? dass (?:Sie|du|ihr) (?:sich )?(?:die )?zeit|schön, dass (?:Sie|du|ihr)|thanks for (?:taking|making) the time|thank you for (?:taking|making) the time|thanks for joining)\b`,
);

// --- Next step ----------------------------------------------------------------------------

const MONTHS_DE = 'januar|jänner|jän|jan|februar|feb|märz|mär|april|apr|mai|juni|jun|juli|jul|august|aug|september|sept|sep|oktober|okt|november|nov|dezember|dez';
const MONTHS_EN = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
export const DATE_RE = rx(
  String.raw`(?:\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b|\bübermorgen\b|(?<!guten )(?<!good )\bmorgen\b(?! früh\b)|\bmorgen früh\b|\btomorrow\b|\b\d{1,2}\.\s?\d{1,2}\.(?:\d{2,4})?|\b\d{1,2}\.\s?(?:${MONTHS_DE})\b|\b(?:${MONTHS_EN})\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)\b|\bum \d{1,2}(?:[:.]\d{2})?(?: uhr)?\b|\b\d{1,2}(?:[:.]\d{2})? uhr\b|\bat \d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?(?!\s*(?:%|percent|people|hours|users|seats))\b|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{4}-\d{2}-\d{2}\b)`,
);
export const INVITE_RE = rx(
  String.raw`\b(?:kalendereinladung|einladung|termineinladung|invite|invitation|calendar|kalender|trage (?:ich |es |das |den termin )?.{0,20}ein|(?:blocke|blocken|blockiere)|outlook|teams-link|zoom-link|meeting link|book(?:ed)? (?:it|the|a)|eingetragen)\b`,
);
export const MEETING_RE = rx(
  String.raw`\b(?:termin\w*|treffen|call|gespräch\w*|telefonat|telefonieren|demo|workshop|sprechen|meeting|session|präsentation|vorstellen|zeigen|durchgehen|follow-?up|catch up|talk|check-in|review|onboarding|kick-?off|pilot|testphase|trial|passt|works|work for you|einladung|invite|besprechen|abstimmen|wiedersehen|hören uns|sehen uns|speak|terminvorschläg\w*|(?:some|a few|a couple of|possible|your) (?:dates|times|slots)|(?:ein paar|einige|zwei|drei) (?:termine|zeitfenster|slots)|tasting|verkostung|probeessen|site visit|visit|besuch|come by|stop by|drop by|vorbeikommen|vorbeischauen|(?:uns|wir) (?:\S+ ){0,4}?(?:hören|sprechen|telefonieren|treffen|zusammensetzen)|(?:rufe|ruf|rufen|ruft) (?:ich |Sie |S['’] |du |ihr )?(?:mich|uns|Sie|dich|euch) (?:\S+ ){0,4}?an|anrufen|call me|give me a call|call you)\b`,
);
export const VAGUE_RE = rx(
  String.raw`\b(?:why don't (?:I|we) (?:reach out|follow up|call (?:you )?back|get back to you|circle back|touch base)|(?:I|we)(?:'ll| will)? (?:reach out|get in touch|follow up|circle back) (?:again )?(?:at|in|after|around) (?:the )?(?:start|beginning|end|middle) of|ich melde mich|melde ich mich|melden uns|wir melden|meld(?:e)? mich (?:(?:dann|mal|einfach) )?(?:bei (?:Ihnen|dir|euch)|nochmal|wieder|dann|irgendwann)|irgendwann (?:mal|nochmal|wieder)|wir bleiben in (?:kontakt|verbindung)|bleiben (?:wir )?in kontakt|(?:schicke?|sende) (?:Ihnen|dir|euch) (?:(?:mal|gerne|dann|einfach|gleich|noch) )*(?:die |ein paar |einige |unsere |meine )?(?:unterlagen|infos|informationen|material)|überlegen (?:Sie|es|du) (?:sich|dir) |denken (?:Sie|darüber) nach|melden (?:Sie|du) sich|meldest du dich|meldet ihr euch|melde dich|meld dich|meldet euch|(?:send|sending|shoot|forward) you (?:over )?(?:a |the |some |our |an )?(?:quick )?(?:deck|info|information|materials?|overview|brochure|case stud\w*|one-pager|pdf|something)|(?:maybe|perhaps) we can (?:\S+ ){0,3}?(?:chat|talk|catch up|connect|speak|meet)|find (?:some )?time to (?:chat|talk|catch up|connect|speak)|i'll (?:follow up|get back|be in touch|reach out|send(?: you)?(?: some| the| more| it)?(?: over)?)|(?:and|then) follow up|get back to you|touch base|circle back|stay in touch|keep in touch|think (?:about it|it over)|let me know|drop me a line|schauen wir mal|mal sehen)\b`,
);
/**
 * A month or a part of one as an undated time frame (coach review 6): „Rufen S' mich im Jänner an“,
 * „Anfang Mai“, „noch heuer“, "in January", "early next month", "at the end of the month".
 */
const MONTH_FRAME_R6 = String.raw`(?:im|ab|anfang|mitte|ende|gegen ende|nach) (?:des )?(?:januar|jänner|februar|feber|märz|april|mai|juni|juli|august|september|oktober|november|dezember)|(?:anfang|mitte|ende) (?:des )?(?:monats|nächsten monats|kommenden monats)|(?:noch )?heuer(?: noch)?|(?:in|early|mid|late|(?:at |by )?the (?:start|beginning|middle|end) of) (?:january|february|march|april|may|june|july|august|september|october|november|december)|(?:early|mid|late) next month|(?:at |by )?the (?:start|beginning|middle|end) of (?:next|the|this) month`;
export const UNDATED_RE = rx(
  String.raw`\b(?:nächste[nr]? woche|in (?:den nächsten|ein paar|zwei|drei|einigen) (?:tagen|wochen)|anfang (?:nächster|der nächsten|nächsten) (?:woche|monats)|nächsten monat|diese woche|zeitnah|next week|next month|this week|later this week|in (?:a|two|three|a couple of|a few) (?:days|weeks)|early next week|${MONTH_FRAME_R6})\b`,
);
/** The rep alone will follow up ("I'll follow up sometime next week", "ich melde mich nächste Woche"): nothing agreed, however it is timed. */
export const ONE_SIDED_FOLLOW_UP_RE = rx(
  String.raw`\b(?:(?:I|we)(?:'ll| will| can| could)? (?:\S+ )?(?:follow up|get back to you|be in touch|reach out|circle back|check in|ping you)|ich (?:\S+ )?(?:melde|meld) mich|melde ich mich|(?:wir )?melden (?:wir )?uns (?:\S+ )?bei)\b`,
);
/** An offer's deadline ("Das Angebot mit den drei Monaten gilt bis Freitag", "the discount is valid until Friday"): no meeting. */
export const OFFER_DEADLINE_RE = rx(
  String.raw`\b(?:gilt|gültig|valid|expires?|expiring|läuft (?:\S+ )?aus)\b[^.?!]{0,20}\b(?:bis|until|till|through|am|on)\b|\b(?:angebot|aktion|rabatt|offer|deal|discount|promotion)\b[^.?!]{0,40}\b(?:bis|until|till)\b`,
);
/** Sending or delivering something ("I'll get that to you this week", "schicke ich Ihnen bis Ende der Woche"): no meeting, whatever time it names. */
export const DELIVERY_RE = rx(
  String.raw`\b(?:(?:I'll|I will|we'll|we will|let me) (?:\S+ ){0,2}?(?:send|get|email|e-mail|mail|drop|forward|put together)\b|(?:get|send) (?:it|that|this|them|something|everything) (?:over )?to you|(?:schicke?|sende|maile|lasse) (?:ich |wir )?(?:Ihnen|dir|euch)\b|zukommen lassen)`,
);
/** Who joins the follow-up: a role or colleague ("mit Ihrem Chef", "with your CTO", "I'll bring our CTO"). */
export const ATTENDEE_RE = rx(
  String.raw`\b(?:cfo|ceo|cto|cio|coo|vp|chef(?:in)?|geschäftsführ\w*|vorstand|inhaber(?:in)?|einkauf|procurement|kolleg\w*|colleagues?|dabei sein|dazu(?:holen|nehmen)|mitbringen|bring (?:our|my|your|the|in|along)|with your [a-z\u00C0-\u024F]+|mit (?:Ihrem|Ihrer|deinem|deiner|eurem|eurer|unserem|unserer) [a-z\u00C0-\u024F]+)\b`,
);
/** A named attendee: "mit Stefan", "dir und Stefan", "with Sarah" (case-sensitive; forms of address excluded). */
export const ATTENDEE_NAME_RE = /\b(?:mit|und|with|and) (?!(?:Sie|Ihnen|Ihr\w*|Dir|Dich|Euch|I|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Monday|Tuesday|Wednesday|Thursday|Friday|Januar|January|Februar|February|März|March|April|Mai|May|Juni|June|Juli|July|August|September|Oktober|October|November|Dezember|December)\b)[A-ZÄÖÜ][a-zäöüß]{2,}\b/u;
export const AGREE_RE = rx(
  String.raw`\b(?:ja|jawohl|gerne|gern|passt|perfekt|super|okay|ok|einverstanden|klingt gut|machen wir|abgemacht|prima|top|sehr gut|alles klar|geht klar|geht|klappt|bis dann|bis (?:montag|dienstag|mittwoch|donnerstag|freitag)|yes|yeah|yep|sure|works|sounds good|perfect|great|fine|deal|absolutely|let's do it|see you|talk then)\b`,
);
/** Questions that only ask for permission or time ("Haben Sie kurz zwei Minuten?", "Did I catch you at a bad time?"). */
export const PERMISSION_Q_RE = rx(
  String.raw`\b(?:(?:haben|hätten) (?:Sie|S['’]) (?:\S+ ){0,2}(?:zeit|minuten|minute|sekunden|moment|augenblick)|(?:hast|hättest) du (?:\S+ ){0,2}(?:zeit|minuten|minute|sekunden|moment|augenblick)|passt es (?:gerade|kurz|jetzt)|(?:störe|stör) ich|(?:do|would) you have (?:\w+ ){0,2}(?:minutes?|moment|seconds?|time)|(?:got|have you got) (?:\w+ ){0,2}(?:minutes?|moment|second)|catch you at a (?:bad|good) time|is (?:this|now) a (?:bad|good) time)\b`,
);
/** Greetings and identity checks ("Spreche ich mit Herrn Lindner?", "How you doing today?", "Lindner am Apparat."): no strength, nothing to echo. */
export const GREETING_RE = rx(
  String.raw`^\W*(?:(?:ja,? |yes,? |oh,? )?(?:hallo|hi|hey|hello|guten (?:tag|morgen|abend)|good (?:morning|afternoon|evening)|moin|servus|grüß (?:Sie|dich) gott)\b[^.?!]{0,40}[.?!]?\W*$|(?:\S+ ){0,3}am apparat\b|(?:\S+ ){0,3}speaking\W*$)|\b(?:spreche ich (?:mit|da mit)|bin ich (?:hier )?richtig bei|am I speaking (?:to|with)|is this \S+(?: \S+)?\?$|how (?:are|r) you(?: doing)?(?: today)?\?|how you doing|how's it going|wie geht(?:'s| es)(?: Ihnen| dir| euch)?(?: heute)?\?|wie läuft(?:'s|’s|s| es)(?: so| denn| bei (?:Ihnen|dir|euch))?\?|how's (?:it|everything|business) (?:going|been)?\??$)`,
);
/**
 * How a phone is answered: company, department and name, ending in a greeting ("Krämer Bau,
 * Sekretariat, Schulz, guten Tag."). Nothing the customer "said" to echo back.
 */
export const ANSWERING_GREETING_RE = rx(
  String.raw`^[^.?!]{0,60}\b(?:guten (?:tag|morgen|abend)|grüß gott|good (?:morning|afternoon|evening)|hallo|hello|how can I help(?: you)?)\W*$`,
);
/** A switchboard answer ("Thanks for calling Shipwell, this is Kyle, how can I help?", „Danke für Ihren Anruf, was kann ich für Sie tun?“). */
export const SWITCHBOARD_RE = rx(
  String.raw`^\W*(?:(?:vielen |herzlichen )?dank(?:e)? für (?:Ihren|deinen|euren) anruf|thanks? (?:you )?for calling)\b|\b(?:was kann ich für (?:Sie|dich|euch) tun|wie kann ich (?:Ihnen|dir|euch) helfen|how (?:can|may) I help(?: you)?(?: today)?)\W*$`,
);
const SALUTATION_WORDS = new Set(
  ('hi hey hello hallo hullo thanks thank you danke dank vielen herzlichen welcome willkommen morning afternoon evening good guten tag morgen abend moin servus grüezi grüß gott nice to meet great ' +
    'schön freut mich and und also auch everyone everybody all alle zusammen both beide euch ihr folks guys team again nochmal').split(' '),
);
/**
 * A line of greetings and names only ("Thanks Jess, and hi Alan, hi Raj.", "Hallo zusammen, hallo
 * Herr Berger."), or a switchboard answer: never a mirror, a summary or a discovery question to praise.
 */
export function salutation(text: string): boolean {
  if (GREETING_RE.test(text) || SWITCHBOARD_RE.test(text)) return true;
  const ws = text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  if (ws.length === 0 || ws.length > 12) return false;
  let greets = 0;
  for (const w of ws) {
    const lw = w.toLowerCase();
    if (SALUTATION_WORDS.has(lw)) {
      if (!['and', 'und', 'also', 'auch', 'everyone', 'everybody', 'all', 'alle', 'zusammen', 'both', 'beide', 'euch', 'ihr', 'folks', 'guys', 'team', 'again', 'nochmal', 'great'].includes(lw)) greets++;
    } else if (!/^(?:\p{Lu}[\p{Ll}'-]*|Herrn?|Frau|Dr|Mr|Mrs|Ms)$/u.test(w) || /^(?:I|Ich|We|Wir)$/.test(w)) return false;
  }
  return greets > 0;
}
const ASSENT_WORDS = new Set([
  'yeah', 'yes', 'yep', 'yup', 'ja', 'jo', 'genau', 'exactly', 'exakt', 'right', 'richtig', 'stimmt', 'absolutely', 'absolut', 'totally',
  'sure', 'okay', 'ok', 'klar', 'correct', 'true', 'that', "that's", 'this', 'is', 'it', "it's", 'das', 'ist', 'es', "ist's", 'so', 'sounds',
  'good', 'gut', 'great', 'perfect', 'perfekt', 'super', 'fair', 'summary', 'zusammenfassung', 'zusammengefasst', 'honestly', 'ehrlich',
  'gesagt', 'the', 'a', 'eine', 'point', 'punkt', 'spot', 'on', 'on', 'what', 'was', 'i', 'ich', 'meine', 'mean', 'meant', 'treffend',
  'dead', 'bang', 'indeed', 'definitely', 'auf', 'jeden', 'fall', 'oh', 'ah', 'hm', 'mhm', 'well', 'nun', 'wirklich', 'really', 'pretty', 'much',
]);
/** Only agreement ("Yeah, that's exactly it.", "Ja, genau das ist es."): a confirmation, not a point of the customer's to echo. */
export function assentOnly(text: string): boolean {
  const ws = text.toLowerCase().replace(/’/g, "'").match(/[\p{L}']+/gu) ?? [];
  return ws.length > 0 && ws.length <= 8 && ws.every((w) => ASSENT_WORDS.has(w));
}
/**
 * A remark that makes no point of the customer's own: passing a question on or not knowing ("Das
 * ist nicht meine Baustelle.", "Das müsste ich nachfragen.", "That's not my area.", "I'd have to
 * check.", "No idea."). Never echoed in what_to_say_instead.
 */
export const NO_POINT_RE = rx(
  String.raw`^\W*(?:(?:ja|na ja|naja|hm|also|well|yeah|oh|ehrlich gesagt|honestly),?\s+)?(?:das|es|that|it)(?:'s| is|'s really| ist) (?:(?:leider|eigentlich|wirklich|gar|auch|really|actually|honestly) )?(?:nicht|not) (?:meine? (?:baustelle|bereich|thema|ressort|abteilung|aufgabe|zuständigkeit)|my (?:area|department|field|thing|job|call|wheelhouse|decision)|so mein ding)\W*$|^\W*(?:(?:ja|hm|also|well|yeah),?\s+)?(?:das|that) (?:müsste|muss|würde|would|will|'d) (?:ich|I)? ?(?:have to |need to )?(?:erst )?(?:(?:mal )?nachfragen|nachschauen|prüfen|klären|check|ask|find out)(?: (?:first|intern|internally))?\W*$|^\W*(?:I'd|I would|I'll|I will) (?:have to|need to) (?:check|ask|find out)(?: on that| internally| first)?\W*$|^\W*(?:keine ahnung|weiß ich (?:nicht|leider nicht)|no idea|not sure|I don't know|I'm not sure)\W*$`,
);
/** Questions that only collect logistics (an e-mail address) and explore nothing. */
export const LOGISTIC_Q_RE = rx(String.raw`\b(?:e-?mail|adresse|address|telefonnummer|phone number|schreibweise|spell)\b`);
export const REFUSE_RE = rx(
  String.raw`\b(?:nein|lieber nicht|eher nicht|weiß (?:ich )?nicht|mal schauen|schauen wir mal|muss ich (?:erst )?(?:schauen|gucken|prüfen)|not sure|no|rather not|i'll see|have to check|let me check)\b`,
);

/** Fillers and conjunctions an echoed customer phrase should not start (or end) with. */
export const ECHO_LEAD_WORDS = new Set([
  'und', 'also', 'ja', 'naja', 'na', 'äh', 'ähm', 'hm', 'hmm', 'ehrlich', 'gesagt', 'well', 'um', 'uh', 'so', 'and', 'but',
  'aber', 'oder', 'or', 'dass', 'that', 'weil', 'because', 'denn', 'doch', 'halt', 'eben', 'mal', 'schon', 'just', 'really',
  'like', 'okay', 'ok', 'mir', 'mich', 'me', 'einfach', 'bitte', 'gerne', 'please', 'maybe', 'vielleicht', 'erstmal', 'uns', 'probably', 'wahrscheinlich',
  'us', 'eigentlich', 'actually', 'honestly', 'basically', 'sowieso', 'wie', 'gesagt', 'as', 'said', 'i', 'mean',
]);
/** Words an echoed phrase should not end with (articles, prepositions). */
export const ECHO_TAIL_WORDS = new Set([
  'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'the', 'a', 'an', 'mit', 'with', 'von', 'of',
  'zu', 'to', 'für', 'for', 'in', 'im', 'on', 'auf', 'bei', 'at', 'es', 'it', 'is', 'ist', 'wir', 'we', 'ich', 'noch',
]);

// ---------------------------------------------------------------- moments: gatekeeper, goodbyes
/**
 * Asking a receptionist or assistant to be put through ("Können Sie mich durchstellen?", "Would
 * you be able to put me through?", „Ich möchte gern Herrn Kramer sprechen“, "Is he around this
 * morning?"): the right move with a gatekeeper, never a discovery question to reopen.
 */
export const TRANSFER_RE = rx(
  String.raw`\b(?:durchstellen|durchgestellt|verbinden|weiterverbinden|weiterleiten|put me through|transfer me|connect me|patch me through|(?:möchte|würde|könnte|kann) (?:ich )?(?:gern |gerne |bitte )?(?:mit )?(?:Herrn?|Frau) (?:Dr\. )?\S+ sprechen|(?:speak|talk) (?:to|with) (?:Mr|Mrs|Ms|Dr)\.? \S+|is (?:he|she|(?:Mr|Mrs|Ms|Dr)\.? \S+) (?:around|available|in)\b|ist (?:er|sie|(?:Herr|Frau) \S+) (?:da|im Haus|zu sprechen|erreichbar))\b`,
);
/** A speaker label for a gatekeeper ("Empfang:", "Front Desk:", "Sekretariat:", "Reception:", "Assistant:"). */
export const GATEKEEPER_LABEL_RE = rx(String.raw`^(?:empfang|rezeption|zentrale|sekretariat|telefonzentrale|assistenz|front ?desk|reception(?:ist)?|switchboard|(?:executive )?assistant|operator)\b`);
/** Well-wishes and thanks at the end of a call ("Viel Erfolg beim Release!", "Vielen Dank, Herr Hartmann.", "Good luck with the launch!"): no moment of its own. */
export const FAREWELL_RE = rx(
  String.raw`^\W*(?:(?:okay|ok|super|prima|gut|great|perfect|perfekt|alles klar|dann)[\s,]{1,3}){0,2}(?:(?:vielen |herzlichen |besten )?dank(?:e)?(?: schön| sehr| ihnen| dir| euch)?|thanks?(?: you)?(?: so much| very much)?|viel erfolg|good luck|alles gute|all the best|best of luck|schönes wochenende|have a (?:great|good|nice) (?:weekend|week))(?:[\s,]{1,3}(?:auch|too|again|nochmal|noch mal|for (?:your|the) time|für (?:Ihre|deine|eure) zeit|(?:Herr|Frau|Mr|Mrs|Ms|Dr)\.? [\p{L}-]+|und (?:einen )?schönen [\p{L}]+(?: noch)?|[\p{L}-]+)){0,3}[\s.!…]{0,4}$|^\W*(?:viel erfolg|good luck|alles gute|best of luck) (?:beim|bei der|bei|mit|with|on) (?:[\p{L}\d-]+ ){0,3}[\p{L}\d-]+[\s.!…]{0,4}$`,
  'iu',
);
/**
 * An opening that names the purpose of a scheduled call ("Thanks for making time before the renewal",
 * "Last time you said you'd look at the proposal", „wie besprochen“, „Danke, dass Sie sich noch mal Zeit
 * nehmen“, "good to speak again"): a follow-up's upfront contract
 * is given, a missing agenda is no stretch goal to quote at its greeting.
 */
export const SCHEDULED_PURPOSE_RE = rx(
  String.raw`\b(?:before (?:the|your|our) renewal|about (?:the|your|our) renewal|(?:last time|when we last spoke|in our last call),? (?:you|we)|as (?:promised|agreed|discussed)|follow(?:ing)? up on|vor der verlängerung|(?:zu|wegen) (?:der|Ihrer|deiner|eurer) verlängerung|wie (?:besprochen|vereinbart|versprochen|angekündigt)|letztes mal (?:hatten|haben) (?:Sie|du|wir)|(?:beim|im) letzten (?:gespräch|termin|call)|(?:noch ?mal|nochmals|erneut|wieder) (?:\S+ ){0,2}?(?:zeit (?:nehmen|nimmst|nehmt|genommen)|sprechen|hören|telefonieren)|(?:for|about) (?:making|taking) (?:the )?time (?:again|once more)|(?:speak|talk|catch up|chat|connect) (?:with you )?again|(?:jumping|hopping|getting) back on (?:a |the )?(?:call|phone|line))\b`,
);
