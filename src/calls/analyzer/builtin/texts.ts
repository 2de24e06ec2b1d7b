// Coaching texts in German and English, and "what to say instead" lines in the call's language
// and form of address. German coaching texts avoid addressing the salesperson directly
// (infinitive style), so they read the same for du and Sie teams.

import type { FormOfAddress, Language } from '../types.ts';
import type { ObjectionType } from './lexicon.ts';

export type SayMode = 'Sie' | 'du' | 'en';

export function sayMode(callLanguage: Language, form: FormOfAddress | null): SayMode {
  if (callLanguage === 'en') return 'en';
  return form === 'du' ? 'du' : 'Sie';
}

export function quoted(lang: Language, s: string): string {
  return lang === 'de' ? `„${s}“` : `“${s}”`;
}

export interface TextParams {
  echo: string | null;
  objection?: ObjectionType;
  quality?: number;
  talkPct: number;
  monoSeconds: number;
  monoWords: number;
  measuredSeconds: boolean;
  questions: number;
  open: number;
  target: number;
  pains: number;
  features: number;
  /** For a praised question: what the rep did right after the customer's answer. */
  followUp?: FollowUp;
  /** The moment is rendered as the strongest moment of the call (only then is it called so). */
  strongest?: boolean;
  /** For an opening: whether the quoted sentence says who is calling and why. */
  opening?: { who: boolean; why: boolean };
  /** The call's language and form of address: example questions in German coaching use it. */
  form?: SayMode;
  /** The customer had already put a number on a problem by then: no "how much does it cost you" again. */
  impactKnown?: boolean;
  /** The quoted question is already an open one. */
  quotedOpen?: boolean;
  /** The quoted sentence is a pitch (only then is it called an offer). */
  pitched?: boolean;
  /** The rep checked back after answering an objection. */
  checkedBack?: boolean;
  /** People the customer said decide or sign (for a stretch goal, or missing from a dated next step). */
  deciders?: string[];
  /** The rep asked about the decision process, budget or timing. */
  qualified?: boolean;
  /** The undated time frame as said ("this week", „nächste Woche“). */
  undated?: string | null;
  /** The quoted closing names the date or what the customer gets. */
  closingSays?: boolean;
  /** Price, budget or a competitor came up: a negotiation, not a call to find problems in. */
  negotiation?: boolean;
  /** A "no time now" turned into an agreed, dated callback in a very short call: only what the callback should cover. */
  callback?: boolean;
  /** The quoted statement left an answer to the rep's own question without a follow-up („Danke, das nehme ich mit.“): the line follows that answer up. */
  dropped?: boolean;
  /** The quoted turn already ended with a question (only "shorter", not "end with a question"). */
  handedOver?: boolean;
  /** An objection the customer raised before the close and the rep left open: the close line answers it first. */
  openObjection?: ObjectionType;
  /** For a praised question: whether the answer described a problem (else it only gave a number: "maybe fifty dollars"). */
  answerPain?: boolean;
  /** The echo is a plain fact of the customer's (no problem, no time frame): no "das"/"that" may point at it as the thing to keep moving. */
  plainFact?: boolean;
  /** The month from which the customer has time ("vor Mai wird das eh nichts"): a proposed slot lies in it. */
  window?: string;
  /** The person the customer said they decide with ("mit meinem Mann"), for the authority line. */
  decider?: NamedDecider;
  /** The customer knows the company already (an existing customer, a referral, an inbound lead, a follow-up): no cold-call line. */
  warm?: boolean;
  /** A price objection that already names what it is compared with (a competitor's price): no "compared to what?". */
  compared?: boolean;
}

/** A decider the customer named by relation, in the forms a line needs ("Ihrem Mann", "deinem Mann", "your husband"; "ihn", "him"). */
export interface NamedDecider {
  Sie: string;
  du: string;
  en: string;
  pronDe: string;
  pronEn: string;
}

/** Money in the call's own terms: an English call (US dollars, pounds) is never reckoned "in Euro". */
const money = (p: TextParams) => (p.form === 'en' ? 'Geld' : 'Euro');

/** "Was bedeutet das für Sie?" in the call's form of address; both forms only when it is not a German call. */
function forYou(p: TextParams, sie: string, du: string): string {
  return p.form === 'Sie' ? sie : p.form === 'du' ? du : `${sie} bzw. ${du}`;
}
function names(p: TextParams, lang: Language): string {
  const n = p.deciders ?? [];
  if (n.length <= 1) return n[0] ?? '';
  return `${n.slice(0, -1).join(', ')} ${lang === 'de' ? 'oder' : 'or'} ${n[n.length - 1]}`;
}

/** What the rep did after the customer answered a question, so that praise never advises what was already done. */
export interface FollowUp {
  /** Repeated or summarised the answer (a mirror, a paraphrase, a label). */
  mirrored: boolean;
  /** Asked a further question about it. */
  asked: boolean;
  /** Asked about consequences ("Was bedeutet das für Ihr Team im Monat?", "What does that cost you?"). */
  consequences: boolean;
  /** The customer's answer to that follow-up put a number on the impact. */
  quantified: boolean;
  /** A need-payoff question came later in the call. */
  payoff: boolean;
  /** The rep summarised or labelled the customer's words later in the call. */
  summarised: boolean;
}

type Localised = Record<Language, (p: TextParams) => string>;

export interface KindTexts {
  why: Localised;
  coaching: Localised;
  commitment?: Localised;
  say?: Record<SayMode, (p: TextParams) => string>;
}

const OBJECTION_NAMES: Record<Language, Record<ObjectionType, string>> = {
  de: {
    price: 'Preiseinwand',
    budget: 'Budget-Einwand',
    timing: 'Zeitpunkt-Einwand („nicht jetzt“)',
    competitor: 'Wettbewerbs-Einwand',
    status_quo: 'Status-quo-Einwand („läuft doch“)',
    authority: 'Entscheider-Einwand',
    // Adoption covers every concern about bringing the tool in: will the team use it, is the data safe, it failed before.
    adoption: 'Einwand zur Einführung (Akzeptanz, Datenschutz, schlechte Erfahrung)',
    send_material: 'Wunsch nach Unterlagen',
  },
  en: {
    price: 'price objection',
    budget: 'budget objection',
    timing: 'timing objection ("not now")',
    competitor: 'competitor objection',
    status_quo: 'status-quo objection ("we are fine")',
    authority: 'authority objection',
    adoption: 'adoption concern (will the team use it, is the data safe, it failed before)',
    send_material: '"send me some material" brush-off',
  },
};

export function objectionName(lang: Language, type: ObjectionType): string {
  return OBJECTION_NAMES[lang][type];
}

const secondsDe = (p: TextParams) => (p.measuredSeconds ? `rund ${p.monoSeconds} Sekunden` : `rund ${p.monoWords} Wörter (etwa ${p.monoSeconds} Sekunden)`);
const secondsEn = (p: TextParams) => (p.measuredSeconds ? `about ${p.monoSeconds} seconds` : `about ${p.monoWords} words (roughly ${p.monoSeconds} seconds)`);

/** "Sie sagten „x“ – " / "Du hast gesagt „x“ – " / "You said “x” – ", or '' without an echo. */
function youSaid(mode: SayMode, echo: string | null, lead = true): string {
  if (!echo) return '';
  if (mode === 'en') return `${lead ? 'You said' : 'you said'} “${echo}” – `;
  if (mode === 'du') return `${lead ? 'Du hast' : 'du hast'} gesagt: „${echo}“ – `;
  return `Sie sagten: „${echo}“ – `;
}
function mirror(mode: SayMode, echo: string | null): string {
  if (!echo) return '';
  return mode === 'en' ? `“${echo}” – ` : `„${echo}“ – `;
}

/** The close after an objection the rep left open: acknowledge it, ask for no decision, then propose a short, dated look. */
/** A close after the customer named who decides and the rep left that person with them: the line names them and brings them in. */
const DECIDER_CLOSE: Record<SayMode, (e: string | null, d: NamedDecider) => string> = {
  Sie: (e, d) => `${e ? `„${e}“ – ` : ''}das ist sinnvoll. Was ist ${d.Sie} dabei am wichtigsten? Sollen wir gleich 20 Minuten mit ${d.Sie} festmachen, etwa Donnerstag um 14 Uhr? Dann schicke ich die Einladung sofort an Sie beide.`,
  du: (e, d) => `${e ? `„${e}“ – ` : ''}das ist sinnvoll. Was ist ${d.du} dabei am wichtigsten? Sollen wir gleich 20 Minuten mit ${d.du} festmachen, etwa Donnerstag um 14 Uhr? Dann schicke ich die Einladung sofort an euch beide.`,
  en: (e, d) => `${e ? `“${e}” – ` : ''}makes sense. What will matter most to ${d.en}? Shall we fix 20 minutes with ${d.en} now, say Thursday at 2 pm? Then I'll send the invite to you both right away.`,
};
const OPEN_OBJECTION_CLOSE: Record<SayMode, (e: string | null) => string> = {
  Sie: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, und ich möchte Sie heute zu nichts überreden. Darf ich trotzdem 20 Minuten am Dienstag um 10 Uhr vorschlagen, um gemeinsam zu prüfen, ob sich ein Vergleich für Sie lohnt? Wenn nicht, sagen Sie es mir dann einfach.`,
  du: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, und ich möchte dich heute zu nichts überreden. Darf ich trotzdem 20 Minuten am Dienstag um 10 Uhr vorschlagen, um gemeinsam zu prüfen, ob sich ein Vergleich für dich lohnt? Wenn nicht, sag es mir dann einfach.`,
  en: (e) => `${e ? `“${e}” – ` : ''}understood, and I'm not trying to talk you into anything today. Could I still suggest 20 minutes on Tuesday at 10 to check together whether a comparison is worth it for you? If not, just tell me then.`,
};

// A label of the customer's main concern: what to say for a missing summary and for the stretch goal alike.
const LABEL_SAY: Record<SayMode, (p: TextParams) => string> = {
  Sie: (p) => `${mirror('Sie', p.echo)}es klingt so, als ob Sie das gerade am meisten beschäftigt. Habe ich das richtig verstanden?`,
  du: (p) => `${mirror('du', p.echo)}es klingt so, als ob dich das gerade am meisten beschäftigt. Habe ich das richtig verstanden?`,
  en: (p) => `${mirror('en', p.echo)}it sounds like this is what is weighing on you most right now. Did I get that right?`,
};

/**
 * What to say when the customer named no problem yet and the echo is a plain fact ("Wir sind ein
 * Familienbetrieb mit 40 Leuten"): a discovery question that does not treat the fact as a problem.
 */
export const NO_PAIN_SAY: Record<SayMode, (p: TextParams) => string> = {
  // In a negotiation: what it takes to recommend or sign, not "what isn't working".
  Sie: (p) => p.callback ? `${youSaid('Sie', p.echo)}verstehe, dann halte ich mich kurz. Was sollten wir bei unserem Termin unbedingt ansprechen?` : p.dropped && p.echo ? `${youSaid('Sie', p.echo)}danke, da möchte ich gleich nachhaken: Was steckt genau dahinter, und was stört daran heute am meisten?` : p.negotiation ? `${youSaid('Sie', p.echo)}was müsste für Sie erfüllt sein, damit Sie das guten Gewissens empfehlen können, und wer muss es außer Ihnen noch sehen?` : `${p.echo ? `Sie sagten: „${p.echo}“ – danke, das hilft mir, Ihre Situation besser zu verstehen. ` : ''}Was läuft bei Ihnen heute noch nicht so, wie Sie es sich wünschen, und woran merken Sie das im Alltag?`,
  du: (p) => p.callback ? `${youSaid('du', p.echo)}verstehe, dann halte ich mich kurz. Was sollten wir bei unserem Termin unbedingt ansprechen?` : p.dropped && p.echo ? `${youSaid('du', p.echo)}danke, da hake ich gleich nach: Was steckt genau dahinter, und was stört daran heute am meisten?` : p.negotiation ? `${youSaid('du', p.echo)}was müsste für dich erfüllt sein, damit du das guten Gewissens empfehlen kannst, und wer muss es außer dir noch sehen?` : `${p.echo ? `Du hast gesagt: „${p.echo}“ – danke, das hilft mir, deine Situation besser zu verstehen. ` : ''}Was läuft bei euch heute noch nicht so, wie du es dir wünschst, und woran merkst du das im Alltag?`,
  en: (p) => p.callback ? `${youSaid('en', p.echo)}understood, I'll keep it short. What should we make sure to cover when we talk?` : p.dropped && p.echo ? `${youSaid('en', p.echo)}thanks, let me follow up on that right away: what exactly is behind it, and what is the biggest annoyance with it today?` : p.negotiation ? `${youSaid('en', p.echo)}what would have to be true for you to recommend this with confidence, and who else needs to see it?` : `${p.echo ? `You said “${p.echo}” – thanks, that helps me understand your situation. ` : ''}What isn't working the way you'd like it to today, and where do you notice that day to day?`,
};
/**
 * After the customer already put a number on the problem (an example, the money lost, the people
 * affected): not "how much does it cost you" or "give me an example" again, but what is at stake
 * now and what would have to change.
 */
const KNOWN_IMPACT_SAY: Record<SayMode, (p: TextParams) => string> = {
  Sie: (p) => `${mirror('Sie', p.echo)}das ist ernst, und ich möchte es richtig verstehen: Was steht für Sie jetzt auf dem Spiel, wenn das noch einmal passiert, und was müssten Sie sehen, um sicher zu sein, dass es nicht wieder passiert?`,
  du: (p) => `${mirror('du', p.echo)}das ist ernst, und ich möchte es richtig verstehen: Was steht für dich jetzt auf dem Spiel, wenn das noch einmal passiert, und was müsstest du sehen, um sicher zu sein, dass es nicht wieder passiert?`,
  en: (p) => `${mirror('en', p.echo)}that's serious, and I want to get it right: what is at stake for you now if it happens again, and what would you need to see to be sure it won't?`,
};

/** Lines that treat the echo as the customer's problem ("angenommen, genau das wäre gelöst", "how are you handling that"). */
export const PROBLEM_FRAMED_KINDS: ReadonlySet<string> = new Set([
  'few_questions', 'feature_dump', 'value_unlinked', 'talk_share', 'stretch_discovery', 'stretch_value', 'stretch_value_quantify',
  'stretch_listening', 'stretch_label', 'risky_promise',
]);

/** What the rep did right after the customer put a number on the problem, and the step beyond it. */
interface FollowUpTexts {
  none: string;
  mirroredOnly: string;
  done: { scaled: string; mirroredAndAsked: string; asked: string };
  next: { scale: string; payoff: string; proposal: string };
}

const FOLLOW_UP_DE: FollowUpTexts = {
  none: 'Direkt nachfassen: die Zahl wiederholen und nach den Folgen fragen ({YOU}), bevor die Lösung ins Spiel kommt.',
  mirroredOnly: 'Gut, dass die Zahl direkt wiederholt wurde. Als Nächstes nach den Folgen fragen ({YOU}), bevor die Lösung ins Spiel kommt.',
  done: {
    scaled: 'Richtig nachgefasst: Die Zahl wurde wiederholt und mit einer Nachfrage weiter beziffert.',
    mirroredAndAsked: 'Richtig nachgefasst: Die Zahl wurde wiederholt, und es kam die Frage nach den Folgen.',
    asked: 'Richtig nachgefasst: Es kam direkt die Frage nach den Folgen.',
  },
  next: {
    scale: 'Als Nächstes die Folgen hochrechnen lassen – auf das ganze Team, auf den Monat oder in {MONEY} –, damit eine belastbare Zahl für das Angebot entsteht.',
    payoff: 'Als Nächstes die Kundin oder den Kunden den Nutzen selbst aussprechen lassen: Was würde es bedeuten, wenn das wegfällt?',
    proposal: 'Die Zahlen und den Nutzen in den Worten der Kundin oder des Kunden festhalten und im Angebot als Rechnung wieder aufgreifen.',
  },
};

