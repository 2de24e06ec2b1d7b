// English: what is exact by nature (days, dates, times, numbers, invitations), speaker roles,
// function words and fillers. Everything else RZ knows of English is learned from
// training/utterances.
import type { LanguagePack } from '../types.ts';
import { EN_MESSAGES } from './messages.ts';

const DAY = String.raw`monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|tomorrow|tonight`;
const MONTH = String.raw`january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec`;
const TIME = String.raw`\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)|\d{1,2}:\d{2}|noon|(?:at|by)\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})\b`;
const NUMBER_WORDS = 'one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred thousand million half dozen couple';

export const EN: LanguagePack = {
  code: 'en',
  roles: {
    rep: ['agent', 'rep', 'sales', 'salesperson', 'seller', 'account', 'ae', 'sdr', 'bdr', 'consultant', 'advisor', 'salesrep', 'host'],
    customer: ['customer', 'client', 'prospect', 'lead', 'buyer', 'caller', 'guest'],
    sellerTeams: ['customer success', 'customer service', 'customer support', 'customer care', 'customer experience', 'client success', 'client services', 'client service'],
  },
  addressing: { titles: ['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'madam', 'speaker', 'participant', 'unknown', 'person'], keepCapital: ['i', "i'll", "i'm", "i've", "i'd"] },
  stopwords: ('the a an and or but so to of in on at for with from by as is are was were be been it its this that these those ' +
    'i you we they he she me us them my your our their his her what how why which who when where do does did have has had ' +
    'can could would should will just really very yeah yes no not okay ok um uh like well right sure there here then than ' +
    'about all any some more most also if because get got going go one thing things lot kind sort know think mean').split(' '),
  fillers: 'um uh er ah so well yeah yes okay ok oh like and but honestly basically actually i mean look right you know'.split(' '),
  dateTime: new RegExp(String.raw`\b(?:${DAY}|${MONTH})\b|\b(?:${TIME})|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}/\d{1,2}\b`, 'i'),
  quantity: new RegExp(String.raw`\d|\b(?:${NUMBER_WORDS.split(' ').join('|')})\b|[$€£%]`, 'i'),
  invite: /\b(?:invite|invitation|calendar|teams link|zoom link|meeting link)\b/i,
  messages: EN_MESSAGES,
};
