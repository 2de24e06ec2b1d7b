// Deutsch: was von Natur aus exakt ist (Tage, Daten, Uhrzeiten, Zahlen, Einladungen),
// Rollen in Sprecherangaben, Funktionswörter und Füllwörter. Alles andere lernt RZ aus
// training/utterances.
import type { LanguagePack } from '../types.ts';
import { DE_MESSAGES } from './messages.ts';

const DAY = String.raw`montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|übermorgen|kw\s*\d{1,2}`;
const MONTH = String.raw`januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jan|feb|mär|apr|jun|jul|aug|sep|sept|okt|nov|dez`;
const TIME = String.raw`\d{1,2}(?::\d{2}|\.\d{2})?\s*uhr|um\s+(?:\d{1,2}|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|halb\s+\w+|viertel\s+\w+)\b|\d{1,2}:\d{2}|vormittag|nachmittag`;
const NUMBER_WORDS = 'zwei drei vier fünf sechs sieben acht neun zehn elf zwölf fünfzehn zwanzig dreißig vierzig fünfzig hundert tausend million millionen halb halbe halben dutzend paar';

export const DE: LanguagePack = {
  code: 'de',
  roles: {
    rep: ['agent', 'rep', 'sales', 'verkäufer', 'verkäuferin', 'vertrieb', 'vertriebler', 'vertrieblerin', 'berater', 'beraterin', 'kundenberater', 'kundenberaterin', 'vertriebsmitarbeiter', 'vertriebsmitarbeiterin', 'verkauf', 'außendienst', 'innendienst'],
    customer: ['kunde', 'kundin', 'interessent', 'interessentin', 'käufer', 'käuferin', 'anrufer', 'anruferin', 'gast', 'angerufener', 'angerufene'],
    sellerTeams: ['kunden service', 'kunden support'],
  },
  addressing: { titles: ['herr', 'frau', 'dr', 'prof', 'sprecher', 'sprecherin', 'teilnehmer', 'teilnehmerin', 'unbekannt', 'person'], keepCapital: ['sie', 'ihnen', 'ihr', 'ihre', 'entschuldigung'] },
  stopwords: ('der die das den dem des ein eine einen einem einer und oder aber also ja nein nicht kein keine ich du sie wir ihr es er ' +
    'mich dich uns euch mir dir ihnen ihm ihn mein dein unser euer ihr ist sind war waren bin bist hat haben habe hast wird werden ' +
    'kann können muss müssen soll sollte würde wäre mit von zu zum zur im in an am auf für bei nach vor aus über unter durch um ' +
    'so wie was wer wo wann warum welche welcher dann da das dass wenn weil noch schon mal halt eben eigentlich genau okay ' +
    'gut sehr auch nur doch ja äh ähm hm also irgendwie sozusagen quasi gerade jetzt heute immer ganz viel mehr').split(' '),
  fillers: 'äh ähm hm hmm also ja naja na so und aber okay ok genau gut ach oh eigentlich ehrlich gesagt halt schon puh tja nee nein'.split(' '),
  dateTime: new RegExp(String.raw`(?<![\p{L}])(?:${DAY}|${MONTH})(?![\p{L}])|(?:${TIME})|\b\d{1,2}\.\s?\d{1,2}\.|\b\d{1,2}\.\s?(?:${MONTH})`, 'iu'),
  quantity: new RegExp(String.raw`\d|(?<![\p{L}])(?:${NUMBER_WORDS.split(' ').join('|')})(?![\p{L}])|[€$%]|euro`, 'iu'),
  invite: /(?<![\p{L}])(?:einladung|kalender|termineinladung|teams-link|zoom-link|link zum termin)/iu,
  messages: DE_MESSAGES,
};