const FOLLOW_UP_EN: FollowUpTexts = {
  none: 'Follow up right away: repeat the number and ask about the consequences (what does that mean for you?) before bringing in the solution.',
  mirroredOnly: 'Good that the number was repeated right away. Next, ask about the consequences (what does that mean for you?) before bringing in the solution.',
  done: {
    scaled: 'A good follow-up: the rep repeated the number and asked a further question that put more figures on it.',
    mirroredAndAsked: 'A good follow-up: the rep repeated the number and asked about the consequences.',
    asked: 'A good follow-up: the rep asked about the consequences right away.',
  },
  next: {
    scale: 'Next, have the customer scale it up – across the whole team, per month or in money – so the proposal rests on a solid number.',
    payoff: 'Next, let the customer state the payoff themselves: what would it mean if this went away?',
    proposal: "Write down the numbers and the payoff in the customer's words and bring them back in the proposal as the business case.",
  },
};

function followUpAdvice(p: TextParams, t: FollowUpTexts): string {
  const f = p.followUp;
  const you = forYou(p, 'Was bedeutet das für Sie?', 'Was bedeutet das für dich?');
  if (!f || (!f.mirrored && !f.consequences)) return t.none.replace('{YOU}', you);
  const scaled = f.mirrored && f.asked && f.quantified;
  if (!f.consequences && !scaled) return t.mirroredOnly.replace('{YOU}', you);
  const done = !f.consequences ? t.done.scaled : f.mirrored ? t.done.mirroredAndAsked : t.done.asked;
  const next = (!f.quantified ? t.next.scale : !f.payoff ? t.next.payoff : t.next.proposal).replace('{MONEY}', money(p));
  return `${done} ${next}`;
}

export const TEXTS = {
  // ---------------------------------------------------------------- discovery (misses)
  pain_unexplored: {
    why: {
      de: (p) =>
        p.impactKnown
          ? 'Die Kundin oder der Kunde hatte gerade ein Problem genannt, und die Antwort ging direkt weiter, ohne nachzufragen, was es jetzt auf dem Spiel stehen lässt und was sich ändern müsste. Genau an dieser Stelle entsteht der Grund zu kaufen.'
          : 'Die Kundin oder der Kunde hatte gerade ein Problem genannt, und die Antwort ging direkt weiter, ohne nachzufragen, wie groß das Problem ist und was es kostet. Genau an dieser Stelle entsteht der Grund zu kaufen.',
      en: (p) =>
        p.impactKnown
          ? 'The customer had just named a problem, and the reply moved on without asking what is at stake now and what would have to change. This is exactly where the reason to buy is created.'
          : 'The customer had just named a problem, and the reply moved on without asking how big it is and what it costs. This is exactly where the reason to buy is created.',
    },
    coaching: {
      de: () => 'Bei jedem genannten Problem eine Ebene tiefer gehen: erst ein konkretes Beispiel erfragen, dann die Auswirkung (Zeit, Geld, Kunden) und erst danach über die Lösung sprechen.',
      en: () => 'Go one level deeper on every problem the customer names: ask for a concrete example, then for the impact (time, money, customers), and only then talk about the solution.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch stelle ich nach jedem Problem, das die Kundin oder der Kunde nennt, mindestens zwei Nachfragen (ein Beispiel und die Auswirkung), bevor ich über unsere Lösung spreche.',
      en: () => 'In my next call I will ask at least two follow-up questions (an example and the impact) after every problem the customer names, before I talk about our solution.',
    },
    say: {
      Sie: (p) => (p.impactKnown ? KNOWN_IMPACT_SAY.Sie(p) : `${mirror('Sie', p.echo)}was bedeutet das konkret für Sie? Wie viel Zeit oder Geld kostet Sie das im Monat, und was passiert, wenn sich daran nichts ändert?`),
      du: (p) => (p.impactKnown ? KNOWN_IMPACT_SAY.du(p) : `${mirror('du', p.echo)}was bedeutet das konkret für dich? Wie viel Zeit oder Geld kostet dich das im Monat, und was passiert, wenn sich daran nichts ändert?`),
      en: (p) => (p.impactKnown ? KNOWN_IMPACT_SAY.en(p) : `${mirror('en', p.echo)}what does that mean for you in practice? How much time or money does it cost you per month, and what happens if nothing changes?`),
    },
  },
  pain_funnel: {
    why: {
      de: () => 'Auf das genannte Problem folgte sofort die Lösung. Ohne Nachfrage bleibt offen, wie oft es auftritt, was es kostet und ob es überhaupt Priorität hat; die Präsentation trifft dann nur zufällig.',
      en: () => 'The problem was answered straight away with the solution. Without a follow-up question it stays unclear how often it happens, what it costs and whether it is a priority at all, so the pitch only lands by chance.',
    },
    coaching: {
      de: (p) => `Sandler-Schmerztrichter nutzen: ${forYou(p, '„Erzählen Sie mehr“', '„Erzähl mehr“')}, ein Beispiel, seit wann, was schon versucht wurde, was es kostet, und erst dann die Lösung anbieten.`,
      en: () => 'Use the Sandler pain funnel: tell me more, give me an example, how long has it been going on, what have you tried, what does it cost you, and only then offer the solution.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch halte ich mich nach jedem genannten Problem an den Schmerztrichter (Beispiel, seit wann, bisherige Versuche, Kosten), bevor ich unser Produkt erwähne.',
      en: () => 'In my next call I will run the pain funnel (example, how long, what was tried, what it costs) after every problem before I mention our product.',
    },
    say: {
      Sie: (p) => (p.impactKnown ? KNOWN_IMPACT_SAY.Sie(p) : `${youSaid('Sie', p.echo)}können Sie mir ein Beispiel geben, wann das zuletzt passiert ist? Seit wann geht das so, und was haben Sie schon dagegen versucht?`),
      du: (p) => (p.impactKnown ? KNOWN_IMPACT_SAY.du(p) : `${youSaid('du', p.echo)}kannst du mir ein Beispiel geben, wann das zuletzt passiert ist? Seit wann geht das so, und was hast du schon dagegen versucht?`),
      en: (p) => (p.impactKnown ? KNOWN_IMPACT_SAY.en(p) : `${youSaid('en', p.echo)}can you give me an example of the last time that happened? How long has it been going on, and what have you tried so far?`),
    },
  },
  pain_no_impact: {
    why: {
      de: (p) => `Das Problem wurde angesprochen, aber nie beziffert. Ohne Zahl (Stunden, ${money(p)}, verlorene Kunden) fehlt später die Grundlage, um den Preis gegen den Nutzen zu rechnen.`,
      en: (p) => `The problem came up but was never quantified. Without a number (hours, ${p.form === 'en' ? 'money' : 'euros'}, lost customers) there is nothing to weigh the price against later.`,
    },
    coaching: {
      de: () => 'Eine SPIN-Implikationsfrage stellen: nach der Auswirkung fragen und die Kundin oder den Kunden die Zahl selbst nennen lassen, statt eine eigene Schätzung anzubieten.',
      en: () => 'Ask a SPIN implication question: ask about the consequences and let the customer put the number on it, rather than offering your own estimate.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch lasse ich mir mindestens ein Problem in Zahlen beziffern (Stunden, Euro oder verlorene Kunden pro Monat) und schreibe die Zahl mit.',
      en: () => 'In my next call I will get the customer to put a number on at least one problem (hours, euros or lost customers per month) and write it down.',
    },
    say: {
      Sie: (p) => `${mirror('Sie', p.echo)}wenn Sie das einmal hochrechnen: Wie viele Stunden oder Euro kostet Sie das im Monat? Und was bedeutet das für Ihr Ziel in diesem Jahr?`,
      du: (p) => `${mirror('du', p.echo)}wenn du das einmal hochrechnest: Wie viele Stunden oder Euro kostet dich das im Monat? Und was bedeutet das für dein Ziel in diesem Jahr?`,
      en: (p) => `${mirror('en', p.echo)}if you add that up: how many hours or how much money does it cost you per month? And what does that mean for your goal this year?`,
    },
  },
  no_qualification_bant: {
    why: {
      de: () => 'Es wurde präsentiert, ohne zu klären, wer entscheidet, ob Budget da ist und bis wann etwas passieren soll. So ist unklar, ob aus dem Gespräch überhaupt ein Auftrag werden kann.',
      en: () => 'The pitch came without finding out who decides, whether there is budget and by when something has to happen. So it is unclear whether this conversation can turn into a deal at all.',
    },
    coaching: {
      de: () => 'Nach BANT qualifizieren: Budget, Entscheider (Authority), Bedarf (Need) und Zeitplan (Timing) mit je einer offenen Frage klären, bevor eine Demo oder ein Angebot folgt.',
      en: () => 'Qualify with BANT: budget, authority, need and timing, one open question each, before a demo or a proposal.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch kläre ich vor jeder Demo Budget, Entscheider, Bedarf und Zeitplan mit je einer offenen Frage.',
      en: () => 'In my next call I will clarify budget, decision maker, need and timeline with one open question each before any demo.',
    },
    say: {
      Sie: (p) => `${p.echo ? `Bevor ich Ihnen etwas zeige – Sie sagten: „${p.echo}“. ` : 'Bevor ich Ihnen etwas zeige: '}Wer entscheidet bei Ihnen darüber? Welches Budget ist dafür vorgesehen, und bis wann soll das gelöst sein?`,
      du: (p) => `${p.echo ? `Bevor ich dir etwas zeige – du hast gesagt: „${p.echo}“. ` : 'Bevor ich dir etwas zeige: '}Wer entscheidet bei euch darüber? Welches Budget ist dafür vorgesehen, und bis wann soll das gelöst sein?`,
      en: (p) => `Before I show you anything: ${p.echo ? `you said “${p.echo}”. ` : ''}Who decides on this on your side, what budget is set aside for it, and by when does it need to be solved?`,
    },
  },
  no_qualification_meddpicc: {
    why: {
      de: () => 'Über Preis und Lösung wurde gesprochen, aber Entscheidungsprozess, wirtschaftlicher Entscheider und Erfolgskriterien blieben offen. In dieser Phase entscheidet genau das über die Prognose.',
      en: () => 'Price and solution were discussed, but the decision process, the economic buyer and the success criteria stayed open. At this stage those decide the forecast.',
    },
    coaching: {
      de: () => 'Mit MEDDPICC qualifizieren: Kennzahlen (Metrics), wirtschaftlicher Entscheider, Entscheidungskriterien und -prozess, Schmerz und Fürsprecher (Champion) gezielt erfragen.',
      en: () => 'Qualify with MEDDPICC: ask specifically about metrics, the economic buyer, decision criteria and process, the pain and the champion.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch kläre ich Entscheidungsprozess, wirtschaftlichen Entscheider und Erfolgskriterien, bevor ich über ein Angebot spreche.',
      en: () => 'In my next call I will clarify the decision process, the economic buyer and the success criteria before I discuss a proposal.',
    },
    say: {
      Sie: (p) => `${youSaid('Sie', p.echo)}wie läuft die Entscheidung bei Ihnen ab? Wer unterschreibt am Ende, und an welchen Kennzahlen messen Sie in einem halben Jahr, ob es sich gelohnt hat?`,
      du: (p) => `${youSaid('du', p.echo)}wie läuft die Entscheidung bei euch ab? Wer unterschreibt am Ende, und an welchen Kennzahlen misst du in einem halben Jahr, ob es sich gelohnt hat?`,
      en: (p) => `${youSaid('en', p.echo)}how does the decision work on your side? Who signs in the end, and which numbers will you look at in six months to know it was worth it?`,
    },
  },
  few_questions: {
    why: {
      de: (p) =>
        `Im ganzen Gespräch kam${p.questions === 1 ? ' nur eine Frage' : p.questions === 0 ? ' keine einzige Frage zur Situation der Kundin oder des Kunden' : `en nur ${p.questions} Fragen`} von der Verkäuferin oder dem Verkäufer${p.questions === 1 ? (p.open === 1 ? ', und sie war offen' : ', und sie war geschlossen') : p.questions > 1 ? (p.open === p.questions ? (p.questions === 2 ? ', beide offen' : ', alle offen') : `, ${p.open === 0 ? 'keine' : p.open === 1 ? 'eine' : p.open} davon offen`) : ''}; für ein Gespräch dieser Länge wären etwa ${p.target} sinnvoll. ${p.questions === 0 ? 'Aussagen allein liefern ein Nicken, aber keine Geschichte.' : p.open === p.questions ? 'Bei so wenigen Fragen bleibt die Geschichte hinter den Antworten unerzählt.' : 'Geschlossene Fragen und Aussagen liefern ein Ja oder Nein, aber keine Geschichte.'}`,
      en: (p) =>
        `The rep asked ${p.questions === 0 ? 'no question at all about the customer\'s situation' : p.questions === 1 ? 'only one question' : `only ${p.questions} questions`} in the whole call${p.questions === 1 ? (p.open === 1 ? ', an open one' : ', and a closed one') : p.questions > 1 ? (p.open === p.questions ? (p.questions === 2 ? ', both of them open' : ', all of them open') : `, ${p.open === 0 ? 'none' : p.open} of them open`) : ''}; a call of this length calls for about ${p.target}. ${p.questions === 0 ? 'Statements alone get a nod, not the story behind it.' : p.open === p.questions ? 'With so few questions, the story behind the answers stays untold.' : 'Closed questions and statements get a yes or no, not the story behind it.'}`,
    },
    coaching: {
      // No question at all: ask questions in the first place, not "turn closed questions into open ones".
      de: (p) =>
        p.questions === 0
          ? 'Überhaupt Fragen stellen: bevor etwas erklärt wird, mit offenen Wie- und Was-Fragen nach der heutigen Situation fragen und jede Antwort mit einer weiteren Frage vertiefen.'
          : p.open === p.questions
            ? p.questions === 1
              ? 'Die offene Frage war richtig, es blieb nur bei ihr: nach jeder Antwort mit einer weiteren Wie- oder Was-Frage nachfassen, statt direkt zu erklären.'
              : 'Die offenen Fragen waren richtig, es waren nur zu wenige: nach jeder Antwort mit einer weiteren Wie- oder Was-Frage nachfassen, statt direkt zu erklären.'
            : 'Geschlossene Fragen in kalibrierte, offene Fragen umbauen: mit Wie, Was oder Woran beginnen, damit die Kundin oder der Kunde erzählt und nicht nur bestätigt.',
      en: (p) =>
        p.questions === 0
          ? 'Ask questions in the first place: before explaining anything, ask open how and what questions about the customer\'s situation today, and follow every answer with another one.'
          : p.open === p.questions
            ? p.questions === 1
              ? 'The open question was right; it just stayed the only one: follow every answer with another how or what question instead of explaining straight away.'
              : 'The open questions were right; there were just too few: follow every answer with another how or what question instead of explaining straight away.'
            : 'Turn closed questions into calibrated, open ones: start with how or what so the customer tells the story instead of just confirming.',
    },
    commitment: {
      de: (p) => `Im nächsten Gespräch stelle ich mindestens ${p.target} Fragen, davon mindestens die Hälfte offen (Wie, Was, Woran), verteilt über das ganze Gespräch.`,
      en: (p) => `In my next call I will ask at least ${p.target} questions, at least half of them open (how, what), spread over the whole call.`,
    },
    say: {
      // After the customer already told the story with numbers: summarise and let them rank it, not "how are you handling that".
      Sie: (p) => (p.impactKnown ? `${mirror('Sie', p.echo)}darf ich kurz zusammenfassen, was ich gehört habe? Was davon möchten Sie als Erstes loswerden, und was wäre es Ihnen wert, wenn das wegfällt?` : `${mirror('Sie', p.echo)}wie gehen Sie heute damit um, und was würden Sie daran am liebsten als Erstes ändern?`),
      du: (p) => (p.impactKnown ? `${mirror('du', p.echo)}darf ich kurz zusammenfassen, was ich gehört habe? Was davon möchtest du als Erstes loswerden, und was wäre es dir wert, wenn das wegfällt?` : `${mirror('du', p.echo)}wie gehst du heute damit um, und was würdest du daran am liebsten als Erstes ändern?`),
      en: (p) => (p.impactKnown ? `${mirror('en', p.echo)}can I quickly sum up what I've heard? Which of it do you most want to get rid of first, and what would it be worth to you if it went away?` : `${mirror('en', p.echo)}how are you handling that today, and what would you most like to change about it first?`),
    },
  },
  // ---------------------------------------------------------------- listening (misses)
  monologue_trial: {
    why: {
      de: (p) => `Hier beginnt der längste Monolog des Gesprächs: ${secondsDe(p)} am Stück, bei einem Redeanteil von ${p.talkPct} %. Nach etwa einer Minute hört die Kundin oder der Kunde nicht mehr zu, und es fehlt jedes Signal, ob die Präsentation trifft.`,
      en: (p) => `This is where the longest monologue of the call starts: ${secondsEn(p)} in one go, with a talk share of ${p.talkPct}%. After about a minute the customer stops listening, and there is no signal whether the pitch lands.`,
    },
    coaching: {
      de: () => 'Erklärblöcke nach spätestens 60 Sekunden mit einer Testfrage (Trial Close) beenden: fragen, wie das bisher klingt und was davon am wichtigsten ist, dann die Antwort abwarten.',
      en: () => 'End every explanation after 60 seconds at most with a trial close: ask how it sounds so far and which part matters most, then wait for the answer.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch rede ich nie länger als eine Minute am Stück und schließe jeden Erklärblock mit einer Frage an die Kundin oder den Kunden ab.',
      en: () => 'In my next call I will never talk for more than a minute at a time and will end every explanation with a question to the customer.',
    },
    say: {
      Sie: (p) => `Bevor ich weitermache: ${p.echo ? `Sie hatten „${p.echo}“ erwähnt. ` : ''}Wie klingt das bis hierhin für Sie, und was davon ist für Sie am wichtigsten?`,
      du: (p) => `Bevor ich weitermache: ${p.echo ? `Du hattest „${p.echo}“ erwähnt. ` : ''}Wie klingt das bis hierhin für dich, und was davon ist für dich am wichtigsten?`,
      en: (p) => `Before I go on: ${p.echo ? `you mentioned “${p.echo}”. ` : ''}How does this sound so far, and which part matters most to you?`,
    },
  },
  monologue_calibrated: {
    why: {
      de: (p) => `Der längste Monolog des Gesprächs: ${secondsDe(p)} ohne Unterbrechung, bei einem Redeanteil von ${p.talkPct} %. In dieser Zeit erfährt die Verkäuferin oder der Verkäufer nichts Neues über die Kundin oder den Kunden.`,
      en: (p) => `The longest monologue of the call: ${secondsEn(p)} without a break, with a talk share of ${p.talkPct}%. During that time the rep learns nothing new about the customer.`,
    },
    coaching: {
      de: () => 'Statt weiterzureden eine kalibrierte Frage stellen (Wie ...? Was ...?), die das Gespräch an die Kundin oder den Kunden zurückgibt, und danach bewusst schweigen.',
      en: () => 'Instead of talking on, ask a calibrated question (how ...? what ...?) that hands the conversation back to the customer, and then stay quiet.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch beende ich jeden Redeblock nach spätestens einer Minute mit einer Wie- oder Was-Frage und lasse danach mindestens drei Sekunden Pause.',
      en: () => 'In my next call I will end every block of talking after one minute at most with a how or what question and then leave at least three seconds of silence.',
    },
    say: {
      Sie: (p) => `${p.echo ? `Sie hatten „${p.echo}“ gesagt. ` : ''}Was ist Ihnen dabei am wichtigsten, und wie sieht das bei Ihnen im Alltag aus?`,
      du: (p) => `${p.echo ? `Du hattest „${p.echo}“ gesagt. ` : ''}Was ist dir dabei am wichtigsten, und wie sieht das bei dir im Alltag aus?`,
      en: (p) => `${p.echo ? `You said “${p.echo}”. ` : ''}What matters most to you here, and what does that look like for you day to day?`,
    },
  },
  talk_share: {
    why: {
      de: (p) => `Der Redeanteil auf der Verkaufsseite lag bei ${p.talkPct} % (Richtwert aus erfolgreichen Gesprächen: rund 43 %). Auch an dieser Stelle wird das Wort übernommen, statt die Aussage der Kundin oder des Kunden aufzugreifen.`,
      en: (p) => `The rep had a talk share of ${p.talkPct}% (the benchmark from successful calls is around 43%). Here again the rep takes over instead of picking up what the customer just said.`,
    },
    coaching: {
      de: () => 'Spiegeln: die letzten ein bis drei Worte der Kundin oder des Kunden als Frage wiederholen und dann schweigen. Das kostet zwei Sekunden und bringt die Person zum Weitererzählen.',
      en: () => 'Mirror: repeat the customer\'s last one to three words as a question, then stay quiet. It takes two seconds and gets them to keep talking.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch halte ich meinen Redeanteil unter 50 %: nach jeder wichtigen Aussage der Kundin oder des Kunden spiegle ich zuerst die letzten Worte, bevor ich selbst etwas erkläre.',
      en: () => 'In my next call I will keep my talk share under 50%: after every important statement I will first mirror the customer\'s last words before I explain anything myself.',
    },
    say: {
      Sie: (p) => (p.echo ? `„${p.echo}?“ … Erzählen Sie mir mehr darüber: Wie wirkt sich das bei Ihnen aus?` : 'Erzählen Sie mir mehr darüber: Wie wirkt sich das bei Ihnen aus?'),
      du: (p) => (p.echo ? `„${p.echo}?“ … Erzähl mir mehr darüber: Wie wirkt sich das bei dir aus?` : 'Erzähl mir mehr darüber: Wie wirkt sich das bei dir aus?'),
      en: (p) => (p.echo ? `“${p.echo}?” … Tell me more about that: how does it affect you?` : 'Tell me more about that: how does it affect you?'),
    },
  },
  interruption: {
    why: {
      de: () => 'Hier fällt die Verkaufsseite der Kundin oder dem Kunden ins Wort: Der Satz bricht ab, bevor der Punkt gemacht ist. Wer unterbricht, hört nicht zu, und gerade am Problem geht so die wichtigste Information verloren.',
      en: () => 'Here the rep cuts the customer off: the sentence breaks off before the point is made. Interrupting is the opposite of listening, and right at the problem it loses the most important information.',
    },
    coaching: {
      de: () => 'Spiegeln statt unterbrechen: ausreden lassen, zwei Sekunden warten, dann die letzten ein bis drei Worte als Frage wiederholen und schweigen. So erzählt die Person weiter, statt um das Wort zu kämpfen.',
      en: () => 'Mirror instead of interrupting: let the customer finish, wait two seconds, then repeat their last one to three words as a question and stay quiet. They keep talking instead of fighting for the floor.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch lasse ich die Kundin oder den Kunden immer ausreden: Nach jeder Antwort warte ich zwei Sekunden und spiegle die letzten Worte, bevor ich selbst etwas sage.',
      en: () => 'In my next call I will always let the customer finish: after every answer I will wait two seconds and mirror their last words before I say anything myself.',
    },
    say: {
      Sie: (p) => `Entschuldigung, ich bin Ihnen ins Wort gefallen${p.echo ? ` – Sie waren bei „${p.echo}“` : ''}. Erzählen Sie bitte weiter: Wie läuft das dann genau, und was bedeutet das für Sie?`,
      du: (p) => `Sorry, ich bin dir reingegrätscht${p.echo ? ` – du warst bei „${p.echo}“` : ''}. Erzähl bitte weiter: Wie läuft das dann genau, und was heißt das für dich?`,
      en: (p) => `Sorry, I cut you off${p.echo ? ` – you were saying “${p.echo}”` : ''}. Please go on: what happens then, and what does it mean for you?`,
    },
  },
  // ---------------------------------------------------------------- value (misses)
  feature_dump: {
    why: {
      de: (p) => `Hier werden ${p.features} Funktionen aufgezählt, ohne sie mit einem Problem zu verbinden, das die Kundin oder der Kunde selbst genannt hat. Eine Funktionsliste überzeugt niemanden; überzeugend ist die Lösung des eigenen Problems.`,
      en: (p) => `Here ${p.features} features are listed without tying them to a problem the customer named. A feature list convinces nobody; solving their own problem does.`,
    },
    coaching: {
      de: () => 'Höchstens drei Funktionen zeigen, jede mit einem Satz der Kundin oder des Kunden einleiten und mit einer Need-Payoff-Frage abschließen: Was würde es bringen, wenn das gelöst wäre?',
      en: () => 'Show three features at most, introduce each one with something the customer said, and close with a need-payoff question: what would it mean if this were solved?',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch verbinde ich jede Funktion, die ich zeige, mit einem Problem, das die Kundin oder der Kunde selbst genannt hat, und zeige höchstens drei Funktionen.',
      en: () => 'In my next call I will tie every feature I show to a problem the customer named themselves, and show three features at most.',
    },
    say: {
      Sie: (p) => `${youSaid('Sie', p.echo)}angenommen, genau das wäre in vier Wochen gelöst: Was würde das für Sie und Ihr Team bedeuten?`,
      du: (p) => `${youSaid('du', p.echo)}angenommen, genau das wäre in vier Wochen gelöst: Was würde das für dich und dein Team bedeuten?`,
      en: (p) => `${youSaid('en', p.echo)}suppose exactly that was solved four weeks from now: what would that mean for you and your team?`,
    },
  },
  feature_dump_gap: {
    why: {
      de: (p) => `Hier werden ${p.features} Funktionen vorgestellt, bevor klar ist, wo die Kundin oder der Kunde heute steht und wo sie oder er hinwill. Ohne diese Lücke hat keine Funktion einen Wert.`,
      en: (p) => `Here ${p.features} features are presented before it is clear where the customer stands today and where they want to be. Without that gap no feature has any value.`,
    },
    coaching: {
      de: () => 'Gap Selling: erst den Ist-Zustand und den gewünschten Zielzustand erfragen, die Lücke dazwischen beziffern lassen und erst dann zeigen, wie das Produkt diese Lücke schließt.',
      en: () => 'Gap selling: first ask about the current state and the desired future state, get the gap quantified, and only then show how the product closes that gap.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch zeige ich erst dann etwas vom Produkt, wenn ich Ist-Zustand, Ziel und die Lücke dazwischen in den Worten der Kundin oder des Kunden kenne.',
      en: () => 'In my next call I will not show any of the product until I know the current state, the goal and the gap between them in the customer\'s own words.',
    },
    say: {
      Sie: (p) => `${p.echo ? `Bevor ich Ihnen Funktionen zeige – Sie sagten: „${p.echo}“. ` : 'Bevor ich Ihnen Funktionen zeige: '}Wie läuft das heute bei Ihnen ab, und wo wollen Sie in sechs Monaten stehen?`,
      du: (p) => `${p.echo ? `Bevor ich dir Funktionen zeige – du hast gesagt: „${p.echo}“. ` : 'Bevor ich dir Funktionen zeige: '}Wie läuft das heute bei euch ab, und wo willst du in sechs Monaten stehen?`,
      en: (p) => `Before I show you features: ${p.echo ? `you said “${p.echo}”. ` : ''}How does this work for you today, and where do you want to be in six months?`,
    },
  },
  pitch_early: {
    why: {
      de: () => 'Die Präsentation beginnt hier, bevor ein einziges Problem der Kundin oder des Kunden auf dem Tisch liegt. Damit bleibt der Nutzen abstrakt und austauschbar.',
      en: () => 'The pitch starts here before a single customer problem is on the table. That keeps the value abstract and interchangeable.',
    },
    coaching: {
      de: () => 'Gap Selling: zuerst den heutigen Zustand und das Ziel erfragen, dann die Lücke benennen lassen; erst danach das Angebot genau auf diese Lücke zuschneiden.',
      en: () => 'Gap selling: first ask about the current state and the goal, let the customer name the gap, and only then tailor the offer to that gap.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch stelle ich mindestens drei Fragen zum Ist-Zustand und zum Ziel, bevor ich unser Produkt zum ersten Mal erwähne.',
      en: () => 'In my next call I will ask at least three questions about the current state and the goal before I mention our product for the first time.',
    },
    say: {
      Sie: (p) => `${p.echo ? `Bevor ich etwas über uns erzähle – Sie sagten: „${p.echo}“. ` : 'Bevor ich etwas über uns erzähle: '}Wie läuft das heute bei Ihnen, und was müsste sich ändern, damit Sie in einem halben Jahr zufrieden sind?`,
      du: (p) => `${p.echo ? `Bevor ich etwas über uns erzähle – du hast gesagt: „${p.echo}“. ` : 'Bevor ich etwas über uns erzähle: '}Wie läuft das heute bei euch, und was müsste sich ändern, damit du in einem halben Jahr zufrieden bist?`,
      en: (p) => `Before I tell you about us: ${p.echo ? `you said “${p.echo}”. ` : ''}How does this work for you today, and what would have to change for you to be happy six months from now?`,
    },
  },
  value_unlinked: {
    why: {
      de: () => 'Das Angebot wird hier allgemein beschrieben, ohne Bezug zu dem, was die Kundin oder der Kunde vorher als Problem geschildert hat. So muss die Person die Verbindung selbst herstellen, und meistens tut sie das nicht.',
      en: () => 'The offer is described in general terms here, with no link to what the customer described as their problem earlier. That leaves the customer to make the connection, and most of the time they will not.',
    },
    coaching: {
      de: (p) => `Jede Aussage zum Produkt mit den Worten der Kundin oder des Kunden beginnen (${forYou(p, '„Sie hatten gesagt …“', '„Du hattest gesagt …“')}) und mit einer Need-Payoff-Frage abschließen.`,
      en: () => 'Start every statement about the product with the customer\'s own words ("you said ...") and finish it with a need-payoff question.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch leite ich jede Produktaussage mit einem Zitat der Kundin oder des Kunden ein und frage danach, was die Lösung bringen würde.',
      en: () => 'In my next call I will introduce every product statement with something the customer said and then ask what solving it would be worth to them.',
    },
    say: {
      Sie: (p) => `${youSaid('Sie', p.echo)}genau dafür ist das gedacht. Wenn das künftig wegfällt: Was würden Sie mit der gewonnenen Zeit machen?`,
      du: (p) => `${youSaid('du', p.echo)}genau dafür ist das gedacht. Wenn das künftig wegfällt: Was würdest du mit der gewonnenen Zeit machen?`,
      en: (p) => `${youSaid('en', p.echo)}that is exactly what this is for. If that went away: what would you do with the time you get back?`,
    },
  },
  risky_promise: {
    why: {
      de: () => 'Hier wird ohne jede Einschränkung etwas zugesagt, was auf der Verkaufsseite niemand allein in der Hand hat (ein Termin, eine Lieferung, ein Ergebnis). Tritt es nicht ein, kostet das Vertrauen und oft den Auftrag; und es bleibt offen, warum der Kundin oder dem Kunden genau dieser Punkt so wichtig ist.',
      en: () => 'Here the rep gives an unqualified guarantee on something the rep does not control alone (a date, a delivery, a result). If it does not happen, it costs trust and often the customer; and it leaves open why this point matters so much to the customer.',
    },
    coaching: {
      de: () => 'Nur zusagen, was man selbst in der Hand hat, und Bedingungen offen nennen („wenn die Daten bis Mittwoch da sind, …“). Dann nachfragen, warum der Termin oder das Ergebnis so wichtig ist: Dahinter steckt meist der eigentliche Kaufgrund.',
      en: () => 'Only commit to what you control yourself and name the conditions openly ("if we have the data by Wednesday, ..."). Then ask why that date or result matters so much: that is usually where the real reason to buy sits.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch sage ich nichts ohne Bedingung zu, was ich nicht selbst in der Hand habe, und frage stattdessen, warum der Termin oder das Ergebnis so wichtig ist.',
      en: () => 'In my next call I will not guarantee anything I do not control myself, and will ask instead why that date or result matters so much.',
    },
    say: {
      Sie: (p) => `${mirror('Sie', p.echo)}das ist Ihnen wichtig, deshalb sage ich Ihnen nur zu, was ich selbst in der Hand habe, und kläre den Rest heute noch mit unserem Team. Bis wann muss es bei Ihnen spätestens stehen, und was hängt daran?`,
      du: (p) => `${mirror('du', p.echo)}das ist dir wichtig, deshalb sage ich dir nur zu, was ich selbst in der Hand habe, und kläre den Rest heute noch mit unserem Team. Bis wann muss es bei dir spätestens stehen, und was hängt daran?`,
      en: (p) => `${mirror('en', p.echo)}that matters to you, so I will only commit to what I control myself and check the rest with our team today. What is the latest date it has to be in place for you, and what depends on it?`,
    },
  },
  // ---------------------------------------------------------------- objection handling (misses)
  concession: {
    why: {
      de: () => 'Hier wird ein Preisnachlass oder eine Zugabe angeboten, ohne dass danach gefragt wurde, bevor der Einwand geklärt war oder ohne etwas dafür zu verlangen. Das macht den Preis verhandelbar, ohne dass klar ist, woran die Entscheidung hängt, und der nächste Einwand holt das nächste Zugeständnis.',
      en: () => 'A discount or a free extra is offered here without being asked for, before the objection was explored or without asking for anything in return. That makes the price negotiable while it is still unclear what the decision depends on, and the next objection will fetch the next concession.',
    },
    coaching: {
      de: () => 'Geben und Nehmen: nichts verschenken. Erst fragen, woran die Entscheidung hängt; ein Zugeständnis nur im Tausch gegen eine Gegenleistung (Laufzeit, Referenz, Unterschrift bis zu einem festen Datum) anbieten, oder den Preis halten.',
      en: () => 'Trade, don\'t give: first ask what the decision depends on; offer a concession only in exchange for something (a longer term, a reference, a signature by a set date), or keep the price.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch biete ich keinen Rabatt und keine Zugabe an, bevor ich gefragt habe, woran die Entscheidung hängt, und verlange für jedes Zugeständnis eine Gegenleistung.',
      en: () => 'In my next call I will not offer a discount or a free extra before I have asked what the decision depends on, and I will ask for something in return for every concession.',
    },
    say: {
      Sie: (p) => `${p.echo ? `„${p.echo}“ – ` : ''}${p.negotiation === false ? 'bevor ich etwas obendrauf lege' : 'bevor wir über den Preis sprechen'}: Was bräuchten Sie noch, um sich für uns zu entscheiden? ${p.negotiation === false ? 'Wenn ich etwas dazugeben kann' : 'Wenn ich beim Preis etwas bewegen kann'}, dann im Gegenzug, zum Beispiel für eine längere Laufzeit oder eine Unterschrift bis zu einem festen Datum.`,
      du: (p) => `${p.echo ? `„${p.echo}“ – ` : ''}${p.negotiation === false ? 'bevor ich etwas obendrauf lege' : 'bevor wir über den Preis sprechen'}: Was bräuchtest du noch, um dich für uns zu entscheiden? ${p.negotiation === false ? 'Wenn ich etwas dazugeben kann' : 'Wenn ich beim Preis etwas bewegen kann'}, dann im Gegenzug, zum Beispiel für eine längere Laufzeit oder eine Unterschrift bis zu einem festen Datum.`,
      en: (p) => `${p.echo ? `“${p.echo}” – ` : ''}${p.negotiation === false ? 'before I put anything extra on the table' : 'before we talk about price'}: what would you still need to go ahead with us? ${p.negotiation === false ? 'If I can add something' : 'If I can move on price'}, it will be in return for something, say a longer term or a signature by a set date.`,
    },
  },
  // ---------------------------------------------------------------- next step (misses)
  no_next_step: {
    why: {
      de: () => 'Das Gespräch endet ohne vereinbarten nächsten Schritt: kein Termin, kein Datum, keine Verantwortlichkeit. Ohne festen Folgetermin verliert ein Deal in den meisten Fällen an Fahrt.',
      en: () => 'The call ends without an agreed next step: no meeting, no date, no owner. Without a fixed follow-up most deals lose momentum.',
    },
    coaching: {
      de: () => 'Calendar Close: noch im Gespräch einen konkreten Termin mit Datum und Uhrzeit vorschlagen, die Zustimmung abholen und die Einladung sofort verschicken.',
      en: () => 'Calendar close: propose a concrete date and time while still on the call, get a yes, and send the invite right away.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch beende ich das Telefonat erst, wenn ein Folgetermin mit Datum und Uhrzeit steht, und verschicke die Kalendereinladung noch während des Gesprächs.',
      en: () => 'In my next call I will not hang up until a follow-up with a date and time is agreed, and I will send the calendar invite while we are still talking.',
    },
    say: {
      Sie: (p) =>
        p.openObjection
          ? OPEN_OBJECTION_CLOSE.Sie(p.echo)
          : p.decider
          ? DECIDER_CLOSE.Sie(p.echo, p.decider)
          : `${p.echo ? `Sie sagten „${p.echo}“ – ${p.plainFact ? 'danke, das hilft mir, Ihre Lage zu verstehen. Lassen Sie uns den nächsten Schritt gleich festmachen.' : 'lassen Sie uns da dranbleiben.'} ` : 'Lassen Sie uns direkt den nächsten Schritt festmachen. '}Ich schlage Dienstag um 10 Uhr für 30 Minuten vor und schicke Ihnen gleich die Einladung. Passt Ihnen das?`,
      du: (p) =>
        p.openObjection
          ? OPEN_OBJECTION_CLOSE.du(p.echo)
          : p.decider
          ? DECIDER_CLOSE.du(p.echo, p.decider)
          : `${p.echo ? `Du hast gesagt „${p.echo}“ – ${p.plainFact ? 'danke, das hilft mir, deine Lage zu verstehen. Lass uns den nächsten Schritt gleich festmachen.' : 'lass uns da dranbleiben.'} ` : 'Lass uns direkt den nächsten Schritt festmachen. '}Ich schlage Dienstag um 10 Uhr für 30 Minuten vor und schicke dir gleich die Einladung. Passt dir das?`,
      en: (p) =>
        p.openObjection
          ? OPEN_OBJECTION_CLOSE.en(p.echo)
          : p.decider
          ? DECIDER_CLOSE.en(p.echo, p.decider)
          : `${p.echo ? `You said “${p.echo}” – ${p.plainFact ? "thanks, that helps me understand where you stand. Let's lock in the next step right now." : "let's keep that moving."} ` : "Let's lock in the next step right now. "}I suggest Tuesday at 10 for 30 minutes, and I'll send you the invite right away. Does that work for you?`,
    },
  },
  vague_next_step: {
    why: {
      de: () => 'Das Gespräch endet mit einer offenen Absichtserklärung statt mit einem Termin. „Ich melde mich“ oder „Schicken Sie mir was“ verschiebt die Entscheidung, und die Kontrolle über den Prozess geht verloren.',
      en: () => 'The call ends with a loose intention instead of a meeting. "I\'ll get back to you" or "send me something" postpones the decision, and the rep loses control of the process.',
    },
    coaching: {
      de: () => 'Calendar Close statt offener Zusage: den nächsten Schritt mit Datum, Uhrzeit und Inhalt vereinbaren und die Einladung noch im Gespräch verschicken.',
      en: () => 'Use a calendar close instead of a loose promise: agree the next step with a date, time and purpose and send the invite during the call.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch ersetze ich „ich melde mich“ durch einen konkreten Terminvorschlag mit Datum und Uhrzeit und verschicke die Einladung, bevor wir auflegen.',
      en: () => 'In my next call I will replace "I\'ll be in touch" with a concrete proposal with date and time and send the invite before we hang up.',
    },
    say: {
      Sie: (p) => p.openObjection ? OPEN_OBJECTION_CLOSE.Sie(p.echo) : p.decider ? DECIDER_CLOSE.Sie(p.echo, p.decider) : `${p.echo ? `Sie sagten „${p.echo}“. ` : ''}Statt dass ich mich irgendwann melde: Wollen wir gleich einen Termin festmachen, etwa Donnerstag um 14 Uhr für 20 Minuten? Dann schicke ich Ihnen jetzt die Einladung.`,
      du: (p) => p.openObjection ? OPEN_OBJECTION_CLOSE.du(p.echo) : p.decider ? DECIDER_CLOSE.du(p.echo, p.decider) : `${p.echo ? `Du hast gesagt „${p.echo}“. ` : ''}Statt dass ich mich irgendwann melde: Wollen wir gleich einen Termin festmachen, etwa Donnerstag um 14 Uhr für 20 Minuten? Dann schicke ich dir jetzt die Einladung.`,
      en: (p) => p.openObjection ? OPEN_OBJECTION_CLOSE.en(p.echo) : p.decider ? DECIDER_CLOSE.en(p.echo, p.decider) : `${p.echo ? `You said “${p.echo}”. ` : ''}Rather than me getting back to you at some point: shall we fix a time now, say Thursday at 2 pm for 20 minutes? Then I'll send you the invite right away.`,
    },
  },
  undated_next_step: {
    why: {
      de: (p) => `Ein nächster Schritt ist angesprochen, aber ohne Datum und Uhrzeit. „${p.undated ? p.undated[0].toUpperCase() + p.undated.slice(1) : 'Nächste Woche'}“ ist kein Termin; ohne Kalendereintrag rutscht er erfahrungsgemäß nach hinten.`,
      en: (p) => `A next step was mentioned, but without a date and time. "${p.undated ? p.undated[0].toUpperCase() + p.undated.slice(1) : 'Next week'}" is not a meeting; without a calendar entry it tends to slip.`,
    },
    coaching: {
      de: () => 'Calendar Close: den vagen Zeitraum in einen konkreten Termin übersetzen (Tag, Uhrzeit, Dauer, Teilnehmer) und die Einladung sofort schicken.',
      en: () => 'Calendar close: turn the vague time frame into a concrete slot (day, time, length, attendees) and send the invite immediately.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch mache ich aus jedem „nächste Woche“ einen Termin mit Tag und Uhrzeit und schicke die Einladung, solange wir noch sprechen.',
      en: () => 'In my next call I will turn every "next week" into a meeting with a day and time and send the invite while we are still talking.',
    },
    say: {
      Sie: (p) => `${p.plainFact ? `${youSaid('Sie', p.echo)}lassen Sie uns dranbleiben und den nächsten Termin gleich festmachen` : `${mirror('Sie', p.echo)}lassen Sie uns das gleich festmachen`}: Passt Ihnen Mittwoch um 11 Uhr? Dann schicke ich Ihnen sofort die Einladung.`,
      du: (p) => `${p.plainFact ? `${youSaid('du', p.echo)}lass uns dranbleiben und den nächsten Termin gleich festmachen` : `${mirror('du', p.echo)}lass uns das gleich festmachen`}: Passt dir Mittwoch um 11 Uhr? Dann schicke ich dir sofort die Einladung.`,
      en: (p) => `${p.plainFact ? `${youSaid('en', p.echo)}let's keep this moving and lock in the next meeting right now` : `${mirror('en', p.echo)}let's lock that in right now`}: does Wednesday at 11 work for you? Then I'll send you the invite straight away.`,
    },
  },
  // The customer's "we'll get back to you", accepted by the rep: the ball is in the customer's court, with no date.
  accepted_get_back: {
    why: {
      de: () => 'Hier wurde „wir melden uns“ einfach akzeptiert. Damit liegt der nächste Schritt allein bei der Kundenseite, ohne Datum; intern verliert das Thema schnell an Vorrang, und der Vertrieb kann nur noch hinterhertelefonieren.',
      en: () => 'Here "we\'ll get back to you" was simply accepted. That leaves the next step with the customer alone and without a date; internally the topic loses priority fast, and all the rep can do is chase.',
    },
    coaching: {
      de: () => 'Calendar Close für die interne Abstimmung: fragen, bis wann sie intern gesprochen haben, und dafür gleich einen kurzen, datierten Rückruf vereinbaren, mit Einladung.',
      en: () => 'Calendar close on the internal decision: ask when they will have talked it through and fix a short, dated check-in for right after, with an invite.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch beantworte ich „wir melden uns“ mit der Frage, bis wann sie intern gesprochen haben, und vereinbare dafür einen festen Rückruftermin.',
      en: () => 'In my next call I will answer "we\'ll get back to you" by asking when they will have talked it through, and fix a dated check-in for right after.',
    },
    say: {
      Sie: (p) => `${mirror('Sie', p.echo)}gern, besprechen Sie das in Ruhe. Bis wann haben Sie intern gesprochen? Dann lassen Sie uns für direkt danach 15 Minuten festhalten, etwa Donnerstag um 10 Uhr, und Sie sagen mir, wo Sie stehen. Ich schicke Ihnen gleich die Einladung.`,
      du: (p) => `${mirror('du', p.echo)}gern, besprecht das in Ruhe. Bis wann habt ihr intern gesprochen? Dann lass uns für direkt danach 15 Minuten festhalten, etwa Donnerstag um 10 Uhr, und du sagst mir, wo ihr steht. Ich schicke dir gleich die Einladung.`,
      en: (p) => `${mirror('en', p.echo)}of course, take the time to discuss it. When will you have talked it through? Let's put 15 minutes in right after that, say Thursday at 10, and you tell me where you stand. I'll send the invite now.`,
    },
  },
  unconfirmed_next_step: {
    why: {
      de: () => 'Ein Termin wurde genannt, aber nicht verbindlich gemacht: keine klare Zusage und keine Einladung im Kalender. So bleibt der Termin ein Vorschlag.',
      en: () => 'A date was mentioned but not made binding: no clear yes and no calendar invite. So the meeting is still just a suggestion.',
    },
    coaching: {
      de: () => 'Calendar Close zu Ende führen: ausdrücklich nach der Zusage fragen, Teilnehmer und Inhalt klären und die Einladung noch im Gespräch verschicken.',
      en: () => 'Finish the calendar close: ask explicitly for a yes, agree attendees and agenda, and send the invite during the call.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch hole ich für jeden genannten Termin eine ausdrückliche Zusage ein und schicke die Einladung, bevor wir auflegen.',
      en: () => 'In my next call I will get an explicit yes for every date mentioned and send the invite before we hang up.',
    },
    say: {
      Sie: (p) => `${mirror('Sie', p.echo)}dann halten wir das fest: Ich schicke Ihnen jetzt die Einladung, und Sie bestätigen kurz, ob der Termin so passt – wer sollte von Ihrer Seite noch dabei sein?`,
      du: (p) => `${mirror('du', p.echo)}dann halten wir das fest: Ich schicke dir jetzt die Einladung, und du bestätigst kurz, ob der Termin so passt – wer sollte von deiner Seite noch dabei sein?`,
      en: (p) => `${mirror('en', p.echo)}then let's make it official: I'll send you the invite now, and you confirm that the time works – who else from your side should join?`,
    },
  },
  no_agenda: {
    why: {
      de: () => 'Zu Beginn wurde kein Ziel und kein Ablauf vereinbart. Ohne diese Absprache ist am Ende unklar, wer was entscheidet, und der nächste Schritt wird zur Verhandlungssache.',
      en: () => 'No goal or agenda was agreed at the start. Without that agreement nobody knows at the end who decides what, and the next step turns into a negotiation.',
    },
    coaching: {
      de: () => 'Sandler Upfront Contract: in der ersten Minute Zeitrahmen, Ziel und Ablauf vorschlagen und vereinbaren, dass am Ende gemeinsam über den nächsten Schritt entschieden wird.',
      en: () => 'Sandler upfront contract: in the first minute propose the time frame, goal and agenda, and agree that you will decide on the next step together at the end.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch nenne ich in der ersten Minute Ziel, Ablauf und Zeitrahmen und vereinbare, dass wir am Ende gemeinsam über den nächsten Schritt entscheiden.',
      en: () => 'In my next call I will state the goal, agenda and time frame in the first minute and agree that we decide on the next step together at the end.',
    },
    say: {
      Sie: (p) => `Danke für Ihre Zeit. ${p.echo ? `Sie hatten „${p.echo}“ angesprochen. ` : ''}Mein Vorschlag für die nächsten 30 Minuten: Sie erzählen mir, wie es bei Ihnen läuft, ich zeige nur, was dazu passt, und am Ende entscheiden wir gemeinsam, ob ein nächster Termin Sinn ergibt. Passt das für Sie?`,
      du: (p) => `Danke für deine Zeit. ${p.echo ? `Du hattest „${p.echo}“ angesprochen. ` : ''}Mein Vorschlag für die nächsten 30 Minuten: Du erzählst mir, wie es bei euch läuft, ich zeige nur, was dazu passt, und am Ende entscheiden wir gemeinsam, ob ein nächster Termin Sinn ergibt. Passt das für dich?`,
      en: (p) => `Thanks for your time. ${p.echo ? `You brought up “${p.echo}”. ` : ''}Here is what I suggest for the next 30 minutes: you tell me how things work today, I only show what fits, and at the end we decide together whether a next meeting makes sense. Does that work for you?`,
    },
  },
  // ---------------------------------------------------------------- stretch goals (good calls)
  stretch_discovery: {
    why: {
      // metrics.pains counts problem sentences; without one, the quote is a number the customer put on something.
      de: (p) =>
        p.pains > 0
          ? 'Bei diesem Problem wäre noch eine Ebene mehr möglich gewesen: seit wann es besteht, was schon versucht wurde und wer im Unternehmen am meisten darunter leidet.'
          : 'Hier hat die Kundin oder der Kunde etwas beziffert; da wäre noch eine Ebene mehr möglich gewesen: seit wann es so ist, was schon versucht wurde und wer im Unternehmen am meisten darunter leidet.',
      en: (p) =>
        p.pains > 0
          ? 'On this problem there was room for one more level: how long it has existed, what has been tried and who in the company suffers most from it.'
          : 'Here the customer put a number on something; there was room for one more level: how long it has been like this, what has been tried and who in the company suffers most from it.',
    },
    coaching: {
      de: () => 'Den Sandler-Schmerztrichter bis zum Ende gehen: nach den Auswirkungen auch nach der persönlichen Bedeutung für die Gesprächsperson fragen.',
      en: () => 'Take the Sandler pain funnel all the way: after the business impact, also ask what it means for the person in front of you.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch frage ich beim wichtigsten Problem zusätzlich, was es für meinen Gesprächspartner persönlich bedeutet, wenn es gelöst wird.',
      en: () => 'In my next call I will also ask, for the most important problem, what solving it would mean for my counterpart personally.',
    },
    say: {
      Sie: (p) => `${youSaid('Sie', p.echo)}seit wann beschäftigt Sie das schon, und was bedeutet es für Sie persönlich, wenn das endlich gelöst ist?`,
      du: (p) => `${youSaid('du', p.echo)}seit wann beschäftigt dich das schon, und was bedeutet es für dich persönlich, wenn das endlich gelöst ist?`,
      en: (p) => `${youSaid('en', p.echo)}how long has this been on your plate, and what would it mean for you personally to finally have it solved?`,
    },
  },
  stretch_listening: {
    why: {
      de: () => 'Auf die wichtigste Aussage der Kundin oder des Kunden folgte hier direkt die eigene Antwort. Im ganzen Gespräch fehlte eine Zusammenfassung in eigenen Worten, die zeigt, dass die Aussage wirklich angekommen ist.',
      en: () => 'The customer\'s most important point was followed straight away by the rep\'s own answer. Nowhere in the call was it summarised back, which is what shows that the point really landed.',
    },
    coaching: {
      de: () => 'Labeling nach Chris Voss: die Lage der Kundin oder des Kunden mit „Es klingt so, als ...“ benennen und dann schweigen, damit die Person selbst ergänzt.',
      en: () => 'Labeling, after Chris Voss: name the customer\'s situation with "it sounds like ..." and then stay quiet so they add to it themselves.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch fasse ich mindestens zweimal zusammen, was die Kundin oder der Kunde gesagt hat, und frage, ob ich es richtig verstanden habe.',
      en: () => 'In my next call I will summarise what the customer said at least twice and ask whether I got it right.',
    },
    say: LABEL_SAY,
  },
  stretch_label: {
    why: {
      de: () => 'Gespiegelt oder zusammengefasst wurde in diesem Gespräch schon, gut so. Die nächste Stufe: auch die Lage oder Stimmung hinter der Aussage benennen, etwa an dieser Stelle nach dem wichtigsten Problem.',
      en: () => 'The rep already mirrored or summarised the customer\'s points, which is good. The next level: also name the situation or feeling behind them, for example here, after the most important problem.',
    },
    coaching: {
      de: () => 'Labeling nach Chris Voss: mit „Es klingt so, als ...“ benennen, was die Person gerade beschäftigt, und dann schweigen, damit sie selbst ergänzt.',
      en: () => 'Labeling, after Chris Voss: name what is weighing on the customer with "it sounds like ...", then stay quiet so they add to it themselves.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch benenne ich beim wichtigsten Problem mindestens einmal die Stimmung dahinter („Es klingt so, als ...“) und warte dann die Antwort ab.',
      en: () => 'In my next call I will label the feeling behind the most important problem at least once ("it sounds like ...") and then wait for the answer.',
    },
    say: LABEL_SAY,
  },
  stretch_talk_share: {
    why: {
      de: (p) => `Der Redeanteil auf der Verkaufsseite lag bei ${p.talkPct} %, über dem Richtwert von rund 43 % aus erfolgreichen Gesprächen. Hier ist einer der längsten Redebeiträge; ${p.handedOver ? 'kürzer gefasst, bevor die Frage am Ende kommt' : 'kürzer gefasst und mit einer Frage beendet'}, hätte die Kundin oder der Kunde früher wieder das Wort gehabt.`,
      en: (p) => `The rep had a talk share of ${p.talkPct}%, above the benchmark of around 43% from successful calls. This is one of the rep's longest turns; ${p.handedOver ? 'shorter before the question at its end' : 'shorter and ended with a question'}, it would have given the customer the floor sooner.`,
    },
    coaching: {
      // The same move as the line in what_to_say_instead: pick up the customer's words, hand over with an open question.
      de: (p) => `Erklärungen auf zwei, drei Sätze kürzen und mit einer kalibrierten Frage übergeben, die an die Worte der Kundin oder des Kunden anknüpft (${forYou(p, '„Was fehlt Ihnen noch, damit es passt?“', '„Was fehlt dir noch, damit es passt?“')}); dann schweigen, damit die Person weitererzählt.`,
      en: () => 'Cut explanations to two or three sentences and hand over with a calibrated question that picks up the customer\'s own words ("what is still missing for it to fit?"); then stay quiet so they keep talking.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch halte ich meinen Redeanteil unter 50 %: ich beende jede Erklärung nach wenigen Sätzen mit einer offenen Frage, die an die Worte der Kundin oder des Kunden anknüpft.',
      en: () => 'In my next call I will keep my talk share under 50%: I will end every explanation after a few sentences with an open question that picks up the customer\'s own words.',
    },
    say: {
      // Quoted at an explanation of 20 words or more (never a mirror): "how does that look so far?" checks back on it.
      Sie: (p) => `${youSaid('Sie', p.echo)}${p.echo ? 'wie' : 'Wie'} sehen Sie das bis hierhin, und was fehlt Ihnen noch, damit es für Sie passt?`,
      du: (p) => `${youSaid('du', p.echo)}${p.echo ? 'wie' : 'Wie'} siehst du das bis hierhin, und was fehlt dir noch, damit es für dich passt?`,
      en: (p) => `${youSaid('en', p.echo)}${p.echo ? 'how' : 'How'} does that look to you so far, and what is still missing for it to fit?`,
    },
  },
  stretch_value_quantify: {
    why: {
      de: (p) => `${p.pitched ? 'Das Angebot war gut mit den Problemen verknüpft, und die' : 'Die'} Kundin oder der Kunde hat den Nutzen schon selbst beschrieben. Was noch fehlt: eine Zahl für diesen Nutzen, mit der sich später der Preis begründen lässt.`,
      en: (p) => `${p.pitched ? 'The offer was well tied to the customer\'s problems, and the' : 'The'} customer already described the benefit in their own words. What is still missing: a number for that benefit, which will justify the price later.`,
    },
    coaching: {
      de: (p) => `Den Nutzen beziffern lassen: fragen, woran man in drei Monaten merkt, dass es sich gelohnt hat, und was das in Stunden oder ${money(p)} wert ist.`,
      en: () => 'Get the benefit quantified: ask how they will know in three months that it was worth it, and what that is worth in hours or money.',
    },
    commitment: {
      de: (p) => `Im nächsten Gespräch lasse ich die Kundin oder den Kunden den Nutzen der Lösung in Stunden oder ${money(p)} beziffern und halte die Zahl für das Angebot fest.`,
      en: () => 'In my next call I will have the customer put the benefit of the solution in hours or money and keep that number for the proposal.',
    },
    say: {
      Sie: (p) => `${youSaid('Sie', p.echo)}woran würden Sie in drei Monaten merken, dass es sich gelohnt hat, und was wäre das in Stunden oder Euro wert?`,
      du: (p) => `${youSaid('du', p.echo)}woran würdest du in drei Monaten merken, dass es sich gelohnt hat, und was wäre das in Stunden oder Euro wert?`,
      en: (p) => `${youSaid('en', p.echo)}how would you know three months from now that it was worth it, and what would that be worth in hours or money?`,
    },
  },
  stretch_value: {
    why: {
      de: (p) =>
        p.pitched
          ? 'Das Angebot war gut mit den Problemen der Kundin oder des Kunden verknüpft. Noch stärker wird es, wenn die Person den Nutzen selbst ausspricht.'
          : 'Hier lag das Problem klar auf dem Tisch. Noch stärker wird es, wenn die Kundin oder der Kunde den Nutzen einer Lösung selbst ausspricht.',
      en: (p) =>
        p.pitched
          ? 'The offer was well tied to the customer\'s problems. It gets stronger still when the customer states the benefit in their own words.'
          : 'Here the problem was clearly on the table. It gets stronger still when the customer states the benefit of solving it in their own words.',
    },
    coaching: {
      de: () => 'Eine SPIN-Need-Payoff-Frage stellen: nicht selbst den Nutzen erklären, sondern fragen, was die Lösung für die Person und ihr Team bedeuten würde.',
      en: () => 'Ask a SPIN need-payoff question: rather than explaining the benefit yourself, ask what the solution would mean for them and their team.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch stelle ich nach dem wichtigsten Problem eine Need-Payoff-Frage und lasse die Kundin oder den Kunden den Nutzen selbst beschreiben.',
      en: () => 'In my next call I will ask a need-payoff question after the most important problem and let the customer describe the benefit themselves.',
    },
    say: {
      Sie: (p) => `${youSaid('Sie', p.echo)}wenn das in drei Monaten erledigt wäre: Was würde das für Sie und Ihr Team konkret ändern?`,
      du: (p) => `${youSaid('du', p.echo)}wenn das in drei Monaten erledigt wäre: Was würde das für dich und dein Team konkret ändern?`,
      en: (p) => `${youSaid('en', p.echo)}if that were taken care of three months from now: what would it change for you and your team?`,
    },
  },
  stretch_objection: {
    why: {
      de: (p) =>
        p.deciders?.length
          ? `Vor dem Abschluss wurde nicht gefragt, was ${names(p, 'de')} noch dagegen haben könnte. Bedenken der Menschen, die entscheiden, tauchen sonst später auf, oft erst als Absage.`
          : !p.qualified
            ? 'Vor dem Abschluss blieb offen, wer außer der Gesprächsperson zustimmen muss und was aus deren Sicht dagegen sprechen könnte. Solche Bedenken tauchen sonst später auf, oft erst als Absage.'
            : 'Vor dem Abschluss wurde nicht ausdrücklich nach Bedenken gefragt. Unausgesprochene Bedenken tauchen sonst später auf, oft erst als Absage.',
      en: (p) =>
        p.deciders?.length
          ? `Before the close nobody asked what could still make ${names(p, 'en')} say no. Concerns of the people who decide tend to surface later, often as a no.`
          : !p.qualified
            ? 'Before the close it stayed open who else has to agree and what could make them say no. Such concerns tend to surface later, often as a no.'
            : 'Before the close the rep did not ask for concerns explicitly. Concerns that stay unspoken tend to surface later, often as a no.',
    },
    coaching: {
      de: (p) =>
        p.deciders?.length
          ? `Accusation Audit nach Chris Voss, bezogen auf die Menschen, die entscheiden: selbst aussprechen, was ${names(p, 'de')} wahrscheinlich dagegen hat, und fragen, was davon zutrifft.`
          : 'Accusation Audit nach Chris Voss: mögliche Bedenken selbst aussprechen, bevor die Kundin oder der Kunde es tut, und dann fragen, was davon zutrifft.',
      en: (p) =>
        p.deciders?.length
          ? `Accusation audit, after Chris Voss, aimed at the people who decide: voice the concerns ${names(p, 'en')} will likely have yourself, and ask which of them apply.`
          : 'Accusation audit, after Chris Voss: voice the likely concerns yourself before the customer does, then ask which of them apply.',
    },
    commitment: {
      de: () => 'Im nächsten Gespräch spreche ich vor dem Abschluss zwei mögliche Bedenken selbst an und frage ausdrücklich, was aus Kundensicht noch dagegen sprechen könnte.',
      en: () => 'In my next call I will name two likely concerns myself before closing and ask explicitly what could still stand in the way from the customer\'s side.',
    },
    say: {
      // A pre-mortem with the people the customer named, else the decision process, else the likely
      // concern named by the rep (never the customer's pain or benefit asked back as if it were a concern).
      Sie: (p) =>
        `${youSaid('Sie', p.echo)}${p.deciders?.length ? `angenommen, ${names(p, 'de')} sagt am Ende Nein: Woran würde es am ehesten liegen, und was können wir vorher klären?` : !p.qualified ? (p.echo ? 'angenommen, wir bekommen das gelöst' : 'angenommen, das überzeugt Sie') + ': Wer muss außer Ihnen noch zustimmen, und was könnte aus deren Sicht dagegen sprechen?' : `${p.echo ? 'bevor' : 'Bevor'} wir weitermachen, spreche ich lieber selbst an, was dagegen sprechen könnte: Vielleicht denken Sie, dass die Umstellung Ihr Team erst einmal Zeit kostet. Was davon trifft zu, und was noch?`}`,
      du: (p) =>
        `${youSaid('du', p.echo)}${p.deciders?.length ? `angenommen, ${names(p, 'de')} sagt am Ende Nein: Woran würde es am ehesten liegen, und was können wir vorher klären?` : !p.qualified ? (p.echo ? 'angenommen, wir bekommen das gelöst' : 'angenommen, das überzeugt dich') + ': Wer muss außer dir noch zustimmen, und was könnte aus deren Sicht dagegen sprechen?' : `${p.echo ? 'bevor' : 'Bevor'} wir weitermachen, sprech ich lieber selbst an, was dagegen sprechen könnte: Vielleicht denkst du, dass die Umstellung dein Team erst mal Zeit kostet. Was davon trifft zu, und was noch?`}`,
      en: (p) =>
        `${youSaid('en', p.echo)}${p.deciders?.length ? `suppose ${names(p, 'en')} says no in the end: what would most likely be the reason, and what can we clear up before then?` : !p.qualified ? (p.echo ? 'suppose we get that solved' : 'suppose this convinces you') + ': who else has to agree, and what could make them say no?' : `${p.echo ? 'before' : 'Before'} we go on, let me name what might stand in the way: you may be thinking the switch will cost your team time at first. Which of that applies, and what else?`}`,
    },
  },
  // ---------------------------------------------------------------- strengths
  good_question: {
    why: {
      de: (p) => `Eine offene Frage, auf die die Kundin oder der Kunde ausführlich geantwortet hat${p.pains > 0 ? ' und ein konkretes Problem geschildert hat' : ''}. So entsteht echte Bedarfsanalyse.`,
      en: (p) => `An open question that got the customer talking at length${p.pains > 0 ? ' and describing a concrete problem' : ''}. This is what real discovery looks like.`,
    },
    coaching: {
      de: (p) =>
        !p.followUp?.asked
          ? 'Genau so weiter: nach der Antwort noch eine Ebene tiefer fragen (Beispiel, Auswirkung, Priorität), bevor das Thema wechselt.'
          : p.followUp.quantified
            ? 'Genau so weiter: Auf die Antwort kam direkt eine Nachfrage, und die Auswirkung wurde beziffert. Diese Zahl festhalten und im Angebot wieder aufgreifen.'
            : 'Genau so weiter: Auf die Antwort kam direkt eine Nachfrage. Als Nächstes die Auswirkung beziffern lassen (Zeit oder Geld, pro Woche oder Monat), bevor das Thema wechselt.',
      en: (p) =>
        !p.followUp?.asked
          ? 'Keep doing this: after the answer, go one level deeper (an example, the impact, the priority) before changing the subject.'
          : p.followUp.quantified
            ? 'Keep doing this: the answer got a follow-up question right away, and the impact was put into numbers. Write that number down and bring it up again in the proposal.'
            : 'Keep doing this: the answer got a follow-up question right away. Next, have the customer put a number on the impact (time or money, per week or month) before changing the subject.',
    },
  },
  impact_question: {
    why: {
      de: () => 'Eine Frage nach den Folgen, auf die die Kundin oder der Kunde die Auswirkung in Zahlen genannt hat. Diese Zahl trägt später das Angebot.',
      en: () => 'A question about consequences that got the customer to put a number on the impact. That number will carry the proposal later.',
    },
    coaching: {
      de: (p) =>
        p.followUp?.mirrored || p.followUp?.summarised
          ? 'Beibehalten: Die Zahl wurde aufgegriffen. Sie festhalten und in der Präsentation und im Angebot wieder aufgreifen.'
          : 'Die genannte Zahl festhalten, zusammenfassen und in der Präsentation und im Angebot wieder aufgreifen.',
      en: (p) =>
        p.followUp?.mirrored || p.followUp?.summarised
          ? 'Keep it up: the number was picked up. Write it down and bring it up again in the pitch and in the proposal.'
          : 'Write the number down, summarise it back and bring it up again in the pitch and in the proposal.',
    },
  },
  open_question_impact: {
    why: {
      de: (p) =>
        p.answerPain === false
          ? 'Eine offene Frage, auf die die Kundin oder der Kunde eine konkrete Zahl genannt hat. Diese Zahl trägt später das Angebot.'
          : 'Eine offene Frage zur heutigen Situation, auf die die Kundin oder der Kunde das Problem samt Auswirkung in Zahlen geschildert hat. Diese Zahl trägt später das Angebot.',
      en: (p) =>
        p.answerPain === false
          ? 'An open question that got the customer to put a concrete number on it. That number will carry the proposal later.'
          : 'An open question about the current situation that got the customer to describe the problem and put a number on its impact. That number will carry the proposal later.',
    },
    // The advice goes one step beyond what the rep did next: no "repeat the number and ask about
    // the consequences" when the rep just did that.
    coaching: {
      de: (p) => followUpAdvice(p, FOLLOW_UP_DE),
      en: (p) => followUpAdvice(p, FOLLOW_UP_EN),
    },
  },
  paraphrase: {
    why: {
      de: () => 'Hier wird die Aussage der Kundin oder des Kunden in eigenen Worten zusammengefasst oder gespiegelt. Das zeigt Zuhören und lädt zum Weitererzählen ein.',
      en: () => 'Here the customer\'s point is summarised or mirrored back. That shows listening and invites them to say more.',
    },
    coaching: {
      de: () => 'Beibehalten und nach der Zusammenfassung kurz schweigen, damit die Person korrigieren oder ergänzen kann.',
      en: () => 'Keep it up, and pause briefly after the summary so the customer can correct or add to it.',
    },
  },
  linked_pitch: {
    why: {
      de: () => 'Das Angebot wird hier ausdrücklich mit dem verknüpft, was die Kundin oder der Kunde vorher als Problem beschrieben hat. So wird aus einer Funktion ein Nutzen.',
      en: () => 'The offer is explicitly tied to what the customer described as their problem earlier. That turns a feature into value.',
    },
    coaching: {
      de: () => 'Im Anschluss die Person den Nutzen selbst beziffern lassen, etwa mit einer Need-Payoff-Frage.',
      en: () => 'Follow up by letting the customer put a number on the benefit themselves, for example with a need-payoff question.',
    },
  },
  need_payoff: {
    why: {
      de: () => 'Eine Need-Payoff-Frage: Die Kundin oder der Kunde beschreibt den Nutzen der Lösung selbst, statt ihn erklärt zu bekommen.',
      en: () => 'A need-payoff question: the customer describes the value of the solution themselves instead of being told.',
    },
    coaching: {
      de: () => 'Die Antwort wörtlich notieren und im Angebot als Begründung verwenden.',
      en: () => 'Write the answer down word for word and use it as the rationale in the proposal.',
    },
  },
  objection_handled: {
    why: {
      de: (p) => `Der ${p.objection ? OBJECTION_NAMES.de[p.objection] : 'Einwand'} wurde bestätigt und mit einer Rückfrage geklärt, statt ihn wegzuargumentieren.`,
      en: (p) => `The ${p.objection ? OBJECTION_NAMES.en[p.objection] : 'objection'} was acknowledged and explored with a question instead of being argued away.`,
    },
    coaching: {
      de: () => 'Nach der Antwort noch nachfragen, ob der Punkt damit geklärt ist; das schließt den LAER-Kreislauf.',
      en: () => 'After answering, check back whether that settles the point; that closes the LAER loop.',
    },
  },
  objection_handled_checked: {
    why: {
      de: (p) => `Der ${p.objection ? OBJECTION_NAMES.de[p.objection] : 'Einwand'} wurde bestätigt, mit einer Rückfrage geklärt, beantwortet und mit einer Rückversicherung abgeschlossen: der vollständige LAER-Kreislauf.`,
      en: (p) => `The ${p.objection ? OBJECTION_NAMES.en[p.objection] : 'objection'} was acknowledged, explored with a question, answered and closed with a check-back: the full LAER loop.`,
    },
    coaching: {
      de: () => 'Beibehalten. Die Antwort auf die Rückfrage festhalten und im Angebot wieder aufgreifen, damit der Einwand dort nicht erneut auftaucht.',
      en: () => 'Keep it up. Note the answer to the clarifying question and use it again in the proposal so the objection does not come back there.',
    },
  },
  next_step_dated_attendees: {
    why: {
      de: () => 'Ein konkreter nächster Schritt mit Termin, und die richtigen Personen sind gleich mit eingeplant. So bleibt der Deal in Bewegung, und beide Seiten wissen, was als Nächstes passiert.',
      en: () => 'A concrete next step with a date, with the right people already planned in. That keeps the deal moving, and both sides know what happens next.',
    },
    coaching: {
      de: () => 'Beibehalten und der Einladung zwei, drei Sätze zu Ziel und Ablauf des Folgetermins mitgeben, damit alle vorbereitet kommen.',
      en: () => 'Keep it up, and add two or three lines on the goal and agenda of the follow-up to the invite so everyone comes prepared.',
    },
  },
  // The rep slips back to „Sie“ after the customer offered du.
  form_slip: {
    why: {
      de: () => 'Hier rutscht wieder ein „Sie“ hinein, nachdem die Kundin oder der Kunde das Du angeboten hatte. Das klingt auf einmal distanziert und kostet etwas von der Nähe, die gerade entstanden ist.',
      en: () => 'Here the rep slips back to the formal „Sie“ after the customer had offered the informal du. It suddenly sounds distant and costs some of the rapport that was just built.',
    },
    coaching: {
      de: () => 'Ein angebotenes Du annehmen und konsequent dabei bleiben; im Zweifel den Satz kurz neu ansetzen („… also, du hast dann …“).',
      en: () => 'Accept the offered du and stick to it; if a „Sie“ slips out, simply restart the sentence in du.',
    },
  },
  // A dated next step whose purpose the rep stated ("I'll show him the dock view"): only who joins is left to agree.
  next_step_dated_purpose: {
    why: {
      de: () => 'Ein konkreter nächster Schritt mit Termin und klarem Inhalt. So bleibt der Deal in Bewegung, und beide Seiten wissen, was als Nächstes passiert.',
      en: () => 'A concrete next step with a date and a clear purpose. That keeps the deal moving, and both sides know what happens next.',
    },
    coaching: {
      de: () => 'Beibehalten und noch klären, wer außerdem dabei sein sollte (wer entscheidet, wer es nutzt), damit die richtigen Personen im Raum sind.',
      en: () => 'Keep it up, and also check who else should join (whoever decides, whoever will use it) so the right people are in the room.',
    },
  },
  // A dated next step without the person the customer said decides or signs.
  next_step_dated_missing: {
    why: {
      de: (p) => `Ein konkreter nächster Schritt mit Termin. Es fehlt aber ${names(p, 'de')}: Laut Gespräch entscheidet oder unterschreibt ${(p.deciders?.length ?? 0) > 1 ? 'diese Person mit' : 'diese Person'}, ist aber nicht eingeplant.`,
      en: (p) => `A concrete next step with a date. But ${names(p, 'en')} is missing: the customer said they decide or sign, and they are not in the meeting.`,
    },
    coaching: {
      de: (p) => `Beibehalten und ${names(p, 'de').replace(/\bHerr\b/g, 'Herrn')} gleich mit einladen, oder klären, was diese Person vorab braucht, um zuzustimmen.`,
      en: (p) => `Keep it up, and invite ${names(p, 'en')} too, or agree what they need beforehand to say yes.`,
    },
  },
  next_step_dated: {
    why: {
      de: () => 'Ein konkreter nächster Schritt mit Termin. So bleibt der Deal in Bewegung, und beide Seiten wissen, was als Nächstes passiert.',
      en: () => 'A concrete next step with a date. That keeps the deal moving, and both sides know what happens next.',
    },
    coaching: {
      de: () => 'Beibehalten und zusätzlich Inhalt und Teilnehmer des Folgetermins festhalten, damit die richtigen Personen dabei sind.',
      en: () => 'Keep it up, and also agree the purpose and attendees of the follow-up so the right people are in the room.',
    },
  },
  trial_close: {
    why: {
      de: () => 'Eine Testfrage direkt nach dem Vorschlag (Trial Close): Sie holt die Reaktion der Kundin oder des Kunden ab, statt weiterzureden.',
      en: () => 'A trial close right after the proposal: it asks for the customer\'s reaction instead of talking on.',
    },
    coaching: {
      de: () => 'Beibehalten: nach jedem Vorschlag oder Zugeständnis die Reaktion abholen und erst nach der Antwort weitersprechen.',
      en: () => 'Keep it up: after every proposal or concession, ask for the reaction and only go on once you have the answer.',
    },
  },
  agenda: {
    why: {
      de: () => 'Zu Beginn werden Ziel und Ablauf des Gesprächs vereinbart. Das gibt Orientierung und macht den nächsten Schritt am Ende leichter.',
      en: () => 'The goal and agenda of the call are agreed at the start. That gives direction and makes the next step at the end easier.',
    },
    coaching: {
      de: () => 'Am Ende des Gesprächs ausdrücklich auf diese Vereinbarung zurückkommen, wenn es um den nächsten Schritt geht.',
      en: () => 'At the end of the call, come back to this agreement explicitly when it is time to decide on the next step.',
    },
  },
  upfront_permission: {
    why: {
      de: (p) =>
        p.warm
          ? 'Ein klarer Einstieg: Der Grund des Anrufs ist genannt, und es wird gefragt, ob es gerade passt. So entscheidet die Person selbst, ob sie jetzt Zeit hat, und weiß sofort, worum es geht.'
          : 'Ein Kaltanruf mit Upfront Contract: Der Grund des Anrufs ist genannt, und es wird um Erlaubnis gefragt. So fühlt sich die Person nicht überrumpelt und entscheidet selbst, ob sie zuhört.',
      en: (p) =>
        p.warm
          ? 'A clear opening: the reason for the call is stated and the rep asks whether now is a good time. The customer knows straight away what it is about and decides for themselves whether they have time.'
          : "A cold call's upfront contract: the reason for the call is stated and the rep asks for permission. The customer does not feel ambushed and decides for themselves whether to listen.",
    },
    coaching: {
      de: () => 'Beibehalten. Passt es gerade nicht, einen konkreten Zeitpunkt für einen Rückruf vereinbaren, statt nur Unterlagen anzubieten.',
      en: () => 'Keep it up. If it is not a good time, agree a concrete time to call back instead of only offering to send material.',
    },
  },
  fallback_strength: {
    why: {
      de: (p) =>
        p.strongest
          ? 'Der stärkste Moment des Gesprächs: Hier wird die Kundin oder der Kunde am ehesten ins Gespräch geholt.'
          : 'Ein guter Ansatz: Diese Frage holt die Kundin oder den Kunden ins Gespräch.',
      en: (p) =>
        p.strongest
          ? 'The strongest moment of the call: this is where the rep comes closest to drawing the customer into the conversation.'
          : 'A good start: with this question the rep draws the customer into the conversation.',
    },
    coaching: {
      de: () => 'Darauf aufbauen: mehr solcher Fragen stellen und die Antworten mit einer Nachfrage vertiefen.',
      en: () => 'Build on it: ask more questions like this and deepen the answers with a follow-up.',
    },
  },
  fallback_closing: {
    why: {
      de: () => 'Der Abschluss des Gesprächs: freundlich, und der Kontakt bleibt offen.',
      en: () => 'The close of the call: the rep stays friendly and keeps the door open.',
    },
    coaching: {
      de: () => 'Den Kontakt nicht nur offen halten, sondern mit einem konkreten Vorschlag für den nächsten Schritt abschließen.',
      en: () => 'Do not just keep the door open; close with a concrete proposal for the next step.',
    },
  },
  // After an agreed, dated next step the close confirms it: no advice to propose one.
  fallback_closing_dated: {
    why: {
      de: (p) =>
        p.closingSays
          ? 'Der Abschluss des Gesprächs: Der vereinbarte Termin wird bestätigt, und es wird zugesagt, was die Kundin oder der Kunde vorab bekommt.'
          : 'Der Abschluss des Gesprächs nach einem vereinbarten Termin: freundlich, ohne das Vereinbarte wieder aufzumachen.',
      en: (p) =>
        p.closingSays
          ? 'The close of the call: the rep confirms the agreed date and says what the customer will get beforehand.'
          : 'The close of the call after an agreed date: friendly, without reopening what was agreed.',
    },
    coaching: {
      de: () => 'So beibehalten und zum Schluss in einem Satz zusammenfassen, wer bis zum Termin was vorbereitet.',
      en: () => 'Keep it up, and end with one sentence on who prepares what before the meeting.',
    },
  },
  feel_felt_found: {
    why: {
      de: () => 'Feel, felt, found: Der Einwand wurde ernst genommen, andere mit dem gleichen ersten Eindruck wurden genannt, und was diese festgestellt haben, beantwortet ihn, ohne zu argumentieren.',
      en: () => 'Feel, felt, found: the concern was taken seriously, others who first saw it the same way were named, and what they found answers it without arguing.',
    },
    coaching: {
      de: () => 'Beibehalten und das, was andere festgestellt haben, wie hier an die eigenen Zahlen der Kundin oder des Kunden knüpfen; danach nachfragen, ob der Punkt damit geklärt ist.',
      en: () => 'Keep it up, and tie what the others found to the customer\'s own numbers, as here; then check back whether that settles the point.',
    },
  },
  fallback_recap: {
    why: {
      de: (p) =>
        `${p.strongest ? 'Der stärkste Moment eines insgesamt schwierigen Gesprächs' : 'Ein guter Einstieg in das Folgegespräch'}: Es knüpft direkt an das an, was die Kundin oder der Kunde beim letzten Mal gesagt hat.`,
      en: (p) => `${p.strongest ? 'The strongest moment of a difficult call' : 'A good start to a follow-up'}: it picks up right where the customer left off last time.`,
    },
    coaching: {
      de: () => 'Daran mit einer offenen Frage anknüpfen: was sich seitdem verändert hat und was es heute kostet, bevor die Lösung kommt.',
      en: () => 'Build on it with an open question: what has changed since then and what it costs today, before bringing in the solution.',
    },
  },
  fallback_opening: {
    // Says only what the quoted sentence does: "Hi Kevin, thanks for making time." names no caller and no reason.
    why: {
      de: (p) => {
        const what = p.opening?.who ? (p.opening.why ? 'ein klarer Einstieg, der sagt, wer anruft und warum' : 'ein klarer Einstieg, der sagt, wer anruft') : 'ein freundlicher, persönlicher Einstieg';
        return p.strongest ? `Der stärkste Moment eines insgesamt schwierigen Gesprächs: ${what}.` : `Ein guter Ansatz: ${what}.`;
      },
      en: (p) => {
        const what = p.opening?.who ? (p.opening.why ? 'a clear opening that says who is calling and why' : 'a clear opening that says who is calling') : 'a friendly, personal opening';
        return p.strongest ? `The strongest moment of a difficult call: ${what}.` : `A good start: ${what}.`;
      },
    },
    coaching: {
      de: () => 'Direkt nach dem Einstieg Ziel und Ablauf vorschlagen und mit einer offenen Frage an die Kundin oder den Kunden übergeben, statt zu präsentieren.',
      en: () => 'Right after the opening, propose a goal and agenda and hand over to the customer with an open question instead of pitching.',
    },
  },
} satisfies Record<string, KindTexts>;

export type TextKind = keyof typeof TEXTS;

// ------------------------------------------------------------------ objection misses
const OBJECTION_WHY: Record<Language, (name: string, quality: number) => string> = {
  de: (name, q) =>
    q === 0
      ? `Hier kam ein ${name}, und die Antwort ist nicht darauf eingegangen: keine Bestätigung, keine Rückfrage. Ein übergangener Einwand bleibt im Raum und kommt später als Absage zurück.`
      : q === 1
        ? `Auf den ${name} folgte sofort eine Verteidigung statt einer Rückfrage. Wer direkt argumentiert, erfährt nicht, was hinter dem Einwand steckt, und drängt die Kundin oder den Kunden in die Gegenposition.`
        : `Der ${name} wurde nur halb aufgenommen: bestätigt oder nachgefragt, aber nicht beides und ohne Rückversicherung, ob die Antwort trägt.`,
  en: (name, q) =>
    q === 0
      ? `The customer raised ${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name} here and the reply did not pick it up: no acknowledgement, no question back. An ignored objection stays in the room and comes back later as a no.`
      : q === 1
        ? `The ${name} was met with an immediate defence instead of a question. Arguing straight away means never learning what is behind the objection, and it pushes the customer into the opposite corner.`
        : `The ${name} was only half handled: acknowledged or questioned, but not both, and without checking back that the answer landed.`,
};

/** The reply only offered material: the objection was given up on, not explored. */
const CAPITULATION_WHY: Record<'material' | 'discount' | 'cheaper_plan', Record<Language, (name: string) => string>> = {
  material: {
    de: (name) =>
      `Auf den ${name} folgte nur das Angebot, Unterlagen zu schicken. Das ist kein Klären, sondern Aufgeben: offen bleibt, wer entscheidet, was diese Person braucht und wie es weitergeht, und die Unterlagen landen ohne Fürsprache beim Entscheider.`,
    en: (name) =>
      `The ${name} was answered only with an offer to send material. That is giving up, not exploring: it stays open who decides, what that person needs and what happens next, and the material reaches the decision maker with nobody to speak for it.`,
  },
  discount: {
    de: (name) =>
      `Auf den ${name} folgte sofort ein Rabatt, ohne eine einzige Frage. Damit ist der Preis verhandelbar und der Wert nicht geklärt: offen bleibt, woran der Preis gemessen wird, und der nächste Einwand holt den nächsten Nachlass.`,
    en: (name) =>
      `The ${name} was answered straight away with a discount, without a single question. That makes the price negotiable and leaves the value unexplored: what the price is measured against stays open, and the next objection will fetch the next discount.`,
  },
  cheaper_plan: {
    de: (name) =>
      `Auf den ${name} folgte sofort ein günstigeres Paket, ohne eine einzige Frage. Das ist ein Zugeständnis wie ein Rabatt: offen bleibt, ob das Budget wirklich der Grund ist, woran der Preis gemessen wird und was die Kundin oder der Kunde mit dem kleineren Paket verliert.`,
    en: (name) =>
      `The ${name} was answered straight away with a cheaper plan, without a single question. That is a concession like a discount: it stays open whether budget is really the reason, what the price is measured against and what the customer gives up with the smaller plan.`,
  },
};

/**
 * A brush-off of the call for lack of time right now ("Ich habe gleich noch einen Termin", "I'm
 * about to go into a meeting"): not what waiting costs (no problem may be on the table yet), nor
 * who decides, but acknowledge it and fix a time to talk again.
 */
const BRUSH_OFF_WHY: Record<Language, (quality: number, material: boolean) => string> = {
  de: (q, material) =>
    material
      ? 'Hier wurde das Gespräch aus Zeitgründen abgewimmelt, und die Antwort nahm das mit dem Angebot hin, Unterlagen zu schicken. So ein Abwimmeln ist meist ein Reflex, keine Entscheidung: Ohne festen Zeitpunkt für ein neues Gespräch endet der Kontakt hier, und die Unterlagen landen ohne Anlass zum Lesen in einem vollen Postfach.'
      : q === 0
        ? 'Hier wurde das Gespräch aus Zeitgründen abgewimmelt, und die Antwort ging nicht darauf ein: keine Bestätigung, kein Zeitpunkt für ein neues Gespräch. Wer einfach weiterredet, verliert die Aufmerksamkeit, und wer ohne Termin auflegt, verliert den Kontakt.'
        : q === 1
          ? 'Hier wurde das Gespräch aus Zeitgründen abgewimmelt, und die Antwort redete dagegen an, statt es zu respektieren. Das kostet Wohlwollen, und das Gespräch endet trotzdem ohne Zeitpunkt für ein neues.'
          : 'Hier wurde das Gespräch aus Zeitgründen abgewimmelt; die Antwort hat das bestätigt, aber keinen konkreten Zeitpunkt für ein neues Gespräch festgemacht. So hängt der Kontakt davon ab, dass sich die andere Seite von selbst meldet.',
  en: (q, material) =>
    material
      ? 'The customer brushed the call off for lack of time right now, and the reply accepted that with an offer to send material. A brush-off like this is usually a reflex, not a decision: without a fixed time to talk again the contact ends here, and the material lands in a full inbox with no reason to read it.'
      : q === 0
        ? 'The customer brushed the call off for lack of time right now, and the reply did not pick it up: no acknowledgement, no time to talk again. Talking on loses their attention, and hanging up without a slot loses the contact.'
        : q === 1
          ? 'The customer brushed the call off for lack of time right now, and the reply argued on instead of respecting it. That costs goodwill, and the call still ends without a time to talk again.'
          : 'The customer brushed the call off for lack of time right now; the reply acknowledged it but fixed no concrete time to talk again, so the contact depends on the customer getting back.',
};
const BRUSH_OFF_COACHING: Record<Language, string> = {
  de: 'Das Abwimmeln respektieren, ohne aufzugeben: in einem Satz bestätigen, dann eine kalibrierte Frage stellen – wann passt es besser? – und vor dem Auflegen einen konkreten Zeitpunkt für den Rückruf festmachen. Unterlagen nur zusammen mit einem Termin, um sie gemeinsam durchzugehen.',
  en: 'Respect the brush-off without giving up: acknowledge it in one sentence, then ask one calibrated question – when would be a better time? – and fix a concrete slot for the callback before hanging up. Material only goes out with a time to go through it together.',
};
const BRUSH_OFF_COMMITMENT: Record<Language, string> = {
  de: 'Im nächsten Gespräch beantworte ich „gerade keine Zeit“ mit einer kurzen Bestätigung und einem festen Zeitpunkt für den Rückruf, bevor wir auflegen.',
  en: 'In my next call I will answer "no time right now" with a short acknowledgement and a concrete time to call back before we hang up.',
};
const BRUSH_OFF_SAY: Record<SayMode, (e: string | null) => string> = {
  Sie: (e) => `${e ? `„${e}“ – ` : ''}verstehe, dann halte ich Sie nicht auf. Wann passt es Ihnen besser für zehn Minuten – ginge Donnerstag um 10 Uhr?`,
  du: (e) => `${e ? `„${e}“ – ` : ''}verstehe, dann halte ich dich nicht auf. Wann passt es dir besser für zehn Minuten – ginge Donnerstag um 10 Uhr?`,
  en: (e) => `${e ? `“${e}” – ` : ''}understood, then I won't keep you. When is a better time for ten minutes – would Thursday at 10 work?`,
};

const METHOD_COACHING: Record<string, Record<Language, string>> = {
  laer: {
    de: 'Nach LAER vorgehen: zuhören, den Einwand bestätigen, mit einer offenen Frage klären, was genau dahintersteckt, erst dann antworten und zum Schluss nachfragen, ob die Antwort passt.',
    en: 'Use LAER: listen, acknowledge the objection, explore with an open question what exactly is behind it, only then respond, and check back that the answer landed.',
  },
  voss_label: {
    de: 'Den Einwand zuerst benennen (Labeling): „Es klingt so, als ...“, dann schweigen. Das zeigt, dass der Punkt angekommen ist, und die Kundin oder der Kunde erklärt von selbst, was dahintersteckt.',
    en: 'Name the objection first (labeling): "it sounds like ...", then stay quiet. It shows the point has landed, and the customer will explain what is behind it.',
  },
  feel_felt_found: {
    de: 'Feel, felt, found: das Gefühl anerkennen, zeigen, dass andere Kunden es anfangs genauso gesehen haben, und dann erzählen, was diese festgestellt haben, verbunden mit einer Frage nach der eigenen Situation.',
    en: 'Feel, felt, found: acknowledge the feeling, show that other customers saw it the same way at first, then share what they found, and follow up with a question about the customer\'s own situation.',
  },
  gap_selling: {
    de: 'Gap Selling: nicht gegen „läuft doch“ argumentieren, sondern nach dem Ziel fragen und die Lücke zwischen heute und diesem Ziel von der Kundin oder dem Kunden selbst beschreiben lassen.',
    en: 'Gap selling: do not argue against "we are fine"; ask about the goal and let the customer describe the gap between today and that goal themselves.',
  },
  bant: {
    de: 'Den Budget-Einwand als Qualifizierung nutzen (BANT): klären, wie Budgets entstehen, wer sie freigibt und ab wann geplant wird, statt den Preis zu senken.',
    en: 'Use the budget objection to qualify (BANT): find out how budgets are set, who approves them and when planning starts, instead of cutting the price.',
  },
  spin_implication: {
    de: 'Eine SPIN-Implikationsfrage stellen: Was kostet es, wenn bis zum genannten Zeitpunkt alles so bleibt? Die Kosten des Wartens macht die Kundin oder der Kunde dann selbst sichtbar.',
    en: 'Ask a SPIN implication question: what does it cost if everything stays as it is until then? The customer then makes the cost of waiting visible themselves.',
  },
  meddpicc: {
    de: 'Den Entscheider-Einwand zur Qualifizierung nutzen (MEDDPICC): Entscheidungsprozess und wirtschaftlichen Entscheider erfragen und anbieten, diese Person zum nächsten Termin dazuzuholen.',
    en: 'Use the authority objection to qualify (MEDDPICC): ask about the decision process and the economic buyer, and offer to bring that person into the next meeting.',
  },
  voss_calibrated_question: {
    de: 'Mit einer kalibrierten Frage (Wie ...? Was ...?) herausfinden, was genau die Person sehen will, und die Unterlagen an einen festen Termin koppeln, an dem sie gemeinsam durchgegangen werden.',
    en: 'Use a calibrated question (how ...? what ...?) to find out what exactly they want to see, and tie the material to a fixed meeting where you go through it together.',
  },
  voss_accusation_audit: {
    de: 'Accusation Audit: den Einwand vorwegnehmen und selbst aussprechen („Sie denken wahrscheinlich ...“ bzw. „Du denkst wahrscheinlich ...“), dann um eine kurze Chance bitten.',
    en: 'Accusation audit: take the objection out of their mouth ("you are probably thinking ..."), then ask for a short chance.',
  },
};

const OBJECTION_COMMITMENT: Record<string, Record<Language, string>> = {
  laer: {
    de: 'Im nächsten Gespräch beantworte ich keinen Einwand sofort: ich bestätige ihn zuerst, stelle eine klärende Frage und frage nach meiner Antwort, ob sie passt.',
    en: 'In my next call I will not answer any objection straight away: I will acknowledge it first, ask a clarifying question, and check back after my answer.',
  },
  voss_label: {
    de: 'Im nächsten Gespräch benenne ich jeden Einwand zuerst mit „Es klingt so, als ...“ und warte die Antwort ab, bevor ich argumentiere.',
    en: 'In my next call I will label every objection first with "it sounds like ..." and wait for the answer before I argue.',
  },
  feel_felt_found: {
    de: 'Im nächsten Gespräch frage ich bei einem Wettbewerber zuerst, was an der jetzigen Lösung gut läuft und was fehlt, bevor ich vergleiche.',
    en: 'In my next call, when a competitor comes up, I will first ask what works well in the current setup and what is missing before I compare.',
  },
  gap_selling: {
    de: 'Im nächsten Gespräch frage ich bei „läuft doch“ nach dem Ziel für die nächsten zwölf Monate und nach der Lücke zum heutigen Stand.',
    en: 'In my next call, when I hear "we are fine", I will ask about the goal for the next twelve months and the gap to where things are today.',
  },
  bant: {
    de: 'Im nächsten Gespräch frage ich bei einem Budget-Einwand nach dem Budgetprozess: wer freigibt, wann geplant wird und was das Problem heute kostet.',
    en: 'In my next call I will answer a budget objection with questions about the budget process: who approves, when planning happens and what the problem costs today.',
  },
  spin_implication: {
    de: 'Im nächsten Gespräch frage ich bei „nicht jetzt“, was das Warten bis dahin kostet, bevor ich einen späteren Termin akzeptiere.',
    en: 'In my next call I will ask what waiting costs before I accept a "not now" and a later date.',
  },
  meddpicc: {
    de: 'Im nächsten Gespräch frage ich, wer außer meinem Gesprächspartner entscheidet, und lade diese Person zum Folgetermin ein.',
    en: 'In my next call I will ask who else decides besides my contact and invite that person to the follow-up.',
  },
  voss_calibrated_question: {
    de: 'Im nächsten Gespräch beantworte ich den Wunsch nach Unterlagen mit einer kalibrierten Frage und einem festen Termin, um sie gemeinsam durchzugehen.',
    en: 'In my next call I will answer "send me some material" with a calibrated question and a fixed time to go through it together.',
  },
  voss_accusation_audit: {
    de: 'Im nächsten Kaltakquise-Gespräch beginne ich mit einem Accusation Audit und bitte um 30 Sekunden, bevor ich irgendetwas präsentiere.',
    en: 'In my next cold call I will open with an accusation audit and ask for 30 seconds before I pitch anything.',
  },
};

const NAMED_DECIDER_SAY: Record<SayMode, (e: string | null, d: NamedDecider) => string> = {
  Sie: (e, d) => `${e ? `„${e}“ – ` : ''}gut, dass Sie das ansprechen. Was ist ${d.Sie} dabei am wichtigsten? Sollen wir ${d.pronDe} gleich zum nächsten Termin dazuholen?`,
  du: (e, d) => `${e ? `„${e}“ – ` : ''}gut, dass du das ansprichst. Was ist ${d.du} dabei am wichtigsten? Sollen wir ${d.pronDe} gleich zum nächsten Termin dazuholen?`,
  en: (e, d) => `${e ? `“${e}” – ` : ''}good that you mention it. What will matter most to ${d.en}? Shall we bring ${d.pronEn} into our next meeting?`,
};

const OBJECTION_SAY: Record<string, Record<SayMode, (e: string | null) => string>> = {
  laer: {
    Sie: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, danke für die Offenheit. Darf ich fragen: Im Vergleich wozu wirkt es teuer für Sie, und was müsste die Lösung leisten, damit sich der Preis für Sie rechnet?`,
    du: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, danke für die Offenheit. Darf ich fragen: Im Vergleich wozu wirkt es teuer für dich, und was müsste die Lösung leisten, damit sich der Preis für dich rechnet?`,
    en: (e) => `${e ? `“${e}” – ` : ''}I hear you, and thanks for being upfront. Can I ask: compared to what does it feel expensive, and what would the solution need to deliver for the price to pay off for you?`,
  },
  voss_label: {
    Sie: (e) => `${e ? `„${e}“ – ` : ''}es klingt so, als ob der Preis gerade Ihre größte Sorge ist. Was genau macht Ihnen daran Bauchschmerzen?`,
    du: (e) => `${e ? `„${e}“ – ` : ''}es klingt so, als ob der Preis gerade deine größte Sorge ist. Was genau macht dir daran Bauchschmerzen?`,
    en: (e) => `${e ? `“${e}” – ` : ''}it sounds like the price is your biggest concern right now. What exactly worries you about it?`,
  },
  feel_felt_found: {
    Sie: (e) => `${e ? `„${e}“ – ` : ''}das kann ich gut verstehen. Einige unserer Kunden haben das anfangs genauso gesehen, weil ein Wechsel Aufwand bedeutet. Festgestellt haben sie dann, dass es vor allem auf eine Frage ankommt: Was müsste bei Ihrer jetzigen Lösung besser laufen, damit sich ein Vergleich für Sie lohnt?`,
    du: (e) => `${e ? `„${e}“ – ` : ''}das kann ich gut verstehen. Einige unserer Kunden haben das anfangs genauso gesehen, weil ein Wechsel Aufwand bedeutet. Festgestellt haben sie dann, dass es vor allem auf eine Frage ankommt: Was müsste bei deiner jetzigen Lösung besser laufen, damit sich ein Vergleich für dich lohnt?`,
    en: (e) => `${e ? `“${e}” – ` : ''}I can understand that. Some of our customers saw it the same way at first, because switching takes effort. What they found is that it comes down to one question: what would have to work better in your current setup for a comparison to be worth it to you?`,
  },
  gap_selling: {
    Sie: (e) => `${e ? `„${e}“ – ` : ''}freut mich zu hören. Wenn Sie auf die nächsten zwölf Monate schauen: Wo soll der Bereich dann stehen, und was fehlt Ihnen heute noch, um dahin zu kommen?`,
    du: (e) => `${e ? `„${e}“ – ` : ''}freut mich zu hören. Wenn du auf die nächsten zwölf Monate schaust: Wo soll der Bereich dann stehen, und was fehlt dir heute noch, um dahin zu kommen?`,
    en: (e) => `${e ? `“${e}” – ` : ''}good to hear. Looking at the next twelve months: where should this area be by then, and what is still missing today to get there?`,
  },
  bant: {
    Sie: (e) => `${e ? `„${e}“ – ` : ''}danke, dass Sie das offen sagen. Darf ich fragen, wie Budgets bei Ihnen entstehen: Wer gibt sie frei, und ab wann wird für das nächste Jahr geplant?`,
    du: (e) => `${e ? `„${e}“ – ` : ''}danke, dass du das offen sagst. Darf ich fragen, wie Budgets bei euch entstehen: Wer gibt sie frei, und ab wann wird für das nächste Jahr geplant?`,
    en: (e) => `${e ? `“${e}” – ` : ''}thanks for being open about that. Can I ask how budgets are set on your side: who approves them, and when does planning for next year start?`,
  },
  spin_implication: {
    Sie: (e) => `${e ? `„${e}“ – ` : ''}verständlich. Was passiert in der Zwischenzeit, wenn alles so bleibt, wie es ist? Was kostet Sie das bis dahin?`,
    du: (e) => `${e ? `„${e}“ – ` : ''}verständlich. Was passiert in der Zwischenzeit, wenn alles so bleibt, wie es ist? Was kostet dich das bis dahin?`,
    en: (e) => `${e ? `“${e}” – ` : ''}understandable. What happens in the meantime if everything stays as it is? What does that cost you until then?`,
  },
  meddpicc: {
    Sie: (e) => `${e ? `„${e}“ – ` : ''}gut, dass Sie das ansprechen. Wer ist außer Ihnen an der Entscheidung beteiligt, und worauf legt diese Person am meisten Wert? Sollen wir sie direkt zum nächsten Termin dazuholen?`,
    du: (e) => `${e ? `„${e}“ – ` : ''}gut, dass du das ansprichst. Wer ist außer dir an der Entscheidung beteiligt, und worauf legt diese Person am meisten Wert? Sollen wir sie direkt zum nächsten Termin dazuholen?`,
    en: (e) => `${e ? `“${e}” – ` : ''}good that you mention it. Who else is involved in the decision, and what matters most to them? Shall we bring them into our next meeting?`,
  },
  voss_calibrated_question: {
    Sie: (e) => `Gerne schicke ich Ihnen etwas. Damit es wirklich passt: ${e ? `„${e}“ – ` : ''}was genau wollen Sie sich anschauen, und wie entscheiden Sie danach? Sollen wir die Unterlagen am Donnerstag in 15 Minuten gemeinsam durchgehen?`,
    du: (e) => `Gerne schicke ich dir etwas. Damit es wirklich passt: ${e ? `„${e}“ – ` : ''}was genau willst du dir anschauen, und wie entscheidest du danach? Sollen wir die Unterlagen am Donnerstag in 15 Minuten gemeinsam durchgehen?`,
    en: (e) => `Happy to send something. So that it really fits: ${e ? `“${e}” – ` : ''}what exactly do you want to look at, and how will you decide afterwards? Shall we go through it together for 15 minutes on Thursday?`,
  },
  voss_accusation_audit: {
    Sie: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, ich rufe unangekündigt an, und Sie denken wahrscheinlich, gleich kommt ein langer Verkaufsvortrag. Geben Sie mir 30 Sekunden, und wenn es nicht passt, sagen Sie es mir einfach – einverstanden?`,
    du: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, ich rufe unangekündigt an, und du denkst wahrscheinlich, gleich kommt ein langer Verkaufsvortrag. Gib mir 30 Sekunden, und wenn es nicht passt, sag es mir einfach – einverstanden?`,
    en: (e) => `${e ? `“${e}” – ` : ''}I get it, I'm calling out of the blue and you're probably expecting a long sales pitch. Give me 30 seconds, and if it doesn't fit, just tell me – fair?`,
  },
};

export type ObjectionMethod = keyof typeof OBJECTION_SAY;

/** The rep asked about the objection (and maybe checked back) but never acknowledged it first. */
const ASKED_NO_ACK_WHY: Record<Language, (name: string, checkedBack: boolean) => string> = {
  de: (name, checked) =>
    `Auf den ${name} kam eine gute Rückfrage${checked ? ', und am Ende wurde nachgefragt, ob die Antwort trägt' : ''}. Es fehlte nur die Bestätigung davor: Ohne ein kurzes „Das ist ein berechtigter Punkt“ klingt die Frage schnell nach Verhör, und die Kundin oder der Kunde verteidigt die eigene Sicht, statt zu erzählen.`,
  en: (name, checked) =>
    `The ${name} got a good question back${checked ? ', and the rep checked back at the end' : ''}. What was missing is the acknowledgement before it: without a short "that's a fair point" the question can sound like a cross-examination, and the customer defends their view instead of opening up.`,
};
/** The rep's own question, led by the acknowledgement that was missing. */
const ACK_FIRST_SAY: Record<SayMode, (e: string | null, question: string) => string> = {
  Sie: (e, q) => `${e ? `„${e}“ – ` : ''}das ist ein berechtigter Punkt, und gut, dass Sie ihn jetzt ansprechen. ${q}`,
  du: (e, q) => `${e ? `„${e}“ – ` : ''}das ist ein berechtigter Punkt, und gut, dass du ihn jetzt ansprichst. ${q}`,
  en: (e, q) => `${e ? `“${e}” – ` : ''}that's a fair point, and I'm glad you're raising it now. ${q}`,
};
export function objectionAskedNoAckWhy(lang: Language, type: ObjectionType, checkedBack: boolean): string {
  return ASKED_NO_ACK_WHY[lang](OBJECTION_NAMES[lang][type], checkedBack);
}
export function objectionAckFirstSay(mode: SayMode, echo: string | null, question: string): string {
  // The rep's own question starts a sentence of the line: capitalised, and "i" written "I", even
  // when the transcript is lower case ("which one, if i may ask?"). The echo stays verbatim.
  let q = question.replace(/\s+/g, ' ').trim();
  if (mode === 'en') q = q.replace(/(^|\s)i(?=\s|'|’)/g, '$1I');
  return ACK_FIRST_SAY[mode](echo, q.charAt(0).toUpperCase() + q.slice(1));
}

export function objectionWhy(
  lang: Language,
  type: ObjectionType,
  quality: number,
  capitulated: false | 'material' | 'discount' | 'cheaper_plan' = false,
  brushOff = false,
): string {
  if (brushOff && type === 'timing' && (capitulated === false || capitulated === 'material')) return BRUSH_OFF_WHY[lang](quality, capitulated === 'material');
  if (capitulated) return CAPITULATION_WHY[capitulated][lang](OBJECTION_NAMES[lang][type]);
  return OBJECTION_WHY[lang](OBJECTION_NAMES[lang][type], quality);
}
/** `brushOff`: a timing brush-off of the call ("I'm about to go into a meeting") answered with a calibrated question and a callback slot. */
export function objectionCoaching(lang: Language, method: string, brushOff = false): string {
  if (brushOff && method === 'voss_calibrated_question') return BRUSH_OFF_COACHING[lang];
  return METHOD_COACHING[method][lang];
}
export function objectionCommitment(lang: Language, method: string, brushOff = false, warm = false): string {
  if (warm && method === 'voss_accusation_audit') return WARM_AUDIT_COMMITMENT[lang];
  if (brushOff && method === 'voss_calibrated_question') return BRUSH_OFF_COMMITMENT[lang];
  return OBJECTION_COMMITMENT[method][lang];
}
/** LAER on an adoption concern asks about adoption, not about the price. */
const ADOPTION_SAY: Record<SayMode, (e: string | null) => string> = {
  Sie: (e) => `${e ? `„${e}“ – ` : ''}das ist ein wichtiger Punkt, danke, dass Sie das ansprechen. Darf ich fragen: Woran ist es beim letzten Mal gescheitert, und was müsste anders sein, damit Ihr Team es wirklich nutzt?`,
  du: (e) => `${e ? `„${e}“ – ` : ''}das ist ein wichtiger Punkt, danke, dass du das ansprichst. Darf ich fragen: Woran ist es beim letzten Mal gescheitert, und was müsste anders sein, damit dein Team es wirklich nutzt?`,
  en: (e) => `${e ? `“${e}” – ` : ''}that's an important point, thanks for raising it. Can I ask: what made it fail last time, and what would have to be different for your team to actually use it?`,
};
/** "Läuft gut", "we're happy with …": good to hear. "Not interested", „kein Bedarf“, "not sure we're renewing" is not. */
const CONTENT_RE = /\b(?:läuft (?:\S+ )?(?:gut|super|prima)|zufrieden|happy|works (?:fine|well)|working (?:fine|well)|going (?:fine|well)|all good|good with|fine with|passt (?:so|gut))\b/iu;
const NOT_GOOD_NEWS: Record<SayMode, [string, string]> = {
  Sie: ['freut mich zu hören.', 'danke, dass Sie das offen sagen.'],
  du: ['freut mich zu hören.', 'danke, dass du das offen sagst.'],
  en: ['good to hear.', 'thanks for being straight with me.'],
};
/** An early brush-off from someone who knows us (a customer, a referral, a follow-up): name what they are probably feeling, never "I'm calling out of the blue". */
const WARM_AUDIT_SAY: Record<SayMode, (e: string | null) => string> = {
  Sie: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, und Sie denken wahrscheinlich, dass ich Ihnen jetzt etwas verkaufen will, statt zuzuhören. Was ist gerade das Wichtigste, das wir zuerst klären sollten?`,
  du: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, und du denkst wahrscheinlich, dass ich dir jetzt etwas verkaufen will, statt zuzuhören. Was ist gerade das Wichtigste, das wir zuerst klären sollten?`,
  en: (e) => `${e ? `“${e}” – ` : ''}I get it, and you're probably thinking I'm here to sell you something instead of listening. What is the most important thing we should sort out first?`,
};
const WARM_AUDIT_COMMITMENT: Record<Language, string> = {
  de: 'Im nächsten Gespräch beantworte ich eine frühe Abwehr mit einem Accusation Audit: Ich spreche aus, was die Kundin oder der Kunde wahrscheinlich denkt, und frage, was zuerst geklärt werden muss, bevor ich irgendetwas präsentiere.',
  en: 'In my next call I will answer an early brush-off with an accusation audit: I will name what the customer is probably thinking and ask what has to be sorted out first, before I pitch anything.',
};

/** A price objection with its comparison said („X hat einen Chianti für vierzehn“): ask what the difference would have to be worth. */
const COMPARED_PRICE_SAY: Record<SayMode, (e: string | null) => string> = {
  Sie: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, danke für die Offenheit. Darf ich fragen: Was ist Ihnen neben dem Preis bei der Auswahl wichtig, und was müsste bei uns anders sein, damit sich der Unterschied für Sie rechnet?`,
  du: (e) => `${e ? `„${e}“ – ` : ''}das verstehe ich, danke für die Offenheit. Darf ich fragen: Was ist dir neben dem Preis bei der Auswahl wichtig, und was müsste bei uns anders sein, damit sich der Unterschied für dich rechnet?`,
  en: (e) => `${e ? `“${e}” – ` : ''}I hear you, and thanks for being upfront. Can I ask: besides the price, what matters to you when you choose, and what would have to be different with us for the difference to pay off for you?`,
};

export function objectionSay(mode: SayMode, method: string, echo: string | null, type?: ObjectionType, brushOff = false, decider?: NamedDecider, warm = false, compared = false): string {
  if (warm && method === 'voss_accusation_audit') return WARM_AUDIT_SAY[mode](echo);
  if (compared && type === 'price' && method === 'laer') return COMPARED_PRICE_SAY[mode](echo);
  if (brushOff && type === 'timing' && method === 'voss_calibrated_question') return BRUSH_OFF_SAY[mode](echo);
  // The customer named who decides with them ("mit meinem Mann besprechen"): the line names that person, never "who else is involved?".
  if (method === 'meddpicc' && decider) return NAMED_DECIDER_SAY[mode](echo, decider);
  if (type === 'adoption' && method === 'laer') return ADOPTION_SAY[mode](echo);
  if (method === 'gap_selling' && echo && !CONTENT_RE.test(echo)) return OBJECTION_SAY.gap_selling[mode](echo).replace(NOT_GOOD_NEWS[mode][0], NOT_GOOD_NEWS[mode][1]);
  return OBJECTION_SAY[method][mode](echo);
}

// ------------------------------------------------------------------ notes on the transcript
export function transcriptNote(lang: Language, notes: string[], mixed: boolean): string {
  const parts: string[] = [];
  if (notes.includes('alternating_speakers_assumed')) {
    parts.push(
      lang === 'de'
        ? 'Hinweis: Das Transkript hat keine Sprecherangaben; die Zeilen wurden abwechselnd zwei Sprechern zugeordnet, alle Werte sind daher nur Näherungen.'
        : 'Note: the transcript has no speaker labels; its lines were assigned to two speakers in turn, so all figures are approximate.',
    );
  } else if (notes.includes('single_speaker_assumed')) {
    parts.push(
      lang === 'de'
        ? 'Hinweis: Das Transkript hat keine Sprecherangaben und wurde als Text einer einzigen Person ausgewertet; Redeanteil und Einwände lassen sich so nicht messen.'
        : 'Note: the transcript has no speaker labels and was analysed as one person speaking; talk share and objections cannot be measured that way.',
    );
  } else if (notes.includes('single_speaker')) {
    parts.push(
      lang === 'de'
        ? 'Hinweis: Im Transkript spricht nur eine Person; Redeanteil, Einwände und Reaktionen der Kundin oder des Kunden lassen sich so nicht messen.'
        : 'Note: only one person speaks in this transcript, so talk share, objections and the customer\'s reactions cannot be measured.',
    );
  }
  if (mixed) {
    parts.push(
      lang === 'de'
        ? 'Das Gespräch wechselt zwischen Deutsch und Englisch; ausgewertet wurde in der überwiegenden Sprache.'
        : 'The call switches between German and English; it was analysed in the language used most.',
    );
  }
  return parts.join(' ');
}
